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


def test_search_overrides_records_where_the_search_overruled_its_policy() -> None:
    """bench/search_overrides.py: every recorded override names a choice other than the
    policy's, and a replay of one option against itself gains exactly nothing."""
    from tactica.api import new_game
    from tactica.games import all_ids

    if "duel" not in all_ids():
        pytest.skip("duel is registered by tests/conftest.py")
    from search_overrides import play, replay

    r = play("duel", "basic", "search:30", "random", 1, 0, k=2)
    assert r["searched"][0] > 0 and r["searched"][1] == 0
    assert r["overrides"][0], "seed 1 has overrides: the checks below must see some"
    for o in r["overrides"][0]:
        assert o["choice"] != o["base"]
        mean, se = o["replay"]
        assert -2.0 <= mean <= 2.0 and se >= 0.0
    g = new_game("duel", "basic", seed=3)
    oid = g.legal_options()[0].id
    assert replay(g, g.current_player(), oid, oid, 3, 5) == (0.0, 0.0)


def test_a_strength_shard_plays_its_seeds_on_the_scenarios_of_the_whole_run() -> None:
    """bench_ai.py: shards (``--seed S --games N``) from any first seed add up to exactly the
    games of one run from seed 1 (a shard once started off the scenario cycle and played its
    seeds on other scenarios)."""
    from bench_ai import strength_jobs

    sc = ["a", "b", "c", "d"]
    whole = strength_jobs("m", sc, "x", "y", 1, 200)
    assert [j[1] for j in whole[:10:2]] == ["a", "b", "c", "d", "a"]
    shards = [strength_jobs("m", sc, "x", "y", s, n) for s, n in ((1, 100), (51, 10), (56, 90))]
    assert sorted(j for sh in shards for j in sh) == sorted(whole)
