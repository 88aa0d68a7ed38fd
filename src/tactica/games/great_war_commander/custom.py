"""Custom Great War Commander scenarios (the web editor's; docs/editor.md): a scenario file given
as data, its map inline, played under its content id (core/custom.py, commander_family/custom.py).

A custom scenario is the ordinary scenario file (_schema.ScenarioFile) whose ``map`` is the map
itself, so the file is self-contained. It is checked by the very loader the built-in files pass
(data.check_data: the model, the map as a map file is checked, rosters, dates, countermix,
set-up zones, stacking, Fortifications, Gas); its map's board is named by the scenario's content
id, which is what a game's state cites as its map, so the rules find the board and the file
through this registry (bounded, fetched again from the server's copies when evicted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tactica.core.board import Board
from tactica.core.custom import CustomScenarios, content_id
from tactica.core.rules import RulesError

from ..commander_family.custom import ScenarioFiles, blank_map, blank_top
from ._schema import SEATS, ScenarioFile
from .components import builtin_components
from .data import GwcDataError, check_data, data_dir
from .scenarios import to_family

__all__ = ["REGISTRY", "CustomScenario", "blank_scenario", "check_scenario", "content_id",
           "load_builtin", "register_scenario"]


@dataclass(frozen=True, eq=False)
class CustomScenario:
    file: ScenarioFile  # the checked file (the rules' hooks read Telephones, Fortifications, Gas)
    board: Board  # the inline map, named by the content id
    spec: dict[str, Any]  # the family's shape (scenarios.to_family)


def _build(data: Any, where: str, sid: str) -> CustomScenario:
    try:
        sc, board = check_data(data, where, board_name=sid)
    except GwcDataError as exc:
        raise RulesError(str(exc)) from None
    return CustomScenario(sc, board, to_family(builtin_components(), sc, custom_id=sid))


REGISTRY: Final = CustomScenarios("great_war_commander", _build)


_FILES: Final = ScenarioFiles(REGISTRY, check_data, GwcDataError, lambda: data_dir() / "scenarios",
                              lambda: data_dir() / "maps")
check_scenario: Final = _FILES.check_scenario
register_scenario: Final = _FILES.register_scenario
load_builtin: Final = _FILES.load_builtin


COLS: Final = 15
ROWS: Final = 11
BLANK_OBJECTIVES: Final = {"1": "H6", "2": "C5", "3": "M5", "4": "E7", "5": "K7"}


def blank_scenario(cols: int = COLS, rows: int = ROWS) -> dict[str, Any]:
    """A new scenario on an open 15 x 11 map (2.1: columns A-O, rows 1-11; the Random Hexes of
    the Fate cards name every hex, so the size is fixed): Objectives 1-5 spread over the middle
    (2.3; move them), set-up zones of three rows at the north and south edges, Germany defending
    against France in July 1918; no Formation yet, so it does not pass the loader until each
    side has one."""
    if (cols, rows) != (COLS, ROWS):
        raise RulesError(f"a Great War Commander map is {COLS} x {ROWS} hexes (2.1)")
    game_map = blank_map(COLS, ROWS, terrain="open_ground", objectives=BLANK_OBJECTIVES, edge_rows=3)

    def side(nation: str, posture: str, orders: int, surrender: int, edge: str) -> dict[str, Any]:
        return {"nation": nation, "posture": posture, "orders": orders, "discard_limit": orders,
                "surrender": surrender, "edge": edge, "setup": f"{edge}-edge",
                "forces": {"leaders": [], "formations": {}, "weapons": [], "telephones": []},
                "placed": [], "reinforcements": []}

    return blank_top(SEATS, game_map, BLANK_OBJECTIVES,
                     {"germany": side("Germany", "Defend", 2, 7, "north"),
                      "entente": side("France", "Attack", 3, 9, "south")},
                     date="1918-07", description="A scenario made in the editor.",
                     balance="Not measured yet.", time={"start": 0, "sudden_death": 6, "last": 10})
