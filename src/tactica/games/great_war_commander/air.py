"""Great War Commander's Air Assault (O17) as pure functions: the aircraft's FP by date and nation,
and the hex row its nose traces from the Random Hex.

Readings (RULES.md): the chart under O17.1 is OCR-damaged, the prose gives the values: Bombing 3
in 1914 and 6 afterwards for every nation; Strafing 5, French and British from February 1916,
German from August 1915, American always (America fights from 1917). The row is the straight line
of hexes from the Random Hex (included) toward the compass direction the nose points, to the map
edge: the marker faces one of six directions, not one of three axes, and both worked examples
(G11 to G8; G11 to J9-K9) lie ahead of the nose.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from types import MappingProxyType
from typing import TYPE_CHECKING

from tactica.core.board import Board
from tactica.core.hexgrid import neighbor

from ..commander_family.artillery import COMPASS

if TYPE_CHECKING:
    from .rules import GreatWarCommanderRules

BOMBING = "bombing"
STRAFING = "strafing"

STRAFING_FROM: Mapping[str, str] = MappingProxyType(
    {"France": "1916-02", "Britain": "1916-02", "Germany": "1915-08", "America": "1900-01"})
"""O17.1 step 4: the first month each nation may strafe."""


def bombing_fp(date: str) -> int:
    """O17.1 step 4: 3 in 1914, 6 in the later years (every nation)."""
    return 3 if date < "1915-01" else 6


def strafing_fp(date: str, nation: str) -> int | None:
    """O17.1 step 4: 5 once the nation may strafe, else None (no Strafing)."""
    first = STRAFING_FROM.get(nation)
    return 5 if first is not None and date >= first else None


def row(board: Board, start: str, direction: int) -> list[str]:
    """The hexes from ``start`` (included) toward compass ``direction`` (1-6) to the map edge."""
    h = board.parse(start)
    out = [start]
    d = COMPASS[direction]
    while True:
        h = neighbor(h, d)
        if h not in board:
            return out
        out.append(board.label(h))


def strafing_pairs(hexes: list[str]) -> list[tuple[str, str]]:
    """O17.1 step 3: any two adjacent hexes of the row (consecutive along it)."""
    return list(pairwise(hexes))


def register(rules: GreatWarCommanderRules) -> None:
    """Register the Air Assault Order (O17) on ``rules`` (not yet: the pure functions above)."""
