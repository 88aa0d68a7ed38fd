"""Close combat, retreats, flags, Tankschreck, gaining ground and bonus combat (rulebook 003)."""

from gw_helpers import arena, force, hexof, ids, text

INF, MG, FA, MALE, FEMALE = "infantry", "machine_gun", "field_artillery", "tank_male", "tank_female"


def test_close_deadly_side_scores_a_hit():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")])
    force(g, "deadly", "deadly", "hq")
    g.apply("close:i:x")
    assert g.state["units"]["x"]["figs"] == 2


def test_close_hits_forum_ruling_soldiers_through_protection():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")], terrain={"F5": "crater"})
    force(g, "soldier", "soldier", "burst")
    g.apply("close:i:x")
    assert g.state["units"]["x"]["figs"] == 2  # crater stops one soldier: 1 soldier + 1 burst


def test_close_terrain_reduces_attacker_dice():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")], terrain={"F6": "wire"})
    assert [o.args["dice"] for o in g.legal_options() if o.id == "close:i:x"] == [2]


def test_close_machine_gun_may_not_close_after_moving():
    g = arena([("m", 0, MG, "F6", {"moved": 1}), ("x", 1, INF, "F5")])
    assert ids(g) == ["done"]


def test_close_elimination_gives_medal():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5", {"figs": 1})])
    force(g, "burst", "hq", "hq")
    g.apply("close:i:x")
    assert "x" not in g.state["units"] and g.state["medals"][0] == 1


def test_retreat_toward_own_baseline_two_choices_owner_picks():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")])
    force(g, "flag", "hq", "hq")
    g.apply("close:i:x")
    assert g.decision().seat == 1
    assert sorted(ids(g)) == ["retreat:E4", "retreat:F4"]
    g.apply("retreat:E4")
    assert hexof(g, "x") == "E4"


def test_retreat_blocked_costs_one_hit_per_hex():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5"), ("p", 1, INF, "E4"), ("q", 0, INF, "F4")])
    force(g, "flag", "flag", "hq")
    g.apply("close:i:x")
    assert g.state["units"]["x"]["figs"] == 2 and hexof(g, "x") == "F5"


def test_retreat_partly_blocked_moves_then_takes_hit():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5"), ("p", 1, INF, "G3"), ("q", 0, INF, "F3"),
               ("r", 0, INF, "E4")], terrain={})
    force(g, "flag", "flag", "hq")
    g.apply("close:i:x")
    assert hexof(g, "x") == "F4" and g.state["units"]["x"]["figs"] == 3


def test_retreat_at_baseline_takes_hits():
    g = arena([("i", 0, INF, "F2"), ("x", 1, INF, "F1")])
    force(g, "flag", "hq", "hq")
    g.apply("close:i:x")
    assert g.state["units"]["x"]["figs"] == 3
    assert "at its baseline" in text(g)


def test_retreat_impassable_not_entered_terrain_otherwise_ignored():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")], terrain={"E4": "flooded", "F4": "forest"})
    force(g, "flag", "hq", "hq")
    g.apply("close:i:x")
    assert hexof(g, "x") == "F4"


def test_bolster_morale_owner_chooses_flags_to_ignore():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")], terrain={"F5": "trench"})
    force(g, "flag", "flag", "hq")
    g.apply("close:i:x")
    assert ids(g) == ["ignore:0", "ignore:1"]
    g.apply("ignore:1")
    assert sorted(ids(g)) == ["retreat:E4", "retreat:F4"]


def test_bolster_morale_tankschreck_soldiers_close_assaulted_by_tank_cannot_ignore():
    g = arena([("t", 0, FEMALE, "F6"), ("x", 1, INF, "F5")], terrain={"F5": "trench"})
    force(g, "flag", "hq", "hq", "hq")
    g.apply("close:t:x")
    assert sorted(ids(g)) == ["retreat:E4", "retreat:F4"]


def test_bolster_morale_tankschreck_not_in_building():
    g = arena([("t", 0, FEMALE, "F6"), ("x", 1, INF, "F5")], terrain={"F5": "building"})
    force(g, "flag", "hq", "hq", "hq")
    g.apply("close:t:x")
    assert ids(g) == ["ignore:0", "ignore:1"]


def test_bolster_morale_tankschreck_not_for_field_artillery():
    g = arena([("t", 0, FEMALE, "F6"), ("x", 1, FA, "F5")], terrain={"F5": "trench"})
    force(g, "flag", "hq", "hq", "hq")
    g.apply("close:t:x")
    assert ids(g) == ["ignore:0", "ignore:1"]


def test_combat_card_hold_the_line_ignores_one_more_flag():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")], hq=1)
    g.state["combat_hands"][1] = ["hold_the_line#1"]
    force(g, "flag", "hq", "hq")
    g.apply("close:i:x")
    assert ids(g) == ["ignore:0", "hold:hold_the_line"]
    g.apply("hold:hold_the_line")
    assert hexof(g, "x") == "F5" and g.state["hq"][1] == 0


def test_gain_ground_optional_for_infantry():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")])
    force(g, "flag", "hq", "hq")
    g.apply("close:i:x")
    g.apply("retreat:E4")
    assert ids(g) == ["advance", "stay"]
    g.apply("advance")
    assert hexof(g, "i") == "F5"


def test_gain_ground_not_for_machine_gun():
    g = arena([("m", 0, MG, "F6"), ("x", 1, INF, "F5", {"figs": 1})])
    force(g, "burst", "hq", "hq")
    g.apply("close:m:x")
    assert g.top() == {} and g.frame_names() == ["battle_phase"]


def test_gain_ground_not_after_entering_stopping_terrain():
    g = arena([("i", 0, INF, "F6", {"moved": 1, "stopped": True}), ("x", 1, INF, "F5", {"figs": 1})],
              terrain={"F6": "crater"})
    force(g, "burst", "hq", "hq")
    g.apply("close:i:x")
    assert g.frame_names() == ["battle_phase"]


def test_gain_ground_not_after_first_strike():
    g = arena([("i", 0, INF, "F6", {"no_gain": True, "close_dice": 1}), ("x", 1, INF, "F5", {"figs": 1})])
    assert [o.args["dice"] for o in g.legal_options() if o.id == "close:i:x"] == [4]
    force(g, "burst", "hq", "hq", "hq")
    g.apply("close:i:x")
    assert g.frame_names() == ["battle_phase"]


def test_gain_ground_not_with_butt_and_bayonet():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5", {"figs": 1})], hq=1)
    g.state["combat_hands"][0] = ["butt_bayonet#1"]
    g.apply("close:i:x")
    assert ids(g) == ["play:butt_bayonet", "none"]
    force(g, "burst", "hq", "hq", "hq")
    g.apply("play:butt_bayonet")
    assert "with 4 dice" in text(g)
    assert g.frame_names() == ["battle_phase"]


def test_gain_ground_mandatory_for_tank_then_bonus_close_combat():
    g = arena([("t", 0, MALE, "F6"), ("x", 1, INF, "F5", {"figs": 1}), ("y", 1, INF, "F4")])
    force(g, "burst", "hq", "hq")
    g.apply("close:t:x")
    assert hexof(g, "t") == "F5"
    assert ids(g) == ["close:t:y", "decline"]
    force(g, "hq", "hq", "hq")
    g.apply("close:t:y")
    assert g.frame_names() == ["battle_phase"]  # one bonus only


def test_bonus_female_tank_may_fire_when_no_enemy_adjacent():
    g = arena([("t", 0, FEMALE, "F6"), ("x", 1, INF, "F5", {"figs": 1}), ("y", 1, INF, "F3")])
    force(g, "burst", "hq", "hq", "hq")
    g.apply("close:t:x")
    assert ids(g) == ["fire:t:y", "decline"]


def test_bonus_male_tank_no_ranged_bonus():
    g = arena([("t", 0, MALE, "F6"), ("x", 1, INF, "F5", {"figs": 1}), ("y", 1, INF, "F3")])
    force(g, "burst", "hq", "hq")
    g.apply("close:t:x")
    assert g.frame_names() == ["battle_phase"]


def test_bonus_tank_bogged_on_gain_ground_gets_none():
    g = arena([("t", 0, MALE, "F6"), ("x", 1, INF, "F5", {"figs": 1}), ("y", 1, INF, "F4")],
              terrain={"F5": "trench"})
    force(g, "burst", "hq", "hq", "flag")  # bog roll: flag
    g.apply("close:t:x")
    assert g.state["units"]["t"]["bog"] == "bogged"
    assert g.frame_names() == ["battle_phase"]


def test_bonus_battle_fury_infantry_second_close_combat_then_no_more():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5", {"figs": 1}), ("y", 1, INF, "F4", {"figs": 1})],
              hq=2)
    g.state["combat_hands"][0] = ["battle_fury#1"]
    g.apply("close:i:x")
    force(g, "burst", "hq", "hq")
    g.apply("play:battle_fury")
    g.apply("advance")
    assert ids(g) == ["close:i:y", "decline"]
    force(g, "burst", "hq", "hq")
    g.apply("close:i:y")
    assert ids(g) == ["advance", "stay"]
    g.apply("advance")
    assert hexof(g, "i") == "F4" and g.frame_names() == ["battle_phase"]


def test_bonus_battle_fury_none_when_gaining_into_stopping_terrain():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5", {"figs": 1}), ("y", 1, INF, "F4")],
              terrain={"F5": "trench"}, hq=2)
    g.state["combat_hands"][0] = ["battle_fury#1"]
    g.apply("close:i:x")
    force(g, "burst", "hq", "hq")
    g.apply("play:battle_fury")
    g.apply("advance")
    assert g.frame_names() == ["battle_phase"]
