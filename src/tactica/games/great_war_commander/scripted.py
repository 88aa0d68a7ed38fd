"""Great War Commander's scripted policy and search hooks: the Commander family's policy
(commander_family/scripted.py) with the values of the Orders only this game has.

- HMG Suppress (O22): worth about a shot when an HMG sees a stack (Suppression costs the enemy FP,
  Range, Movement and Morale until a Recover), more with more Formations in the hex it would hit.
- Runner (O27): a little, when no other Order is worth giving (a Runner keeps Units in cohesion
  only by itself, 3.3.2, and can become a spotter with the HRL, O27).
- The others (Artillery, Air Assault, Offensive) keep the family's values or none.
"""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game

from ..commander_family.scripted import (
    CommanderPolicy,
    _Ctx,
    branch_point,
    candidates,
    evaluate,
    turn_key,
)
from .core_orders import hmgs, runner_legal

__all__ = ["POLICY", "GwcPolicy", "branch_point", "candidates", "evaluate", "turn_key"]


class GwcPolicy(CommanderPolicy):
    name = "gwc-scripted"

    def order_values(self, game: Game, ctx: _Ctx,
                     names: set[str] | None = None) -> dict[str, tuple[float, str]]:
        out = super().order_values(game, ctx, names)
        g: Any = ctx.g
        if names is None or "HMG Suppress" in names:
            seat = ctx.seat
            guns = hmgs(g, seat)
            best = max((len(ctx.enemy_hexes.get(h, [])) for h in ctx.enemy_hexes), default=0)
            out["HMG Suppress"] = ((0.3 + 0.1 * min(best, 4)) if guns else 0.0,
                                   f"suppress a stack of {best}" if guns else "no HMG sees an enemy")
        if names is None or "Runner" in names:
            out["Runner"] = (0.12 if runner_legal(g, ctx.seat, "") else 0.0, "a Runner for the HRL")
        return out


POLICY = GwcPolicy()
