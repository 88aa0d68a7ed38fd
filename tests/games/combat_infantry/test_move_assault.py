"""Movement (8.0-8.5, 3.4), hex control (8.3) and assaults (9.0-9.6)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from ci_helpers import activate, at, dice, hexi, ids, log_text, play, scene, steps, tag

import tactica
from tactica.core.board import load_board
from tactica.core.rules import RulesError
from tactica.games.combat_infantry.assault import assault_firepower
from tactica.games.combat_infantry.flow import overstack
from tactica.games.combat_infantry.geo import Geo
from tactica.games.combat_infantry.movement import crossing
from tactica.games.combat_infantry.scenarios import DIR, check_scenario, geo_of
from tactica.games.combat_infantry.terrain import HEX_NAMES, SIDE_NAMES
from tactica.games.combat_infantry.units import control


def _geo(**extra: Any) -> Geo:
    data: dict[str, Any] = {
        "version": 1,
        "geometry": {"orientation": "flat", "offset": "odd-q", "labels": "letter-number",
                     "cols": 5, "rows": 4},
        "defaults": {"terrain": ["clear"]},
        "hexes": {"B2": ["woods"], "C2": ["woods"], "D2": {"terrain": ["woods"], "elevation": 1}},
        "roads": [{"kind": "road", "path": ["A2", "B2", "C2"]}, {"kind": "road", "path": ["A4", "B4"]}],
        "derived_hexsides": {"from_terrain": {"woods": "woods"}, "from_elevation": "slope"},
    }
    data.update(extra)
    return Geo(load_board(data, HEX_NAMES, SIDE_NAMES))


def test_8_4_example_c7_road_through_woods_two_road_in_clear_one_uphill_wooded_slope_four() -> None:
    geo = _geo()
    i = geo.index
    assert geo.cost(i["B2"], i["C2"]) == 2  # woods hexside 3, road -1
    assert geo.cost(i["A4"], i["B4"]) == 1  # clear hexside 2, road -1
    assert geo.cost(i["C2"], i["D2"]) == 4  # wooded slope uphill: 3 + 1
    assert geo.cost(i["D2"], i["C2"]) == 3  # downhill: no slope effect
    assert geo.cost(i["B2"], i["C2"], into_assault=True) == 3  # 8.4: no road into an assault


def test_3_4_river_costs_five_hedge_impassable_bridge_ignores_the_road() -> None:
    g = scene({"US-A2-PHQ": "F4", "US-A2-IN1": "F4"})
    geo = geo_of(g.state)
    assert geo.cost(hexi(g, "F4"), hexi(g, "G4")) == 5
    assert geo.cost(hexi(g, "F5"), hexi(g, "G5")) == 2  # stone bridge with the road: 2, no bonus
    assert geo.cost(hexi(g, "B6"), hexi(g, "B7")) >= 99  # hedge: only tanks (not playable yet)
    assert geo.cost(hexi(g, "C6"), hexi(g, "C7")) == 3  # the hedge gap


def test_8_1_move_spends_mp_per_hexside_and_stops_entering_enemy_controlled_hexes() -> None:
    g = scene({"US-A3-PHQ": "A1", "US-A3-IN1": "J2", "GE-A1-IN1": "J5"})
    activate(g, "US-A3-PHQ")
    dice(g, 1)
    play(g, "try:US-A3-IN1")  # out of command: passes its morale check
    play(g, "move")
    play(g, "to:J3")
    assert g.decision().step == "move" and "6 MP" not in g.decision().prompt  # 2 MP spent
    play(g, "to:J4")  # next to the German squad: enemy-controlled, the move stops
    assert g.decision().step == "command"
    assert at(g, "US-A3-IN1") == "J4"
    assert "enemy-controlled" in log_text(g)


def test_8_3_diagram_5_hex_control_occupied_adjacent_disputed_and_across_a_river() -> None:
    g = scene({"US-A2-IN1": "F4", "US-A2-IN2": "D9", "GE-A1-IN1": "H4", "GE-A1-IN2": "F6"})
    us = control(g.state, geo_of(g.state), 0)
    c = {lab: us[hexi(g, lab)] for lab in ("F4", "H4", "G4", "F5", "E4", "C9", "D8", "A1")}
    assert c["F4"] == "friendly" and c["H4"] == "enemy"
    assert c["G4"] == "disputed"  # next to both F4 (across the river) and H4
    assert c["E4"] == "friendly"
    assert c["F5"] == "disputed"  # next to F4 and F6
    assert c["C9"] == "friendly"
    assert c["D8"] == "neutral"  # D8 touches D9 only across the pond's impassable bank
    assert c["A1"] == "neutral"


def _assault_diagram_2(*forced: int) -> Any:
    g = scene({"US-A1-PHQ": "H7", "US-A1-IN1": "H7", "US-A1-IN2": "I8", "GE-A1-IN1": ("H8", 1)})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    play(g, "move")
    play(g, "to:H8")
    play(g, "hq")
    play(g, "move")
    dice(g, *forced)
    play(g, "to:H8")  # the PHQ joins the assault as its own action; the activation ends
    return g


def test_9_2_diagram_2_round_one_defender_fires_first_attacker_eliminates_winner_regroups() -> None:
    g = _assault_diagram_2(3, 9, 1, 9, 9, 9)  # German morale 3 (passes), fires 9 (miss); US 1,9,9,9
    assert g.decision().step == "assault_unit" and g.decision().seat == 0
    assert "retreat:H7" in ids(g) and "retreat:I8" in ids(g)  # 9.4 attacker retreat choices
    play(g, "fire")
    assert "GE-A1-IN1" not in g.state["blocks"]
    text = log_text(g)
    ge, us = tag(g, "GE-A1-IN1"), tag(g, "US-A1-IN1")
    assert f"round 1: {ge} at strength 1 tests morale 6: roll 3: passes" in text
    assert text.index(f"{ge} fires") < text.index(f"{us} fires")  # defender first
    assert g.decision().step == "regroup"
    play(g, "regroup:US-A1-IN1:I8")
    assert at(g, "US-A1-IN1") == "I8"
    assert g.state["blocks"]["US-A1-IN1"]["posture"] == "up"  # attackers end face-up
    play(g, "done")


def test_9_3_diagram_2_strength_one_defender_failing_morale_is_disrupted_and_does_not_fire() -> None:
    g = _assault_diagram_2(9)  # German fails morale (9 > 6): disrupted, no fire
    dice(g, 1, 9, 9, 9)  # US IN hits with the 1
    play(g, "fire")
    assert "disrupted" in log_text(g)
    assert "GE-A1-IN1 fires" not in log_text(g)
    assert "GE-A1-IN1" not in g.state["blocks"]


def test_9_1_example_c8_river_assault_minus_one_in_round_one_engineers_unmodified() -> None:
    g = scene({"US-A2-PHQ": "F4", "US-A2-IN1": "F4", "US-BN-EN1": "F4", "GE-A1-IN1": "G4"})
    g.state["attached"] = {"US-BN-EN1": "A"}
    g.state["assault"] = {"hex": hexi(g, "G4"), "att": 0, "round": 1, "phase": "att", "queue": [],
                          "entries": [[g.state["pieces"][b], hexi(g, "F4")]
                                      for b in ("US-A2-IN1", "US-BN-EN1")],
                          "used": {}, "disrupted": []}
    assert assault_firepower(g, "US-A2-IN1") == 2  # F3 across a river: F2 in round 1
    assert assault_firepower(g, "US-BN-EN1") == 4  # C6: engineer F2 doubled, no river penalty
    g.state["assault"]["round"] = 2
    assert assault_firepower(g, "US-A2-IN1") == 3


def test_9_62_machine_guns_and_mortars_cannot_move_into_an_assault() -> None:
    g = scene({"US-A1-PHQ": "H7", "US-A-MG": "H7", "GE-A1-IN1": "H8"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A-MG")
    play(g, "move")
    assert "to:H8" not in ids(g)


def test_9_2_caron_farm_round_three_attackers_must_retreat_not_into_a_disputed_entry_hex() -> None:
    g = scene({"US-A-MG": ("K8", 2), "US-A1-IN1": ("K8", 2), "US-A1-IN2": "M8",
               "GE-A1-PHQ": "K9", "GE-A1-IN1": "L8", "GE-A1-IN2": "J8", "GE-A1-IN3": "K9"}, active="ger")
    activate(g, "GE-A1-PHQ")
    for b in ("GE-A1-IN1", "GE-A1-IN2"):
        play(g, f"cmd:{b}")
        play(g, "move")
        play(g, "to:K8")
    dice(g, *([9] * 30))  # every shot misses
    play(g, "end")
    for _ in range(2):  # rounds 1 and 2: the Germans fire
        while g.decision().step == "assault_unit" and g.decision().seat == 0:
            play(g, "fire")
        while g.decision().step == "assault_unit" and g.decision().seat == 1:
            play(g, "fire")
    while g.decision().step == "assault_unit" and g.decision().seat == 0:
        play(g, "fire")
    assert g.decision().step == "assault_unit" and g.decision().seat == 1
    opts = ids(g)
    assert "fire" not in opts  # round 3: attackers must retreat
    assert "retreat:L8" not in opts  # its entry hex is now disputed (US M8 and German K9 beside it)
    assert "retreat:K9" in opts and "retreat:J8" in opts
    play(g, "retreat:K9")
    play(g, ids(g)[0])
    assert not any(g.state["blocks"][b]["hex"] == hexi(g, "K8") for b in ("GE-A1-IN1", "GE-A1-IN2"))
    assert "US holds" in log_text(g).upper() or "usa holds the hex" in log_text(g)
    assert steps(g, "US-A-MG") == 2
    assert g.state["blocks"]["US-A-MG"]["posture"] == "upright"  # winning defender stands up again


def test_8_2_example_c13_overstacked_units_are_eliminated_at_the_end_of_the_activation() -> None:
    g = scene({"US-A2-PHQ": "B5", "US-A2-IN1": "B5", "US-A2-IN2": "B5", "US-A2-IN3": "A5", "US-A-CHQ": "C5"})
    activate(g, "US-A2-PHQ")
    play(g, "cmd:US-A2-IN3")
    play(g, "move")
    play(g, "to:B5")  # four units in a clear hex (limit 3) while moving
    play(g, "stop") if g.decision().step == "move" else None
    play(g, "end")
    assert "US-A2-IN3" not in g.state["blocks"]  # the last to move in goes
    assert "overstacked" in log_text(g)


def test_9_63_anti_tank_rockets_may_target_in_an_assault_others_may_not() -> None:
    g = scene({"US-A1-PHQ": "H7", "US-A-ATR": "H7", "US-A1-IN1": "H7",
               "GE-A1-IN1": ("H8", 2), "GE-A1-IN2": "H8", "GE-A1-PHQ": "N10"})
    activate(g, "US-A1-PHQ")
    for b in ("US-A-ATR", "US-A1-IN1"):
        play(g, f"cmd:{b}")
        play(g, "move")
        play(g, "to:H8")
    dice(g, *([9] * 12))
    play(g, "end")
    assert g.decision().step == "assault_unit"
    assert "US-A-ATR" in g.decision().prompt
    assert {"fire:GE-A1-IN1", "fire:GE-A1-IN2"} <= set(ids(g))
    play(g, "fire:GE-A1-IN1")
    assert "US-A1-IN1" in g.decision().prompt
    assert "fire" in ids(g) and not any(o.startswith("fire:") for o in ids(g))


def test_9_1_example_c13_in_an_assault_hex_each_side_may_stack_to_the_limit() -> None:
    g = scene({"US-A1-PHQ": "H7", "US-A1-IN1": "H8", "US-A1-IN2": "H8", "US-A1-IN3": "H8",
               "GE-A1-IN1": "H8", "GE-A1-IN2": "H8", "GE-A1-IN3": "H8"})
    activate(g, "US-A1-PHQ")
    g.state["act"]["moved"] = [g.state["pieces"][b] for b in ("US-A1-IN1", "US-A1-IN2", "US-A1-IN3")]
    overstack(g)
    assert len(g.state["blocks"]) == 7  # three a side in a clear hex: nobody is overstacked
    g.state["blocks"]["US-A1-PHQ"]["hex"] = hexi(g, "H8")
    overstack(g)
    assert "US-A1-IN3" not in g.state["blocks"] and len(g.state["blocks"]) == 6  # a fourth American


def test_7_2_example_c4_engineer_targets_a_minefield_at_f4_the_3_clears_it_the_0_hits_the_engineer() -> None:
    g = scene({"US-A1-PHQ": "H7", "US-BN-EN2": "H7", "GE-BN-MF1": "H8", "GE-A1-PHQ": "N10"})
    g.state["attached"] = {"US-BN-EN2": "A"}
    g.state["blocks"]["US-BN-EN2"]["steps"] = 2  # "Engineer 2"
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-BN-EN2")
    play(g, "move")
    play(g, "to:H8")  # a hidden block: an assault
    play(g, "end")
    assert g.state["blocks"]["GE-BN-MF1"]["posture"] == "up"  # revealed in the assault
    assert "fire:GE-BN-MF1" in ids(g)  # 9.64: engineers may target the mine
    dice(g, 3, 10)
    play(g, "fire:GE-BN-MF1")
    assert "at F4" in log_text(g)
    assert "GE-BN-MF1" not in g.state["blocks"] and g.state["vp"] == [1, 0]
    assert steps(g, "US-BN-EN2") == 1  # the 0 is a hit on the engineer


def test_7_2_fire_reveals_a_minefield_for_good_hits_go_to_the_others_and_it_controls_only_its_hex() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "GE-BN-MF1": "J5", "GE-A1-IN1": "J5",
               "GE-A1-PHQ": "N10"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:J5")
    assert g.state["blocks"]["GE-BN-MF1"]["posture"] == "up" and steps(g, "GE-BN-MF1") == 1
    assert steps(g, "GE-A1-IN1") == 2  # the hit went to the squad
    g.state["blocks"]["GE-A1-IN1"]["hex"] = hexi(g, "N9")
    geo = geo_of(g.state)
    ctl = control(g.state, geo, 1)
    assert ctl[hexi(g, "J5")] == "friendly" and ctl[hexi(g, "J6")] == "neutral"  # only its own hex
    g.state["pt"] = 8
    g.state["stack"] = [{"step": "game_turn", "args": {}}]
    g.refresh()
    assert g.state["blocks"]["GE-BN-MF1"]["posture"] == "up"  # still face-up next game turn


def test_7_2_attackers_rolling_9_or_0_among_mines_hit_themselves() -> None:
    g = scene({"US-A1-PHQ": "H7", "US-A1-IN1": "H7", "GE-BN-MF1": "H8", "GE-A1-IN2": ("H8", 1),
               "GE-A1-PHQ": "N10"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    play(g, "move")
    dice(g, 3, 9)  # the German squad's morale (passes) and its shot (misses)
    play(g, "to:H8")
    play(g, "end") if g.decision().step == "command" else None
    assert g.decision().step == "assault_unit"
    assert not any(o.startswith("fire:") for o in ids(g))  # only engineers and ATRs target
    dice(g, 9, 10, 8, 8)
    play(g, "fire")
    assert steps(g, "US-A1-IN1") == 2  # the 9 and the 0 are hits on the firer


def test_10_4_a_unit_leaving_the_map_is_out_of_the_game_and_gives_no_vp() -> None:
    g = scene({"US-A1-PHQ": "A2", "US-A1-IN1": "A1", "GE-A1-PHQ": "N10"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    play(g, "move")
    assert "off-map" in ids(g)
    play(g, "off-map")
    assert "US-A1-IN1" not in g.state["blocks"] and g.state["gone"] == ["US-A1-IN1"]
    assert g.state["vp"] == [0, 0]


def test_9_4_a_defender_on_the_map_edge_may_retreat_off_it() -> None:
    g = scene({"US-A1-PHQ": "M9", "US-A1-IN1": "M9", "GE-A1-IN1": "N9", "GE-A1-PHQ": "N1"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    play(g, "move")
    dice(g, *([9] * 8))
    play(g, "to:N9")
    play(g, "end")
    while g.decision().step == "assault_unit" and g.state["assault"]["round"] == 1:
        play(g, "fire")
    assert g.decision().seat == 1 and "retreat:off-map" in ids(g)  # round 2: the defender may go
    play(g, "retreat:off-map")
    assert "GE-A1-IN1" in g.state["gone"] and g.state["vp"] == [0, 0]


def test_10_4_surrender_is_offered_only_when_the_game_allows_it() -> None:
    g = tactica.new_game("combat_infantry", "saint_martin", seed=1)
    assert "surrender" not in ids(g)
    g = tactica.new_game("combat_infantry", "saint_martin", seed=1, options={"surrender": True})
    play(g, "surrender")
    assert g.is_terminal() and g.returns() == [-1.0, 1.0]


def test_8_4_bad_weather_cancels_the_unpaved_track_bonus_not_the_paved_road() -> None:
    g = scene({"US-A2-PHQ": "A1", "GE-A1-PHQ": "N10"})
    geo = geo_of(g.state)
    a7, b7, a5, b5 = (hexi(g, x) for x in ("A7", "B7", "A5", "B5"))
    assert geo.cost(a7, b7) == 1 and geo.cost(a7, b7, bad_weather=True) == 2  # the track
    assert geo.cost(a5, b5, bad_weather=True) == 1  # the paved road keeps its bonus
    g.state["weather"] = "bad"
    assert crossing(g, "rifle", a7, b7, False, True) == (2, 2)


def test_7_5_barbed_wire_one_enemy_unit_enters_and_stops_then_clears_or_withdraws_next_game_turn() -> None:
    g = scene({"US-A1-PHQ": "J2", "US-A1-IN1": "J2", "US-A1-IN2": "K2", "GE-A1-PHQ": "N10"})
    g.state["wire"] = [{"hex": hexi(g, "J3"), "side": 1, "unit": None, "came_from": None, "gt": None}]
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    play(g, "move")
    play(g, "to:J3")
    assert at(g, "US-A1-IN1") == "J3" and g.decision().step == "command"  # it must stop in the wire
    play(g, "cmd:US-A1-IN2")
    play(g, "move")
    assert "to:J3" not in ids(g)  # one unit at a time
    play(g, "stop")
    # next game turn: the unit may only clear the wire, withdraw, or hold
    g.state["gt"] = 2
    for r in g.state["blocks"].values():
        r.update(acted=False, posture="upright")
    g.state["act"] = None
    g.state["stack"] = [{"step": "game_turn", "args": {}}, {"step": "activate", "args": {}}]
    g.state["done_companies"] = []
    g.refresh()
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    assert set(ids(g)) == {"clear-wire", "withdraw:J2", "hold"}
    dice(g, 9, 9, 3, 9)
    play(g, "clear-wire")
    assert g.state["wire"] == [] and "cleared" in log_text(g)


def test_7_5_the_wire_owner_stays_out_and_a_unit_in_the_wire_cannot_be_assaulted() -> None:
    g = scene({"GE-A1-PHQ": "J4", "GE-A1-IN1": "J4", "US-A1-IN1": "J3", "US-A1-PHQ": "A1"}, active="ger")
    g.state["wire"] = [{"hex": hexi(g, "J3"), "side": 1, "unit": "US-A1-IN1", "came_from": hexi(g, "J2"),
                        "gt": 1}]
    g.state["wire"].append({"hex": hexi(g, "K4"), "side": 1, "unit": None, "came_from": None, "gt": None})
    activate(g, "GE-A1-PHQ")
    play(g, "cmd:GE-A1-IN1")
    assert "fire:J3" in ids(g)  # it may be fired on
    play(g, "move")
    assert "to:J3" not in ids(g) and "to:K4" not in ids(g)  # no assault into wire; own wire closed


def test_2_53_scenario_may_set_up_tanks_revealed() -> None:
    d = _yaml_scenario("hill_74")
    d["revealed"] = ["US-BN-TK3"]
    checked = check_scenario(d, "hill_74.yaml", "hill_74")
    assert checked["revealed_tanks"] == ["US-BN-TK3"]
    d["revealed"] = ["US-B1-IN1"]
    with pytest.raises(RulesError, match="only tanks"):
        check_scenario(d, "hill_74.yaml", "hill_74")


def _yaml_scenario(sid: str) -> dict[str, Any]:
    return dict(yaml.safe_load((DIR / f"{sid}.yaml").read_text(encoding="utf-8")))


def test_8_2_an_overstacked_phq_whose_return_costs_its_last_squad_leaves_one_less_to_eliminate() -> None:
    """8.2 with 4.4: five blocks in a clear hex (limit 3); the PHQ (last in) goes first and
    returns next door, its platoon's only squad (one step, next in) pays the step and is gone:
    the hex is within its limit, nothing more is eliminated (the squad was once eliminated twice)."""
    g = scene({"US-A1-PHQ": "H8", "US-A1-IN1": ("H8", 1), "US-A2-IN1": "H8", "US-A2-IN2": "H8",
               "US-A2-IN3": "H8", "US-A2-PHQ": "A1", "GE-A1-IN1": "N10"})
    activate(g, "US-A2-PHQ")
    g.state["act"]["moved"] = [g.state["pieces"][b] for b in ("US-A1-IN1", "US-A1-PHQ")]
    overstack(g)
    s = g.state
    assert "US-A1-IN1" in s["dead"] and at(g, "US-A1-PHQ") != "H8" and steps(g, "US-A1-PHQ") == 1
    assert all(b in s["blocks"] and at(g, b) == "H8" for b in ("US-A2-IN1", "US-A2-IN2", "US-A2-IN3"))
