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
    s.update(blocks=blocks, pt=1, active=SIDES.index(active), first=SIDES.index(active), done_companies=[],
             act=None, assault=None, dead=[], vp=[0, 0])
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


def ids(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def dice(g: Game, *values: int) -> None:
    """Force the next d10 rolls (10 is the 0 face)."""
    g.chance.force_dice(list(values), sides=10)


def activate(g: Game, hq: str, deploy: str = "stay") -> None:
    g.apply(f"hq:{hq}")
    g.apply(deploy)


def log_text(g: Game) -> str:
    return "\n".join(g.log_lines())
