"""The server under load: N concurrent games played by scripted clients over HTTP and WebSocket,
against one server process and against two behind one PostgreSQL database (live updates cross
between them by LISTEN/NOTIFY). Goal (issue 13): decision round trip p95 <= 50 ms.

Run: .venv/bin/python bench/bench_server.py [--games 50] [--decisions 40] [--processes 1,2]
                                             [--think 0] [--jitter 0.5]

Each game has two seats, each a client with its own WebSocket; in the two-process run seat 0 talks
to process A and seat 1 to process B. The seat to move posts its decision (the scripted choice:
an order or a move when offered, else the last option) to its own process, quoting its
WebSocket's id as a browser tab does (``X-Live-Connection``): the new state comes to it in the
answer and is pushed to the other seat only (a server that ignores the header pushes it to both,
and the client takes the first).

Load: with ``--think 0`` every game is a closed loop that posts its next decision as soon as it
has the last one, which keeps the server saturated: latencies are then mostly queueing (50 games
in flight over N decisions/s wait about 50/N s each). ``--think MS`` is people's pace: each seat
thinks before its decision, a time drawn uniformly from MS x (1 +- ``--jitter``) (seeded), and
the games start spread over the first MS (people neither start nor click in step).
``--jitter 0`` makes every seat think exactly MS, so all games decide in lockstep: bursts of
every game at once, a worst case that no crowd of people produces.

Each server process is warmed before the clock starts (the lobby's catalogue and one game: the
rules modules, their scenarios, maps and line-of-sight tables load once per process), and the
games are created and their seats connected before it too (their server CPU is printed apart).
Printed:

- decision: POST sent to answer received (the decision applied and committed), and of it the
  time inside the server's app (its ``Server-Timing`` header, which the bench turns on with
  TACTICA_SERVER_TIMING=1): the rest is the wait before the server reads the request and after
  it answers (event-loop queues on both sides, the bench client's own CPU, the transfer);
- reaches other seat: POST sent to the other seat's WebSocket bringing the new view (across
  processes in the two-process run);
- throughput: decisions per second over all games;
- CPU per decision, from /proc (user + system, which a busy machine skews far less than the
  latencies) over the run: the server processes, PostgreSQL (its
  backends, the ones that ended too), and this bench client, which shares the same cores (it
  parses every view pushed to both seats, which a browser does on its own machine);
  and how busy the two cores were with all three.

The bench client is lean on purpose (its CPU comes out of the server's share): HTTP/1.1 on
asyncio streams, one keep-alive connection per seat, and views parsed with orjson.
PostgreSQL is a throwaway cluster (tactica.server.devdb: Debian's binaries, fsync off).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from typing import Any
from urllib.parse import urlsplit

import httpx
import orjson
import websockets

from tactica.server.devdb import TempCluster

IDLE = 3.0
"""Seconds after which the client opens a new connection rather than reuse an idle one
(uvicorn drops idle connections after 5 s: a request must not go out on one it is closing)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(url: str, port: int) -> subprocess.Popen[bytes]:
    p = subprocess.Popen([sys.executable, "-m", "tactica.cli", "serve", "--host", "127.0.0.1", "--port",
                          str(port), "--db", url, "--games-per-minute", "0"],
                         env={**os.environ, "PYTHONUNBUFFERED": "1", "TACTICA_SERVER_TIMING": "1"},
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


class Answer:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    def json(self) -> Any:
        return orjson.loads(self.body)

    def raise_for_status(self) -> None:
        if self.status >= 400:
            raise RuntimeError(f"HTTP {self.status}: {self.body[:300]!r}")

    def server_ms(self) -> float | None:
        """The server's own time on the request, from its Server-Timing header (``app;dur=``)."""
        st = self.headers.get("server-timing", "")
        i = st.find("dur=")
        return float(st[i + 4:].split(",")[0]) if i >= 0 else None


class Http:
    """HTTP/1.1 on one keep-alive connection (what a browser tab does), with a fraction of the
    CPU a general client spends per request; requests on it go one at a time."""

    def __init__(self, base: str) -> None:
        u = urlsplit(base)
        self.host, self.port = u.hostname or "127.0.0.1", u.port or 80
        self.conn: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.used = 0.0
        self.lock = asyncio.Lock()

    async def request(self, method: str, path: str, body: Any = None,
                      headers: dict[str, str] | None = None) -> Answer:
        data = b"" if body is None else orjson.dumps(body)
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                f"Content-Length: {len(data)}", "Content-Type: application/json"]
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        raw = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        async with self.lock:
            for attempt in (0, 1):
                if self.conn is None or time.monotonic() - self.used > IDLE:
                    await self.close()
                    self.conn = await asyncio.open_connection(self.host, self.port)
                reader, writer = self.conn
                try:
                    writer.write(raw)
                    answer = await self._read(reader)
                except (ConnectionError, asyncio.IncompleteReadError):
                    # the server closed a kept-alive connection as the request went out: once more
                    # on a new one (a decision repeated would be refused as stale, never doubled)
                    await self.close()
                    if attempt:
                        raise
                    continue
                self.used = time.monotonic()
                if answer.headers.get("connection") == "close":
                    await self.close()
                return answer
        raise AssertionError("unreachable")

    @staticmethod
    async def _read(reader: asyncio.StreamReader) -> Answer:
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split(" ", 2)[1])
        headers = {}
        for line in head[1:]:
            if line:
                k, _, v = line.partition(":")
                headers[k.strip().lower()] = v.strip()
        if "content-length" in headers:
            body = await reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            parts = []
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            await reader.readuntil(b"\r\n")
            body = b"".join(parts)
        else:
            body = b""
        return Answer(status, headers, body)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn[1].close()
            self.conn = None


class Seat:
    """One seat's client, as a browser tab: a WebSocket that names itself in its hello, and
    decisions that quote it (``X-Live-Connection``), so the new state comes in the answer only."""

    def __init__(self, base: str, gid: str, token: str) -> None:
        self.http = Http(base)
        self.ws_url, self.token = f"{base.replace('http', 'ws')}/api/games/{gid}/ws", token
        self.connection = secrets.token_hex(16)
        self.latest: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.seen_at: dict[int, float] = {}

    def seen(self, msg: dict[str, Any]) -> None:
        self.seen_at.setdefault(msg["index"], time.perf_counter())
        if self.latest is None or msg["index"] >= self.latest["index"]:
            self.latest = msg
        self.changed.set()

    async def listen(self) -> None:
        async with websockets.connect(self.ws_url, max_size=2**24, compression=None) as ws:
            await ws.send(json.dumps({"token": self.token, "connection": self.connection}))
            async for raw in ws:
                msg = orjson.loads(raw)
                if msg.get("type") != "view":
                    raise RuntimeError(f"websocket: {msg}")
                self.seen(msg)

    async def wait_index(self, index: int, timeout: float = 60.0) -> float:
        end = time.perf_counter() + timeout
        while index not in self.seen_at and not any(i >= index for i in self.seen_at):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), timeout=max(0.01, end - time.perf_counter()))
        return min(t for i, t in self.seen_at.items() if i >= index)


class Figures:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.in_server: list[float] = []
        self.reach: list[float] = []


class Pace:
    """How long each seat thinks: ``think`` seconds times 1 +- ``jitter``, seeded per game."""

    def __init__(self, think: float, jitter: float, seed: int) -> None:
        self.think, self.jitter, self.rng = think, jitter, random.Random(seed)

    def next(self) -> float:
        return self.think * (1 + self.jitter * (2 * self.rng.random() - 1)) if self.think else 0.0


class Table:
    """One game and its two seats, each listening on its own WebSocket."""

    def __init__(self, gid: str, seats: list[Seat]) -> None:
        self.gid, self.seats = gid, seats
        self.tasks = [asyncio.create_task(s.listen()) for s in seats]

    @classmethod
    async def open(cls, bases: list[str]) -> Table:
        a, b = bases[0], bases[-1]
        lobby = Http(a)
        r = await lobby.request("POST", "/api/games", {"module": "great_war", "scenario": "ridge_trench",
                                                       "seats": [{"kind": "human"}, {"kind": "human"}]})
        await lobby.close()
        r.raise_for_status()
        g = r.json()
        t = cls(g["id"], [Seat(base, g["id"], s["token"])
                          for base, s in zip((a, b), g["seats"], strict=True)])
        for s in t.seats:
            await s.wait_index(0)
        return t

    async def close(self) -> None:
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for s in self.seats:
            await s.http.close()


async def play(t: Table, decisions: int, fig: Figures, pace: Pace, start_after: float = 0.0) -> int:
    if start_after:
        await asyncio.sleep(start_after)
    seats = t.seats
    done = 0
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
        think = pace.next()
        if think:
            await asyncio.sleep(think)
        t0 = time.perf_counter()
        r = await me.http.request("POST", f"/api/games/{t.gid}/decisions",
                                  {"index": mine["index"], "option": pick["id"]},
                                  headers={"X-Seat-Token": me.token, "X-Live-Connection": me.connection})
        fig.rtt.append(time.perf_counter() - t0)
        r.raise_for_status()
        inside = r.server_ms()
        if inside is not None:
            fig.in_server.append(inside / 1000)
        answer = r.json()
        me.seen(answer)  # the new state comes to the deciding seat in the answer, not pushed again
        index = answer["index"]
        fig.reach.append(await other.wait_index(index) - t0)
        await seats[0].wait_index(index)
        done += 1
    return done


def cpu_seconds(pid: int, children: bool = False) -> float:
    """User + system CPU time of a process so far (Linux /proc), a figure load does not skew;
    with ``children``, also that of its children that ended and were waited for."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def tree_cpu(root: int) -> float:
    """CPU of a process, its live children and its children that ended (PostgreSQL: the
    postmaster and its backends)."""
    total = cpu_seconds(root, children=True)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == root:
                    total += cpu_seconds(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return total


def pct(xs: list[float], q: int) -> float:
    return statistics.quantiles(xs, n=100)[q - 1] * 1000 if len(xs) > 1 else float("nan")


async def warm(base: str) -> None:
    """Load what every process loads once (the catalogue, a game) before the clock starts."""
    async with httpx.AsyncClient(timeout=900) as http:  # a cold catalogue on a loaded machine: minutes
        (await http.get(f"{base}/api/modules")).raise_for_status()
    t = await Table.open([base])
    try:
        await play(t, 1, Figures(), Pace(0, 0, 0))
    finally:
        await t.close()


async def run(bases: list[str], games: int, decisions: int, pids: list[int], pg_pid: int | None,
              think: float = 0.0, jitter: float = 0.0) -> None:
    fig = Figures()
    for base in bases:
        await warm(base)
    c0 = sum(cpu_seconds(p) for p in pids)
    tables = await asyncio.gather(*(Table.open(bases) for _ in range(games)))
    made = sum(cpu_seconds(p) for p in pids) - c0
    cpu0 = sum(cpu_seconds(p) for p in pids)
    pg0 = tree_cpu(pg_pid) if pg_pid else 0.0
    mine0 = time.process_time()
    t0 = time.perf_counter()
    spread = random.Random(games)
    try:
        counts = await asyncio.gather(*(
            play(t, decisions, fig, Pace(think, jitter, i),
                 start_after=spread.uniform(0, think) if think and jitter else 0.0)
            for i, t in enumerate(tables)))
    finally:
        wall = time.perf_counter() - t0
        await asyncio.gather(*(t.close() for t in tables))
    cpu = sum(cpu_seconds(p) for p in pids) - cpu0
    pg = (tree_cpu(pg_pid) - pg0) if pg_pid else float("nan")
    mine = time.process_time() - mine0
    n = max(sum(counts), 1)
    pace = (f" (think {think * 1000:.0f} ms +- {jitter:.0%})" if jitter else
            f" (think {think * 1000:.0f} ms, lockstep)") if think else " (no think: saturating)"
    print(f"  {len(bases)} process(es), {games} games, {sum(counts)} decisions in {wall:.1f} s: "
          f"{sum(counts) / wall:.0f} decisions/s{pace}")
    print(f"    decision round trip  p50 {pct(fig.rtt, 50):6.1f} ms   p95 {pct(fig.rtt, 95):6.1f} ms   "
          f"max {max(fig.rtt, default=float('nan')) * 1000:6.1f} ms")
    if fig.in_server:
        print(f"      of it in the app   p50 {pct(fig.in_server, 50):6.1f} ms   "
              f"p95 {pct(fig.in_server, 95):6.1f} ms   (Server-Timing; the rest: queues before and "
              "after it, the client, the transfer)")
    print(f"    reaches other seat   p50 {pct(fig.reach, 50):6.1f} ms   p95 {pct(fig.reach, 95):6.1f} ms")
    print(f"    CPU per decision: server {cpu / n * 1000:.2f} ms (all processes), "
          f"PostgreSQL {pg / n * 1000:.2f} ms, bench client {mine / n * 1000:.2f} ms")
    cores = os.cpu_count() or 1
    print(f"    the {cores} cores were {(cpu + pg + mine) / wall / cores:.0%} busy with these: server "
          f"{cpu / wall / cores:.0%}, PostgreSQL {pg / wall / cores:.0%}, client {mine / wall / cores:.0%}")
    print(f"    (before the clock: {games} games created and their seats connected, "
          f"{made / games * 1000:.1f} ms server CPU a game)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--decisions", type=int, default=40, help="decisions per game")
    ap.add_argument("--processes", default="1,2", help="server process counts to run, e.g. 1,2")
    ap.add_argument("--think", type=float, default=0.0,
                    help="milliseconds each seat thinks before its decision (0: none, a saturating load)")
    ap.add_argument("--jitter", type=float, default=0.5,
                    help="think times spread over think x (1 +- jitter), starts over the first think "
                         "(0: lockstep, every game at once)")
    args = ap.parse_args()
    if not 0 <= args.jitter <= 1:
        raise SystemExit("--jitter is a fraction from 0 to 1")
    cluster = TempCluster().start()
    try:
        print(f"bench_server: {args.games} concurrent games of {args.decisions} decisions, "
              f"PostgreSQL {cluster.bin.parent.name}, {os.cpu_count()} cores, "
              f"load average {os.getloadavg()[0]:.2f} at the start")
        for count in (int(x) for x in args.processes.split(",")):
            url = cluster.new_database()
            ports = [free_port() for _ in range(count)]
            procs = [start(url, p) for p in ports]
            try:
                asyncio.run(run([f"http://127.0.0.1:{p}" for p in ports], args.games, args.decisions,
                                [p.pid for p in procs], cluster.proc.pid if cluster.proc else None,
                                args.think / 1000, args.jitter))
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
