"""Command (4.0-4.4) and rally (5.0), with the command-range diagram."""

from __future__ import annotations

import random

import pytest
from ci_helpers import activate, at, dice, ids, log_text, play, scene, steps

import tactica
from tactica.core.rules import RulesError
from tactica.games.combat_infantry.scenarios import geo_of
from tactica.games.combat_infantry.units import block_of


def test_4_1_diagram_2_command_range_stops_at_an_impassable_lake_hexside() -> None:
    # PHQ A1 in C8: IN3 adjacent is in command; IN2 in C9 is adjacent but across the pond's bank;
    # IN1 two hexes away is not adjacent. Both may still try a morale check (4.3).
    g = scene({"GE-A1-PHQ": "C8", "GE-A1-IN3": "B8", "GE-A1-IN2": "C9", "GE-A1-IN1": "E8"}, active="ger")
    activate(g, "GE-A1-PHQ")
    opts = ids(g)
    assert "cmd:GE-A1-IN3" in opts
    assert "cmd:GE-A1-IN2" not in opts and "try:GE-A1-IN2" in opts
    assert "cmd:GE-A1-IN1" not in opts and "try:GE-A1-IN1" in opts


def test_4_3_no_command_squad_failing_its_morale_is_face_down_and_done() -> None:
    g = scene({"US-A2-PHQ": "C5", "US-A2-IN1": "A1", "US-A2-IN2": "A9"})
    activate(g, "US-A2-PHQ")
    dice(g, 9)
    play(g, "try:US-A2-IN1")
    r = g.state["blocks"]["US-A2-IN1"]
    assert r["posture"] == "down" and r["acted"]
    assert "try:US-A2-IN1" not in ids(g)
    dice(g, 2)
    play(g, "try:US-A2-IN2")  # St. Abyen: IN 4 passes its check (morale 5) with a 2 and acts
    assert g.decision() is not None and g.decision().step == "action"


def test_4_3_company_weapons_never_act_out_of_command() -> None:
    g = scene({"US-A2-PHQ": "C5", "US-A-MG": "A1"})
    activate(g, "US-A2-PHQ")
    assert not any("US-A-MG" in o for o in ids(g))


def test_4_1_st_abyen_a_phq_commands_only_one_company_or_battalion_weapon() -> None:
    g = scene({"US-B3-PHQ": "J3", "US-B-MG": "J3", "US-B-MO": "J2", "US-B3-IN1": "J2", "GE-A1-IN1": "J5"})
    activate(g, "US-B3-PHQ")
    assert {"cmd:US-B-MG", "cmd:US-B-MO", "cmd:US-B3-IN1"} <= set(ids(g))
    play(g, "cmd:US-B-MG")
    play(g, "hold")
    assert "cmd:US-B-MO" not in ids(g)  # the MG cannot act in the book: the AT gun took the slot
    assert "cmd:US-B3-IN1" in ids(g)


def test_4_1_a_chq_commands_three_units_of_its_company_anywhere_but_not_phqs() -> None:
    g = scene({"US-A-CHQ": "A5", "US-A1-IN1": "A1", "US-A2-IN1": "C9", "US-A3-IN1": "E1", "US-A-MG": "E9",
               "US-A1-PHQ": "B2"})
    activate(g, "US-A-CHQ")
    opts = ids(g)
    assert "cmd:US-A1-PHQ" not in opts
    assert {"cmd:US-A1-IN1", "cmd:US-A2-IN1", "cmd:US-A3-IN1", "cmd:US-A-MG"} <= set(opts)
    for b in ("US-A1-IN1", "US-A2-IN1", "US-A3-IN1"):
        play(g, f"cmd:{b}")
        play(g, "hold")
    assert [o for o in ids(g) if o.startswith("cmd:")] == []


def test_4_0_hq_deploys_one_hex_into_a_friendly_hex_across_clear_or_road_only() -> None:
    g = scene({"US-A2-PHQ": "G5", "US-A2-IN1": "G6", "US-A2-IN2": "G4"})
    play(g, "hq:US-A2-PHQ")
    opts = ids(g)
    assert "deploy:G6" in opts and "deploy:G4" in opts  # clear hexsides
    assert "deploy:H5" in opts and "deploy:F5" in opts  # along the road (into the town, over the bridge)
    assert "deploy:H4" not in opts  # a town hexside without a road
    play(g, "deploy:G6")
    assert at(g, "US-A2-PHQ") == "G6" and g.state["blocks"]["US-A2-PHQ"]["posture"] == "up"


def test_4_0_an_hq_activates_once_per_game_turn_and_one_per_company_each_player_turn() -> None:
    g = scene({"US-A1-PHQ": "A1", "US-A2-PHQ": "C5", "US-A-CHQ": "A5", "GE-A1-PHQ": "N10"})
    assert {"hq:US-A1-PHQ", "hq:US-A2-PHQ", "hq:US-A-CHQ"} <= set(ids(g))
    activate(g, "US-A1-PHQ")
    play(g, "end")
    # company A has activated this player turn: the turn passes to the other player
    assert g.state["active"] == 1 and g.state["pt"] == 2


def test_5_0_rally_adds_a_step_on_a_pass_against_the_commanding_hq_morale() -> None:
    g = scene({"GE-A1-PHQ": "L6", "GE-A1-IN2": ("L5", 2), "GE-A1-IN3": ("L6", 1)}, active="ger")
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-A1-IN2")
    dice(g, 6)  # LOS diagram: rallies against PHQ morale 6 and passes
    play(g, "rally")
    assert steps(g, "GE-A1-IN2") == 3
    r = g.state["blocks"]["GE-A1-IN2"]
    assert r["posture"] == "down" and r["acted"]
    play(g, "cmd:GE-A1-IN3")
    dice(g, 7)
    play(g, "rally")
    assert steps(g, "GE-A1-IN3") == 1
    assert "rallies: morale 6, roll 7: no effect" in log_text(g)


def test_5_0_full_strength_units_are_not_offered_a_rally() -> None:
    g = scene({"GE-A1-PHQ": "L6", "GE-A1-IN2": "L5"}, active="ger")
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-A1-IN2")
    assert "rally" not in ids(g)


def test_4_4_eliminated_phq_returns_with_a_squad_which_loses_a_step() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J3", "GE-A1-PHQ": "J5", "GE-A1-IN1": "A1",
               "GE-A1-IN2": ("A2", 2)})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:J5")
    assert at(g, "GE-A1-PHQ") == "A1" and steps(g, "GE-A1-PHQ") == 1
    assert steps(g, "GE-A1-IN1") == 2  # the strongest squad of the platoon gave the step
    assert g.state["vp"] == [0, 0]


def test_4_4_hq_not_replaced_without_squads_gives_a_vp() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J3", "GE-A1-PHQ": "J5"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:J5")
    assert "GE-A1-PHQ" not in g.state["blocks"] and g.state["vp"] == [1, 0]


def test_10_5_chit_pull_draws_the_solitaire_sides_hqs_and_places_them_next_to_their_units() -> None:
    g = tactica.new_game("combat_infantry", "night_patrol", seed=5, options={"chit_pull": "ger"})
    rng = random.Random(2)
    while not (g.state["active"] == 1 and g.decision().step == "deploy"):
        assert not (g.state["active"] == 1 and g.decision().step == "activate")  # never chosen by hand
        g.apply(rng.choice(g.legal_options()).id)
    assert "draws the chit of GE-C" in log_text(g)
    hq = block_of(g.state, g.state["act"]["hq"])
    assert hq.startswith("GE-C") and "Place the drawn HQ" in g.decision().prompt
    geo = geo_of(g.state)
    for o in g.legal_options():
        if o.id != "stay":
            j = o.args["hex"]
            assert any(j == r["hex"] or j in geo.nbrs[r["hex"]] for b, r in g.state["blocks"].items()
                       if b.startswith("GE-") and b != hq)


def test_10_5_a_bad_chit_pull_option_is_refused() -> None:
    with pytest.raises(RulesError, match="chit_pull"):
        tactica.new_game("combat_infantry", "night_patrol", seed=5, options={"chit_pull": "french"})


def test_4_4_an_hq_its_own_strike_eliminates_commands_no_more_and_the_activation_ends() -> None:
    """A CHQ next to the hex it strikes, alone with no squad of its company to replace it (4.4),
    falls to its own friendly fire (6.63): the activation ends there (it used to look the
    missing HQ up and fail)."""
    g = scene({"US-A-CHQ": "J4", "US-A-MG": "A1", "GE-A1-IN1": "J5", "GE-A1-PHQ": "N10"})
    g.state["support"] = [[1, 0], [0, 0]]
    activate(g, "US-A-CHQ")
    dice(g, 10, 9, 9)
    play(g, "artillery:J5:US-A-CHQ")
    assert "US-A-CHQ" not in g.state["blocks"] and g.state["vp"] == [0, 1]
    assert g.state["act"] is None and g.decision().step == "activate"
