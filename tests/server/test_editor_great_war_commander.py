"""The scenario editor on Great War Commander (docs/editor.md): the same routes as for Combat
Commander, driven by the module's own description and checked by its own scenario loader
(data.check_data), the map inline in the scenario (games/great_war_commander/custom.py)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tactica
from tactica.core.custom import content_id
from tactica.core.datafile import parse_yaml
from tactica.games.commander_family.fortifications import kind_at
from tactica.games.great_war_commander import custom
from tactica.games.great_war_commander.components import builtin_components
from tactica.games.great_war_commander.data import builtin_pack
from tactica.games.great_war_commander.scenarios import to_family
from tactica.server import custom_scenarios as cs

from .helpers import AI, HUMAN, client, decide, editor_refuses, new_game, view, wait_until

MODULE = "great_war_commander"


def small() -> dict[str, Any]:
    """A blank map with woods, a building on a hill, a wall and a stream; a German stack (a
    Platoon with an MG 08 and a Leader) and a French Tank on fixed hexes, French forces to set up
    in the south zone, Wire, and a German reinforcement with its Telephone."""
    c = cs.blank(MODULE, 15, 11)
    m = c["map"]
    m["hexes"].update({"E4": ["woods"], "H6": {"terrain": ["building"], "elevation": 1},
                       "G5": {"elevation": 1}, "L9": ["stream"]})
    m["hexsides"]["D3/E4"] = ["wall"]
    g, e = c["sides"]["germany"], c["sides"]["entente"]
    g["placed"] = [{"hex": "H6", "unit": "ger-infanterie", "weapon": "ger-mg08"},
                   {"hex": "H6", "unit": "ger-ldr-vogel"}]
    g["reinforcements"] = [{"time": 3, "formations": {"ger-abteilung": 1}, "telephones": ["ger-tel-8"]}]
    e["placed"] = [{"hex": "F9", "unit": "fr-schneider"}]
    e["forces"].update(leaders=["Durant"], formations={"fr-poilus": 2}, weapons=["fr-chauchat"])
    c["fortifications"] = [{"hex": "G4", "type": "wire"}]
    c["objectives"]["1"] = "germany"
    c["name"] = "Farm in the wire"
    return c


@pytest.fixture(autouse=True)
def _forget():
    yield
    custom.REGISTRY.forget()


def test_the_blank_map_is_refused_until_each_side_has_a_formation_then_plays_and_replays():
    blank = cs.blank(MODULE, 15, 11)
    assert blank["map"]["geometry"]["cols"] == 15 and blank["map"]["geometry"]["rows"] == 11  # 2.1
    with pytest.raises(cs.Invalid, match=r"sides.germany.forces: a side starts with at least one Formation"):
        cs.check(MODULE, blank)
    assert cs.check(MODULE, small()) == content_id(small())
    sid = custom.register_scenario(small())
    g = tactica.new_game(MODULE, sid, seed=5)
    hexes = {u["type"]: u["hex"] for u in g.state["units"].values()}
    assert hexes["ger-infanterie"] == hexes["ger-ldr-vogel"] == "H6" and hexes["fr-schneider"] == "F9"
    assert [w["type"] for w in g.state["weapons"].values()].count("ger-mg08") == 1
    assert g.state["map"] == sid and g.rules.board(g).name == sid
    assert kind_at(g, "G4") == "wire"  # F125.1
    assert g.state["telephone_reinforcements"] == {"3": [{"seat": 0, "type": "ger-tel-8"}]}
    assert g.state["date"] == "1918-07" and g.rules.scenario(sid).name == "Farm in the wire"
    assert g.current_player() == 1  # only France has forces to set up in its zone
    rng = random.Random(2)
    for _ in range(4000):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_options()))
    assert g.is_terminal()
    rec = g.record
    custom.REGISTRY.forget()  # a replay elsewhere registers the scenario first, then matches
    custom.register_scenario(small())
    assert tactica.replay(rec.to_dict()).state == g.state


@pytest.mark.parametrize(("change", "message"), [
    (lambda c: c.pop("time"), "scenario: file: missing key 'time'"),
    (lambda c: c["sides"]["germany"]["placed"].append({"hex": "C3", "unit": "ger-tiger"}),
     "scenario: sides.germany.placed[2].unit: no Germany Leader, Platoon, Team, Runner or Tank of id "
     "'ger-tiger'"),
    (lambda c: c["sides"]["entente"]["placed"].append({"hex": "Q3", "unit": "fr-poilus"}),
     "scenario: sides.entente.placed[1].hex: Q3: hex label 'Q3' is off the 15x11 map"),
    (lambda c: c["sides"]["entente"]["placed"].append({"hex": "F9", "unit": "fr-renault-ft"}),
     "scenario: sides.entente.placed[1].hex: F9 holds a second Tank: one Tank a hex (8.2.1)"),
    (lambda c: c["sides"]["germany"]["placed"].append({"hex": "H6", "unit": "ger-infanterie"}),
     "scenario: sides.germany.placed[2].hex: H6 holds more than 7 figures of one side (8.2)"),
    (lambda c: c["sides"]["entente"]["placed"].append({"hex": "L9", "unit": "fr-renault-ft"}),
     "scenario: sides.entente.placed[1].hex: L9 is stream: no Tank may stand there (T120)"),
    (lambda c: c["sides"]["germany"]["placed"].append(
        {"hex": "C3", "unit": "ger-infanterie", "weapon": "ger-flammenwerfer"}),
     "scenario: sides.germany.placed[2].weapon: only a Team carries Flammenwerfer, not Infanterie (11.2)"),
    (lambda c: c["sides"]["entente"]["placed"].append({"hex": "C9", "unit": "fr-ligne-1914"}),
     "scenario: sides.entente.placed[1].unit: Infanterie de ligne (1914) is used 1914-1914, not in 1918"),
    (lambda c: c["map"]["objectives"].pop("5"),
     "scenario: map: geometry: a map is 15x11 hexes with Objectives 1-5 (2.1, 2.3)"),
    (lambda c: c["map"]["hexes"].update(C3=["lava"]),
     "scenario: map: hex C3 terrain: unknown terrain 'lava'"),
    (lambda c: c.update(fortifications=[{"hex": "L9", "type": "trench"}]),
     "scenario: fortifications[0]: L9 is a Water hex: no trench there (F125, T107)"),
    (lambda c: c.update(date="1919-01"), "scenario: date: String should match pattern"),
    (lambda c: c["sides"]["entente"]["forces"]["leaders"].append("Napoleon"),
     "scenario: sides.entente.forces.leaders: Napoleon: no France Leader of that name"),
    (lambda c: c["sides"]["entente"].update(nation="Germany"),
     "scenario: sides: Germany against France or America"),
])
def test_bad_scenarios_get_the_loaders_message_and_nothing_is_stored(tmp_path, change, message):
    editor_refuses(tmp_path / "g.db", MODULE, small, change, message, custom.REGISTRY)


def test_forged_input_and_a_forged_game_are_refused(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        r = c.post("/api/editor/check", json={"module": "combat_commander", "scenario": small()})
        assert r.status_code == 422  # Combat Commander's loader wants its own map block
        assert r.json()["detail"].startswith("scenario: map: missing key 'combat_commander'")
        many = small()
        many["sides"]["germany"]["placed"] = [{"hex": "A1", "unit": "ger-infanterie"}] * 61
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": many})
        assert r.json()["detail"] == "scenario: sides.germany.placed: 61 units, more than 60 (editor limit)"
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": {**small(), "map": [1, 2]}})
        assert r.status_code == 422 and r.json()["detail"].startswith("scenario: map:")
        lava = {**small()["map"], "hexes": {"A1": ["lava"]}}
        r = c.post("/api/editor/map", json={"module": MODULE, "map": lava})
        assert r.status_code == 422 and "unknown terrain 'lava'" in r.json()["detail"]
        r = c.get("/api/editor/start", params={"module": MODULE, "cols": 5, "rows": 5})
        assert r.status_code == 200 and r.json()["scenario"]["map"]["geometry"]["rows"] == 11  # 2.1
        forged = "custom-" + "0" * 32
        r = c.post("/api/games", json={"module": MODULE, "scenario": forged, "seats": [HUMAN, HUMAN]})
        assert r.status_code == 422 and "no saved great_war_commander scenario" in r.json()["detail"]
        assert c.get("/api/games").json()["games"] == []


def test_a_built_in_scenario_is_a_starting_point_with_its_map_inline(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        r = c.get("/api/editor/start", params={"module": MODULE, "scenario": "soissons_tanks_1918"})
        data = r.json()["scenario"]
        assert isinstance(data["map"], dict) and data["map"]["name"] == "marne_farms"
        assert c.post("/api/editor/check", json={"module": MODULE, "scenario": data}).json()["ok"] is True
        sid = custom.register_scenario(data)
        built_in = to_family(builtin_components(), builtin_pack().scenarios["soissons_tanks_1918"])
        assert custom.REGISTRY.get(sid).spec == {**built_in, "map": sid, "gwc": sid}
        info = next(m for m in c.get("/api/editor/modules").json()["modules"] if m["module"] == MODULE)
        assert set(info["scenarios"]) == {"belleau_wood_1918", "frontieres_1914", "soissons_tanks_1918",
                                          "verdun_gas_1916"}
        france = {u["id"]: u for u in info["units"]["palette"]["France"]}
        assert france["fr-renault-ft"]["figures"] == 3 and france["fr-ldr-barnier"]["forces"][0] == "leaders"
        assert info["units"]["counted"] == "formations"
        assert {t["id"] for t in info["terrain"]} >= {"open_ground", "woods", "stream", "shellhole"}
        assert {k["id"] for k in info["markers"]["kinds"]} == {"blockhaus", "foxholes", "mines", "pillbox",
                                                               "trench", "wire"}
        assert {h["id"] for h in info["hexside"]} == {"fence", "hedge", "wall"}
        assert "Telephone" in info["units"]["radios"]["America"][0]["name"]
        params = {".".join(p["at"]) for p in info["params"]}
        assert {"date", "balance", "sides.{side}.discard_limit", "sides.{side}.orders"} <= params
        geo = c.post("/api/editor/map", json={"module": MODULE, "map": data["map"]}).json()
        assert len(geo["hexes"]) == 165 and geo["zones"]["north-3"][:3] == ["A1", "A2", "A3"]


def test_save_export_import_and_a_game_that_survives_a_restart(store_url):
    with client(store_url, run_agents=False) as c:
        saved = c.post("/api/editor/scenarios", json={"module": MODULE, "scenario": small()}).json()
        assert saved["content_id"] == content_id(small()) and saved["name"] == "Farm in the wire"
        got = c.get(f"/api/editor/scenarios/{saved['id']}").json()
        assert got["scenario"] == small() and got["module"] == MODULE
        text = c.get(f"/api/editor/scenarios/{saved['id']}/export").text
        assert parse_yaml(text, "x.yaml") == small()
        back = c.post("/api/editor/parse", json={"module": MODULE, "text": text}).json()
        assert back["problem"] is None and back["content_id"] == saved["content_id"]
        broken = c.post("/api/editor/parse", json={"module": MODULE,
                                                   "text": text.replace("fr-schneider", "fr-tank")}).json()
        assert broken["content_id"] is None and "of id 'fr-tank'" in broken["problem"]
        g = new_game(c, [HUMAN, HUMAN], module=MODULE, scenario=saved["content_id"], seed=3)
        seat = next(s for s in g["seats"] if s["seat"] == 1)
        first = view(c, g["id"], seat["token"])
        assert first["view"]["decision"]["seat"] == 1  # France sets up its forces in south-edge
        opts = first["view"]["decision"]["options"]
        assert decide(c, g["id"], seat["token"], first["index"], opts[0]["id"]).status_code == 200
        moved = copy.deepcopy(small())
        moved["sides"]["entente"]["placed"][0]["hex"] = "G9"
        r = c.put(f"/api/editor/scenarios/{saved['id']}", json={"module": MODULE, "scenario": moved},
                  headers={"X-Author-Key": saved["author_key"]})
        assert r.status_code == 200 and r.json()["content_id"] != saved["content_id"]
        listed = c.get("/api/games").json()["games"]
        names = [(x["scenario"], x["scenario_name"]) for x in listed]
        assert names == [(saved["content_id"], "Farm in the wire")]
    custom.REGISTRY.forget()  # a restart: the scenario, its map included, comes from the stored copy
    with client(store_url, run_agents=False) as c:
        v = view(c, g["id"], seat["token"])
        assert v["index"] == first["index"] + 1
        hexes = {u["type"]: u.get("hex") for u in v["view"]["board"]["units"].values()}
        assert hexes["fr-schneider"] == "F9"  # the content the game was made on, not the edit


def test_a_saved_scenario_plays_at_once_against_the_ai(tmp_path):
    with client(tmp_path / "g.db") as c:
        saved = c.post("/api/editor/scenarios", json={"module": MODULE, "scenario": small()}).json()
        g = new_game(c, [HUMAN, AI], module=MODULE, scenario=saved["content_id"], seed=4)
        assert g["scenario"] == saved["content_id"]
        token = g["seats"][0]["token"]
        wait_until(lambda: view(c, g["id"], token)["view"]["decision"]["seat"] == 0)
        v = view(c, g["id"], token)
        assert v["index"] >= 1  # France (the AI) has set up; Germany has its first decision
        assert any("France" in str(e) for e in v["view"]["log"])
