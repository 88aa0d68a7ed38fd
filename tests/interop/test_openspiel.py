"""The Great War as an OpenSpiel game, played by OpenSpiel's own MCTS and ISMCTS bots."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tactica.interop.openspiel import load_game, register  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return load_game("great_war", scenario="ridge_trench", seed=5)


def test_registered_with_the_right_game_type(game):
    assert "tactica_great_war" in register()
    assert "tactica_great_war" in pyspiel.registered_names()
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == 16384 and game.num_players() == 2
    assert game.max_chance_outcomes() == 0
    same = pyspiel.load_game("tactica_great_war(scenario=iron_tide,action_bits=12)")
    assert same.num_distinct_actions() == 4096


def test_actions_strings_clone_and_resample(game):
    s = game.new_initial_state()
    assert s.current_player() == 0 and not s.is_chance_node()
    acts = s.legal_actions()
    ids = [s.action_to_string(0, a) for a in acts]
    assert len(set(ids)) == len(acts) and all(i.startswith("card:") for i in ids)
    info0, info1 = s.information_state_string(0), s.information_state_string(1)
    assert info0 != info1 and '"hands":[null,' in info1 and '"hands":[[' in info0
    assert len(s.observation_tensor(0)) == 4096
    c = s.clone()
    c.apply_action(acts[0])
    assert s.legal_actions() == acts and c.legal_actions() != acts
    r = s.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.information_state_string(0) == info0 and r.legal_actions() == acts
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in acts)
    with pytest.raises((ValueError, pyspiel.SpielError), match="not legal"):
        s.apply_action(illegal)
    assert s.legal_actions() == acts


def test_a_whole_game_through_the_openspiel_api(game):
    rng = np.random.RandomState(0)
    s = game.new_initial_state()
    n = 0
    while not s.is_terminal():
        s.apply_action(int(rng.choice(s.legal_actions())))
        n += 1
    assert n > 50 and sum(s.returns()) == 0 and s.current_player() == pyspiel.PlayerId.TERMINAL
    assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_mcts_and_ismcts_bots_play_moves(game):
    ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [mcts.MCTSBot(game, 1.4, 6, ev, random_state=np.random.RandomState(2)),
            ismcts.ISMCTSBot(game, ev, 1.4, 6, random_state=np.random.RandomState(3))]
    s = game.new_initial_state()
    played = {0: 0, 1: 0}
    for _ in range(60):
        if s.is_terminal() or min(played.values()) >= 3:
            break
        p = s.current_player()
        a = bots[p].step(s)
        assert a in s.legal_actions()
        s.apply_action(a)
        played[p] += 1
    assert played[0] >= 3 and played[1] >= 3
