"""Great War Commander Artillery (O18, O19, Telephones 12, barrages, Spotting Rounds, Gas Attacks):
filled by the helper "gwart".

rules.py calls :func:`register` once when the rules object is built; nothing is registered yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules


def register(rules: GreatWarCommanderRules) -> None:
    """Register this part of the game on ``rules`` (nothing yet)."""


def setup(g: Game, scenario: Mapping[str, Any]) -> None:
    """2.1, 4.4.2: put the scenario's Telephones in the Artillery Box (not yet)."""
