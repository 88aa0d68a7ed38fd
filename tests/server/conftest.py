"""The server tests run on SQLite and on a PostgreSQL cluster the suite starts itself
(tactica.server.devdb), skipped with the reason only where PostgreSQL's binaries are missing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tactica.server.devdb import TempCluster, missing_reason


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[TempCluster]:
    reason = missing_reason()
    if reason:
        pytest.skip(reason)
    cluster = TempCluster().start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: TempCluster) -> str:
    """A fresh PostgreSQL database for one test."""
    return pg_cluster.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each store the server supports: an SQLite file, and a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'g.db'}"
    return str(request.getfixturevalue("pg_url"))
