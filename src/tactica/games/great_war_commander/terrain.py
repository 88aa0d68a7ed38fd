"""Great War Commander's Terrain Chart (T99-T124) as the family reads it, and what follows.

data/terrain.yaml holds the chart (validated by _schema.TerrainChartFile); each line becomes a
:class:`TerrainEntry` with the fields of the family's TerrainEntryLike and LosEntryLike. From it:

* ``hex_types``/``hex_type``: a hex's types in the chart's ``precedence`` (reading R4, T99.1: the
  first present governs; Open Ground when nothing else is there);
* ``move_cost``: T99.2 and the chart: the governing type's cost, or 1 entered across a Road,
  Railway or Trail hexside (T115, T116, T121); a Bridge only along its path (T102); +1 per Fence,
  Hedge or Wall crossed (T105, T109, T122); +1 uphill unless across a Road hexside (T110.1);
  Quarry to Quarry 1 (T114); Water Barrier impassable (T123);
* ``hex_cover``: T99.3: the governing type's Cover, and the Road's -1 only in Open Ground (T116);
* ``los_table``: the core LOS configured from the chart (family los_policy; 10, T110), with
  hindering terrain filling its hex along hexsides (10.3, T99.4) and the map edge repeating its
  hexes (10.4);
* ``marked_board``: the map as play has made it: a Rubble or Shellhole marker replaces the hex's
  type (T99.1, T99.5, T117, T118), so every cost, Cover and LOS read from the rules' board follows
  the markers (reading R21); ``printed_board`` gives the map back as printed;
* ``fao_board``: the map seen from a Forward Artillery Observer at level 2 (2.4, O19.2.1.1).

What depends on the moving group or on other markers (Gas +1 MP, T107; the first Shellhole or
Destroyed Woods +1, T118, T124.1; Blaze, T100) is terrain_state's and the family's.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from types import MappingProxyType
from weakref import WeakKeyDictionary

from tactica.core.board import Board
from tactica.core.hexgrid import Hex
from tactica.core.los import CombatCommanderLos, LosResult, LosTable, sight, touched_order

from ..commander_family.board_state import on_path
from ..commander_family.los_policy import chart_los_policy
from ._schema import TerrainChartFile, TerrainModel
from .data import builtin_pack

CLEAR_ALONG = ("road", "railway")
"""T115, T116: a line traced along a Railway or Road is clear; a Trail's LOS is the other
terrain's (T121)."""


@dataclass(frozen=True, slots=True)
class TerrainEntry:
    id: str
    rule: str
    kind: str
    rank: int  # position in the precedence (hex types); lower governs
    move: int | None  # None: impassable or "the other terrain"
    move_impassable: bool
    cover: int | None
    cover_impassable: bool
    los: str
    hindrance: int = 0
    alt_cover: int | None = None  # Hedge, Wall: Cover against fire crossing them (T109, T122)
    road_cover: int = 0
    airburst: int = 0  # T124: +2 to Mortar and Artillery Attack Totals in Woods
    water: bool = False
    road_only: bool = False  # T102: a Bridge is entered and left only along its path
    blind_hex: bool = False
    sunken: bool = False
    clear_along: bool = False
    tanks: str = "normal"
    vulnerability: tuple[int, str] | None = None


@dataclass(frozen=True, slots=True)
class TerrainChart:
    entries: Mapping[str, TerrainEntry]
    precedence: tuple[str, ...]

    def of_kind(self, kind: str) -> tuple[TerrainEntry, ...]:
        return tuple(e for e in self.entries.values() if e.kind == kind)


def _entry(m: TerrainModel, rank: int) -> TerrainEntry:
    move = m.move if isinstance(m.move, int) else None
    cover = m.cover if isinstance(m.cover, int) else None
    hexside = m.kind == "hexside"
    return TerrainEntry(
        id=m.id, rule=m.rule, kind=m.kind, rank=rank, move=move,
        move_impassable=m.move == "impassable", cover=None if hexside else cover,
        cover_impassable=m.cover is None and m.move == "impassable", los=m.los,
        hindrance=m.hindrance or 0, alt_cover=cover if hexside else None,
        road_cover=-1 if m.id == "road" else 0, airburst=2 if m.id == "woods" else 0,
        water=m.water, road_only=m.id == "bridge", blind_hex=m.blind_hex, sunken=m.sunken,
        clear_along=m.id in CLEAR_ALONG, tanks=m.tanks,
        vulnerability=None if m.vulnerability is None
        else (m.vulnerability.threshold, m.vulnerability.becomes),
    )


def build_chart(f: TerrainChartFile) -> TerrainChart:
    rank = {t: i for i, t in enumerate(f.precedence)}
    entries = {m.id: _entry(m, rank.get(m.id, len(rank))) for m in f.terrain}
    return TerrainChart(MappingProxyType(entries), tuple(f.precedence))


@cache
def terrain_chart() -> TerrainChart:
    return build_chart(builtin_pack().terrain)


def hex_types(board: Board, h: Hex) -> tuple[TerrainEntry, ...]:
    """T99.1: the hex's types, the governing one first (reading R4's precedence). A hex no
    marker changed has its printed types (speed: every marker makes a new board)."""
    marked = _marked_hexes(board)
    if marked is not None and h not in marked[1]:
        return _hex_types(marked[0], h)
    return _hex_types(board, h)


@lru_cache(maxsize=16384)
def _hex_types(board: Board, h: Hex) -> tuple[TerrainEntry, ...]:
    ch = terrain_chart()
    found = {ch.entries[f] for f in board.features[board.index[h]]
             if f in ch.entries and ch.entries[f].kind == "type"}
    found.add(ch.entries["open_ground"])
    return tuple(sorted(found, key=lambda e: e.rank))


def hex_type(board: Board, h: Hex) -> TerrainEntry:
    return hex_types(board, h)[0]


@lru_cache(maxsize=16384)
def move_cost(board: Board, a: Hex, b: Hex) -> int | None:
    """MPs to enter ``b`` from adjacent ``a`` (T99.2), None where it is forbidden. The cost reads
    the terrain of ``a`` and ``b`` only (their hexside, paths and levels stay under markers), so
    on a marked board a step between unmarked hexes costs what it costs on the printed map,
    worked out once per printed map (speed: every marker makes a new board)."""
    marked = _marked_hexes(board)
    if marked is not None and a not in marked[1] and b not in marked[1]:
        return _move_cost(marked[0], a, b)
    return _move_cost(board, a, b)


@lru_cache(maxsize=64)
def _marked_hexes(board: Board) -> tuple[Board, frozenset[Hex]] | None:
    """A marked board's printed map and the hexes its markers changed (None: a printed map)."""
    origin = _ORIGIN.get(board)
    if origin is None:
        return None
    printed, markers = origin
    index = {lab: h for lab, h in zip(printed.labels, printed.hexes, strict=True)}
    return printed, frozenset(index[lab] for lab, _ in markers)


@lru_cache(maxsize=1 << 14)
def _move_cost(board: Board, a: Hex, b: Hex) -> int | None:
    ch = terrain_chart()
    t = hex_type(board, b)
    along = [p for p in ch.of_kind("path") if board.road(a, b, p.id)]
    for end in (hex_type(board, a), t):
        if end.road_only and not along:  # T102: a Bridge only along its Road, Rail or Trail
            return None
    if t.move_impassable:
        return None
    if along:
        cost = 1  # T115, T116, T121: 1 MP entered across the path's hexside
    elif t.id == "quarry" and hex_type(board, a).id == "quarry":
        cost = 1  # T114
    else:
        cost = next((e.move for e in hex_types(board, b) if e.move is not None), 1)
    for f in board.hexside(a, b):
        side = ch.entries[f]
        if side.move_impassable:
            return None
        cost += side.move or 0
    road = any(p.id == "road" for p in along)
    if board.level(b) > board.level(a) and not road:  # T110.1
        cost += 1
    return cost


@lru_cache(maxsize=4096)
def hex_cover(board: Board, h: Hex) -> tuple[int, str]:
    """T99.3 with T116: the governing type's Cover; a Road gives -1 only in Open Ground."""
    t = hex_type(board, h)
    value = int(t.cover or 0)
    why = f"{t.id} {value:+d}"
    if t.id == "open_ground" and on_path(board, h, "road"):
        value -= 1
        why += ", road in Open Ground -1 (T116)"
    return value, why


@cache
def los_policy() -> CombatCommanderLos:
    """The chart's LOS with this book's two additions to Combat Commander's: a line along a
    hexside is hindered by the larger hindrance beside it (10.3, T99.4) and the off-map side of
    an edge hexside is of the edge hex's nature (10.4); and Destroyed Woods is seen two hexes into,
    the second intervening one blocking (T124.1, reading R36)."""
    return chart_los_policy(terrain_chart().entries.values(), hexside_fill=True, edge_mirror=True,
                            depth={"destroyed_woods": 2})


@lru_cache(maxsize=32)
def _sight_board(board: Board) -> Board:
    """The board as the LOS policy reads it: a hex a hindering path runs through (a Railway,
    T115: 1 unless the line follows it) carries the path's name among its terrain. Markers
    replace only a hex's type, never its paths, so a marked board takes its printed map's."""
    adds = _path_hindrances(printed_board(board))
    changes = {i: (*board.terrain[i], *add) for i, add in adds.items()}
    return board.with_terrain(changes) if changes else board


@lru_cache(maxsize=16)
def _path_hindrances(board: Board) -> dict[int, tuple[str, ...]]:
    """Per hex of a printed map, the hindering paths that run through it and are not yet
    among its terrain (worked out once per map: speed)."""
    kinds = [e.id for e in terrain_chart().of_kind("path") if e.los == "hindrance"]
    return {i: tuple(add) for i, h in enumerate(board.hexes)
            if (add := [k for k in kinds if k not in board.features[i] and on_path(board, h, k)])}


@lru_cache(maxsize=16)
def _printed_table(board: Board) -> LosTable:
    return LosTable(_sight_board(board), los_policy(), derivable=True)


Markers = frozenset[tuple[str, str]]
_ORIGIN: WeakKeyDictionary[Board, tuple[Board, Markers]] = WeakKeyDictionary()
_MARKED: OrderedDict[tuple[Board, Markers], Board] = OrderedDict()
_TABLES: OrderedDict[Board, LosTable] = OrderedDict()
_LAST: list[tuple[Board, dict[str, str], Board, Mapping[str, str]] | None] = [None]
"""The last answer of :func:`marked_board`: the markers' copy, and the state's own dict, which
terrain_state never changes in place (a new marker makes a new dict), so holding it is a check."""
_LAST_TABLE: list[tuple[Board, LosTable] | None] = [None]
_KEEP = 16  # marked boards and their LOS tables kept (a game adds markers a few at a time)


def marked_board(printed: Board, markers: Mapping[str, str]) -> Board:
    """T99.1, T117, T118 (reading R21): ``printed`` with each marked hex's type replaced by its
    marker's (label -> "rubble" | "shellhole"); Roads, Trails and the rest of the hex stay. The
    same markers give the same board object, so the caches keyed by board keep working."""
    if not markers:
        return printed
    last = _LAST[0]
    if last is not None and last[0] is printed and (last[3] is markers or last[1] == markers):
        return last[2]  # speed: the rules ask for the board all the time, the markers seldom change
    key = (printed, frozenset(markers.items()))
    found = _MARKED.get(key)
    if found is not None:
        _MARKED.move_to_end(key)
        _LAST[0] = (printed, dict(markers), found, markers)
        return found
    types = {e.id for e in terrain_chart().of_kind("type")}
    index = {lab: i for i, lab in enumerate(printed.labels)}
    changes = {index[h]: (*(f for f in printed.terrain[index[h]] if f not in types), kind)
               for h, kind in markers.items()}
    board = printed.with_terrain(changes)
    _ORIGIN[board] = key
    _MARKED[key] = board
    while len(_MARKED) > _KEEP:
        _MARKED.popitem(last=False)
    _LAST[0] = (printed, dict(markers), board, markers)
    return board


def printed_board(board: Board) -> Board:
    """The map as printed under a marked board (itself when it is printed)."""
    origin = _ORIGIN.get(board)
    return board if origin is None else origin[0]


def los_table(board: Board) -> LosTable:
    """The board's LOS table under the chart: built once per printed map; a marked board's is
    derived from the cached table whose markers differ least, evaluating again only the lines
    that touch the hexes that differ (core LosTable.derive)."""
    last = _LAST_TABLE[0]
    if last is not None and last[0] is board:
        return last[1]  # speed: asked for again and again between two changes of the markers
    origin = _ORIGIN.get(board)
    if origin is None:
        t = _printed_table(board)
        _LAST_TABLE[0] = (board, t)
        return t
    found = _TABLES.get(board)
    if found is not None:
        _TABLES.move_to_end(board)
        _LAST_TABLE[0] = (board, found)
        return found
    printed, key = origin
    want = dict(key)

    def differ(markers: Mapping[str, str]) -> set[str]:
        return {h for h in want.keys() | markers.keys() if want.get(h) != markers.get(h)}

    base, changed = _printed_table(printed), differ({})
    for b, table in _TABLES.items():
        o = _ORIGIN.get(b)
        if o is not None and o[0] is printed and len(d := differ(dict(o[1]))) < len(changed):
            base, changed = table, d
    index = {lab: i for i, lab in enumerate(printed.labels)}
    t = _TABLES[board] = base.derive(_sight_board(board), [index[h] for h in changed])
    while len(_TABLES) > _KEEP:
        _TABLES.popitem(last=False)
    _LAST_TABLE[0] = (board, t)
    return t


def fao_board(board: Board, h: Hex) -> Board:
    """2.4, O19.2.1.1: the FAO is considered at level 2: the board with its hex at level 2 (or
    its own, if higher), for the lines traced from it only."""
    elevation = list(board.elevation)
    i = board.index[h]
    elevation[i] = max(elevation[i], 2)
    return replace(board, elevation=tuple(elevation))


@dataclass(frozen=True)
class FaoView:
    """What the FAO in one hex sees from level 2 on a board, worked out once (speed: a Spotting
    Round's choice asks for every hex): per target hex the result on the bare map and the hexes
    its line touches between the ends (markers in play are checked against them)."""

    board: Board  # the LOS board with the FAO's hex raised
    results: tuple[LosResult, ...]
    touch: tuple[int, ...]
    order: tuple[tuple[int, ...], ...]  # each line's touched_order (markers block in that order)


@lru_cache(maxsize=64)
def fao_view(board: Board, h: Hex) -> FaoView:
    """A marked board's view is the printed map's, with the lines through (or to) a hex whose LOS
    terrain the markers changed traced again."""
    fb = fao_board(_sight_board(board), h)
    policy, i = los_policy(), board.index[h]
    base: FaoView | None = None
    changed = 0
    origin = _ORIGIN.get(board)
    if origin is not None:
        base = fao_view(origin[0], h)
        names = policy.los_terrain
        for x, (f, g) in enumerate(zip(fb.features, base.board.features, strict=True)):
            if f & names != g & names:
                changed |= 1 << x
        if changed >> i & 1:
            base = None  # the FAO's own hex changed: every line again
    results: list[LosResult] = []
    touch: list[int] = []
    order: list[tuple[int, ...]] = []
    for j, t in enumerate(fb.hexes):
        if base is not None and not (base.touch[j] & changed or changed >> j & 1):
            results.append(base.results[j])
            touch.append(base.touch[j])
            order.append(base.order[j])
            continue
        s = sight(fb, h, t) if j != i else None
        results.append(policy.evaluate(fb, s) if s is not None else LosResult(True))
        seq = touched_order(fb, s) if s is not None else ()
        m = 0
        for x in seq:
            m |= 1 << x
        touch.append(m & ~((1 << i) | (1 << j)))
        order.append(seq)
    return FaoView(fb, tuple(results), tuple(touch), tuple(order))
