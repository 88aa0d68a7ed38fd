"""Scenes for Combat Infantry tests: blocks placed by hand on the Saint-Martin map, the flow set
to the start of a player turn, and dice forced through the game's own chance stream."""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game
from tactica.games.combat_infantry import RULES
from tactica.games.combat_infantry.blocks import SIDES, sheet
from tactica.games.combat_infantry.scenarios import geo_of


def scene(placements: dict[str, Any], active: str = "usa", scenario: str = "saint_martin",
          seed: int = 1) -> Game:
    """A game whose map holds only ``placements`` (id -> hex, or (hex, steps) or (hex, steps,
    posture)), at the start of ``active``'s first player turn, ready to activate an HQ."""
    g = Game.new(RULES, scenario, seed=seed)
    s = g.state
    geo = geo_of(s)
    blocks = {}
    for bid, where in placements.items():
        if isinstance(where, str):
            hx, steps, posture = where, sheet()[bid].steps, "upright"
        else:
            hx, steps, *rest = where
            posture = rest[0] if rest else "upright"
        blocks[bid] = {"hex": geo.index[hx], "steps": steps, "half": False, "posture": posture,
                       "acted": posture == "down"}
    pieces = dict(s["pieces"])
    for bid in sorted(blocks):  # blocks the scenario does not hold get the next free piece ids
        if bid not in pieces:
            side = SIDES[sheet()[bid].side]
            n = 1 + sum(1 for p in pieces.values() if p.startswith(side))
            pieces[bid] = f"{side}-{n:02d}"
    s.update(blocks=blocks, pieces=pieces, pt=1, active=SIDES.index(active), first=SIDES.index(active),
             done_companies=[], act=None, assault=None, dead=[], vp=[0, 0])
    s["stack"] = [{"step": "game_turn", "args": {}}, {"step": "activate", "args": {}}]
    g.refresh()
    return g


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
    g.chance.force_dice(list(values), sides=10)


def activate(g: Game, hq: str, deploy: str = "stay") -> None:
    play(g, f"hq:{hq}")
    play(g, deploy)


def log_text(g: Game) -> str:
    return "\n".join(g.log_lines())
