"""Great War Commander Tanks (3.1.1-3.1.6, O14.2.1, O23.5):
filled by the helper "gwart".

rules.py calls :func:`register` once when the rules object is built; nothing is registered yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import GreatWarCommanderRules


def register(rules: GreatWarCommanderRules) -> None:
    """Register this part of the game on ``rules`` (nothing yet)."""
