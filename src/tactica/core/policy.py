"""What a scripted policy is, and the helpers a module's own policy may use, in core so that a
rules module can write its policy without importing tactica.ai (games and ai stay independent).

A policy picks one legal option for the seat that decides now. It may read ``game.view(seat)``
(or the cheaper ``board_view``), ``game.decision()``/``legal_options()`` and the module's public
static data (maps, unit and card tables); never ``game.state``, because on a real game that holds
what the seat cannot know. tactica.ai.policy finds each module's policy through its Rules'
``scripted`` hook.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from tactica.core.game import Game
from tactica.core.options import Option


class Policy(Protocol):
    """Chooses an option for ``seat``, which must be the seat deciding now."""

    name: str

    def choose(self, game: Game, seat: int, rng: random.Random) -> Option: ...


def board_view(game: Game, seat: int) -> dict[str, Any]:
    """The module's board view for ``seat``: what ``game.view(seat)["board"]`` holds, without
    building the log and decision parts (policies call this on every rollout step)."""
    return game.rules.view(game, seat, game.is_terminal())


def scenario_of(game: Game) -> str:
    """The scenario id: public (every view carries it), read without building a view."""
    sid: str = game.state["scenario"]
    return sid


# Words in option ids/kinds, and how much the generic policy likes them. Ids are "kind:args" by
# convention across modules, so the first word says what the option does.
_AGGRESSIVE = ("fire", "close", "attack", "assault", "melee", "shoot", "advance", "rally", "recover",
               "play", "order", "move", "card")
_PASSIVE = ("pass", "done", "none", "decline", "stay", "skip", "end", "discard")


def _word(o: Option) -> str:
    return (o.kind or o.id.split(":", 1)[0]).lower()


class GenericPolicy:
    """The fallback for modules without a scripted policy: prefer options that act (fire, move,
    play) over options that wait (pass, done), at random among the preferred. Not strong, but a
    clear step up from uniform play, and it never needs to know the module."""

    name = "generic"

    def choose(self, game: Game, seat: int, rng: random.Random) -> Option:
        opts = game.legal_options()
        if not opts:
            raise ValueError("no decision to make: the game is over")
        weights = []
        for o in opts:
            w = _word(o)
            if any(w.startswith(a) for a in _AGGRESSIVE):
                weights.append(4.0)
            elif any(w.startswith(p) for p in _PASSIVE):
                weights.append(0.5)
            else:
                weights.append(1.0)
        return rng.choices(opts, weights)[0]


GENERIC = GenericPolicy()
