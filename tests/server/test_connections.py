"""How many connections a server process opens to PostgreSQL: at most ``db_pool`` for its store
threads, ``db_loop_connections`` for its event loop and one to listen, counted in
``pg_stat_activity`` of the suite's real PostgreSQL while a real server is under load."""

from __future__ import annotations

import signal
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import psycopg
import pytest

from live_server import free_port, start_server
from tactica.server.settings import Settings
from tactica.server.store import libpq_url

POOL, LOOP = 3, 2
PROBE = "connections probe"  # this test's own sampling connections


def connections(url: str) -> Counter[str]:
    """The server connections open on this test's database, by use (store, loop, listen).

    A connection still starting up is left out: PostgreSQL lists a backend before it has applied
    the startup packet's application_name (its name reads '' and its state NULL for that moment);
    it is counted in the next sample, once started. The samples' own connections carry a name of
    their own and are left out too: an earlier sample's backend can still be listed for a moment
    after it closed."""
    with psycopg.connect(libpq_url(url), application_name=PROBE) as c:
        rows = c.execute("SELECT application_name FROM pg_stat_activity "
                         "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                         "AND state IS NOT NULL AND application_name <> %s", (PROBE,)).fetchall()
    out: Counter[str] = Counter()
    for (name,) in rows:
        parts = name.split()
        assert parts and parts[0] == "tactica", f"a connection not named by the server: {name!r}"
        out[parts[-1]] += 1
    return out


def _hammer(base: str, games: list[dict[str, Any]]) -> None:
    """Every game's seat to move decides at once, while the lobby is asked for its pages."""
    def one(g: dict[str, Any]) -> None:
        for _ in range(3):
            token = g["seats"][0]["token"]
            v = httpx.get(f"{base}/api/games/{g['id']}", headers={"X-Seat-Token": token}, timeout=60).json()
            d = v["view"]["decision"]
            token = g["seats"][d["seat"]]["token"]
            r = httpx.post(f"{base}/api/games/{g['id']}/decisions", timeout=60,
                           headers={"X-Seat-Token": token},
                           json={"index": v["index"], "option": d["options"][0]["id"]})
            assert r.status_code == 200, r.text

    def lobby(_: int) -> None:
        assert httpx.get(f"{base}/api/games?limit=5", timeout=60).status_code == 200

    with ThreadPoolExecutor(16) as pool:
        jobs = [pool.submit(one, g) for g in games] + [pool.submit(lobby, i) for i in range(24)]
        for j in jobs:
            j.result()


def test_a_server_process_opens_no_more_connections_than_its_settings_say(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TACTICA_DB_POOL", str(POOL))
    monkeypatch.setenv("TACTICA_DB_LOOP_CONNECTIONS", str(LOOP))
    port = free_port()
    proc = start_server(pg_url, port)
    base = f"http://127.0.0.1:{port}"
    try:
        games = [httpx.post(f"{base}/api/games", timeout=60, json={
            "module": "great_war", "scenario": "ridge_trench", "seats": [{"kind": "human"}] * 2}).json()
            for _ in range(8)]
        seen: list[Counter[str]] = []
        with ThreadPoolExecutor(1) as watch:
            job = watch.submit(_hammer, base, games)
            while not job.done():
                seen.append(connections(pg_url))
            job.result()
        seen.append(connections(pg_url))  # the pool and the loop keep what they opened
        for count in seen:
            assert count["store"] <= POOL and count["loop"] <= LOOP and count["listen"] <= 1, count
            assert set(count) <= {"store", "loop", "listen"}, count
        assert seen[-1]["listen"] == 1 and seen[-1]["loop"] >= 1 and seen[-1]["store"] >= 1
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)


def test_the_connection_settings_have_defaults_and_refuse_nonsense(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TACTICA_DB_POOL", raising=False)
    monkeypatch.delenv("TACTICA_DB_LOOP_CONNECTIONS", raising=False)
    assert Settings().db_connections() == (8, 4)
    monkeypatch.setenv("TACTICA_DB_POOL", "5")
    assert Settings().db_connections() == (5, 4)
    assert Settings(db_pool=2, db_loop_connections=1).db_connections() == (2, 1)  # settings first
    monkeypatch.setenv("TACTICA_DB_POOL", "many")
    with pytest.raises(ValueError, match="TACTICA_DB_POOL must be a positive integer"):
        Settings().db_connections()
    with pytest.raises(ValueError, match="at least 1"):
        Settings(db_pool=1, db_loop_connections=0).db_connections()
