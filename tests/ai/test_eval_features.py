"""bench/eval_features_cc.py reads the terms of Combat Commander's evaluation itself, to refit
them: they must add up to what ``evaluate`` returns (v = tanh of their sum), or the fit would be
of something else."""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "bench"))

from eval_features_cc import TERMS, features
from tactica.ai import make_agent
from tactica.api import new_game


def test_the_terms_add_up_to_the_evaluation() -> None:
    g = new_game("combat_commander", "orchard_meeting", seed=5)
    agent = make_agent("scripted", 5)
    checked = moved = 0
    for n in range(600):
        if g.is_terminal():
            break
        if n % 50 == 0:
            f = features(g)
            assert math.tanh(sum(f[k] for k in TERMS)) == f["value"]
            moved += any(f[k] != 0 for k in ("vp", "margin", "broken", "weapons"))
            checked += 1
        g.apply(agent.choose(g, g.current_player()))
    assert checked >= 8 and moved >= 2  # positions where the terms are not all at their start
