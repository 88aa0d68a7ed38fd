"""Server hardening (server/guard.py, live.py, api.py): each bad input gets a clear error and
changes nothing: an oversized body, a foreign Host header (DNS rebinding), framing (CSP
frame-ancestors), too many games in memory, too many new games, an oversized WebSocket token,
loosely typed requests."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import HUMAN, client, decide, new_game, view

GAME = {"module": "great_war", "scenario": "ridge_trench", "seats": [HUMAN, HUMAN]}


def games_listed(c) -> int:
    return len(c.get("/api/games").json()["games"])


def test_an_oversized_body_is_refused_before_it_is_read_whole(tmp_path):
    with client(tmp_path / "g.db", max_body=4096) as c:
        big = {**GAME, "options": {"pad": "x" * 5000}}
        r = c.post("/api/games", json=big)
        assert r.status_code == 413 and "4096" in r.json()["detail"]

        def chunks():  # no Content-Length: the guard counts what arrives
            for _ in range(10):
                yield b" " * 1000
        r = c.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
        assert r.status_code == 413
        r = c.post("/api/games", content=b"{}", headers={"Content-Length": "nonsense"})
        assert r.status_code == 413
        assert games_listed(c) == 0
        assert c.post("/api/games", json=GAME).status_code == 201  # a normal body still passes


def test_a_foreign_host_header_is_refused_for_http_and_websocket(tmp_path):
    with client(tmp_path / "g.db", allowed_hosts=("testserver", "tactica.example")) as c:
        evil = {"Host": "attacker.example"}
        r = c.post("/api/games", json=GAME, headers=evil)
        assert r.status_code == 400 and "attacker.example" in r.json()["detail"]
        assert c.get("/api/games", headers=evil).status_code == 400
        assert c.get("/", headers=evil).status_code == 400
        assert games_listed(c) == 0
        g = new_game(c, [HUMAN, HUMAN])
        with pytest.raises(WebSocketDisconnect), \
                c.websocket_connect(f"ws://attacker.example/api/games/{g['id']}/ws") as ws:
            ws.send_json({"token": None})
            ws.receive_json()
        for ok in ("localhost:8000", "127.0.0.1", "[::1]:8000", "tactica.example:443"):
            assert c.get("/api/games", headers={"Host": ok}).status_code == 200, ok


def test_every_response_forbids_framing_and_foreign_scripts(tmp_path):
    with client(tmp_path / "g.db") as c:
        for path in ("/", "/api/modules", "/api/games/nope", "/js/table.js"):
            r = c.get(path)
            csp = r.headers["content-security-policy"]
            assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
            assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
        assert "frame-ancestors" in c.get("/", headers={"Host": "evil.example"}).headers[
            "content-security-policy"]


def test_games_in_memory_are_bounded_and_an_evicted_game_comes_back_from_the_store(store_url):
    with client(store_url, run_agents=False, max_live_games=2) as c:
        hub = c.app.state.hub
        first = new_game(c, [HUMAN, HUMAN])
        t0 = first["seats"][0]["token"]
        v = view(c, first["id"], t0)
        r = decide(c, first["id"], t0, v["index"], v["view"]["decision"]["options"][0]["id"])
        assert r.status_code == 200
        before = view(c, first["id"], t0)
        others = [new_game(c, [HUMAN, HUMAN])["id"] for _ in range(3)]
        assert len(hub.games) == 2 and first["id"] not in hub.games
        assert set(hub.games) <= set(others)
        again = view(c, first["id"], t0)  # rebuilt from the store, as it was
        assert again["index"] == before["index"] and again["view"] == before["view"]
        assert len(hub.games) == 2 and first["id"] in hub.games
        opt = again["view"]["decision"]["options"][0]["id"]
        assert decide(c, first["id"], t0, again["index"], opt).status_code == 200


def test_creating_games_is_rate_limited_per_address(tmp_path):
    with client(tmp_path / "g.db", games_per_minute=3) as c:
        assert [c.post("/api/games", json=GAME).status_code for _ in range(3)] == [201] * 3
        r = c.post("/api/games", json=GAME)
        assert r.status_code == 429 and "try again" in r.json()["detail"]
        assert int(r.headers["retry-after"]) >= 1
        assert games_listed(c) == 3


def test_a_forwarded_address_counts_only_from_a_trusted_proxy(tmp_path):
    """By default X-Forwarded-For is ignored (any client can write it): a client cannot dodge the
    limit by naming other addresses. Behind a proxy named in ``trusted_proxies`` the limit counts
    the client the proxy names (the TestClient connects from the address "testclient")."""
    def create(c, forwarded):  # type: ignore[no-untyped-def]
        return c.post("/api/games", json=GAME, headers={"X-Forwarded-For": forwarded}).status_code

    with client(tmp_path / "a.db", games_per_minute=2) as c:
        assert [create(c, f"203.0.113.{i}") for i in range(3)] == [201, 201, 429]
    with client(tmp_path / "b.db", games_per_minute=2, trusted_proxies=("testclient",)) as c:
        assert [create(c, "203.0.113.1") for _ in range(3)] == [201, 201, 429]
        assert create(c, "203.0.113.2") == 201  # another client behind the same proxy
        # a client that writes its own header before the proxy's cannot pick its address
        assert create(c, "198.51.100.7, 203.0.113.1") == 429


def test_a_websocket_hello_with_an_oversized_token_is_refused(tmp_path):
    with client(tmp_path / "g.db") as c:
        g = new_game(c, [HUMAN, HUMAN])
        hub = c.app.state.hub
        for hello, status in (({"token": "x" * 300}, 422), ({"token": "x" * 2000}, 413),
                              ({"token": 12}, 422)):
            with c.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
                ws.send_json(hello)
                err = ws.receive_json()
                assert err["type"] == "error" and err["status"] == status and err["detail"]
        with c.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
            ws.send_text("not json")
            assert ws.receive_json()["status"] == 422
        assert not hub.listeners.get(g["id"])


@pytest.mark.parametrize("body", [
    {**GAME, "seats": [{"kind": 1}, HUMAN]},
    {**GAME, "seats": [HUMAN, {"kind": "ai", "level": 3}]},
    {**GAME, "module": ["great_war"]},
    {**GAME, "scenario": 7},
])
def test_new_games_take_strict_types(tmp_path, body):
    with client(tmp_path / "g.db") as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == 422 and r.json()["errors"]
        assert games_listed(c) == 0


def test_decisions_take_strict_types(tmp_path):
    with client(tmp_path / "g.db") as c:
        g = new_game(c, [HUMAN, HUMAN])
        t0 = g["seats"][0]["token"]
        v = view(c, g["id"], t0)
        opt = v["view"]["decision"]["options"][0]["id"]
        for body in ({"index": True, "option": opt}, {"index": float(v["index"]), "option": opt},
                     {"index": v["index"], "option": 5}):
            r = c.post(f"/api/games/{g['id']}/decisions", json=body, headers={"X-Seat-Token": t0})
            assert r.status_code == 422, body
        assert view(c, g["id"], t0)["index"] == v["index"]
