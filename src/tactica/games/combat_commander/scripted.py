"""Search hooks for Combat Commander (see tactica.ai.hooks): rollouts stop after a few Turns and
score the position by the VP track, instead of playing a whole game (hundreds of Turns) out.

No POLICY yet: the generic policy (act rather than wait) plays; a CC-specific one can come with
the Move stage.
"""

from __future__ import annotations

import math

from tactica.core.game import Game


def turn_key(game: Game) -> int:
    """Turns played so far: grows by one each player Turn (5)."""
    return int(game.state["turn"])


def evaluate(game: Game) -> list[float]:
    """The returns once the game is over; else the VP track squashed into (-1, 1) (+ favours seat
    0, 7), plus a little for the Casualty-Track margin to Surrender (6.3)."""
    if game.is_terminal():
        return game.returns()
    s = game.state
    margin = [int(sd["surrender"]) - len(sd["casualties"]) for sd in s["sides"]]
    v = math.tanh(int(s["vp"]) / 8 + (margin[0] - margin[1]) / 20)
    return [v, -v]
