"""Great War Commander's own Orders of the core rules: O20 Command Confusion (a dud), O22 HMG
Suppress, O24 Offensive, O27 Runner and the Engineers' use of any Order card (3.1.9).

Pass (O15) is the family's Turn; Fire, Move, Advance, Recover and Rout are the family's procedures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import GreatWarCommanderRules


def register(rules: GreatWarCommanderRules) -> None:
    """Register the core Orders this module implements on ``rules.orders``."""
