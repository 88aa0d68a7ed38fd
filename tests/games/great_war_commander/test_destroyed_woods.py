"""T124.1 with T110.4.1: Destroyed Woods below an observer on a Hill is seen two hexes into, and
the second hides the hex right behind it (the blind hex), both ways; beyond it the line is clear."""

from __future__ import annotations

from typing import Any

from tactica.core.board import Board, load_board
from tactica.core.los import sight
from tactica.games.great_war_commander import terrain


def _board(hexes: dict[str, Any]) -> Board:
    doc = {"version": 1, "name": "t", "geometry": {"orientation": "flat", "offset": "odd-q",
                                                   "labels": "letter-number", "cols": 4, "rows": 9},
           "defaults": {"terrain": ["open_ground"], "elevation": 0}, "hexes": hexes}
    return load_board(doc, source_name="t")


def _clear(b: Board, a: str, c: str) -> bool:
    return bool(terrain.los_policy().evaluate(b, sight(b, b.parse(a), b.parse(c))).clear)


def test_T110_4_1_T124_1_the_second_lower_destroyed_woods_makes_a_blind_hex() -> None:
    b = _board({"B2": {"elevation": 1}, "B3": {"terrain": ["destroyed_woods"]},
                "B4": {"terrain": ["destroyed_woods"]}})
    assert _clear(b, "B2", "B4")  # into the second Destroyed Woods hex
    assert not _clear(b, "B2", "B5") and not _clear(b, "B5", "B2")  # the blind hex, both ways
    assert _clear(b, "B2", "B6")  # beyond the blind zone
    notes: list[str] = []
    terrain.los_policy().evaluate(b, sight(b, b.parse("B2"), b.parse("B5")), None, notes)
    assert any("blind hex behind B4" in n and "T110.4.1" in n for n in notes)
    one = _board({"B2": {"elevation": 1}, "B3": {"terrain": ["destroyed_woods"]}})
    assert _clear(one, "B2", "B4")  # one lower hex: seen two hexes into, no blind hex
    level = _board({"B3": {"terrain": ["destroyed_woods"]}, "B4": {"terrain": ["destroyed_woods"]}})
    assert not _clear(level, "B2", "B5") and not _clear(level, "B2", "B6")  # same level: blocked
    higher = _board({"B2": {"elevation": 1}, "B3": {"terrain": ["destroyed_woods"]},
                     "B4": {"terrain": ["destroyed_woods"]}, "B5": {"elevation": 1}})
    assert _clear(higher, "B2", "B5")  # T110.4.1: only a hex at or below the Woods' level is blind
