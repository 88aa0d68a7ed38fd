"""Combat Infantry's data files against their models (data_models.py): a malformed label sheet or
scenario is refused with the file, the entry and the problem named, and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

import tactica
from tactica import data_schemas
from tactica.core.rules import RulesError
from tactica.games.combat_infantry.blocks import DATA, parse_sheet, sheet
from tactica.games.combat_infantry.scenarios import DIR, load_scenario, read_scenario, scenario_ids


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _blocks() -> dict[str, Any]:
    return yaml.safe_load((DATA / "blocks.yaml").read_text(encoding="utf-8"))


def test_10_1_your_own_scenario_file_loads_like_the_built_in_one(tmp_path: Path) -> None:
    p = _write(tmp_path, "saint_martin.yaml", (DIR / "saint_martin.yaml").read_text(encoding="utf-8"))
    assert read_scenario(p) == load_scenario("saint_martin")


@pytest.mark.parametrize(("edit", "problem"), [
    (lambda t: t.replace("game_turns: 4", "game_turns: 4\ngame_turns: 6"),
     "saint_martin.yaml: not valid YAML: line 28, column 1: duplicate key 'game_turns'"),
    (lambda t: t.replace("night: false", "night: no"), "saint_martin.yaml: .*'no'"),
    (lambda t: t.replace("    US-A-MG: C4", "    US-A-MG: 4"),
     r"saint_martin.yaml: setup.usa.US-A-MG: expected a non-empty string, got 4 \(line \d+\)"),
    (lambda t: t.replace("first: usa", "first: france"),
     r"saint_martin.yaml: first: unknown side 'france' \(allowed: usa, ger\) \(line \d+\)"),
    (lambda t: t.replace("  usa: {artillery: 3, air: 1}", "  usa: {artillery: 3, air: 1, rockets: 3}"),
     r"saint_martin.yaml: support.usa: unknown key 'rockets' \(line \d+\)"),
    (lambda t: t.replace("weather: fair", "weather: snow"),
     "saint_martin.yaml: weather: expected 'fair' or 'bad'"),
    (lambda t: t.replace("    US-A-MG: C4", "    US-A-MG: B44"),
     "saint_martin.yaml: setup usa US-A-MG: 'B44' is not a hex"),
])
def test_10_1_a_malformed_scenario_file_is_refused_naming_file_entry_and_problem(
    tmp_path: Path, edit: Any, problem: str
) -> None:
    before = load_scenario("saint_martin")
    p = _write(tmp_path, "saint_martin.yaml", edit((DIR / "saint_martin.yaml").read_text(encoding="utf-8")))
    with pytest.raises(RulesError, match=problem):
        read_scenario(p)
    # nothing changed: the built-in scenario, the list of scenarios and new games are as before
    assert load_scenario("saint_martin") is before and "saint_martin" in scenario_ids()
    assert tactica.new_game("combat_infantry", "saint_martin", seed=1).state["game_turns"] == 4


def test_10_1_an_unreadable_scenario_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=r"missing\.yaml"):
        read_scenario(tmp_path / "missing.yaml")
    p = _write(tmp_path, "broken.yaml", "format: tactica-scenario\nsetup: [unclosed\n")
    with pytest.raises(RulesError, match=r"broken\.yaml"):
        read_scenario(p)


@pytest.mark.parametrize(("edit", "problem"), [
    (lambda d: d["blocks"][1].update(type="howitzer"),
     "blocks.yaml: block US-A1-PHQ: type: unknown unit type 'howitzer'"),
    (lambda d: d["blocks"][1].update(steps=0),
     "blocks.yaml: block US-A1-PHQ: steps: 0 is below the minimum 1"),
    (lambda d: d["blocks"][2].update(id="US-A-CHQ"), "block US-A-CHQ: duplicate id"),
    (lambda d: d["types"].pop("sniper"), "block US-BN-SN: type 'sniper' is not listed under types"),
    (lambda d: d["blocks"][0].pop("morale"), "blocks.yaml: block US-A-CHQ: missing key 'morale'"),
    (lambda d: d["blocks"][0].update(side="uk"), "blocks.yaml: block US-A-CHQ: side: unknown side 'uk'"),
    (lambda d: d.update(version=2), "blocks.yaml: version: expected 1, got 2"),
])
def test_2_0_a_malformed_label_sheet_is_refused_naming_the_block(edit: Any, problem: str) -> None:
    before = sheet()
    d = _blocks()
    edit(d)
    with pytest.raises(RulesError, match=problem):
        parse_sheet(d, "blocks.yaml")
    assert sheet() is before and len(before) == 132


def test_published_schemas_of_combat_infantry_refuse_unknown_keys_and_list_the_names() -> None:
    rendered = data_schemas.render()
    scen = json.loads(rendered["combat_infantry.scenario.schema.json"])
    assert scen["additionalProperties"] is False
    assert set(scen["required"]) >= {"format", "version", "id", "name", "map", "game_turns", "first", "setup"}
    assert scen["properties"]["first"]["enum"] == ["usa", "ger"]
    blocks = json.loads(rendered["combat_infantry.blocks.schema.json"])
    assert "minefield" in blocks["$defs"]["BlockModel"]["properties"]["type"]["enum"]
    assert blocks["$defs"]["BlockModel"]["additionalProperties"] is False
