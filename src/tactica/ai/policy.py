"""Scripted policies: one per rules module, found by module id, with a generic fallback.

A policy picks one legal option for the seat that decides now. It is what the ``scripted`` agent
plays, what search rolls out with, and what search expands first (its prior). A policy may read
``game.view(seat)`` (or the cheaper ``board_view``), ``game.decision()``/``legal_options()`` and
the module's public static data (maps, unit and card tables); never ``game.state``, because on a
real game that holds what the seat cannot know.

A module plugs its policy in without touching this file: ``tactica.games.<id>.scripted`` with a
``POLICY`` object (and optionally ``evaluate`` and ``turn_key``, see :mod:`tactica.ai.hooks`), or
a call to :func:`register_policy`.
"""

from __future__ import annotations

import importlib
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
_registered: dict[str, Policy] = {}
_found: dict[str, Any] = {}


def register_policy(module_id: str, policy: Policy) -> None:
    """Use ``policy`` for games of ``module_id`` (overrides the module's own scripted.py)."""
    _registered[module_id] = policy


def scripted_module(module_id: str) -> Any:
    """``tactica.games.<id>.scripted`` if the module ships one, else None (looked up once)."""
    if module_id not in _found:
        try:
            _found[module_id] = importlib.import_module(f"tactica.games.{module_id}.scripted")
        except ModuleNotFoundError as e:
            if e.name is None or not f"tactica.games.{module_id}.scripted".startswith(e.name):
                raise  # the module exists but something it imports is missing: a real error
            _found[module_id] = None
    return _found[module_id]


def policy_for(module_id: str) -> Policy:
    """The scripted policy of a rules module: registered, shipped in its package, or generic."""
    if module_id in _registered:
        return _registered[module_id]
    mod = scripted_module(module_id)
    pol = getattr(mod, "POLICY", None) if mod is not None else None
    return pol if pol is not None else GENERIC
