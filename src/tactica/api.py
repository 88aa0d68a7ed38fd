"""The one entry point every user of tactica goes through: new games and replays."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactica.core.game import Game
from tactica.core.record import Record, RecordError, replay_record
from tactica.games import get_rules

__all__ = ["get_rules", "new_game", "replay"]
"""``get_rules`` is public too: tools outside the game packages (tactica.ai) reach a module's
Rules, and its hooks, through it."""


def new_game(game: str, scenario: str, seed: int = 0, options: Mapping[str, Any] | None = None) -> Game:
    """A new game of rules module ``game`` on ``scenario``; the same arguments and the same
    decisions always give the same game."""
    return Game.new(get_rules(game), scenario, seed, options)


def replay(record: Record | Mapping[str, Any] | str | Path, upto: int | None = None) -> Game:
    """Rebuild a game from its record (a Record, its dict, or a JSON file), up to step ``upto``."""
    if isinstance(record, (str, Path)):
        try:
            data: Any = json.loads(Path(record).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise RecordError(f"cannot read record {record}: {e}") from None
        rec = Record.from_dict(data)
    else:
        rec = record if isinstance(record, Record) else Record.from_dict(record)
    return replay_record(get_rules(rec.game), rec, upto)
