"""The scenario editor's API (server/editor.py, docs/editor.md): checking with the module's own
loader, limits on forged or oversized input, saving owned by an author key, import and export,
and games made on a saved scenario that replay on the content they were made on."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from sqlalchemy import event, text

from tactica.core.datafile import parse_yaml
from tactica.games.great_war import scenarios as gw
from tactica.server import custom_scenarios as cs

from .helpers import HUMAN, client, decide, new_game, view

MODULE = "great_war"


def small() -> dict[str, Any]:
    """A blank 7 x 5 board with one unit a side and a wood, as the editor builds it."""
    c = cs.blank(MODULE, 7, 5)
    c["map"]["hexes"]["D3"] = ["forest"]
    c["units"]["allies"].append({"id": "a1", "kind": "infantry", "hex": "C5"})
    c["units"]["central"].append({"id": "c1", "kind": "machine_gun", "hex": "D1"})
    c["objectives"].append({"hex": "D3", "for": "allies"})
    c["name"] = "Little wood"
    return c


def forget_custom() -> None:
    """As after a restart: no custom scenario registered in this process."""
    gw.forget_custom()


def test_blank_board_is_refused_until_it_has_units_then_passes():
    with pytest.raises(cs.Invalid, match=r"units.allies: a side starts with at least one unit"):
        cs.check(MODULE, cs.blank(MODULE, 7, 5))
    cid = cs.check(MODULE, small())
    assert cid == gw.custom_id(small()) and cid.startswith("custom-")


def test_check_returns_the_loaders_messages_and_changes_nothing(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        ok = c.post("/api/editor/check", json={"module": MODULE, "scenario": small()})
        assert ok.status_code == 200 and ok.json()["content_id"] == gw.custom_id(small())
        bad = small()
        bad["map"]["hexes"]["D3"] = ["lava"]
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": bad})
        assert r.status_code == 422
        assert r.json()["detail"].startswith("scenario: hex D3 terrain: unknown terrain 'lava'")
        bad = small()
        bad["units"]["central"].append({"id": "c2", "kind": "infantry", "hex": "A1"})  # a half hex
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": bad})
        assert r.status_code == 422 and "unit c2: hex 'A1' is not a playable hex" in r.json()["detail"]
        bad = small()
        bad["map"]["geometry"]["orientation"] = "flat"
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": bad})
        assert r.status_code == 422 and "pointy-top" in r.json()["detail"]
        r = c.post("/api/editor/check", json={"module": "commandos_europe", "scenario": small()})
        assert r.status_code == 422 and "does not edit 'commandos_europe'" in r.json()["detail"]
        r = c.post("/api/editor/check", json={"module": "combat_commander", "scenario": small()})
        assert r.status_code == 422  # a Great War file is not a Combat Commander one: its loader says
        assert r.json()["detail"] == "scenario: format: expected 1, got 'tactica-scenario'"
        assert not gw.is_registered(gw.custom_id(bad))  # checking registers nothing
        assert c.get("/api/editor/scenarios", headers={"X-Author-Key": "nobody"}).json()["scenarios"] == []


def test_forged_and_oversized_scenarios_are_refused_before_any_loader(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        huge = small()
        huge["map"]["geometry"]["cols"] = 100_000
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": huge})
        assert r.status_code == 422
        assert "map.geometry.cols: 100000 is out of range 1..18" in r.json()["detail"]
        many = small()
        many["units"]["allies"] = [{"id": f"a{i}", "kind": "infantry", "hex": "C5"} for i in range(61)]
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": many})
        assert r.status_code == 422 and "61 units, more than 60" in r.json()["detail"]
        big = small()
        big["description"] = "x" * 50_000
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": big})
        assert r.status_code in (413, 422)
        r = c.post("/api/editor/map", json={"module": MODULE, "map": {"version": 1, "geometry": {
            "orientation": "pointy", "offset": "odd-r", "labels": "letter-number",
            "cols": 5000, "rows": 5000}}})
        assert r.status_code == 422
        r = c.post("/api/editor/check", json={"module": MODULE, "scenario": ["not", "a", "mapping"]})
        assert r.status_code == 422
        bomb = "a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n"
        r = c.post("/api/editor/parse", json={"module": MODULE, "text": bomb})
        assert r.status_code == 422 and "aliases" in r.json()["detail"]
        r = c.post("/api/editor/parse", json={"module": MODULE, "text": "id: x\nid: y\n"})
        assert r.status_code == 422 and "duplicate key 'id'" in r.json()["detail"]
        r = c.get("/api/editor/start", params={"module": MODULE, "cols": 19})
        assert r.status_code == 422


def test_save_is_owned_by_its_author_key(store_url):
    with client(store_url, run_agents=False) as c:
        r = c.post("/api/editor/scenarios", json={"module": MODULE, "scenario": small()})
        assert r.status_code == 201, r.text
        saved = r.json()
        key, sid = saved["author_key"], saved["id"]
        assert saved["content_id"] == gw.custom_id(small()) and saved["name"] == "Little wood"
        mine = c.get("/api/editor/scenarios", headers={"X-Author-Key": key}).json()["scenarios"]
        assert [s["id"] for s in mine] == [sid]
        assert c.get("/api/editor/scenarios", headers={"X-Author-Key": "other"}).json()["scenarios"] == []
        got = c.get(f"/api/editor/scenarios/{sid}").json()
        assert got["scenario"] == small()
        changed = small()
        changed["medals"]["allies"] = 2
        r = c.put(f"/api/editor/scenarios/{sid}", json={"module": MODULE, "scenario": changed},
                  headers={"X-Author-Key": "someone else"})
        assert r.status_code == 403
        assert c.get(f"/api/editor/scenarios/{sid}").json()["scenario"] == small()
        bad = copy.deepcopy(changed)
        bad["units"]["allies"][0]["kind"] = "cavalry"
        r = c.put(f"/api/editor/scenarios/{sid}", json={"module": MODULE, "scenario": bad},
                  headers={"X-Author-Key": key})
        assert r.status_code == 422 and "unit kind" in r.json()["detail"]
        assert c.get(f"/api/editor/scenarios/{sid}").json()["scenario"] == small()
        r = c.put(f"/api/editor/scenarios/{sid}", json={"module": MODULE, "scenario": changed},
                  headers={"X-Author-Key": key})
        assert r.status_code == 200 and r.json()["content_id"] == gw.custom_id(changed)
        assert c.delete(f"/api/editor/scenarios/{sid}", headers={"X-Author-Key": "x"}).status_code == 403
        assert c.delete(f"/api/editor/scenarios/{sid}").status_code == 401
        assert c.delete(f"/api/editor/scenarios/{sid}", headers={"X-Author-Key": key}).status_code == 204
        assert c.get(f"/api/editor/scenarios/{sid}").status_code == 404


def test_export_then_import_gives_back_the_same_scenario(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        sid = c.post("/api/editor/scenarios", json={"module": MODULE, "scenario": small()}).json()["id"]
        r = c.get(f"/api/editor/scenarios/{sid}/export")
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        assert parse_yaml(r.text, "x.yaml") == small()  # the strict reader reads it back
        back = c.post("/api/editor/parse", json={"module": MODULE, "text": r.text}).json()
        assert back["scenario"] == small() and back["problem"] is None
        assert back["content_id"] == gw.custom_id(small())
        broken = r.text.replace("kind: machine_gun", "kind: cannon")
        back = c.post("/api/editor/parse", json={"module": MODULE, "text": broken}).json()
        assert back["content_id"] is None and "unit kind" in back["problem"]


def test_a_game_on_a_saved_scenario_replays_on_the_content_it_was_made_on(store_url):
    with client(store_url, run_agents=False) as c:
        saved = c.post("/api/editor/scenarios", json={"module": MODULE, "scenario": small()}).json()
        g = new_game(c, [HUMAN, HUMAN], scenario=saved["content_id"], seed=7)
        tok = g["seats"][0]["token"]
        v = view(c, g["id"], tok)
        units = {u["id"]: u["hex"] for u in v["view"]["board"]["units"]}
        assert units == {"a1": "C5", "c1": "D1"}
        assert decide(c, g["id"], tok, 0, v["view"]["decision"]["options"][0]["id"]).status_code == 200
        moved = small()
        moved["units"]["allies"][0]["hex"] = "E5"
        r = c.put(f"/api/editor/scenarios/{saved['id']}", json={"module": MODULE, "scenario": moved},
                  headers={"X-Author-Key": saved["author_key"]})
        assert r.status_code == 200
        listed = c.get("/api/games").json()["games"]
        assert [(x["scenario"], x["scenario_name"]) for x in listed] == [(saved["content_id"], "Little wood")]
        unknown = c.post("/api/games", json={"module": MODULE, "scenario": "custom-" + "0" * 32,
                                             "seats": [HUMAN, HUMAN]})
        assert unknown.status_code == 422 and "no saved great_war scenario" in unknown.json()["detail"]
    forget_custom()
    with client(store_url, run_agents=False) as c:  # a restart: the copy comes from the store
        v = view(c, g["id"], tok)
        assert v["index"] == 1
        assert {u["id"]: u["hex"] for u in v["view"]["board"]["units"]} == units
    forget_custom()
    from tactica.server.store import make_engine

    engine = make_engine(store_url)
    with engine.begin() as conn:  # a changed copy no longer matches its id: refused, not replayed
        row = conn.execute(text("SELECT content FROM scenario_copies WHERE id = :i"),
                           {"i": saved["content_id"]}).scalar()
        assert row is not None
        conn.execute(text("UPDATE scenario_copies SET content = :c WHERE id = :i"),
                     {"c": '{"format": "tactica-scenario"}', "i": saved["content_id"]})
    engine.dispose()
    with client(store_url, run_agents=False) as c:
        r = c.get(f"/api/games/{g['id']}")
        assert r.status_code == 410
    forget_custom()


def test_saves_per_address_are_limited_like_new_games(tmp_path):
    with client(tmp_path / "g.db", run_agents=False, games_per_minute=2) as c:
        body = {"module": MODULE, "scenario": small()}
        for _ in range(2):
            assert c.post("/api/editor/scenarios", json=body).status_code == 201
        r = c.post("/api/editor/scenarios", json=body)
        assert r.status_code == 429 and "too many saves" in r.json()["detail"] and "retry-after" in r.headers


def test_the_map_preview_draws_the_board_with_its_sections(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        r = c.post("/api/editor/map", json={"module": MODULE, "map": small()["map"]})
        assert r.status_code == 200
        geo = r.json()
        assert len(geo["hexes"]) == 33 and {h["id"] for h in geo["hexes"] if h["half"]} == {
            "A1", "G1", "A3", "G3", "A5", "G5"}
        assert next(h for h in geo["hexes"] if h["id"] == "D3")["terrain"] == ["forest"]
        assert "C5" in geo["sections"]["centre"] and "C5" not in geo["sections"]["left"]
        bad = small()["map"]
        bad["hexsides"] = {"B2/D4": ["wall"]}
        r = c.post("/api/editor/map", json={"module": MODULE, "map": bad})
        assert r.status_code == 422 and r.json()["detail"].startswith("map: hexside B2/D4: hexes B2 and D4")


def test_a_built_in_scenario_is_a_starting_point(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        r = c.get("/api/editor/start", params={"module": MODULE, "scenario": "iron_tide"})
        assert r.status_code == 200
        data = r.json()["scenario"]
        assert data == dict(gw.load_scenario("iron_tide"))
        assert c.post("/api/editor/check", json={"module": MODULE, "scenario": data}).json()["ok"] is True
        r = c.get("/api/editor/start", params={"module": MODULE, "scenario": "no_such"})
        assert r.status_code == 422 and "great_war has no built-in scenario 'no_such'" in r.json()["detail"]
        info = c.get("/api/editor/modules").json()
        gw_info = info["modules"][0]
        assert gw_info["module"] == MODULE and set(gw_info["scenarios"]) == {"iron_tide", "ridge_trench"}
        assert {u["id"] for u in gw_info["units"]["palette"]["*"]} >= {"infantry", "machine_gun", "tank_male"}
        assert gw_info["limits"]["cols"] == cs.MAX_COLS and info["agents"]


def registered() -> set[str]:
    """Custom scenarios registered in this process, and the maps' tables held for them."""
    from tactica.games.great_war import geo

    held = {k for k in geo._CACHE if k.startswith(gw.CUSTOM_PREFIX)}
    assert held == set(gw.REGISTRY.ids())  # an evicted scenario's tables go with it
    return held


def test_registered_custom_scenarios_are_bounded_and_an_evicted_one_still_plays(store_url):
    forget_custom()
    with client(store_url, run_agents=False, max_custom_scenarios=2) as c:
        games = []
        for k in range(4):
            sc = small()
            sc["name"] = f"Wood {k}"
            sc["units"]["allies"][0]["hex"] = ("B5", "C5", "E5", "F5")[k]
            saved = c.post("/api/editor/scenarios", json={"module": MODULE, "scenario": sc}).json()
            g = new_game(c, [HUMAN, HUMAN], scenario=saved["content_id"], seed=3)
            games.append((saved["content_id"], g["id"], g["seats"][0]["token"], sc))
            assert len(registered()) <= 2
        first_id, gid, tok, sc = games[0]
        assert first_id not in registered()  # evicted while its game stays live in the hub
        v = view(c, gid, tok)
        assert {u["id"]: u["hex"] for u in v["view"]["board"]["units"]} == {"a1": "B5", "c1": "D1"}
        opt = v["view"]["decision"]["options"][0]["id"]
        assert decide(c, gid, tok, 0, opt).status_code == 200  # registered again from the store
        assert first_id in registered() and len(registered()) == 2
        assert view(c, gid, tok)["index"] == 1
        new_game(c, [HUMAN, HUMAN], scenario=games[1][0], seed=4)  # a second game on one
        engine = c.app.state.hub.store.engine
        copies: list[str] = []

        def seen(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
            if "scenario_copies" in statement:
                copies.append(statement)

        event.listen(engine, "before_cursor_execute", seen)
        try:
            listed = c.get("/api/games").json()["games"]
        finally:
            event.remove(engine, "before_cursor_execute", seen)
        assert len(listed) == 5 and len(copies) == 1  # the names of all five in one query
        names = {x["scenario"]: x["scenario_name"] for x in listed}
        assert names == {cid: s["name"] for cid, _, _, s in games}
    forget_custom()


def test_an_evicted_scenario_comes_back_only_with_content_matching_its_id():
    forget_custom()
    old = gw.set_custom_source(None)
    try:
        cid = gw.register_scenario(small())
        forget_custom()
        with pytest.raises(gw.RulesError, match="is not loaded here"):
            gw.load_scenario(cid)
        changed = small()
        changed["medals"]["allies"] = 5
        gw.set_custom_source(lambda sid: changed)
        with pytest.raises(gw.RulesError, match="does not match its id"):
            gw.load_scenario(cid)
        assert not gw.REGISTRY.ids()  # nothing registered from a copy that fails its id
        gw.set_custom_source(lambda sid: small() if sid == cid else None)
        assert gw.load_scenario(cid)["name"] == "Little wood" and gw.is_registered(cid)
    finally:
        gw.set_custom_source(old)
        forget_custom()
