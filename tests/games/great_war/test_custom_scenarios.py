"""Scenarios given as data (the web editor's, docs/editor.md): the same checks as the files
(TGW-D Board 1, 3; TGW-D Scenarios), an id that names the content, and games on them that play
to the end and replay from their record."""

import copy
import random

import pytest

import tactica
from tactica.core.record import replay_record
from tactica.core.rules import RulesError
from tactica.games.great_war import RULES
from tactica.games.great_war import scenarios as S


def iron_tide():
    return copy.deepcopy(dict(S.load_scenario("iron_tide")))


def refused(data, words):
    with pytest.raises(RulesError, match=words):
        S.check_scenario(data, "mine.yaml")
    with pytest.raises(RulesError):
        S.register_scenario(data, "mine.yaml")


def test_tgw_d_board_1_a_flat_top_map_is_refused():
    d = iron_tide()
    d["map"]["geometry"]["orientation"] = "flat"
    d["map"]["geometry"]["offset"] = "odd-q"
    refused(d, r"^mine.yaml: map.geometry.orientation: the board has pointy-top hexes")


def test_tgw_d_board_3_each_of_the_three_sections_is_needed():
    d = iron_tide()
    del d["map"]["sections"]["centre"]
    refused(d, r"map.sections: no 'centre' section")


def test_tgw_d_scenarios_units_on_playable_hexes_one_per_hex_and_a_side_is_never_empty():
    d = iron_tide()
    d["units"]["central"][0]["hex"] = d["units"]["allies"][0]["hex"]
    refused(d, r"already holds a unit")
    d = iron_tide()
    first = d["units"]["allies"][0]["id"]  # a tank
    d["units"]["allies"][0]["hex"] = "A1"  # a half hex
    refused(d, rf"unit {first}: hex 'A1' is not a playable hex")
    d = iron_tide()
    d["units"]["central"] = []
    refused(d, r"units.central: a side starts with at least one unit")
    d = iron_tide()
    d["units"]["allies"][0]["id"] = "a:1 <b>"
    refused(d, r"unit a:1 <b>: a unit id is 1-16 letters, digits")
    d = iron_tide()
    d["units"]["allies"][0]["bomber"] = True
    refused(d, rf"unit {first}: only infantry carries a bomber")
    d = iron_tide()
    d["hand"]["central"] = 0
    refused(d, r"mine.yaml: hand.central: 0 is less than 1")
    d = iron_tide()
    d["combat_hand"] = {"allies": 12, "central": 9}
    refused(d, r"combat_hand: the two hands hold more than the deck's 20 cards")
    d = iron_tide()
    d["medals"]["allies"] = -2
    refused(d, r"medals.allies: -2 is less than 1")
    d = iron_tide()
    d["map"]["hexes"]["C3"] = ["swamp"]
    refused(d, r"mine.yaml: hex C3 terrain: unknown terrain 'swamp'")


def test_the_content_id_names_the_content_and_registering_twice_is_one_scenario():
    a, b = iron_tide(), iron_tide()
    assert S.custom_id(a) == S.custom_id(b) and S.custom_id(a).startswith(S.CUSTOM_PREFIX)
    b["medals"]["allies"] = 6
    assert S.custom_id(a) != S.custom_id(b)
    assert S.register_scenario(a) == S.register_scenario(iron_tide()) == S.custom_id(a)
    with pytest.raises(RulesError, match="is not loaded here"):
        RULES.scenario(S.CUSTOM_PREFIX + "f" * 32)
    with pytest.raises(RulesError, match="no scenario"):
        S.load_scenario(S.CUSTOM_PREFIX + "f" * 32)


def test_a_registered_scenario_plays_to_the_end_and_replays_from_its_record():
    d = iron_tide()
    d["name"] = "Iron Tide, shorter"
    d["medals"] = {"allies": 3, "central": 3}
    sid = S.register_scenario(d)
    d["medals"]["allies"] = 1  # the caller's dict changes later: the registered copy does not
    g = tactica.new_game("great_war", sid, seed=11)
    assert g.record.scenario == sid and g.state["target"] == [3, 3]
    rng = random.Random(11)
    for _ in range(20000):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_options()))
    assert g.is_terminal()
    again = replay_record(RULES, g.record)
    assert again.state == g.state and again.log == g.log


def random_scenario(rng):
    """A small scenario as a designer might make it in the editor: a blank board of random size,
    random terrain, a few units of random kinds a side, random parameters and objectives."""
    from tactica.games.great_war.terrain import TERRAIN
    from tactica.games.great_war.units import UNIT_TYPES
    cols, rows = rng.randint(3, 9), rng.randint(2, 6)
    d = S.blank_scenario(cols, rows)
    off = set(d["map"]["geometry"]["exclude"]) | set(d["map"]["hexes"])
    letters = [chr(ord("A") + c) for c in range(cols)]
    labels = [f"{c}{r}" for r in range(1, rows + 1) for c in letters
              if f"{c}{r}" not in d["map"]["geometry"]["exclude"]]
    playable = [x for x in labels if x not in off]
    for x in playable:
        if rng.random() < 0.4:
            d["map"]["hexes"][x] = [rng.choice(sorted(TERRAIN))]
    rng.shuffle(playable)
    for i, x in enumerate(playable[:max(2, min(len(playable), rng.randint(2, 8)))]):
        side = ("allies", "central")[i % 2]
        kind = rng.choice(sorted(UNIT_TYPES))
        d["units"][side].append({"id": f"{side[0]}{i}", "kind": kind, "hex": x,
                                 "bomber": kind == "infantry" and rng.random() < 0.3})
    d["medals"] = {"allies": rng.randint(1, 4), "central": rng.randint(1, 4)}
    d["hand"] = {"allies": rng.randint(1, 6), "central": rng.randint(1, 6)}
    d["first"] = rng.choice(["allies", "central"])
    d["turn_limit"] = rng.randint(1, 10)
    d["objectives"] = [{"hex": rng.choice(labels), "for": rng.choice(["allies", "central"])}]
    return d


@pytest.mark.parametrize("k", range(6))
def test_a_scenario_the_loader_accepts_plays_to_the_end(k):
    """Whatever a designer makes that passes check_scenario plays: random boards, units and
    parameters, random games to the end, no step without options."""
    rng = random.Random(k)
    sid = S.register_scenario(random_scenario(rng))
    for seed in range(2):
        g = tactica.new_game("great_war", sid, seed=seed)
        for _ in range(5000):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_options()))
        assert g.is_terminal()
