"""Random play for fuzzing Great War Commander (issue 14): uniform over the legal options, or the
scripted policy on one seat, with a decision cap as the runaway guard. Used by
tests/games/great_war_commander/test_fuzz.py and bench/fuzz_gwc.py, with the checks both make:
plain state, JSON views, a clone taking another option, and a replay of the record that gives the
same log, record and state byte for byte."""

from __future__ import annotations

import json
import random
from typing import Any

import tactica
from tactica.core.game import Game
from tactica.core.rules import is_plain_data

MAX_DECISIONS = 20_000


def play_random(scenario: str, seed: int, checks: bool = False, cap: int = MAX_DECISIONS,
                scripted_seat: int | None = None) -> Game:
    """Play ``scenario`` from ``seed`` to its end; AssertionError on a dead end (no legal option
    before the end) or a runaway game (no end within ``cap`` decisions). ``checks`` checks the
    state every seventh decision; ``scripted_seat`` gives that seat to the scripted policy."""
    from tactica.games.great_war_commander.scripted import POLICY

    g = tactica.new_game("great_war_commander", scenario, seed=seed)
    rng = random.Random(seed)
    for n in range(cap):
        if g.is_terminal():
            assert len(g.returns()) == g.num_players()
            return g
        opts = g.legal_options()
        assert opts, f"dead end at decision {n}: {g.frame_names()}"
        if checks and n % 7 == 0:
            assert is_plain_data(g.state), "state is not plain data"
            json.dumps(g.view(g.current_player()))
            json.dumps(g.view(None))
            g.clone().apply(rng.choice(opts).id)
        seat = g.current_player()
        pick = POLICY.choose(g, seat, rng).id if seat == scripted_seat else rng.choice(opts).id
        g.apply(pick)
    raise AssertionError(f"runaway game: {cap} decisions without an end")


def _bytes(x: Any) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"))


def check_replay(g: Game) -> None:
    """The record replays to the same log, record and state, byte for byte."""
    assert g.record is not None
    again = tactica.replay(g.record.to_dict())
    assert again.log_lines() == g.log_lines(), "the replay's log differs"
    assert again.record is not None and _bytes(again.record.to_dict()) == _bytes(g.record.to_dict()), \
        "the replay's record differs"
    assert _bytes(again.state) == _bytes(g.state), "the replay's state differs"
