"""Map Events both Commander games share: a Blaze placed by an Event (with the units caught in
it moved out or eliminated), and a Breeze spreading every Blaze one hex along a compass
direction printed on the card.

A Blaze is impassable, has no Cover and blocks LOS; placing one removes the Smoke and any
Fortification in the hex (CC E46, GWC E60). Units caught in a new Blaze are moved out by their
owners into an adjacent hex they may enter, the inactive player's first; a unit with no such hex
is eliminated. Which hexes a Breeze may set alight differs (CC E48: any non-Water hex; GWC E61:
Buildings and Woods only), so the caller passes that test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tactica.core.hexgrid import neighbor
from tactica.core.options import Option
from tactica.core.rules import Args

from . import event_steps as ev
from .board_state import board_of, label_map, units_in
from .event_steps import ask, continuation, opt, unit_label
from .victory import check_sudden_loss, eliminate

if TYPE_CHECKING:
    from tactica.core.game import Game

COMPASS = {n: n - 1 for n in range(1, 7)}
"""Map compass 1-6 (1 = up, clockwise) onto core directions of a flat-top grid (0 = N ...)."""


def put_blaze(g: Game, label: str, rule: str) -> None:
    """A Blaze into ``label``: the Smoke and any Fortification there are removed."""
    ev.blazes(g).append(label)
    g.emit(rule, "A Blaze is placed in {hex} (T79: impassable, blocks LOS)", hex=label)
    if g.state["smoke"].pop(label, None) is not None:
        g.emit(rule, "The Smoke in {hex} is removed", hex=label)
    fort = g.state.setdefault("fortifications", {}).pop(label, None)
    if fort is not None:
        g.emit(rule, "The {kind} in {hex} burn away", kind=fort.capitalize(), hex=label)


def push_relocation(g: Game, hexes: list[str], rule: str) -> None:
    """Units in the new Blaze hexes leave them: inactive player's units first."""
    first, second = ev.inactive_first(g)
    queue = [u for s in (first, second) for h in hexes for u in units_in(g, h, s)]
    if queue:
        ev.cont(g, first, "relocate", queue=queue, rule=rule, dead=[])


@continuation("relocate")
def _relocate(g: Game, a: Args, o: Option | None) -> None:
    rules: Any = g.rules
    units = g.state["units"]
    while a["queue"]:
        uid = a["queue"][0]
        u = units[uid]
        if u["where"] != "map" or u["hex"] not in ev.blazes(g):
            a["queue"].pop(0)
            continue
        seat = int(u["seat"])
        hexes = [h for h in rules.adjacent_hexes(g, u["hex"]) if ev.can_enter(g, h, seat, figs=-99)]
        if not hexes:
            a["queue"].pop(0)
            g.emit(a["rule"], "{unit} cannot leave the Blaze in {hex}: eliminated", unit=uid, hex=u["hex"])
            eliminate(g, uid, a["rule"], check=False)
            a["dead"].append(uid)
            continue
        ask(g, seat, "relocate_to", f"{unit_label(g, uid)} must leave the Blaze: to which hex?",
            [opt(f"hex:{h}", f"{uid} to {h}", "hex", hex=h, unit=uid) for h in hexes],
            queue=a["queue"], rule=a["rule"], dead=a["dead"])
        return
    if a["dead"]:
        check_sudden_loss(g)


@continuation("relocate_to")
def _relocate_to(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    uid = a["queue"].pop(0)
    g.state["units"][uid]["hex"] = o.args["hex"]
    g.emit(a["rule"], "{unit} moves out of the Blaze to {hex}", unit=uid, hex=o.args["hex"])
    _relocate(g, a, None)


def spread_blaze(g: Game, direction: int, rule: str, may_burn: Callable[[Game, str], bool]) -> list[str]:
    """Each Blaze sets alight the hex next to it towards compass ``direction`` when that hex is
    on the map, not already a Blaze and ``may_burn``; returns the new Blaze hexes (placed; the
    caller moves the units out with :func:`push_relocation`)."""
    b = board_of(g)
    if b is None or not ev.blazes(g):
        ev.no_effect(g, rule, "no Blaze to spread")
        return []
    m = label_map(b)
    spread: list[str] = []
    for h in sorted(ev.blazes(g)):
        n = neighbor(m[h], COMPASS[direction])
        if n not in b.index:
            continue
        lab = b.label(n)
        if lab in ev.blazes(g) or lab in spread or not may_burn(g, lab):
            continue
        spread.append(lab)
    g.emit(rule, "Breeze towards compass {w}: the Blaze spreads to {hexes}", w=direction,
           hexes=", ".join(spread) or "no hex")
    for lab in spread:
        put_blaze(g, lab, rule)
    return spread
