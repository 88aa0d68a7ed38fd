"""Custom scenarios of the Commander games (the web editor's; docs/editor.md), what Combat
Commander and Great War Commander share of them.

A custom scenario is the game's ordinary scenario file whose ``map`` is the map itself rather
than a built-in map's id, so the file is self-contained (an exported file loads anywhere). Each
game keeps the ones it has checked in a bounded :class:`tactica.core.custom.CustomScenarios`
registry whose items carry ``spec`` (the scenario in the shape setup.py reads) and ``board``
(the inline map, named by the scenario's content id: what a game's state cites as its map, so
the rules look the board up through the registry and never through a cache to clear). Here:
the rules' look-ups of such scenarios (:class:`CustomLookups`), a game's entry points over its
own loader (:class:`ScenarioFiles`: check, register, a built-in scenario with its map copied in),
and the blank map of the game's frame (flat-topped hexes, columns A-O).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Protocol

from tactica.core.custom import PREFIX, CustomScenarios
from tactica.core.datafile import DataError, load_file
from tactica.core.hexgrid import Layout
from tactica.core.rules import RulesError, ScenarioInfo

__all__ = ["CustomItem", "CustomLookups", "ScenarioFiles", "blank_map", "blank_top", "is_custom",
           "with_map_inline"]


class CustomItem(Protocol):
    """What a game's registry keeps of a checked custom scenario."""

    @property
    def spec(self) -> dict[str, Any]: ...


def is_custom(sid: object) -> bool:
    return isinstance(sid, str) and sid.startswith(PREFIX)


class CustomLookups:
    """Mixed into a Commander game's rules: a scenario id that is a content id is looked up in
    the game's registry of custom scenarios (registered here, or fetched again from the
    server's copies), every other id as before."""

    custom_registry: CustomScenarios[Any]
    seats: tuple[str, ...]
    if TYPE_CHECKING:
        def all_scenarios(self) -> dict[str, dict[str, Any]]: ...

    def scenario_spec(self, scenario: str) -> dict[str, Any]:
        """A built-in (or added) scenario, or a custom one by content id (KeyError if none)."""
        if is_custom(scenario):
            try:
                spec: dict[str, Any] = self.custom_registry.get(scenario).spec
            except RulesError as exc:
                raise KeyError(str(exc)) from None
            return spec
        return self.all_scenarios()[scenario]

    def scenario(self, scenario_id: str) -> ScenarioInfo:
        """A custom scenario's name and description once this process has it registered or can
        fetch it from the server's copies (RulesError if not); others as the rules list them."""
        if is_custom(scenario_id):
            d = self.custom_registry.get(scenario_id).spec
            return ScenarioInfo(scenario_id, d["name"], " ".join(str(d.get("description", "")).split()),
                                self.seats)
        return super().scenario(scenario_id)  # type: ignore[misc,no-any-return]


def with_map_inline(scenario: Mapping[str, Any], load_map: Callable[[str], Any]) -> dict[str, Any]:
    """A built-in scenario's file data (plain data) with its map copied in: a custom scenario to
    start from. ``load_map(id)`` gives a built-in map file's data."""
    data: dict[str, Any] = json.loads(json.dumps(scenario))
    if isinstance(data.get("map"), str):
        data["map"] = json.loads(json.dumps(load_map(data["map"])))
    return data


class ScenarioFiles:
    """A Commander game's custom-scenario entry points over its own scenario loader: ``check``
    (data, where) raises ``error`` with the file, the entry and the problem; ``scenarios`` and
    ``maps`` give the folders of its built-in scenario and map files. The game's custom.py
    exposes the bound methods."""

    def __init__(self, registry: CustomScenarios[Any], check: Callable[[Any, str], object],
                 error: type[Exception], scenarios: Callable[[], Traversable],
                 maps: Callable[[], Traversable]) -> None:
        self.registry = registry
        self._check = check
        self._error = error
        self._scenarios = scenarios
        self._maps = maps

    def check_scenario(self, data: Any, where: str = "scenario") -> dict[str, Any]:
        """Every check a scenario file passes (the loader's message as a RulesError); the data."""
        if not isinstance(data, Mapping):
            raise RulesError(f"{where}: expected a mapping at the top level")  # as register says
        try:
            self._check(data, where)
        except self._error as exc:
            raise RulesError(str(exc)) from None
        return dict(data)

    def register_scenario(self, data: Any, where: str = "scenario") -> str:
        """Check a scenario given as data and make it playable in this process; its content id
        (the id a game on it cites)."""
        return self.registry.register(data, where)

    def load_builtin(self, scenario_id: str) -> dict[str, Any]:
        """A built-in scenario's file data with its map inline: a custom scenario to start from
        (a file that cannot be read: the game's error, with the reader's message)."""
        return with_map_inline(self._read(self._scenarios() / f"{scenario_id}.yaml"),
                               lambda name: self._read(self._maps() / f"{name}.yaml"))

    def _read(self, path: Traversable) -> Any:
        try:
            return load_file(path).data
        except DataError as exc:
            if isinstance(exc, self._error):
                raise
            raise self._error(str(exc)) from None


def blank_map(cols: int, rows: int, *, terrain: str, objectives: Mapping[str, str], edge_rows: int,
              **extra: Any) -> dict[str, Any]:
    """An empty map of the Commander frame (flat-topped hexes, odd columns shifted, labels
    A1..): ``terrain`` everywhere, level 0, the Objectives where given, and a set-up zone of
    ``edge_rows`` rows at the north and south edges (``north-edge``, ``south-edge``); ``extra``
    adds the game's own keys (Combat Commander's ``combat_commander`` block)."""
    lay = Layout(orientation="flat", offset="odd-q", labels="letter-number", cols=cols, rows=rows)
    last = lay.label(lay.to_axial(cols - 1, rows - 1))[0]
    return {
        "format": "tactica-map", "version": 1, "name": "my_map",
        "geometry": {"orientation": "flat", "offset": "odd-q", "labels": "letter-number",
                     "cols": cols, "rows": rows},
        "defaults": {"terrain": [terrain], "elevation": 0},
        "hexes": {}, "hexsides": {}, "objectives": dict(objectives),
        "zones": {"north-edge": [f"A1..{last}{edge_rows}"],
                  "south-edge": [f"A{rows - edge_rows + 1}..{last}{rows}"]},
        **extra,
    }


def blank_top(seats: tuple[str, str], game_map: dict[str, Any], objectives: Mapping[str, str],
              sides: dict[str, Any], *, time: Mapping[str, int], **extra: Any) -> dict[str, Any]:
    """The keys every Commander scenario file has, for a new scenario on ``game_map``: the first
    seat holds the Initiative and the second takes the first Turn, VP 0, one open and one secret
    Objective chit, no Objective held; ``extra`` (the game's own keys) follows the map."""
    return {
        "format": 1, "kind": "scenario", "id": "my_scenario", "name": "My scenario", "map": game_map,
        **extra, "time": dict(time), "initiative": seats[0], "first": seats[1], "vp": 0,
        "open_chits": 1, "secret_chits": 1, "objectives": dict.fromkeys(objectives), "sides": sides,
    }
