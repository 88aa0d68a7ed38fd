"""Great War Commander's Support-Table Events: E72 Infiltration, E87 Reinforcements and E91
Stragglers (the procedure and the placing are support.py's).

* Infiltration: no Telephone; the Formations go in or next to a Random Hex.
* Reinforcements: a Telephone goes to the Artillery Box; the Formations along the friendly map
  edge.
* Stragglers: as Infiltration, and every Formation placed is Suppressed.

Formations placed in an enemy-occupied hex fight a Melee: the family's check after every die
trigger (O16.4) resolves it before play goes on (the book puts Reinforcements' and Stragglers'
Melee at the end of the current Order; resolving it at the end of the trigger is our reading,
RULES.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import support

if TYPE_CHECKING:
    from tactica.core.game import Game


def infiltration(g: Game, seat: int, card: str) -> None:
    support.start(g, seat, "E72", "Infiltration", "random")


def reinforcements(g: Game, seat: int, card: str) -> None:
    support.start(g, seat, "E87", "Reinforcements", "edge", telephones=True)


def stragglers(g: Game, seat: int, card: str) -> None:
    support.start(g, seat, "E91", "Stragglers", "random", suppress=True)
