"""The digest's worked examples of the core rules GWC plays through the Commander family, with
this book's numbers in the log: E24 Rally Roll (O25.3), E25 Rout Roll (O26.2)."""

from __future__ import annotations

from typing import Any

import pytest

from tactica.core.game import Game
from tactica.games.commander_family.state import side
from tactica.games.commander_family.stats import morale
from tactica.games.great_war_commander import RULES

from .gwc_helpers import clear_map, log_rules, new, put, to_first_turn


def card_with(g: Game, seat: int, total: int, used: set[str]) -> str:
    """A card of ``seat``'s deck with this dice total and no trigger."""
    sd = side(g.state, seat)
    for pile in (sd["deck"]["draw"], sd["deck"]["discard"], sd["hand"]):
        for c in pile:
            cd = RULES.card(c)
            if c not in used and cd.total == total and cd.trigger is None:
                return c
    raise AssertionError(total)


def on_top(g: Game, seat: int, cards: list[str]) -> None:
    """Put ``cards`` on top of the draw pile, the first drawn first."""
    sd = side(g.state, seat)
    for c in cards:
        for pile in (sd["deck"]["draw"], sd["deck"]["discard"], sd["hand"]):
            if c in pile:
                pile.remove(c)
    sd["deck"]["draw"].extend(reversed(cards))


def hand_order(g: Game, seat: int, order: str, avoid: set[str]) -> str:
    sd = side(g.state, seat)
    for pile in (sd["hand"], sd["deck"]["draw"], sd["deck"]["discard"]):
        for c in pile:
            if c not in avoid and RULES.card(c).order == order:
                pile.remove(c)
                sd["hand"].append(c)
                return c
    raise AssertionError(order)


def keep_rolls(g: Game) -> None:
    """Answer every re-roll and Action window with 'keep' / 'pass' until another decision."""
    while g.legal_options() and {o.id for o in g.legal_options()} <= {"reroll", "pass", "done"} | {
            o.id for o in g.legal_options() if o.kind in ("action", "sc")}:  # sc: S98.2's +1 window
        g.apply("pass")


def setup_broken(scenario: str = "frontieres_1914") -> tuple[Game, int, str, Any]:
    g = to_first_turn(new(scenario))
    clear_map(g)
    seat = int(g.state["active"])
    fr = side(g.state, seat)["nation"] == "France"
    # a broken Platoon at current Morale 7: the French (broken 7) on plain Open Ground, the German
    # (broken 8) on Open Ground with a Road (Cover -1, T116)
    uid = put(g, seat, "fr-ligne-1914" if fr else "ger-infanterie-1914", "M5" if fr else "H3", broken=True)
    put(g, 1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1" if fr else "A11")
    return g, seat, uid, morale(g, uid)


@pytest.mark.parametrize(("roll", "rallied", "suppressed"),
                         [(5, True, False), (7, False, True), (9, False, False)])
def test_O25_3_E24_rally_roll_against_morale_7(roll: int, rallied: bool, suppressed: bool) -> None:
    g, seat, uid, m = setup_broken()
    assert m.value == 7
    card = hand_order(g, seat, "Recover", set())
    on_top(g, seat, [card_with(g, seat, roll, {card})])
    g.refresh()
    g.apply(f"order:{card}")
    keep_rolls(g)
    u = g.state["units"][uid]
    assert u["broken"] is not rallied and u["suppressed"] is suppressed
    assert "O25.3" in log_rules(g)


@pytest.mark.parametrize(("roll", "retreat", "suppressed"), [(9, 2, False), (7, 0, True), (5, 0, False)])
def test_O26_2_E25_rout_roll_against_morale_7(roll: int, retreat: int, suppressed: bool) -> None:
    g, seat, uid, m = setup_broken()
    assert m.value == 7
    # the Rout is given against the active player's own broken unit; the roll is the giver's
    card = hand_order(g, seat, "Rout", set())
    on_top(g, seat, [card_with(g, seat, roll, {card})])
    g.refresh()
    g.apply(f"order:{card}")
    if any(o.id.startswith("player:") for o in g.legal_options()):
        g.apply(f"player:{seat}")
    keep_rolls(g)
    u = g.state["units"][uid]
    start = "M5" if side(g.state, seat)["nation"] == "France" else "H3"
    if retreat:
        # the owner moves it: two hexes, each closer to his friendly edge (O26.3)
        while g.legal_options() and any(o.kind == "retreat" for o in g.legal_options()):
            g.apply(next(o.id for o in g.legal_options() if o.kind == "retreat"))
        assert u["where"] != "map" or u["hex"] != start
        assert "O26.3" in log_rules(g)
    else:
        assert u["hex"] == start and u["suppressed"] is suppressed
    assert "O26.2" in log_rules(g)
