"""Random games of every rules module and scenario: no crash, no dead end, no runaway game, state
that stays plain data, every offered option applicable, and the same seed giving the same log."""

from __future__ import annotations

import json
import os
import random

import pytest

import tactica
from tactica.core.game import Game
from tactica.core.rules import plain_data_problem
from tactica.games import all_ids, get_rules

GAMES_PER_SCENARIO = int(os.environ.get("TACTICA_FUZZ_GAMES", "3"))
MAX_DECISIONS = 20_000


def cases() -> list[tuple[str, str]]:
    return [(gid, s.id) for gid in all_ids() for s in get_rules(gid).scenarios()]


def play(game: str, scenario: str, seed: int, deep_checks: bool) -> Game:
    g = tactica.new_game(game, scenario, seed=seed)
    rng = random.Random(seed)
    for n in range(MAX_DECISIONS):
        if g.is_terminal():
            return g
        opts = g.legal_options()
        assert opts, f"dead end at decision {n}: {g.frame_names()}"
        if deep_checks and n % 7 == 0:
            assert plain_data_problem(g.state) is None, plain_data_problem(g.state)
            json.dumps(g.view(g.current_player()))
            json.dumps(g.view(None))
            for o in rng.sample(opts, min(4, len(opts))):
                g.clone().apply(o.id)
        g.apply(rng.choice(opts).id)
    raise AssertionError(f"runaway game: {MAX_DECISIONS} decisions without an end")


@pytest.mark.parametrize(("game", "scenario"), cases())
def test_random_games_reach_an_end(game: str, scenario: str) -> None:
    for seed in range(GAMES_PER_SCENARIO):
        g = play(game, scenario, seed, deep_checks=True)
        assert g.is_terminal() and len(g.returns()) == g.num_players()
        json.dumps(g.view(None))


@pytest.mark.parametrize(("game", "scenario"), cases())
def test_same_seed_same_log(game: str, scenario: str) -> None:
    a = play(game, scenario, 1234, deep_checks=False)
    b = play(game, scenario, 1234, deep_checks=False)
    assert a.log_lines() == b.log_lines()
    g = tactica.new_game(game, scenario, seed=1234)
    rng = random.Random(1234)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_options()).id)
    assert g.record is not None
    assert tactica.replay(g.record.to_dict()).log_lines() == g.log_lines() == a.log_lines()
