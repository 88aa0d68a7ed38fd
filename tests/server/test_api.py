"""The HTTP API, on SQLite and on PostgreSQL: lobby, seats and their secret links, views, bad
input, forged seats, undo, AI seats, live updates, replay, and a store that survives the app."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import httpx
import pytest

from tactica.server import Settings, create_app
from tactica.sim import balance_data

from .helpers import AI, HUMAN, client, decide, new_game, view, wait_until


def test_lobby_lists_modules_scenarios_and_ai_levels(store_url):
    with client(store_url) as c:
        cat = c.get("/api/modules").json()
        gw = next(m for m in cat["modules"] if m["id"] == "great_war")
        assert {"ridge_trench", "iron_tide"} <= {s["id"] for s in gw["scenarios"]}
        assert gw["seats"] == ["allies", "central"]
        assert "random" in [a["spec"] for a in cat["agents"]]
        # each scenario's measured balance, from the packaged figures (docs/balance/, `tactica balance`)
        measured = balance_data.load("great_war")
        for sc in gw["scenarios"]:
            assert sc["balance"] == balance_data.lobby_entry(measured.get(sc["id"]), gw["version"])
        assert c.get("/").status_code == 200 and "tactica" in c.get("/").text
        assert c.get("/js/table.js").status_code == 200


def test_creating_a_game_yields_one_secret_link_per_person_and_lists_it(store_url):
    with client(store_url) as c:
        g = new_game(c, [HUMAN, HUMAN])
        t0, t1 = (s["token"] for s in g["seats"])
        assert t0 != t1 and len(t0) >= 30 and g["seats"][0]["link"].endswith(t0)
        g2 = new_game(c, [HUMAN, AI])
        assert "token" not in g2["seats"][1] and g2["seats"][1]["level"] == "random"
        listed = c.get("/api/games").json()["games"]
        assert {x["id"] for x in listed} >= {g["id"], g2["id"]}
        assert t0 not in json.dumps(listed)


def test_each_seat_sees_its_own_hand_and_spectators_the_public_view(store_url):
    with client(store_url) as c:
        g = new_game(c, [HUMAN, HUMAN])
        t0, t1 = (s["token"] for s in g["seats"])
        v0, v1, spec = view(c, g["id"], t0), view(c, g["id"], t1), view(c, g["id"])
        assert v0["seat"] == 0 and spec["seat"] is None
        assert v0["view"]["board"]["hands"][0] and v0["view"]["board"]["hands"][1] is None
        assert v1["view"]["board"]["hands"][1] and v1["view"]["board"]["hands"][0] is None
        assert spec["view"]["board"]["hands"] == [None, None]
        assert v0["view"]["decision"]["options"] and "options" not in v1["view"]["decision"]
        assert "options" not in spec["view"]["decision"]
        assert "state" not in v0 and "chance" not in json.dumps(v0)
        for v in (v0, v1, spec):
            assert t0 not in json.dumps(v) and t1 not in json.dumps(v)
        hand = {c_["id"] for h in v0["table"]["hands"] if h["cards"] for c_ in h["cards"]}
        assert all(o["id"].split(":")[1] in hand for o in v0["view"]["decision"]["options"])


def test_a_decision_is_applied_stored_and_numbered(store_url):
    db = store_url
    with client(db) as c:
        g = new_game(c, [HUMAN, HUMAN])
        t0 = g["seats"][0]["token"]
        v = view(c, g["id"], t0)
        opt = v["view"]["decision"]["options"][0]["id"]
        r = decide(c, g["id"], t0, v["index"], opt)
        assert r.status_code == 200, r.text
        assert r.json()["index"] == v["index"] + 1
        log = r.json()["view"]["log"]
    with client(db) as c:  # a new app on the same store: the game is rebuilt from its record
        again = view(c, g["id"], t0)
        assert again["index"] == v["index"] + 1 and again["view"]["log"] == log


@pytest.mark.parametrize(("body", "status"), [
    ({"module": "nope", "scenario": "x", "seats": [HUMAN, HUMAN]}, 422),
    ({"module": "great_war", "scenario": "nope", "seats": [HUMAN, HUMAN]}, 422),
    ({"module": "great_war", "scenario": "ridge_trench", "seats": [HUMAN]}, 422),
    ({"module": "great_war", "scenario": "ridge_trench",
      "seats": [HUMAN, {"kind": "ai", "level": "god"}]}, 422),
    ({"module": "great_war", "scenario": "ridge_trench", "seats": [HUMAN, {"kind": "robot"}]}, 422),
    ({"module": "great_war", "scenario": "ridge_trench", "seats": [HUMAN, HUMAN], "extra": 1}, 422),
    ({"module": "great_war", "scenario": "ridge_trench", "seats": [HUMAN, HUMAN], "options": {"x": 1}}, 422),
])
def test_malformed_new_games_are_refused_with_a_clear_4xx(store_url, body, status):
    with client(store_url) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == status and r.json()["detail"]
        assert c.get("/api/games").json()["games"] == []


def test_bad_decisions_are_refused_and_change_nothing(store_url):
    with client(store_url) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, t0 = g["id"], g["seats"][0]["token"]
        before = view(c, gid, t0)
        i = before["index"]
        cases = [
            (decide(c, gid, t0, i, "card:not_a_card"), 400),
            (c.post(f"/api/games/{gid}/decisions", json={"index": i}, headers={"X-Seat-Token": t0}), 422),
            (c.post(f"/api/games/{gid}/decisions", json={"index": str(i), "option": "x"},
                    headers={"X-Seat-Token": t0}), 422),
            (c.post(f"/api/games/{gid}/decisions", content=b"{not json",
                    headers={"X-Seat-Token": t0, "Content-Type": "application/json"}), 422),
            (c.post(f"/api/games/{gid}/decisions", json={"index": i, "option": "done"}), 401),
            (decide(c, "no-such-game", t0, i, "done"), 404),
            (decide(c, gid, t0, i + 3, before["view"]["decision"]["options"][0]["id"]), 409),
            (c.get(f"/api/games/{gid}/replay"), 409),
            (c.get(f"/api/games/{gid}/los", params={"a": "Z99", "b": "A1"}), 404),
        ]
        for r, status in cases:
            assert r.status_code == status, (r.status_code, r.text)
            assert r.json()["detail"]
        after = view(c, gid, t0)
        assert after["index"] == i and after["view"] == before["view"]


def test_forged_seats_are_refused(store_url):
    with client(store_url) as c:
        g = new_game(c, [HUMAN, HUMAN])
        other = new_game(c, [HUMAN, HUMAN])
        gid = g["id"]
        t1 = g["seats"][1]["token"]
        v = view(c, gid, g["seats"][0]["token"])
        opt = v["view"]["decision"]["options"][0]["id"]
        assert decide(c, gid, t1, v["index"], opt).status_code == 403  # the other seat's turn
        assert decide(c, gid, "forged-token-" + "x" * 20, v["index"], opt).status_code == 403
        assert decide(c, gid, other["seats"][0]["token"], v["index"], opt).status_code == 403
        assert c.get(f"/api/games/{gid}", headers={"X-Seat-Token": "nope"}).status_code == 403
        assert c.get(f"/api/games/{gid}/odds", params={"option": opt},
                     headers={"X-Seat-Token": t1}).status_code == 409
        assert view(c, gid)["index"] == v["index"]


def test_two_decisions_sent_at_once_are_never_both_applied(store_url):
    async def race() -> tuple[list[int], int]:
        app = create_app(Settings(database_url=store_url))
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as c:
                r = await c.post("/api/games", json={"module": "great_war", "scenario": "ridge_trench",
                                                     "seed": 2, "seats": [HUMAN, HUMAN]})
                g = r.json()
                tok = {"X-Seat-Token": g["seats"][0]["token"]}
                v = (await c.get(f"/api/games/{g['id']}", headers=tok)).json()
                opts = [o["id"] for o in v["view"]["decision"]["options"]]
                sends = [c.post(f"/api/games/{g['id']}/decisions", headers=tok,
                                json={"index": v["index"], "option": opts[k % len(opts)]}) for k in range(6)]
                codes = sorted(x.status_code for x in await asyncio.gather(*sends))
                final = (await c.get(f"/api/games/{g['id']}", headers=tok)).json()["index"]
                return codes, final - v["index"]

    codes, applied = asyncio.run(race())
    assert codes == [200, 409, 409, 409, 409, 409] and applied == 1


def _play_first_options(c, gid, token, seat, limit=200):
    """Seat ``seat`` takes the last option offered ('done' where there is one) until it is not its
    decision or the turn it started in is over (an AI seat may play its whole turn between two
    requests); returns the number of decisions made."""
    n = 0
    turn = None
    while n < limit:
        v = view(c, gid, token)
        d = v["view"]["decision"]
        turn = v["view"]["board"]["turn"] if turn is None else turn
        if d is None or d["seat"] != seat or v["view"]["board"]["turn"] != turn:
            return n
        r = decide(c, gid, token, v["index"], d["options"][-1]["id"])
        assert r.status_code == 200, r.text
        n += 1
    raise AssertionError("the seat never finished its turn")


def test_the_server_plays_ai_seats_after_each_human_decision(store_url):
    with client(store_url) as c:
        g = new_game(c, [HUMAN, AI])
        gid, t0 = g["id"], g["seats"][0]["token"]
        assert _play_first_options(c, gid, t0, 0) > 0

        def back_to_the_human() -> bool:
            """True once the human decides on a later turn of its own (3, or later where the AI
            answered so fast that the human's loop above went on into turn 3). Until then it
            finishes its turn (the AI's reaction windows may have handed control over for a moment)
            and passes the windows it is asked in during the AI's turn."""
            v = view(c, gid, t0)
            d = v["view"]["decision"] or {}
            if d.get("seat") != 0:
                return False
            if v["view"]["board"]["turn"] >= 3 and not d["window"]:
                return True
            ids = [o["id"] for o in d["options"]]
            pick = next((x for x in ("pass", "done", "none") if d["window"] and x in ids), ids[-1])
            assert decide(c, gid, t0, v["index"], pick).status_code == 200
            return False

        wait_until(back_to_the_human)
        v = view(c, gid, t0)
        assert v["view"]["board"]["turn"] % 2 == 1  # the AI played its whole turn
        central = [e for e in v["view"]["log"] if "central plays" in e["text"]]
        assert central, "the AI played a command card"
        assert decide(c, gid, t0, v["index"], "x").status_code == 400


def test_ai_against_ai_plays_to_the_end_then_the_replay_opens_for_each_seat(store_url):
    with client(store_url) as c:
        g = new_game(c, [AI, AI], seed=11)
        gid = g["id"]
        wait_until(lambda: view(c, gid)["status"] == "over", timeout=60)
        end = view(c, gid)
        assert end["view"]["result"]["reason"] and end["view"]["decision"] is None
        assert end["view"]["board"]["hands"][0] is not None  # everything shows once it is over
        steps = c.get(f"/api/games/{gid}/replay", params={"step": 0}).json()["steps"]
        assert steps == end["index"]
        mid = c.get(f"/api/games/{gid}/replay", params={"step": steps // 2, "seat": 1}).json()
        assert mid["view"]["board"]["hands"][0] is None and mid["view"]["board"]["hands"][1] is not None
        last = c.get(f"/api/games/{gid}/replay", params={"step": steps, "seat": 0}).json()
        assert last["view"]["result"] == end["view"]["result"]
        assert c.get(f"/api/games/{gid}/replay", params={"step": steps + 1}).status_code == 422
        assert [x for x in c.get("/api/games", params={"status": "over"}).json()["games"] if x["id"] == gid]


def test_an_ai_seat_whose_move_failed_plays_on_when_the_game_is_next_opened(store_url, monkeypatch):
    """An agent that raises (a bug, a lost resource) stops its seat with the error logged; the
    next request for the game, a table refreshing, starts the seat again, so a game held in
    memory does not wait for ever on an AI seat."""
    import tactica.server.live as live_mod

    made = live_mod.agent_for
    failures = {"left": 1, "calls": 0}

    class Flaky:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def choose(self, game: Any, seat: int) -> str:
            failures["calls"] += 1
            if failures["left"] and failures["calls"] >= 5:  # a few moves in
                failures["left"] -= 1
                raise RuntimeError("the agent failed once")
            return str(self.inner.choose(game, seat))

    monkeypatch.setattr(live_mod, "agent_for", lambda spec, seed: Flaky(made(spec, seed)))
    with client(store_url) as c:
        gid = new_game(c, [AI, AI], seed=11)["id"]
        wait_until(lambda: view(c, gid)["status"] == "over", timeout=60)
    assert failures["left"] == 0  # it did fail once, and the game still ended


def test_undo_takes_back_the_last_decision_in_memory_and_in_the_store(store_url):
    db = store_url
    with client(db) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, t0 = g["id"], g["seats"][0]["token"]
        v = view(c, gid, t0)
        assert not v["view"]["decision"]["can_undo"]
        assert c.post(f"/api/games/{gid}/undo", json={"index": v["index"]},
                      headers={"X-Seat-Token": t0}).status_code == 409
        v = decide(c, gid, t0, v["index"], v["view"]["decision"]["options"][0]["id"]).json()
        order = next(o for o in v["view"]["decision"]["options"] if o["id"].startswith("order:"))
        v2 = decide(c, gid, t0, v["index"], order["id"]).json()
        assert v2["view"]["decision"]["can_undo"]
        r = c.post(f"/api/games/{gid}/undo", json={"index": v2["index"]}, headers={"X-Seat-Token": t0})
        assert r.status_code == 200 and r.json()["index"] == v["index"]
    with client(db) as c:
        assert view(c, gid, t0)["view"] == view(c, gid, t0)["view"]
        assert view(c, gid, t0)["index"] == v["index"]


def test_websocket_sends_the_view_and_every_change(store_url):
    with client(store_url) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws1:
            ws1.send_json({"token": t1})
            first = ws1.receive_json()
            assert first["seat"] == 1 and first["view"]["board"]["hands"][0] is None
            opt = view(c, gid, t0)["view"]["decision"]["options"][0]["id"]
            assert decide(c, gid, t0, first["index"], opt).status_code == 200
            pushed = ws1.receive_json()
            assert pushed["index"] == first["index"] + 1 and pushed["seat"] == 1
        with c.websocket_connect(f"/api/games/{gid}/ws") as again:  # reconnect: the current view
            again.send_json({"token": t1})
            assert again.receive_json()["index"] == first["index"] + 1
        with c.websocket_connect(f"/api/games/{gid}/ws") as bad:
            bad.send_json({"token": "forged"})
            assert bad.receive_json()["status"] == 403


def test_tokens_never_reach_a_log(store_url, caplog):
    caplog.set_level(logging.DEBUG)
    with client(store_url) as c:
        g = new_game(c, [HUMAN, AI])
        t0 = g["seats"][0]["token"]
        _play_first_options(c, g["id"], t0, 0)
        wait_until(lambda: (view(c, g["id"], t0)["view"]["decision"] or {}).get("seat") == 0)
        text = json.dumps(view(c, g["id"], t0)) + caplog.text
        assert t0 not in text


def test_odds_and_line_of_sight_come_from_the_module(store_url):
    with client(store_url, run_agents=False) as c:
        g = new_game(c, [HUMAN, HUMAN], seed=3)
        gid = g["id"]
        tok = {0: g["seats"][0]["token"], 1: g["seats"][1]["token"]}
        for _ in range(400):
            v = view(c, gid)
            seat = v["view"]["decision"]["seat"]
            mine = view(c, gid, tok[seat])
            table = mine["table"]["options"]
            attack = [o for o in mine["view"]["decision"]["options"] if table[o["id"]]["odds"]]
            if attack:
                r = c.get(f"/api/games/{gid}/odds", params={"option": attack[0]["id"]},
                          headers={"X-Seat-Token": tok[seat]})
                assert r.status_code == 200, r.text
                assert abs(sum(o["p"] for o in r.json()["outcomes"]) - 1) < 1e-3
                break
            opts = mine["view"]["decision"]["options"]
            pick = next((o for o in opts if o["kind"] in ("order", "move")), opts[-1])
            assert decide(c, gid, tok[seat], mine["index"], pick["id"]).status_code == 200
        else:
            raise AssertionError("no attack came up")
        los = c.get(f"/api/games/{gid}/los", params={"a": "B8", "b": "G3"}).json()
        assert los["path"][0] == "B8" and los["path"][-1] == "G3" and isinstance(los["clear"], bool)
        geo = c.get(f"/api/games/{gid}/map").json()
        assert len(geo["hexes"]) == 122 and geo["orientation"] == "pointy"


def test_a_module_that_draws_nothing_still_plays_with_buttons(store_url):
    with client(store_url) as c:
        g = new_game(c, [HUMAN, AI], module="duel", scenario="basic")
        gid, t0 = g["id"], g["seats"][0]["token"]
        v = view(c, gid, t0)
        assert v["has_map"] is False and c.get(f"/api/games/{gid}/map").status_code == 404
        assert v["table"]["panels"] and set(v["table"]["options"]) == {
            o["id"] for o in v["view"]["decision"]["options"]}
        assert decide(c, gid, t0, v["index"], v["view"]["decision"]["options"][0]["id"]).status_code == 200


def test_a_solitaire_campaign_names_its_map_so_the_table_refetches_it(tmp_path):
    """One seat (Commandos: Europe): the payload names the current map; ending Norway moves the
    campaign to North Africa and the name (and the /map geometry) follows."""
    with client(tmp_path / "g.db") as c:
        g = new_game(c, [HUMAN], module="commandos_europe", scenario="campaign")
        gid, tok = g["id"], g["seats"][0]["token"]
        p = view(c, gid, tok)
        assert p["map_name"] == "norway" and len(p["seats"]) == 1
        for oid in ("col:05", "hex:0505", "done", "end_map"):
            p = decide(c, gid, tok, p["index"], oid).json()
        assert p["map_name"] == "north_africa"
        assert c.get(f"/api/games/{gid}/map").json()["name"] == "north_africa"


def test_a_campaign_replay_shows_the_map_of_each_step(tmp_path):
    """Replaying a campaign: each step names the map it was played on and brings that map's
    geometry, unless the client says it already holds it (known_map)."""
    with client(tmp_path / "g.db") as c:
        g = new_game(c, [HUMAN], module="commandos_europe", scenario="campaign")
        gid, tok = g["id"], g["seats"][0]["token"]
        p = view(c, gid, tok)
        for oid in ("col:05", "hex:0505", "done", "end_map"):
            p = decide(c, gid, tok, p["index"], oid).json()
        while p["status"] != "over":
            d = p["view"]["decision"]
            oid = {"movement": "end_game", "purchase": "done"}.get(d["step"], d["options"][0]["id"])
            p = decide(c, gid, tok, p["index"], oid).json()
        url = f"/api/games/{gid}/replay"
        first = c.get(url, params={"step": 3}).json()  # before ending Norway
        assert first["map_name"] == "norway" and first["map"]["name"] == "norway"
        last = c.get(url, params={"step": first["steps"]}).json()
        assert last["map_name"] == "north_africa" and last["map"]["name"] == "north_africa"
        assert last["map"]["hexes"] != first["map"]["hexes"]
        held = c.get(url, params={"step": first["steps"], "known_map": "north_africa"}).json()
        assert held["map_name"] == "north_africa" and held["map"] is None
        again = c.get(url, params={"step": 1, "known_map": "north_africa"}).json()
        assert again["map"]["name"] == "norway"  # stepping back across the change brings Norway again
