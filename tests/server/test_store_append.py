"""The store's decision path on PostgreSQL (server/store.py): an append is one statement on the
event loop's own connections that checks the decision count and the seat's link, writes the
rows and notifies with the new decisions in the notification; a process applies such a note to
its copy only when it extends it exactly, and otherwise reads the store or rebuilds."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import psycopg
import pytest

from tactica.server import store as store_mod
from tactica.server.fairness import Fairness
from tactica.server.store import CHANNEL, GameStore, SeatInfo, SeatRefused, StaleIndex, StoredGame, libpq_url
from tactica.server.tokens import token_hash

from .helpers import client, decide, view, wait_until

T0, T1 = token_hash("t0"), token_hash("t1")


def new_store(url: str) -> GameStore:
    s = GameStore(url, origin="me")
    seats = [SeatInfo(0, "allies", "human"), SeatInfo(1, "central", "human")]
    game = StoredGame("g", "great_war", "2", "ridge_trench", {}, Fairness.fresh(None), "active", None, seats)
    s.create(game, "h", [T0, T1])
    return s


def notes(url: str) -> psycopg.Connection[Any]:
    conn = psycopg.connect(libpq_url(url), autocommit=True)
    conn.execute(f"LISTEN {CHANNEL}")
    return conn


def drain(conn: psycopg.Connection[Any]) -> list[str]:
    return [n.payload for n in conn.notifies(timeout=0.5, stop_after=10)]


def test_an_append_checks_the_count_and_the_link_writes_the_rows_and_notifies_with_them(pg_url):
    s = new_store(pg_url)
    listen = notes(pg_url)
    try:
        async def run() -> None:
            await s.append("g", 0, 0, [(0, "order:a")], ["h1"], "h1", "active", None, (0, T0))
            await s.append("g", 1, 1, [(1, "move:b c"), (1, "!auto_pass=1")], ["h2", "h3"], "h3",
                           "over", {"returns": [1, -1]}, (1, T1))
            with pytest.raises(StaleIndex):  # another writer came first: nothing written
                await s.append("g", 1, 1, [(0, "x")], ["hx"], "hx", "active", None, (0, T0))
            with pytest.raises(SeatRefused):  # a link that no longer opens the seat
                await s.append("g", 3, 3, [(0, "x")], ["hx"], "hx", "active", None, (0, token_hash("old")))
            await s.aclose()

        asyncio.run(run())
        got = s.load("g")
        assert got is not None and got.decisions == [(0, "order:a"), (1, "move:b c"), (1, "!auto_pass=1")]
        assert got.hashes == ["h1", "h2", "h3"]
        assert got.status == "over" and got.result == {"returns": [1, -1]}
        heard = drain(listen)
        assert heard == ['g me play [0,"active",[[0,"order:a","h1"]]]',  # one per append, none
                         'g me play [1,"over",[[1,"move:b c","h2"],[1,"!auto_pass=1","h3"]]]']  # refused
    finally:
        listen.close()
        s.close()


def test_the_thread_path_writes_the_same_rows_and_a_long_note_names_the_game_only(pg_url, monkeypatch):
    s = new_store(pg_url)
    listen = notes(pg_url)
    try:
        s.rewrite_tail("g", 0, 0, [(0, "order:a")], ["h1"], "h1", "active", None, (0, T0))
        with pytest.raises(StaleIndex):
            s.rewrite_tail("g", 0, 0, [(0, "order:a")], ["h1"], "h1", "active", None, (0, T0))
        with pytest.raises(SeatRefused):
            s.rewrite_tail("g", 1, 1, [(1, "x")], ["h2"], "h2", "active", None, (1, T0))
        monkeypatch.setattr(store_mod, "_NOTE_MAX", 10)
        s.rewrite_tail("g", 1, 1, [(1, "y")], ["h2"], "h2", "active", None, (1, T1))
        got = s.load("g")
        assert got is not None and got.decisions == [(0, "order:a"), (1, "y")] and got.hashes == ["h1", "h2"]
        assert drain(listen) == ['g me play [0,"active",[[0,"order:a","h1"]]]', "g me play"]
    finally:
        listen.close()
        s.close()


def test_catching_up_reads_the_same_on_the_event_loop_as_on_a_thread(pg_url):
    s = new_store(pg_url)
    try:
        s.rewrite_tail("g", 0, 0, [(0, "a"), (1, "b"), (0, "c")], ["h1", "h2", "h3"], "h3", "active", None)

        async def run() -> list[Any]:
            out = [await s.since_async("g", k) for k in (0, 2, 3)]
            out.append(await s.since_async("nope", 0))
            await s.aclose()
            return out

        assert asyncio.run(run()) == [s.since("g", 0), s.since("g", 2), s.since("g", 3), (None, [])]
        assert s.since("g", 2) == (("active", None), [(2, 0, "c", "h3")])
    finally:
        s.close()


def test_connections_dropped_by_the_database_are_replaced_before_a_decision_is_lost(pg_url, monkeypatch):
    """A restart of the database (here: every other connection terminated) while the server's
    connections sat idle: the next append and read still go through, on new connections."""
    s = new_store(pg_url)
    try:
        async def run() -> None:
            await s.append("g", 0, 0, [(0, "a")], ["h1"], "h1", "active", None, (0, T0))
            assert s.seat_of_token("g", T0) == 0
            with psycopg.connect(libpq_url(pg_url), autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            monkeypatch.setattr(store_mod, "IDLE_PING", 0.0)
            await s.append("g", 1, 1, [(1, "b")], ["h2"], "h2", "active", None, (1, T1))
            assert s.seat_of_token("g", T1) == 1
            await s.aclose()

        asyncio.run(run())
        got = s.load("g")
        assert got is not None and got.decisions == [(0, "a"), (1, "b")]
    finally:
        s.close()


def test_a_note_that_does_not_extend_the_copy_is_never_applied_blindly(pg_url):
    """B holds the game; a note at another index is ignored for the store's rows, and a note whose
    decisions replay to another chain (forged, or from a diverged copy) makes B rebuild from the
    store: either way B shows what the store holds."""
    with client(pg_url, run_agents=False) as a, client(pg_url, run_agents=False) as b:
        g = a.post("/api/games", json={"module": "great_war", "scenario": "ridge_trench",
                                       "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        gid, t0 = g["id"], g["seats"][0]["token"]
        hub_b = b.app.state.hub
        v = view(b, gid, t0)
        kept = hub_b.games[gid]
        oid = v["view"]["decision"]["options"][0]["id"]
        # a note from the future (index 5): B reads the store instead and stays where it is
        b.portal.call(hub_b.reload, gid, "play", json.dumps([5, "active", [[0, oid, "x"]]]))
        assert hub_b.games[gid] is kept and kept.index == v["index"]
        # a note at B's index whose link is not the chain's: B drops its copy
        b.portal.call(hub_b.reload, gid, "play", json.dumps([v["index"], "active", [[0, oid, "forged"]]]))
        assert hub_b.games.get(gid) is not kept
        assert view(b, gid, t0)["view"] == v["view"]
        # a real decision on A reaches B's copy through the note, in place
        kept = hub_b.games[gid]
        v2 = decide(a, gid, t0, v["index"], oid).json()
        wait_until(lambda: hub_b.games.get(gid) is not None and hub_b.games[gid].index == v2["index"])
        assert hub_b.games[gid] is kept and view(b, gid, t0)["view"] == v2["view"]
