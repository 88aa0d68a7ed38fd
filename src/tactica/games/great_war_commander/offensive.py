"""O24 Offensive: a line of adjacent Formations moves, then those that entered a new hex fire once.

* O24.1 activation: Formations not yet activated this Turn and unbroken, two or more, one of them
  a Leader (not a Tank Leader), each adjacent to another activated one; Command radius plays no
  part. We start the line with the Leader and add Formations one at a time, each in a hex next to
  (or the same as, reading R16) one already in the line, so every set the rule allows is reachable
  and none it forbids.
* O24.2 step 1: the family's Move with the line as its activated Formations (Op Fire, the break on
  a tie for moving Formations); never overstacked at any moment and never back into a hex the
  Formation has occupied during the Order, its start hex included (``may_enter``). Assault Fire
  is not offered (A31 is for Move Orders; the Action's own check).
* O24.2 step 2: one Fire Attack by the Units and Leaders that physically entered a new hex:
  one of those Leaders and the Units in his Command radius, no Weapons, no Tanks. Which of them
  join is ours to simplify (reading R17): every one of them that has the target in Range and
  LOS joins (a larger Fire Group never lowers the FP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.activation import activate, may_activate
from ..commander_family.board_state import neighbours, overlay, units_in, within
from ..commander_family.fire import able, push_fire_attack, reaches
from ..commander_family.movement import find_frame, on_map
from ..commander_family.orders import OrderDef
from ..commander_family.state import opponent
from ..commander_family.stats import command_of
from ..commander_family.victory import nation
from .components import unit_type_of

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules


def _eligible(g: Game, uid: str) -> bool:
    u = g.state["units"][uid]
    return on_map(g, uid) and not u["broken"] and may_activate(g, uid)


def _leader(g: Game, uid: str) -> bool:
    return unit_type_of(g, uid).type == "leader"


def leaders(g: Game, seat: int) -> list[str]:
    """Leaders that may start a line: eligible, with an eligible Formation next to them."""
    out = []
    for uid, u in sorted(g.state["units"].items()):
        if u["seat"] != seat or not _leader(g, uid) or not _eligible(g, uid):
            continue
        if next_to(g, seat, [uid]):
            out.append(uid)
    return out


def next_to(g: Game, seat: int, line: list[str]) -> list[str]:
    """Eligible Formations in or next to a hex of the line, not in it yet."""
    hexes = {g.state["units"][u]["hex"] for u in line}
    near = set(hexes)
    for h in hexes:
        near.update(neighbours(g, h))
    return sorted(uid for uid, u in g.state["units"].items()
                  if u["seat"] == seat and uid not in line and u["hex"] in near and _eligible(g, uid))


def offensive_legal(g: Game, seat: int, card: str) -> bool:
    return bool(leaders(g, seat))


def start_offensive(g: Game, seat: int, card: str) -> None:
    g.push("offensive_order", seat=seat, phase="line", line=[], leader=None)


def may_enter(g: Game, move: Args, label: str) -> bool:
    """O24.2: no overstack at any moment, no hex the Formation has already occupied."""
    if not move.get("offensive"):
        return True
    seat = int(move["seat"])
    group = list(move["group"])
    visited = move["visited"]
    if any(label in visited.get(u, ()) for u in group):
        return False
    rules: Any = g.rules
    return bool(rules.stack_ok(g, [*units_in(g, label, seat), *group]))


def record_entry(g: Game, uids: list[str], label: str) -> None:
    """Keep, in the Offensive's Move frame, the hexes each Formation has occupied."""
    move = find_frame(g, "move_order")
    if move is None or not move.get("offensive"):
        return
    for u in uids:
        move["visited"].setdefault(u, []).append(label)


class OffensiveOrder(Step):
    name = "offensive_order"

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["seat"]) if a["phase"] in ("line", "fire_leader", "target") else None

    def prompt(self, g: Game, a: Args) -> str:
        return {"line": "Offensive: add a Formation to the line, or start",
                "fire_leader": "Offensive: which Leader leads the Fire Attack?",
                "target": "Offensive: the Fire Attack's target"}[a["phase"]]

    # -- the fire step: who may fire
    def _shooters(self, g: Game, a: Args, leader: str) -> list[str]:
        """The Leader and the Units in his Command radius that entered a new hex (no Tanks;
        no Weapons: the Formations alone fire)."""
        units = g.state["units"]
        near = within(g, units[leader]["hex"], command_of(g, leader))
        out = [leader] if leader in a["moved"] and able(g, leader) else []
        for u in a["moved"]:
            if u != leader and on_map(g, u) and units[u]["hex"] in near and unit_type_of(g, u).is_unit \
                    and able(g, u):
                out.append(u)
        return out

    def _targets(self, g: Game, a: Args, leader: str) -> dict[str, list[str]]:
        seat = int(a["seat"])
        ov = overlay(g)
        out: dict[str, list[str]] = {}
        enemy = sorted({u["hex"] for u in g.state["units"].values()
                        if u["seat"] == opponent(seat) and u["where"] == "map" and u["hex"] is not None})
        for h in enemy:
            if units_in(g, h, seat):
                continue  # O21.1: no target in a hex holding both sides
            group = [p for p in self._shooters(g, a, leader) if not units_in(g, g.state["units"][p]["hex"],
                                                                             opponent(seat))
                     and reaches(g, p, h, ov) is not None]
            if group:
                out[h] = group
        return out

    def _fire_leaders(self, g: Game, a: Args) -> list[str]:
        return [u for u in a["line"] if on_map(g, u) and _leader(g, u) and self._targets(g, a, u)]

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        ph = a["phase"]
        if ph == "line":
            if not a["line"]:
                return [Option(f"add:{u}", f"Start the line with {u}", "activate", {"unit": u})
                        for u in leaders(g, seat)]
            opts = [Option(f"add:{u}", f"Add {u} to the line", "activate", {"unit": u})
                    for u in next_to(g, seat, a["line"])]
            if len(a["line"]) >= 2:
                opts.append(Option("done", "The line is complete: move", "done"))
            return opts
        if ph == "fire_leader":
            return [*(Option(f"leader:{u}", f"{u} leads the Fire Attack", "unit", {"unit": u})
                      for u in self._fire_leaders(g, a)), Option("none", "No Fire Attack", "none")]
        targets = self._targets(g, a, a["leader"])
        return [Option(f"target:{h}", f"Fire at {h} with {', '.join(ps)}", "target", {"hex": h})
                for h, ps in targets.items()]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        ph = a["phase"]
        if ph == "line":
            if option.id != "done":
                a["line"].append(option.args["unit"])
                if a["line"][1:] and not next_to(g, seat, a["line"]):
                    self._move(g, a)
                return
            self._move(g, a)
        elif ph == "fire_leader":
            if option.id == "none":
                g.pop()
                return
            a.update(phase="target", leader=option.args["unit"])
        else:
            group = self._targets(g, a, a["leader"])[option.args["hex"]]
            g.pop()
            g.emit("O24.2", "{nation}'s Offensive fires: {units} at {hex}", nation=nation(g, seat),
                   units=", ".join(group), hex=option.args["hex"])
            push_fire_attack(g, seat, group, option.args["hex"])

    def _move(self, g: Game, a: Args) -> None:
        line = list(a["line"])
        activate(g, line)
        g.emit("O24.1", "{nation} activates a line of {n} for an Offensive: {units}",
               nation=nation(g, int(a["seat"])), n=len(line), units=", ".join(line))
        a.update(phase="fire_step", start={u: g.state["units"][u]["hex"] for u in line})
        g.push("move_order", seat=int(a["seat"]), phase="pick", activated=line, leader=None, last=None,
               moved=[], group=[], hex=None, spent={}, road=[], steps=0, crossed=False, op_units=[],
               offensive=True, visited={u: [g.state["units"][u]["hex"]] for u in line})
        from . import strategy_timing

        strategy_timing.red_trousers_window(g, int(a["seat"]), line)  # S98.4.5: before any move

    def run(self, g: Game, a: Args) -> None:
        """After the Movement step: who entered a new hex may fire once (O24.2 step 2). A Team
        detached during the move (E64.2 adds it to the frames' lists, the line too) has no start
        hex: it did not enter a new hex itself, so it does not count as moved."""
        units = g.state["units"]
        start = a["start"]
        a["moved"] = [u for u in a["line"] if on_map(g, u)
                      and units[u]["hex"] != start.get(u, units[u]["hex"])
                      and unit_type_of(g, u).type != "tank"]
        if not self._fire_leaders(g, a):
            g.emit("O24.2", "No Formation of the Offensive can fire")
            g.pop()
            return
        a["phase"] = "fire_leader"


def register(rules: GreatWarCommanderRules) -> None:
    rules.add_step(OffensiveOrder())
    rules.orders["Offensive"] = OrderDef("Offensive", "O24", implemented=True,
                                         legal=offensive_legal, start=start_offensive)
