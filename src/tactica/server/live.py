"""Live games: the cache of rebuilt Game objects (at most ``max_live``, least recently used
evicted and rebuilt from the store when asked for again), one lock per game, the AI seats, and
the WebSocket listeners that get each new view.

Every change follows one path: take the game's lock, check the decision index the client saw,
apply to the live Game, write the new record entries to the store (committed), then answer and
broadcast. If the write fails the live game is dropped and rebuilt from the store, so memory
never runs ahead of what is durable.

What makes a decision cheap (bench/bench_server.py): each seat's payload is computed and
JSON-encoded once per change (``LiveGame.rev``) and the same bytes go to the HTTP answer and to
every WebSocket of that seat; a seat token is looked up in the store once per live game and then
known here, and the write that stores a decision checks it again in its own transaction (so a
link revoked by another process is refused at once, at no extra round trip); the log entries a
seat was sent are kept and only new ones worked out (``Hub.view``); the write is one statement
on the event loop (store.py ``GameStore.append``); and the heap's long-lived part is frozen
(``Hub.settle``) so that the collector does not walk the rules modules' tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

import tactica
from tactica.ai import Agent
from tactica.core.game import Game
from tactica.core.options import IllegalOption
from tactica.core.record import Record, RecordError, rebased, reopen
from tactica.games import get_rules
from tactica.server import custom_scenarios
from tactica.server.agents import agent_for
from tactica.server.fairness import Fairness
from tactica.server.store import PLAY, GameStore, SeatInfo, SeatRefused, StaleIndex, StoredGame
from tactica.server.table import table_for
from tactica.server.tokens import new_game_id, new_token, token_hash

log = logging.getLogger("tactica.server")


class Refused(Exception):
    """A request the server refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers


def end_by_resignation(g: Game, result: Mapping[str, Any]) -> None:
    """End a game that the rules did not end: a seat resigned (kept as the stored result)."""
    g.end(list(result["returns"]), str(result["reason"]), rule="resignation")
    g.refresh()


class Listener(Protocol):
    async def send_json(self, data: Any) -> None: ...

    async def send_text(self, data: str) -> None: ...


def encode(data: Any) -> bytes:
    """JSON bytes of a payload (orjson: several times faster than the json module on views).
    Keys that are not strings are written as strings, as json.dumps does: orjson's option for
    them slows every dict down, so it is used only for a payload that has such keys."""
    try:
        return orjson.dumps(data)
    except TypeError:
        pass
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # an integer over 64 bits, say: the json module writes any
        return json.dumps(data, separators=(",", ":")).encode()


@dataclass
class SeatLog:
    """A seat's log as last sent: the game's log entries it was made from (entries are
    immutable tuples), whether the game was over (then every entry is shown), and the entries
    as the view gives them."""
    source: list[Any]
    over: bool
    shown: list[dict[str, Any]]


@dataclass(eq=False)
class LiveGame:
    id: str
    game: Game
    seats: list[SeatInfo]
    fair: Fairness
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agents: dict[int, Agent] = field(default_factory=dict)
    ai_task: asyncio.Task[None] | None = None
    ai_failed: bool = False
    """The last AI move here failed (an agent error or an option refused, logged): the next
    request for the game starts the seat again (:meth:`Hub.get`)."""
    notice: str | None = None
    """Why the game is shown differently from how it was made (an older rules version)."""
    read_only: bool = False
    """The current rules cannot replay the whole record: shown as far as it replays, no play."""
    rev: int = field(default_factory=time.time_ns)
    """Stamp of the last change (a decision, an undo, a resignation): clients keep the payload
    with the highest stamp, so an undo (a lower index) is shown, and a late answer is not."""

    encoded: dict[int | None, bytes] = field(default_factory=dict)
    """Each seat's payload (None: a spectator's) as JSON bytes, for the current ``rev``."""
    logs: dict[int | None, SeatLog] = field(default_factory=dict)
    """Each seat's log entries as sent last (``Hub.view``), kept from change to change."""
    seat_by_token: dict[str, int] = field(default_factory=dict)
    """Token hash to seat, as the store answered (only links that opened a seat); forgotten
    when a link changes here or the game changes elsewhere."""

    def touch(self) -> None:
        self.rev = max(self.rev + 1, time.time_ns())
        self.encoded.clear()

    @property
    def index(self) -> int:
        rec = self.game.record
        return len(rec.decisions) if rec is not None else 0

    @property
    def status(self) -> str:
        return "over" if self.game.is_terminal() else "active"


def _actor(seat: int, token: str | None) -> tuple[int, str] | None:
    return None if token is None else (seat, token_hash(token))


@dataclass(frozen=True)
class Sender:
    """The live connection a change came from: the seat, the token hash it acts with and the
    id its WebSocket gave in its hello (``connection``). The change's HTTP answer brings that
    connection the new payload, so the broadcast leaves it out: each connection gets each new
    state once. Only a connection of the same seat opened with the same link matches, so an id
    quoted by anyone else silences nothing."""
    seat: int
    token_hash: str
    connection: str

    @staticmethod
    def of(seat: int, token: str | None, connection: str | None) -> Sender | None:
        return Sender(seat, token_hash(token), connection) if token and connection else None


def _agent_seed(seed: int, seat: int) -> int:
    return (seed * 31 + seat) & ((1 << 63) - 1)


class Hub:
    def __init__(self, store: GameStore, run_agents: bool = True, max_live: int = 256) -> None:
        self.store = store
        self.run_agents = run_agents
        self.max_live = max(1, max_live)
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self.listeners: dict[str, dict[Listener, int | None]] = {}
        """WebSocket listeners by game id (kept here, not on the LiveGame, so that an evicted or
        reloaded game keeps its listeners)."""
        self._opened_with: dict[Listener, str] = {}
        """The token hash each seat's connection was opened with (a link replaced elsewhere)."""
        self._connection: dict[Listener, str] = {}
        """The id each seat's connection named in its hello (``Sender``)."""
        self._loading = asyncio.Lock()
        self._settled: set[tuple[str, str]] = set()

    # ------------------------------------------------------------------ the cache
    def _remember(self, live: LiveGame) -> None:
        self.games[live.id] = live
        self.games.move_to_end(live.id)
        while len(self.games) > self.max_live:
            # idle games go first (no watcher, no AI thinking, no request inside); if every game
            # is busy the oldest goes all the same: whoever still holds it finishes safely, as
            # every write checks the store's decision count, and the next request rebuilds it
            victim = next((gid for gid, g in self.games.items() if g is not live and self._idle(g)),
                          next(iter(self.games)))
            del self.games[victim]

    def _idle(self, live: LiveGame) -> bool:
        return (not self.listeners.get(live.id) and not live.lock.locked()
                and (live.ai_task is None or live.ai_task.done()))

    def _forget(self, live: LiveGame) -> None:
        if self.games.get(live.id) is live:
            del self.games[live.id]

    # ------------------------------------------------------------------ the heap
    def settle(self, module: str, scenario: str) -> None:
        """After the first game of a scenario in this process: collect, then freeze everything
        alive (``gc.freeze``), the rules module's tables (maps, distances, lines of sight) above
        all. The collector's full passes then no longer walk them: before, each such pass took
        tens to hundreds of milliseconds, with every request here waiting, several times a
        minute under load (bench/bench_server.py). What a game holds is small and not frozen
        but for the few games alive at these moments (a cycle among them would then stay).
        Custom scenarios (the editor's, without bound in number) count as one per module: each
        new one would otherwise cost a full collection and freeze the games alive then."""
        key = (module, "custom-" if scenario.startswith("custom-") else scenario)
        if key not in self._settled:
            self._settled.add(key)
            gc.collect()
            gc.freeze()

    # ------------------------------------------------------------------ loading
    async def get(self, game_id: str, play_agents: bool = True) -> LiveGame:
        live = self.games.get(game_id)
        if live is not None:
            self.games.move_to_end(game_id)
            if play_agents and live.ai_failed:  # tried again here, where it failed (logged)
                live.ai_failed = False
                self.schedule_agents(live)
            return live
        async with self._loading:
            live = self.games.get(game_id)
            if live is not None:
                return live
            stored = await asyncio.to_thread(self.store.load, game_id)
            if stored is None:
                raise Refused(404, f"no game {game_id!r}")
            live = await self._rebuild(stored)
            self._remember(live)
            self.settle(stored.module, stored.scenario)
        if play_agents:
            self.schedule_agents(live)
        return live

    async def _rebuild(self, stored: StoredGame) -> LiveGame:
        """The live game of a stored record, whatever rules version made it: replayed whole
        under the current rules when they still apply (and stored so), otherwise read-only as
        far as it replays, with a notice; a game that cannot be set up at all is a clear 410."""
        try:
            rules = get_rules(stored.module)
        except Exception:
            raise Refused(410, f"this server has no rules module {stored.module!r} any more, "
                               f"so game {stored.id} cannot be opened") from None
        await self.load_scenario(stored.module, stored.scenario, status=410)
        try:
            rec = Record.from_dict(stored.record_dict())
            opened = await asyncio.to_thread(reopen, rules, rec)
        except RecordError as e:
            raise Refused(410, f"game {stored.id} cannot be opened: {e}") from None
        notice = None
        read_only = False
        if opened.problem is not None:
            read_only = True
            notice = (f"This game was made with {rules.id} rules version {stored.version}; version "
                      f"{rules.version} stops at {opened.problem}. It is shown read-only, as far as "
                      f"it replays ({opened.applied} of {len(rec.decisions)} decisions).")
            if stored.version == rules.version:
                log.error("game %s does not replay under its own rules version: %s", stored.id, notice)
        elif stored.version != rules.version:
            notice = (f"This game was made with {rules.id} rules version {stored.version} and goes on "
                      f"under version {rules.version}: every decision so far still applies.")
            moved = rebased(rec, rules.version)
            try:
                await asyncio.to_thread(self.store.rebase, stored.id, len(rec.decisions), rules.version,
                                        moved.hashes, moved.head)
            except StaleIndex as e:
                raise Refused(409, str(e)) from None
        live = LiveGame(stored.id, opened.game, stored.seats, stored.fair, notice=notice,
                        read_only=read_only)
        if not read_only:
            if stored.status == "over" and not live.game.is_terminal() and stored.result:
                end_by_resignation(live.game, stored.result)
            for s in stored.seats:
                if s.kind == "ai" and s.level:
                    live.agents[s.seat] = agent_for(s.level, seed=_agent_seed(stored.seed, s.seat))
        return live

    async def reload(self, game_id: str, kind: str = "", data: str = "") -> None:
        """Another process changed the game: bring the cached copy up to the store (applying
        the new decisions when they extend it, else dropping it to be rebuilt) and send the new
        view to whoever watches it here. The process that took the decision plays the AI.
        ``kind`` "play": only the play changed (no seat, no link), so the links known here hold;
        ``data``: the new decisions as the notification carried them (store.py ``_append_pg``),
        applied without reading the store when they extend the cached copy."""
        links = kind != PLAY
        live = self.games.get(game_id)
        if live is not None:
            if links:
                live.seat_by_token.clear()  # a link may have been replaced or revoked there
            async with live.lock:
                done = self._apply_note(live, data) if data and not links else None
                if done is False or (done is None and not await self._catch_up(live)):
                    self._forget(live)
        if not self.listeners.get(game_id):
            return
        try:
            live = await self.get(game_id, play_agents=False)
        except Refused as e:
            if e.status == 404:  # deleted elsewhere
                await self._drop_listeners(game_id, lambda seat: True, 404, "this game was deleted")
            return
        if links:
            await self._drop_stale_links(live)
        await self.broadcast(live)

    def _apply_note(self, live: LiveGame, data: str) -> bool | None:
        """Apply the decisions a notification carried (the caller holds the lock). True: done;
        None: they do not start where this copy stands (nothing changed: read the store); False:
        they did not replay to the same chain (the copy must be rebuilt)."""
        rec = live.game.record
        try:
            expected, status, new = json.loads(data)
            rows = [(int(expected) + i, int(seat), str(oid), str(link))
                    for i, (seat, oid, link) in enumerate(new)]
        except (ValueError, TypeError):
            return None
        if rec is None or live.read_only or live.index != expected or not rows:
            return None
        if not self._apply_rows(live, rows, status, None):
            return False
        live.touch()
        return True

    @staticmethod
    def _apply_rows(live: LiveGame, rows: Sequence[tuple[int, int, str, str]], status: str,
                    result: Mapping[str, Any] | None) -> bool:
        """Apply store rows ``(idx, seat, option, link)`` from ``live.index`` on, each checked
        against its chain link; then end the game as stored (a resignation adds no decision).
        False when they do not replay to the same chain."""
        rec = live.game.record
        assert rec is not None
        n = live.index
        try:
            for idx, seat, oid, link in rows:
                if idx < n:
                    continue
                if oid.startswith("!"):
                    live.game.set_preference(seat, oid)
                else:
                    live.game.apply(oid, seat=seat)
                if rec.hashes[-1] != link:
                    return False
            if status == "over" and not live.game.is_terminal():
                if not result:
                    return False
                end_by_resignation(live.game, result)
        except IllegalOption:
            return False
        except Exception:
            log.exception("game %s: catching up with the store failed; rebuilding it", live.id)
            return False
        return True

    async def _catch_up(self, live: LiveGame) -> bool:
        """Apply the decisions the store holds beyond ``live`` (the caller holds its lock).
        False when they do not extend it (an undo, a rewrite): then it must be rebuilt."""
        rec = live.game.record
        if rec is None or live.read_only:
            return False
        n = live.index
        standing, rows = await self.store.since_async(live.id, max(0, n - 1))
        if standing is None:
            return False
        if n > 0 and (not rows or rows[0][0] != n - 1 or rows[0][3] != rec.hashes[-1]):
            return False
        status, result = standing
        if not self._apply_rows(live, rows, status, result):
            return False
        live.touch()
        return True

    async def reload_all(self) -> None:
        """Changes made elsewhere may have been missed (the notification link dropped)."""
        for gid in dict.fromkeys([*self.games, *self.listeners]):
            await self.reload(gid)

    async def resume_all(self) -> None:
        """After a start: pick up every game in progress whose AI seat has to move."""
        for row in await asyncio.to_thread(self.store.list_games, "active"):
            if any(s["kind"] == "ai" for s in row["seats"]):
                with contextlib.suppress(Exception):
                    await self.get(row["id"])

    # ------------------------------------------------------------------ creating
    async def load_scenario(self, module: str, scenario: str, status: int = 422) -> None:
        """A custom scenario (the editor's, cited by its content id) is registered with its
        module from the store's immutable copy before a game on it is made or rebuilt."""
        if not scenario.startswith("custom-"):
            return
        try:
            await asyncio.to_thread(custom_scenarios.ensure_registered, self.store.engine, module, scenario)
        except custom_scenarios.Invalid as e:
            raise Refused(status, str(e)) from None

    async def create(self, module: str, scenario: str, seed: int | None, options: Mapping[str, Any],
                     seat_specs: Sequence[tuple[str, str | None]],
                     host_token: str | None = None) -> tuple[LiveGame, list[str | None]]:
        fair = Fairness.fresh(seed)
        await self.load_scenario(module, scenario)
        game = tactica.new_game(module, scenario, seed=fair.seed, options=options)
        if len(seat_specs) != game.num_players():
            raise Refused(422, f"{module} has {game.num_players()} seats ({', '.join(game.seats)}); "
                               f"{len(seat_specs)} given")
        rec = game.record
        assert rec is not None
        seats = [SeatInfo(i, game.seats[i], kind, level) for i, (kind, level) in enumerate(seat_specs)]
        tokens: list[str | None] = [new_token() if s.kind == "human" else None for s in seats]
        gid = new_game_id()
        stored = StoredGame(gid, rec.game, rec.version, rec.scenario, dict(rec.options), fair,
                            "over" if game.is_terminal() else "active", game.state["result"], seats,
                            list(rec.decisions), list(rec.hashes))
        await asyncio.to_thread(self.store.create, stored, rec.head,
                                [token_hash(t) if t else None for t in tokens],
                                token_hash(host_token) if host_token else None)
        live = LiveGame(gid, game, seats, fair)
        self.settle(module, scenario)
        for s in seats:
            if s.kind == "ai" and s.level:
                live.agents[s.seat] = agent_for(s.level, seed=_agent_seed(fair.seed, s.seat))
        self._remember(live)
        self.schedule_agents(live)
        return live, tokens

    # ------------------------------------------------------------------ seats
    async def seat_of(self, live: LiveGame, token: str | None) -> int | None:
        """The seat a token opens (None: no token, a spectator). A token that opens no seat of
        this game is refused."""
        if token is None or token == "":
            return None
        th = token_hash(token)
        seat = live.seat_by_token.get(th)
        if seat is None:
            seat = await asyncio.to_thread(self.store.seat_of_token, live.id, th)
            if seat is None:
                raise Refused(403, "this link opens no seat of this game")
            live.seat_by_token[th] = seat
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
            live.seat_by_token.clear()
            ok = await asyncio.to_thread(self.store.set_token, live.id, seat,
                                         token_hash(token) if token else None)
        if not ok:
            raise Refused(404, f"seat {seat} is not a person's seat of this game")
        # a connection opened with the old link closes with it
        await self._drop_listeners(live.id, lambda s: s == seat, 403, "this seat's link was replaced")
        return token

    async def _drop_stale_links(self, live: LiveGame) -> None:
        """After a change made elsewhere: connections whose seat link was since replaced or
        revoked (in any process) stop getting that seat's view."""
        here = self.listeners.get(live.id, {})
        if not any(seat is not None for seat in here.values()):
            return
        now = await asyncio.to_thread(self.store.seat_tokens, live.id)
        stale = {ws for ws, seat in here.items() if seat is not None
                 and (now.get(seat) is None or now.get(seat) != self._opened_with.get(ws))}
        if stale:
            await self._drop_listeners(live.id, lambda seat: True, 403, "this seat's link was replaced",
                                       only=stale)

    async def _drop_listeners(self, game_id: str, which: Callable[[int | None], bool], status: int,
                              detail: str, only: set[Listener] | None = None) -> None:
        for ws, seat in list(self.listeners.get(game_id, {}).items()):
            if which(seat) and (only is None or ws in only):
                self.unlisten(game_id, ws)
                with contextlib.suppress(Exception):
                    await ws.send_json({"type": "error", "status": status, "detail": detail})

    async def resign(self, live: LiveGame, seat: int, token: str | None = None,
                     connection: str | None = None) -> bytes:
        """A person gives up: every other seat wins. Stored as the game's result (the record of
        decisions is unchanged), so a reload ends the rebuilt game the same way. Returns the
        seat's new payload (for the answer; ``connection``: see ``Sender``)."""
        async with live.lock:
            g = live.game
            if live.read_only:
                raise Refused(409, live.notice or "this game is read-only")
            if g.is_terminal():
                raise Refused(409, "the game is over")
            if seat in live.agents:
                raise Refused(403, "that seat is played by the AI")
            returns = [-1.0 if i == seat else 1.0 for i in range(g.num_players())]
            end_by_resignation(g, {"returns": returns, "reason": f"{g.seats[seat]} resigned"})
            await self._persist(live, live.index, live.index, _actor(seat, token))
            answer = self.encoded(live, seat)
        await self.broadcast(live, Sender.of(seat, token, connection))
        return answer

    async def delete(self, live: LiveGame) -> None:
        async with live.lock:
            await asyncio.to_thread(self.store.delete_game, live.id)
            self._forget(live)
            if live.ai_task is not None:
                live.ai_task.cancel()
        await self._drop_listeners(live.id, lambda seat: True, 404, "this game was deleted")

    # ------------------------------------------------------------------ changes
    async def decide(self, live: LiveGame, seat: int, index: int, option: str,
                     token: str | None = None, connection: str | None = None) -> bytes:
        """Apply ``option`` for ``seat`` (whose link is ``token``: checked again as it is stored).
        Returns the seat's payload of the new state, which the answer carries: the broadcast
        leaves out the WebSocket the request named (``connection``, see ``Sender``). It is
        taken under the lock, so it is this decision's state even if an AI seat moves at once."""
        async with live.lock:
            await self._behind(live, index)
            self._check_turn(live, seat, index)
            g = live.game
            before = live.index
            try:
                g.apply(option, seat=seat)
            except IllegalOption as e:
                raise Refused(400, str(e)) from None
            await self._persist(live, before, before, _actor(seat, token))
            answer = self.encoded(live, seat)
        await self.broadcast(live, Sender.of(seat, token, connection))
        self.schedule_agents(live)
        return answer

    async def set_auto_pass(self, live: LiveGame, seat: int, on: bool, token: str | None = None,
                            connection: str | None = None) -> bytes:
        """A seat switches its published convenience ``auto_pass`` (docs/architecture.md
        "Reaction windows"): recorded as ``!auto_pass=0|1``, shown in every seat's view, and
        sent to every seat at once, since it changes which decisions that seat is asked. Allowed
        whoever is to decide (it does not move the game); setting it as it is changes nothing."""
        async with live.lock:
            g = live.game
            if live.read_only:
                raise Refused(409, live.notice or "this game is read-only")
            if g.is_terminal():
                raise Refused(409, "the game is over")
            if seat in live.agents:
                raise Refused(403, "that seat is played by the AI")
            if bool(g.state["auto_pass"][seat]) == on:
                return self.encoded(live, seat)
            before = live.index
            g.set_auto_pass(seat, on)
            await self._persist(live, before, before, _actor(seat, token))
            answer = self.encoded(live, seat)
        await self.broadcast(live, Sender.of(seat, token, connection))
        return answer

    async def undo(self, live: LiveGame, seat: int, index: int, token: str | None = None,
                   connection: str | None = None) -> bytes:
        async with live.lock:
            await self._behind(live, index)
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
            await self._persist(live, before, keep, _actor(seat, token))
            answer = self.encoded(live, seat)
        await self.broadcast(live, Sender.of(seat, token, connection))
        return answer

    async def _behind(self, live: LiveGame, index: int) -> None:
        """The client quotes a later decision than this copy holds: another process took the
        decisions between (its notification is on the way). Catch up from the store first."""
        if index > live.index and not await self._catch_up(live):
            self._forget(live)
            raise Refused(409, "the game changed on another server process; reload the view")

    def _check_turn(self, live: LiveGame, seat: int, index: int) -> None:
        if live.read_only:
            raise Refused(409, live.notice or "this game is read-only")
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

    async def _persist(self, live: LiveGame, expected: int, keep: int,
                       actor: tuple[int, str] | None = None) -> None:
        """Store the change (``actor``: the seat and token hash that made it, checked in the
        same transaction). On any failure the live game is dropped: memory never runs ahead."""
        live.touch()
        rec = live.game.record
        assert rec is not None
        entries = list(rec.decisions[keep:])
        hashes = list(rec.hashes[keep:])
        try:
            await self.store.append(live.id, expected, keep, entries, hashes, rec.head, live.status,
                                    live.game.state["result"], actor)
        except StaleIndex as e:
            self._forget(live)
            raise Refused(409, str(e)) from None
        except SeatRefused:
            self._forget(live)
            raise Refused(403, "this link opens no seat of this game (it was replaced or revoked)") from None
        except Exception:
            self._forget(live)
            log.exception("could not store a decision of game %s", live.id)
            raise Refused(503, "the decision could not be stored; nothing changed") from None
        except BaseException:  # cancelled while the write went on: rebuild from what is stored
            self._forget(live)
            raise

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
                live.ai_failed = True
                return
            async with live.lock:
                if live.index != index or self.games.get(live.id) is not live:
                    continue
                try:
                    live.game.apply(oid, seat=seat)
                    await self._persist(live, index, index)
                except Refused as e:  # another process moved the game first (409), or the store failed
                    log.info("agent move %r in game %s not stored: %s", oid, live.id, e.detail)
                    return
                except IllegalOption:
                    log.exception("agent move %r refused in game %s", oid, live.id)
                    live.ai_failed = True
                    return
            await self.broadcast(live)

    # ------------------------------------------------------------------ views
    @staticmethod
    def view(live: LiveGame, seat: int | None) -> dict[str, Any]:
        """``Game.view(seat)``, with the log entries sent before reused: the view's log is the
        whole visible log (so it grows with the game), and while the game's log only grows the
        entries already shown are the same, so only the new ones are worked out. Any other
        change of the log (an undo, the end revealing everything) starts it over."""
        g = live.game
        log = g.log
        over = g.is_terminal()
        kept = live.logs.get(seat)
        reuse: list[dict[str, Any]] = []
        if kept is not None and kept.over == over and log[:len(kept.source)] == kept.source:
            reuse = kept.shown
        view = g.view(seat, log_from=len(reuse))
        if reuse:
            view["log"] = [*reuse, *view["log"]]
        live.logs[seat] = SeatLog(list(log), over, view["log"])
        return view

    def payload(self, live: LiveGame, seat: int | None) -> dict[str, Any]:
        g = live.game
        view = self.view(live, seat)
        board = g.rules.board(g)
        return {
            "type": "view", "game_id": live.id, "index": live.index, "rev": live.rev, "status": live.status,
            "seat": seat, "seats": [s.to_dict() for s in live.seats],
            "fairness": live.fair.public(over=g.is_terminal()),
            "notice": live.notice, "read_only": live.read_only,
            "view": view, "table": table_for(g, seat, view),
            "has_map": board is not None,
            "map_name": board.name if board is not None else None,
            # a game may change map (a campaign): the table fetches the map again when this changes
        }

    def encoded(self, live: LiveGame, seat: int | None) -> bytes:
        """``payload`` as JSON bytes, computed once per change and seat and shared by the HTTP
        answer and every connection of that seat."""
        data = live.encoded.get(seat)
        if data is None:
            data = live.encoded[seat] = encode(self.payload(live, seat))
        return data

    def listen(self, game_id: str, ws: Listener, seat: int | None, token: str | None = None,
               connection: str | None = None) -> None:
        """``ws`` gets every new payload of ``seat``; ``connection``: the id it named in its
        hello, which the requests it sends quote so that their changes are not pushed to it
        again (``Sender``)."""
        self.listeners.setdefault(game_id, {})[ws] = seat
        if seat is not None and token:
            self._opened_with[ws] = token_hash(token)
            if connection:
                self._connection[ws] = connection

    def listening(self, game_id: str, ws: Listener) -> bool:
        return ws in self.listeners.get(game_id, {})

    def unlisten(self, game_id: str, ws: Listener) -> None:
        self._opened_with.pop(ws, None)
        self._connection.pop(ws, None)
        here = self.listeners.get(game_id)
        if here is not None:
            here.pop(ws, None)
            if not here:
                del self.listeners[game_id]

    def _sent_to(self, ws: Listener, seat: int | None, sender: Sender | None) -> bool:
        """Whether ``ws`` is the connection the change came from (its answer carried it)."""
        return (sender is not None and seat == sender.seat
                and self._connection.get(ws) == sender.connection
                and self._opened_with.get(ws) == sender.token_hash)

    async def broadcast(self, live: LiveGame, sender: Sender | None = None) -> None:
        """Send every listener its seat's payload, but the connection the change came from."""
        texts: dict[int | None, str] = {}
        for ws, seat in list(self.listeners.get(live.id, {}).items()):
            if self._sent_to(ws, seat, sender):
                continue
            if seat not in texts:
                texts[seat] = self.encoded(live, seat).decode()
            try:
                await ws.send_text(texts[seat])
            except Exception:
                self.unlisten(live.id, ws)
