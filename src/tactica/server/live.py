"""Live games: the cache of rebuilt Game objects, one lock per game, the AI seats, and the
WebSocket listeners that get each new view.

Every change follows one path: take the game's lock, check the decision index the client saw,
apply to the live Game, write the new record entries to the store (committed), then answer and
broadcast. If the write fails the live game is dropped and rebuilt from the store, so memory
never runs ahead of what is durable.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import tactica
from tactica.ai import Agent
from tactica.core.game import Game
from tactica.core.options import IllegalOption
from tactica.server.agents import agent_for
from tactica.server.store import GameStore, SeatInfo, StaleIndex, StoredGame
from tactica.server.table import table_for
from tactica.server.tokens import new_game_id, new_token, token_hash

log = logging.getLogger("tactica.server")


class Refused(Exception):
    """A request the server refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def end_by_resignation(g: Game, result: Mapping[str, Any]) -> None:
    """End a game that the rules did not end: a seat resigned (kept as the stored result)."""
    g.end(list(result["returns"]), str(result["reason"]), rule="resignation")
    g.refresh()


class Listener(Protocol):
    async def send_json(self, data: Any) -> None: ...


@dataclass(eq=False)
class LiveGame:
    id: str
    game: Game
    seats: list[SeatInfo]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agents: dict[int, Agent] = field(default_factory=dict)
    listeners: dict[Listener, int | None] = field(default_factory=dict)
    ai_task: asyncio.Task[None] | None = None
    rev: int = field(default_factory=time.time_ns)
    """Stamp of the last change (a decision, an undo, a resignation): clients keep the payload
    with the highest stamp, so an undo (a lower index) is shown, and a late answer is not."""

    def touch(self) -> None:
        self.rev = max(self.rev + 1, time.time_ns())

    @property
    def index(self) -> int:
        rec = self.game.record
        return len(rec.decisions) if rec is not None else 0

    @property
    def status(self) -> str:
        return "over" if self.game.is_terminal() else "active"


class Hub:
    def __init__(self, store: GameStore, run_agents: bool = True) -> None:
        self.store = store
        self.run_agents = run_agents
        self.games: dict[str, LiveGame] = {}
        self._loading = asyncio.Lock()

    # ------------------------------------------------------------------ loading
    async def get(self, game_id: str) -> LiveGame:
        live = self.games.get(game_id)
        if live is not None:
            return live
        async with self._loading:
            live = self.games.get(game_id)
            if live is not None:
                return live
            stored = await asyncio.to_thread(self.store.load, game_id)
            if stored is None:
                raise Refused(404, f"no game {game_id!r}")
            game = tactica.replay(stored.record_dict())
            if stored.status == "over" and not game.is_terminal() and stored.result:
                end_by_resignation(game, stored.result)
            live = LiveGame(game_id, game, stored.seats)
            for s in stored.seats:
                if s.kind == "ai" and s.level:
                    live.agents[s.seat] = agent_for(s.level, seed=stored.seed * 31 + s.seat)
            self.games[game_id] = live
        self.schedule_agents(live)
        return live

    async def resume_all(self) -> None:
        """After a start: pick up every game in progress whose AI seat has to move."""
        for row in await asyncio.to_thread(self.store.list_games, "active"):
            if any(s["kind"] == "ai" for s in row["seats"]):
                with contextlib.suppress(Exception):
                    await self.get(row["id"])

    # ------------------------------------------------------------------ creating
    async def create(self, module: str, scenario: str, seed: int | None, options: Mapping[str, Any],
                     seat_specs: Sequence[tuple[str, str | None]],
                     host_token: str | None = None) -> tuple[LiveGame, list[str | None]]:
        seed = secrets.randbelow(2**31) if seed is None else seed
        game = tactica.new_game(module, scenario, seed=seed, options=options)
        if len(seat_specs) != game.num_players():
            raise Refused(422, f"{module} has {game.num_players()} seats ({', '.join(game.seats)}); "
                               f"{len(seat_specs)} given")
        rec = game.record
        assert rec is not None
        seats = [SeatInfo(i, game.seats[i], kind, level) for i, (kind, level) in enumerate(seat_specs)]
        tokens: list[str | None] = [new_token() if s.kind == "human" else None for s in seats]
        gid = new_game_id()
        stored = StoredGame(gid, rec.game, rec.version, rec.scenario, dict(rec.options), rec.seed,
                            "over" if game.is_terminal() else "active", game.state["result"], seats,
                            list(rec.decisions), list(rec.hashes))
        await asyncio.to_thread(self.store.create, stored, rec.head,
                                [token_hash(t) if t else None for t in tokens],
                                token_hash(host_token) if host_token else None)
        live = LiveGame(gid, game, seats)
        for s in seats:
            if s.kind == "ai" and s.level:
                live.agents[s.seat] = agent_for(s.level, seed=seed * 31 + s.seat)
        self.games[gid] = live
        self.schedule_agents(live)
        return live, tokens

    # ------------------------------------------------------------------ seats
    async def seat_of(self, live: LiveGame, token: str | None) -> int | None:
        """The seat a token opens (None: no token, a spectator). A token that opens no seat of
        this game is refused."""
        if token is None or token == "":
            return None
        seat = await asyncio.to_thread(self.store.seat_of_token, live.id, token_hash(token))
        if seat is None:
            raise Refused(403, "this link opens no seat of this game")
        return seat

    async def is_host(self, live: LiveGame, host_token: str | None) -> bool:
        if not host_token:
            return False
        return await asyncio.to_thread(self.store.is_host, live.id, token_hash(host_token))

    async def new_link(self, live: LiveGame, seat: int, revoke: bool = False) -> str | None:
        """Re-issue a person's seat link (a new token; the old link stops opening the seat at
        once) or revoke it (no link opens the seat until one is re-issued)."""
        if not 0 <= seat < len(live.seats) or live.seats[seat].kind != "human":
            raise Refused(404, f"seat {seat} is not a person's seat of this game")
        token = None if revoke else new_token()
        async with live.lock:
            ok = await asyncio.to_thread(self.store.set_token, live.id, seat,
                                         token_hash(token) if token else None)
        if not ok:
            raise Refused(404, f"seat {seat} is not a person's seat of this game")
        for ws, s in list(live.listeners.items()):
            if s == seat:  # a connection opened with the old link closes with it
                live.listeners.pop(ws, None)
                with contextlib.suppress(Exception):
                    await ws.send_json({"type": "error", "status": 403,
                                        "detail": "this seat's link was replaced"})
        return token

    async def resign(self, live: LiveGame, seat: int) -> None:
        """A person gives up: every other seat wins. Stored as the game's result (the record of
        decisions is unchanged), so a reload ends the rebuilt game the same way."""
        async with live.lock:
            g = live.game
            if g.is_terminal():
                raise Refused(409, "the game is over")
            if seat in live.agents:
                raise Refused(403, "that seat is played by the AI")
            returns = [-1.0 if i == seat else 1.0 for i in range(g.num_players())]
            end_by_resignation(g, {"returns": returns, "reason": f"{g.seats[seat]} resigned"})
            await self._persist(live, live.index, live.index)
        await self.broadcast(live)

    async def delete(self, live: LiveGame) -> None:
        async with live.lock:
            await asyncio.to_thread(self.store.delete_game, live.id)
            self.games.pop(live.id, None)
            if live.ai_task is not None:
                live.ai_task.cancel()
        for ws in list(live.listeners):
            with contextlib.suppress(Exception):
                await ws.send_json({"type": "error", "status": 404, "detail": "this game was deleted"})
        live.listeners.clear()

    # ------------------------------------------------------------------ changes
    async def decide(self, live: LiveGame, seat: int, index: int, option: str) -> None:
        async with live.lock:
            self._check_turn(live, seat, index)
            g = live.game
            before = live.index
            try:
                g.apply(option, seat=seat)
            except IllegalOption as e:
                raise Refused(400, str(e)) from None
            await self._persist(live, before, before)
        await self.broadcast(live)
        self.schedule_agents(live)

    async def undo(self, live: LiveGame, seat: int, index: int) -> None:
        async with live.lock:
            self._check_turn(live, seat, index)
            g = live.game
            if not g.can_undo():
                raise Refused(409, "nothing to undo: a roll, draw, reveal or change of seat came since")
            before = live.index
            old = list(g.record.decisions) if g.record else []
            g.undo()
            new = list(g.record.decisions) if g.record else []
            keep = 0
            while keep < min(len(old), len(new)) and old[keep] == new[keep]:
                keep += 1
            await self._persist(live, before, keep)
        await self.broadcast(live)

    def _check_turn(self, live: LiveGame, seat: int, index: int) -> None:
        if index != live.index:
            raise Refused(409, f"stale decision: the game is at decision {live.index}, not {index}; "
                               "reload the view")
        d = live.game.decision()
        if d is None:
            raise Refused(409, "the game is over")
        if d.seat != seat:
            raise Refused(403, f"it is not your decision ({live.game.seats[d.seat]} decides)")
        if seat in live.agents:
            raise Refused(403, "that seat is played by the AI")

    async def _persist(self, live: LiveGame, expected: int, keep: int) -> None:
        live.touch()
        rec = live.game.record
        assert rec is not None
        entries = list(rec.decisions[keep:])
        hashes = list(rec.hashes[keep:])
        try:
            await asyncio.to_thread(self.store.rewrite_tail, live.id, expected, keep, entries, hashes,
                                    rec.head, live.status, live.game.state["result"])
        except StaleIndex as e:
            self.games.pop(live.id, None)
            raise Refused(409, str(e)) from None
        except Exception:
            self.games.pop(live.id, None)
            log.exception("could not store a decision of game %s", live.id)
            raise Refused(503, "the decision could not be stored; nothing changed") from None

    # ------------------------------------------------------------------ AI seats
    def schedule_agents(self, live: LiveGame) -> None:
        if not self.run_agents or not live.agents:
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        d = live.game.decision()
        if d is None or d.seat not in live.agents:
            return
        live.ai_task = asyncio.get_running_loop().create_task(self._play_agents(live))

    async def _play_agents(self, live: LiveGame) -> None:
        while True:
            async with live.lock:
                if self.games.get(live.id) is not live:
                    return
                d = live.game.decision()
                if d is None or d.seat not in live.agents:
                    return
                seat, index = d.seat, live.index
                snapshot = live.game.clone(log=True)
            try:
                oid = await asyncio.to_thread(live.agents[seat].choose, snapshot, seat)
            except Exception:
                log.exception("agent of seat %s in game %s failed", seat, live.id)
                return
            async with live.lock:
                if live.index != index or self.games.get(live.id) is not live:
                    continue
                try:
                    live.game.apply(oid, seat=seat)
                    await self._persist(live, index, index)
                except (IllegalOption, Refused):
                    log.exception("agent move %r refused in game %s", oid, live.id)
                    return
            await self.broadcast(live)

    # ------------------------------------------------------------------ views
    def payload(self, live: LiveGame, seat: int | None) -> dict[str, Any]:
        g = live.game
        view = g.view(seat)
        return {
            "type": "view", "game_id": live.id, "index": live.index, "rev": live.rev, "status": live.status,
            "seat": seat, "seats": [s.to_dict() for s in live.seats],
            "view": view, "table": table_for(g, seat, view),
            "has_map": g.rules.board(g) is not None,
        }

    async def broadcast(self, live: LiveGame) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        for ws, seat in list(live.listeners.items()):
            if seat not in cache:
                cache[seat] = self.payload(live, seat)
            try:
                await ws.send_json(cache[seat])
            except Exception:
                live.listeners.pop(ws, None)
