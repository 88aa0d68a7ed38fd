"""The Turn (5, O14, O15, O19), hand refill (5.4), views (1.2), resampling, random play to the
end, and determinism."""

from __future__ import annotations

import json
import random

from cc_helpers import deck, make_order, new, rules
from skirmish import skirmish_game

from tactica.core.chance import Chance
from tactica.core.game import Game
from tactica.core.rules import plain_data_problem

AXIS, ALLIES = 0, 1


def test_1_1_hand_size_by_posture() -> None:
    g = new()
    assert len(g.state["sides"][AXIS]["hand"]) == 6  # Attack
    assert len(g.state["sides"][ALLIES]["hand"]) == 4  # Defend


def test_O19_command_confusion_is_never_given_and_unimplemented_orders_are_not_offered() -> None:
    g = new()
    d = g.decision()
    assert d is not None and d.seat == AXIS
    # the map-less test scenario offers no Order; only passing (and 11.3's dropping a Weapon)
    assert [o.id for o in d.options if not o.id.startswith("drop:")] == ["pass"]


def test_O15_pass_discards_up_to_the_discard_limit_in_card_order() -> None:
    g = new()
    g.apply("pass")
    hand = list(g.state["sides"][AXIS]["hand"])
    limit = g.state["sides"][AXIS]["discard_cap"]
    for _ in range(limit):
        d = g.decision()
        assert d is not None and d.step == "discard"
        g.apply(next(o.id for o in d.options if o.kind == "discard"))
    assert len(deck(g, AXIS)["discard"]) == limit
    # 5.4: the active player refilled to Hand Size, the Americans' Turn began
    assert len(g.state["sides"][AXIS]["hand"]) == 6 and g.state["active"] == ALLIES
    assert len(hand) == 6


def test_O15_pass_with_no_discard() -> None:
    g = new()
    g.apply("pass")
    g.apply("done")
    assert g.state["active"] == ALLIES and deck(g, AXIS)["discard"] == []


def test_O15_discard_is_asked_again_whatever_cards_are_left() -> None:
    """Core contract: after discarding the highest card of the hand, the seat is still asked
    (only "done" is left to it) while the limit and the hand's size allow another discard, so
    the other seat cannot read the hand from when the discards stop. Opting into auto_pass
    (published) ends it by itself."""
    for auto in (False, True):
        g = new()
        if auto:
            g.set_auto_pass(AXIS, True)
        g.apply("pass")
        last = g.decision().options[-2]  # the highest card of the hand, in card order
        assert last.kind == "discard"
        g.apply(last.id)
        d = g.decision()
        if auto:
            assert d.seat == ALLIES and d.step != "discard" and g.view(ALLIES)["auto_pass"] == [True, False]
        else:
            assert d.seat == AXIS and d.step == "discard" and [o.id for o in d.options] == ["done"]
            g.apply("done")
        assert g.state["active"] == ALLIES and len(deck(g, AXIS)["discard"]) == 1


def test_5_4_refill_drawing_the_last_card_advances_time_then_goes_on() -> None:
    g = new()
    d = deck(g, AXIS)
    d["discard"].extend(d["draw"][:-1])
    d["draw"] = d["draw"][-1:]
    g.apply("pass")
    g.apply(next(o.id for o in g.decision().options if o.kind == "discard"))
    g.apply(next(o.id for o in g.decision().options if o.kind == "discard"))
    if g.decision().step == "discard":
        g.apply("done")
    assert g.state["time"]["space"] == 1
    assert len(g.state["sides"][AXIS]["hand"]) == 6


def test_O14_orders_up_to_the_order_capability() -> None:
    r = rules()
    given: list[str] = []
    r.orders["Move"] = make_order("Move", lambda g, seat, card: given.append(card))
    g = new(r, seed=3)
    hand = g.state["sides"][AXIS]["hand"]
    moves = [c for c in list(deck(g, AXIS)["draw"]) if r.card(c).order == "Move"][:4]
    for c in moves:
        deck(g, AXIS)["draw"].remove(c)
        hand.append(c)
    g.refresh()
    for _ in range(3):
        opt = next(o for o in g.decision().options if o.kind == "order")
        g.apply(opt.id)
    assert len(given) == 3
    assert g.state["active"] == ALLIES  # capability 3 reached: the Turn ended by itself


def test_1_2_views_hide_hands_draw_piles_and_secret_chits() -> None:
    g = new()
    v = g.view(AXIS)["board"]
    me, other = v["sides"]
    assert me["hand"] is not None and other["hand"] is None and other["hand_count"] == 4
    assert me["draw"] is None and other["draw"] is None and me["draw_count"] == 66
    assert other["chits_secret"] is None
    assert me["chits_secret"] == g.state["sides"][AXIS]["chits_secret"]
    spectator = g.view(None)["board"]
    assert spectator["sides"][0]["hand"] is None


def test_resample_keeps_every_card_in_its_own_deck() -> None:
    g = new()
    mine = sorted(g.state["sides"][AXIS]["hand"])
    h = g.resample_from_infostate(AXIS, Chance({"s": 1, "n": 0, "forced": []}))
    assert sorted(h.state["sides"][AXIS]["hand"]) == mine
    allied = h.state["sides"][ALLIES]
    assert all(c.startswith("A-") for c in allied["hand"] + allied["deck"]["draw"])
    assert len(allied["hand"]) == 4


def play(seed: int, deep: bool = False) -> Game:
    g = skirmish_game(seed=seed)
    rng = random.Random(seed)
    for n in range(20_000):
        if g.is_terminal():
            return g
        opts = g.legal_options()
        assert opts, f"dead end at {g.frame_names()}"
        if deep and n % 5 == 0:
            assert plain_data_problem(g.state) is None, plain_data_problem(g.state)
            json.dumps(g.view(g.current_player()))
            json.dumps(g.state)
            for o in opts[:3]:
                g.clone().apply(o.id)
        g.apply(rng.choice(opts).id)
    raise AssertionError("runaway game")


def test_fuzz_random_games_reach_sudden_death() -> None:
    for seed in range(6):
        g = play(seed, deep=seed < 2)
        assert g.is_terminal() and sorted(g.returns()) == [-1.0, 1.0]
        assert g.state["time"]["space"] >= g.state["time"]["sudden_death"]


def test_determinism_same_seed_same_log() -> None:
    a, b = play(11), play(11)
    assert a.log_lines() == b.log_lines()
    assert a.state == b.state
