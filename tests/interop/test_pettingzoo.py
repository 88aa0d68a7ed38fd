"""Every module as a PettingZoo AEC environment and its parallel form, checked by PettingZoo's
own tests (api_test, seed_test, render_test, parallel_api_test, parallel_seed_test) and by the
max_cycles contract."""

import functools

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, render_test, seed_test

from tactica.games import BUILTIN, get_rules
from tactica.interop.encoding import seat_view
from tactica.interop.pettingzoo_env import env, parallel_env, raw_env

SCENARIOS = [(m, s.id) for m in sorted(BUILTIN) for s in get_rules(m).scenarios()]
MODULES = sorted(BUILTIN)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("module", "scenario"), SCENARIOS)
def test_pettingzoo_api_test_passes(module, scenario):
    api_test(env(game=module, scenario=scenario, obs_dim=512), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("module", MODULES)
def test_pettingzoo_seed_and_render_tests_pass(module):
    seed_test(functools.partial(env, game=module, obs_dim=512), num_cycles=100)
    render_test(functools.partial(env, game=module, obs_dim=512, max_cycles=30))


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("module", MODULES)
def test_the_parallel_form_passes_pettingzoos_parallel_tests(module):
    parallel_api_test(parallel_env(game=module, obs_dim=512), num_cycles=200)
    # parallel_seed_test samples actions without the mask: the illegal-move-loses convention
    lenient = functools.partial(parallel_env, game=module, obs_dim=512, illegal="lose")
    parallel_seed_test(lenient, num_cycles=50)


@pytest.mark.parametrize("module", MODULES)
def test_max_cycles_truncates_both_forms_after_exactly_that_many_decisions(module):
    """PettingZoo's max_cycles_test samples actions without masks and expects every agent to act
    once per cycle; in a turn-based game with masks a cycle is one decision, so this checks the
    same contract that way."""
    max_cycles = 4
    par = parallel_env(game=module, obs_dim=256, max_cycles=max_cycles)
    obs, _ = par.reset(seed=1)
    steps = 0
    while par.agents:
        acts = {a: par.action_space(a).sample(obs[a]["action_mask"]) for a in par.agents}
        obs, _, term, trunc, _ = par.step(acts)
        steps += 1
        assert steps <= max_cycles
    assert steps == max_cycles and all(trunc.values()) and not any(term.values())
    aec = env(game=module, obs_dim=256, max_cycles=max_cycles)
    aec.reset(seed=1)
    moves = 0
    for agent in aec.agent_iter():
        ob, _, term, trunc, _ = aec.last()
        if not (term or trunc):
            moves += 1
        aec.step(None if term or trunc else aec.action_space(agent).sample(ob["action_mask"]))
    assert moves == max_cycles and all(aec.unwrapped.truncations.values())


def test_an_illegal_action_raises_or_loses_as_asked():
    e = raw_env(game="great_war", obs_dim=256, illegal="lose")
    e.reset(seed=2)
    mover = e.agent_selection
    obs, *_ = e.last()
    e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert e.rewards[mover] == -1.0 and sum(e.rewards.values()) == 0 and all(e.terminations.values())
    with pytest.raises(ValueError, match="illegal must be"):
        raw_env(illegal="sometimes")


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
