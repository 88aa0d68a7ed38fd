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

import json
from dataclasses import dataclass
from typing import Any, Final

from tactica.core.custom import PREFIX, CustomScenarios, content_id
from tactica.core.hexgrid import Layout
from tactica.core.rules import RulesError

from ._schema import ComponentError, read
from .maps import CcMap, maps_dir
from .scenario_data import SEATS, check_with_map, scenarios_dir

__all__ = ["REGISTRY", "CustomScenario", "blank_scenario", "check_scenario", "content_id",
           "is_custom", "load_builtin", "register_scenario"]


@dataclass(frozen=True, eq=False)
class CustomScenario:
    spec: dict[str, Any]  # the engine's shape (scenarios.py)
    cc_map: CcMap


def _build(data: Any, where: str, sid: str) -> CustomScenario:
    try:
        sc, cc_map = check_with_map(data, where, board_name=sid)
    except ComponentError as exc:
        raise RulesError(str(exc)) from None
    return CustomScenario(sc.to_engine(), cc_map)


REGISTRY: Final = CustomScenarios("combat_commander", _build)


def is_custom(sid: object) -> bool:
    return isinstance(sid, str) and sid.startswith(PREFIX)


def check_scenario(data: Any, where: str = "scenario") -> dict[str, Any]:
    """Every check a scenario file passes (ScenarioError's message as a RulesError); the data."""
    try:
        check_with_map(data, where)
    except ComponentError as exc:
        raise RulesError(str(exc)) from None
    return dict(data)


def register_scenario(data: Any, where: str = "scenario") -> str:
    """Check a scenario given as data and make it playable in this process; its content id (the
    id a game on it cites)."""
    return REGISTRY.register(data, where)


def load_builtin(scenario_id: str) -> dict[str, Any]:
    """A built-in scenario's file data with its map inline: a custom scenario to start from."""
    data = _raw(scenarios_dir() / f"{scenario_id}.yaml")
    if isinstance(data.get("map"), str):
        data["map"] = _raw(maps_dir() / f"{data['map']}.yaml")
    return data


def _raw(path: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(read(path).data))
    return out


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
    lay = Layout(orientation="flat", offset="odd-q", labels="letter-number", cols=COLS, rows=ROWS)
    last = lay.label(lay.to_axial(COLS - 1, ROWS - 1))[0]
    cc_map = {
        "format": "tactica-map", "version": 1, "name": "my_map",
        "geometry": {"orientation": "flat", "offset": "odd-q", "labels": "letter-number",
                     "cols": COLS, "rows": ROWS},
        "defaults": {"terrain": ["open"], "elevation": 0},
        "hexes": {}, "hexsides": {}, "objectives": dict(BLANK_OBJECTIVES),
        "zones": {"north-edge": [f"A1..{last}2"], "south-edge": [f"A9..{last}10"]},
        "combat_commander": {"friendly_edges": ["north", "south"],
                             "artillery_boxes": {"northwest": "north", "southeast": "south"},
                             "buildings": {}, "setup_zones": {"north-edge": "north", "south-edge": "south"}},
    }

    def side(nation: str, posture: str, surrender: int, edge: str) -> dict[str, Any]:
        return {"nation": nation, "posture": posture, "quality": "Line", "surrender": surrender,
                "edge": edge, "setup": f"{edge}-edge",
                "forces": {"leaders": [], "units": {}, "weapons": [], "radios": []},
                "placed": [], "reinforcements": []}

    return {
        "format": 1, "kind": "scenario", "id": "my_scenario", "name": "My scenario", "map": cc_map,
        "year": 1944, "time": {"start": 0, "sudden_death": 7, "last": 12},
        "initiative": SEATS[0], "first": SEATS[1], "vp": 0, "open_chits": 1, "secret_chits": 1,
        "objectives": dict.fromkeys(BLANK_OBJECTIVES),
        "sides": {"axis": side("Germany", "Defend", 7, "north"),
                  "allies": side("America", "Attack", 9, "south")},
    }
