"""Start a real `tactica serve` on a free loopback port (browser and restart tests)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tactica.server.catalogue import BUILD, cache_file, write_cache
from tactica.server.settings import default_cache_dir

_catalogue_cached = False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cache_catalogue() -> None:
    """Make sure the lobby's catalogue is in the cache folder the servers read (once a session;
    server/catalogue.py): built here, with no timeout, rather than while a browser test waits
    on the lobby, which on a machine loaded by other jobs took longer than its timeouts."""
    global _catalogue_cached
    if _catalogue_cached:
        return
    path = cache_file(default_cache_dir())
    if not path.exists():
        out = subprocess.run([sys.executable, "-c", f"import os, sys; {BUILD}"], check=True,
                             capture_output=True).stdout
        write_cache(path, out)
    _catalogue_cached = True


def start_server(db: Path | str, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``db``: an SQLite file, or any SQLAlchemy URL as a string."""
    cache_catalogue()
    url = f"sqlite:///{db}" if isinstance(db, Path) else db
    # A loaded machine can take minutes to import everything; a server that exits fails at once,
    # with what it said on stderr (the child keeps its own handle to the file).
    with tempfile.TemporaryFile() as err:
        p = subprocess.Popen([sys.executable, "-m", "tactica.cli", "serve", "--host", "127.0.0.1",
                              "--port", str(port), "--db", url, *extra],
                             env={**os.environ, "PYTHONUNBUFFERED": "1"},
                             stdout=subprocess.DEVNULL, stderr=err)
        end = time.monotonic() + 240
        while time.monotonic() < end and p.poll() is None:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games?status=over", timeout=5).status_code == 200:
                    return p
            except httpx.HTTPError:
                time.sleep(0.1)
        if p.poll() is None:
            p.kill()
            p.wait()
        err.seek(0)
        said = err.read().decode(errors="replace")[-2000:]
    raise AssertionError(f"the server did not start (exit {p.returncode}): {said}")
