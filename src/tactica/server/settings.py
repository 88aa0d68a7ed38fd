"""Where the server keeps its games and how it listens: from arguments or the environment.

TACTICA_DATABASE_URL: any SQLAlchemy URL (PostgreSQL for larger installs); default an SQLite file
``games.sqlite3`` in the data folder. TACTICA_DATA_DIR: the data folder; default
``$XDG_DATA_HOME/tactica`` (``~/.local/share/tactica``). TACTICA_ALLOWED_HOSTS: host names the
server answers to besides localhost and 127.0.0.1, comma-separated (``*``: any; only behind a
proxy that checks them). TACTICA_TRUSTED_PROXIES: addresses or networks (``10.0.0.0/8``) of
reverse proxies whose ``X-Forwarded-For`` names the client, comma-separated; none by default.
TACTICA_SERVER_TIMING=1: every HTTP answer carries a ``Server-Timing: app;dur=<ms>`` header (the
time the app spent on it; bench/bench_server.py turns it on). Off by default: it would hand every
client a finer clock on the server's work than the round trip does.
TACTICA_DB_POOL, TACTICA_DB_LOOP_CONNECTIONS: how many connections a server process opens to
PostgreSQL (``Settings.db_pool``, ``db_loop_connections``; defaults 8 and 4, so at most 13 with
the listening one).
TACTICA_CACHE_DIR: where the server keeps what it derives from its code (the lobby's catalogue,
server/catalogue.py); default ``$XDG_CACHE_HOME/tactica`` (``~/.cache/tactica``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def default_data_dir() -> Path:
    env = os.environ.get("TACTICA_DATA_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tactica"


def default_cache_dir() -> Path:
    env = os.environ.get("TACTICA_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tactica"


@dataclass(frozen=True)
class Settings:
    database_url: str = ""
    data_dir: Path | None = None
    run_agents: bool = True
    """Play AI seats (tests may turn it off to drive every seat by hand)."""
    allowed_hosts: tuple[str, ...] = ()
    """Host names answered besides LOCAL_HOSTS (a guard against DNS rebinding)."""
    max_body: int = 64 * 1024
    """Largest request body in bytes (a decision or a new game is well under 1 KiB)."""
    max_live_games: int = 256
    """Games kept rebuilt in memory; the least recently used beyond are rebuilt on demand."""
    max_custom_scenarios: int = 16
    """Custom scenarios (the editor's) kept registered for play in this process, the least
    recently used evicted: each holds its map's tables (a few MB on a large board). An evicted
    one is registered again from the store's copy, its hash checked, when a game needs it."""
    games_per_minute: int = 30
    """New games one client address may create per minute (0: no limit)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks of reverse proxies whose ``X-Forwarded-For`` header is believed
    (the rate limit then counts the client it names). None by default: the limit counts the
    connecting address, and a forwarded header, which any client can write, is ignored."""
    warm_catalogue: bool = True
    """Build the lobby's catalogue as the server starts (server/catalogue.py), not on the
    first visit."""
    cache_dir: Path | None = None
    """Where the catalogue is kept from one start to the next, one file per code version
    (default: ``default_cache_dir()``)."""

    server_timing: bool = False
    """Send ``Server-Timing`` on every HTTP answer (also on with TACTICA_SERVER_TIMING=1)."""

    def timing(self) -> bool:
        return self.server_timing or os.environ.get("TACTICA_SERVER_TIMING", "") == "1"

    def hosts(self) -> tuple[str, ...]:
        env = [h.strip() for h in os.environ.get("TACTICA_ALLOWED_HOSTS", "").split(",") if h.strip()]
        return (*LOCAL_HOSTS, *self.allowed_hosts, *env)

    def proxies(self) -> tuple[str, ...]:
        env = [h.strip() for h in os.environ.get("TACTICA_TRUSTED_PROXIES", "").split(",") if h.strip()]
        return (*self.trusted_proxies, *env)

    db_pool: int | None = None
    """Connections to PostgreSQL that store threads share (the lobby, loading a game, seat
    links): default TACTICA_DB_POOL or 8 (store.py ``POOL``). A call beyond them waits."""
    db_loop_connections: int | None = None
    """Connections to PostgreSQL for the event loop's own statements (every decision's append,
    catch-ups): default TACTICA_DB_LOOP_CONNECTIONS or 4 (store.py ``LOOP_CONNECTIONS``). With
    the one that listens for other processes' changes, a process opens at most
    ``db_pool + db_loop_connections + 1``; N processes need N times that below PostgreSQL's
    ``max_connections`` (100 by default)."""

    def db_connections(self) -> tuple[int, int]:
        """``(db_pool, db_loop_connections)`` from the settings, else the environment, else the
        defaults; a value that is not a positive integer is a clear error at start."""
        from tactica.server.store import LOOP_CONNECTIONS, POOL

        out = []
        wanted = ((self.db_pool, "TACTICA_DB_POOL", POOL),
                  (self.db_loop_connections, "TACTICA_DB_LOOP_CONNECTIONS", LOOP_CONNECTIONS))
        for value, env, default in wanted:
            if value is None:
                raw = os.environ.get(env, "").strip()
                try:
                    value = int(raw) if raw else default
                except ValueError:
                    raise ValueError(f"{env} must be a positive integer, not {raw!r}") from None
            if value < 1:
                raise ValueError(f"{env} (or its setting) must be at least 1, not {value}")
            out.append(value)
        return out[0], out[1]

    def resolved_cache_dir(self) -> Path:
        return self.cache_dir or default_cache_dir()

    def resolved_url(self) -> str:
        url = self.database_url or os.environ.get("TACTICA_DATABASE_URL", "")
        if url:
            return url
        folder = self.data_dir or default_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'games.sqlite3'}"
