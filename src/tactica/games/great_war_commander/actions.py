"""Great War Commander's Actions A28-A55: registration (filled by the helper "gwcards").

rules.py calls :func:`register` once, after the family's procedures are switched on (the Fire
Action A42, Op Fire, is the family's). Until filled, every other Action is in the registry as not
yet implemented (a card whose Action is not implemented can still be given for its Order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import GreatWarCommanderRules


def register(rules: GreatWarCommanderRules) -> None:
    """Register the implemented Actions on ``rules.actions`` (none yet)."""
