"""Order O23 Rout and Retreat (O23.3).

The active player activates a player — himself or his opponent — who has a broken unit in play
and has not been activated for a Recover or Rout this Turn (O23.1; see recover.py for where that
is kept). He then makes a Rout Roll for each of that player's units broken when the Order was
given, in the order he picks (O23.2), against the unit's current Morale: below it, nothing;
equal, Suppressed if not already; above, the unit Retreats by the difference.

Retreat (O23.3): the owner moves his unit, one hex at a time, each hex strictly closer (in hexes)
to his own board edge than the one it leaves. Move Costs do not count, no Op Fire is allowed, Wire
does not stop it. A unit already on its edge row retreats off the map and is eliminated (7.2.2);
so is a unit with no closer hex it may enter — every closer hex enemy-occupied, impassable, a
Blaze, or across a Cliff (O23.3.5). A Mines hex attacks the unit as it leaves (the unit then
goes on into the hex chosen) and as it enters (O23.3.4, F103.2).

As for the Rally Roll, the Morale is read just before the roll, so a unit rallied by an Event
of its own Rout Roll still retreats by the locked difference (1.9.1 example).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tactica.core.hexgrid import distance
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .board_state import board_of, label_map, neighbours, units_in, update_objectives
from .citations import cite
from .movement import on_map
from .orders import OrderDef
from .recover import BrokenUnitRolls, activate_player, broken_units, player_activated
from .state import opponent
from .victory import eliminate, nation

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game


@lru_cache(maxsize=32)
def _edge_distance(board: Board, edge: str) -> dict[str, int]:
    """hex label -> hexes between it and the edge (0 on the edge row)."""
    row = board.edges[edge]
    return {board.label(h): min(distance(h, e) for e in row) for h in board.hexes}


def edge_distance(g: Game, seat: int, label: str) -> int:
    b = board_of(g)
    edges = g.state.get("edges")
    assert b is not None and edges
    return _edge_distance(b, edges[seat])[label]


def retreat_ok(g: Game, seat: int, a: str, b: str) -> bool:
    """May a unit of ``seat`` Retreat from ``a`` into adjacent ``b`` (terrain and enemies only)?"""
    if units_in(g, b, opponent(seat)) or b in (g.state.get("blaze") or []):
        return False
    bd = board_of(g)
    assert bd is not None
    m = label_map(bd)
    rules = rules_of(g)
    tb = rules.hex_type(bd, m[b])
    if tb.move_impassable:
        return False
    chart = rules.terrain_chart()
    along = any(bd.road(m[a], m[b], p.id) for p in chart.of_kind("path"))
    if (tb.road_only or rules.hex_type(bd, m[a]).road_only) and not along:
        return False
    return not any(chart.entries[f].move_impassable for f in bd.hexside(m[a], m[b]))


def retreat_hexes(g: Game, uid: str) -> list[str]:
    u = g.state["units"][uid]
    seat, here = int(u["seat"]), u["hex"]
    d = edge_distance(g, seat, here)
    return [n for n in neighbours(g, here)
            if edge_distance(g, seat, n) < d and retreat_ok(g, seat, here, n)]


def routed_units(g: Game, seat: int) -> list[str]:
    """The seat's broken units a Rout rolls for (the game's ``routable``: GWC O26.5 never Tanks)."""
    rules = rules_of(g)
    return [u for u in broken_units(g, seat) if rules.routable(g, u)]


def _targets(g: Game, seat: int) -> list[int]:
    return [p for p in (opponent(seat), seat) if not player_activated(g, p) and routed_units(g, p)]


def rout_legal(g: Game, seat: int, card: str) -> bool:
    return board_of(g) is not None and bool(g.state.get("edges")) and bool(_targets(g, seat))


def start_rout(g: Game, seat: int, card: str) -> None:
    g.push("rout_order", seat=seat, target=None, left=[], unit=None, morale=0)


class RoutOrder(BrokenUnitRolls):
    name = "rout_order"
    purpose = "rout"

    def actor(self, g: Game, a: Args) -> int | None:
        if a["target"] is None or (a["unit"] is None and len(self._left(g, a)) > 1):
            return int(a["seat"])
        return None

    def prompt(self, g: Game, a: Args) -> str:
        if a["target"] is None:
            return "Rout: which player is activated?"
        return "Rout: which broken unit is rolled for next?"

    def options(self, g: Game, a: Args) -> list[Option]:
        if a["target"] is None:
            return [Option(f"player:{p}", f"Activate {nation(g, p)}", "player", {"seat": p})
                    for p in _targets(g, int(a["seat"]))]
        return [Option(f"rout:{u}", f"Rout Roll for {u}", "rout", {"unit": u}) for u in self._left(g, a)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if a["target"] is None:
            p = int(option.args["seat"])
            activate_player(g, p)
            a["target"] = p
            a["left"] = routed_units(g, p)
            g.emit(cite(g, "rout.activate"), "{nation} activates {target} for the Rout: {units}",
                   nation=nation(g, int(a["seat"])), target=nation(g, p), units=", ".join(a["left"]))
            return
        self._roll(g, a, option.args["unit"])

    def _resolve(self, g: Game, a: Args, uid: str, m: int, r: int) -> None:
        u = g.state["units"][uid]
        if not on_map(g, uid):
            g.emit(cite(g, "rout.roll"), "{unit} has left play: the roll has no effect", unit=uid)
        elif r < m:
            g.emit(cite(g, "rout.roll"), "Rout Roll {r} below Morale {m}: {unit} holds", r=r, m=m, unit=uid)
        elif r == m:
            g.emit(cite(g, "rout.roll"), "Rout Roll {r} equals Morale {m}: {unit} {what}", r=r, m=m, unit=uid,
                   what="is already Suppressed" if u["suppressed"] else "is Suppressed")
            u["suppressed"] = True
        else:
            g.emit(cite(g, "rout.roll"),
                   "Rout Roll {r} above Morale {m}: {unit} retreats {n} hex(es)", r=r, m=m,
                   unit=uid, n=r - m)
            push_retreat(g, uid, r - m)


def push_retreat(g: Game, uid: str, hexes: int) -> None:
    g.push("retreat", unit=uid, seat=int(g.state["units"][uid]["seat"]), left=hexes)


class Retreat(Step):
    """O23.3: the owner retreats his unit ``left`` more hexes."""

    name = "retreat"

    def actor(self, g: Game, a: Args) -> int | None:
        uid = a["unit"]
        if a.get("pending") is not None:
            return None  # back from the Mine Attack of the hex being left (O23.3.4)
        if a["left"] <= 0 or not on_map(g, uid) or len(retreat_hexes(g, uid)) < 2:
            return None
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return f"Retreat {a['unit']} ({a['left']} hex(es) to go): into which hex?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"to:{h}", f"Retreat into {h}", "retreat", {"hex": h})
                for h in retreat_hexes(g, a["unit"])]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        self._step(g, a, option.args["hex"])

    def run(self, g: Game, a: Args) -> None:
        uid = a["unit"]
        if a.get("pending") is not None:
            if on_map(g, uid):
                self._step(g, a, a["pending"])
            else:
                g.pop()
            return
        if a["left"] <= 0 or not on_map(g, uid):
            g.pop()
            return
        seat = int(a["seat"])
        here = g.state["units"][uid]["hex"]
        if edge_distance(g, seat, here) == 0:
            g.pop()
            g.emit(cite(g, "rout.retreat"), "{unit} retreats off its own edge", unit=uid)
            eliminate(g, uid, "7.2.2")
            return
        cands = retreat_hexes(g, uid)
        if not cands:
            g.pop()
            g.emit(cite(g, "rout.no_retreat"),
                   "{unit} has no hex to retreat into (enemy, impassable or Cliff)", unit=uid)
            eliminate(g, uid, cite(g, "rout.no_retreat"))
            return
        self._step(g, a, cands[0])

    def _step(self, g: Game, a: Args, to: str) -> None:
        uid = a["unit"]
        frm = g.state["units"][uid]["hex"]
        mines = cite(g, "rout.mines")
        if a.get("pending") is None and rules_of(g).push_mine_attack(g, frm, [uid], rule=mines):
            a["pending"] = to  # O23.3.4: the Mines of the hex left attack first; then into ``to``
            return
        a["pending"] = None
        g.state["units"][uid]["hex"] = to
        a["left"] -= 1
        g.emit(cite(g, "rout.retreat"), "{unit} retreats from {frm} into {dest}", unit=uid, frm=frm, dest=to)
        update_objectives(g)
        rules_of(g).push_mine_attack(g, to, [uid], rule=cite(g, "rout.mines"))  # and those of the hex entered


def register(rules: Any) -> None:
    """Add the Rout Order (O23) and Retreat. Uses recover.py's per-Turn player activation."""
    rules.add_step(RoutOrder())
    rules.add_step(Retreat())
    rules.orders["Rout"] = OrderDef("Rout", rules.rule_numbers["order.rout"], implemented=True,
                                    legal=rout_legal, start=start_rout)
