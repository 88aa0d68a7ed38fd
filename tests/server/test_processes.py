"""Two server processes behind one PostgreSQL database share live updates (LISTEN/NOTIFY,
server/bus.py): a seat connected to one process sees the other seat's decision made on the
other, and each process goes on from the other's decisions."""

from __future__ import annotations

import json
import signal
from typing import Any

import httpx
from websockets.sync.client import connect

from live_server import free_port, start_server


def get(base: str, gid: str, token: str | None = None) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{gid}", headers={"X-Seat-Token": token} if token else {}, timeout=10)
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
        g = httpx.post(f"{a}/api/games", json={"module": "great_war", "scenario": "ridge_trench",
                                               "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
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
