"""The lobby's catalogue: every rules module with its scenarios and the AI levels.

Building it loads every module and every scenario (their maps and line-of-sight tables
included), seconds of work, so it is built once per process and kept as the JSON bytes the lobby
gets. The server starts building it as it starts (``Settings.warm_catalogue``), so the lobby
usually finds it ready; a request that comes earlier waits for that same build instead of
starting another. The build runs in a child Python process (``CHILD``):
in a thread it would hold the GIL for seconds and slow the server's first games and answers
several times over. A module registered in this process (a data pack, a test), which a child
would not know, is built in a thread instead, and registering one makes the next request build
the catalogue again.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from typing import Any

import tactica
from tactica.games import BUILTIN, all_ids, get_rules
from tactica.server.agents import agent_levels
from tactica.server.live import encode

log = logging.getLogger("tactica.server")
CHILD = ("import os, sys; os.nice(10); from tactica.server.catalogue import catalogue_bytes; "
         "sys.stdout.buffer.write(catalogue_bytes())")
"""What the child process runs: at a lower CPU priority, so that on a busy machine the
server's own first games and answers go first."""
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


async def _built_by_child(key: tuple[str, ...]) -> bytes:
    """The catalogue built by a child process (the built-in modules only); in a thread if that
    fails."""
    try:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-c", CHILD, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        try:
            out, err = await child.communicate()
        except asyncio.CancelledError:  # the server stops meanwhile
            child.kill()
            raise
        if child.returncode == 0 and out:
            _built.setdefault(key, out)
            return _built[key]
        log.warning("building the catalogue in a child process failed (%s); building it here",
                    err.decode(errors="replace").strip()[-300:])
    except OSError as e:
        log.warning("could not start a child process for the catalogue (%s); building it here", e)
    return await asyncio.to_thread(catalogue_bytes)


class Catalogue:
    """One process's access to the catalogue from the event loop."""

    def __init__(self) -> None:
        self._tasks: dict[tuple[str, ...], asyncio.Future[bytes]] = {}

    def warm(self) -> None:
        """Start building it (unless built or under way)."""
        key = tuple(all_ids())
        task = self._tasks.get(key)
        if key in _built or (task is not None and not task.done()):
            return
        if key == tuple(sorted(BUILTIN)):
            self._tasks[key] = asyncio.ensure_future(_built_by_child(key))
        else:
            self._tasks[key] = asyncio.ensure_future(asyncio.to_thread(catalogue_bytes))

    def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()

    async def get(self) -> bytes:
        key = tuple(all_ids())
        if key in _built:
            return _built[key]
        self.warm()
        return await asyncio.shield(self._tasks[key])
