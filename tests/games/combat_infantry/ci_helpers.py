"""Scenes for Combat Infantry tests: positions built through the studio (blocks placed by hand on
a scenario's map, at the start of a player turn) and d10s forced by value."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.game import Game
from tactica.games.combat_infantry.blocks import SIDES, sheet
from tactica.games.combat_infantry.scenarios import geo_of


def scene(placements: dict[str, Any], active: str = "usa", scenario: str = "saint_martin",
          seed: int = 1) -> Game:
    """A game on ``scenario``'s map holding only ``placements`` (id -> hex, or (hex, steps) or
    (hex, steps, posture)), at the start of ``active``'s first player turn, ready to activate an
    HQ: built through the studio (docs/studio.md)."""
    p = studio.Position("combat_infantry").setting(base=scenario)
    for bid, where in placements.items():
        hx, *rest = (where,) if isinstance(where, str) else where
        fields: dict[str, Any] = {}
        if rest:
            fields["steps"] = rest[0]
        if len(rest) > 1:
            fields["posture"] = rest[1]
        p.unit(SIDES[sheet()[bid].side], bid, hx, id=bid, **fields)
    return p.turn(active).game(seed=seed)


def hexi(g: Game, label: str) -> int:
    return geo_of(g.state).index[label]


def at(g: Game, bid: str) -> str:
    return geo_of(g.state).label(g.state["blocks"][bid]["hex"])


def steps(g: Game, bid: str) -> int:
    r = g.state["blocks"].get(bid)
    return 0 if r is None else int(r["steps"])


def _swap(oid: str, table: dict[str, str]) -> str:
    return ":".join(table.get(t, t) for t in oid.split(":"))


def oid(g: Game, text: str) -> str:
    """An option id written with block labels (readable in tests), as the game names it: with
    the blocks' public piece ids."""
    return _swap(text, g.state["pieces"])


def tag(g: Game, bid: str) -> str:
    """How the log names a known block: its label and its piece id."""
    return f"{bid} [{g.state['pieces'][bid]}]"


def play(g: Game, text: str) -> None:
    g.apply(oid(g, text))


def ids(g: Game) -> list[str]:
    """The legal option ids with piece ids written as the labels of the blocks they carry."""
    back = {p: b for b, p in g.state["pieces"].items()}
    return [_swap(o.id, back) for o in g.legal_options()]


def dice(g: Game, *values: int) -> None:
    """Force the next d10 rolls (10 is the 0 face)."""
    studio.force_roll(g, *values)


def activate(g: Game, hq: str, deploy: str = "stay") -> None:
    play(g, f"hq:{hq}")
    play(g, deploy)


def log_text(g: Game) -> str:
    return "\n".join(g.log_lines())
