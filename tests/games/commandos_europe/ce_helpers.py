"""Arena for Commandos: Europe tests: a Norway game past set-up, then pieces, enemies, bases and
the mission put where a test wants them and a chosen step put on top of the turn."""

from __future__ import annotations

from typing import Any

import tactica
from tactica.core.game import Game


def new(seed: int = 3, base: str = "0505") -> Game:
    """A Norway game with base-1 placed in ``base``, waiting in the purchase step."""
    g = tactica.new_game("commandos_europe", "norway", seed=seed)
    g.apply(f"col:{base[:2]}")
    g.apply(f"hex:{base}")
    return g


def piece(kind: str, lab: str, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "hex": lab, "moved": False, "detected": False, "marker": None, "flipped": False,
            **extra}


def arena(pieces: dict[str, tuple[str, str] | tuple[str, str, dict[str, Any]]],
          enemies: dict[str, str] | None = None, bases: dict[str, str | None] | None = None,
          mission: tuple[str, str] | None = None, step: str = "movement", seed: int = 3,
          **args: Any) -> Game:
    """pieces: id -> (kind, hex[, extra fields]); enemies: instance id -> hex; mission: (id, hex)."""
    g = new(seed)
    s = g.state
    s["pieces"] = {pid: piece(v[0], v[1], **(v[2] if len(v) > 2 else {}))  # type: ignore[misc]
                   for pid, v in pieces.items()}
    s["enemies"] = dict(enemies or {})
    for eid in s["enemies"]:
        s["cups"]["enemy"]["items"].remove(eid)
    s["bases"] = {"base-1": None, "base-2": None, **(bases if bases is not None else {"base-1": "0505"})}
    s["mission"] = None if mission is None else {"id": mission[0], "hex": mission[1], "status": "open",
                                                 "turn": s["turn"]}
    s["stack"] = [{"step": "turn", "args": {}}, {"step": step, "args": dict(args)}]
    s["chance"]["forced"] = []
    g.refresh()
    return g


def ids(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def lines(g: Game) -> list[str]:
    return g.log_lines()
