"""The Great War as a PettingZoo AEC environment."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

from tactica.interop.encoding import seat_view
from tactica.interop.pettingzoo_env import env, raw_env


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_test_passes():
    api_test(env(game="great_war", scenario="ridge_trench"), num_cycles=300)


def test_a_whole_game_with_masks_observations_and_final_rewards():
    e = raw_env(game="great_war", scenario="iron_tide", obs_dim=512)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in e.possible_agents}
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        assert e.game.current_player() == seat
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(info["option_ids"]) == sorted(int(x) for x in legal)
        assert len(legal) == len(e.game.legal_options())
        assert np.array_equal(obs["observation"], e.encoder.encode(seat_view(e.game, seat)))
        other = e.possible_agents[1 - seat]
        assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(legal)))
        steps += 1
    rets = e.game.returns()
    assert steps > 50 and e.agents == []
    assert [total[a] for a in e.possible_agents] == rets and sum(rets) == 0


def test_reset_seed_makes_games_reproducible_and_illegal_actions_are_refused():
    a, b = raw_env(), raw_env()
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game.state == b.game.state
    obs, *_ = a.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        a.step(bad)
