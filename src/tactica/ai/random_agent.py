"""Uniform over the legal options: the baseline every other agent is measured against."""

from __future__ import annotations

import random

from tactica.core.game import Game


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> str:
        if game.current_player() != seat:
            raise ValueError(f"seat {seat} has no decision to make")
        return self._rng.choice(game.legal_options()).id
