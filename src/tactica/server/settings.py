"""Where the server keeps its games and how it listens: from arguments or the environment.

TACTICA_DATABASE_URL: any SQLAlchemy URL (PostgreSQL for larger installs); default an SQLite file
``games.sqlite3`` in the data folder. TACTICA_DATA_DIR: the data folder; default
``$XDG_DATA_HOME/tactica`` (``~/.local/share/tactica``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def default_data_dir() -> Path:
    env = os.environ.get("TACTICA_DATA_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tactica"


@dataclass(frozen=True)
class Settings:
    database_url: str = ""
    data_dir: Path | None = None
    run_agents: bool = True
    """Play AI seats (tests may turn it off to drive every seat by hand)."""

    def resolved_url(self) -> str:
        url = self.database_url or os.environ.get("TACTICA_DATABASE_URL", "")
        if url:
            return url
        folder = self.data_dir or default_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'games.sqlite3'}"
