"""The game store: every game as its record (header, seats, decisions with the hash chain).

Writes are single transactions that check the decision count they expect, so a decision is
durable before the server acknowledges it, and two writers (threads or server processes on one
database) can never both extend the same position: the loser gets :class:`StaleIndex`.

On PostgreSQL every write also sends ``NOTIFY tactica_games`` with the game id and the writing
process's id, inside the same transaction (delivered on commit), so the other server processes
on the database can push the change to the seats connected to them (server/bus.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError, IntegrityError
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection

from tactica.core.record import FORMAT
from tactica.server.fairness import Fairness
from tactica.server.schema import decisions, games, seats

MIGRATIONS = Path(__file__).parent / "migrations"
DB_THREADS = 24
"""Threads the server runs store calls and AI seats on (asyncio's default of cpu+4 queues them
under load). Store calls share the ``pool`` connections of ``GameStore``: a thread beyond them
waits for one (at most ``POOL_TIMEOUT`` seconds)."""
POOL = 8
"""Connections to a database server that store threads share, by default (``Settings.db_pool``):
a store call holds one for a few milliseconds (the lobby's page, loading a game, a seat's link),
and every decision goes through the event loop's own (``LOOP_CONNECTIONS``)."""
LOOP_CONNECTIONS = 4
"""Connections the event loop's own statements use, by default (``Settings.db_loop_connections``):
each decision's append and each catch-up is one statement of about a millisecond, so even a
saturated server (about a thousand decisions a second, bench/bench_server.py) has one or two in
flight."""
POOL_TIMEOUT = 30.0
"""Seconds a store call waits for one of the pool's connections before it fails."""
APP_NAME = "tactica"
"""PostgreSQL's ``application_name`` of a server's connections: ``tactica <process id> <use>``,
the use being ``store`` (the pool), ``loop`` (``AsyncLink``) or ``listen`` (server/bus.py), so
``pg_stat_activity`` shows what each connection is for."""
CHANNEL = "tactica_games"
"""The PostgreSQL notification channel of game changes (payload: ``<game id> <process id>``, and
`` play`` after them when only the play changed: decisions, undo, resignation, preferences, no
seat or link; an append adds its decisions as JSON, ``GameStore._append_pg``)."""
PLAY = "play"


IDLE_PING = 30.0
"""Seconds a pooled connection may sit idle before it is checked (``SELECT 1``) as it is taken
again: a connection in steady use is not (a check per use cost a round trip per decision), one
the database may have dropped meanwhile (a restart) is replaced before a statement is lost."""
_NOTE_MAX = 7000
"""Longest notification payload sent with the decisions in it (PostgreSQL's limit is 8000
bytes); a longer one names the game only and the listeners read the decisions from the store."""

_PG_APPEND = (
    "WITH g AS (UPDATE games SET decisions = %(total)s, head = %(head)s, status = %(status)s, "
    "result = %(result)s, updated_at = %(at)s WHERE id = %(id)s AND decisions = %(expected)s{check} "
    "RETURNING id), "
    "d AS (INSERT INTO decisions (game_id, idx, seat, option_id, hash, at) "
    "SELECT g.id, x.idx, x.seat, x.oid, x.hash, %(at)s FROM g, "
    "unnest(%(idxs)s::int[], %(seats)s::int[], %(oids)s::text[], %(hashes)s::text[]) "
    "AS x(idx, seat, oid, hash)) "
    f"SELECT count(pg_notify('{CHANNEL}', %(payload)s)) FROM g")
_PG_APPEND_AS = _PG_APPEND.format(check=" AND EXISTS (SELECT 1 FROM seats WHERE game_id = %(id)s "
                                        "AND seat = %(seat)s AND token_hash = %(th)s)")
_PG_APPEND = _PG_APPEND.format(check="")
"""An append on PostgreSQL as one statement (``GameStore._append_pg``): the conditional update of
the game's row (with the acting seat's token checked, ``_AS``), the new decision rows (inserted
only when the update found its row) and the notification, in one round trip and, in autocommit,
one transaction."""
_PG_SINCE = ("SELECT g.status, g.result, d.idx, d.seat, d.option_id, d.hash FROM games g "
             "LEFT JOIN decisions d ON d.game_id = g.id AND d.idx >= %(start)s "
             "WHERE g.id = %(id)s ORDER BY d.idx")
"""What a process catching up needs (``GameStore.since``) in one statement."""


def libpq_url(sqlalchemy_url: str) -> str:
    """``postgresql+psycopg://…`` as the plain URL psycopg connects with."""
    return make_url(sqlalchemy_url).set(drivername="postgresql").render_as_string(hide_password=False)


class StaleIndex(RuntimeError):
    """The game moved on since the writer looked at it (another decision came first)."""


class SeatRefused(RuntimeError):
    """The link a change was made with no longer opens its seat (replaced or revoked)."""


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    kind: str
    """'human' or 'ai'."""
    level: str | None = None
    """The agent spec of an AI seat (from tactica.ai's registry)."""

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "kind": self.kind, "level": self.level}


@dataclass
class StoredGame:
    id: str
    module: str
    version: str
    scenario: str
    options: dict[str, Any]
    fair: Fairness
    status: str
    result: dict[str, Any] | None
    seats: list[SeatInfo]
    decisions: list[tuple[int, str]] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)

    @property
    def seed(self) -> int:
        return self.fair.seed

    def record_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.module, "version": self.version, "scenario": self.scenario,
                "options": self.options, "seed": self.seed,
                "decisions": [[s, o] for s, o in self.decisions], "hashes": list(self.hashes)}


def _sqlite_pragmas(dbapi_conn: Any, _entry: ConnectionPoolEntry) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _idle_since(_dbapi_conn: Any, entry: ConnectionPoolEntry) -> None:
    entry.info["idle_since"] = time.monotonic()


def _check_if_idle(dbapi_conn: Any, entry: ConnectionPoolEntry, _proxy: PoolProxiedConnection) -> None:
    """Check a connection idle for over IDLE_PING seconds; a dead one makes the pool open
    another (SQLAlchemy's DisconnectionError)."""
    since = entry.info.get("idle_since")
    if since is None or time.monotonic() - since < IDLE_PING:
        return
    try:
        cur = dbapi_conn.cursor()
        cur.execute("SELECT 1")
        cur.close()
        dbapi_conn.rollback()
    except Exception as e:
        raise DisconnectionError(str(e)) from e


def app_name(origin: str, use: str) -> str:
    """The ``application_name`` of one of a server process's connections (``APP_NAME``)."""
    return " ".join(p for p in (APP_NAME, origin, use) if p)


def make_engine(url: str, pool: int = POOL, name: str = APP_NAME) -> Engine:
    """An engine whose pool opens at most ``pool`` connections (kept open, none beyond: a store
    call beyond them waits for one) named ``name`` in ``pg_stat_activity``."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if pool < 1:
        raise ValueError(f"a store needs at least one pooled connection, not {pool}")
    engine = create_engine(url, pool_size=pool, max_overflow=0, pool_timeout=POOL_TIMEOUT,
                           connect_args={"application_name": name})
    event.listen(engine, "checkin", _idle_since)
    event.listen(engine, "checkout", _check_if_idle)
    return engine


class AsyncLink:
    """A few autocommit psycopg connections used on the server's event loop for the statements
    on every decision's path (an append, a catch-up): one round trip each and no hop to a store
    thread and back, which cost more than the statement. Connections are opened as needed (at
    most ``size``), kept, checked when idle for over IDLE_PING seconds, and dropped when a
    statement fails on them in a way that leaves them unusable. Bound to the event loop that
    first uses it (a new loop, say a test's second app, gets connections of its own)."""

    def __init__(self, url: str, size: int = LOOP_CONNECTIONS, name: str = APP_NAME) -> None:
        if size < 1:
            raise ValueError(f"the event loop needs at least one connection, not {size}")
        self.url = libpq_url(url)
        self.size = size
        self.name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._slots = asyncio.Semaphore(size)
        self._idle: list[tuple[Any, float]] = []

    def _bind(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # connections of another loop cannot be used (nor awaited) here
            self._loop, self._slots, self._idle = loop, asyncio.Semaphore(self.size), []

    async def _take(self) -> Any:
        import psycopg

        while self._idle:
            conn, since = self._idle.pop()
            if conn.closed or conn.broken:
                continue
            if time.monotonic() - since < IDLE_PING:
                return conn
            try:
                await conn.execute("SELECT 1")
                return conn
            except psycopg.Error:
                await self._discard(conn)
        return await psycopg.AsyncConnection.connect(self.url, autocommit=True, application_name=self.name)

    @staticmethod
    async def _discard(conn: Any) -> None:
        with contextlib.suppress(Exception):
            await conn.close()

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[Any]:
        from psycopg.pq import TransactionStatus

        self._bind()
        async with self._slots:
            conn = await self._take()
            ok = False
            try:
                yield conn
                ok = True
            finally:
                idle = (not conn.closed and not conn.broken
                        and conn.info.transaction_status == TransactionStatus.IDLE)
                if ok or idle:
                    self._idle.append((conn, time.monotonic()))
                else:  # cancelled mid-statement, or the link broke: never reuse it
                    await self._discard(conn)

    async def close(self) -> None:
        if self._loop is asyncio.get_running_loop():
            while self._idle:
                await self._discard(self._idle.pop()[0])
        self._idle = []


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision.

    On SQLite, foreign keys are off while migrating: a column change rebuilds the table (copy,
    drop, rename), and dropping ``games`` with foreign keys on would cascade to every seat and
    decision row. The pragma only takes effect outside a transaction, hence the commits."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as conn:
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
        try:
            with conn.begin():
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
        finally:
            if sqlite:
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.commit()


def _now() -> datetime:
    return datetime.now(UTC)


class GameStore:
    """``pool``: connections store threads share; ``loop``: the event loop's own (PostgreSQL).
    With the listening one (server/bus.py) a server process opens at most ``pool + loop + 1``
    connections to PostgreSQL."""

    def __init__(self, url: str, origin: str = "", pool: int = POOL, loop: int = LOOP_CONNECTIONS) -> None:
        self.engine = make_engine(url, pool, app_name(origin, "store"))
        self.origin = origin
        """This process's id in change notifications (so it can skip its own)."""
        self.notifies = self.engine.dialect.name == "postgresql"
        self.link = AsyncLink(url, loop, app_name(origin, "loop")) if self.notifies else None
        """On PostgreSQL, the connections the event loop's own statements go through."""
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    async def aclose(self) -> None:
        """Close the event loop's connections (on the loop that used them), then the pool."""
        if self.link is not None:
            await self.link.close()
        self.close()

    def _changed(self, c: Connection, game_id: str) -> None:
        if self.notifies:
            c.execute(text("SELECT pg_notify(:ch, :payload)"),
                      {"ch": CHANNEL, "payload": f"{game_id} {self.origin}"})

    # ------------------------------------------------------------------ writes
    def create(self, g: StoredGame, head: str, token_hashes: Sequence[str | None],
               host_hash: str | None = None) -> None:
        now = _now()
        with self.engine.begin() as c:
            c.execute(insert(games).values(
                id=g.id, module=g.module, version=g.version, scenario=g.scenario, options=g.options,
                seed=str(g.fair.seed), salt=g.fair.salt, commitment=g.fair.commitment,
                seed_chosen=g.fair.chosen, status=g.status, result=g.result, decisions=len(g.decisions),
                head=head, host_hash=host_hash,
                created_at=now, updated_at=now))
            c.execute(insert(seats), [
                {"game_id": g.id, "seat": s.seat, "name": s.name, "kind": s.kind, "level": s.level,
                 "token_hash": token_hashes[s.seat]} for s in g.seats])
            if g.decisions:
                self._insert(c, g.id, 0, g.decisions, g.hashes)
            self._changed(c, g.id)

    def rewrite_tail(self, game_id: str, expected: int, keep: int, entries: Sequence[tuple[int, str]],
                     hashes: Sequence[str], head: str, status: str, result: dict[str, Any] | None,
                     actor: tuple[int, str] | None = None) -> None:
        """In one transaction: check the game has ``expected`` decisions (and, with ``actor``,
        that the seat still has that token hash), drop the decisions from index ``keep`` on,
        append ``entries`` (whose chain links are ``hashes``). Raises StaleIndex or SeatRefused.

        The checks ride on the UPDATE of the game's row, and on PostgreSQL so does the
        notification. On PostgreSQL an append (every decision; not an undo) is one statement
        (``_PG_APPEND``) on the driver, which psycopg prepares once per connection: building
        and compiling statements through SQLAlchemy cost more CPU than everything else a
        decision costs (bench/bench_server_stages.py). The server itself appends on its event
        loop (``append``)."""
        if self.notifies and keep == expected:
            sql, params = self._append_pg(game_id, expected, entries, hashes, head, status, result, actor)
            import psycopg

            with self.engine.connect() as c:
                raw = c.connection.dbapi_connection
                assert raw is not None
                try:
                    with contextlib.closing(raw.cursor()) as cur:
                        cur.execute(sql, params)
                        row = cur.fetchone()
                    raw.commit()
                except psycopg.IntegrityError:
                    raw.rollback()
                    raise StaleIndex(f"game {game_id}: decision {expected} was written by another") from None
                except Exception:
                    raw.rollback()
                    raise
                if not row or row[0] != 1:
                    self._refuse(c, game_id, expected, actor)
            return
        total = keep + len(entries)
        where = [games.c.id == game_id, games.c.decisions == expected]
        if actor is not None:
            where.append(exists().where(seats.c.game_id == game_id, seats.c.seat == actor[0],
                                        seats.c.token_hash == actor[1]))
        stmt = update(games).where(*where).values(decisions=total, head=head, status=status, result=result,
                                                 updated_at=_now())
        try:
            with self.engine.begin() as c:
                if self.notifies:
                    notify = func.pg_notify(CHANNEL, f"{game_id} {self.origin} {PLAY}")
                    res = c.execute(stmt.returning(notify))
                    changed = len(res.all())
                else:
                    changed = c.execute(stmt).rowcount
                if changed != 1:
                    self._refuse(c, game_id, expected, actor)
                if keep < expected:
                    c.execute(delete(decisions).where(decisions.c.game_id == game_id,
                                                      decisions.c.idx >= keep))
                if entries:
                    self._insert(c, game_id, keep, entries, hashes)
        except IntegrityError:
            raise StaleIndex(f"game {game_id}: decision {keep} was written by someone else") from None

    async def append(self, game_id: str, expected: int, keep: int, entries: Sequence[tuple[int, str]],
                     hashes: Sequence[str], head: str, status: str, result: dict[str, Any] | None,
                     actor: tuple[int, str] | None = None) -> None:
        """``rewrite_tail`` from the event loop: an append on PostgreSQL goes as its one statement
        on the loop's own connections; anything else runs ``rewrite_tail`` on a store thread.
        The statement is shielded: once sent it completes (or fails) whatever happens to the
        request that sent it."""
        if self.link is None or keep != expected:
            await asyncio.to_thread(self.rewrite_tail, game_id, expected, keep, entries, hashes, head,
                                    status, result, actor)
            return
        sql, params = self._append_pg(game_id, expected, entries, hashes, head, status, result, actor)
        link = self.link

        async def write() -> None:
            import psycopg

            async with link.connection() as conn:
                try:
                    cur = await conn.execute(sql, params)
                    row = await cur.fetchone()
                except psycopg.IntegrityError:
                    raise StaleIndex(f"game {game_id}: decision {expected} was written by another") from None
                if not row or row[0] != 1:
                    th = await (await conn.execute(
                        "SELECT token_hash FROM seats WHERE game_id = %s AND seat = %s",
                        (game_id, -1 if actor is None else actor[0]))).fetchone()
                    self._refuse_because(game_id, expected, actor, None if th is None else th[0])

        await asyncio.shield(asyncio.ensure_future(write()))

    def _append_pg(self, game_id: str, expected: int, entries: Sequence[tuple[int, str]],
                   hashes: Sequence[str], head: str, status: str, result: dict[str, Any] | None,
                   actor: tuple[int, str] | None) -> tuple[str, dict[str, Any]]:
        """The statement and parameters of an append on PostgreSQL. Its notification carries the
        new decisions (``<game> <process> play <json>``, the json ``[expected, status, [[seat,
        option, hash], ...]]``), so the other processes apply them without reading the store."""
        from psycopg.types.json import Json

        note = f"{game_id} {self.origin} {PLAY}"
        if entries:
            new = [[s, o, h] for (s, o), h in zip(entries, hashes, strict=True)]
            data = json.dumps([expected, status, new], separators=(",", ":"))
            if len(note) + len(data.encode()) < _NOTE_MAX:
                note = f"{note} {data}"
        params = {"id": game_id, "expected": expected, "total": expected + len(entries), "head": head,
                  "status": status, "result": None if result is None else Json(result), "at": _now(),
                  "payload": note, "seat": -1 if actor is None else actor[0],
                  "th": "" if actor is None else actor[1],
                  "idxs": [expected + i for i in range(len(entries))], "seats": [s for s, _ in entries],
                  "oids": [o for _, o in entries], "hashes": list(hashes)}
        return (_PG_APPEND if actor is None else _PG_APPEND_AS), params

    def _refuse(self, c: Connection, game_id: str, expected: int, actor: tuple[int, str] | None) -> None:
        """The conditional UPDATE changed no row: say why (the link, or the decision count)."""
        link = self._seat_link(c, game_id, actor[0]) if actor else None
        self._refuse_because(game_id, expected, actor, link)

    @staticmethod
    def _refuse_because(game_id: str, expected: int, actor: tuple[int, str] | None, link: str | None) -> None:
        if actor is not None and link != actor[1]:
            raise SeatRefused(f"game {game_id}: that link no longer opens seat {actor[0]}")
        raise StaleIndex(f"game {game_id} is no longer at decision {expected}")

    def rebase(self, game_id: str, expected: int, version: str, hashes: Sequence[str], head: str) -> None:
        """A game from an older rules version that replays whole under the current one: store
        it under the current version, with the hash chain that version's header gives."""
        with self.engine.begin() as c:
            res = c.execute(update(games).where(games.c.id == game_id, games.c.decisions == expected)
                            .values(version=version, head=head, updated_at=_now()))
            if res.rowcount != 1:
                raise StaleIndex(f"game {game_id} is no longer at decision {expected}")
            for i, h in enumerate(hashes):
                c.execute(update(decisions).where(decisions.c.game_id == game_id, decisions.c.idx == i)
                          .values(hash=h))
            self._changed(c, game_id)

    def set_token(self, game_id: str, seat: int, token_hash: str | None) -> bool:
        """Give a person's seat a new link (its token's hash) or none (revoked). False when the
        game has no such person's seat."""
        with self.engine.begin() as c:
            res = c.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                seats.c.kind == "human").values(token_hash=token_hash))
            if res.rowcount != 1:
                return False
            self._changed(c, game_id)
            return True

    def delete_game(self, game_id: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(decisions).where(decisions.c.game_id == game_id))
            c.execute(delete(seats).where(seats.c.game_id == game_id))
            c.execute(delete(games).where(games.c.id == game_id))
            self._changed(c, game_id)

    @staticmethod
    def _insert(c: Any, game_id: str, start: int, entries: Sequence[tuple[int, str]],
                hashes: Sequence[str]) -> None:
        now = _now()
        c.execute(insert(decisions), [
            {"game_id": game_id, "idx": start + i, "seat": s, "option_id": o, "hash": h, "at": now}
            for i, ((s, o), h) in enumerate(zip(entries, hashes, strict=True))])

    # ------------------------------------------------------------------ reads
    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as c:
            row = c.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seat_rows = c.execute(select(seats).where(seats.c.game_id == game_id)
                                  .order_by(seats.c.seat)).mappings().all()
            dec_rows = c.execute(select(decisions.c.seat, decisions.c.option_id, decisions.c.hash)
                                 .where(decisions.c.game_id == game_id).order_by(decisions.c.idx)).all()
        return StoredGame(
            id=row["id"], module=row["module"], version=row["version"], scenario=row["scenario"],
            options=dict(row["options"] or {}),
            fair=Fairness(int(row["seed"]), row["salt"], row["commitment"], row["seed_chosen"]),
            status=row["status"],
            result=row["result"],
            seats=[SeatInfo(r["seat"], r["name"], r["kind"], r["level"]) for r in seat_rows],
            decisions=[(int(s), str(o)) for s, o, _ in dec_rows], hashes=[str(h) for _, _, h in dec_rows])

    def since(self, game_id: str, start: int) -> tuple[tuple[str, dict[str, Any] | None] | None,
                                                      list[tuple[int, int, str, str]]]:
        """What a process catching up with a change made elsewhere needs, on one connection: the
        game's status and result (None: no such game, e.g. deleted; a resignation ends a game
        without a new decision), and the decisions from index ``start`` on as ``(idx, seat,
        option_id, hash)``."""
        with self.engine.connect() as c:
            row = c.execute(select(games.c.status, games.c.result).where(games.c.id == game_id)).first()
            if row is None:
                return None, []
            d = decisions.c
            rows = c.execute(select(d.idx, d.seat, d.option_id, d.hash)
                             .where(d.game_id == game_id, d.idx >= start).order_by(d.idx)).all()
        return (str(row[0]), row[1]), [(int(i), int(s), str(o), str(h)) for i, s, o, h in rows]

    async def since_async(self, game_id: str, start: int) -> tuple[tuple[str, dict[str, Any] | None] | None,
                                                                list[tuple[int, int, str, str]]]:
        """``since`` from the event loop (one statement on its own connections on PostgreSQL)."""
        if self.link is None:
            return await asyncio.to_thread(self.since, game_id, start)
        async with self.link.connection() as conn:
            cur = await conn.execute(_PG_SINCE, {"id": game_id, "start": start})
            rows = await cur.fetchall()
        if not rows:
            return None, []
        standing = (str(rows[0][0]), rows[0][1])
        return standing, [(int(i), int(s), str(o), str(h)) for _, _, i, s, o, h in rows if i is not None]

    @staticmethod
    def _seat_link(c: Connection, game_id: str, seat: int) -> str | None:
        v = c.execute(select(seats.c.token_hash)
                      .where(seats.c.game_id == game_id, seats.c.seat == seat)).scalar()
        return None if v is None else str(v)

    def seat_tokens(self, game_id: str) -> dict[int, str | None]:
        """The token hash of each seat (None: no link), to check who still holds a link."""
        with self.engine.connect() as c:
            rows = c.execute(select(seats.c.seat, seats.c.token_hash).where(seats.c.game_id == game_id)).all()
        return {int(s): (None if h is None else str(h)) for s, h in rows}

    def seat_of_token(self, game_id: str, token_hash: str) -> int | None:
        with self.engine.connect() as c:
            v = c.execute(select(seats.c.seat).where(seats.c.game_id == game_id,
                                                     seats.c.token_hash == token_hash)).scalar()
        return None if v is None else int(v)

    def is_host(self, game_id: str, host_hash: str) -> bool:
        with self.engine.connect() as c:
            v = c.execute(select(games.c.host_hash).where(games.c.id == game_id)).scalar()
        return v is not None and secrets.compare_digest(str(v), host_hash)

    def count_games(self, status: str | None = None) -> int:
        q = select(func.count()).select_from(games)
        if status:
            q = q.where(games.c.status == status)
        with self.engine.connect() as c:
            return int(c.execute(q).scalar() or 0)

    def list_games(self, status: str | None = None, limit: int = 200,
                   offset: int = 0) -> list[dict[str, Any]]:
        q = select(games.c.id, games.c.module, games.c.scenario, games.c.status, games.c.decisions,
                   games.c.result, games.c.commitment, games.c.seed_chosen, games.c.created_at,
                   games.c.updated_at)
        if status:
            q = q.where(games.c.status == status)
        q = q.order_by(games.c.updated_at.desc(), games.c.id).limit(limit).offset(offset)
        with self.engine.connect() as c:
            rows = c.execute(q).mappings().all()
            ids = [r["id"] for r in rows]
            seat_rows = c.execute(select(seats.c.game_id, seats.c.seat, seats.c.name, seats.c.kind,
                                         seats.c.level).where(seats.c.game_id.in_(ids))).mappings().all()
        by_game: dict[str, list[dict[str, Any]]] = {}
        for s in sorted(seat_rows, key=lambda r: r["seat"]):
            by_game.setdefault(s["game_id"], []).append(
                SeatInfo(s["seat"], s["name"], s["kind"], s["level"]).to_dict())
        return [{"id": r["id"], "module": r["module"], "scenario": r["scenario"], "status": r["status"],
                 "decisions": r["decisions"], "result": r["result"], "seats": by_game.get(r["id"], []),
                 "commitment": r["commitment"], "seed_chosen": r["seed_chosen"],
                 "created_at": r["created_at"].isoformat() if r["created_at"] else None,
                 "updated_at": r["updated_at"].isoformat() if r["updated_at"] else None} for r in rows]
