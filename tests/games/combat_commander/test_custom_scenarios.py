"""Custom Combat Commander scenarios (custom.py): a scenario file with its map inline, units on
fixed hexes and its own set-up order, checked by the loader the built-in files pass, played under
its content id, bounded in memory and fetched again when evicted."""

from __future__ import annotations

from typing import Any

import pytest

import tactica
from tactica.core.custom import content_id
from tactica.core.rules import RulesError
from tactica.games.combat_commander import RULES, custom
from tactica.games.combat_commander.maps import builtin_map
from tactica.games.combat_commander.scenario_data import builtin_scenario, check_data


def draft() -> dict[str, Any]:
    """A blank board with a German squad on a fixed hex and an American team set up in a zone."""
    d = custom.blank_scenario()
    d["sides"]["axis"]["placed"] = [{"hex": "E2", "unit": "ger-rifle-squad", "weapon": "ger-lmg"}]
    d["sides"]["axis"]["forces"]["units"] = {"ger-rifle-team": 1}
    d["sides"]["allies"]["forces"]["units"] = {"us-rifle-team": 1}
    return d


@pytest.fixture(autouse=True)
def _forget():
    yield
    custom.REGISTRY.forget()
    custom.REGISTRY.set_source(None)
    custom.REGISTRY.set_limit(16)


def test_2_1_placed_units_start_on_their_hexes_and_the_file_says_who_sets_up_first():
    g = tactica.new_game("combat_commander", custom.register_scenario(draft()), seed=1)
    placed = [u for u in g.state["units"].values() if u["type"] == "ger-rifle-squad"]
    assert [u["hex"] for u in placed] == ["E2"]
    assert g.state["weapons"][placed[0]["weapon"]]["type"] == "ger-lmg"
    assert g.current_player() == 0  # by default the side not taking the first Turn sets up first
    d = draft()
    d["setup_order"] = ["allies", "axis"]
    g = tactica.new_game("combat_commander", custom.register_scenario(d), seed=1)
    assert g.current_player() == 1
    d["setup_order"] = ["allies", "allies"]
    with pytest.raises(RulesError, match=r"scenario: setup_order: name each side once"):
        custom.check_scenario(d)


def test_8_2_placed_units_keep_to_the_stacking_limit_and_off_impassable_hexes():
    d = draft()
    d["sides"]["axis"]["placed"] += [{"hex": "E2", "unit": "ger-rifle-squad"}]  # 8 figures
    with pytest.raises(RulesError, match=r"placed\[1\].hex: E2 holds more than 7 figures of one side"):
        custom.check_scenario(d)
    d = draft()
    d["map"]["hexes"]["E2"] = ["water_barrier"]
    with pytest.raises(RulesError, match=r"placed\[0\].hex: E2 is impassable"):
        custom.check_scenario(d)
    d = draft()
    d["sides"]["axis"]["placed"] = [{"hex": "E2", "unit": "ger-ldr-bolter"}]
    d["sides"]["axis"]["forces"]["leaders"] = ["Bolter"]  # one counter: placed and set up both
    with pytest.raises(RulesError, match=r"2 x ger-ldr-bolter but the countermix holds 1"):
        custom.check_scenario(d)


def test_an_inline_map_is_the_built_in_map_checked_as_its_file_is():
    data = custom.load_builtin("hill_2_crown")
    inline = check_data(data, "x")
    by_id = builtin_scenario("hill_2_crown")
    assert {**inline.to_engine(), "map": "hill_road"} == by_id.to_engine()
    sid = custom.register_scenario(data)
    mine = custom.REGISTRY.get(sid).cc_map
    built = builtin_map("hill_road")
    assert mine.id == sid and mine.buildings.keys() == built.buildings.keys()
    assert mine.board.hexsides == built.board.hexsides and mine.board.elevation == built.board.elevation
    data["map"]["combat_commander"]["setup_zones"]["north-half"] = "south"
    with pytest.raises(RulesError, match=r"x: map: combat_commander.setup_zones.north-half: A1: hex is not"):
        custom.check_scenario(data, "x")


def test_an_evicted_custom_scenario_plays_on_from_its_source_and_nothing_else_is_kept():
    custom.REGISTRY.set_limit(1)
    a, b = draft(), draft()
    b["sides"]["axis"]["placed"][0]["hex"] = "F2"
    sid_a = custom.register_scenario(a)
    g = tactica.new_game("combat_commander", sid_a, seed=2)
    sid_b = custom.register_scenario(b)  # evicts a
    assert custom.REGISTRY.ids() == [sid_b]
    with pytest.raises(KeyError, match="is not loaded here"):
        RULES.scenario_spec(sid_a)
    custom.REGISTRY.set_source({sid_a: a, sid_b: b}.get)
    g.apply(g.legal_options()[0].id)  # the set-up goes on: the map comes back from the source
    assert custom.REGISTRY.ids() == [sid_a] and g.rules.board(g).name == sid_a
    assert not any(k.startswith("custom-") for k in [*RULES._boards, *RULES._maps])
    custom.REGISTRY.set_source(lambda sid: b)  # a copy that is not this content is refused
    custom.REGISTRY.forget()
    with pytest.raises(RulesError, match="does not match its id"):
        custom.REGISTRY.get(sid_a)
    assert content_id(a) == sid_a
