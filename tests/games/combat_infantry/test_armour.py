"""Tanks, armoured cars and AT guns (2.53, 2.54, 6.32, 6.34, TEC notes 1, 5-7, 8.5)."""

from __future__ import annotations

import random
from typing import Any

from ci_helpers import activate, at, dice, hexi, ids, log_text, play, scene, steps

import tactica
from tactica.core.game import Game
from tactica.games.combat_infantry import RULES
from tactica.games.combat_infantry.fire import allocate

ATT = {"US-BN-TK3": "A", "US-BN-AT": "A", "US-BN-AC": "A", "GE-BN-TK2": "A", "GE-BN-AT1": "A"}


def _scene(placements: dict[str, Any], active: str = "usa") -> Game:
    g = scene(placements, active=active)
    g.state["attached"] = dict(ATT)
    g.refresh()
    return g


def test_2_53_a_hidden_tank_has_ac_zero_and_takes_hits_like_any_unit() -> None:
    g = _scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "GE-BN-TK2": "J5", "GE-A1-PHQ": "N10"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 2, 9, 9)
    play(g, "fire:J5")
    assert steps(g, "GE-BN-TK2") == 1


def test_6_32_example_c3_infantry_cannot_target_a_face_up_panzer_iv_and_its_hits_pass_it_by() -> None:
    g = _scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "GE-BN-TK2": ("J5", 3, "up"), "GE-A1-PHQ": "N10"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    assert "fire:J5:GE-BN-TK2" not in ids(g)  # F3 - AC3 = F0: no fire at it
    dice(g, 1, 1, 1, 1)
    play(g, "fire:J5")  # at the hex: a face-up tank is left out of the hits
    assert steps(g, "GE-BN-TK2") == 3 and "finds no unit" in log_text(g)


def test_6_32_st_abyen_at_gun_targets_a_face_up_tank_in_town_at_f2_and_d2_makes_it_a_half_hit() -> None:
    g = _scene({"US-A1-PHQ": "G5", "US-BN-AT": "G5", "GE-BN-TK2": ("H5", 3, "up"), "GE-A1-PHQ": "N10"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-BN-AT")
    assert "fire:H5:GE-BN-TK2" in ids(g)
    dice(g, 2, 9)
    play(g, "fire:H5:GE-BN-TK2")
    assert "2 dice at F2" in log_text(g)  # the 57 mm's F5 less the Panzer IV's AC3
    assert steps(g, "GE-BN-TK2") == 3 and g.state["blocks"]["GE-BN-TK2"]["half"]
    play(g, "end")
    assert not g.state["blocks"]["GE-BN-TK2"]["half"]  # "wasted": cleared at the end


def test_6_32_example_c2_tank_f6_against_a_face_up_sherman_fires_at_f2() -> None:
    g = _scene({"GE-A1-PHQ": "J3", "GE-BN-TK2": "J3", "US-BN-TK3": ("J5", 3, "up"), "US-A1-PHQ": "A1"},
               "ger")
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-BN-TK2")
    dice(g, 2, 3, 9)
    play(g, "fire:J5:US-BN-TK3")
    assert "3 dice at F2" in log_text(g) and steps(g, "US-BN-TK3") == 2


def test_2_53_a_tank_is_revealed_when_it_moves_and_keeps_out_of_town_and_woods_except_by_road() -> None:
    g = _scene({"US-A2-PHQ": "G5", "US-BN-TK3": "G4", "GE-A1-PHQ": "N10"})
    activate(g, "US-A2-PHQ")
    play(g, "cmd:US-BN-TK3")
    play(g, "move")
    opts = ids(g)
    assert "to:H4" not in opts and "to:F4" not in opts  # town hexside; river
    play(g, "to:G5")
    assert g.state["blocks"]["US-BN-TK3"]["posture"] == "up"
    assert "to:H5" in ids(g)  # along the road into the town


def test_8_5_tanks_cross_fords_but_armoured_cars_and_guns_may_not() -> None:
    g = _scene({"US-A2-PHQ": "F6", "US-BN-TK3": "F7", "US-BN-AC": "F7", "GE-A1-PHQ": "N10"})
    activate(g, "US-A2-PHQ")
    play(g, "cmd:US-BN-TK3")
    play(g, "move")
    assert "to:G8" in ids(g)  # the ford F7/G8
    play(g, "stop")
    g2 = _scene({"US-A2-PHQ": "F6", "US-BN-AC": "F7", "GE-A1-PHQ": "N10"})
    activate(g2, "US-A2-PHQ")
    play(g2, "cmd:US-BN-AC")
    play(g2, "move")
    assert "to:G8" not in ids(g2) and "to:G7" not in ids(g2)


def test_3_4_a_tank_breaks_through_a_hedge_from_next_to_it_and_leaves_a_gap() -> None:
    g = _scene({"US-A2-PHQ": "D5", "US-BN-TK3": "D6", "US-A2-IN1": "E6", "GE-A1-PHQ": "N10"})
    activate(g, "US-A2-PHQ")
    play(g, "cmd:US-BN-TK3")
    play(g, "move")
    assert "to:D7" in ids(g)  # D6/D7 is a hedge: only a tank, and from the hex next to it
    play(g, "to:D7")
    assert "hedge" in log_text(g) and len(g.state["gaps"]) == 1
    play(g, "stop")
    play(g, "cmd:US-A2-IN1")
    play(g, "move")
    assert "to:E7" not in ids(g)  # E6/E7 is still a hedge for the infantry
    play(g, "to:D6")
    assert "to:D7" in ids(g)  # through the tank's gap


def test_6_34_a_destroyed_tank_leaves_a_wreck_that_costs_one_more_mp_to_enter() -> None:
    g = _scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "US-A3-IN2": "J2", "GE-BN-TK2": ("J5", 1),
                "GE-A1-PHQ": "N10"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:J5")
    assert "GE-BN-TK2" not in g.state["blocks"] and hexi(g, "J5") in g.state["wrecks"]
    assert g.state["vp"] == [1, 0]
    play(g, "cmd:US-A3-IN2")
    play(g, "move")
    play(g, "to:J3")
    play(g, "to:J4")
    assert at(g, "US-A3-IN2") == "J4"
    assert "to:J5" not in ids(g) and "to:K4" in ids(g)  # 2 MP left: the wreck hex costs 3


def test_2_6_artillery_counts_a_face_up_tanks_armour_as_zero() -> None:
    g = _scene({"US-A-CHQ": "J3", "GE-BN-TK2": ("J5", 3, "up"), "GE-A1-PHQ": "N10"})
    g.state["support"] = [[1, 0], [0, 0]]
    activate(g, "US-A-CHQ")
    dice(g, 1, 9, 9)
    play(g, "artillery:J5:US-A-CHQ")
    assert steps(g, "GE-BN-TK2") == 2


def test_9_61_at_guns_cannot_move_into_an_assault_nor_cross_rivers() -> None:
    g = _scene({"US-A2-PHQ": "F4", "US-BN-AT": "F4", "GE-A1-IN1": "F3", "GE-A1-PHQ": "N10"})
    activate(g, "US-A2-PHQ")
    play(g, "cmd:US-BN-AT")
    play(g, "move")
    assert "to:F3" not in ids(g) and "to:G4" not in ids(g) and "to:G5" not in ids(g)


def test_1_3_a_face_up_tank_may_stay_revealed_at_the_end_of_the_game_turn() -> None:
    g = _scene({"US-A1-PHQ": "A1", "US-BN-TK3": ("B5", 3, "up"), "GE-A1-PHQ": "N10",
                "GE-BN-TK2": ("N5", 3, "up")})
    g.state["pt"] = 8
    g.state["stack"] = [{"step": "game_turn", "args": {}}]
    g.refresh()
    assert g.decision().step == "tank_upright" and g.decision().seat == 1  # GE-BN-TK2 first (id order)
    play(g, "revealed")
    assert g.decision().step == "tank_upright" and g.decision().seat == 0
    play(g, "upright")
    assert g.state["blocks"]["GE-BN-TK2"]["posture"] == "up" and not g.state["blocks"]["GE-BN-TK2"]["acted"]
    assert g.state["blocks"]["US-BN-TK3"]["posture"] == "upright"
    assert g.state["gt"] == 2


def test_2_55_a_bunker_is_always_face_up_only_fires_and_keeps_out_of_untargeted_fire() -> None:
    g = tactica.new_game("combat_infantry", "saint_martin", seed=1)
    assert g.state["blocks"]["GE-BN-BK"]["posture"] == "up"
    g = _scene({"GE-A1-PHQ": "G3", "GE-BN-BK": ("G4", 3, "up"), "GE-A1-IN1": "G4", "US-A2-IN1": "F5",
                "US-A2-PHQ": "A1"}, "ger")
    g.state["attached"] = {"GE-BN-BK": "A"}
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-BN-BK")
    assert set(ids(g)) <= {"fire:F5", "hold"} and "fire:F5" in ids(g)  # no rally, move or special
    play(g, "hold")
    assert g.state["blocks"]["GE-BN-BK"]["posture"] == "up"  # done, and still face-up


def test_2_55_the_bunker_stays_face_up_through_whole_random_games() -> None:
    for seed in range(25):
        g = tactica.new_game("combat_infantry", "saint_martin", seed=seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_options()).id)
            r = g.state["blocks"].get("GE-BN-BK")
            assert r is None or r["posture"] == "up", (seed, g.log_lines()[-2:])


def test_2_6_example_c5_artillery_may_target_a_bunker_whose_ac6_counts_as_ac3() -> None:
    g = _scene({"US-A-CHQ": "F4", "GE-BN-BK": ("G4", 3, "up"), "GE-A1-IN1": "G4", "GE-A1-PHQ": "N10"})
    g.state["attached"] = {"GE-BN-BK": "A"}
    g.state["support"] = [[2, 0], [0, 0]]
    activate(g, "US-A-CHQ")
    assert "artillery:G4:US-A-CHQ:GE-BN-BK" in ids(g)
    dice(g, 1, 2, 6)
    play(g, "artillery:G4:US-A-CHQ:GE-BN-BK")
    assert "3 dice at F5" in log_text(g)  # F7 + 1 (adjacent spotter) - AC3
    assert steps(g, "GE-BN-BK") == 1 and steps(g, "GE-A1-IN1") == 3


def test_2_55_untargeted_strikes_pass_a_bunker_by_and_assaults_count_its_ac_as_zero() -> None:
    g = _scene({"US-A-CHQ": "F4", "GE-BN-BK": ("G4", 3, "up"), "GE-A1-PHQ": "N10"})
    g.state["attached"] = {"GE-BN-BK": "A"}
    g.state["support"] = [[1, 0], [0, 0]]
    activate(g, "US-A-CHQ")
    dice(g, 1, 1, 1)
    play(g, "artillery:G4:US-A-CHQ")
    assert steps(g, "GE-BN-BK") == 3  # left out of the untargeted hits: AC3 against artillery
    allocate(g, hexi(g, "G4"), 1, 1, "assault", "9.65")
    assert steps(g, "GE-BN-BK") == 2  # AC 0 in an assault


def test_2_53_a_hidden_tank_that_stops_before_moving_lies_face_down_like_any_unit() -> None:
    """A tank commanded to move that stops before crossing a hexside was never revealed (2.53):
    it goes face-down and done as a squad would; left upright it told the other side it was a
    tank (the hidden-information fuzz found it once resample re-dealt the unit under way)."""
    g = scene({"US-A-CHQ": "B2", "US-BN-TK1": "B3", "US-A1-IN1": "B4", "GE-A1-IN1": "N10"})
    g.state["attached"] = {"US-BN-TK1": "A"}
    activate(g, "US-A-CHQ")
    for unit in ("US-BN-TK1", "US-A1-IN1"):
        play(g, f"cmd:{unit}")
        play(g, "move")
        play(g, "stop")
        assert g.state["blocks"][unit]["posture"] == "down"
    ger = {h["piece"]: h["posture"] for h in RULES.view(g, 1, False)["hidden_blocks"]}
    assert ger[g.state["pieces"]["US-BN-TK1"]] == ger[g.state["pieces"]["US-A1-IN1"]] == "down"
