"""Random games with every Event registered (E43-E77) on the built-in scenarios: no crash, no
dead end, plain-data state, and every Event's frames offering options."""

from __future__ import annotations

import pytest
from cc_helpers import play_randomly

from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules


def _rules() -> CombatCommanderRules:
    return CombatCommanderRules()  # every Order, Action and Event is wired in by default


@pytest.mark.parametrize("scenario,seed", [("hill_2_crown", 4), ("orchard_meeting", 5), ("ridge_1941", 6),
                                           ("bridge_at_dawn", 7)])
def test_random_games_with_every_event(scenario: str, seed: int) -> None:
    g = Game.new(_rules(), scenario, seed)
    play_randomly(g, seed)
