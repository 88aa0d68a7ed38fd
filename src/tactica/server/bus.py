"""Live updates across server processes on one PostgreSQL database (LISTEN/NOTIFY).

The store sends ``NOTIFY tactica_games '<game id> <process id>'`` in the transaction of every
write (an append adds `` play`` and the new decisions as JSON, store.py ``_append_pg``, which the
other processes apply without reading the store when they extend the game they hold). Each
process keeps one connection that LISTENs on the channel and, for a change made by another
process, has the hub rebuild that game from the store and push the new view to the seats
connected here (a change of the play only, marked ``play``, skips the check of seat links).
Notifications are delivered on commit only, so a process never shows a decision
the store does not hold. If the connection drops it is opened again, and every game this process
holds is reloaded, since changes made meanwhile were not heard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from tactica.server.store import CHANNEL, app_name, libpq_url

log = logging.getLogger("tactica.server")


class ChangeBus:
    def __init__(self, url: str, origin: str, changed: Callable[[str, str, str], Awaitable[None]],
                 lost: Callable[[], Awaitable[None]]) -> None:
        self.url = libpq_url(url)
        self.origin = origin
        self.changed = changed
        self.lost = lost
        self._task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()
        """Set once LISTEN is in force (tests and the app's start wait for it)."""

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ready.wait(), timeout=10)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        import psycopg

        delay = 0.2
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True, application_name=app_name(self.origin, "listen")) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:
                        await self.lost()
                    first, delay = False, 0.2
                    async for note in conn.notifies():
                        game_id, origin, kind, data = [*note.payload.split(" ", 3), "", "", ""][:4]
                        if origin != self.origin and game_id:
                            try:
                                await self.changed(game_id, kind, data)
                            except Exception:
                                log.exception("could not reload game %s after a change elsewhere", game_id)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("change notifications lost (%s); listening again in %.1f s", e, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
