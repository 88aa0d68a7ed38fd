"""No agent sees more than its seat's view: a search agent's choice does not depend on what the
seat cannot know, and re-dealing hidden information never breaks a game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.ai import make_agent
from tactica.ai.hooks import branch_point_for
from tactica.ai.ismcts import SearchAgent
from tactica.api import new_game
from tactica.core.game import Game
from tactica.games import all_ids, get_rules


def _advance(g: Game, n: int, seed: int) -> None:
    a = make_agent("scripted", seed)
    for _ in range(n):
        if g.is_terminal():
            return
        g.apply(a.choose(g, g.current_player()))


def _other_world(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game with the opponent's hands and the draw piles dealt differently: identical
    for ``seat``, different underneath."""
    h = g.clone()
    s = h.state
    other = 1 - seat
    for hand_key, deck_key in (("hands", "command"), ("combat_hands", "combat")):
        hand, pile = s[hand_key][other], s[deck_key]["draw"]
        pool = hand + pile
        rng.shuffle(pool)
        hand[:], pile[:] = pool[: len(hand)], pool[len(hand):]
    h.state["chance"]["s"] ^= 0x5DEECE66D  # the dice to come differ too
    h.refresh()
    return h


@pytest.mark.parametrize("plies", [0, 25, 60])
def test_search_choice_is_independent_of_hidden_information(plies: int) -> None:
    g = new_game("great_war", "ridge_trench", seed=11)
    _advance(g, plies, seed=5)
    branch = branch_point_for("great_war")
    while len(g.legal_options()) < 2 or (branch is not None and not branch(g)):  # one it searches
        _advance(g, 1, seed=5)
    seat = g.current_player()
    rng = random.Random(plies)
    worlds = [g, *(_other_world(g, seat, rng) for _ in range(3))]
    views = {w.information_state_string(seat) for w in worlds}
    assert len(views) == 1, "the test worlds must look the same to the seat"
    assert len({repr(w.state["hands"][1 - seat]) + repr(w.state["command"]["draw"]) for w in worlds}) > 1
    choices = []
    for w in worlds:
        agent = SearchAgent("40", seed=3)
        choices.append(agent.choose(w, seat))
        assert agent.last is not None
        choices.append(str(sorted(agent.last.visits.items())))
        assert agent.last.iterations > 0
    assert len(set(choices[0::2])) == 1 and len(set(choices[1::2])) == 1


def test_duel_search_ignores_the_other_hand() -> None:
    """The same on the test-only Duel module (its hands and deck are the hidden zones)."""
    if "duel" not in all_ids():
        pytest.skip("duel is registered by tests/conftest.py")
    g = new_game("duel", "basic", seed=3)
    seat = g.current_player()
    h = g.clone()
    s = h.state
    pool = s["hands"][1 - seat] + s["deck"]["draw"]
    pool.reverse()
    n = len(s["hands"][1 - seat])
    s["hands"][1 - seat][:], s["deck"]["draw"][:] = pool[:n], pool[n:]
    h.refresh()
    assert g.information_state_string(seat) == h.information_state_string(seat)
    assert g.state["hands"][1 - seat] != h.state["hands"][1 - seat]
    a, b = SearchAgent("60", seed=1), SearchAgent("60", seed=1)
    assert a.choose(g, seat) == b.choose(h, seat)
    assert a.last is not None and b.last is not None and a.last.visits == b.last.visits


def test_resample_keeps_the_seats_view() -> None:
    for module in all_ids():
        for sc in get_rules(module).scenarios():
            g = new_game(module, sc.id, seed=2)
            _advance(g, 30, seed=2)
            if g.is_terminal():
                continue
            for seat in range(g.num_players()):
                r = g.resample_from_infostate(seat, 99)
                assert r.information_state_string(seat) == g.information_state_string(seat)


@settings(max_examples=12, deadline=None)
@given(module_scenario=st.sampled_from([(m, s.id) for m in all_ids() for s in get_rules(m).scenarios()]),
       seed=st.integers(0, 10_000), cuts=st.lists(st.integers(0, 300), min_size=1, max_size=4))
def test_resampling_at_random_points_never_breaks_the_game(
        module_scenario: tuple[str, str], seed: int, cuts: list[int]) -> None:
    module, scenario = module_scenario
    g = new_game(module, scenario, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_terminal():
        if n in cuts:
            seat = rng.randrange(g.num_players())
            g = g.resample_from_infostate(seat, rng.getrandbits(62))
        legal = g.legal_options()
        assert legal, "a live game must offer an option"
        g.apply(rng.choice(legal).id)
        n += 1
        assert n < 20_000
    assert len(g.returns()) == g.num_players()


@pytest.mark.parametrize("step", ["turn", "op_fire", "initiative"])
def test_cc_search_at_its_branch_points_ignores_hidden_information(step: str) -> None:
    """Combat Commander's branch points and candidates (issue 18: Op Fire windows, one card per
    Order, no Order that would do nothing, settled Initiative rolls) read only what the seat
    knows: worlds redealt consistently with its view (the other hand, the deck orders, the
    chits, the dice to come) give the same move and the same visit counts."""
    from tactica.games.combat_commander import scripted as cc

    g = new_game("combat_commander", "bridge_at_dawn", seed=6)
    a = make_agent("scripted", 6)
    while not g.is_terminal():
        d = g.decision()
        assert d is not None
        if d.step == step and len(d.options) > 1 and cc.branch_point(g):
            break
        g.apply(a.choose(g, g.current_player()))
    assert not g.is_terminal()
    seat = g.current_player()
    worlds = [g, *(g.resample_from_infostate(seat, k) for k in (1, 2))]
    assert len({w.information_state_string(seat) for w in worlds}) == 1
    assert len({repr(w.state["sides"][1 - seat]["hand"]) for w in worlds}) > 1
    runs = set()
    for w in worlds:
        agent = SearchAgent("18", seed=4)
        choice = agent.choose(w, seat)
        assert agent.last is not None and agent.last.iterations > 0
        runs.add((choice, str(sorted(agent.last.visits.items())), str([o.id for o in cc.candidates(w)])))
    assert len(runs) == 1, runs
