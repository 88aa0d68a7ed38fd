"""Custom Combat Infantry scenarios (the web editor's; docs/editor.md): a scenario file given as
data, its map inline, played under its content id (core/custom.py).

A custom scenario is the ordinary scenario file (data_models.ScenarioFile) whose ``map`` is the
map itself (a core map file's content, with the Terrain Effects Chart's names) rather than a
sheet id, so the file is self-contained: an exported file loads anywhere. It is checked by the
very loader the built-in files pass (scenarios.check_scenario); a game's state names only its
scenario, and the rules find the map's tables (Geo) beside the checked scenario in this registry
(bounded, fetched again from the server's copies when evicted), never in a cache to clear.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from tactica.core.custom import CustomScenarios, content_id
from tactica.core.hexgrid import Layout
from tactica.core.rules import RulesError

from .geo import Geo
from .scenarios import DIR, check_scenario, inline_map, scenario_ids
from .sheets import SheetError, joined_map, map_key, sheet_data

__all__ = ["REGISTRY", "CustomScenario", "blank_scenario", "check", "content_id", "load_builtin",
           "register_scenario"]

DERIVED_HEXSIDES: Final = {"from_terrain": {t: t for t in ("woods", "town", "orchard", "marsh", "cemetery")},
                           "from_elevation": "slope"}
"""As the module's map files: hex terrain and level changes imply their hexsides (3.1)."""


@dataclass(frozen=True, eq=False)
class CustomScenario:
    data: dict[str, Any]
    """The checked scenario, as scenarios.load_scenario gives a built-in one."""
    geo: Geo
    """Its map's tables, line of sight included."""


def _build(data: Any, where: str, sid: str) -> CustomScenario:
    if not isinstance(data, dict) or not isinstance(data.get("map"), dict):
        raise RulesError(f"{where}: map: a custom scenario carries its map inline (a map file's content)")
    board = inline_map(data["map"], f"{where}: map")
    checked = check_scenario(json.loads(json.dumps(data)), where, None, board=board)
    return CustomScenario({**checked, "map": sid}, Geo(board))


REGISTRY: Final = CustomScenarios("combat_infantry", _build)


def check(data: Any, where: str = "scenario") -> dict[str, Any]:
    """Every check a scenario file passes, on a scenario given as data with its map inline (the
    editor's Check, Save and Import); RulesError with the loader's message. Builds no tables."""
    if not isinstance(data, dict):
        raise RulesError(f"{where}: expected a mapping at the top level")
    if "map" in data and not isinstance(data["map"], dict):
        raise RulesError(f"{where}: map: a custom scenario carries its map inline (a map file's content)")
    check_scenario(data, where, None)
    return dict(data)


def register_scenario(data: Any, where: str = "scenario") -> str:
    """Check a scenario given as data and make it playable in this process (its map's tables
    built); its content id, the id a game on it cites."""
    if not isinstance(data, dict):
        raise RulesError(f"{where}: expected a mapping at the top level")
    check(data, where)
    return REGISTRY.register(data, where)


def load_builtin(scenario_id: str) -> dict[str, Any]:
    """A built-in scenario's file data with its map inline (one sheet, or the sheets joined, 3.0):
    a custom scenario to start from."""
    if scenario_id not in scenario_ids():
        raise RulesError(f"combat_infantry has no scenario {scenario_id!r}")
    from tactica.core.datafile import parse_yaml

    path = DIR / f"{scenario_id}.yaml"
    data: dict[str, Any] = json.loads(json.dumps(parse_yaml(path.read_text(encoding="utf-8"), path.name)))
    try:
        key = map_key(data["map"])
        m = joined_map(key) if ("+" in key or "/" in key) else sheet_data(key)
    except SheetError as exc:
        raise RulesError(str(exc)) from None
    data["map"] = json.loads(json.dumps(m))
    return data


COLS: Final = 14
ROWS: Final = 10
"""A map sheet's size (3.0): 14 x 10 hexes of 100 m, flat-top."""


def blank_scenario(cols: int = COLS, rows: int = ROWS) -> dict[str, Any]:
    """A new scenario on a clear board of ``cols`` x ``rows`` flat-top hexes (the sheets'
    frame): set-up hexes in the westmost column for the Americans and the eastmost for the
    Germans, one objective in the middle, four game turns; no block yet, so it does not pass the
    loader until each side has an HQ."""
    lay = Layout(orientation="flat", offset="odd-q", labels="letter-number", cols=cols, rows=rows)

    def label(c: int, r: int) -> str:
        return lay.label(lay.to_axial(c, r))

    mid = rows // 2
    cmap = {
        "format": "tactica-map", "version": 1, "name": "my_map",
        "geometry": {"orientation": "flat", "offset": "odd-q", "labels": "letter-number",
                     "cols": cols, "rows": rows},
        "defaults": {"terrain": ["clear"], "elevation": 0},
        "derived_hexsides": json.loads(json.dumps(DERIVED_HEXSIDES)),
        "hexes": {}, "hexsides": {}, "roads": [],
        "objectives": {"centre": label(cols // 2, mid)},
    }
    return {
        "format": "tactica-scenario", "version": 1, "id": "my_scenario", "name": "My scenario",
        "description": "", "map": cmap, "game_turns": 4, "first": "usa", "weather": "fair",
        "night": False, "solitaire": False, "objectives": {"centre": 1}, "attached": {},
        "support": {}, "wire": {},
        "setup": {"usa": {}, "ger": {}},
        "deploy": {"usa": {"areas": [label(0, mid)], "blocks": []},
                   "ger": {"areas": [label(cols - 1, mid)], "blocks": []}},
    }
