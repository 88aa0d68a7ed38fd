"""Combat Commander maps: the core map format plus a ``combat_commander:`` block.

A CC map file is a core map file (docs/map-format.md) restricted to the Terrain Chart's names
(:mod:`.terrain`), with one extra top-level block the core loader never sees::

    combat_commander:
      friendly_edges: [north, south]          # the two opposite edges players set up behind (7.2)
      artillery_boxes: {northwest: north, southeast: south}   # two opposite corners (2.2.3),
                                              # each the box of the player whose edge is named
      buildings: {church: [J3, J4, K3]}       # multi-hex Buildings (T82, 7.3.1.1), by name
      setup_zones: {north-deep: north, ...}   # zones scenarios may use, and whose edge they are on

On top of the core checks, loading requires what rule 2 and the decks need: a 15 x 10 flat-top
letter-number grid with no missing hex (every Random Hex A1-O10 must exist), Objectives exactly
1-5 (2.3), Buildings made of adjacent Building hexes, each set-up zone non-empty and lying wholly
in the half of the map nearer its edge, railway hexes marked on both the hex and the path (T92).
Every problem raises :class:`MapError` naming the file, the entry and the problem.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Final

from tactica.core.board import Board, BoardError, load_board
from tactica.core.hexgrid import Hex
from tactica.core.schema import validate

from ._schema import ComponentError, read
from .components import data_dir
from .data_models import CcMapBlock, CcMapFile
from .terrain import on_path, terrain_chart

__all__ = ["CORNERS", "EDGES", "CcMap", "MapError", "builtin_map", "builtin_map_ids", "load_map",
           "map_from_data", "map_of_board"]

EDGES: Final = ("north", "south", "west", "east")
OPPOSITE: Final = MappingProxyType({"north": "south", "south": "north", "west": "east", "east": "west"})
CORNERS: Final = MappingProxyType(
    {"northwest": "southeast", "northeast": "southwest"}
    | {"southeast": "northwest", "southwest": "northeast"}
)
COLS: Final = 15  # rule 2 and the decks' Random Hex range A-O
ROWS: Final = 10


class MapError(BoardError):
    """A CC map file that cannot be loaded as written (file: entry: problem)."""


@dataclass(frozen=True, eq=False)
class CcMap:
    """A loaded CC map: the core board plus what the CC rules need to know about it."""

    id: str
    board: Board
    friendly_edges: tuple[str, str]
    artillery_boxes: Mapping[str, str]  # corner -> edge of the player it serves
    buildings: Mapping[str, tuple[Hex, ...]]
    setup_zones: Mapping[str, str]  # zone -> edge
    source: str

    def building(self, h: Hex) -> tuple[Hex, ...]:
        """Every hex of the Building containing ``h`` (just ``(h,)`` for a one-hex Building)."""
        for hexes in self.buildings.values():
            if h in hexes:
                return hexes
        return (h,)

    def objective_hexes(self, oid: str | int) -> tuple[Hex, ...]:
        """The hexes forming Objective ``oid``: a whole multi-hex Building (7.3.1.1, T82)."""
        h = self.board.objectives[str(oid)]
        return self.building(h) if self.board.has(h, "building") else (h,)

    def artillery_box(self, edge: str) -> str:
        """The corner holding the Radio of the player whose friendly edge is ``edge`` (2.2.3)."""
        for corner, owner in self.artillery_boxes.items():
            if owner == edge:
                return corner
        raise KeyError(f"map {self.id!r} has no artillery box for edge {edge!r}")

    def zone(self, name: str) -> tuple[Hex, ...]:
        return self.board.zones[name]


def load_map(source: str | os.PathLike[str] | Traversable) -> CcMap:
    """Load and check a CC map file (format in the module docstring, schema: CcMapFile)."""
    try:
        doc = read(source)
    except ComponentError as exc:
        raise MapError(str(exc)) from exc
    return map_from_data(doc.data, doc.name, lines=doc.lines)


def map_from_data(data: object, name: str, *, board_name: str | None = None,
                  lines: Mapping[tuple[str | int, ...], int] | None = None) -> CcMap:
    """Check a CC map given as data (a scenario's inline map, the editor's) exactly as a map
    file is checked; ``name`` names it in messages, ``board_name`` (default: the map's own
    ``name``) is the board's and the map's id (a custom scenario's content id)."""
    block = validate(CcMapFile, data, name, MapError, lines).combat_commander
    assert isinstance(data, Mapping)
    core = {k: v for k, v in data.items() if k != "combat_commander"}
    if board_name is not None:
        core["name"] = board_name
    chart = terrain_chart()
    try:
        board = load_board(
            core,
            chart.allowed_terrain,
            chart.allowed_hexside,
            allowed_roads=chart.allowed_roads,
            source_name=name,
            lines=lines,
        )
    except BoardError as exc:
        raise MapError(str(exc)) from exc
    return _cc_map(_Fail(name), board, block)


def map_of_board(board: Board, buildings: Mapping[str, list[str]] | None = None,
                 artillery_boxes: Mapping[str, str] | None = None,
                 friendly_edges: tuple[str, str] = ("west", "east"),
                 setup_zones: Mapping[str, str] | None = None) -> CcMap:
    """A CC map on a board of any size (the studio's positions): the checks of :func:`load_map`
    that do not depend on the printed 15 x 10 map (Buildings of connected Building hexes,
    set-up zones in the half nearer their edge, railways on both hex and path). Artillery Boxes
    are optional here (without them Radios have nowhere to go)."""
    fail = _Fail(board.name)
    built = _buildings(fail, board, buildings or {})
    zones = _zones(fail, board, setup_zones or {})
    _check_railways(fail, board)
    boxes = MappingProxyType(dict(artillery_boxes or {}))
    return CcMap(board.name, board, friendly_edges, boxes, built, zones, board.source)


class _Fail:
    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, where: str, problem: str) -> MapError:
        return MapError(f"{self.name}: {where}: {problem}")


def _cc_map(fail: _Fail, board: Board, block: CcMapBlock) -> CcMap:
    layout = board.layout
    if (layout.orientation, layout.labels, layout.cols, layout.rows) != ("flat", "letter-number", COLS, ROWS):
        raise fail("geometry", f"a CC map is {COLS} x {ROWS} flat-top hexes labelled A1-O10 (rule 2)")
    if len(board) != COLS * ROWS:
        raise fail("geometry.exclude", "every hex A1-O10 must exist: Random Hexes may name any of them (1.8)")
    if sorted(board.objectives) != ["1", "2", "3", "4", "5"]:
        raise fail("objectives", f"a map has Objectives 1-5 (2.3), got {sorted(board.objectives)}")
    edges = (block.friendly_edges[0], block.friendly_edges[1])
    buildings = _buildings(fail, board, block.buildings)
    zones = _zones(fail, board, block.setup_zones)
    _check_railways(fail, board)
    boxes = MappingProxyType(dict(block.artillery_boxes))
    return CcMap(board.name, board, edges, boxes, buildings, zones, board.source)


def _buildings(fail: _Fail, board: Board, value: Mapping[str, list[str]]) -> Mapping[str, tuple[Hex, ...]]:
    out: dict[str, tuple[Hex, ...]] = {}
    seen: set[Hex] = set()
    for key, items in value.items():
        where = f"combat_commander.buildings.{key}"
        hexes = []
        for item in items:
            try:
                h = board.parse(item)
            except ValueError as exc:
                raise fail(f"{where}: {item}", str(exc)) from exc
            if not board.has(h, "building"):
                raise fail(f"{where}: {item}", "hex has no building terrain (T82)")
            if h in seen:
                raise fail(f"{where}: {item}", "hex already belongs to another building")
            seen.add(h)
            hexes.append(h)
        reached = {hexes[0]}
        frontier = [hexes[0]]
        while frontier:
            h = frontier.pop()
            for n in board.neighbors(h):
                if n in hexes and n not in reached:
                    reached.add(n)
                    frontier.append(n)
        if len(reached) != len(hexes):
            raise fail(where, "the hexes of a building must be connected")
        out[key] = tuple(hexes)
    return MappingProxyType(out)


def _zones(fail: _Fail, board: Board, value: Mapping[str, str]) -> Mapping[str, str]:
    out: dict[str, str] = {}
    for key, edge in value.items():
        where = f"combat_commander.setup_zones.{key}"
        if key not in board.zones:
            raise fail(where, f"no zone {key!r} in zones: (have {', '.join(sorted(board.zones))})")
        hexes = board.zones[key]
        if not hexes:
            raise fail(where, "a set-up zone must hold at least one hex")
        for h in hexes:
            if not _nearer(board, h, edge):
                raise fail(f"{where}: {board.label(h)}", f"hex is not in the half of the map nearer {edge}")
        out[key] = edge
    return MappingProxyType(out)


def _nearer(board: Board, h: Hex, edge: str) -> bool:
    """True if ``h`` is strictly nearer ``edge`` than the opposite edge (in hex rows/columns)."""
    col, row = board.layout.to_offset(h)
    layout = board.layout
    pos, size = (row, layout.rows) if edge in ("north", "south") else (col, layout.cols)
    near = pos if edge in ("north", "west") else size - 1 - pos
    return near < size - 1 - near


def _check_railways(fail: _Fail, board: Board) -> None:
    for h in board.hexes:
        if board.has(h, "railway") != on_path(board, h, "railway"):
            problem = "a railway hex lists 'railway' and lies on a railway path (T92)"
            raise fail(f"hex {board.label(h)}", problem)


# ---------------------------------------------------------------------------------------------
# Built-in maps
# ---------------------------------------------------------------------------------------------


def maps_dir() -> Traversable:
    return data_dir() / "maps"


def builtin_map_ids() -> tuple[str, ...]:
    return tuple(sorted(f.name.rsplit(".", 1)[0] for f in maps_dir().iterdir() if f.name.endswith(".yaml")))


@cache
def builtin_map(map_id: str) -> CcMap:
    """A built-in map by id (its file name without .yaml), loaded once."""
    path = maps_dir() / f"{map_id}.yaml"
    if not path.is_file():
        raise KeyError(f"no built-in map {map_id!r} (have {', '.join(builtin_map_ids())})")
    return load_map(path)
