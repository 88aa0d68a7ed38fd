"""The lobby's catalogue: every rules module with its scenarios and the AI levels.

Building it loads every module and every scenario (their maps and line-of-sight tables
included), seconds of work, so it is built once per process, off the event loop, and kept as
the JSON bytes the lobby gets. The server starts building it as it starts (``Settings.
warm_catalogue``), so the lobby usually finds it ready; a request that comes earlier waits for
that same build instead of starting another. A module registered later (a data pack, a test)
makes the next request build it again.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import tactica
from tactica.games import all_ids, get_rules
from tactica.server.agents import agent_levels
from tactica.server.live import encode

_built: dict[tuple[str, ...], bytes] = {}
_building = threading.Lock()


def has_map(module: str, scenario: str) -> bool:
    """Whether a scenario is played on a map (the lobby's default is one that is)."""
    try:
        g = tactica.new_game(module, scenario, seed=0)
    except Exception:
        return False
    return g.rules.board(g) is not None


def build() -> dict[str, Any]:
    out = []
    for gid in all_ids():
        r = get_rules(gid)
        out.append({"id": r.id, "name": r.name or r.id, "version": r.version, "seats": list(r.seats),
                    "scenarios": [{**s.to_dict(), "has_map": has_map(r.id, s.id)} for s in r.scenarios()]})
    return {"modules": out, "agents": agent_levels()}


def catalogue_bytes() -> bytes:
    """The catalogue as JSON, built at most once per set of registered modules (thread-safe)."""
    key = tuple(all_ids())
    with _building:
        data = _built.get(key)
        if data is None:
            data = _built[key] = encode(build())
    return data


class Catalogue:
    """One process's access to the catalogue from the event loop."""

    def __init__(self) -> None:
        self._task: asyncio.Future[bytes] | None = None

    def warm(self) -> None:
        """Start building it in a thread (if not built or under way)."""
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(asyncio.to_thread(catalogue_bytes))

    async def get(self) -> bytes:
        key = tuple(all_ids())
        if key in _built:
            return _built[key]
        self.warm()
        assert self._task is not None
        return await asyncio.shield(self._task)
