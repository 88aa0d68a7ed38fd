"""Random games with every Event registered (E43-E77) on the built-in scenarios: no crash, no
dead end, plain-data state, and every Event's frames offering options."""

from __future__ import annotations

import pytest
from cc_helpers import play_randomly

from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander.events_all import register


def _rules() -> CombatCommanderRules:
    r = CombatCommanderRules()
    register(r)
    try:  # the movement/melee/rout/recover stage, when present
        from stage3_helpers import stage3_rules
    except ImportError:  # pragma: no cover
        return r
    return stage3_rules(r)


@pytest.mark.parametrize("scenario,seed", [("hill_2_crown", 4), ("orchard_meeting", 5), ("ridge_1941", 6),
                                           ("bridge_at_dawn", 7)])
def test_random_games_with_every_event(scenario: str, seed: int) -> None:
    g = Game.new(_rules(), scenario, seed)
    play_randomly(g, seed)
