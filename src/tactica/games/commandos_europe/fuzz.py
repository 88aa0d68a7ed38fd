"""A random commando for fuzzing: uniform over the legal options, except that it never ends the
game and ends a map early only with a given chance, and forfeits rarely, so maps run their six
missions (a uniform player ends most games in turn 1). Used by tests/games/commandos_europe and
bench/fuzz_commandos.py, with the checks both make: plain state, JSON views, a clone that takes
another option, and a replay of the record that gives the same log and state byte for byte."""

from __future__ import annotations

import json
import random

import tactica
from tactica.core.game import Game
from tactica.core.rules import is_plain_data

MAX_DECISIONS = 80_000


def persistent_random(seed: int, scenario: str = "norway", checks: bool = False,
                      end_map: float = 0.0) -> Game:
    """Play ``scenario`` from ``seed`` to its end; AssertionError on a dead end (no legal option
    before the end) or a runaway game. ``checks`` checks the state every fifth decision;
    ``end_map`` is the chance of ending the map when offered (to reach the later maps)."""
    g = tactica.new_game("commandos_europe", scenario, seed=seed)
    rng = random.Random(seed)
    for n in range(MAX_DECISIONS):
        if g.is_terminal():
            return g
        offered = g.legal_options()
        if any(o.id == "end_map" for o in offered) and rng.random() < end_map:
            g.apply("end_map")
            continue
        opts = [o for o in offered if o.id not in ("end_game", "end_map")]
        assert opts, f"dead end: {g.frame_names()}"
        keep = [o.id for o in opts if o.id != "forfeit"]
        pick = "forfeit" if len(keep) < len(opts) and rng.random() < 0.02 else rng.choice(keep)
        if checks and n % 5 == 0:
            assert is_plain_data(g.state)
            json.dumps(g.view(0))
            g.clone().apply(rng.choice(opts).id)
        g.apply(pick)
    raise AssertionError(f"runaway game: {MAX_DECISIONS} decisions")


def check_replay(g: Game) -> None:
    """The record replays to the same log and the same state, byte for byte."""
    assert g.record is not None
    again = tactica.replay(g.record.to_dict())
    assert again.log_lines() == g.log_lines(), "the replay's log differs"
    assert json.dumps(again.state, sort_keys=True) == json.dumps(g.state, sort_keys=True), \
        "the replay's state differs"
