"""The scenario editor on Combat Commander (docs/editor.md): the same routes as for The Great War,
driven by the module's own description and checked by its own scenario loader, with the map
inline in the scenario (games/combat_commander/custom.py)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import tactica
from tactica.core.custom import content_id
from tactica.core.datafile import parse_yaml
from tactica.games.combat_commander import custom
from tactica.games.combat_commander.scenario_data import builtin_scenario
from tactica.server import custom_scenarios as cs

from .helpers import HUMAN, client, decide, editor_refuses, new_game, view

MODULE = "combat_commander"


def small() -> dict[str, Any]:
    """A blank board with woods, a two-hex building, a wall, a hill and a unit stack a side."""
    c = cs.blank(MODULE, 15, 10)
    m = c["map"]
    m["hexes"].update({"E4": ["woods"], "H5": {"terrain": ["building"], "elevation": 1},
                       "H6": ["building"], "G5": {"elevation": 1}})
    m["hexsides"]["D3/E4"] = ["wall"]
    m["combat_commander"]["buildings"]["farm"] = ["H5", "H6"]
    c["sides"]["axis"]["placed"] = [{"hex": "H5", "unit": "ger-rifle-squad", "weapon": "ger-lmg"},
                                    {"hex": "H5", "unit": "ger-ldr-bolter"}]
    c["sides"]["allies"]["placed"] = [{"hex": "F9", "unit": "us-rifle-squad"}]
    c["sides"]["allies"]["forces"]["units"] = {"us-rifle-team": 1}  # set up by the player in south-edge
    c["objectives"]["1"] = "axis"
    c["name"] = "Farm on the hill"
    return c


@pytest.fixture(autouse=True)
def _forget():
    yield
    custom.REGISTRY.forget()


def test_the_blank_board_is_refused_until_each_side_has_a_unit_then_plays():
    with pytest.raises(cs.Invalid, match=r"sides.axis.forces: a side starts with at least one unit"):
        cs.check(MODULE, cs.blank(MODULE, 15, 10))
    cid = cs.check(MODULE, small())
    assert cid == content_id(small())
    sid = custom.register_scenario(small())
    g = tactica.new_game(MODULE, sid, seed=5)
    units = {u["type"]: u["hex"] for u in g.state["units"].values()}
    assert units["ger-rifle-squad"] == units["ger-ldr-bolter"] == "H5" and units["us-rifle-squad"] == "F9"
    assert g.state["objectives"]["1"]["hexes"] == ["H5", "H6"]  # the whole multi-hex building (7.3.1.1)
    board = g.rules.board(g)
    assert board.name == sid and board.elevation[board.labels.index("G5")] == 1
    assert g.current_player() == 1  # only America has forces to set up in a zone (its team)
    rec = g.record
    custom.REGISTRY.forget()  # a replay elsewhere registers the scenario first, then matches
    custom.register_scenario(small())
    assert tactica.replay(rec.to_dict()).state == g.state


@pytest.mark.parametrize(("change", "message"), [
    (lambda c: c.pop("time"), "scenario: file: missing key 'time'"),
    (lambda c: c["sides"]["axis"]["placed"].append({"hex": "C3", "unit": "ger-tiger"}),
     "scenario: sides.axis.placed[2].unit: no Germany squad, team or leader of id 'ger-tiger'"),
    (lambda c: c["sides"]["allies"]["placed"].append({"hex": "Q3", "unit": "us-rifle-squad"}),
     "scenario: sides.allies.placed[1].hex: Q3: hex label 'Q3' is off the 15x10 map"),
    (lambda c: c["map"]["objectives"].pop("5"),
     "scenario: map: objectives: a map has Objectives 1-5 (2.3), got ['1', '2', '3', '4']"),
    (lambda c: c["map"]["combat_commander"]["buildings"].update(farm=["H5", "C3"]),
     "scenario: map: combat_commander.buildings.farm: C3: hex has no building terrain (T82)"),
    (lambda c: c.update(fortifications=[{"hex": "F9", "type": "trench"}, {"hex": "F9", "type": "wire"}]),
     "scenario: fortifications[1].hex: F9 already holds a Fortification (8.1.3)"),
    (lambda c: c["map"]["hexes"].update(C3=["lava"]),
     "scenario: map: hex C3 terrain: unknown terrain 'lava'"),
])
def test_bad_scenarios_get_the_loaders_message_and_nothing_is_stored(tmp_path, change, message):
    editor_refuses(tmp_path / "g.db", MODULE, small, change, message, custom.REGISTRY)


def test_forged_modules_and_oversized_stacks_are_refused(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        r = c.post("/api/editor/check", json={"module": "great_war", "scenario": small()})
        assert r.status_code == 422 and r.json()["detail"].startswith("scenario: format:")  # GW's loader
        r = c.post("/api/editor/check", json={"module": "x" * 65, "scenario": small()})
        assert r.status_code == 422
        many = small()
        many["sides"]["axis"]["placed"] = [{"hex": "A1", "unit": "ger-rifle-squad"}] * 61
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": many})
        assert r.status_code == 422
        assert r.json()["detail"] == "scenario: sides.axis.placed: 61 units, more than 60 (editor limit)"
        stack = small()
        stack["sides"]["axis"]["placed"].append({"hex": "H5", "unit": "ger-rifle-squad"})
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": stack})
        assert r.json()["detail"] == ("scenario: sides.axis.placed[2].hex: H5 holds more than 7 figures "
                                      "of one side (8.2)")
        r = c.get("/api/editor/start", params={"module": MODULE, "cols": 5, "rows": 5})
        assert r.status_code == 200 and r.json()["scenario"]["map"]["geometry"]["cols"] == 15  # rule 2


def test_a_built_in_scenario_is_a_starting_point_with_its_map_inline(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        r = c.get("/api/editor/start", params={"module": MODULE, "scenario": "hill_2_crown"})
        data = r.json()["scenario"]
        assert isinstance(data["map"], dict) and data["map"]["name"] == "hill_road"
        assert data["map"]["combat_commander"]["buildings"]["farmhouse"] == ["D4", "D5"]
        assert c.post("/api/editor/check", json={"module": MODULE, "scenario": data}).json()["ok"] is True
        sid = custom.register_scenario(data)
        assert custom.REGISTRY.get(sid).spec["sides"]["axis"]["units"] == \
            builtin_scenario("hill_2_crown").to_engine()["sides"]["axis"]["units"]
        info = next(m for m in c.get("/api/editor/modules").json()["modules"] if m["module"] == MODULE)
        assert set(info["scenarios"]) == {"bridge_at_dawn", "hill_2_crown", "orchard_meeting", "ridge_1941"}
        assert {u["id"] for u in info["units"]["palette"]["Germany"]} >= {"ger-rifle-squad", "ger-ldr-bolter"}
        assert {h["id"] for h in info["hexside"]} == {"wall", "hedge", "fence", "cliff"}
        assert {r["id"] for r in info["roads"]} == {"road", "trail", "railway"}  # the Road tool's kinds
        gap = {**data, "map": {**data["map"], "roads": [{"kind": "trail", "path": ["A1", "A3"]}]}}
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": gap})
        assert r.status_code == 422 and "roads[0]" in r.json()["detail"], r.json()  # the map's loader
        geo = c.post("/api/editor/map", json={"module": MODULE, "map": data["map"]}).json()
        assert len(geo["hexes"]) == 150 and geo["zones"]["north-edge"][:3] == ["A1", "A2", "B1"]
        assert any(s["features"] == ["wall"] and {s["a"], s["b"]} == {"D3", "D4"} for s in geo["hexsides"])


def test_save_export_import_and_a_game_that_survives_a_restart(store_url):
    with client(store_url, run_agents=False) as c:
        saved = c.post("/api/editor/scenarios", json={"module": MODULE, "scenario": small()}).json()
        assert saved["content_id"] == content_id(small()) and saved["name"] == "Farm on the hill"
        got = c.get(f"/api/editor/scenarios/{saved['id']}").json()
        assert got["scenario"] == small() and got["module"] == MODULE
        text = c.get(f"/api/editor/scenarios/{saved['id']}/export").text
        assert parse_yaml(text, "x.yaml") == small()
        back = c.post("/api/editor/parse", json={"module": MODULE, "text": text}).json()
        assert back["problem"] is None and back["content_id"] == saved["content_id"]
        broken = c.post("/api/editor/parse", json={"module": MODULE,
                                                   "text": text.replace("us-rifle-squad", "us-tank")}).json()
        assert broken["content_id"] is None
        assert "no America squad, team or leader of id 'us-tank'" in broken["problem"]
        g = new_game(c, [HUMAN, HUMAN], module=MODULE, scenario=saved["content_id"], seed=3)
        seat = next(s for s in g["seats"] if s["seat"] == 1)
        v = view(c, g["id"], seat["token"])
        assert v["view"]["decision"]["seat"] == 1  # America sets up its team in south-edge
        opts = v["view"]["decision"]["options"]
        assert decide(c, g["id"], seat["token"], 0, opts[0]["id"]).status_code == 200
        moved = copy.deepcopy(small())
        moved["sides"]["allies"]["placed"][0]["hex"] = "G9"
        r = c.put(f"/api/editor/scenarios/{saved['id']}", json={"module": MODULE, "scenario": moved},
                  headers={"X-Author-Key": saved["author_key"]})
        assert r.status_code == 200 and r.json()["content_id"] != saved["content_id"]
        listed = c.get("/api/games").json()["games"]
        names = [(x["scenario"], x["scenario_name"]) for x in listed]
        assert names == [(saved["content_id"], "Farm on the hill")]
    custom.REGISTRY.forget()  # a restart: the scenario, its map included, comes from the stored copy
    with client(store_url, run_agents=False) as c:
        v = view(c, g["id"], seat["token"])
        assert v["index"] == 1
        hexes = {u["type"]: u.get("hex") for u in v["view"]["board"]["units"].values()}
        assert hexes["us-rifle-squad"] == "F9"
