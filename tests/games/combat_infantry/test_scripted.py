"""The scripted policy (10.5 activation priorities for both sides) and the search hooks."""

from __future__ import annotations

import random

from ci_helpers import activate, ids, play, scene

import tactica
from tactica.ai import make_agent
from tactica.games.combat_infantry.scripted import POLICY, evaluate, turn_key


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


def test_evaluate_is_the_scaled_vp_difference() -> None:
    g = scene({"US-A1-PHQ": "H5", "GE-A1-PHQ": "N10"})
    g.state["vp"] = [0, 0]
    v = evaluate(g)
    assert v[0] > 0 and v[0] == -v[1]  # the Americans hold the town (2 VP)
