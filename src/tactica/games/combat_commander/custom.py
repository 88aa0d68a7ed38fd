"""Custom Combat Commander scenarios (the web editor's; docs/editor.md): a scenario file given as
data, its map inline, played under its content id (core/custom.py).

A custom scenario is the ordinary scenario file (scenario_data.py) whose ``map`` is the map itself
rather than a built-in id, so the file is self-contained: an exported file loads anywhere. It
is checked by the very loader the built-in files pass (``check_data``); its map's board is named
by the scenario's content id, which is what a game's state cites as its map, so the rules look the
board up through this registry (bounded, refetched from the server's copies when evicted) and
never through a cache that would have to be cleared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tactica.core.custom import CustomScenarios, content_id
from tactica.core.rules import RulesError

from ..commander_family.custom import ScenarioFiles, blank_map, blank_top, is_custom
from ._schema import ComponentError
from .maps import CcMap, maps_dir
from .scenario_data import SEATS, check_with_map, scenarios_dir

__all__ = ["REGISTRY", "CustomScenario", "blank_scenario", "check_scenario", "content_id",
           "is_custom", "load_builtin", "register_scenario"]


@dataclass(frozen=True, eq=False)
class CustomScenario:
    spec: dict[str, Any]  # the engine's shape (scenarios.py)
    cc_map: CcMap

    @property
    def board(self) -> Any:
        return self.cc_map.board


def _build(data: Any, where: str, sid: str) -> CustomScenario:
    try:
        sc, cc_map = check_with_map(data, where, board_name=sid)
    except ComponentError as exc:
        raise RulesError(str(exc)) from None
    return CustomScenario(sc.to_engine(), cc_map)


REGISTRY: Final = CustomScenarios("combat_commander", _build)


_FILES: Final = ScenarioFiles(REGISTRY, check_with_map, ComponentError, scenarios_dir, maps_dir)
check_scenario: Final = _FILES.check_scenario
register_scenario: Final = _FILES.register_scenario
load_builtin: Final = _FILES.load_builtin


COLS: Final = 15
ROWS: Final = 10
BLANK_OBJECTIVES: Final = {"1": "H5", "2": "C4", "3": "M4", "4": "E7", "5": "K7"}


def blank_scenario(cols: int = COLS, rows: int = ROWS) -> dict[str, Any]:
    """A new scenario on an open 15 x 10 board (rule 2: every Random Hex A1-O10 exists, so the
    size is fixed): Objectives 1-5 spread over the middle (2.3; move them), set-up zones of two
    rows at the north and south edges, Germany defending against America; no unit yet, so it
    does not pass the loader until each side has one."""
    if (cols, rows) != (COLS, ROWS):
        raise RulesError(f"a Combat Commander map is {COLS} x {ROWS} hexes (rule 2)")
    cc_map = blank_map(COLS, ROWS, terrain="open", objectives=BLANK_OBJECTIVES, edge_rows=2,
                       combat_commander={"friendly_edges": ["north", "south"],
                                         "artillery_boxes": {"northwest": "north", "southeast": "south"},
                                         "buildings": {},
                                         "setup_zones": {"north-edge": "north", "south-edge": "south"}})

    def side(nation: str, posture: str, surrender: int, edge: str) -> dict[str, Any]:
        return {"nation": nation, "posture": posture, "quality": "Line", "surrender": surrender,
                "edge": edge, "setup": f"{edge}-edge",
                "forces": {"leaders": [], "units": {}, "weapons": [], "radios": []},
                "placed": [], "reinforcements": []}

    return blank_top(SEATS, cc_map, BLANK_OBJECTIVES,
                     {"axis": side("Germany", "Defend", 7, "north"),
                      "allies": side("America", "Attack", 9, "south")},
                     year=1944, time={"start": 0, "sudden_death": 7, "last": 12})
