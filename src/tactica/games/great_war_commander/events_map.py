"""Great War Commander's map Events: E59 Battlefield Attrition / Breeze, E60 Blaze, E61 Breeze,
E74 Interdiction / Breeze, E89 Sappers and the Trommelfeuer bombardment (E95).

* The Breeze part (E59 step 2-3, E61, E74 step 2-3): every Smoke and Gas marker leaves the map,
  then each Blaze sets alight the adjacent hex in the card's "direction #" (its ``direction``,
  reading R2) if that hex is a Building or Woods hex, not Water and not already a Blaze
  (commander_family/events_map.py spreads it and moves the units out).
* Blaze (E60): from a Random Hex, the nearest Building or Woods hex not yet ablaze (the receiver
  picks among equals) takes a Blaze.
* Trommelfeuer (E95): a Random Hex and two hexes adjacent to it (the receiver's choice): every
  Tank there is eliminated and every Unit and Leader breaks; then each of the three hexes is
  downgraded, no roll (terrain_state.bombard: Rubble, Foxholes or a Shellhole; Water spared).
* Sappers (E89): the receiver may place a Wire marker in, or remove one from, a hex free of enemy
  Formations next to one of his Units in Good Order (placement by the family's rules: no Water,
  Blaze or other Fortification).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family import event_steps as ev
from ..commander_family import fortifications as fam
from ..commander_family.board_state import board_of, units_in
from ..commander_family.event_steps import ask, continuation, no_effect, opt
from ..commander_family.events_cards import casualty_vp
from ..commander_family.events_map import push_relocation, put_blaze, spread_blaze
from ..commander_family.events_units import break_in, interdict
from ..commander_family.state import opponent
from ..commander_family.stats import unit_kind
from ..commander_family.victory import check_sudden_loss, eliminate
from . import terrain_state
from .events_units import good_order, is_unit

if TYPE_CHECKING:
    from tactica.core.game import Game

BURNS = ("building", "woods")
"""E60, E61: the terrain a Blaze takes (Buildings and Woods; Destroyed Woods are not Woods)."""


def burnable(g: Game, label: str) -> bool:
    return not ev.is_water(g, label) and ev.terrain(g, label).id in BURNS


def breeze(g: Game, card: str, rule: str) -> None:
    """Remove every Smoke and Gas marker, then spread the Blazes (E61 steps 1-2)."""
    rules: Any = g.rules
    gone = sorted(g.state["smoke"]) + sorted(g.state.get("gas") or [])
    g.state["smoke"].clear()
    if g.state.get("gas"):
        g.state["gas"].clear()
    g.emit(rule, "Breeze: every Smoke and Gas marker leaves the map ({hexes})",
           hexes=", ".join(gone) or "none")
    spread = spread_blaze(g, int(rules.card(card).direction or 1), rule, burnable)
    push_relocation(g, spread, rule)


def breeze_event(g: Game, seat: int, card: str) -> None:
    breeze(g, card, "E61")


def attrition_breeze(g: Game, seat: int, card: str) -> None:
    casualty_vp(g, seat, "E59", "Battlefield Attrition")
    breeze(g, card, "E59")


def interdiction_breeze(g: Game, seat: int, card: str) -> None:
    interdict(g, seat, "gwc_then_breeze", card=card)


@continuation("gwc_then_breeze")
def _then_breeze(g: Game, a: Args, _: Option | None) -> None:
    breeze(g, a["card"], "E74")


# ---------------------------------------------------------------- E60 Blaze
def blaze(g: Game, seat: int, card: str) -> None:
    ev.random_hex(g, seat, "gwc_blaze", "E60")


@continuation("gwc_blaze")
def _blaze_hex(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    b = board_of(g)
    assert b is not None
    cands = [h for h in b.labels if burnable(g, h) and h not in ev.blazes(g)]
    tied = ev.closest(g, a["hex"], cands)
    if not tied:
        no_effect(g, "E60", "no Building or Woods hex can take a Blaze")
    elif len(tied) == 1:
        _blaze_at(g, tied[0])
    else:
        ask(g, int(a["seat"]), "gwc_blaze_pick", "Blaze: which of the nearest Building or Woods hexes?",
            [opt(f"hex:{h}", f"Blaze in {h}", "hex", hex=h) for h in tied])


def _blaze_at(g: Game, label: str) -> None:
    put_blaze(g, label, "E60")
    push_relocation(g, [label], "E60")


@continuation("gwc_blaze_pick")
def _blaze_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    _blaze_at(g, o.args["hex"])


# ---------------------------------------------------------------- E95 Trommelfeuer
def trommelfeuer(g: Game, seat: int, card: str) -> None:
    ev.random_hex(g, seat, "trommelfeuer", "E95")


@continuation("trommelfeuer")
def _trommel_hex(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    rules: Any = g.rules
    near = sorted(rules.adjacent_hexes(g, a["hex"]))
    pairs = list(combinations(near, 2)) if len(near) >= 2 else [tuple(near)]
    ask(g, int(a["seat"]), "trommelfeuer_pick", f"Trommelfeuer on {a['hex']}: which two adjacent hexes too?",
        [opt(f"hexes:{'+'.join(p)}", f"{a['hex']}, {', '.join(p)}", "hexes", hexes=[a["hex"], *p])
         for p in pairs])


@continuation("trommelfeuer_pick")
def _trommel(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    hexes = list(o.args["hexes"])
    g.emit("E95", "Trommelfeuer falls on {hexes}", hexes=", ".join(hexes))
    for h in hexes:
        for uid in units_in(g, h):
            if unit_kind(g, uid) == "tank":
                eliminate(g, uid, "E95", check=False)
            else:
                break_in(g, uid, "E95")
    for h in hexes:
        terrain_state.bombard(g, h, "E95")
    check_sudden_loss(g)




# ---------------------------------------------------------------- E89 Sappers
def sapper_options(g: Game, seat: int) -> list[list[Any]]:
    """E89: Wire to place or remove in hexes free of enemy Formations next to a friendly Unit in
    Good Order."""
    rules: Any = g.rules
    near: set[str] = set()
    for uid in ev.map_units(g, seat):
        if is_unit(g, uid) and good_order(g, uid):
            near.update(rules.adjacent_hexes(g, g.state["units"][uid]["hex"]))
    out: list[list[Any]] = []
    for h in sorted(near):
        if units_in(g, h, opponent(seat)):
            continue
        if fam.kind_at(g, h) == "wire":
            out.append(opt(f"remove:{h}", f"Remove the Wire in {h}", "remove", hex=h))
        elif fam.refusal(g, h, "wire") is None:
            out.append(opt(f"place:{h}", f"Wire in {h}", "place", hex=h))
    return out


def sappers(g: Game, seat: int, card: str) -> None:
    choices = sapper_options(g, seat)
    if not choices:
        no_effect(g, "E89", f"no hex next to a {ev.who(g, seat)} Unit in Good Order can take or lose Wire")
        return
    ask(g, seat, "gwc_sappers", "Sappers: place or remove a Wire marker?",
        [*choices, opt("none", "Neither", "none")])


@continuation("gwc_sappers")
def _sappers(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "place":
        fam.place(g, o.args["hex"], "wire", "E89")
    elif o.kind == "remove":
        fam.remove(g, o.args["hex"], "E89")
    else:
        g.emit("E89", "Sappers: {nation} places and removes no Wire", nation=ev.who(g, int(a["seat"])))
