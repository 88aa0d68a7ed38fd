"""The campaign (2.2, 3.0-3.4, 4.0, 5.0): four maps in order, roster transitions, carry-over."""

from __future__ import annotations

from ce_helpers import ids, piece

import tactica
from tactica.ai.scripted import ScriptedAgent
from tactica.core.game import Game
from tactica.games.commandos_europe import data
from tactica.games.commandos_europe.results import end_map


def campaign(seed: int = 4) -> Game:
    g = tactica.new_game("commandos_europe", "campaign", seed=seed)
    g.apply("col:05")
    g.apply("hex:0505")
    return g


def test_3_2_3_3_north_africa_brings_e_pieces_and_keeps_bought_ones() -> None:
    g = campaign()
    s = g.state
    s["pieces"] = {"0-1": piece("squad", "0610", marker="wounded#1"), "A": piece("squad", "0505"),
                   "cdr-0": piece("leader", "0610"), "off-P": piece("leader", "0505"),
                   "radio": piece("gear", "0610"), "bren": piece("gear", "0812"),
                   "mines": piece("gear", "0505")}
    s["ever"] += ["A", "off-P", "0-2", "E-2", "V-2"]  # A and off-P bought; 0-2 eliminated with its line
    s["pp"], s["awareness"], s["resolved"] = 13, 3, 6
    s["enemies"] = {"rifle_section#1": "0910"}
    end_map(g)
    g.refresh()
    assert s["map"] == "north_africa" and s["map_index"] == 1
    assert sorted(s["pieces"]) == ["A", "E-1", "cdr-E", "mines", "off-E", "off-P", "radio"]
    assert all(p["marker"] is None and p["hex"] is None for p in s["pieces"].values())
    assert s["pp"] == 13 and s["awareness"] == 0 and s["resolved"] == 0 and not s["enemies"]
    assert sorted(s["cups"]["enemy"]["items"]) == sorted(data.enemy_cup("north_africa"))
    assert sorted(s["cups"]["missions"]["items"]) == sorted(data.mission_cup("north_africa"))
    assert len(s["cups"]["casualties"]["items"]) == 20
    assert g.decision() is not None and g.decision().step == "place_base"  # type: ignore[union-attr]
    assert any("bren stays behind on norway" in x for x in g.log_lines())


def test_3_2_normandy_replaces_e_with_v_and_continent_adds_nothing() -> None:
    g = campaign()
    s = g.state
    s["map_index"], s["map"] = 1, "north_africa"
    s["pieces"] = {"E-1": piece("squad", "0610"), "E-2": piece("squad", "0610"),
                   "cdr-E": piece("leader", "0610")}
    s["resolved"] = 6
    end_map(g)
    g.refresh()
    assert s["map"] == "normandy" and sorted(s["pieces"]) == ["V-1", "V-2", "cdr-V", "off-V"]
    s["resolved"] = 6
    end_map(g)
    g.refresh()
    assert s["map"] == "continent" and sorted(s["pieces"]) == ["V-1", "V-2", "cdr-V", "off-V"]


def test_3_1_destroyed_second_base_must_be_bought_again() -> None:
    g = campaign()
    s = g.state
    s["owned_bases"].append("base-2")
    s["destroyed"].append("base-2")
    s["resolved"] = 6
    end_map(g)
    g.refresh()
    assert s["owned_bases"] == ["base-1"] and s["destroyed"] == []
    g.apply("col:05")
    g.apply("hex:0505")
    s["pp"] = 10
    g.refresh()
    assert "buy:base-2" in ids(g)


def test_4_0_end_map_forfeits_the_rest_and_moves_on() -> None:
    g = campaign()
    while g.decision().step != "movement":  # type: ignore[union-attr]
        g.apply("done")
    assert "end_map" in ids(g)
    g.apply("end_map")
    s = g.state
    assert s["forfeited"] == 6 and s["map"] == "north_africa" and s["history"][0]["forfeited"] == 6


def test_2_2_campaign_plays_four_maps_in_order() -> None:
    g = tactica.new_game("commandos_europe", "campaign", seed=2)
    agent = ScriptedAgent(2)
    seen = []
    while not g.is_terminal():
        if not seen or seen[-1] != g.state["map"]:
            seen.append(g.state["map"])
        g.apply(agent.choose(g, 0))
    assert seen == ["norway", "north_africa", "normandy", "continent"]
    assert g.state["result"]["reason"] == "the campaign is over"
    s = g.state
    assert s["accomplished"] + s["forfeited"] == 24
    net = s["accomplished"] - s["forfeited"] - s["squads_lost"] + s["excused"]
    assert g.returns() == [max(-1.0, min(1.0, net / 24))] and s["final"]["score"] == net


def test_3_4_with_two_bases_the_player_splits_the_set_up() -> None:
    g = campaign()
    s = g.state
    s["owned_bases"].append("base-2")
    s["resolved"] = 6
    end_map(g)
    g.refresh()
    g.apply("col:05")
    g.apply("hex:0505")
    g.apply("col:09")
    g.apply("hex:0910")
    assert g.decision().step == "deploy"  # type: ignore[union-attr]
    g.apply("base-2:E-1")
    g.apply("done")
    assert s["pieces"]["E-1"]["hex"] == "0910" and s["pieces"]["E-2"]["hex"] == "0505"
