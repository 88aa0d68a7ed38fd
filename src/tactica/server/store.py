"""The game store: every game as its record (header, seats, decisions with the hash chain).

Writes are single transactions that check the decision count they expect, so a decision is
durable before the server acknowledges it, and two writers (threads or server processes on one
database) can never both extend the same position: the loser gets :class:`StaleIndex`.

On PostgreSQL every write also sends ``NOTIFY tactica_games`` with the game id and the writing
process's id, inside the same transaction (delivered on commit), so the other server processes
on the database can push the change to the seats connected to them (server/bus.py).
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Sequence
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
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import ConnectionPoolEntry

from tactica.core.record import FORMAT
from tactica.server.fairness import Fairness
from tactica.server.schema import decisions, games, seats

MIGRATIONS = Path(__file__).parent / "migrations"
DB_THREADS = 24
"""Threads the server runs store calls on (asyncio's default of cpu+4 queues them under load),
and the connections kept open to a database server for them."""
CHANNEL = "tactica_games"
"""The PostgreSQL notification channel of game changes (payload: ``<game id> <process id>``, and
`` play`` after them when only the play changed: decisions, undo, resignation, preferences, no
seat or link)."""
PLAY = "play"


_PG_UPDATE = (
    "UPDATE games SET decisions = %(total)s, head = %(head)s, status = %(status)s, result = %(result)s, "
    "updated_at = %(at)s WHERE id = %(id)s AND decisions = %(expected)s "
    f"RETURNING pg_notify('{CHANNEL}', %(payload)s)")
_PG_UPDATE_AS = _PG_UPDATE.replace(
    " RETURNING", " AND EXISTS (SELECT 1 FROM seats WHERE game_id = %(id)s AND seat = %(seat)s "
                  "AND token_hash = %(th)s) RETURNING")
_PG_INSERT = ("INSERT INTO decisions (game_id, idx, seat, option_id, hash, at) "
              "VALUES (%(id)s, %(idx)s, %(seat)s, %(oid)s, %(hash)s, %(at)s)")
"""An append's statements on PostgreSQL (``GameStore._append_pg``): the conditional update
(with the acting seat's token checked, ``_AS``) that also notifies, and one row per decision."""


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


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=DB_THREADS, max_overflow=DB_THREADS)


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
    def __init__(self, url: str, origin: str = "") -> None:
        self.engine = make_engine(url)
        self.origin = origin
        """This process's id in change notifications (so it can skip its own)."""
        self.notifies = self.engine.dialect.name == "postgresql"
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

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
        notification (``RETURNING pg_notify``): a decision costs the UPDATE, the INSERT and the
        commit, nothing more. On PostgreSQL an append (every decision; not an undo) goes as two
        plain SQL statements on the driver, which psycopg prepares once per connection: building
        and compiling them through SQLAlchemy cost about 0.7 ms of CPU per decision, more than
        everything else a decision costs (bench/bench_server.py)."""
        if self.notifies and keep == expected:
            self._append_pg(game_id, expected, entries, hashes, head, status, result, actor)
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

    def _append_pg(self, game_id: str, expected: int, entries: Sequence[tuple[int, str]],
                   hashes: Sequence[str], head: str, status: str, result: dict[str, Any] | None,
                   actor: tuple[int, str] | None) -> None:
        """``rewrite_tail`` for an append on PostgreSQL, on the driver (same checks, same rows)."""
        import psycopg
        from psycopg.types.json import Json

        now = _now()
        params = {"id": game_id, "expected": expected, "total": expected + len(entries), "head": head,
                  "status": status, "result": None if result is None else Json(result), "at": now,
                  "payload": f"{game_id} {self.origin} {PLAY}",
                  "seat": -1 if actor is None else actor[0], "th": "" if actor is None else actor[1]}
        try:
            with self.engine.begin() as c:
                raw = c.connection.dbapi_connection
                assert raw is not None
                with contextlib.closing(raw.cursor()) as cur:
                    cur.execute(_PG_UPDATE if actor is None else _PG_UPDATE_AS, params)
                    if len(cur.fetchall()) != 1:
                        self._refuse(c, game_id, expected, actor)
                    if entries:
                        cur.executemany(_PG_INSERT, [
                            {"id": game_id, "idx": expected + i, "seat": s, "oid": o, "hash": h, "at": now}
                            for i, ((s, o), h) in enumerate(zip(entries, hashes, strict=True))])
        except psycopg.IntegrityError:
            raise StaleIndex(f"game {game_id}: decision {expected} was written by someone else") from None

    def _refuse(self, c: Connection, game_id: str, expected: int, actor: tuple[int, str] | None) -> None:
        """The conditional UPDATE changed no row: say why (the link, or the decision count)."""
        if actor is not None and self._seat_link(c, game_id, actor[0]) != actor[1]:
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
