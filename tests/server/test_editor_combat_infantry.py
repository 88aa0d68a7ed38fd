"""The scenario editor on Combat Infantry (docs/editor.md): the same routes as for the other
modules, driven by the module's own description and checked by its own scenario loader, the map
inline in the scenario (games/combat_infantry/custom.py); a game on a saved scenario hides each
side's blocks from the other exactly as on a built-in one."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import tactica
from tactica.core.custom import content_id
from tactica.core.datafile import parse_yaml
from tactica.games.combat_infantry import custom
from tactica.games.combat_infantry.blocks import sheet
from tactica.server import custom_scenarios as cs

from .helpers import HUMAN, client, decide, editor_refuses, new_game, view

MODULE = "combat_infantry"


def small() -> dict[str, Any]:
    """A blank 14 x 10 board (its objective "centre" in H6, worth 1) with woods, a level-1 hill, a
    hedge, an objective worth 2 VP, two
    placed blocks a side and a German platoon set up in play next to its set-up hex."""
    c = cs.blank(MODULE, 14, 10)
    m = c["map"]
    m["hexes"].update({"E4": ["woods"], "H5": ["town"], "I5": {"elevation": 1}})
    m["hexsides"]["D5/E5"] = ["hedge"]
    m["objectives"]["village"] = "H5"
    c["objectives"]["village"] = 2
    c["setup"]["usa"] = {"US-A-CHQ": "C5", "US-A1-IN1": "C4"}
    c["setup"]["ger"] = {"GE-A-CHQ": "J5"}
    c["deploy"]["ger"]["blocks"] = ["GE-A1-PHQ", "GE-A1-IN1"]
    c["name"] = "Village on the hill"
    return c


@pytest.fixture(autouse=True)
def _forget():
    yield
    custom.REGISTRY.forget()


def play(g: Any, steps: int, seed: int = 1) -> list[str]:
    """Random legal decisions; the ids chosen."""
    r = random.Random(seed)
    ids = []
    for _ in range(steps):
        if g.is_terminal():
            break
        oid = r.choice(g.legal_options()).id
        g.apply(oid)
        ids.append(oid)
    return ids


def test_the_blank_board_is_refused_until_each_side_has_a_block_then_plays_and_replays():
    with pytest.raises(cs.Invalid, match=r"setup usa: a side starts with at least one block \(10.1\)"):
        cs.check(MODULE, cs.blank(MODULE, 14, 10))
    assert cs.check(MODULE, small()) == content_id(small())
    sid = custom.register_scenario(small())
    g = tactica.new_game(MODULE, sid, seed=5)
    geo = g.rules.board(g)
    assert geo.elevation[geo.labels.index("I5")] == 1 and len(geo) == 140
    at = {b: geo.labels[x["hex"]] for b, x in g.state["blocks"].items()}
    assert at == {"US-A-CHQ": "C5", "US-A1-IN1": "C4", "GE-A-CHQ": "J5"}
    assert sorted(g.state["objectives"]) == sorted([[geo.labels.index("H5"), 2], [geo.labels.index("H6"), 1]])
    assert g.current_player() == 1  # 10.1: the Germans set up their platoon in play first
    play(g, 40)
    rec = g.record
    custom.REGISTRY.forget()  # a replay elsewhere registers the scenario first, then matches
    custom.register_scenario(small())
    assert tactica.replay(rec.to_dict()).state == g.state


def test_a_copy_of_a_built_in_scenario_plays_and_hides_exactly_as_the_built_in():
    """Saint-Martin started from in the editor (its map inline) and the built-in file: with the
    same seed and decisions every seat sees the same, so the other side's blocks stay hidden."""
    sid = custom.register_scenario(cs.start_from(MODULE, "saint_martin"))
    mine = tactica.new_game(MODULE, sid, seed=11)
    theirs = tactica.new_game(MODULE, "saint_martin", seed=11)
    start = json.dumps(mine.view(0))
    german = [b for b in mine.state["blocks"] if b.startswith("GE-")]
    assert [b for b in german if b in start] == ["GE-BN-BK"]  # 1.0: backs only; a bunker is face-up (2.55)
    r = random.Random(4)
    for _ in range(60):
        for seat in (0, 1):
            a, b = mine.view(seat), theirs.view(seat)
            assert a.pop("scenario") == sid and b.pop("scenario") == "saint_martin"
            assert a == b
        if mine.is_terminal():
            break
        oid = r.choice(theirs.legal_options()).id
        mine.apply(oid)
        theirs.apply(oid)


@pytest.mark.parametrize(("change", "message"), [
    (lambda c: c.pop("game_turns"), "scenario: top level: missing key 'game_turns'"),
    (lambda c: c["setup"]["usa"].update({"US-A-ART": "C6"}),
     "scenario: setup usa US-A-ART: not a block of this side's label sheet"),
    (lambda c: c["setup"]["usa"].update({"US-BN-ART": "C6"}),
     "scenario: setup usa US-BN-ART: artillery stays off the map: give its strikes under support"),
    (lambda c: c["setup"]["usa"].update({"GE-A1-IN2": "C6"}),
     "scenario: setup usa GE-A1-IN2: not a block of this side's label sheet"),
    (lambda c: c["setup"]["usa"].update({"US-BN-TK1": "C6"}),
     "scenario: setup usa US-BN-TK1: a battalion weapon must be attached to a company (2.5)"),
    (lambda c: c["setup"]["ger"].update({"GE-A1-IN2": "P3"}),
     "scenario: setup ger GE-A1-IN2: 'P3' is not a hex of map my_map"),
    (lambda c: c["setup"]["ger"].update({"GE-A1-IN2": "E4", "GE-A1-IN3": "E4", "GE-A2-IN1": "E4"}),
     "scenario: setup: hex E4 overstacked (8.2 limit 2)"),
    (lambda c: c["setup"]["ger"].update({"GE-A1-IN1": "J6"}),
     "scenario: setup ger GE-A1-IN1: also listed under deploy"),
    (lambda c: c["objectives"].update(bridge=1),
     "scenario: objective 'bridge': not an objective of map my_map"),
    (lambda c: c["map"]["hexes"].update(C3=["lava"]),
     "scenario: map: hex C3 terrain: unknown terrain 'lava'"),
    (lambda c: c["map"]["hexsides"].update({"C3/C4": ["wall"]}), "scenario: map: hexside C3/C4"),
    (lambda c: c["map"].pop("geometry"), "scenario: map: top level: missing key 'geometry'"),
    (lambda c: c.update(map="saint_martin"),
     "scenario: map: a custom scenario carries its map inline (a map file's content)"),
    (lambda c: c.update(support={"usa": {"air": 5}}),
     "scenario: support usa air: expected 0..4 strikes (2.6, 2.7)"),
])
def test_bad_scenarios_get_the_loaders_message_and_nothing_is_stored(tmp_path, change, message):
    editor_refuses(tmp_path / "g.db", MODULE, small, change, message, custom.REGISTRY)


def test_forged_input_and_too_many_blocks_are_refused(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        r = c.post("/api/editor/check", json={"module": "great_war", "scenario": small()})
        assert r.status_code == 422 and "expected 'allies' or 'central'" in r.json()["detail"]  # GW's loader
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": cs.blank("great_war", 7, 5)})
        assert r.status_code == 422 and r.json()["detail"].startswith("scenario: top level:")  # CI's
        many = small()
        many["setup"]["usa"] = {b.id: "A1" for b in list(sheet().values())[:61]}
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": many})
        assert r.json()["detail"] == "scenario: setup.usa: 61 units, more than 60 (editor limit)"
        huge = small()
        huge["map"]["geometry"]["cols"] = 28  # Ballan's two joined sheets: beyond the editor's limit
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": huge})
        assert r.json()["detail"] == "scenario: map.geometry.cols: 28 is out of range 1..18 (editor limit)"
        r = c.post("/api/games", json={"module": MODULE, "scenario": content_id(small()),
                                       "seats": [HUMAN, HUMAN]})
        assert r.status_code in (404, 422)  # never saved: no game on it
        assert c.get("/api/games").json()["games"] == []


def test_built_in_scenarios_are_starting_points_with_their_map_inline(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        info = next(m for m in c.get("/api/editor/modules").json()["modules"] if m["module"] == MODULE)
        assert info["scenarios"] == ["hill_74", "night_patrol", "saint_martin"]  # Ballan: 28 x 10
        assert {t["id"] for t in info["terrain"]} == {"clear", "beach", "orchard", "cemetery", "marsh",
                                                      "woods", "town", "farm"}
        assert {x["id"] for x in info["hexside"]} >= {"hedge", "river", "bridge", "ford", "slope", "cliff"}
        usa = {u["id"]: u for u in info["units"]["palette"]["usa"]}
        assert usa["US-A1-IN1"]["steps"] == 4 and "US-BN-ART" not in usa  # artillery stays off the map
        assert all(u["id"].startswith("GE-") for u in info["units"]["palette"]["ger"])
        data = c.get("/api/editor/start", params={"module": MODULE, "scenario": "hill_74"}).json()["scenario"]
        assert data["map"]["name"] == "saint-martin" and data["map"]["objectives"]["hill"] == "M5"
        assert data["deploy"]["usa"]["areas"] == ["G2", "G8"]
        ok = c.post("/api/editor/check", json={"module": MODULE, "scenario": data}).json()
        assert ok["ok"] is True
        geo = c.post("/api/editor/map", json={"module": MODULE, "map": data["map"]}).json()
        assert len(geo["hexes"]) == 140
        assert any(s["features"] == ["bridge"] and {s["a"], s["b"]} == {"F5", "G5"} for s in geo["hexsides"])
        r = c.get("/api/editor/start", params={"module": MODULE, "scenario": "ballan"})
        assert r.status_code == 422


def test_save_export_import_and_a_hidden_game_that_survives_a_restart(store_url):
    with client(store_url, run_agents=False) as c:
        saved = c.post("/api/editor/scenarios", json={"module": MODULE, "scenario": small()}).json()
        assert saved["content_id"] == content_id(small()) and saved["name"] == "Village on the hill"
        text = c.get(f"/api/editor/scenarios/{saved['id']}/export").text
        assert parse_yaml(text, "x.yaml") == small()
        back = c.post("/api/editor/parse", json={"module": MODULE, "text": text}).json()
        assert back["problem"] is None and back["content_id"] == saved["content_id"]
        broken = c.post("/api/editor/parse", json={"module": MODULE,
                                                   "text": text.replace("US-A1-IN1", "US-A1-IN9")}).json()
        assert broken["content_id"] is None
        assert "setup usa US-A1-IN9: not a block of this side's label sheet" in broken["problem"]
        g = new_game(c, [HUMAN, HUMAN], module=MODULE, scenario=saved["content_id"], seed=3)
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        ger = view(c, g["id"], tokens[1])
        assert ger["view"]["decision"]["seat"] == 1  # the Germans set up their platoon first (10.1)
        usa = json.dumps(view(c, g["id"], tokens[0]))
        assert not any(b in usa for b in ("GE-A-CHQ", "GE-A1-PHQ", "GE-A1-IN1"))  # 1.0: backs only
        assert "GE-A-CHQ" in json.dumps(ger)
        opts = ger["view"]["decision"]["options"]
        assert decide(c, g["id"], tokens[1], 0, opts[0]["id"]).status_code == 200
        moved = copy.deepcopy(small())
        moved["setup"]["usa"]["US-A1-IN1"] = "B4"
        r = c.put(f"/api/editor/scenarios/{saved['id']}", json={"module": MODULE, "scenario": moved},
                  headers={"X-Author-Key": saved["author_key"]})
        assert r.status_code == 200 and r.json()["content_id"] != saved["content_id"]
        listed = c.get("/api/games").json()["games"]
        assert [(x["scenario"], x["scenario_name"]) for x in listed] == [(saved["content_id"],
                                                                          "Village on the hill")]
    custom.REGISTRY.forget()  # a restart: the scenario, its map included, comes from the stored copy
    with client(store_url, run_agents=False) as c:
        v = view(c, g["id"], tokens[0])
        assert v["index"] == 1
        assert not any(b in json.dumps(v) for b in ("GE-A-CHQ", "GE-A1-PHQ", "GE-A1-IN1"))
        assert "US-A1-IN1" in json.dumps(v)
