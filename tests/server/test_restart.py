"""Kill the server with SIGKILL at any moment and start it again: no acknowledged decision is
lost and every game resumes where it stood (a real uvicorn in a subprocess, on loopback)."""

from __future__ import annotations

import signal
import subprocess
from typing import Any

import httpx

from live_server import free_port, start_server


def kill9(p: subprocess.Popen[bytes]) -> None:
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=10)


def get(base: str, gid: str, token: str | None = None) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{gid}", headers={"X-Seat-Token": token} if token else {}, timeout=60)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_kill_9_and_restart_loses_no_acknowledged_decision(tmp_path):
    db = tmp_path / "store.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    p = start_server(db, port)
    try:
        # the first game of a process loads the rules module and its maps: seconds on a busy machine
        hot = httpx.post(f"{base}/api/games", json={"module": "great_war", "scenario": "iron_tide", "seed": 4,
                                                    "seats": [{"kind": "human"}, {"kind": "human"}]},
                         timeout=60).json()
        ai_seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
        vs_ai = httpx.post(f"{base}/api/games", json={"module": "great_war", "scenario": "ridge_trench",
                                                      "seed": 9, "seats": ai_seats}).json()
        toks = {s["seat"]: s["token"] for s in hot["seats"]}
        acked = 0
        for _ in range(25):  # both seats of the hot-seat game, each decision acknowledged
            v = get(base, hot["id"])
            seat = v["view"]["decision"]["seat"]
            mine = get(base, hot["id"], toks[seat])
            opts = mine["view"]["decision"]["options"]
            pick = next((o for o in opts if o["kind"] in ("order", "move")), opts[-1])
            r = httpx.post(f"{base}/api/games/{hot['id']}/decisions", headers={"X-Seat-Token": toks[seat]},
                           json={"index": mine["index"], "option": pick["id"]})
            assert r.status_code == 200, r.text
            acked = r.json()["index"]
        before = get(base, hot["id"], toks[0])
        t_ai = vs_ai["seats"][0]["token"]
        v = get(base, vs_ai["id"], t_ai)
        r = httpx.post(f"{base}/api/games/{vs_ai['id']}/decisions", headers={"X-Seat-Token": t_ai},
                       json={"index": v["index"], "option": v["view"]["decision"]["options"][0]["id"]})
        assert r.status_code == 200
        ai_acked = r.json()["index"]
        kill9(p)  # no shutdown at all: whatever was acknowledged must already be on disk

        p = start_server(db, port)
        after = get(base, hot["id"], toks[0])
        assert after["index"] == acked == before["index"]
        assert after["view"] == before["view"]
        resumed = get(base, vs_ai["id"], t_ai)
        assert resumed["index"] >= ai_acked
        # and the game goes on from there
        seat = get(base, hot["id"])["view"]["decision"]["seat"]
        mine = get(base, hot["id"], toks[seat])
        r = httpx.post(f"{base}/api/games/{hot['id']}/decisions", headers={"X-Seat-Token": toks[seat]},
                       json={"index": mine["index"], "option": mine["view"]["decision"]["options"][-1]["id"]})
        assert r.status_code == 200 and r.json()["index"] == acked + 1

        # kill in the middle of a burst of decisions: every acknowledged one survives
        seat = get(base, hot["id"])["view"]["decision"]["seat"]
        last_ack = acked + 1
        for _ in range(5):
            mine = get(base, hot["id"], toks[seat])
            d = mine["view"]["decision"]
            if d["seat"] != seat:
                break
            r = httpx.post(f"{base}/api/games/{hot['id']}/decisions", headers={"X-Seat-Token": toks[seat]},
                           json={"index": mine["index"], "option": d["options"][-1]["id"]})
            last_ack = r.json()["index"]
        kill9(p)
        p = start_server(db, port)
        assert get(base, hot["id"])["index"] == last_ack
    finally:
        if p.poll() is None:
            kill9(p)
