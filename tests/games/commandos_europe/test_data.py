"""The data files against their models (data_models.py): the shipped files pass, and a malformed
file is refused with a message naming the file, the entry and the problem (and its line)."""

from __future__ import annotations

import json

import pytest
import yaml

from tactica.core.rules import RulesError
from tactica.games.commandos_europe import data
from tactica.games.commandos_europe.data_models import FILES, MissionsFile


def _broken(name: str, old: str, new: str) -> str:
    text = (data.DIR / name).read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_shipped_file_matches_its_model(name: str) -> None:
    f = data.parse(name, (data.DIR / name).read_text(encoding="utf-8"))
    assert isinstance(f, FILES[name])


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("gear.yaml", "fp: 5,  cost: 6", "fp: ten,  cost: 6",
     "gear.yaml: gear.chevy.fp: expected an integer, got 'ten' (line 14)"),
    ("gear.yaml", 'move: "+6"}', 'move: "6"}', "gear.yaml: gear.chevy.move: String should match pattern"),
    ("gear.yaml", 'move: "-1", blue: true, boat: true}', 'move: "-1", black: true, boat: true}',
     "gear.yaml: gear.dinghy.black: only a plus-type piece can have a black value (9.2) (line 18)"),
    ("gear.yaml", "fp: 5,  cost: 6", "fp: 5, colour: red, cost: 6",
     "gear.yaml: gear.chevy: unknown key 'colour' (line 14)"),
    ("gear.yaml", "  jeep: ", "  chevy: ",
     "gear.yaml: not valid YAML: line 15, column 3: duplicate key 'chevy'"),
    ("casualties.yaml", "count: 4}", "count: 3}",
     "casualties.yaml: markers: the book has twenty casualties markers (2.3), not 19"),
    ("missions.yaml", '"1250", "0628"]', '"1250"]', "missions.yaml: placement.arm_the_locals.hexes: List"),
    ("missions.yaml", '"1250", "0628"]', '"1250", "628"]',
     "missions.yaml: placement.arm_the_locals.hexes[2]"),
    ("missions.yaml", "    hide_drop: {pp: 3", "    hide_drops: {pp: 3",
     "missions.yaml: cups.norway.hide_drops: not in the placement table (7.0)"),
    ("missions.yaml", "    kill_rommel: {pp: 8", "    hide_drop: {pp: 8",
     "missions.yaml: cups.north_africa.hide_drop: already in the norway cup"),
    ("enemies.yaml", "  north_africa:", "  italy:",
     "enemies.yaml: maps.italy: unknown map 'italy' (allowed: norway, north_africa, normandy, continent)"),
    ("enemies.yaml", "attack: 20, ma: 3, count: 8}", "attack: 20, count: 8}",
     "enemies.yaml: maps.norway.rifle_section: missing key 'ma' (line 11)"),
    ("commandos.yaml", '"Commander 0", role: commander', '"Commander 0", role: general',
     "commandos.yaml: leaders.cdr-0.role: expected 'commander' or 'officer', got 'general' (line 20)"),
    ("commandos.yaml", 'line: "0-1"}', 'line: "0-9"}', "commandos.yaml: squads.E-1.line: no squad '0-9'"),
    ("terrain.yaml", "clear:      {mp: 1", "clear:      {mp: 0",
     "terrain.yaml: terrain.clear.mp: 0 is below the minimum 1 (line 15)"),
    ("terrain.yaml", "version: 1", "version: 2", "terrain.yaml: version: expected 1, got 2"),
])
def test_a_malformed_file_names_the_file_the_entry_and_the_problem(name: str, old: str, new: str,
                                                                     message: str) -> None:
    with pytest.raises(RulesError) as exc:
        data.parse(name, _broken(name, old, new))
    assert str(exc.value).startswith(message)


def test_a_mission_needing_unknown_gear_is_refused_across_files() -> None:
    f = data.parse("missions.yaml", _broken("missions.yaml", "needs: [bren]", "needs: [laser]"))
    assert isinstance(f, MissionsFile)
    with pytest.raises(RulesError, match=r"cups\.norway\.arm_the_locals\.needs: unknown gear 'laser'"):
        data.check_needs(f, data.gear())
    data.check_needs(data.parse("missions.yaml", (data.DIR / "missions.yaml").read_text(encoding="utf-8")),
                     data.gear())


def test_an_unknown_file_name_is_refused() -> None:
    with pytest.raises(RulesError, match=r"maps\.yaml: not a Commandos: Europe data file"):
        data.parse("maps.yaml", "version: 1\n")


def test_a_map_cup_with_fewer_than_six_objectives_is_refused() -> None:
    text = (data.DIR / "missions.yaml").read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    doc["cups"]["norway"] = dict(list(doc["cups"]["norway"].items())[:5])
    with pytest.raises(RulesError) as exc:
        data.parse("missions.yaml", yaml.safe_dump(doc))
    assert str(exc.value) == ("missions.yaml: cups.norway: a map's cup needs at least six objectives (4.0), "
                              "not 5")


def test_the_published_schemas_list_the_maps_and_refuse_unknown_keys() -> None:
    from tactica import data_schemas

    rendered = data_schemas.render()
    enemies = json.loads(rendered["commandos_europe.enemies.schema.json"])
    assert enemies["properties"]["maps"]["propertyNames"]["enum"] == list(data.MAPS)
    gear = json.loads(rendered["commandos_europe.gear.schema.json"])
    assert gear["$defs"]["GearModel"]["additionalProperties"] is False
    assert gear["$defs"]["GearModel"]["properties"]["move"]["pattern"] == "^[+-][0-9]+$"
