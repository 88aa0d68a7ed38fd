"""The designed game: turn flow, cards, movement, views, and the random-vs-random fuzz."""

import random

import pytest
from gw_helpers import arena, battlefield, force, hexof, ids, text

import tactica
from tactica.core.rules import plain_data_problem
from tactica.games.great_war import RULES
from tactica.games.great_war.cards import COMBAT, COMMAND

SCENARIOS = [s.id for s in RULES.scenarios()]


def play(sid, seed, limit=20000):
    g = tactica.new_game("great_war", sid, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if g.is_terminal():
            return g
        opts = g.legal_options()
        assert opts
        g.apply(rng.choice(opts))
    raise AssertionError("runaway game")


def test_scenarios_at_least_two_one_with_tanks():
    assert {"ridge_trench", "iron_tide"} <= set(SCENARIOS)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_fuzz_random_games_end_and_replay_byte_for_byte(sid):
    for seed in range(6):
        g = play(sid, seed)
        assert plain_data_problem(g.state) is None, plain_data_problem(g.state)
        assert g.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        again = play(sid, seed)
        assert g.log_lines() == again.log_lines()
        r = tactica.replay(g.record.to_dict())
        assert r.log_lines() == g.log_lines()


def test_fuzz_clone_is_independent_and_views_hide_hands():
    g = tactica.new_game("great_war", "iron_tide", seed=3)
    v0 = g.view(0)["board"]
    assert v0["hands"][0] is not None and v0["hands"][1] is None
    assert "order" not in v0["command_deck"]
    c = g.clone()
    c.apply(c.legal_options()[0])
    assert g.state != c.state
    r = g.resample_from_infostate(0, 5)
    assert sorted(r.state["hands"][0]) == sorted(g.state["hands"][0])
    assert all(x.split("#")[0] in COMMAND for x in r.state["hands"][1])
    assert all(x.split("#")[0] in COMBAT for x in r.state["combat_hands"][1])


def test_turn_play_card_order_in_section_move_battle_draw():
    g = battlefield(hand=["probe_left#1"])
    s = g.state
    assert ids(g) == ["card:probe_left"]
    g.apply("card:probe_left")
    orderable = {o.args["unit"] for o in g.legal_options() if o.kind == "order"}
    assert orderable == {"a1", "a2", "a3"}  # left section: columns A-E (and E on even rows)
    g.apply("order:a1")
    g.apply("order:a2")
    assert ids(g) == ["done"]
    g.apply("done")
    assert "move:a1:C6" in ids(g)  # forest: may enter, must stop there
    g.apply("move:a1:C6")
    g.apply("done")
    g.apply("done")
    assert s["active"] == 1 and len(s["hands"][0]) == 1 and "Probe" in text(g)


def test_command_card_general_advance_orders_per_section():
    g = battlefield(hand=["general_advance#1"])
    g.apply("card:general_advance")
    for u in ("a1", "a2"):
        g.apply(f"order:{u}")
    assert g.state["order"]["per"] == [0, 2, 2]
    left = {o.args["unit"] for o in g.legal_options() if o.kind == "order"}
    assert "a3" in left  # E8 lies on the section line: it can use the centre slot


def test_command_card_tanks_forward_falls_back_without_tanks():
    g = battlefield(hand=["tank_attack#1"])
    g.apply("card:tank_attack")
    g.apply("order:a5")
    assert ids(g) == ["done"]


def test_command_card_first_strike_orders_adjacent_units_that_hold():
    fresh = {"ordered": False}
    g = arena([("i", 0, INF := "infantry", "F6", fresh), ("j", 0, INF, "B8", fresh),
               ("x", 1, INF, "F5", fresh)], step="order_units", active=0, card="first_strike#1")
    assert g.state["order"] == {"left": 3, "per": [0, 0, 0], "kinds": None}
    assert [o for o in ids(g) if o.startswith("order")] == ["order:i"]


def test_command_card_barrage_needs_a_battery():
    g = battlefield(hand=["barrage#1"])
    g.apply("card:barrage")
    assert g.state["barrage"] is True
    g.apply("done")
    g.apply("done")
    assert any(o.startswith("barrage:") for o in ids(g))


def test_combat_card_surprise_ambush_orders_one_more_unit():
    g = battlefield(hand=["recon#2"], combat=["surprise_ambush#1"], hq=2)
    s = g.state
    g.apply("card:recon")
    g.apply("ambush:surprise_ambush:a8")
    assert s["units"]["a8"]["ordered"] and s["units"]["a8"]["no_gain"] and s["hq"][0] == 0


def test_combat_card_rapid_fire_adds_a_die():
    g = arena([("i", 0, "infantry", "F7"), ("x", 1, "infantry", "F5")], hq=1, combat=["rapid_fire#1"])
    g.apply("fire:i:x")
    force(g, "hq", "hq", "hq")
    g.apply("play:rapid_fire")
    assert "with 3 dice" in text(g)


def test_combat_card_mills_bombs_deadly_hits_at_two_hexes():
    g = arena([("i", 0, "infantry", "F7"), ("x", 1, "infantry", "F5")], hq=1, combat=["mills_bombs#1"])
    g.apply("fire:i:x")
    force(g, "deadly", "deadly")
    g.apply("play:mills_bombs")
    assert g.state["units"]["x"]["figs"] == 2


def test_move_tank_flattens_wire_and_bogs_in_trench():
    g = arena([("t", 0, "tank_male", "F7")], terrain={"F6": "wire", "G6": "trench"}, step="move_phase")
    g.apply("move:t:F6")
    assert g.state["terrain"][g.state["units"]["t"]["hex"]] == "clear"
    g = arena([("t", 0, "tank_male", "F7")], terrain={"G6": "trench"}, step="move_phase")
    force(g, "flag")
    g.apply("move:t:G6")
    assert g.state["units"]["t"]["bog"] == "bogged"


def test_move_infantry_two_hexes_no_battle():
    g = arena([("i", 0, "infantry", "F8"), ("x", 1, "infantry", "F4")], step="move_phase")
    g.apply("move:i:F6")
    g.apply("done")
    assert "fire:i:x" not in ids(g) and hexof(g, "i") == "F6"


def test_victory_medals_end_the_game():
    g = arena([("i", 0, "infantry", "F6"), ("x", 1, "infantry", "F5", {"figs": 1})], target=(1, 5))
    force(g, "burst", "hq", "hq")
    g.apply("close:i:x")
    g.apply("stay")
    assert g.is_terminal() and g.returns() == [1.0, -1.0]


@pytest.mark.parametrize(("tie", "returns", "words"), [
    (None, [0.0, 0.0], "medals level 2-2"),
    (1, [-1.0, 1.0], "medals level 2-2: central win the tie"),
    (0, [1.0, -1.0], "medals level 2-2: allies win the tie"),
])
def test_victory_3_level_medals_at_the_turn_limit_go_to_the_scenarios_tie_side(tie, returns, words):
    """TGW-D Victory 3: a level count at the turn limit is a draw unless the scenario names a
    side (ridge_trench: the Central Powers, who hold the line)."""
    g = arena([("i", 0, "infantry", "B8"), ("x", 1, "infantry", "M2")])
    s = g.state
    assert s["tie"] == 1  # ridge_trench gives a level count to the Central Powers
    s.update(tie=tie, turn=2 * s["turn_limit"], medals=[2, 2])
    g.apply("done")
    assert g.is_terminal() and g.returns() == returns
    assert s["result"]["reason"] == "turn limit reached, " + words


def test_victory_3_a_scenario_without_a_tie_side_draws_and_a_bad_one_is_refused():
    from tactica.core.rules import RulesError
    from tactica.games.great_war.scenarios import check_scenario, load_scenario

    assert tactica.new_game("great_war", "iron_tide", seed=1).state["tie"] is None
    data = {**load_scenario("ridge_trench"), "tie": "axis"}
    with pytest.raises(RulesError, match="tie"):
        check_scenario(data, "bad.yaml")


def test_terminal_picture_shows_the_board_and_only_the_own_hand():
    g = tactica.new_game("great_war", "iron_tide", seed=1)
    mine, theirs = g.rules.describe(g, 0), g.rules.describe(g, 1)
    assert "Turn 1" in mine and " T1 " in mine and " i4 " in mine
    own_cards = [c["name"] for c in (COMMAND[k] for k in g.view(0)["board"]["hands"][0])]
    assert "Command cards: " + ", ".join(own_cards) in mine
    assert "Command cards: " + ", ".join(own_cards) not in theirs
    assert mine.count("Command cards:") == theirs.count("Command cards:") == 1
