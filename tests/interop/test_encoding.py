"""The hashed action space and the view encoding."""

import numpy as np

import tactica
from tactica.core.options import Option
from tactica.interop.encoding import DecisionActions, HashedActionCodec, ViewEncoder, seat_view, view_tokens


def test_hashed_actions_are_distinct_stable_and_independent_of_option_order():
    codec = HashedActionCodec(bits=4)  # 16 actions: 12 options must collide and be probed apart
    opts = [Option(f"move:u{i}:E{i}") for i in range(12)]
    acts = codec.encode(opts)
    assert len(set(acts)) == 12 and all(0 <= a < 16 for a in acts)
    back = codec.encode(list(reversed(opts)))
    assert dict(zip([o.id for o in opts], acts, strict=True)) == dict(
        zip([o.id for o in reversed(opts)], back, strict=True))
    big = HashedActionCodec()
    assert big.num_actions == 16384 and big.encode([Option("pass")]) == [big.base("pass")]


def test_decision_actions_and_mask_follow_the_legal_options():
    g = tactica.new_game("great_war", "iron_tide", seed=2)
    da = DecisionActions(g, HashedActionCodec())
    assert sorted(da.by_action.values()) == sorted(o.id for o in g.legal_options())
    m = da.mask(16384)
    assert m.dtype == np.int8 and int(m.sum()) == len(g.legal_options())
    assert all(m[a] == 1 for a in da.legal())


def test_view_encoding_is_deterministic_and_sees_only_the_seat_view():
    g = tactica.new_game("great_war", "iron_tide", seed=2)
    enc = ViewEncoder(1024)
    v0, v1 = enc.encode(seat_view(g, 0)), enc.encode(seat_view(g, 1))
    assert v0.shape == (1024,) and v0.dtype == np.float32 and set(np.unique(v0)) <= {0.0, 1.0}
    assert np.array_equal(v0, enc.encode(seat_view(g, 0))) and not np.array_equal(v0, v1)
    # the other seat's hand is not in seat 0's view, so not in its tokens
    toks = list(view_tokens(seat_view(g, 0)))
    assert "board.hands[1]=None" in toks and any(t.startswith("board.hands[0]=") for t in toks)


def test_back_options_leave_the_action_set_unless_they_are_all_there_is():
    """Agents are not offered "back" (choose another target) beside real choices: MCTS went round
    in circles on it. Random play finds a Fire Order's group step, where it stands beside others."""
    import random

    g = tactica.new_game("combat_commander", "hill_2_crown", seed=5)
    rng = random.Random(5)
    seen = 0
    for _ in range(20_000):
        if g.is_terminal() or seen >= 3:
            break
        opts = g.legal_options()
        if any(o.kind == "back" for o in opts):
            ids = set(DecisionActions(g, HashedActionCodec()).by_action.values())
            others = {o.id for o in opts if o.kind != "back"}
            assert ids == (others or {o.id for o in opts})
            seen += 1
        g.apply(rng.choice(opts).id)
    assert seen >= 3, "no Fire Order target step was reached"
