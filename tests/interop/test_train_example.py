"""The training example: its policy update moves probability the right way, and a short run
trains through the PettingZoo environment to a curve."""

import numpy as np

from tactica.core.options import Option
from tactica.interop.train_example import OptionPolicy, option_features, train


def test_a_positive_advantage_makes_the_choice_more_likely_and_a_negative_one_less():
    pol = OptionPolicy(num_actions=10, dim=64, lr=0.5, rng=np.random.default_rng(0))
    opts = [Option("fire:a1:c1", kind="fire", args={"dice": 3}), Option("done", kind="done")]
    feats = np.array([option_features("battle_phase", o, 64, o.id == "done") for o in opts])
    legal = np.array([3, 7])
    p0 = pol.probs(feats, legal)
    assert np.allclose(p0, [0.5, 0.5])
    pol.update([(feats, legal, 0, p0)], np.array([1.0]))
    p1 = pol.probs(feats, legal)
    assert p1[0] > 0.5
    pol.update([(feats, legal, 0, p1)], np.array([-3.0]))
    assert pol.probs(feats, legal)[0] < p1[0]


def test_a_short_run_plays_whole_games_against_the_scripted_agent():
    curve = train(games=4, block=2, dim=32, lr=0.1, seed=3)
    assert [c["games"] for c in curve] == [2, 4]
    for c in curve:
        assert 0.0 <= c["win_rate"] <= 1.0 and c["ci95"][0] <= c["win_rate"] <= c["ci95"][1]
        assert -20 < c["margin"] < 20
