"""CPU of each stage of one decision's path on the server, in one process without HTTP: the
engine's apply, each seat's view (with the log entries sent before kept, as the server does) and
its drawing, the JSON encoding of the whole payload (orjson), the store's append on PostgreSQL
as the server makes it (one statement on the event loop's own connection: the conditional
UPDATE with the seat's token, the rows, the notification) and the read a process catching up
with another's decision makes when the notification does not carry it. CPU time, not wall time,
so a busy machine skews it little; the stages summed are the server's own work per decision,
what bench/bench_server.py measures over HTTP adds the framework, the WebSockets and the waits.

Run: .venv/bin/python bench/bench_server_stages.py [--decisions 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

import tactica
from tactica.server.devdb import TempCluster
from tactica.server.fairness import Fairness
from tactica.server.live import Hub, LiveGame, encode
from tactica.server.store import GameStore, SeatInfo, StoredGame
from tactica.server.table import table_for
from tactica.server.tokens import token_hash


def cpu_ms(f: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    t = time.process_time_ns()
    out = f(*args)
    return out, (time.process_time_ns() - t) / 1e6


async def acpu_ms(f: Callable[..., Awaitable[Any]], *args: Any) -> tuple[Any, float]:
    t = time.process_time_ns()
    out = await f(*args)
    return out, (time.process_time_ns() - t) / 1e6


async def run(store: GameStore, decisions: int) -> dict[str, list[float]]:
    g = tactica.new_game("great_war", "ridge_trench", seed=(1 << 128) | 12345)
    seats = [SeatInfo(0, "allies", "human"), SeatInfo(1, "central", "human")]
    fair = Fairness.fresh(None)
    t0 = token_hash("t0")
    store.create(StoredGame("g", "great_war", "2", "ridge_trench", {}, fair, "active", None, seats),
                 "h", [t0, token_hash("t1")])
    live = LiveGame("g", g, seats, fair)
    stages: dict[str, list[float]] = {k: [] for k in (
        "apply", "view, per seat", "drawing, per seat", "orjson payload, per seat",
        "store append (PostgreSQL)", "catch-up read (PostgreSQL)")}
    for i in range(decisions):
        d = g.decision()
        if d is None:
            break
        pick = next((o for o in d.options if o.kind in ("order", "move")), d.options[-1])
        stages["apply"].append(cpu_ms(g.apply, pick.id, d.seat)[1])
        live.touch()
        for seat in (0, 1):
            v, t = cpu_ms(Hub.view, live, seat)
            stages["view, per seat"].append(t)
            table, t = cpu_ms(table_for, g, seat, v)
            stages["drawing, per seat"].append(t)
            stages["orjson payload, per seat"].append(cpu_ms(encode, {"view": v, "table": table})[1])
        stages["store append (PostgreSQL)"].append((await acpu_ms(
            store.append, "g", i, i, [(d.seat, pick.id)], [f"h{i}"], "h", "active", None, (0, t0)))[1])
        stages["catch-up read (PostgreSQL)"].append((await acpu_ms(store.since_async, "g", i))[1])
    await store.aclose()
    return stages


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=300)
    args = ap.parse_args()
    cluster = TempCluster().start()
    try:
        store = GameStore(cluster.new_database(), origin="bench")
        stages = asyncio.run(run(store, args.decisions))
        store.close()
    finally:
        cluster.stop()
    n = len(stages["apply"])
    print(f"bench_server_stages: {n} decisions of great_war ridge_trench, CPU per stage (ms)")
    for name, xs in stages.items():
        print(f"  {name:30s} median {statistics.median(xs):6.3f}   mean {statistics.mean(xs):6.3f}")
    per = sum(statistics.mean(xs) * (2 if "per seat" in name else 1)
              for name, xs in stages.items() if "catch-up" not in name)
    print(f"  a decision on one process, both seats' payloads: {per:.3f} ms (mean)")


if __name__ == "__main__":
    main()
