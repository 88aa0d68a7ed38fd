"""Ranged combat (GW Ranged 1-9), the rulebook's Deadly Die reroll examples, tank retreat."""

from gw_helpers import arena, force, ids, text

INF, MG, MORTAR, MALE, FEMALE = "infantry", "machine_gun", "mortar", "tank_male", "tank_female"


def test_ranged_example_1_machine_gun_vs_tank_rerolls_only_the_burst():
    g = arena([("m", 0, MG, "F7"), ("t", 1, FEMALE, "F5")])
    force(g, "soldier", "deadly", "burst", "burst")
    g.apply("fire:m:t")
    log = text(g)
    assert "with 3 dice: soldier, deadly, burst" in log
    assert "Confirming hits on t: 1 dice: burst: 1 confirmed" in log
    assert g.state["units"]["t"]["tokens"] == 1


def test_ranged_example_2_bomber_at_two_hexes_rerolls_burst_and_deadly():
    g = arena([("i", 0, INF, "F7", {"bomber": True}), ("t", 1, FEMALE, "F5")])
    g.state["units"]["i"]["close_dice"] = 0
    force(g, "soldier", "deadly", "hq", "hq")  # 2 dice at range 2; then 2 confirm dice
    # infantry rolls 2 dice at 2 hexes: use a burst and a deadly
    g.chance.cs["forced"].clear()
    force(g, "deadly", "burst", "soldier", "burst")
    g.apply("fire:i:t")
    assert "Confirming hits on t: 2 dice: soldier, burst: 1 confirmed" in text(g)


def test_ranged_example_2_without_bomber_deadly_is_not_rerolled():
    g = arena([("i", 0, INF, "F7"), ("t", 1, FEMALE, "F5")])
    force(g, "deadly", "burst", "burst")
    g.apply("fire:i:t")
    assert "Confirming hits on t: 1 dice" in text(g)


def test_ranged_example_3_reserve_artillery_on_target_rerolls_deadly_plus_artillery_die():
    g = arena([("i", 0, INF, "B9"), ("t", 1, MALE, "F5")])
    g.state["barrage"] = True
    g.refresh()
    force(g, "burst", "soldier")  # targeting: on target, no crater
    force(g, "soldier", "deadly", "hq")  # battle roll
    force(g, "burst", "flag")  # two confirmation dice
    g.apply("barrage:t")
    log = text(g)
    assert "on target" in log
    assert "Confirming hits on t: 2 dice" in log
    assert g.state["hq"][0] == 1


def test_ranged_hq_tokens_not_collected_on_confirmation_roll():
    g = arena([("m", 0, MG, "F7"), ("t", 1, FEMALE, "F5")])
    force(g, "burst", "soldier", "soldier", "hq")
    g.apply("fire:m:t")
    assert g.state["hq"][0] == 0


def test_tank_retreat_example_1_two_flags_one_ignored_one_confirm_die():
    g = arena([("i", 0, INF, "F7"), ("t", 1, FEMALE, "F5")])
    force(g, "flag", "flag", "burst")
    g.apply("fire:i:t")
    log = text(g)
    assert "ignores 1 flag(s) and never retreats; 1 flag(s)" in log
    assert "Confirming hits on t: 1 dice: burst" in log
    assert "falls back" not in log


def test_tank_retreat_example_2_barrage_crater_voids_free_flag():
    g = arena([("i", 0, INF, "B9"), ("t", 1, FEMALE, "F5")])
    g.state["barrage"] = True
    g.refresh()
    force(g, "burst", "burst", "flag", "soldier", "hq", "soldier")
    g.apply("barrage:t")
    log = text(g)
    assert "shell crater" in log
    assert "ignores 0 flag(s)" in log
    assert "Confirming hits on t: 1 dice" in log  # the flag; no hit so no artillery die
    from tactica.games.great_war.scenarios import geo_of_state
    assert g.state["terrain"][geo_of_state(g.state).index["F5"]] == "crater"


def test_tank_hit_confirmation_no_terrain_protection_and_tokens_then_destroyed():
    g = arena([("m", 0, MG, "F7"), ("t", 1, FEMALE, "F5", {"tokens": 0})], terrain={"F5": "trench"})
    force(g, "burst", "burst", "soldier", "burst", "soldier")
    g.apply("fire:m:t")
    assert "t" not in g.state["units"]
    assert g.state["medals"][0] == 2  # tank victory value


def test_ranged_confirm_extra_die_for_bogged_tank_and_male_cannon():
    g = arena([("m", 0, MALE, "F7"), ("t", 1, FEMALE, "F5", {"bog": "bogged"})])
    force(g, "burst", "soldier", "soldier", "soldier", "soldier")
    g.apply("fire:m:t")
    assert "Confirming hits on t: 3 dice" in text(g)  # burst + bogged + male cannon


def test_ranged_infantry_range_table():
    g = arena([("i", 0, INF, "F9"), ("a", 1, INF, "F7"), ("b", 1, INF, "F5"), ("c", 1, INF, "G4"),
               ("d", 1, INF, "E3")])
    opts = {o.id: o.args.get("dice") for o in g.legal_options()}
    assert opts["fire:i:a"] == 2
    g2 = arena([("i", 0, INF, "F9"), ("c", 1, INF, "G6"), ("d", 1, INF, "F4")])
    o2 = {o.id: o.args.get("dice") for o in g2.legal_options()}
    assert o2["fire:i:c"] == 1 and "fire:i:d" not in o2  # 3 hexes: 1 die; 5 hexes: out of range


def test_ranged_machine_gun_and_mortar_may_not_fire_after_moving():
    g = arena([("m", 0, MG, "F9", {"moved": 1}), ("r", 0, MORTAR, "D9", {"moved": 1}), ("x", 1, INF, "F7")])
    assert not any(i.startswith("fire:") for i in ids(g))


def test_ranged_infantry_may_move_one_and_fire_not_two():
    g = arena([("i", 0, INF, "F9", {"moved": 1}), ("j", 0, INF, "H9", {"moved": 2}), ("x", 1, INF, "F7")])
    assert "fire:i:x" in ids(g) and "fire:j:x" not in ids(g)


def test_ranged_mortar_needs_no_line_of_sight():
    g = arena([("r", 0, MORTAR, "F9"), ("x", 1, INF, "F5"), ("m", 0, INF, "G9")],
              terrain={"F7": "forest", "G7": "forest", "F8": "forest", "G8": "forest"})
    assert "fire:r:x" in ids(g)
    assert "fire:m:x" not in ids(g)


def test_ranged_adjacent_unit_must_close_combat():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5"), ("y", 1, INF, "H5")])
    assert "close:i:x" in ids(g)
    assert not any(o.startswith("fire:i") for o in ids(g))


def test_ranged_terrain_dice_reduction_forest():
    g = arena([("i", 0, INF, "F7"), ("x", 1, INF, "F5")], terrain={"F7": "forest"})
    assert {o.id: o.args["dice"] for o in g.legal_options() if o.kind == "fire"}["fire:i:x"] == 1


def test_ranged_terrain_protection_trench_stops_soldiers():
    g = arena([("m", 0, MG, "F7"), ("x", 1, INF, "F5")], terrain={"F5": "trench"})
    force(g, "soldier", "soldier", "burst")
    g.apply("fire:m:x")
    assert g.state["units"]["x"]["figs"] == 3


def test_ranged_machine_gun_cross_fire_rolls_all_dice_together():
    g = arena([("m", 0, MG, "F7"), ("n", 0, MG, "H7"), ("x", 1, INF, "G5")])
    assert "crossfire:m+n:x" in ids(g)
    force(g, "soldier", "soldier", "soldier", "hq", "hq", "hq")
    g.apply("crossfire:m+n:x")
    assert "m+n fires at x with 6 dice" in text(g)
    assert g.state["units"]["m"]["battled"] and g.state["units"]["n"]["battled"]
    assert g.state["hq"][0] == 3


def test_ranged_los_graze_blocked_only_when_both_sides_obstructed():
    # F7 -> F5 runs along the hexside between E6 and F6
    g = arena([("i", 0, INF, "F7"), ("x", 1, INF, "F5"), ("b", 0, INF, "E6")])
    assert "fire:i:x" in ids(g)
    g = arena([("i", 0, INF, "F7"), ("x", 1, INF, "F5"), ("b", 0, INF, "E6")], terrain={"F6": "forest"})
    assert "fire:i:x" not in ids(g)


def test_ranged_los_blocked_by_unit_in_between_and_not_by_target_terrain():
    g = arena([("i", 0, INF, "F9"), ("x", 1, INF, "F5"), ("b", 1, INF, "F7")])
    assert "fire:i:x" not in ids(g)
    g = arena([("i", 0, INF, "F7"), ("x", 1, INF, "F5")], terrain={"F5": "forest"})
    assert "fire:i:x" in ids(g)


def test_general_unit_battles_once_and_one_type():
    g = arena([("i", 0, INF, "F7"), ("x", 1, INF, "F5")])
    force(g, "hq", "hq")
    g.apply("fire:i:x")
    assert not any(o.startswith(("fire:i", "close:i")) for o in ids(g))


def test_ranged_tank_may_not_battle_after_entering_building():
    g = arena([("t", 0, FEMALE, "F7", {"moved": 1, "building": True}), ("x", 1, INF, "F5")],
              terrain={"F7": "building"})
    assert ids(g) == ["done"]
