"""Every module as an OpenSpiel game, checked by OpenSpiel's own tools: random_sim_test with
serialization, ISMCTSBot with its default settings to the end of a game, MCTSBot, outcome
sampling MCCFR, pickling and history replay."""

import json
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from tactica.games import BUILTIN, get_rules  # noqa: E402
from tactica.interop.actions import OVERFLOW  # noqa: E402
from tactica.interop.openspiel import HeuristicEvaluator, load_game, register  # noqa: E402

SCENARIOS = [(m, s.id) for m in sorted(BUILTIN) for s in get_rules(m).scenarios()]
MODULES = sorted({m for m, _ in SCENARIOS})


def obs_type(recall, public, private):
    kinds = {"none": pyspiel.PrivateInfoType.NONE, "single": pyspiel.PrivateInfoType.SINGLE_PLAYER,
             "all": pyspiel.PrivateInfoType.ALL_PLAYERS}
    return pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=kinds[private])


def play_randomly(state, n, seed=0):
    rng = np.random.RandomState(seed)
    for _ in range(n):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.fixture(scope="module")
def game():
    return load_game("great_war", scenario="ridge_trench", seed=5)


def test_registered_game_type_and_the_fixed_and_stream_deals(game):
    assert "tactica_great_war" in register() and "tactica_great_war" in pyspiel.registered_names()
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC  # deal=fixed: seed decides all
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.provides_information_state_tensor and t.provides_observation_tensor
    assert game.num_players() == 2 and game.max_chance_outcomes() == 0
    assert str(game.new_initial_state()) == str(game.new_initial_state())  # same deal every time
    a = pyspiel.load_game("tactica_great_war(scenario=ridge_trench,deal=stream,seed=1)")
    b = pyspiel.load_game("tactica_great_war(scenario=ridge_trench,deal=stream,seed=1)")
    assert a.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    firsts = [str(a.new_initial_state()) for _ in range(3)]
    assert len(set(firsts)) == 3 and firsts == [str(b.new_initial_state()) for _ in range(3)]
    with pytest.raises((ValueError, pyspiel.SpielError), match="deal must be"):
        pyspiel.load_game("tactica_great_war(deal=sometimes)")


@pytest.mark.parametrize(("module", "scenario"), SCENARIOS)
def test_openspiel_random_sim_test_with_serialization(module, scenario):
    g = load_game(module, scenario=scenario, seed=11)
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


MAX_BOT_MOVES = 20_000


@pytest.mark.parametrize("module", MODULES)
def test_ismcts_bot_with_default_settings_plays_a_whole_game_against_mcts(module):
    """ISMCTS keys its tree on information-state strings and, by default, refuses a key whose
    legal actions differ between determinizations: a whole game shows they never do."""
    g = load_game(module, seed=3)
    ev = HeuristicEvaluator(module)
    bots = [ismcts.ISMCTSBot(g, ev, 2.0, 8, random_state=np.random.RandomState(1)),
            mcts.MCTSBot(g, 2.0, 8, ev, random_state=np.random.RandomState(2))][:g.num_players()]
    s = g.new_initial_state()
    moves = 0
    # a guard against a runaway game: before "back" options left the action set (DecisionActions),
    # MCTS undid and redid a Fire target in Combat Commander for over 100,000 moves
    while not s.is_terminal():
        assert moves < MAX_BOT_MOVES, "the bots go round in circles"
        s.apply_action(bots[s.current_player()].step(s))
        moves += 1
    if g.num_players() == 1:  # solitaire: the seat's score against the rules, in [-1, 1]
        assert moves > 5 and -1.0 <= s.returns()[0] <= 1.0
        return
    assert moves > 50 and sum(s.returns()) == 0 and sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_outcome_sampling_mccfr_runs_on_the_information_states(game):
    solver = mccfr.OutcomeSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    s = game.new_initial_state()
    probs = solver.average_policy().action_probabilities(s)
    assert sorted(probs) == s.legal_actions() and abs(sum(probs.values()) - 1) < 1e-9


def test_information_state_holds_the_history_and_fixes_the_legal_actions(game):
    s = play_randomly(game.new_initial_state(), 40, seed=4)
    p = s.current_player()
    info, obs = s.information_state_string(p), s.observation_string(p)
    assert info.startswith("history=") and info.endswith(obs) and info != obs
    # the deciding player's own option ids are part of what it sees
    shown = json.loads(obs)["decision"]["options"]
    assert sorted(shown) == sorted(s.action_to_string(p, a) for a in s.legal_actions())
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        r = s.resample_from_infostate(p, sampler)
        assert r.information_state_string(p) == info and r.legal_actions() == s.legal_actions()
    # a state reached by another path with the same board differs in its history
    other = play_randomly(game.new_initial_state(), 40, seed=5)
    if other.observation_string(p) == obs:
        assert other.information_state_string(p) != info or other.history() == s.history()
    assert len(s.information_state_tensor(p)) == 2 * len(s.observation_tensor(p))


def test_the_observer_honours_the_requested_observation_type(game):
    s = game.new_initial_state()
    mine = json.loads(make_observation(game, obs_type(False, True, "single")).string_from(s, 0))
    public = json.loads(make_observation(game, obs_type(False, True, "none")).string_from(s, 0))
    private = json.loads(make_observation(game, obs_type(False, False, "single")).string_from(s, 0))
    every = json.loads(make_observation(game, obs_type(False, True, "all")).string_from(s, 0))
    assert mine["board"]["hands"][0] and mine["board"]["hands"][1] is None
    assert public["board"]["hands"] == [None, None] and "options" not in public["decision"]
    assert private["board"]["hands"] == [mine["board"]["hands"][0], None]  # what the public lacks
    assert "turn" not in private["board"]
    assert every["board"]["hands"][0] and every["board"]["hands"][1]
    rec = make_observation(game, obs_type(True, True, "none"))
    assert rec.string_from(s, 0) == rec.string_from(s, 1)  # public history: the same for both
    t = make_observation(game, obs_type(True, True, "single"))
    t.set_from(s, 0)
    assert set(t.dict) == {"observation", "history"} and t.dict["history"].any()


def test_serialization_pickle_and_history_replay_round_trips(game):
    s = play_randomly(game.new_initial_state(), 60, seed=2)
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, s))
    assert str(g2) == str(game) and str(s2) == str(s) and s2.history() == s.history()
    assert s2.information_state_string(0) == s.information_state_string(0)
    p = pickle.loads(pickle.dumps(s))
    assert str(p) == str(s) and p.legal_actions() == s.legal_actions()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    replay = game.new_initial_state()
    for a in s.history():
        replay.apply_action(a)
    assert str(replay) == str(s) and replay.information_state_string(1) == s.information_state_string(1)
    play_randomly(s, 10_000, seed=7)
    play_randomly(p, 10_000, seed=7)
    assert p.returns() == s.returns()


def test_actions_are_the_stable_table_numbers(game):
    s = play_randomly(game.new_initial_state(), 25, seed=1)
    codec = game.codec
    for a in s.legal_actions():
        assert a >= OVERFLOW and codec.id_of(a) == s.action_to_string(s.current_player(), a)
    assert game.num_distinct_actions() == OVERFLOW + len(codec.ids)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in s.legal_actions())
    with pytest.raises((ValueError, pyspiel.SpielError), match="not legal"):
        s.apply_action(illegal)
