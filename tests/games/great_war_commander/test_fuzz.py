"""Random-vs-random fuzz of Great War Commander (issue 14): games spread over the four scenarios
end (no crash, no dead end, no runaway) and replay from their record to the same bytes. CI plays
TACTICA_GWC_FUZZ_GAMES (8) games; the issue's 2,000-game run is bench/fuzz_gwc.py (or this test
with TACTICA_GWC_FUZZ_GAMES=2000)."""

from __future__ import annotations

import os

from tactica.games import get_rules
from tactica.games.great_war_commander.fuzz import check_replay, play_random

FUZZ_GAMES = int(os.environ.get("TACTICA_GWC_FUZZ_GAMES", "8"))
SCENARIOS = [s.id for s in get_rules("great_war_commander").scenarios()]


def test_random_games_of_every_scenario_end_and_replay_byte_for_byte() -> None:
    assert len(SCENARIOS) == 4
    for seed in range(FUZZ_GAMES):
        g = play_random(SCENARIOS[seed % 4], seed, checks=seed % 4 == 0)
        assert g.is_terminal() and sorted(g.returns()) in ([-1.0, 1.0], [0.0, 0.0]), g.returns()
        check_replay(g)


def test_scripted_policy_against_random_ends_and_replays() -> None:
    for seed in range(2):
        g = play_random(SCENARIOS[seed * 2 + 1], seed, scripted_seat=seed % 2)
        assert g.is_terminal()
        check_replay(g)
