"""CPU of each stage of one decision's path on the server, in one process without HTTP: the
engine's apply, each seat's payload (view and drawing), its JSON encoding (the json module
against orjson, which the server uses), the store's write on PostgreSQL (an append: the
conditional UPDATE with the seat's token, the INSERT, the commit) and a seat-token lookup (what
each request paid before tokens were kept per live game). CPU time, not wall time, so a busy
machine skews it little. Companion of bench/bench_server.py (the whole path over HTTP).

Run: .venv/bin/python bench/bench_server_stages.py [--decisions 300]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import orjson

import tactica
from tactica.server.devdb import TempCluster
from tactica.server.fairness import Fairness
from tactica.server.store import GameStore, SeatInfo, StoredGame
from tactica.server.table import table_for
from tactica.server.tokens import token_hash


def cpu_ms(f: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, float]:
    t = time.process_time_ns()
    out = f(*args, **kwargs)
    return out, (time.process_time_ns() - t) / 1e6


def payload(g: Any, seat: int) -> dict[str, Any]:
    v = g.view(seat)
    return {"view": v, "table": table_for(g, seat, v)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=300)
    args = ap.parse_args()
    g = tactica.new_game("great_war", "ridge_trench", seed=(1 << 128) | 12345)
    stages: dict[str, list[float]] = {k: [] for k in (
        "apply", "view + drawing, per seat", "json.dumps, per seat", "orjson.dumps, per seat",
        "store write (PostgreSQL)", "seat token lookup (PostgreSQL)")}
    cluster = TempCluster().start()
    try:
        store = GameStore(cluster.new_database(), origin="bench")
        t0 = token_hash("t0")
        seats = [SeatInfo(0, "allies", "human"), SeatInfo(1, "central", "human")]
        fair = Fairness.fresh(None)
        game = StoredGame("g", "great_war", "2", "ridge_trench", {}, fair, "active", None, seats)
        store.create(game, "h", [t0, token_hash("t1")])
        for i in range(args.decisions):
            d = g.decision()
            if d is None:
                break
            pick = next((o for o in d.options if o.kind in ("order", "move")), d.options[-1])
            stages["apply"].append(cpu_ms(g.apply, pick.id, seat=d.seat)[1])
            for seat in (0, 1):
                p, t = cpu_ms(payload, g, seat)
                stages["view + drawing, per seat"].append(t)
                stages["json.dumps, per seat"].append(cpu_ms(json.dumps, p)[1])
                stages["orjson.dumps, per seat"].append(
                    cpu_ms(orjson.dumps, p, option=orjson.OPT_NON_STR_KEYS)[1])
            entry = [(d.seat, pick.id)]
            write = cpu_ms(store.rewrite_tail, "g", i, i, entry, [f"h{i}"], "h", "active", None, (0, t0))
            stages["store write (PostgreSQL)"].append(write[1])
            stages["seat token lookup (PostgreSQL)"].append(cpu_ms(store.seat_of_token, "g", t0)[1])
        store.close()
    finally:
        cluster.stop()
    n = len(stages["apply"])
    print(f"bench_server_stages: {n} decisions of great_war ridge_trench, CPU per stage (ms)")
    for name, xs in stages.items():
        print(f"  {name:34s} median {statistics.median(xs):6.3f}   mean {statistics.mean(xs):6.3f}")


if __name__ == "__main__":
    main()
