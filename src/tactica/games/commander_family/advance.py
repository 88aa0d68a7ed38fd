"""Order O16 Advance: each activated unit may step into one adjacent hex and stop there.

MPs and Move Costs do not count (O16.1); the hex may hold enemy units (a Melee follows at the end
of the Order, O16.4, melee.py); a unit may leave by the enemy edge (O16.2, 7.2.1) and, without a
Weapon, cross a Cliff hexside (O16.2, T83). It may not enter an impassable hex or a Blaze
(T79, T98), enter or leave a Major Bridge except along its road (O16.3, T80.1), or leave by the
left, right or own edge (O16.3). There is no Op Fire against an advancing unit (O16.1); after each
entry both seats get an Action window of kind ``advance_entry`` (Hidden Mines / Hidden Wire, the
inactive seat first). A Mines hex attacks the unit before it leaves and after it enters
(F103.1-2); a unit broken while leaving still goes into the hex chosen.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import open_windows
from .activation import ActivatingOrder, activate, first_choices, has_first_choice
from .board_state import board_of, label_map, neighbours, on_edge, on_enemy_edge, update_objectives
from .citations import cite
from .movement import on_map, push_exit_space
from .orders import OrderDef
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game

    from .base import CommanderRules


NEVER, ALWAYS, UNARMED = 0, 1, 2
"""What the map alone says of an Advance from one hex into the next (:func:`_map_allows`)."""


def advance_ok(g: Game, uid: str, a: str, b: str) -> bool:
    """May ``uid`` Advance from ``a`` into adjacent ``b``?"""
    if b in (g.state.get("blaze") or []):
        return False
    bd = board_of(g)
    assert bd is not None
    rules = rules_of(g)
    ok = _map_allows(rules, bd, a, b)
    if rules.vehicles and not rules.vehicle_may_enter(g, [uid], a, b):  # GWC O23.5.8
        return False
    return ok == ALWAYS or (ok == UNARMED and g.state["units"][uid]["weapon"] is None)


@lru_cache(maxsize=16384)
def _map_allows(rules: CommanderRules, bd: Board, a: str, b: str) -> int:
    """The fixed part of :func:`advance_ok`, worked out once per pair of hexes (speed): NEVER
    (impassable hex, a Major Bridge off its road, an impassable hexside), UNARMED (only across a
    Cliff without a Weapon) or ALWAYS."""
    m = label_map(bd)
    ha, hb = m[a], m[b]
    tb = rules.hex_type(bd, hb)
    if tb.move_impassable:
        return NEVER
    chart = rules.terrain_chart()
    along = any(bd.road(ha, hb, p.id) for p in chart.of_kind("path"))
    if (tb.road_only or rules.hex_type(bd, ha).road_only) and not along:
        return NEVER
    ok = ALWAYS
    for f in bd.hexside(ha, hb):
        e = chart.entries[f]
        if e.move_impassable:
            if f != "cliff":
                return NEVER
            ok = UNARMED
    return ok


def destinations(g: Game, uid: str) -> list[str]:
    u = g.state["units"][uid]
    if not on_map(g, uid):
        return []
    return [n for n in neighbours(g, u["hex"]) if advance_ok(g, uid, u["hex"], n)]


def can_exit(g: Game, uid: str) -> bool:
    u = g.state["units"][uid]
    return (on_map(g, uid) and on_enemy_edge(g, u["hex"], int(u["seat"]))
            and rules_of(g).may_exit(g, uid))


def can_exit_home(g: Game, uid: str) -> bool:
    """GWC O27.2.1: a unit the game lets leave by its own friendly edge (none by default)."""
    u = g.state["units"][uid]
    return (on_map(g, uid) and rules_of(g).may_exit_home(g, uid)
            and on_edge(g, u["hex"], int(u["seat"])))


def can_advance(g: Game, uid: str) -> bool:
    """Exit, or some destination (:func:`destinations`, stopping at the first: speed)."""
    if can_exit(g, uid) or can_exit_home(g, uid):
        return True
    u = g.state["units"][uid]
    return on_map(g, uid) and any(advance_ok(g, uid, u["hex"], n) for n in neighbours(g, u["hex"]))


def _first_choices(g: Game, seat: int) -> list[str]:
    return first_choices(g, seat, can_advance)


def advance_legal(g: Game, seat: int, card: str) -> bool:
    return board_of(g) is not None and has_first_choice(g, seat, can_advance)


def start_advance(g: Game, seat: int, card: str) -> None:
    g.push("advance_order", seat=seat, phase="first", activated=[], leader=None, last=None,
           done=[])


class AdvanceOrder(ActivatingOrder, Step):
    name = "advance_order"

    def actor(self, g: Game, a: Args) -> int | None:
        return None if a.get("pending") else int(a["seat"])

    def run(self, g: Game, a: Args) -> None:
        """Back from the Mine Attack of the hex an advancing unit left (F103.2): it enters the
        hex it was bound for, if it still stands. The unit waits in its own list, ``entering``,
        so that a Squad Deployed meanwhile (CC E52.2: its ids in the frames below become both
        Teams') goes on as both Teams."""
        h = a.pop("pending")
        units = [u for u in a.pop("entering") if on_map(g, u)]
        if units:
            self._enter(g, a, units, h)
        else:
            self._maybe_end(g, a)

    def prompt(self, g: Game, a: Args) -> str:
        return {"first": "Advance: activate a unit",
                "more": "Advance: the Leader may activate units in its Command radius"}.get(
            a["phase"], "Advance: move a unit one hex, or end the Order")

    def options(self, g: Game, a: Args) -> list[Option]:
        ph = a["phase"]
        if ph == "first":
            return [Option(f"activate:{u}", f"Activate {u}", "activate", {"unit": u})
                    for u in _first_choices(g, int(a["seat"]))]
        if ph == "more":
            return self.more_options(g, a, can_advance)
        opts = []
        for u in a["activated"]:
            if u in a["done"] or not on_map(g, u):
                continue
            opts += [Option(f"adv:{u}:{h}", f"{u} advances into {h}", "advance", {"unit": u, "hex": h})
                     for h in destinations(g, u)]
            if can_exit(g, u):
                opts.append(Option(f"exit:{u}", f"{u} exits by the enemy edge", "exit", {"unit": u}))
            if can_exit_home(g, u):
                opts.append(Option(f"home:{u}", f"{u} exits by its friendly edge", "exit", {"unit": u}))
        if a["done"] or not opts:  # O14.4: some activated unit must carry the Order out
            opts.append(Option("end", "End the Advance Order", "end"))
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if self.activation_choice(g, a, option):
            return
        if option.id == "end":
            g.emit(cite(g, "order.advance"),
                   "{nation} ends the Advance Order", nation=nation(g, int(a["seat"])))
            g.pop()
        else:
            u = option.args["unit"]
            a["done"].append(u)
            if option.id.startswith("home:"):
                rules_of(g).exit_home(g, u)  # GWC O27.2.1: a Runner off its friendly edge
                if not g.is_terminal():
                    self._maybe_end(g, a)
                return
            if option.kind == "exit":
                g.emit(cite(g, "advance.exit"), "{unit} advances off the enemy edge", unit=u)
                self._maybe_end(g, a)
                push_exit_space(g, u)
                return
            if rules_of(g).push_mine_attack(g, g.state["units"][u]["hex"], [u]):
                a["pending"], a["entering"] = option.args["hex"], [u]  # F103.2: the hex left attacks first
                return
            self._enter(g, a, [u], option.args["hex"])

    def _enter(self, g: Game, a: Args, units: list[str], to: str) -> None:
        """``units`` (one unit, or the two Teams of a Squad Deployed on its way) enter ``to``."""
        frm = g.state["units"][units[0]]["hex"]
        for u in units:
            g.state["units"][u]["hex"] = to
            g.emit(cite(g, "advance.enter"), "{unit} advances from {frm} into {dest}", unit=u, frm=frm,
                   dest=to)
        rules_of(g).entered(g, list(units), to)  # GWC T107.1: Gas Suppresses or breaks
        update_objectives(g)
        if g.is_terminal():
            return
        units = [u for u in units if on_map(g, u)]
        if not units:  # eliminated on entering (GWC: broken twice by Gas)
            self._maybe_end(g, a)
            return
        self._maybe_end(g, a)
        open_windows(g, "advance_entry", {"hex": to, "movers": list(units)})
        rules_of(g).push_mine_attack(g, to, list(units))  # F103.2, before the windows
        # the game's checks on entering, before all of these (GWC O16.3: a Tank's Immobilization)
        rules_of(g).after_entry(g, {"group": list(units), "seat": a["seat"], "advance": True}, frm, to)

    def _activated(self, g: Game, a: Args) -> None:
        activate(g, a["activated"])
        g.emit(cite(g, "order.activate"),
               "{nation} activates {units} to Advance", nation=nation(g, int(a["seat"])),
               units=", ".join(a["activated"]))
        a["phase"] = "units"

    def _maybe_end(self, g: Game, a: Args) -> None:
        """Pop the Order once no activated unit is left to advance."""
        if not any(u not in a["done"] and can_advance(g, u) for u in a["activated"]):
            g.emit(cite(g, "order.advance"), "Every activated unit has advanced: the Order is complete")
            g.pop()


def register(rules: Any) -> None:
    """Add the Advance Order (O16). Melee in the hexes entered comes from melee.register."""
    rules.add_step(AdvanceOrder())
    rules.orders["Advance"] = OrderDef("Advance", rules.rule_numbers["order.advance"], implemented=True,
                                       legal=advance_legal,
                                       start=start_advance)
