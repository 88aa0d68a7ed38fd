"""The Combat Commander Terrain Chart (T78-T99) as validated data, and what follows from it.

``terrain_chart()`` loads ``data/terrain.yaml`` once (format in that file's header): each entry
has its move cost, Cover, LOS effect, hierarchy rank (T78.1: the type listed first governs a hex)
and the T-rule it comes from. From the chart this module derives:

* the names a map file may use (``allowed_terrain``/``allowed_hexside``/``allowed_roads`` for
  :func:`tactica.core.board.load_board`);
* ``cc_los_policy()``: the core :class:`CombatCommanderLos` configured with the chart's
  obstacles, hindrances, wall/hedge/fence hexsides, blind-hex terrain, Gully and road kinds;
* ``los_table(board)``: the precomputed LOS table of a board, built once per board;
* per-hex helpers for rules code: ``hex_type``, ``cover``, ``move_cost``.

Hills are whole-hex levels 0..4 (``elevation`` in the map file); see docs/los.md for how the core
replaces crest lines drawn inside hexes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Final

from tactica.core.board import Board
from tactica.core.hexgrid import Hex
from tactica.core.los import CombatCommanderLos, LosTable
from tactica.core.schema import validate

from ..commander_family.board_state import on_path
from ..commander_family.los_policy import chart_los_policy
from ._schema import ComponentError, Source, read
from .components import data_dir
from .data_models import TERRAIN_KINDS, TerrainChartFile, TerrainEntryModel

__all__ = [
    "TerrainChart",
    "TerrainEntry",
    "cc_los_policy",
    "cover",
    "hex_type",
    "hex_types",
    "los_table",
    "move_cost",
    "on_path",
    "terrain_chart",
]

KINDS: Final = TERRAIN_KINDS


@dataclass(frozen=True, slots=True)
class TerrainEntry:
    """One line of the chart. ``move``/``cover`` are ints, or None for "impassable" (``impassable``
    set) or "depends on the other terrain" (``other`` set) or, for cover, no Cover at all."""

    id: str
    rule: str
    kind: str
    rank: int  # position in the chart: lower governs (T78.1)
    move: int | None
    move_impassable: bool
    move_other: bool
    cover: int | None
    cover_impassable: bool
    los: str
    hindrance: int = 0
    alt_cover: int | None = None
    along_move: int | None = None
    road_cover: int = 0
    airburst: int = 0
    blind_hex: bool = False
    water: bool = False
    sunken: bool = False
    clear_along: bool = False
    road_only: bool = False


@dataclass(frozen=True, slots=True)
class TerrainChart:
    entries: Mapping[str, TerrainEntry]  # in hierarchy order
    max_level: int
    source: str

    def of_kind(self, kind: str) -> tuple[TerrainEntry, ...]:
        return tuple(e for e in self.entries.values() if e.kind == kind)

    @property
    def allowed_terrain(self) -> frozenset[str]:
        """Hex feature names a map may use: the types, plus ``railway`` (a railway hex, T92)."""
        return frozenset(e.id for e in self.of_kind("type")) | {"railway"}

    @property
    def allowed_hexside(self) -> frozenset[str]:
        return frozenset(e.id for e in self.of_kind("hexside"))

    @property
    def allowed_roads(self) -> frozenset[str]:
        return frozenset(e.id for e in self.of_kind("path"))


def load_terrain_chart(source: Source) -> TerrainChart:
    """Load and check a terrain chart file (schema: data_models.TerrainChartFile)."""
    doc = read(source)
    name = doc.name
    f = validate(TerrainChartFile, doc.data, name, ComponentError, doc.lines)
    entries = {m.id: _entry(rank, m) for rank, m in enumerate(f.terrain)}
    return TerrainChart(MappingProxyType(entries), f.max_level, name)


def _entry(rank: int, m: TerrainEntryModel) -> TerrainEntry:
    move, move_imp, move_other = _cost(m.move)
    cov, cov_imp = (None, False) if m.cover is None else _cost(m.cover)[:2]
    return TerrainEntry(
        id=m.id,
        rule=m.rule,
        kind=m.kind,
        rank=rank,
        move=move,
        move_impassable=move_imp,
        move_other=move_other,
        cover=cov,
        cover_impassable=cov_imp,
        los=m.los,
        hindrance=m.hindrance or 0,
        alt_cover=m.alt_cover,
        along_move=m.along_move,
        road_cover=m.road_cover or 0,
        airburst=m.airburst or 0,
        blind_hex=m.blind_hex,
        water=m.water,
        sunken=m.sunken,
        clear_along=m.clear_along,
        road_only=m.road_only,
    )


def _cost(value: int | str) -> tuple[int | None, bool, bool]:
    if value == "impassable":
        return None, True, False
    if value == "other":
        return None, False, True
    assert isinstance(value, int)
    return value, False, False


@cache
def terrain_chart() -> TerrainChart:
    """The built-in chart (data/terrain.yaml), loaded once."""
    return load_terrain_chart(data_dir() / "terrain.yaml")


# ---------------------------------------------------------------------------------------------
# LOS
# ---------------------------------------------------------------------------------------------


def cc_los_policy(chart: TerrainChart | None = None) -> CombatCommanderLos:
    """The core CC LOS policy configured from the chart (10, T84, T86-T88, T92-T93, T97, T99)."""
    return chart_los_policy((chart or terrain_chart()).entries.values())


@lru_cache(maxsize=16)
def los_table(board: Board) -> LosTable:
    """The LOS table of ``board`` under the built-in chart, built once per board (boards compare
    by identity, so each loaded board gets its own table)."""
    return LosTable(board, cc_los_policy())


# ---------------------------------------------------------------------------------------------
# Per-hex helpers
# ---------------------------------------------------------------------------------------------


def hex_types(board: Board, h: Hex, chart: TerrainChart | None = None) -> tuple[TerrainEntry, ...]:
    """The terrain types of hex ``h``, governing one first (T78.1); Open Ground closes the list."""
    if chart is None:
        return _default_hex_types(board, h)
    return _hex_types(board, h, chart)


@lru_cache(maxsize=8192)
def _default_hex_types(board: Board, h: Hex) -> tuple[TerrainEntry, ...]:
    """The map fixes a hex's terrain, so under the built-in chart it is worked out once. Bounded
    (some fifty 15 x 10 maps): custom maps come and go (custom.py), and an unbounded cache would
    keep every board it ever saw."""
    return _hex_types(board, h, terrain_chart())


def _hex_types(board: Board, h: Hex, chart: TerrainChart) -> tuple[TerrainEntry, ...]:
    ch = chart
    found = {ch.entries[f] for f in board.features[board.index[h]] if f in ch.entries}
    found.add(ch.entries["open"])
    return tuple(sorted((e for e in found if e.kind == "type"), key=lambda e: e.rank))


def hex_type(board: Board, h: Hex, chart: TerrainChart | None = None) -> TerrainEntry:
    """The governing terrain type of hex ``h``: the highest on the chart among its types (T78.1)."""
    return hex_types(board, h, chart)[0]


def cover(board: Board, h: Hex, chart: TerrainChart | None = None) -> int | None:
    """The hex's own terrain Cover, with the Road's -1 (T93); None for an impassable hex.
    Alternate hexside Cover (T87, T97) and Fortifications are the rules' choice on top of this."""
    ch = chart or terrain_chart()
    t = hex_type(board, h, ch)
    if t.cover_impassable:
        return None
    value = t.cover or 0
    if on_path(board, h, "road"):
        value += ch.entries["road"].road_cover
    return value


def move_cost(board: Board, a: Hex, b: Hex, chart: TerrainChart | None = None) -> int | None:
    """MPs to move from ``a`` into adjacent ``b`` (T78.2), or None when the move is forbidden
    (impassable hex, Cliff hexside, a Major Bridge left or entered off its road).

    Entering along a path (road, railway, trail) costs the path's cost instead of the hex's;
    each Wall/Hedge/Fence on the crossed hexside adds its cost; moving uphill adds 1 (T88.1).
    The map fixes all of it, so under the built-in chart each step is worked out once."""
    if chart is None:
        return _default_move_cost(board, a, b)
    return _move_cost(board, a, b, chart)


@lru_cache(maxsize=65536)
def _default_move_cost(board: Board, a: Hex, b: Hex) -> int | None:
    """Bounded as ``_default_hex_types`` (some seventy 15 x 10 maps of steps)."""
    return _move_cost(board, a, b, terrain_chart())


def _move_cost(board: Board, a: Hex, b: Hex, chart: TerrainChart) -> int | None:
    ch = chart
    types = hex_types(board, b, ch)
    t = types[0]
    along = [p for p in ch.of_kind("path") if board.road(a, b, p.id)]
    for end in (hex_type(board, a, ch), t):
        if end.road_only and not along:
            return None
    if t.move_impassable:
        return None
    # a type whose cost is "the other terrain's" (Minor Bridge, T80.2) defers to the next one down
    own = next(e.move for e in types if e.move is not None)
    cost = min(p.along_move or 1 for p in along) if along else own
    for f in board.hexside(a, b):
        side = ch.entries[f]
        if side.move_impassable:
            return None
        cost += side.move or 0
    if board.level(b) > board.level(a):
        cost += ch.entries["hill"].move or 0
    return cost
