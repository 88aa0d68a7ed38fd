"""The lobby's catalogue (``GET /api/modules``) as a browser opening the lobby right after a
server starts sees it: cold (no cached catalogue: the server builds it), warm (a second server
start finding the catalogue its predecessor cached, server/catalogue.py), and the next request
in the same process; on an idle machine and with ``--load N`` busy loops (plain Python
``while True`` processes at normal priority) competing for the cores.

Run: .venv/bin/python bench/bench_catalogue.py [--load 0,2] [--src DIR]

``--src`` runs the server from another source tree (say an export of an older commit) to
compare; the cache folder is a fresh temporary one (TACTICA_CACHE_DIR), so "cold" is cold.
Each server runs on a throwaway SQLite file. Figures are wall-clock seconds from sending the
request to the answer, with the machine's load average printed beside them.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

SRC = Path(__file__).resolve().parent.parent / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(src: Path, folder: Path, cache: Path) -> tuple[subprocess.Popen[bytes], str, float]:
    """A server on a fresh port; returns it, its address and the seconds it took to answer."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(src), "TACTICA_CACHE_DIR": str(cache),
           "XDG_CACHE_HOME": str(cache)}
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "tactica.cli", "serve", "--port", str(port),
                          "--db", f"sqlite:///{folder / f'{port}.sqlite3'}"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    while True:
        try:
            if httpx.get(f"{base}/api/games?status=over", timeout=30).status_code == 200:
                return p, base, time.perf_counter() - t0
        except httpx.HTTPError:
            if p.poll() is not None:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.05)


def modules(base: str) -> float:
    t0 = time.perf_counter()
    r = httpx.get(f"{base}/api/modules", timeout=600)
    r.raise_for_status()
    assert r.json()["modules"], "an empty catalogue"
    return time.perf_counter() - t0


def stop(p: subprocess.Popen[bytes]) -> None:
    p.terminate()
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def run(src: Path, load: int) -> None:
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(load)]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder, cache = Path(tmp), Path(tmp) / "cache"
            cache.mkdir()
            figures = []
            for label in ("cold", "warm start"):
                p, base, up = start(src, folder, cache)
                try:
                    first = modules(base)
                    again = modules(base)
                finally:
                    stop(p)
                figures.append(f"{label}: first {first:.2f} s (server up in {up:.1f} s), "
                               f"next {again * 1000:.1f} ms")
            load_avg = os.getloadavg()[0]
            print(f"busy loops {load} (load average {load_avg:.1f}): " + "; ".join(figures), flush=True)
    finally:
        for h in hogs:
            h.kill()
            h.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--load", default="0,2", help="busy loops to run beside the server, comma-separated")
    ap.add_argument("--src", type=Path, default=SRC, help="source tree to run the server from")
    a = ap.parse_args()
    for n in (int(x) for x in a.load.split(",")):
        run(a.src.resolve(), n)


if __name__ == "__main__":
    main()
