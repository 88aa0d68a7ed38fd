"""Fire combat (6.0-6.7) and bombardment (6.6-6.63), with the digest's worked examples."""

from __future__ import annotations

from ci_helpers import activate, dice, hexi, ids, log_text, play, scene, steps

from tactica.games.combat_infantry.fire import bombard_ac, net_firepower, sight
from tactica.games.combat_infantry.movement import crossing
from tactica.games.combat_infantry.scenarios import geo_of


def test_6_1_example_c1_four_dice_at_f2_rolling_1_2_6_8_score_two_hits() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J3", "GE-A1-IN1": "J5", "GE-A1-IN2": "J5"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 2, 6, 8)
    play(g, "fire:J5")
    assert "4 dice at F2 roll [1, 2, 6, 8]: 2 hit(s)" in log_text(g)
    # 6.3: each hit goes to the strongest unit: both squads had 3 steps, so one hit each
    assert steps(g, "GE-A1-IN1") == 2 and steps(g, "GE-A1-IN2") == 2
    assert g.state["blocks"]["US-A3-IN1"]["posture"] == "up"  # 6.1: the firer turns face-up


def test_6_32_examples_c2_c3_armour_class_reduces_firepower() -> None:
    assert net_firepower(6, 4) == 2  # F6 tank at a face-up Sherman AC4 fires at F2
    assert net_firepower(3, 3) <= 0  # F3 infantry may not fire at a Panzer IV AC3 ...
    assert net_firepower(3, 3, assault=True) == 3  # ... except in an assault, where AC is 0


def test_2_6_example_c5_artillery_and_air_halve_a_bunkers_armour() -> None:
    assert bombard_ac(6, bunker=True) == 3
    assert bombard_ac(4, bunker=False) == 0  # other armour counts 0 against artillery and air


def test_2_11_example_c14_step_reduction_to_elimination_scores_a_vp() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "US-A3-IN2": "J4", "GE-A-MO": "J5"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:J5")
    assert steps(g, "GE-A-MO") == 2
    play(g, "cmd:US-A3-IN2")
    dice(g, 1, 1, 9, 9)
    play(g, "fire:J5")
    assert "GE-A-MO" not in g.state["blocks"] and g.state["dead"] == ["GE-A-MO"]
    assert g.state["vp"] == [1, 0]  # 6.33: 1 VP to the enemy


def test_6_7_st_abyen_half_hits_add_up_within_an_activation_and_a_single_one_is_cleared() -> None:
    # German squad in woods (D2): one hit is a half-hit; a second hit completes the step loss
    g = scene({"US-A1-PHQ": "K4", "US-A1-IN1": "K4", "US-A1-IN2": "K3", "US-A-MG": "J2",
               "GE-A1-IN1": "L3", "GE-A1-IN2": "M2"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:L3")
    assert steps(g, "GE-A1-IN1") == 3 and g.state["blocks"]["GE-A1-IN1"]["half"]
    play(g, "cmd:US-A1-IN2")
    dice(g, 2, 9, 9, 9)
    play(g, "fire:L3")
    assert steps(g, "GE-A1-IN1") == 2 and not g.state["blocks"]["GE-A1-IN1"]["half"]
    # one more half-hit on M2's squad stays pending until the activation ends, then it is cleared
    play(g, "cmd:US-A1-IN3") if "cmd:US-A1-IN3" in ids(g) else None
    assert "fire:M2" not in ids(g)  # nothing left able to fire at M2 from here in this scene
    play(g, "end")
    assert all(not r["half"] for r in g.state["blocks"].values())


def test_6_7_single_half_hit_is_wasted_at_the_end_of_the_activation() -> None:
    g = scene({"US-A1-PHQ": "K4", "US-A1-IN1": "K4", "GE-A1-IN1": "L3"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:L3")
    assert g.state["blocks"]["GE-A1-IN1"]["half"]
    play(g, "end")
    assert steps(g, "GE-A1-IN1") == 3 and not g.state["blocks"]["GE-A1-IN1"]["half"]
    assert f"half-hit on {g.state['pieces']['GE-A1-IN1']} in L3 is cleared" in log_text(g)


def test_2_52_sniper_target_never_has_d2() -> None:
    g = scene({"US-A1-PHQ": "K4", "US-BN-SN": "K4", "GE-A1-IN1": "L3"})
    g.state["attached"] = {"US-BN-SN": "A"}
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-BN-SN")
    dice(g, 1, 9)
    play(g, "fire:L3")
    assert steps(g, "GE-A1-IN1") == 2  # woods, but the sniper's hit is a full step


def test_6_31_only_face_up_units_may_be_targeted_and_hits_go_only_to_the_target() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J3", "US-A3-IN2": "J3",
               "GE-A1-IN1": ("J5", 3, "up"), "GE-A1-IN2": "J5"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    assert "fire:J5:GE-A1-IN1" in ids(g) and "fire:J5:GE-A1-IN2" not in ids(g)
    dice(g, 1, 1, 1, 1)
    play(g, "fire:J5:GE-A1-IN1")
    assert "GE-A1-IN1" not in g.state["blocks"]  # 3 steps gone, the fourth hit is wasted
    assert steps(g, "GE-A1-IN2") == 3


def test_6_51_long_range_one_unit_per_target_hex_from_a_firing_hex() -> None:
    g = scene({"US-A3-PHQ": "J2", "US-A3-IN1": "J2", "US-A3-IN2": "J2", "GE-A1-IN1": "J5", "GE-A1-IN2": "K4"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 9, 9, 9, 9)
    play(g, "fire:J5")
    play(g, "cmd:US-A3-IN2")
    assert "fire:J5" not in ids(g)  # the one long-range shot at J5 from J2 is taken
    assert "fire:K4" in ids(g)  # another hex is still open


def test_6_5_example_c11_mortar_bombards_one_fires_one_assaults_through_a_town_hexside() -> None:
    g = scene({"US-A2-PHQ": "G5", "US-A2-IN1": "G5", "US-A2-IN2": "G5", "US-A-MO": "G6",
               "US-A-CHQ": "A1", "GE-A1-IN1": "H5"})
    activate(g, "US-A2-PHQ")
    play(g, "cmd:US-A-MO")
    dice(g, 9, 9, 9)
    play(g, "bombard:H5")  # own LOS (adjacent): no fire limit used
    play(g, "cmd:US-A2-IN1")
    dice(g, 9, 9, 9, 9)
    play(g, "fire:H5")  # the town hexside's fire limit of 1
    play(g, "cmd:US-A2-IN2")
    assert "fire:H5" not in ids(g)
    play(g, "move")
    assert "to:H5" in ids(g)  # the assault limit of 1 is separate
    play(g, "to:H5")
    play(g, "hq")
    play(g, "move")
    assert "to:H5" not in ids(g)  # the one assault across G5/H5 is taken


def test_9_1_example_c12_fire_two_and_assault_one_across_a_ford() -> None:
    g = scene({"US-A2-PHQ": "F7", "US-A2-IN1": "F7", "US-A2-IN2": "F7", "US-A2-IN3": "F6", "GE-A1-IN1": "G8"})
    activate(g, "US-A2-PHQ")
    for b in ("US-A2-IN1", "US-A2-IN2"):
        play(g, f"cmd:{b}")
        dice(g, 9, 9, 9, 9)
        play(g, "fire:G8")
    play(g, "hq")
    assert "fire:G8" not in ids(g)  # fire limit 2 used up
    play(g, "move")
    assert "to:G8" not in ids(g)  # TEC note 5: an HQ may not assault across a ford


def test_6_61_example_c10_adjacent_spotter_adds_one_to_bombardment() -> None:
    g = scene({"US-A-CHQ": "K3", "US-A-MO": "C5", "GE-A1-IN1": "K4", "GE-A1-IN2": "J9"})
    activate(g, "US-A-CHQ")
    play(g, "cmd:US-A-MO")
    assert "bombard:K4:US-A-CHQ" in ids(g) and "bombard:K4" not in ids(g)  # unseen: needs a spotter
    dice(g, 5, 9, 9)
    play(g, "bombard:K4:US-A-CHQ")
    assert "3 dice at F5" in log_text(g)  # mortar F4 + 1 for the adjacent spotter
    assert steps(g, "GE-A1-IN1") == 2


def test_6_61_each_hq_spots_for_one_bombardment_a_game_turn() -> None:
    g = scene({"US-A-CHQ": "K3", "US-A-MO": "C5", "US-BN-MO": "C4", "GE-A1-IN1": "K4"})
    g.state["attached"] = {"US-BN-MO": "A"}
    activate(g, "US-A-CHQ")
    play(g, "cmd:US-A-MO")
    dice(g, 9, 9, 9)
    play(g, "bombard:K4:US-A-CHQ")
    play(g, "cmd:US-BN-MO")
    assert not any(o.startswith("bombard:K4") for o in ids(g))


def test_6_62_treeburst_bombardment_into_woods_ignores_d2() -> None:
    g = scene({"US-A1-PHQ": "K4", "US-A-MO": "K5", "GE-A1-IN1": "L3"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A-MO")
    assert "bombard:L3" not in ids(g)  # the woods hexside hides L3 from K5: it needs the spotter
    dice(g, 1, 9, 9)
    play(g, "bombard:L3:US-A1-PHQ")
    assert steps(g, "GE-A1-IN1") == 2 and not g.state["blocks"]["GE-A1-IN1"]["half"]


def test_6_63_friendly_fire_each_zero_hits_friendly_units_next_to_the_target() -> None:
    g = scene({"US-A1-PHQ": "K4", "US-A1-IN1": "J4", "US-A-MO": "K3", "GE-A1-IN1": "K5"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A-MO")
    dice(g, 10, 9, 9)
    play(g, "bombard:K5")
    assert "friendly fire" in log_text(g)
    assert steps(g, "US-A1-IN1") == 3  # the strongest friendly unit next to K5 takes the hit
    assert steps(g, "GE-A1-IN1") == 3


def test_6_4_los_diagram_woods_hexside_blocks_beyond_adjacent_and_adjacent_fires_through() -> None:
    g = scene({"US-A1-PHQ": "K4", "US-A1-IN1": "K4", "US-A1-IN2": "L3", "GE-A1-IN1": "N3", "GE-A1-IN2": "L4"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN2")
    opts = ids(g)
    assert "fire:L4" in opts  # adjacent, through its own woods hexside
    assert "fire:N3" not in opts  # two hexes out of the woods: the woods hexside blocks


def test_6_4_friendly_units_screen_fire_enemy_units_do_not() -> None:
    g = scene({"US-A3-PHQ": "J2", "US-A3-IN1": "J2", "US-A3-IN2": "J3", "GE-A1-IN1": "J4", "GE-A1-IN2": "J5"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    assert "fire:J4" not in ids(g)  # J3's friendly squad is in the way
    play(g, "hold")
    play(g, "cmd:US-A3-IN2")
    assert "fire:J5" in ids(g)  # through the enemy in J4


def test_6_4_hedge_blocks_even_adjacent_hexes() -> None:
    g = scene({"US-A3-PHQ": "J6", "US-A3-IN1": "J6", "GE-A1-IN1": "J7"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    assert "fire:J7" not in ids(g)


def test_6_41_a_hill_between_two_lower_hexes_blocks_and_the_hill_top_sees_over_it() -> None:
    g = scene({"US-A3-PHQ": "K6", "US-A3-IN1": "K6", "US-A3-IN2": "L6", "GE-A1-IN1": "N6", "GE-A1-PHQ": "A1"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    assert "fire:N6" not in ids(g)  # M5/M6 at level 1 stand between two level-0 hexes
    play(g, "hold")
    play(g, "cmd:US-A3-IN2")
    assert "fire:N6" in ids(g)  # from the hill top (level 1) the lower hex beyond is seen


def test_7_1_a_foxhole_is_dug_in_clear_terrain_and_gives_d2_against_fire() -> None:
    g = scene({"GE-A1-PHQ": "J5", "GE-A1-IN1": "J5", "US-A3-PHQ": "J3", "US-A3-IN1": "J4"}, active="ger")
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-A1-IN1")
    play(g, "foxhole")
    assert hexi(g, "J5") in g.state["foxholes"] and g.state["blocks"]["GE-A1-IN1"]["posture"] == "up"
    play(g, "end")  # the player turn passes to the Americans
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:J5:GE-A1-IN1")
    assert steps(g, "GE-A1-IN1") == 3 and g.state["blocks"]["GE-A1-IN1"]["half"]


def test_7_1_no_foxhole_outside_clear_terrain() -> None:
    g = scene({"GE-A1-PHQ": "H4", "GE-A1-IN1": "H4"}, active="ger")
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-A1-IN1")
    assert "foxhole" not in ids(g)  # a town hex


def test_2_6_a_chq_calls_one_artillery_strike_on_a_spotted_hex_using_a_command() -> None:
    g = scene({"US-A-CHQ": "J3", "US-A1-IN1": "A1", "GE-A1-IN1": "J5", "GE-A1-IN2": "N9",
               "GE-A1-PHQ": "N10"})
    g.state["support"] = [[2, 1], [0, 0]]
    activate(g, "US-A-CHQ")
    opts = ids(g)
    assert "artillery:J5:US-A-CHQ" in opts and "air:J5:US-A-CHQ" in opts
    assert not any(o.startswith("artillery:N9") for o in opts)  # out of the CHQ's spotting range
    dice(g, 1, 2, 9)
    play(g, "artillery:J5:US-A-CHQ")
    assert "3 dice at F7 roll [1, 2, 9]: 2 hit(s)" in log_text(g)
    assert steps(g, "GE-A1-IN1") == 1
    assert g.state["support"][0] == [1, 1] and g.state["act"]["left"] == 2
    opts = ids(g)
    assert not any(o.startswith(("artillery:", "air:")) for o in opts)  # one call per activation (2.7)


def test_2_7_air_strike_friendly_fire_counts_each_zero_twice() -> None:
    g = scene({"US-A-CHQ": "J3", "US-A1-IN1": "J4", "GE-A1-IN1": "K5", "GE-A1-PHQ": "N10"})
    g.state["support"] = [[0, 1], [0, 0]]
    activate(g, "US-A-CHQ")
    dice(g, 10, 9, 9)
    play(g, "air:K5:US-A-CHQ")
    assert steps(g, "US-A1-IN1") == 2  # one 0: two hits on the squad next to the target


def test_7_4_an_engineer_lays_smoke_next_to_it_which_blocks_sight_until_the_game_turn_ends() -> None:
    g = scene({"US-A3-PHQ": "K3", "US-BN-EN1": "K4", "US-A3-IN1": "J2", "GE-A1-IN1": "J5",
               "GE-A1-PHQ": "N10"})
    g.state["attached"] = {"US-BN-EN1": "A"}
    geo = geo_of(g.state)
    assert sight(geo, g.state, hexi(g, "J2"), hexi(g, "J5"))
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-BN-EN1")
    dice(g, 2, 9, 9)  # engineer F2: the 2 is a hit
    play(g, "smoke:J4")
    assert hexi(g, "J4") in g.state["smoke"] and "lays smoke on J4" in log_text(g)
    assert g.state["blocks"]["US-BN-EN1"]["posture"] == "up"  # a special action (7.0)
    play(g, "cmd:US-A3-IN1")
    assert "fire:J5" not in ids(g)  # the smoke in J4 blocks the line (7.4)
    assert not sight(geo, g.state, hexi(g, "J2"), hexi(g, "J5"))


def test_7_4_a_mortar_lays_smoke_only_on_a_spotted_hex_and_a_miss_lays_none() -> None:
    g = scene({"US-A-CHQ": "J3", "US-A-MO": "F2", "GE-A1-IN1": "J6", "GE-A1-PHQ": "N10"})
    activate(g, "US-A-CHQ")
    play(g, "cmd:US-A-MO")
    opts = ids(g)
    assert "smoke:J4:US-A-CHQ" in opts
    assert not any(o.startswith("smoke:J4") and o.count(":") == 1 for o in opts)  # never without a spotter
    dice(g, 9, 9, 9)
    play(g, "smoke:J4:US-A-CHQ")
    assert g.state["smoke"] == [] and "no smoke" in log_text(g)


def test_7_3_example_c9_engineer_demolishes_a_wooden_bridge_at_f3() -> None:
    g = scene({"US-A3-PHQ": "F10", "US-BN-EN1": "F9", "GE-A1-PHQ": "N1"})
    g.state["attached"] = {"US-BN-EN1": "A"}
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-BN-EN1")
    assert "demolish:F9/G10" in ids(g)
    dice(g, 3, 9, 9)
    play(g, "demolish:F9/G10")
    assert "at F3" in log_text(g) and "destroyed" in log_text(g)  # F2 + 1 for a wooden bridge
    assert g.state["blown"] == [f"{min(hexi(g, 'F9'), hexi(g, 'G10'))}-{max(hexi(g, 'F9'), hexi(g, 'G10'))}"]


def test_7_3_example_c9_mortar_bombards_a_bridge_at_half_f_and_a_destroyed_bridge_allows_no_assault() -> None:
    g = scene({"GE-A1-PHQ": "H5", "GE-BN-MO": "I5", "GE-A1-IN1": "G5", "US-A2-IN1": "F5", "US-A1-PHQ": "A1"},
              active="ger")
    g.state["attached"] = {"GE-BN-MO": "A"}
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-BN-MO")
    assert "bombard-bridge:F5/G5:GE-A1-PHQ" in ids(g)  # the town hides the bridge: the PHQ spots it
    dice(g, 3, 9, 9)
    play(g, "bombard-bridge:F5/G5:GE-A1-PHQ")
    assert "at F3" in log_text(g) and "destroyed" in log_text(g)  # F5 halved, rounded up
    assert crossing(g, "rifle", hexi(g, "F5"), hexi(g, "G5"), True, True) == (5, 0)  # assault limit 0
    assert crossing(g, "tank", hexi(g, "F5"), hexi(g, "G5"), False, True) is None


def test_7_3_artillery_strikes_a_spotted_bridge_at_half_firepower() -> None:
    g = scene({"US-A-CHQ": "E5", "GE-A1-PHQ": "N10"})
    g.state["support"] = [[1, 0], [0, 0]]
    activate(g, "US-A-CHQ")
    assert "artillery-bridge:F5/G5:US-A-CHQ" in ids(g)
    dice(g, 9, 4, 9)
    play(g, "artillery-bridge:F5/G5:US-A-CHQ")
    assert "at F4" in log_text(g) and "destroyed" in log_text(g)  # F7 halved, rounded up
    assert g.state["support"][0] == [0, 0] and len(g.state["blown"]) == 1


def test_10_3_at_night_a_mortar_lays_smoke_and_bombards_within_two_hexes_only() -> None:
    g = scene({"US-A-CHQ": "J3", "US-A-MO": "J1", "GE-A1-IN1": "J4", "GE-A1-PHQ": "N10"})
    g.state["night"] = True
    activate(g, "US-A-CHQ")
    play(g, "cmd:US-A-MO")
    opts = ids(g)
    assert "smoke:J3:US-A-CHQ" in opts and "smoke:J4:US-A-CHQ" not in opts  # J4 is 3 hexes from J1
    assert not any(o.startswith("bombard:J4") for o in opts)


def test_6_7_caron_farm_preparation_two_bombardment_hits_in_a_farm_cost_one_step() -> None:
    # Diagram 6: the German mortar rolls 2, 4, 7 (two hits at F5); farm D2 makes it one step lost
    g = scene({"GE-A1-PHQ": "L8", "GE-A-MO": "L9", "US-A1-IN1": ("K8", 3), "US-A-MG": ("K8", 2),
               "US-A1-PHQ": "A1"}, active="ger")
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-A-MO")
    opts = [o for o in ids(g) if o.startswith("bombard:K8")]
    assert opts
    dice(g, 2, 4, 7)
    play(g, opts[0])
    assert "2 hit(s)" in log_text(g)
    assert steps(g, "US-A1-IN1") == 2 and steps(g, "US-A-MG") == 2  # the stronger IN 3 -> IN 2
