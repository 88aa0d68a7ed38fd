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

    def choose(self, game: Game, seat: int) -> str:
        if game.current_player() != seat:
            raise ValueError(f"seat {seat} has no decision to make")
        return policy_for(game.rules.id).choose(game, seat, self._rng).id
