"""The custom-scenario entry points both Commander games take from commander_family/custom.py
(ScenarioFiles): one check, one register, one built-in with its map inline, each over the game's
own loader, error type and data folders."""

from __future__ import annotations

import pytest

from tactica.core.datafile import DataError
from tactica.core.rules import RulesError
from tactica.games.combat_commander import custom as cc
from tactica.games.combat_commander._schema import ComponentError
from tactica.games.great_war_commander import custom as gwc
from tactica.games.great_war_commander.data import GwcDataError

GAMES = [(cc, "hill_2_crown", ComponentError), (gwc, "verdun_gas_1916", GwcDataError)]


@pytest.mark.parametrize(("custom", "scenario", "error"), GAMES)
def test_a_built_in_starts_a_custom_scenario_its_loader_accepts(custom, scenario, error) -> None:
    data = custom.load_builtin(scenario)
    assert isinstance(data["map"], dict) and data["map"]["format"] == "tactica-map"
    assert custom.check_scenario(data) == data
    sid = custom.register_scenario(data)
    try:
        assert custom.REGISTRY.is_registered(sid) and sid == custom.content_id(data)
    finally:
        custom.REGISTRY.forget()


@pytest.mark.parametrize(("custom", "scenario", "error"), GAMES)
def test_the_loaders_error_comes_back_as_a_rules_error(custom, scenario, error) -> None:
    data = custom.load_builtin(scenario)
    data.pop("time")
    with pytest.raises(RulesError, match=r"^x: file: missing key 'time'"):
        custom.check_scenario(data, "x")
    with pytest.raises(RulesError, match=r"^x: expected a mapping at the top level"):
        custom.check_scenario([data], "x")
    with pytest.raises(error, match=r"no_such\.yaml: cannot read file") as info:
        custom.load_builtin("no_such")
    assert isinstance(info.value, DataError)
