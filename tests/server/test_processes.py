"""Two server processes behind one PostgreSQL database share live updates (LISTEN/NOTIFY,
server/bus.py): a seat connected to one process sees the other seat's decision made on the
other, and each process goes on from the other's decisions."""

from __future__ import annotations

import json
import signal
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from typing import Any

import httpx
from websockets.sync.client import connect

from live_server import free_port, start_server


def get(base: str, gid: str, token: str | None = None) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{gid}", headers={"X-Seat-Token": token} if token else {}, timeout=60)
    assert r.status_code == 200, r.text
    return dict(r.json())


def play_one(base: str, gid: str, token: str) -> int:
    mine = get(base, gid, token)
    r = httpx.post(f"{base}/api/games/{gid}/decisions", headers={"X-Seat-Token": token}, timeout=10,
                   json={"index": mine["index"], "option": mine["view"]["decision"]["options"][0]["id"]})
    assert r.status_code == 200, r.text
    return int(r.json()["index"])


def next_view(ws: Any, index: int) -> dict[str, Any]:
    """The first pushed view at ``index`` or later (10 s at most)."""
    while True:
        msg = json.loads(ws.recv(timeout=10))
        assert msg["type"] == "view", msg
        if msg["index"] >= index:
            return dict(msg)


def test_a_decision_on_one_process_reaches_a_seat_watching_another(pg_url):
    ports = [free_port(), free_port()]
    procs = [start_server(pg_url, port) for port in ports]
    a, b = (f"http://127.0.0.1:{p}" for p in ports)
    try:
        # the first game of a process loads its rules module, scenarios and maps: seconds on a
        # loaded machine, while the lobby's catalogue is built beside it
        g = httpx.post(f"{a}/api/games", json={"module": "great_war", "scenario": "ridge_trench",
                                               "seats": [{"kind": "human"}, {"kind": "human"}]},
                       timeout=60).json()
        gid = g["id"]
        tok = {s["seat"]: s["token"] for s in g["seats"]}
        start = get(b, gid, tok[1])  # process B holds the game in memory from here on
        with connect(f"ws://127.0.0.1:{ports[1]}/api/games/{gid}/ws") as on_b, \
                connect(f"ws://127.0.0.1:{ports[0]}/api/games/{gid}/ws") as on_a:
            on_b.send(json.dumps({"token": tok[1]}))
            on_a.send(json.dumps({"token": tok[0]}))
            assert next_view(on_b, start["index"])["index"] == start["index"]
            next_view(on_a, start["index"])
            seat = start["view"]["decision"]["seat"]
            index = play_one(a if seat == 0 else b, gid, tok[seat])  # made on the seat's process
            watcher = on_b if seat == 0 else on_a
            pushed = next_view(watcher, index)
            assert pushed["index"] == index and pushed["seat"] == (1 - seat)
            assert pushed["view"]["board"]["hands"][seat] is None  # still only that seat's view
            # both processes go on from there, whichever the decision arrives at
            for _ in range(6):
                now = get(a, gid)
                seat = now["view"]["decision"]["seat"]
                proc = b if now["index"] % 2 else a
                index = play_one(proc, gid, tok[seat])
                assert get(a, gid)["index"] == get(b, gid)["index"] == index
            assert next_view(on_b, index)["index"] == index and next_view(on_a, index)["index"] == index
    finally:
        for p in procs:
            p.send_signal(signal.SIGINT)
        for p in procs:
            p.wait(timeout=20)


def test_a_process_catches_up_with_decisions_and_undos_made_by_another(pg_url):
    """Two apps in this process, one database: B's copy of the game follows A's decisions
    (applied on B's copy), and an undo on A (which does not extend B's copy) makes B rebuild."""
    from .helpers import client, decide, view, wait_until

    with client(pg_url, run_agents=False) as a, client(pg_url, run_agents=False) as b:
        g = a.post("/api/games", json={"module": "great_war", "scenario": "ridge_trench", "seed": 1,
                                       "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        gid, t0 = g["id"], g["seats"][0]["token"]
        hub_b = b.app.state.hub
        v = view(b, gid, t0)
        kept = hub_b.games[gid]
        v = decide(a, gid, t0, v["index"], v["view"]["decision"]["options"][0]["id"]).json()
        order = next(o for o in v["view"]["decision"]["options"] if o["id"].startswith("order:"))
        v2 = decide(a, gid, t0, v["index"], order["id"]).json()
        wait_until(lambda: hub_b.games.get(gid) is not None and hub_b.games[gid].index == v2["index"])
        assert hub_b.games[gid] is kept  # caught up in place, not rebuilt
        assert view(b, gid, t0)["view"] == v2["view"]
        r = a.post(f"/api/games/{gid}/undo", json={"index": v2["index"]}, headers={"X-Seat-Token": t0})
        assert r.status_code == 200 and r.json()["index"] == v["index"]
        wait_until(lambda: hub_b.games.get(gid) is not kept)
        assert view(b, gid, t0)["index"] == v["index"] and view(b, gid, t0)["view"] == r.json()["view"]


def test_a_decision_quoting_a_later_index_catches_up_with_the_store_first(tmp_path):
    """Without notifications (SQLite) a process's copy can lag: a decision that quotes the index
    the client saw on another process is applied after catching up, not refused as stale."""
    from .helpers import client, decide, view

    db = tmp_path / "g.db"
    with client(db, run_agents=False) as a, client(db, run_agents=False) as b:
        g = a.post("/api/games", json={"module": "great_war", "scenario": "ridge_trench", "seed": 1,
                                       "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        gid, t0 = g["id"], g["seats"][0]["token"]
        start = view(b, gid, t0)  # B holds the game from here
        v = decide(a, gid, t0, start["index"], start["view"]["decision"]["options"][0]["id"]).json()
        assert b.app.state.hub.games[gid].index == start["index"]  # B has not heard
        order = next(o for o in v["view"]["decision"]["options"] if o["id"].startswith("order:"))
        r = decide(b, gid, t0, v["index"], order["id"])
        assert r.status_code == 200, r.text
        assert r.json()["index"] == v["index"] + 1 == len(b.app.state.hub.store.load(gid).decisions)
        assert decide(b, gid, t0, v["index"] + 5, "done").status_code == 409  # a forged index


def received(ws: Any, timeout: float = 20) -> dict[str, Any]:
    """The next message of a TestClient WebSocket, failing (not hanging) when none comes."""
    pool = ThreadPoolExecutor(1)
    try:
        return dict(pool.submit(ws.receive_json).result(timeout))
    except FuturesTimeout:
        raise AssertionError(f"no message within {timeout} s") from None
    finally:
        pool.shutdown(wait=False)


def test_links_resignations_and_deletions_made_on_one_process_reach_the_other(pg_url):
    """The web side's writes notify too: a seat connected to B with a link that A revoked is
    told and dropped, B's copy ends when the seat resigns on A (no new decision, only the
    stored result), and B's watchers are told when A deletes the game."""
    from .helpers import client, view, wait_until

    with client(pg_url, run_agents=False) as a, client(pg_url, run_agents=False) as b:
        g = a.post("/api/games", json={"module": "great_war", "scenario": "ridge_trench", "seed": 1,
                                       "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        gid, host, t0, t1 = g["id"], g["host_key"], g["seats"][0]["token"], g["seats"][1]["token"]
        hub_b = b.app.state.hub
        view(b, gid, t0)
        kept = hub_b.games[gid]
        with b.websocket_connect(f"/api/games/{gid}/ws") as seat1, \
                b.websocket_connect(f"/api/games/{gid}/ws") as watcher:
            seat1.send_json({"token": t1})
            watcher.send_json({"token": None})
            assert received(seat1)["seat"] == 1 and received(watcher)["seat"] is None
            r = a.delete(f"/api/games/{gid}/seats/1/link", headers={"X-Host-Key": host})
            assert r.status_code == 204
            msg = received(seat1)
            assert msg["type"] == "error" and msg["status"] == 403 and "replaced" in msg["detail"]
            assert list(hub_b.listeners[gid].values()) == [None]  # the spectator stays
            assert received(watcher)["index"] == view(a, gid)["index"]

            r = a.post(f"/api/games/{gid}/resign", headers={"X-Seat-Token": t0})
            assert r.status_code == 200 and r.json()["status"] == "over"
            ended = received(watcher)
            assert ended["status"] == "over" and "resigned" in ended["view"]["result"]["reason"]
            assert ended["fairness"]["verified"] is True and ended["rev"] > 0
            assert hub_b.games[gid] is kept and kept.game.is_terminal()  # caught up in place
            assert b.post(f"/api/games/{gid}/resign", headers={"X-Seat-Token": t0}).status_code == 409

            assert a.delete(f"/api/games/{gid}", headers={"X-Host-Key": host}).status_code == 204
            gone = received(watcher)
            assert gone["type"] == "error" and gone["status"] == 404
            wait_until(lambda: gid not in hub_b.games)
            assert b.get(f"/api/games/{gid}").status_code == 404


def test_a_link_replaced_on_another_process_is_refused_at_once(store_url):
    """A process keeps the seat of a token it has seen (no store round trip per request), but
    the write that stores a decision checks the token again in its own transaction: a link
    replaced on another process is refused even before (or without) its notification, and
    nothing is stored."""
    from .helpers import HUMAN, client, decide, new_game, view

    with client(store_url, run_agents=False) as a, client(store_url, run_agents=False) as b:
        g = new_game(a, [HUMAN, HUMAN])
        gid, old, host = g["id"], g["seats"][0]["token"], g["host_key"]
        start = view(b, gid, old)  # B knows the old token's seat from here
        assert start["view"]["decision"]["seat"] == 0
        r = a.post(f"/api/games/{gid}/seats/0/link", headers={"X-Host-Key": host})
        assert r.status_code == 200, r.text
        new = r.json()["token"]
        option = start["view"]["decision"]["options"][0]["id"]
        refused = decide(b, gid, old, start["index"], option)
        assert refused.status_code == 403, refused.text
        assert len(b.app.state.hub.store.load(gid).decisions) == start["index"]  # nothing stored
        ok = decide(b, gid, new, start["index"], option)
        assert ok.status_code == 200, ok.text
        assert ok.json()["index"] == start["index"] + 1 == len(a.app.state.hub.store.load(gid).decisions)
