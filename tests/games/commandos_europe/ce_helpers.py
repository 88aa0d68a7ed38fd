"""Arena for Commandos: Europe tests: a Norway game at the start, or a position built through the
studio (docs/studio.md): pieces, enemies, bases and the mission where a test wants them, at the
step of the turn it looks at."""

from __future__ import annotations

from typing import Any

import tactica
from tactica import studio
from tactica.core.game import Game
from tactica.studio.commandos_europe import PHASE_NAMES

Pieces = dict[str, tuple[str, str] | tuple[str, str, dict[str, Any]]]


def new(seed: int = 3, base: str = "0505") -> Game:
    """A Norway game with base-1 placed in ``base``, waiting in the purchase step."""
    g = tactica.new_game("commandos_europe", "norway", seed=seed)
    g.apply(f"col:{base[:2]}")
    g.apply(f"hex:{base}")
    return g


def piece(kind: str, lab: str, **extra: Any) -> dict[str, Any]:
    """A piece record written by hand (the campaign tests' pieces carried between games, which
    are not pieces of the tables the studio places)."""
    return {"kind": kind, "hex": lab, "moved": False, "detected": False, "marker": None, "flipped": False,
            **extra}


def position(pieces: Pieces, enemies: dict[str, str] | None = None,
             bases: dict[str, str | None] | None = None, mission: tuple[str, str] | None = None,
             step: str = "movement", rolls: tuple[Any, ...] = (),
             cups: dict[str, list[str]] | None = None) -> studio.Position:
    """pieces: id -> (kind, hex[, fields]); enemies: counter id -> hex; bases (base-1 in 0505
    unless given); mission: (id, hex); ``step``: the phase of the turn the game starts at;
    ``rolls``: forced from the start (the studio's d6, ``("d10", face)``, ``("draw", i)``);
    ``cups``: a cup's items, in order."""
    p = studio.Position("commandos_europe")
    for pid, v in pieces.items():
        p.unit("commandos", pid, v[1], **(v[2] if len(v) > 2 else {}))  # type: ignore[misc]
    for eid, h in (enemies or {}).items():
        p.marker("enemy", h, eid)
    given = bases if bases is not None else {"base-1": "0505"}
    p.setting(bases={b: h for b, h in given.items() if h is not None})
    if mission is not None:
        p.setting(mission={"id": mission[0], "hex": mission[1]})
    if cups:
        p.setting(cups=cups)
    if rolls:
        p.roll(*rolls)
    return p.turn("commandos", step)


def arena(pieces: Pieces, enemies: dict[str, str] | None = None,
          bases: dict[str, str | None] | None = None, mission: tuple[str, str] | None = None,
          step: str = "movement", seed: int = 3, rolls: tuple[Any, ...] = (),
          cups: dict[str, list[str]] | None = None, **args: Any) -> Game:
    """:func:`position`'s game. A ``step`` that is no phase of the turn (a decision such as
    ``escape``, 12.4) is pushed with ``args`` on top of the movement phase."""
    phase = step if step in PHASE_NAMES else "movement"
    g = position(pieces, enemies, bases, mission, phase, rolls, cups).game(seed=seed)
    if phase != step or args:
        if phase == step:
            g.pop()
        g.push(step, **args)
        g.refresh()
    return g


def ids(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def lines(g: Game) -> list[str]:
    return g.log_lines()
