"""Live unit and Weapon stats, each with the list of what made it (for the log, UI and tests).

A stat is the printed value of the counter's current side (3.1, 3.2) adjusted by:

* the Command of every friendly Leader in the same hex, for Squads and Teams only (3.3.1.2),
  and for the FP/Range of a non-Ordnance Weapon carried by a non-Leader (3.3.1.3);
* Veteran +1 / Suppressed -1 on FP, Range, Movement and Morale (E44.1, 13.2; never Command);
* the carried Weapon's red Movement modifier (11.1);
* Wire in the unit's hex: -1 FP, Range and Morale (F106.1; never Movement or Command);
* for Morale, the one Cover instance that applies (T78.3): the hex's terrain (with the Road's -1,
  T93) or, against a Fire Attack that crossed a Wall/Hedge hexside of the hex, that hexside's
  alternate Cover when it is better (T87, T97; not against Mortars), or the hex's Fortification
  (F101-F105, fortifications.py; higher against Mortars and Artillery). Flamethrowers and Molotovs
  force Cover 0 (11.6). The owner always takes the best instance (higher Morale only helps).

Stats are computed on demand from the state, never stored: a Leader leaving a hex changes its
neighbours' stats at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .access import rules_of
from .board_state import board_of, label_map, on_path, reading_of, units_in
from .citations import cite

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game
    from tactica.core.hexgrid import Hex

    from .base import CommanderRules

UNIT_STATS = ("fp", "range", "movement", "morale", "command")


@dataclass(frozen=True, slots=True)
class Stat:
    value: int
    parts: tuple[tuple[str, int, str], ...]  # (what, amount, rule)

    def explain(self) -> str:
        return " ".join(f"{'' if i == 0 else ('+' if n >= 0 else '')}{n} {what}"
                        for i, (what, n, _) in enumerate(self.parts)) + f" = {self.value}"


def _side(g: Game, uid: str) -> Any:
    rules = rules_of(g)
    u = g.state["units"][uid]
    t = rules.unit_type(u["type"])
    return t.broken if u["broken"] else t.unbroken


def unit_kind(g: Game, uid: str) -> str:
    rules = rules_of(g)
    kind: str = rules.unit_type(g.state["units"][uid]["type"]).type
    return kind


def command_of(g: Game, uid: str) -> int:
    """A Leader's Command from its current side (a broken Leader's is 0, O20.3.4); 0 otherwise."""
    return int(_side(g, uid).command or 0)


def leaders_with(g: Game, uid: str) -> list[str]:
    """Friendly Leaders in the hex of ``uid`` (not ``uid`` itself)."""
    u = g.state["units"][uid]
    if u["where"] != "map" or u["hex"] is None:
        return []
    return [x for x in units_in(g, u["hex"], int(u["seat"]))
            if x != uid and unit_kind(g, x) == "leader"]


def unit_stat(g: Game, uid: str, stat: str) -> Stat:
    """FP, Range, Movement, Morale (without Cover) or Command of a unit, now."""
    r = reading_of(g)
    if r is None:
        return _unit_stat(g, uid, stat)
    key = ("unit_stat", uid, stat)
    st: Stat | None = r.memo.get(key)
    if st is None:
        st = r.memo[key] = _unit_stat(g, uid, stat)
    return st


def stat_value(g: Game, uid: str, stat: str) -> int:
    """``unit_stat(g, uid, stat).value`` without the list of parts (speed: the legality of
    Orders and shots asks for the values of every unit, the log only for a few explanations)."""
    r = reading_of(g)
    if r is None:
        return _stat_value(g, uid, stat)
    known = r.values.get(stat)
    if known is None:
        known = r.values[stat] = {}
    v = known.get(uid)
    if v is None:
        v = known[uid] = _stat_value(g, uid, stat)
    return v


def _stat_value(g: Game, uid: str, stat: str) -> int:
    """The value :func:`_unit_stat` adds up, from the same terms in the same cases."""
    rules = rules_of(g)
    u = g.state["units"][uid]
    t = rules.unit_type(u["type"])
    value = int(getattr(t.broken if u["broken"] else t.unbroken, stat) or 0)
    if stat != "command":
        if t.type != "leader" and u["where"] == "map" and u["hex"] is not None:
            if rules.cumulative_command:
                value += leader_command(g, u["hex"], int(u["seat"]))  # uid is no Leader itself
            else:  # the game's own choice of Leaders, as _unit_stat asks it (GWC 3.3.1.5)
                value += sum(command_of(g, ldr) for ldr in rules.commanders(g, uid))
        if u["veteran"]:
            value += 1
        if u["suppressed"]:
            value -= 1
        if stat != "movement" and u["where"] == "map" and rules.in_wire(g, u["hex"]):
            value -= 1
        if stat == "movement" and u["weapon"] is not None:
            value += int(rules.weapon_type(g.state["weapons"][u["weapon"]]["type"]).movement)
    for _, n, _ in rules.stat_parts(g, uid, stat):  # the game's own terms (GWC S98.5.9)
        value += n
    if stat in ("fp", "range", "movement") and value < 0:
        value = 0
    return value


def weapon_value(g: Game, wid: str, stat: str) -> int:
    """``weapon_stat(g, wid, stat).value`` without the list of parts (speed)."""
    rules = rules_of(g)
    w = g.state["weapons"][wid]
    wt = rules.weapon_type(w["type"])
    value = int(getattr(wt, stat))
    carrier = w["carrier"]
    if carrier is not None and not wt.ordnance:
        c = g.state["units"][carrier]
        if (c["where"] == "map" and c["hex"] is not None
                and rules.unit_type(c["type"]).type != "leader"):
            value += leader_command(g, c["hex"], int(c["seat"]))  # the carrier is no Leader
    return value


def leader_command(g: Game, label: str, seat: int) -> int:
    """The Command of ``seat``'s Leaders in hex ``label`` added up (3.3.1.2): what a non-Leader
    there gains, worked out once per hex and seat in a read scope from the scope's units by hex
    (speed: a pass over the few units of the hex, not over every unit)."""
    r = reading_of(g)
    if r is None:
        return _leader_command(g, label, seat)
    known = r.commands.get(seat)
    if known is None:
        known = r.commands[seat] = {}
    v = known.get(label)
    if v is None:
        v = 0
        here = r.by_hex().get(label)
        if here:
            types = _leader_types(rules_of(g))
            units = g.state["units"]
            for uid in here:
                u = units[uid]
                if u["seat"] == seat:
                    cmd = types.get(u["type"], _UNKNOWN)
                    if cmd is _UNKNOWN:
                        cmd = _leader_type(rules_of(g), u["type"])
                    if cmd is not None:
                        v += cmd[1 if u["broken"] else 0]  # command_of
        known[label] = v
    return v


_UNKNOWN = (-1, -1)


def _leader_types(rules: Any) -> dict[str, tuple[int, int] | None]:
    """Per rules object: unit type id -> its (unbroken, broken) Command if it is a Leader, else
    None (a type never changes)."""
    types: dict[str, tuple[int, int] | None] | None = rules.derived.get("leader_types")
    if types is None:
        types = rules.derived["leader_types"] = {}
    return types


def _leader_type(rules: Any, tid: str) -> tuple[int, int] | None:
    t = rules.unit_type(tid)
    cmd = ((int(t.unbroken.command or 0), int(t.broken.command or 0))
           if t.type == "leader" else None)
    _leader_types(rules)[tid] = cmd
    return cmd


def _leader_command(g: Game, label: str, seat: int) -> int:
    rules = rules_of(g)
    units = g.state["units"]
    return sum(command_of(g, x) for x in units_in(g, label, seat)
               if rules.unit_type(units[x]["type"]).type == "leader")


def _unit_stat(g: Game, uid: str, stat: str) -> Stat:
    rules = rules_of(g)
    u = g.state["units"][uid]
    t = rules.unit_type(u["type"])  # looked up once here, not by _side and unit_kind (speed)
    side = t.broken if u["broken"] else t.unbroken
    parts: list[tuple[str, int, str]] = [
        ("printed (broken)" if u["broken"] else "printed (unbroken)", int(getattr(side, stat) or 0), "3.1")]
    if stat != "command":
        if t.type != "leader":
            for ldr in rules.commanders(g, uid):
                c = command_of(g, ldr)
                if c:
                    parts.append((f"Command of {ldr}", c, cite(g, "stat.unit_command")))
        if u["veteran"]:
            parts.append(("Veteran", 1, cite(g, "stat.veteran")))
        if u["suppressed"]:
            parts.append(("Suppressed", -1, "13.2"))
        if stat != "movement" and u["where"] == "map" and rules.in_wire(g, u["hex"]):
            parts.append(("in Wire", -1, cite(g, "stat.wire")))
        if stat == "movement" and u["weapon"] is not None:
            mod = int(rules.weapon_type(g.state["weapons"][u["weapon"]]["type"]).movement)
            if mod:
                parts.append((f"carries {u['weapon']}", mod, "11.1"))
    parts.extend(rules.stat_parts(g, uid, stat))  # the game's own terms (GWC S98.5.9)
    value = sum(n for _, n, _ in parts)
    if stat in ("fp", "range", "movement"):
        value = max(0, value)
    return Stat(value, tuple(parts))


def weapon_stat(g: Game, wid: str, stat: str) -> Stat:
    """FP or Range of a Weapon: printed, plus the Command of Leaders in its non-Leader carrier's
    hex unless it is Ordnance (3.3.1.3)."""
    rules = rules_of(g)
    w = g.state["weapons"][wid]
    wt = rules.weapon_type(w["type"])
    parts: list[tuple[str, int, str]] = [("printed", int(getattr(wt, stat)), "11")]
    carrier = w["carrier"]
    if carrier is not None and not wt.ordnance and unit_kind(g, carrier) != "leader":
        for ldr in rules.commanders(g, carrier):
            c = command_of(g, ldr)
            if c:
                parts.append((f"Command of {ldr}", c, cite(g, "stat.weapon_command")))
    return Stat(sum(n for _, n, _ in parts), tuple(parts))


# ---------------------------------------------------------------- Cover (T78.3)
def terrain_cover(g: Game, label: str | None) -> tuple[int, str]:
    """The hex's own Cover (governing type, Road -1) and how it was found; in a game whose
    markers change a hex's terrain (GWC's Shellhole and Rubble), the marker's Cover."""
    b = board_of(g)
    if b is None or label is None:
        return 0, "no map"
    rules = rules_of(g)
    if rules.terrain_markers:
        found = rules.marker_cover(g, label)
        if found is not None:
            return found
    return _terrain_cover(rules, b, label)


@lru_cache(maxsize=8192)
def _terrain_cover(rules: CommanderRules, b: Board, label: str) -> tuple[int, str]:
    """:func:`terrain_cover` on a map: the map fixes it, so worked out once per hex (speed)."""
    return rules.hex_cover(b, label_map(b)[label])


def chart_cover(rules: CommanderRules, b: Board, h: Hex) -> tuple[int, str]:
    """The governing type's Cover plus the Road's modifier wherever a road runs (CC T93)."""
    t = rules.hex_type(b, h)
    value = int(t.cover or 0)
    why = f"{t.id} {value:+d}"
    if on_path(b, h, "road"):
        r = rules.terrain_chart().entries["road"].road_cover
        value += r
        why += f", road {r:+d}"
    return value, why


def best_cover(g: Game, label: str | None, crossed: int | None = None,
               forced_zero: bool | str = False, heavy: bool = False) -> tuple[int, str]:
    """The one Cover instance the owner applies (T78.3): the terrain's, the alternate Cover
    ``crossed`` of a Wall/Hedge the attack crossed into the hex, or the hex's Fortification's
    (F101-F105; its higher value when ``heavy``: a Mortar or Artillery attack), whichever is
    best. ``forced_zero``: Cover 0 whatever the hex (a string says why, e.g. a Mine Attack)."""
    if forced_zero:
        return 0, forced_zero if isinstance(forced_zero, str) else "Flamethrower/Molotov: Cover 0 (11.6)"
    value, why = terrain_cover(g, label)
    if crossed is not None and crossed > value:
        value, why = crossed, f"hexside crossed by the attack {crossed:+d} (T87/T97)"
    fort = rules_of(g).fortification_cover(g, label, heavy)
    if fort is not None and fort[0] > value:
        value, why = fort
    return value, why


def morale(g: Game, uid: str, crossed: int | None = None, forced_zero: bool | str = False,
           heavy: bool = False) -> Stat:
    """Morale with the best Cover instance of the unit's hex (T78.3)."""
    base = unit_stat(g, uid, "morale")
    rules = rules_of(g)
    if rules.vehicles and rules.no_cover(g, uid):  # GWC O21.3.7.1: a Tank takes no Cover
        cov, why = 0, "none for a vehicle"
    else:
        cov, why = best_cover(g, g.state["units"][uid]["hex"], crossed, forced_zero, heavy)
    parts = (*base.parts, (f"Cover ({why})", cov, cite(g, "cover.best")))
    return Stat(base.value + cov, parts)
