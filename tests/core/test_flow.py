"""The flow contract, exercised through the Duel test game."""

import json
import marshal
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tactica
from tactica.core.decks import stack
from tactica.core.game import FlowError, Game, check_copy
from tactica.core.options import TERMINAL, IllegalOption
from tactica.core.rules import RulesError, copy_by_shape, copy_plain, plain_data_problem


def play_random(g: Game, seed: int, limit: int = 500, finish: bool = True) -> Game:
    rng = random.Random(seed)
    for _ in range(limit):
        if g.is_terminal():
            return g
        opts = g.legal_options()
        assert opts, "a live game offered no option"
        g.apply(rng.choice(opts))
        assert plain_data_problem(g.state) is None, plain_data_problem(g.state)
    assert not finish, "runaway game"
    return g


def test_new_game_refuses_unknown_module_scenario_option_and_seed():
    with pytest.raises(RulesError, match="no rules module"):
        tactica.new_game("nope", "basic")
    with pytest.raises(RulesError, match=r"no scenario 'x'.*basic"):
        tactica.new_game("duel", "x")
    with pytest.raises(RulesError, match="no option 'speed'"):
        tactica.new_game("duel", "basic", options={"speed": 1})
    with pytest.raises(RulesError, match="must be int"):
        tactica.new_game("duel", "basic", options={"target": "high"})
    with pytest.raises(RulesError, match="seed"):
        tactica.new_game("duel", "basic", seed="1")  # type: ignore[arg-type]


def test_illegal_option_is_refused_and_changes_nothing():
    g = tactica.new_game("duel", "basic", seed=1)
    before = json.dumps(g.state, sort_keys=True)
    nlog = len(g.log)
    with pytest.raises(IllegalOption, match="not a legal option"):
        g.apply("play:9z")
    with pytest.raises(IllegalOption, match="not seat 1's decision"):
        g.apply("roll", seat=1)
    with pytest.raises(IllegalOption):
        g.apply_action(99)
    assert json.dumps(g.state, sort_keys=True) == before
    assert len(g.log) == nlog and g.record.decisions == []


def test_decision_names_seat_and_stable_ids():
    g = tactica.new_game("duel", "basic", seed=2)
    d = g.decision()
    assert d.seat == 0 and g.current_player() == 0
    ids = [o.id for o in d.options]
    assert ids[-2:] == ["roll", "pass"]
    assert all(i.startswith("play:") for i in ids[:-2]) and len(ids) == 5
    assert g.legal_actions() == list(range(5)) and g.legal_actions(1) == []
    assert g.action_to_string(0, 3) == "roll"


def test_reaction_window_is_asked_whatever_the_hand_holds():
    """Seat 1 holds no 3, but the other 3 is not in public view: seat 1 is asked (pass only),
    so whose decision it is tells seat 0 nothing about that hand."""
    g = tactica.new_game("duel", "basic", seed=1)
    s = g.state
    s["hands"] = [["3a", "4a", "5a"], ["1a", "1b", "2a"]]
    g.refresh()
    g.apply("play:3a")
    d = g.decision()
    assert d.seat == 1 and d.window and d.step == "block" and [o.id for o in d.options] == ["pass"]
    assert s["score"] == [0, 0]
    g.apply("pass")
    assert s["score"] == [3, 0] and g.decision().step == "turn"


def test_reaction_window_closed_by_public_facts_passes_by_itself():
    """The other 3 is in the discards: nobody could block, so the window passes silently."""
    g = tactica.new_game("duel", "basic", seed=1)
    s = g.state
    s["hands"] = [["3a", "4a", "5a"], ["1a", "1b", "2a"]]
    s["deck"]["discard"] = ["3b"]
    s["deck"]["draw"] = ["6a", "6b", "1b", "2b"]
    g.refresh()
    g.apply("play:3a")
    assert s["score"] == [3, 0]
    assert g.current_player() == 1 and g.decision().step == "turn"


def test_a_window_closed_by_opens_must_offer_only_pass():
    """opens() may be generous, never too narrow: the engine refuses a closed window that
    offers more than the pass (a rules bug)."""
    g = tactica.new_game("duel", "basic", seed=1)
    s = g.state
    s["hands"] = [["3a", "4a", "5a"], ["3b", "1b", "2a"]]
    s["deck"]["discard"].append("3b")  # a forged state: 3b both in hand and in the discards
    g.refresh()
    with pytest.raises(FlowError, match="says it is closed"):
        g.apply("play:3a")


def test_reaction_window_asks_when_a_reaction_exists():
    g = tactica.new_game("duel", "basic", seed=1)
    g.state["hands"] = [["3a", "4a", "5a"], ["3b", "1b", "2a"]]
    g.refresh()
    g.apply("play:3a")
    d = g.decision()
    assert d.seat == 1 and d.window and [o.id for o in d.options] == ["block:3b", "pass"]
    g.apply("block:3b")
    assert g.state["score"] == [0, 0]
    assert g.log_lines()[-1].startswith("D7") or any("blocks with 3b" in x for x in g.log_lines())


def test_auto_pass_is_opt_in_recorded_and_shown_to_every_seat():
    g = tactica.new_game("duel", "basic", seed=1)
    g.state["hands"] = [["3a", "4a", "5a"], ["1a", "1b", "2a"]]
    g.refresh()
    assert g.view(0)["auto_pass"] == [False, False]
    g.set_auto_pass(1, True)
    assert g.record.decisions[0] == (1, "!auto_pass=1")
    assert all(g.view(s)["auto_pass"] == [False, True] for s in (0, 1, None))
    g.apply("play:3a")  # seat 1 holds no 3: its convenience passes for it
    assert g.state["score"] == [3, 0] and g.decision().step == "turn"


def test_auto_pass_replays_from_the_record():
    g = tactica.new_game("duel", "basic", seed=5)
    g.set_auto_pass(1, True)
    rng = random.Random(5)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_options()).id)
    replayed = tactica.replay(g.record.to_dict())
    assert replayed.state == g.state and replayed.view(0)["auto_pass"] == [False, True]
    assert replayed.log_lines() == g.log_lines()


def test_auto_pass_still_asks_when_the_hand_can_react():
    g = tactica.new_game("duel", "basic", seed=1)
    g.state["hands"] = [["3a", "4a", "5a"], ["3b", "1b", "2a"]]
    g.refresh()
    g.set_auto_pass(1, True)
    g.apply("play:3a")
    assert [o.id for o in g.legal_options()] == ["block:3b", "pass"]


def test_older_ask_entries_replay_as_the_opposite_preference():
    g = tactica.new_game("duel", "basic", seed=1)
    g.set_preference(1, "!ask=0")
    assert g.state["auto_pass"] == [False, True] and g.record.decisions[-1] == (1, "!ask=0")
    g.set_preference(1, "!ask=1")
    assert g.state["auto_pass"] == [False, False]
    for bad in ("!ask=2", "!autopass=1", "auto_pass=1"):
        with pytest.raises(IllegalOption, match="unknown preference"):
            g.set_preference(0, bad)
    assert g.state["auto_pass"] == [False, False]


def test_other_seat_cannot_tell_what_the_hand_holds_from_the_window():
    """Whether seat 1 can block or not, seat 0 sees the same thing until seat 1 answers."""
    def other_view_after(hand: list[str]):
        g = tactica.new_game("duel", "basic", seed=1)
        g.state["hands"] = [["3a", "4a", "5a"], hand]
        g.state["deck"]["draw"] = ["6a", "6b"]
        g.refresh()
        g.apply("play:3a")
        return g.current_player(), g.view(0)

    assert other_view_after(["1a", "1b", "2a"]) == other_view_after(["3b", "1b", "2a"])


def test_resample_never_advances_the_game():
    """Re-dealing the hand of the seat deciding in a window keeps the window open (only its
    options change): no pass, no score, no draw happens in the new world."""
    g = tactica.new_game("duel", "basic", seed=1)
    g.state["hands"] = [["3a", "4a", "5a"], ["3b", "1b", "2a"]]
    g.state["deck"]["draw"] = ["6a", "6b", "1a", "2b"]
    g.refresh()
    g.apply("play:3a")
    for k in range(20):
        r = g.resample_from_infostate(0, k)
        assert r.current_player() == 1 and r.decision().step == "block"
        assert r.state["score"] == [0, 0] and r.information_state_string(0) == g.information_state_string(0)
        assert {o.id for o in r.legal_options()} <= {"block:3b", "pass"}


def test_views_hide_hands_deck_and_chance():
    g = tactica.new_game("duel", "basic", seed=4)
    v0, v1, spec = g.view(0), g.view("south"), g.view(None)
    assert v0["board"]["hands"][0] == g.state["hands"][0] and v0["board"]["hands"][1] is None
    assert v1["board"]["hands"][0] is None
    assert spec["board"]["hands"] == [None, None]
    for v in (v0, v1, spec):
        text = json.dumps(v)
        assert "chance" not in text and '"draw"' not in text
    assert "options" in v0["decision"] and "options" not in v1["decision"]
    with pytest.raises(IllegalOption):
        g.view("west")


def test_private_log_entries_only_reach_their_seat_and_numbering_is_per_seat():
    g = play_random(tactica.new_game("duel", "basic", seed=5), 5, limit=8, finish=False)
    draws0 = [e for e in g.view(0)["log"] if e["rule"] == "D7"]
    assert draws0 and all(e["private"] for e in draws0)
    spec = g.view(None)["log"]
    assert all(e["rule"] != "D7" for e in spec)
    assert [e["i"] for e in spec] == list(range(len(spec)))


def test_full_view_once_over():
    g = play_random(tactica.new_game("duel", "basic", seed=6), 6)
    assert g.is_terminal() and g.current_player() == TERMINAL
    v = g.view(None)
    assert v["board"]["hands"] == g.state["hands"]
    assert v["result"]["reason"] and sorted(g.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(IllegalOption, match="over"):
        g.apply("pass")


def test_clone_is_independent_and_equal():
    g = tactica.new_game("duel", "basic", seed=7)
    c = g.clone()
    assert c.state == g.state and c.state is not g.state
    c.apply("roll")
    assert c.state != g.state and g.decision().seat == 0


def test_check_copy_refuses_a_copy_that_shares_or_differs():
    g = tactica.new_game("duel", "basic", seed=7)
    check_copy(g.state, g.clone().state, "duel")  # the default copy: a marshal round trip
    shallow = dict(g.state)
    with pytest.raises(FlowError, match="shares the list at state\\['stack'\\]"):
        check_copy(g.state, {**g.rules.copy_state(g.state), "stack": shallow["stack"]}, "duel")
    other = g.rules.copy_state(g.state)
    other["score"] = [*other["score"][:-1], other["score"][-1] + 1]
    with pytest.raises(FlowError, match="changed the value"):
        check_copy(g.state, other, "duel")
    reordered = dict(reversed(list(g.rules.copy_state(g.state).items())))
    with pytest.raises(FlowError, match="changed the keys"):
        check_copy(g.state, reordered, "duel")


def test_copy_plain_and_copy_by_shape_rest_copy_a_tree_like_a_round_trip():
    state = {"n": 3, "stack": [{"step": "a", "args": {"ctx": {"hexes": ["A1", "B2"], "k": None}}}],
             "own": {"x": [1, [2, 3]], "y": {"z": [True, 1.5, "s"]}}, "flat": [1, 2], "chance": {"s": 1}}
    for copy in (copy_plain(state), copy_by_shape(state, flat=frozenset({"flat"}), rest=copy_plain)):
        check_copy(state, copy, "tree")  # equal, same key order, no list or dict shared
        assert copy == marshal.loads(marshal.dumps(state))
    copy = copy_plain(state)
    copy["own"]["x"][1].append(4)
    assert state["own"]["x"] == [1, [2, 3]]
    shared = [1]
    twice = copy_plain({"a": shared, "b": shared})  # a part held twice is copied twice
    assert twice["a"] == twice["b"] and twice["a"] is not twice["b"]


def test_deck_forcing_through_the_game():
    g = tactica.new_game("duel", "basic", seed=8)
    g.state["hands"][0] = ["1a", "1b"]
    spare = [c for c in g.state["deck"]["draw"] if c[0] == "6"]
    stack(g.state["deck"], spare[:1])
    g.apply("pass")
    assert spare[0] in g.state["hands"][0]
    g.chance.force_dice([6])
    g.apply("roll")
    assert g.state["score"][1] == 6


def test_flow_errors_are_reported():
    g = tactica.new_game("duel", "basic", seed=9)
    with pytest.raises(FlowError):
        g.push("no_such_step")
    g.state["stack"].clear()
    with pytest.raises(FlowError, match="stack ran empty"):
        g._advance()


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=10**9))
def test_property_every_offered_option_applies_and_no_dead_end(seed, choice_seed):
    g = tactica.new_game("duel", "basic", seed=seed)
    rng = random.Random(choice_seed)
    while not g.is_terminal():
        opts = g.legal_options()
        assert opts
        for o in opts:  # every option offered applies without error
            g.clone().apply(o.id)
        g.apply(rng.choice(opts))
    assert g.legal_options() == []


def test_is_plain_data_accepts_only_plain_containers_and_scalars() -> None:
    from tactica.core.rules import is_plain_data

    assert is_plain_data({"a": [1, 2.5, "x", True, None, {"b": []}]})
    assert not is_plain_data({"a": (1, 2)})  # a tuple is not JSON's
    assert not is_plain_data({1: "x"})  # keys are strings
    assert not is_plain_data([{"a": {"b": {1, 2}}}])  # at any depth


def test_plain_data_problem_names_the_path_of_the_first_offender() -> None:
    assert plain_data_problem({"sides": [{"hand": ["c1"]}]}) is None
    assert plain_data_problem({"sides": [{"hand": ("c1",)}]}) == (
        "state.sides[0].hand: a tuple is not plain data")
    assert plain_data_problem({"track": {3: "x"}}) == "state.track: the key 3 is not a string"
