"""The search's choices at fixed seeds are pinned: a speed change to the search, its hooks or a
policy must leave them exactly as they were (the strength runs of ``search:<level>:fixed`` taken
on one commit then stand for the next). A small version of ``bench/search_choices.py``: two
searched decisions (choice, iterations, simulated decisions, root visits and values) at one
mid-game position of Combat Commander and one of The Great War.

A deliberate change to what the search, a policy or the rules do changes these hashes: then
check with ``python bench/search_choices.py`` that the change is the intended one and pin the new
values here, saying so in the commit."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[2] / "bench"))

from search_choices import position_hash

PINNED = [
    ("combat_commander", "orchard_meeting", 1, "569d90e2b77af7c6"),
    ("great_war", "ridge_trench", 0, "7c3bebcb676ff6d9"),  # paired_play (SEARCH_SETTINGS)
]


@pytest.mark.parametrize(("game", "scenario", "seed", "expected"), PINNED)
def test_search_choices_at_fixed_seeds_are_unchanged(game: str, scenario: str, seed: int,
                                                     expected: str) -> None:
    assert position_hash(game, scenario, seed, moves=2) == expected
