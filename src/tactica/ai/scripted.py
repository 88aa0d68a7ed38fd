"""The scripted agent: plays its module's scripted policy (tactica.ai.policy), no search.

Sound, explainable play at no cost: each module's policy says in its docstring what it aims
for. Modules without one get the generic option heuristics.
"""

from __future__ import annotations

import random

from tactica.ai.policy import policy_for
from tactica.core.game import Game


class ScriptedAgent:
    name = "scripted"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self.last_reason = ""
        """Why the last choice was made, for policies that say (``explain``); else empty."""

    def choose(self, game: Game, seat: int) -> str:
        if game.current_player() != seat:
            raise ValueError(f"seat {seat} has no decision to make")
        policy = policy_for(game.rules.id)
        explain = getattr(policy, "explain", None)
        if explain is not None:
            opt, self.last_reason = explain(game, seat, self._rng)
            return str(opt.id)
        return policy.choose(game, seat, self._rng).id
