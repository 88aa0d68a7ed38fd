"""The scripted policy (10.5 activation priorities for both sides) and the search hooks."""

from __future__ import annotations

import random

from ci_helpers import activate, ids, play, scene

import tactica
from tactica.ai import make_agent
from tactica.games.combat_infantry.scripted import (
    POLICY,
    branch_point,
    candidates,
    evaluate,
    objective_pressure,
    turn_key,
)


def _choose(g: tactica.Game) -> str:  # type: ignore[name-defined]
    return POLICY.choose(g, g.current_player(), random.Random(0)).id


def test_10_5_priority_1_rally_a_one_step_unit() -> None:
    g = scene({"GE-A1-PHQ": "L6", "GE-A1-IN2": ("L5", 1), "US-A1-IN1": "K3", "US-A1-PHQ": "A1"}, active="ger")
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-A1-IN2")
    assert _choose(g) == "rally"


def test_10_5_priority_2_fire_at_an_adjacent_hex_with_fewer_units() -> None:
    g = scene({"US-A3-PHQ": "J4", "US-A3-IN1": "J4", "GE-A1-IN1": "J5", "GE-A1-IN2": ("K2", 3, "up"),
               "GE-A1-PHQ": "N10"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    assert "fire:K2:GE-A1-IN2" in ids(g)  # a face-up target further off ...
    assert _choose(g) == "fire:J5"  # ... comes after the weaker adjacent hex


def test_10_5_priority_6_move_toward_the_nearest_objective_not_held() -> None:
    g = scene({"US-A2-PHQ": "C5", "US-A2-IN1": "C5", "GE-A1-PHQ": "N10"})
    activate(g, "US-A2-PHQ")
    play(g, "cmd:US-A2-IN1")
    assert _choose(g) == "move"
    play(g, "move")
    assert _choose(g) == "to:D5"  # along the road toward the village


def test_policy_reads_only_the_seats_view() -> None:
    g = tactica.new_game("combat_infantry", "saint_martin", seed=4)
    rng = random.Random(4)
    checked = 0
    for n in range(400):
        if g.is_terminal():
            break
        if n % 9 == 0:
            seat = g.current_player()
            r = g.resample_from_infostate(seat, n)
            assert POLICY.choose(r, seat, random.Random(1)).id == POLICY.choose(g, seat, random.Random(1)).id
            checked += 1
        g.apply(rng.choice(g.legal_options()).id)
    assert checked > 10


def test_scripted_plays_whole_games_of_every_scenario() -> None:
    for sc in ("saint_martin", "hill_74", "night_patrol"):
        g = tactica.new_game("combat_infantry", sc, seed=2)
        agents = [make_agent("scripted", 1), make_agent("scripted", 2)]
        while not g.is_terminal():
            seat = g.current_player()
            play(g, agents[seat].choose(g, seat))
            assert turn_key(g) >= 0
        assert len(g.returns()) == 2


def test_evaluate_favours_the_side_ahead_in_vp_and_more_so_as_time_runs_out() -> None:
    g = scene({"US-A1-PHQ": "H5", "GE-A1-PHQ": "N10"})
    g.state["vp"] = [0, 0]
    v = evaluate(g)
    assert v[0] > 0 and v[0] == -v[1]  # the Americans hold the town (2 VP)
    g.state["vp"] = [0, 5]  # five Americans eliminated: 2 VP to 5 (and the hill's pull)
    early = evaluate(g)[0]
    g.state.update(gt=5, pt=7)
    late = evaluate(g)[0]
    assert -1 < late < early < 0  # behind by the same VPs, with less time to turn it
    assert late < -0.8


def test_objective_pressure_grows_as_an_attacker_closes_in_and_fades_with_the_time_left() -> None:
    far = scene({"US-A2-IN1": "D5", "US-A2-PHQ": "D5", "GE-A1-PHQ": "N10"})
    near = scene({"US-A2-IN1": "F5", "US-A2-PHQ": "D5", "GE-A1-PHQ": "N10"})
    # the town (H5, 2 VP), I5 and the farm are neutral: the Americans' pull on them grows
    assert objective_pressure(near)[0] > objective_pressure(far)[0] > 0
    late = near.clone()
    late.state.update(gt=late.state["game_turns"], pt=6)  # one American player turn left
    assert 0 < objective_pressure(late)[0] < objective_pressure(near)[0]
    late.state["pt"] = 8  # none left: only what is held counts
    assert objective_pressure(late)[0] == 0
    held = scene({"US-A2-IN1": "H5", "US-A2-IN2": "I5", "US-A2-IN3": "K8", "US-A2-PHQ": "M5",
                  "GE-A1-PHQ": "N10"})
    assert objective_pressure(held)[0] == 0  # every objective is the Americans' already
    assert objective_pressure(held)[1] > 0  # the German next to the hill (M5) pulls toward it


def test_evaluate_prefers_the_step_toward_the_objective_to_holding_back() -> None:
    """The look-ahead of search ends long before an attacker reaches the objective: the evaluation
    must already tell the step toward it from standing still (VPs and losses are the same)."""
    g = scene({"US-A2-PHQ": "F5", "US-A2-IN1": "F5", "GE-A1-PHQ": "N10"})
    activate(g, "US-A2-PHQ")
    play(g, "cmd:US-A2-IN1")
    held = g.clone()
    play(held, "hold")
    moved = g.clone()
    play(moved, "move")
    play(moved, "to:G5")  # next to the town (H5)
    if moved.decision().step == "move":
        play(moved, "stop")
    assert held.state["vp"] == moved.state["vp"] and held.state["lost"] == moved.state["lost"]
    assert evaluate(moved)[0] > evaluate(held)[0]


def test_an_attacker_does_not_weigh_giving_up_its_player_turn() -> None:
    """candidates: "pass" is left out for a side with objectives still to take (the policy never
    passes either); a side holding every objective may still weigh it."""
    attacker = scene({"US-A2-PHQ": "F5", "US-A2-IN1": "F5", "GE-A1-PHQ": "H5", "GE-A1-IN1": "I5"})
    assert "pass" in ids(attacker) and "pass" not in {o.id for o in candidates(attacker)}
    assert "hq:" + attacker.state["pieces"]["US-A2-PHQ"] in {o.id for o in candidates(attacker)}
    holder = scene({"GE-A1-PHQ": "H5", "GE-A1-IN1": "I5", "GE-A2-PHQ": "K8", "GE-A3-PHQ": "M5",
                    "US-A2-PHQ": "C5"}, active="ger")
    weighed = candidates(holder) or holder.legal_options()  # an empty list: every option
    assert "pass" in {o.id for o in weighed}


def test_turn_key_stands_still_in_the_last_game_turn_so_rollouts_play_to_the_end() -> None:
    g = scene({"US-A2-PHQ": "F5", "GE-A1-PHQ": "N10"})
    g.state["game_turns"] = 5  # a five-turn game (saint_martin's own length is the scenario's)
    keys = []
    for gt, pt in ((1, 1), (1, 2), (4, 8), (4, 9), (5, 1), (5, 5), (5, 8)):
        g.state.update(gt=gt, pt=pt)
        keys.append(turn_key(g))
    assert keys[1] == keys[0] + 1 and keys[3] == keys[2] + 1  # one a player turn ...
    assert keys[3] == keys[4] == keys[5] == keys[6]  # ... but none in the last game turn
    assert keys == sorted(keys)


def test_search_branches_on_the_activation_and_the_units_actions_not_on_each_step_of_a_move() -> None:
    g = scene({"US-A3-PHQ": "J4", "US-A3-IN1": "J4", "GE-A1-IN1": "J5", "GE-A1-IN2": ("K2", 3, "up"),
               "GE-A1-PHQ": "N10"})
    assert g.decision().step == "activate" and branch_point(g)
    activate(g, "US-A3-PHQ")
    assert g.decision().step == "command" and not branch_point(g)  # no strike to call: the policy's
    play(g, "cmd:US-A3-IN1")
    assert branch_point(g)
    picked = {o.id for o in candidates(g)}
    # one fire per hex: the untargeted shot at K2 stands for the targeted one
    assert {"fire:J5", "move", "hold"} <= picked and "fire:K2" in ids(g)
    assert "fire:K2" in picked and not any(i.startswith("fire:K2:") for i in picked)
    play(g, "move")
    assert g.decision().step == "move"
    steps = [o for o in g.legal_options() if o.id.startswith("to:")]
    assault = [o for o in steps if o.args["assault"]]
    assert assault and len(steps) > len(assault)  # J5 is held by the Germans: an assault is offered
    assert branch_point(g)
    assert {o.id for o in candidates(g)} == {o.id for o in assault} | {"stop"}
    play(g, next(o.id for o in steps if not o.args["assault"] and o.id != "to:J5"))
    if g.decision().step == "move" and not any(o.args.get("assault") for o in g.legal_options()):
        assert not branch_point(g)  # walking on is the policy's


def test_search_hooks_read_only_what_the_deciding_seat_knows() -> None:
    """branch_point and candidates give the same answers in every world re-dealt from the
    deciding seat's view (they read its own options only)."""
    g = tactica.new_game("combat_infantry", "ballan", seed=6)
    rng = random.Random(6)
    branched = 0
    for n in range(1500):
        if g.is_terminal():
            break
        seat = g.current_player()
        if n % 5 == 0:
            bp, cand = branch_point(g), [o.id for o in candidates(g)]
            branched += bp
            for k in range(3):
                r = g.resample_from_infostate(seat, 10 * n + k)
                assert branch_point(r) == bp and [o.id for o in candidates(r)] == cand
        pick = POLICY.choose(g, seat, rng) if rng.random() < 0.8 else rng.choice(g.legal_options())
        g.apply(pick.id)
    assert branched > 20


def test_search_plays_a_whole_game_against_scripted_searching_only_at_branch_points() -> None:
    g = tactica.new_game("combat_infantry", "night_patrol", seed=3)
    agents = [make_agent("search:16", 1), make_agent("scripted", 2)]
    searched = by_policy = 0
    while not g.is_terminal():
        seat = g.current_player()
        oid = agents[seat].choose(g, seat)
        if seat == 0 and len(g.legal_options()) > 1:
            iterations = agents[0].last.iterations  # type: ignore[attr-defined]
            assert (iterations > 0) <= branch_point(g)
            searched += iterations > 0
            by_policy += not branch_point(g)
        play(g, oid)
    assert len(g.returns()) == 2 and searched > 5 and by_policy > 5
