"""A terminal picture of a Great War view: the board as rows of hexes, then the seat's cards.

Only what the view holds is drawn, so a seat sees exactly what it may know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import COMBAT, COMMAND
from .units import UNIT_TYPES

_CODE = {"infantry": "I", "machine_gun": "G", "mortar": "R", "field_artillery": "A",
         "tank_male": "T", "tank_female": "F"}
_TERRAIN_MARK = {"trench": "=", "wire": "#", "crater": "o", "forest": "^", "building": "B",
                 "rubble": "%", "hill": "n", "flooded": "~"}


def _cell(unit: Mapping[str, Any] | None, terrain: str) -> str:
    if unit is None:
        return f" {_TERRAIN_MARK.get(terrain, '.')} "
    letter = _CODE.get(unit["kind"], "?")
    letter = letter.upper() if unit["side"] == 0 else letter.lower()
    return f"{letter}{unit['figs']}{'*' if unit['ordered'] else ' '}"


def describe(view: Mapping[str, Any], board_rows: list[list[tuple[str, str]]]) -> str:
    """``board_rows``: for each map row, (label, terrain) per hex, west to east."""
    by_hex = {u["hex"]: u for u in view["units"]}
    lines = [f"Turn {view['turn']}  medals {view['medals'][0]}-{view['medals'][1]} "
             f"(to win {view['target'][0]}/{view['target'][1]})  HQ tokens {view['hq']}"]
    if board_rows:
        lines.append("     " + " ".join(f"{lab.rstrip('0123456789'):^3}" for lab, _ in board_rows[0]))
    for r, row in enumerate(board_rows):
        number = row[0][0].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") if row else ""
        pad = "  " if r % 2 else ""
        lines.append(f"{number:>4} {pad}" + " ".join(_cell(by_hex.get(lab), ter) for lab, ter in row))
    legend = ", ".join(f"{c} {UNIT_TYPES[k].name.lower()}" for k, c in _CODE.items() if k in UNIT_TYPES)
    marks = ", ".join(f"{m} {t}" for t, m in _TERRAIN_MARK.items())
    lines.append(f"Units: {legend}; capitals Allied, lower case Central Powers; digit: figures "
                 "(a tank: silhouettes); *: ordered.")
    lines.append(f"Terrain: {marks}; . clear.")
    for side in (0, 1):
        hand = view["hands"][side]
        if hand is not None:
            lines.append("Command cards: " + ", ".join(COMMAND[c]["name"] for c in hand))
        combat = view["combat_hands"][side]
        if combat is not None:
            lines.append("Combat cards: " + (", ".join(COMBAT[c]["name"] for c in combat) or "none"))
    return "\n".join(lines)
