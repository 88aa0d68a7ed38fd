"""Great War Commander's Tanks: movement and Immobilization (O23.5), fire (O21.2, O21.3.2),
Tank Leaders (3.1.6, O14.2.1, O23.5.1), exits (7.2.1.1) and Trenches (F130.2).

* O23.5.2-O23.5.4: a Tank entering a hex of Gully, Marsh or Rubble, Foxholes or a Trench, a hex at
  another level (a crest crossed; not along a Road), or its first Shellhole of the Order (a Trail
  in a printed Shellhole waives it and does not count as the first, T118.2), halts
  there for an Immobilization check before any Op Fire or Mine Attack: the active player rolls;
  above the Tank's bog number it goes on, at or below it the Tank stops and breaks.
* O23.5.3: one check a hex; O23.5.6: none where a friendly Unit stands.
* O23.5.7, F131.4: a Tank entering Wire (Move or Advance) removes it and stops; then the terrain
  decides the check. F130.2: no Trench move (1 MP, no Op Fire) for a group with a Tank.
* O21.3.2: a Tank with a gun and an MG fires both, as two pieces: the unit is its MG (the
  family's stats of a Tank are its MG's) and ``<tank>:gun`` its gun, Ordnance (O21.2); a Tank
  with one armament fires it as the unit. Tanks never join Fire Groups (``loner_kinds``); +2 FP
  for an unbroken Tank's * armament at an adjacent hex. E92: an unbroken Tank's MG suppresses.
* 3.1.6: a Tank Leader activated for a Move or an Advance brings in Tanks within his red Tank
  Command, until his side loses a Tank.
* 7.2.1.1: a Tank exits only once and re-enters along the opponent's edge.

Reached through the family's hooks (``after_entry``, ``vehicle_may_enter``, ``mounted_pieces``
and the other fire hooks, ``vehicle_leader``/``command_reach``, ``after_exit``, ``reinforce``,
``trench_step``). The first Shellhole's +1 MP (O23.5.5) is every group's (terrain_state's
``move_surcharge``, T118).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tactica.core.rules import Args, Step

from ..commander_family import fortifications as fam
from ..commander_family import placement
from ..commander_family.board_state import (
    board_of,
    enemy_edge_hexes,
    hex_distance,
    label_map,
    units_in,
    within,
)
from ..commander_family.fire import MOUNT, piece_hex, piece_unit
from ..commander_family.movement import find_frame
from ..commander_family.state import side
from ..commander_family.stats import stat_value
from ..commander_family.victory import break_unit
from . import fortifications, terrain_state

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules

BOG_FORTS = {"foxholes": "F127.1", "trench": "F130.3"}
"""Fortifications a Tank checks on entering (F127.1, F130.3)."""


def _type(g: Game, uid: str) -> Any:
    rules: Any = g.rules
    return rules.unit_type(g.state["units"][uid]["type"])


def is_tank(g: Game, uid: str) -> bool:
    return g.state["units"][uid]["type"] in terrain_state.tank_types(g.rules)


def bog_number(g: Game, uid: str) -> int | None:
    """3.1.3: the bog number of the Tank's current side."""
    t = _type(g, uid)
    side = t.tank_broken if g.state["units"][uid]["broken"] else t.tank_unbroken
    return None if side is None else side.bog


def immobilization_passes(roll: int, bog: int) -> bool:
    """O23.5.4: the Tank goes on when the roll is above its bog number."""
    return roll > bog


def check_reason(g: Game, tank: str, frm: str, to: str, first_shellhole: bool) -> str | None:
    """Why entering ``to`` from ``frm`` calls for an Immobilization check (the rule), or None."""
    seat = g.state["units"][tank]["seat"]
    if any(_type(g, u).is_unit for u in units_in(g, to, int(seat))):
        return None  # O23.5.6: a friendly Unit guides it
    fort = fam.kind_at(g, to)
    if fort in BOG_FORTS:
        return BOG_FORTS[fort]
    t = terrain_state.current_type(g, to)
    if t.id == "shellhole":  # T118.2: a Trail in a printed Shellhole waives the check
        return "T118" if first_shellhole and not terrain_state.trail_shellhole(g, to) else None
    if t.tanks == "bog_check":
        return t.rule
    b = board_of(g)
    assert b is not None
    m = label_map(b)
    if b.level(m[frm]) != b.level(m[to]) and not b.road(m[frm], m[to]):
        return "T110"
    return None


def after_entry(g: Game, a: Args, frm: str, to: str) -> None:
    """The family's hook after a group entered ``to``: Wire under a Tank goes (F131.4), then the
    Immobilization checks are pushed, on top of the Op Fire and Mine Attack frames."""
    tanks = [u for u in a["group"] if is_tank(g, u)]
    if not tanks:
        return
    if fam.kind_at(g, to) == "wire":
        fam.remove(g, to, "F131.4")
        a["halt"] = True
        a["halt_why"] = "stops: it crushed the Wire (O23.5.7)"
    seen: list[str] = a.setdefault("tank_shellholes", [])
    for tank in tanks:
        first = tank not in seen
        why = check_reason(g, tank, frm, to, first)
        if first and terrain_state.first_once(g, to) == "shellhole":
            seen.append(tank)  # T118.2: a Trail's Shellhole is not the first one (as its MP)
        if why is not None and bog_number(g, tank) is not None:
            g.push("immobilization", seat=int(a["seat"]), tank=tank, hex=to, why=why, phase="roll")


class Immobilization(Step):
    """O23.5.4: the active player's roll against the Tank's bog number."""

    name = "immobilization"

    def run(self, g: Game, a: Args) -> None:
        tank = a["tank"]
        if a["phase"] == "roll":
            a["phase"] = "done"
            g.emit("O23.5.4", "{tank} enters {hex} ({why}): Immobilization check against bog {bog}",
                   tank=tank, hex=a["hex"], why=a["why"], bog=bog_number(g, tank))
            g.push("roll", roller=int(a["seat"]), purpose=f"immobilization of {tank}", store="roll")
            return
        g.pop()
        u = g.state["units"][tank]
        bog = bog_number(g, tank)
        if u["where"] != "map" or bog is None:
            return
        roll = int(a["roll"]["total"])
        if immobilization_passes(roll, bog):
            g.emit("O23.5.4", "Roll {r} above bog {b}: {tank} goes on", r=roll, b=bog, tank=tank)
            return
        g.emit("O23.5.4", "Roll {r} at or below bog {b}: {tank} bogs down", r=roll, b=bog, tank=tank)
        move = find_frame(g, "move_order")
        if move is not None:
            move["halt"] = True
            move["halt_why"] = "stops: bogged down (O23.5.4)"
        break_unit(g, tank, "O23.5.4")


def may_enter(g: Game, uids: list[str], frm: str, to: str) -> bool:
    """O23.5.8 (T102-T124's Tank column): a Tank never enters Destroyed Woods or a Water
    Barrier, a Stream only by a Bridge (the Bridge hex is not a Stream), Woods only along a Road,
    and a Building only along a Road (reading R31: the map data has no building depictions to
    say whether one covers the centre dot)."""
    if not any(is_tank(g, u) for u in uids):
        return True
    t = terrain_state.current_type(g, to)
    if t.tanks in ("never", "bridge_only"):
        return False
    if t.tanks == "road_only" or t.id == "building":
        b = board_of(g)
        assert b is not None
        m = label_map(b)
        return bool(b.road(m[frm], m[to], "road"))
    return True


def attack_defenders(g: Game, a: Args, uids: list[str]) -> list[str]:
    """O21.3.3: a Tank can be attacked only by Weapons, Artillery and other Tanks: a Fire Attack
    with neither a Weapon nor a Tank among its firers leaves the Tanks of the hex alone (Artillery,
    Mines and aircraft pick their defenders themselves)."""
    pieces = list(a.get("pieces") or ())
    heavy = any(p in g.state["weapons"] or is_tank(g, piece_unit(g, p)) for p in pieces)
    if heavy:
        return uids
    out = [u for u in uids if not is_tank(g, u)]
    for u in uids:
        if u not in out:
            g.emit("O21.3.3", "{tank} cannot be attacked without a Weapon or a Tank", tank=u)
    return out


# ---------------------------------------------------------------- Tank fire (O21.2, O21.3.2)
GUN = MOUNT + "gun"
"""The piece id suffix of a two-armament Tank's main gun: ``<tank>:gun``."""


def armaments(g: Game, uid: str) -> tuple[Any, ...]:
    """3.1.1-3.1.2: the armaments printed on the Tank's current side."""
    t = _type(g, uid)
    side_ = t.tank_broken if g.state["units"][uid]["broken"] else t.tank_unbroken
    return () if side_ is None else tuple(side_.armament)


def _gun(g: Game, uid: str) -> Any:
    return next((a for a in armaments(g, uid) if a.ordnance), None)


def mounted_pieces(g: Game, uid: str) -> list[str]:
    """O21.3.2: a Tank with a gun and an MG fires each as its own piece: the unit is its MG (the
    family's stats of a Tank are its MG's), ``<tank>:gun`` its gun. A Tank with one armament
    fires it as the unit."""
    if not is_tank(g, uid):
        return []
    arms = armaments(g, uid)
    return [uid + GUN] if len(arms) > 1 and _gun(g, uid) is not None else []


def armament_ordnance(g: Game, pid: str) -> bool:
    """O21.2: the gun in a white box is Ordnance: a two-armament Tank's gun piece, or the one
    armament of a Tank that has only a gun."""
    if pid.endswith(GUN):
        return True
    if pid not in g.state["units"] or not is_tank(g, pid):
        return False
    arms = armaments(g, pid)
    return len(arms) == 1 and bool(arms[0].ordnance)


def mounted_value(g: Game, pid: str, stat: str) -> int:
    """The gun's FP or Range, live: its printed value with what the Tank's own stats gain or lose
    now (Suppressed -1, Wire -1, Veteran +1: 13, F131.1; no Leader's Command, 3.3.1.7)."""
    uid = pid[: -len(GUN)]
    gun = _gun(g, uid)
    if gun is None:
        return 0
    t = _type(g, uid)
    printed = int(getattr(t.broken if g.state["units"][uid]["broken"] else t.unbroken, stat) or 0)
    return max(0, int(getattr(gun, stat)) + stat_value(g, uid, stat) - printed)


def fire_bonus(g: Game, pieces: list[str], target: str) -> list[tuple[str, int, str]]:
    """O21.3.2, 3.1.1: +2 FP when an unbroken Tank fires an armament marked * (our data's
    ``adjacent_bonus``) at an adjacent hex. Tanks fire alone, so only a one-piece shot asks."""
    if len(pieces) != 1:
        return []
    pid = pieces[0]
    uid = piece_unit(g, pid)
    if not is_tank(g, uid) or g.state["units"][uid]["broken"]:
        return []
    arms = armaments(g, uid)
    if pid.endswith(GUN):
        arm = _gun(g, uid)
    else:
        arm = arms[0] if len(arms) == 1 else next((a for a in arms if not a.ordnance), None)
    if arm is None or not arm.adjacent_bonus or hex_distance(g, piece_hex(g, pid), target) != 1:
        return []
    return [("unbroken Tank firing * at an adjacent hex", 2, "O21.3.2")]


def mg_tanks(g: Game, seat: int) -> list[str]:
    """E92: ``seat``'s Tanks whose machine gun (the non-Ordnance armament, which the unit itself
    fires) functions: the Tank unbroken on the map (reading AE10: "functioning" is unbroken for
    a Tank as for a Weapon)."""
    return sorted(uid for uid, u in g.state["units"].items()
                  if u["seat"] == seat and u["where"] == "map" and u["hex"] is not None
                  and not u["broken"] and is_tank(g, uid) and not armament_ordnance(g, uid))


# ---------------------------------------------------------------- Tank Leaders (3.1.6)
TANK_LEADER_ORDERS = frozenset({"move_order", "advance_order"})
"""O14.2.1, 3.3.1.6: a Tank Leader brings other Tanks into a Move or an Advance only."""


def is_tank_leader(g: Game, uid: str) -> bool:
    """3.1.6: a Tank with a red Tank Command (leads Tanks; never Units or Leaders)."""
    return bool(_type(g, uid).tank_leader)


def tank_command(g: Game, uid: str) -> int:
    """3.1.6: the red Tank Command of the Tank's current side (0 broken or none)."""
    t = _type(g, uid)
    side = t.tank_broken if g.state["units"][uid]["broken"] else t.tank_unbroken
    return 0 if side is None else int(side.tank_command or 0)


def tank_lost(g: Game, seat: int) -> bool:
    """3.1.6, O23.5.1: has ``seat`` lost a Tank yet (on its Casualty Track)?"""
    return any(is_tank(g, u) for u in side(g.state, seat)["casualties"])


def leader_reach(g: Game, leader: str, activated: list[str], may: Callable[[Game, str], bool]) -> list[str]:
    """O23.5.1, O14.2.1: what a Tank Leader activated for a Move or an Advance (not an
    Offensive, whose line is its own) may bring in: friendly Tanks, not other Tank Leaders,
    within his Tank Command radius (reading R36: the printed red Command is the radius), as long
    as his side has lost no Tank. A Tank that is no Tank Leader brings in nobody."""
    u = g.state["units"][leader]
    seat = int(u["seat"])
    stack = g.state.get("stack")  # none in a policy's view of the state: no Order under way
    top = stack[-1] if stack else {"step": None, "args": {}}
    if (not is_tank_leader(g, leader) or top["step"] not in TANK_LEADER_ORDERS
            or top["args"].get("offensive") or tank_lost(g, seat)):
        return []
    near = set(within(g, u["hex"], tank_command(g, leader)))
    return sorted(x for x, v in g.state["units"].items()
                  if x != leader and x not in activated and v["seat"] == seat and v["where"] == "map"
                  and v["hex"] in near and is_tank(g, x) and not is_tank_leader(g, x) and may(g, x))


# ---------------------------------------------------------------- F130.2 Trench moves
def trench_step(g: Game, frm: str, to: str) -> bool:
    """F130.2: the Trench move (1 MP, no Op Fire in the hex entered) is for non-Tank Formations:
    never for a moving group holding a Tank (the family asks without the movers: the group is the
    Move frame's). The Fortifications' own test first: most steps are not along a Trench (speed)."""
    if not fortifications.trench_step(g, frm, to):
        return False
    for f in reversed(g.state.get("stack") or ()):  # none in a policy's view of the state
        if f["step"] == "move_order":
            group = f["args"].get("group")
            if group:
                kinds, units = terrain_state.tank_types(g.rules), g.state["units"]
                if any(units[u]["type"] in kinds for u in group):
                    return False
            break
    return True


# ---------------------------------------------------------------- 7.2.1.1 exit once
def after_exit(g: Game, uid: str) -> None:
    """7.2.1.1: a Tank that exits is marked: it comes back on the opponent's edge (6.1.2 step 5)
    and may never exit again."""
    if is_tank(g, uid):
        g.state["units"][uid]["reentry"] = True
        g.emit("7.2.1.1", "{tank} will re-enter along the opponent's edge and can never exit again",
               tank=uid)


def may_exit(g: Game, uid: str) -> bool:
    """7.2.1.1: each Tank exits the map only once."""
    return not g.state["units"][uid].get("reentry")


def reinforce(g: Game, seat: int, units: list[str]) -> None:
    """6.1.2 step 5: reinforcements on the friendly edge, a re-entering Tank (7.2.1.1) along the
    opponent's edge."""
    back = [u for u in units if g.state["units"][u].get("reentry")]
    rest = [u for u in units if u not in back]
    if back:
        placement.reinforce(g, seat, back, enemy_edge_hexes(g, seat),
                            "re-entering Tank on the opponent's edge (7.2.1.1)")
    if rest:
        placement.reinforce(g, seat, rest)


def register(rules: GreatWarCommanderRules) -> None:
    """The Immobilization check's frame."""
    if "immobilization" not in rules.steps:
        rules.add_step(Immobilization())
