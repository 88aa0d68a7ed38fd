"""Great War Commander as a registered, playable game on the Commander family: rule numbers,
set-up from the scenarios (1.1 Hand Sizes, 5.3 discard limits, 7.3.2 chits, 1.S a Strategy Card),
the Casualty Track and leaving play (4.3), the Time track's Gas removal (6.1.2), and random games
of every scenario to the end."""

from __future__ import annotations

import pytest

import tactica
from tactica import studio
from tactica.games import all_ids, get_rules
from tactica.games.commander_family.citations import RULE_KEYS
from tactica.games.commander_family.state import side
from tactica.games.commander_family.victory import casualty_count, eliminate
from tactica.games.great_war_commander import RULES
from tactica.games.great_war_commander.rule_numbers import RULE_NUMBERS

from .gwc_helpers import SCENARIOS, clear_map, log_rules, new, play_out, to_first_turn


def test_registered_with_every_scenario() -> None:
    assert "great_war_commander" in all_ids()
    assert get_rules("great_war_commander") is RULES
    assert RULES.seats == ("germany", "entente")
    assert SCENARIOS == ["belleau_wood_1918", "frontieres_1914", "soissons_tanks_1918", "verdun_gas_1916"]


def test_every_family_key_has_a_gwc_number() -> None:
    assert set(RULE_NUMBERS) == set(RULE_KEYS)
    assert RULE_NUMBERS["order.fire"] == "O21" and RULE_NUMBERS["order.move"] == "O23"
    assert RULE_NUMBERS["action.op_fire"] == "A42" and RULE_NUMBERS["order.rout"] == "O26"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_1_1_hand_sizes_5_3_discard_limits_and_1S_strategy_card(scenario: str) -> None:
    g = new(scenario)
    spec = RULES.all_scenarios()[scenario]["sides"]
    for seat, name in enumerate(RULES.seats):
        sd = side(g.state, seat)
        assert sd["hand_size"] == {"Attack": 6, "Recon": 5, "Defend": 4}[sd["posture"]]
        assert len(sd["hand"]) == sd["hand_size"]
        assert sd["discard_cap"] == spec[name]["discard_limit"]
        assert len(sd["sc_hand"]) == 1 and len(sd["sc_draw"]) == 8  # nine per nation, one drawn
        v_own, v_other = g.view(seat)["board"], g.view(1 - seat)["board"]
        assert v_own["sides"][seat]["sc_hand"] == sd["sc_hand"]
        assert v_other["sides"][seat]["sc_hand"] is None
        assert v_other["sides"][seat]["sc_hand_count"] == 1


def test_11_2_weapons_only_on_platoons_and_teams_flamethrowers_on_teams() -> None:
    for scenario in SCENARIOS:
        g = to_first_turn(new(scenario, seed=3), seed=3)
        for wid, w in g.state["weapons"].items():
            carrier = g.state["units"][w["carrier"]]
            kind = RULES.unit_type(carrier["type"]).type
            assert kind in ("platoon", "team"), (scenario, wid, kind)
            if RULES.weapon_type(w["type"]).team_only:
                assert kind == "team"


def test_4_3_a_tank_fills_two_casualty_spaces_heroes_and_runners_leave_play() -> None:
    g = to_first_turn(new("soissons_tanks_1918"))
    clear_map(g)
    tank = studio.arrive(g, 1, "fr-schneider", "E8")
    runner = studio.arrive(g, 1, "fr-agent", "E8")
    hero = studio.arrive(g, 1, "fr-hero", "E8")
    keep = studio.arrive(g, 1, "fr-poilus", "E9")
    studio.arrive(g, 0, "ger-landwehr", "E2")
    vp = g.state["vp"]
    eliminate(g, tank, "test")
    assert casualty_count(g, 1) == 2 and g.state["vp"] == vp + 3  # 7.1: a Tank is worth 3
    eliminate(g, runner, "test")
    eliminate(g, hero, "test")
    assert g.state["units"][runner]["where"] == "out" and g.state["units"][hero]["where"] == "out"
    assert casualty_count(g, 1) == 2 and g.state["vp"] == vp + 4  # Runner 1, Hero 0
    assert g.state["units"][keep]["where"] == "map"


def test_6_1_2_time_advance_removes_two_gas_markers() -> None:
    g = to_first_turn(new("verdun_gas_1916"))
    g.state["gas"] = ["E5", "F5", "G5"]
    g.push("time_advance", seat=0, cause="test", phase="defender")
    g.refresh()
    removed = 0
    while any(o.id.startswith("gas:") for o in g.legal_options()):
        g.apply(next(o.id for o in g.legal_options() if o.id.startswith("gas:")))
        removed += 1
    assert removed == 2 and len(g.state["gas"]) == 1
    assert "T107.2" in log_rules(g)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_of_every_scenario_play_to_the_end(scenario: str) -> None:
    for seed in range(3):
        g = play_out(new(scenario, seed), seed)
        assert g.is_terminal() and sorted(g.returns()) == [-1.0, 1.0]
        cited = log_rules(g)
        assert "O23.1" in cited or "O16.1" in cited  # GWC's numbers for Move/Advance
        assert not cited & {"O20.3", "O22.3", "E42"}  # no Combat Commander numbers (GWC A33 is Bayonets)


def test_same_seed_same_log_and_replay() -> None:
    a = play_out(new("frontieres_1914", 7), 7)
    b = play_out(new("frontieres_1914", 7), 7)
    assert a.log_lines() == b.log_lines()
    assert a.record is not None
    assert tactica.replay(a.record.to_dict()).log_lines() == a.log_lines()


def test_6_1_2_step_7_a_side_holding_no_strategy_card_draws_one_last() -> None:
    g = to_first_turn(new("frontieres_1914"))
    s0, s1 = side(g.state, 0), side(g.state, 1)
    s0["sc_discard"].append(s0["sc_hand"].pop())  # Germany played its card
    held = list(s1["sc_hand"])
    g.state["time"]["sudden_death"] = 99  # no Sudden Death roll in this test
    g.push("time_advance", seat=0, cause="test", phase="advance")
    g.refresh()
    while g.frame_names() and "time_advance" in g.frame_names():
        g.apply(g.legal_options()[-1].id)  # keep every roll, pass every window
    assert len(s0["sc_hand"]) == 1 and len(s0["sc_draw"]) == 7
    assert s1["sc_hand"] == held and len(s1["sc_draw"]) == 8  # holding one: no draw
    rules = [e[0] for e in g.log]
    assert rules.index("1.S", len(rules) - 5) > max(i for i, r in enumerate(rules) if r == "6.1.2")
