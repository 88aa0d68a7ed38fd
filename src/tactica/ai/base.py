"""What an agent is, and how one is named on the command line and in the lobby."""

from __future__ import annotations

from typing import Protocol

from tactica.core.game import Game


class Agent(Protocol):
    """Chooses an option id for ``seat``. An agent may read ``game.view(seat)`` and
    ``game.legal_options()`` when it is ``seat``'s decision, and may search only on
    ``game.resample_from_infostate(seat, ...)``: never on the game itself, which holds what the
    seat cannot know."""

    name: str

    def choose(self, game: Game, seat: int) -> str: ...


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its name ('random', later 'scripted', 'search:2s' ...)."""
    from tactica.ai.random_agent import RandomAgent

    kind = spec.split(":", 1)[0]
    if kind == "random":
        return RandomAgent(seed)
    raise ValueError(f"no agent {spec!r}; known: random")
