"""The lobby's catalogue: every rules module with its scenarios and the AI levels.

Building it loads every module and every scenario (their maps and line-of-sight tables
included), about 4 s of CPU, so it is built once per code version and kept:

- on disk, in the cache folder (``Settings.cache_dir``), as ``catalogue-<code key>.json``: the
  key hashes every file of the tactica package, so any change of code or data makes a new one,
  and a server that starts again (or a second process, a test's server) reads it in
  milliseconds;
- in memory, as the JSON bytes the lobby gets.

Each scenario carries its measured balance (``balance``: the packaged figures ``tactica
balance`` writes, marked ``stale`` when measured under an older rules version; no simulation
here).

The server starts getting it as it starts (``Settings.warm_catalogue``); a request that comes
earlier waits for that same build instead of starting another. The build runs in a child Python
process: in a thread it would hold the GIL for seconds and slow the server's first games and
answers several times over. While nobody waits, the child runs at a lower CPU priority
(``WARM_NICE``) so the server's first games go first; once a request waits on it, it is put back
to normal priority (or, where this process may not raise a priority, a second child at normal
priority races it): at nice 10 on a machine loaded by other jobs it got a tenth of a core's share
and the lobby waited over a minute. A module registered in this process (a data pack, a test),
which a child would not know, is built in a thread instead and not cached on disk; registering
one makes the next request build the catalogue again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import sys
import threading
from pathlib import Path
from typing import Any

import orjson

import tactica
from tactica.games import BUILTIN, all_ids, get_rules
from tactica.server.agents import agent_levels
from tactica.server.live import encode
from tactica.sim.balance_data import BalanceError, lobby_entry
from tactica.sim.balance_data import load as load_balance

log = logging.getLogger("tactica.server")
WARM_NICE = 10
"""The child's niceness while it builds with nobody waiting (a request waiting makes it 0)."""
BUILD = "from tactica.server.catalogue import catalogue_bytes; sys.stdout.buffer.write(catalogue_bytes())"
"""What the child process runs (``os`` and ``sys`` imported)."""
_built: dict[tuple[str, ...], bytes] = {}
_building = threading.Lock()


def has_map(module: str, scenario: str) -> bool:
    """Whether a scenario is played on a map (the lobby's default is one that is)."""
    try:
        g = tactica.new_game(module, scenario, seed=0)
    except Exception:
        return False
    return g.rules.board(g) is not None


def measured_balance(module: str) -> dict[str, dict[str, Any]]:
    """A module's measured scenarios from its packaged balance data (``tactica balance`` writes
    it; sim/balance_data.py); a file that cannot be read is logged and shows as not measured."""
    if module not in BUILTIN:
        return {}
    try:
        return load_balance(module)
    except BalanceError as e:
        log.warning("balance data of %s ignored: %s", module, e)
        return {}


def build() -> dict[str, Any]:
    out = []
    for gid in all_ids():
        r = get_rules(gid)
        balance = measured_balance(r.id)
        out.append({"id": r.id, "name": r.name or r.id, "version": r.version, "seats": list(r.seats),
                    "scenarios": [{**s.to_dict(), "has_map": has_map(r.id, s.id),
                                   "balance": lobby_entry(balance.get(s.id), r.version)}
                                  for s in r.scenarios()]})
    return {"modules": out, "agents": agent_levels()}


def catalogue_bytes() -> bytes:
    """The catalogue as JSON, built at most once per set of registered modules (thread-safe)."""
    key = tuple(all_ids())
    with _building:
        data = _built.get(key)
        if data is None:
            data = _built[key] = encode(build())
    return data


def code_key() -> str:
    """A hash of the path and bytes of every file of the tactica package (its code, rules data
    and scenarios: all the built-in catalogue depends on), about 50 ms. Compiled files are left
    out: they follow from the sources."""
    root = Path(tactica.__file__).resolve().parent
    h = hashlib.blake2b(digest_size=16)
    for p in sorted(root.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(p.relative_to(root).as_posix().encode() + b"\0")
            h.update(p.read_bytes())
    return h.hexdigest()


def cache_file(folder: Path) -> Path:
    return folder / f"catalogue-{code_key()}.json"


KEEP = 16
"""Catalogue files kept in the cache folder (the most recent): one per code version, and
several versions (checkouts, upgrades) may share the folder."""


def read_cache(path: Path) -> bytes | None:
    """The cached catalogue, or None when missing or not a catalogue (then it is built again)."""
    try:
        data = path.read_bytes()
        ok = isinstance(orjson.loads(data).get("modules"), list)
    except (OSError, ValueError, AttributeError):
        return None
    return data if ok else None


def write_cache(path: Path, data: bytes) -> None:
    """Write the file whole or not at all (another process may read or write it meanwhile);
    a cache folder that cannot be written is only logged."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError as e:
        log.warning("could not cache the catalogue in %s (%s)", path.parent, e)
        with contextlib.suppress(OSError):
            tmp.unlink()
        return
    with contextlib.suppress(OSError):
        files = sorted(path.parent.glob("catalogue-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[KEEP:]:
            old.unlink(missing_ok=True)


class _Child:
    """One build of the catalogue in a child Python process at a given niceness."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.result = asyncio.ensure_future(proc.communicate())

    @classmethod
    async def start(cls, nice: int) -> _Child:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", f"import os, sys; {BUILD}",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        child = cls(proc)
        if nice:  # set from here, not by the child: a later renice must come after it
            child.renice(nice)
        return child

    def renice(self, nice: int) -> bool:
        """Set the child's niceness; False where this process may not (raising a priority
        needs privilege on most systems)."""
        try:
            os.setpriority(os.PRIO_PROCESS, self.proc.pid, nice)
        except OSError:
            return False
        return True

    async def output(self) -> bytes | None:
        """The catalogue's bytes, or None (logged) when the build failed."""
        out, err = await self.result
        if self.proc.returncode == 0 and out:
            return out
        log.warning("building the catalogue in a child process failed (%s)",
                    err.decode(errors="replace").strip()[-300:])
        return None

    def kill(self) -> None:
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()

    async def end(self) -> None:
        """Stop it (if still building) and reap it."""
        self.kill()
        with contextlib.suppress(Exception):
            await self.result


class Catalogue:
    """One process's access to the catalogue from the event loop. ``cache_dir``: where it is
    kept on disk (None: not kept)."""

    def __init__(self, cache_dir: Path | None = None) -> None:
        self.cache_dir = cache_dir
        self._tasks: dict[tuple[str, ...], asyncio.Future[bytes]] = {}
        self._urgent = asyncio.Event()
        """Set once a request waits for the catalogue: a build in a child goes to normal priority."""
        self._children: list[_Child] = []

    def warm(self) -> None:
        """Start getting it (unless built or under way)."""
        key = tuple(all_ids())
        task = self._tasks.get(key)
        if key in _built or (task is not None and not task.done()):
            return
        if key == tuple(sorted(BUILTIN)):
            self._tasks[key] = asyncio.ensure_future(self._builtin(key))
        else:
            self._tasks[key] = asyncio.ensure_future(asyncio.to_thread(catalogue_bytes))

    def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        for child in self._children:
            child.kill()

    async def get(self) -> bytes:
        key = tuple(all_ids())
        if key in _built:
            return _built[key]
        self.warm()
        self._urgent.set()
        return await asyncio.shield(self._tasks[key])

    async def _builtin(self, key: tuple[str, ...]) -> bytes:
        """The built-in modules' catalogue: from the disk cache, else built by a child process
        (then cached), else in a thread."""
        path = await asyncio.to_thread(cache_file, self.cache_dir) if self.cache_dir else None
        data = await asyncio.to_thread(read_cache, path) if path else None
        if data is None:
            data = await self._by_child()
            if data is not None and path is not None:
                await asyncio.to_thread(write_cache, path, data)
        if data is None:
            return await asyncio.to_thread(catalogue_bytes)
        return _built.setdefault(key, data)

    async def _by_child(self) -> bytes | None:
        """Build in a child at WARM_NICE; when a request waits (``_urgent``), at normal priority:
        the child is reniced, or where that is refused a second child at normal priority starts
        and the first good result wins. None when no child could build it."""
        try:
            first = await _Child.start(0 if self._urgent.is_set() else WARM_NICE)
        except OSError as e:
            log.warning("could not start a child process for the catalogue (%s); building it here", e)
            return None
        self._children.append(first)
        racing = [first]
        try:
            urgent = asyncio.ensure_future(self._urgent.wait())
            done, _ = await asyncio.wait({first.result, urgent}, return_when=asyncio.FIRST_COMPLETED)
            urgent.cancel()
            if first.result not in done and not first.renice(0):
                with contextlib.suppress(OSError):
                    second = await _Child.start(0)
                    self._children.append(second)
                    racing.append(second)
            pending = list(racing)
            while pending:
                await asyncio.wait({c.result for c in pending}, return_when=asyncio.FIRST_COMPLETED)
                for c in [c for c in pending if c.result.done()]:
                    pending.remove(c)
                    data = await c.output()
                    if data is not None:
                        return data
            return None
        finally:
            for c in racing:
                c.kill()
            for c in racing:
                await c.end()
                self._children.remove(c)
