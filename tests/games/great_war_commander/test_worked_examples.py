"""The digest's worked examples of the core rules GWC plays through the Commander family, with
this book's numbers in the log: E24 Rally Roll (O25.3), E25 Rout Roll (O26.2)."""

from __future__ import annotations

import pytest

from tactica.core.game import Game
from tactica.games.commander_family.state import side
from tactica.games.commander_family.stats import morale
from tactica.games.great_war_commander import RULES

from .gwc_helpers import active, log_rules, position
from .test_core_orders import give_order


def keep_rolls(g: Game) -> None:
    """Answer every re-roll and Action window with 'keep' / 'pass' until another decision."""
    while g.legal_options() and {o.id for o in g.legal_options()} <= {"reroll", "pass", "done"} | {
            o.id for o in g.legal_options() if o.kind in ("action", "sc")}:  # sc: S98.2's +1 window
        g.apply("pass")


def setup_broken(order: str, roll: int, scenario: str = "frontieres_1914") -> tuple[Game, int, str, str]:
    """The active side's broken Platoon at current Morale 7, a card of ``order`` in its hand and
    its next roll forced to total ``roll`` (no trigger). Returns the game, the seat, the Platoon
    and the card."""
    p = position(scenario)
    seat = active(p)
    fr = RULES.all_scenarios()[scenario]["sides"][RULES.seats[seat]]["nation"] == "France"
    # a broken Platoon at current Morale 7: the French (broken 7) on plain Open Ground, the German
    # (broken 8) on Open Ground with a Road (Cover -1, T116)
    uid = p.unit(seat, "fr-ligne-1914" if fr else "ger-infanterie-1914", "M5" if fr else "H3", broken=True)
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1" if fr else "A11")
    card = give_order(p, seat, order)
    return p.roll(seat, (roll // 2, roll - roll // 2)).game(seed=1), seat, uid, card


@pytest.mark.parametrize(("roll", "rallied", "suppressed"),
                         [(5, True, False), (7, False, True), (9, False, False)])
def test_O25_3_E24_rally_roll_against_morale_7(roll: int, rallied: bool, suppressed: bool) -> None:
    g, _, uid, card = setup_broken("Recover", roll)
    assert morale(g, uid).value == 7
    g.apply(f"order:{card}")
    keep_rolls(g)
    u = g.state["units"][uid]
    assert u["broken"] is not rallied and u["suppressed"] is suppressed
    assert "O25.3" in log_rules(g)


@pytest.mark.parametrize(("roll", "retreat", "suppressed"), [(9, 2, False), (7, 0, True), (5, 0, False)])
def test_O26_2_E25_rout_roll_against_morale_7(roll: int, retreat: int, suppressed: bool) -> None:
    # the Rout is given against the active player's own broken unit; the roll is the giver's
    g, seat, uid, card = setup_broken("Rout", roll)
    assert morale(g, uid).value == 7
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
