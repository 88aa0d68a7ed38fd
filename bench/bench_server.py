"""The server under load: N concurrent games played by scripted clients over HTTP and WebSocket,
against one server process and against two behind one PostgreSQL database (live updates cross
between them by LISTEN/NOTIFY). Goal (issue 13): decision round trip p95 <= 50 ms.

Run: .venv/bin/python bench/bench_server.py [--games 50] [--decisions 40] [--processes 1,2] [--think 0]

Each game has two seats, each a client with its own WebSocket; in the two-process run seat 0 talks
to process A and seat 1 to process B. The seat to move posts its decision (the scripted choice:
an order or a move when offered, else the last option) to its own process, after ``--think``
milliseconds (0: at once, every game a closed loop that keeps the server saturated, so the
latencies are mostly queueing: 50 games in flight over N decisions/s wait about 50/N s each; a
person's pace of a decision every second or so is what a real server sees). Each server process
is warmed before the clock starts (the lobby's catalogue and one game: the rules modules, their
scenarios, maps and line-of-sight tables load once per process). Printed:

- decision: POST sent to answer received (the decision applied and committed);
- reaches other seat: POST sent to the other seat's WebSocket bringing the new view (across
  processes in the two-process run);
- throughput: decisions per second over all games;
- server CPU per decision: the server processes' CPU time over the run (game creation included)
  divided by the decisions, which a busy machine skews far less than the latencies;
- bench client CPU per decision: this process's own (it parses every view pushed to both seats),
  taken from the same cores.

PostgreSQL is a throwaway cluster (tactica.server.devdb: Debian's binaries, fsync off).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from typing import Any

import httpx
import orjson
import websockets

from tactica.server.devdb import TempCluster


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(url: str, port: int) -> subprocess.Popen[bytes]:
    p = subprocess.Popen([sys.executable, "-m", "tactica.cli", "serve", "--host", "127.0.0.1", "--port",
                          str(port), "--db", url, "--games-per-minute", "0"],
                         env={**os.environ, "PYTHONUNBUFFERED": "1"},
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games?status=over", timeout=5).status_code == 200:
                return p
        except httpx.HTTPError:
            time.sleep(0.1)
    p.kill()
    raise SystemExit("a server did not start")


class Seat:
    def __init__(self, base: str, ws_base: str, gid: str, token: str) -> None:
        self.base, self.ws_url, self.token = base, f"{ws_base}/api/games/{gid}/ws", token
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.seen_at: dict[int, float] = {}

    async def listen(self) -> None:
        async with websockets.connect(self.ws_url, max_size=2**24) as ws:
            await ws.send(json.dumps({"token": self.token}))
            async for raw in ws:
                msg = orjson.loads(raw)  # the client shares the cores: parse views cheaply
                if msg.get("type") != "view":
                    raise RuntimeError(f"websocket: {msg}")
                self.seen_at.setdefault(msg["index"], time.perf_counter())
                if self.latest is None or msg["index"] >= self.latest["index"]:
                    self.latest = msg
                self.changed.set()

    async def wait_index(self, index: int, timeout: float = 60.0) -> float:
        end = time.perf_counter() + timeout
        while index not in self.seen_at and not any(i >= index for i in self.seen_at):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), timeout=max(0.01, end - time.perf_counter()))
        return min(t for i, t in self.seen_at.items() if i >= index)


def client() -> httpx.AsyncClient:
    """One game's HTTP client: a small pool of its own (httpx checks every pooled connection on
    each request, so one pool for all games costs the client more CPU than the server spends).
    Connections idle for 3 s are dropped before uvicorn drops them (after 5 s), so no request
    goes out on a connection the server is closing (a ReadError on a busy machine)."""
    return httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=4, keepalive_expiry=3))


async def play(bases: list[str], decisions: int, rtts: list[float], reach: list[float],
               think: float = 0.0) -> int:
    async with client() as http:
        return await play_with(http, bases, decisions, rtts, reach, think)


async def play_with(http: httpx.AsyncClient, bases: list[str], decisions: int,
                    rtts: list[float], reach: list[float], think: float) -> int:
    a, b = bases[0], bases[-1]
    r = await http.post(f"{a}/api/games", json={"module": "great_war", "scenario": "ridge_trench",
                                                 "seats": [{"kind": "human"}, {"kind": "human"}]})
    r.raise_for_status()
    g = orjson.loads(r.content)
    seats = [Seat(base, base.replace("http", "ws"), g["id"], s["token"])
             for base, s in zip((a, b), g["seats"], strict=True)]
    tasks = [asyncio.create_task(s.listen()) for s in seats]
    done = 0
    try:
        await seats[0].wait_index(0)
        await seats[1].wait_index(0)
        while done < decisions:
            view = seats[0].latest
            assert view is not None
            d = view["view"]["decision"]
            if d is None:
                break
            me, other = seats[d["seat"]], seats[1 - d["seat"]]
            await me.wait_index(view["index"])
            mine = me.latest
            assert mine is not None and mine["index"] >= view["index"]
            opts = mine["view"]["decision"]["options"]
            pick = next((o for o in opts if o["kind"] in ("order", "move")), opts[-1])
            if think:
                await asyncio.sleep(think)
            t0 = time.perf_counter()
            r = await http.post(f"{me.base}/api/games/{g['id']}/decisions",
                                headers={"X-Seat-Token": me.token},
                                json={"index": mine["index"], "option": pick["id"]})
            rtts.append(time.perf_counter() - t0)
            r.raise_for_status()
            index = orjson.loads(r.content)["index"]
            reach.append(await other.wait_index(index) - t0)
            await seats[0].wait_index(index)
            done += 1
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return done


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), a figure load does not skew."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(xs: list[float], q: float) -> float:
    return statistics.quantiles(xs, n=100)[q - 1] * 1000 if len(xs) > 1 else float("nan")


async def warm(base: str) -> None:
    """Load what every process loads once (the catalogue, a game) before the clock starts."""
    async with client() as http:
        (await http.get(f"{base}/api/modules")).raise_for_status()
    await play([base], 1, [], [])


async def run(bases: list[str], games: int, decisions: int, pids: list[int], think: float = 0.0) -> None:
    rtts: list[float] = []
    reach: list[float] = []
    for base in bases:
        await warm(base)
    cpu0 = sum(cpu_seconds(p) for p in pids)
    mine0 = time.process_time()
    t0 = time.perf_counter()
    counts = await asyncio.gather(*(play(bases, decisions, rtts, reach, think) for _ in range(games)))
    wall = time.perf_counter() - t0
    cpu = sum(cpu_seconds(p) for p in pids) - cpu0
    mine = time.process_time() - mine0
    n = sum(counts)
    print(f"  {len(bases)} process(es), {games} games, {n} decisions in {wall:.1f} s: "
          f"{n / wall:.0f} decisions/s" + (f" (think {think * 1000:.0f} ms)" if think else ""))
    print(f"    decision round trip  p50 {pct(rtts, 50):6.1f} ms   p95 {pct(rtts, 95):6.1f} ms")
    print(f"    reaches other seat   p50 {pct(reach, 50):6.1f} ms   p95 {pct(reach, 95):6.1f} ms")
    print(f"    server CPU per decision {cpu / max(n, 1) * 1000:.2f} ms (all processes, games created too)")
    print(f"    bench client CPU per decision {mine / max(n, 1) * 1000:.2f} ms (on the same cores: its "
          "share of the machine is not the server's)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--decisions", type=int, default=40, help="decisions per game")
    ap.add_argument("--processes", default="1,2", help="server process counts to run, e.g. 1,2")
    ap.add_argument("--think", type=float, default=0.0,
                    help="milliseconds each seat waits before its decision (0: none, a saturating load)")
    args = ap.parse_args()
    cluster = TempCluster().start()
    try:
        print(f"bench_server: {args.games} concurrent games of {args.decisions} decisions, "
              f"PostgreSQL {cluster.bin.parent.name}, {os.cpu_count()} cores")
        for count in (int(x) for x in args.processes.split(",")):
            url = cluster.new_database()
            ports = [free_port() for _ in range(count)]
            procs = [start(url, p) for p in ports]
            try:
                asyncio.run(run([f"http://127.0.0.1:{p}" for p in ports], args.games, args.decisions,
                                [p.pid for p in procs], args.think / 1000))
            finally:
                for p in procs:
                    p.send_signal(signal.SIGINT)
                for p in procs:
                    try:
                        p.wait(timeout=20)
                    except subprocess.TimeoutExpired:
                        p.kill()
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
