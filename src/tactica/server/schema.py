"""The tables of the game store. Changes go through an Alembic migration (migrations/versions).

A game is stored as its record: module, rules version, scenario, options, seed, and one row per
decision with its link of the hash chain. Seat tokens and the host key are stored only as
hashes. The seed is kept whole as decimal text (server seeds carry 129 bits, more than any SQL
integer type holds), with the salt and commitment that make it provably fair, and whether the
creator chose it.

A custom scenario (the web editor's, server/editor.py) is an author-owned row pointing to its
current version; every version is an immutable copy in ``scenario_copies`` named by the hash of
its content, which is the scenario id a game's record cites.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("module", String(64), nullable=False),
    Column("version", String(32), nullable=False),
    Column("scenario", String(128), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", String(80), nullable=False),
    Column("salt", String(64), nullable=True),
    Column("commitment", String(64), nullable=True),
    Column("seed_chosen", Boolean, nullable=True),
    Column("status", String(16), nullable=False),
    Column("result", JSON, nullable=True),
    Column("decisions", Integer, nullable=False, server_default="0"),
    Column("head", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("updated_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("host_hash", String(64), nullable=True),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("level", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, index=True),
)

decisions = Table(
    "decisions", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("option_id", Text, nullable=False),
    Column("hash", String(64), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

scenario_copies = Table(
    "scenario_copies", metadata,
    Column("id", String(64), primary_key=True),
    Column("module", String(64), nullable=False),
    Column("content", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)

custom_scenarios = Table(
    "custom_scenarios", metadata,
    Column("id", String(32), primary_key=True),
    Column("module", String(64), nullable=False),
    Column("name", String(200), nullable=False),
    Column("author_hash", String(64), nullable=False, index=True),
    Column("copy_id", String(64), ForeignKey("scenario_copies.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("updated_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)
