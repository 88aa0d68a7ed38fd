"""The typed way from a game to its Commander-family rules object.

Every procedure of the family reaches the playing game's components and hooks through
:func:`rules_of`: one place that says the game's rules are a :class:`CommanderRules`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .base import CommanderRules

    def rules_of(g: Game) -> CommanderRules:
        """``g.rules`` as the family's Rules class (a Commander game always plays on one)."""
        ...
else:
    rules_of = attrgetter("rules")  # the same at run time, without a Python call (hot paths)
