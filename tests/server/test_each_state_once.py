"""Each connection gets each new state once: a change's answer carries the acting seat's new
payload, so the WebSocket the request names (``X-Live-Connection``, the id that WebSocket gave
in its hello) is not sent it again; every other connection, the same seat's other tabs
included, gets it pushed (live.py ``Sender``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .helpers import HUMAN, client, new_game, view


def _hello(c: Any, gid: str, token: str | None, connection: str) -> Any:
    ws = c.websocket_connect(f"/api/games/{gid}/ws").__enter__()
    ws.send_json({"token": token, "connection": connection})
    assert ws.receive_json()["type"] == "view"  # the state on connecting (the resync)
    return ws


def _pushed_until_deleted(ws: Any) -> list[int]:
    """The revisions pushed to ``ws`` until the game's deletion closes it."""
    revs = []
    while True:
        m = ws.receive_json()
        if m["type"] == "error":
            assert m["status"] == 404
            return revs
        revs.append(m["rev"])


def test_each_seat_receives_each_new_state_once(store_url: str) -> None:
    with client(store_url, run_agents=False) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid = g["id"]
        tokens = [s["token"] for s in g["seats"]]
        first = view(c, gid, tokens[0])
        x = first["view"]["decision"]["seat"]  # the seat to move first
        y = 1 - x
        tab_a = _hello(c, gid, tokens[x], "tab-a")
        tab_b = _hello(c, gid, tokens[x], "tab-b")  # the same seat in another tab
        other = _hello(c, gid, tokens[y], "tab-y")
        watcher = _hello(c, gid, None, "tab-a")  # a spectator naming another's id changes nothing

        answers: dict[str, list[int]] = {"tab-a": [], "tab-y": []}
        opt = first["view"]["decision"]["options"][0]["id"]
        r = c.post(f"/api/games/{gid}/decisions", json={"index": first["index"], "option": opt},
                   headers={"X-Seat-Token": tokens[x], "X-Live-Connection": "tab-a"})
        assert r.status_code == 200 and r.json()["seat"] == x
        answers["tab-a"].append(r.json()["rev"])
        r = c.post(f"/api/games/{gid}/preferences", json={"auto_pass": True},
                   headers={"X-Seat-Token": tokens[y], "X-Live-Connection": "tab-y"})
        assert r.status_code == 200 and r.json()["view"]["auto_pass"][y]
        answers["tab-y"].append(r.json()["rev"])
        r = c.post(f"/api/games/{gid}/resign",
                   headers={"X-Seat-Token": tokens[y], "X-Live-Connection": "tab-y"})
        assert r.status_code == 200 and r.json()["status"] == "over"
        answers["tab-y"].append(r.json()["rev"])
        states = [*answers["tab-a"], *answers["tab-y"]]
        assert len(set(states)) == 3

        assert c.delete(f"/api/games/{gid}", headers={"X-Host-Key": g["host_key"]}).status_code == 204
        got = {"tab-a": _pushed_until_deleted(tab_a), "tab-b": _pushed_until_deleted(tab_b),
               "tab-y": _pushed_until_deleted(other), "watcher": _pushed_until_deleted(watcher)}
        for ws in (tab_a, tab_b, other, watcher):
            ws.__exit__(None, None, None)

    assert got["tab-a"] == answers["tab-y"]  # its own decision came in its answer only
    assert got["tab-b"] == states
    assert got["tab-y"] == answers["tab-a"]
    assert got["watcher"] == states
    for name, pushed in got.items():
        received = Counter(pushed + answers.get(name, []))
        assert sorted(received) == sorted(states) and set(received.values()) == {1}, name


def test_a_connection_id_quoted_by_another_seat_silences_nothing(store_url: str) -> None:
    with client(store_url, run_agents=False) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid = g["id"]
        tokens = [s["token"] for s in g["seats"]]
        first = view(c, gid, tokens[0])
        x = first["view"]["decision"]["seat"]
        other = _hello(c, gid, tokens[1 - x], "tab-y")
        opt = first["view"]["decision"]["options"][0]["id"]
        r = c.post(f"/api/games/{gid}/decisions", json={"index": first["index"], "option": opt},
                   headers={"X-Seat-Token": tokens[x], "X-Live-Connection": "tab-y"})
        assert r.status_code == 200
        assert other.receive_json()["rev"] == r.json()["rev"]  # pushed all the same
        other.__exit__(None, None, None)


def test_a_malformed_connection_id_is_refused(store_url: str) -> None:
    with client(store_url, run_agents=False) as c:
        g = new_game(c, [HUMAN, HUMAN])
        with c.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
            ws.send_json({"token": g["seats"][0]["token"], "connection": "x" * 65})
            m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == 422
        r = c.post(f"/api/games/{g['id']}/resign",
                   headers={"X-Seat-Token": g["seats"][0]["token"], "X-Live-Connection": "x" * 65})
        assert r.status_code == 422
        assert view(c, g["id"])["status"] == "active"  # nothing changed
