"""Boards: the fixed part of a map, loaded from a validated YAML/JSON map file.

A :class:`Board` is immutable once loaded and shared by every clone of a game; whatever changes
during play (smoke, blazes, wrecks, units) lives in the game state instead. Each hex gets a dense
index 0..n-1 (column by column, top to bottom) so rules code can use bitmasks and flat tables.

The file format is described in docs/map-format.md; its shape is the pydantic model
:class:`tactica.core.map_schema.MapFile` (read through the strict reader of core.datafile).
:func:`load_board` validates the file against it, then checks what needs the geometry (labels on
the map, adjacency, ranges, names of the catalogue) before building the board, so a load either
returns a complete board or raises :class:`BoardError` whose message names the file, the entry
(usually a hex label) and the problem.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from .datafile import DataError, parse_yaml_lines
from .hexgrid import Edge, Hex, Layout, adjacent, neighbors
from .map_schema import DefaultsModel, DerivedHexsidesModel, HexModel, MapFile
from .schema import validate

FORMAT_VERSION: Final = 1


class BoardError(ValueError):
    """A map file is malformed; the message names the file, the entry and the problem."""


@dataclass(frozen=True, eq=False)
class Board:
    """An immutable map: hexes with a dense index, terrain, elevation, hexsides and named areas.

    Per-hex data are tuples indexed by the dense hex index (``terrain[i]``, ``elevation[i]``);
    ``features[i]`` is the same terrain as a frozenset for fast membership tests.
    """

    name: str
    source: str
    layout: Layout
    hexes: tuple[Hex, ...]
    index: Mapping[Hex, int]
    labels: tuple[str, ...]
    terrain: tuple[tuple[str, ...], ...]
    features: tuple[frozenset[str], ...]
    elevation: tuple[int, ...]
    half: tuple[bool, ...]
    hexsides: Mapping[Edge, frozenset[str]]
    roads: Mapping[str, frozenset[Edge]]
    objectives: Mapping[str, Hex]
    zones: Mapping[str, tuple[Hex, ...]]
    edges: Mapping[str, tuple[Hex, ...]]
    sections: Mapping[str, frozenset[Hex]]
    catalogue: Mapping[str, frozenset[str]]

    def __len__(self) -> int:
        return len(self.hexes)

    def __contains__(self, h: object) -> bool:
        return h in self.index

    def idx(self, h: Hex) -> int:
        """Dense index of ``h``; KeyError if it is not on this board."""
        return self.index[h]

    def label(self, h: Hex) -> str:
        return self.labels[self.index[h]]

    def parse(self, label: str) -> Hex:
        """Hex named by ``label``; ValueError if the label is malformed or not a hex of this board."""
        h = self.layout.parse(label)
        if h not in self.index:
            raise ValueError(f"{label!r} is not a hex of board {self.name!r}")
        return h

    def has(self, h: Hex, feature: str) -> bool:
        """True if hex ``h`` has terrain feature ``feature``."""
        return feature in self.features[self.index[h]]

    def level(self, h: Hex) -> int:
        return self.elevation[self.index[h]]

    def hexside(self, a: Hex, b: Hex) -> frozenset[str]:
        """Features on the hexside between adjacent hexes ``a`` and ``b`` (empty if none)."""
        key = (a, b) if a < b else (b, a)
        return self.hexsides.get(key, _EMPTY)

    def road(self, a: Hex, b: Hex, kind: str = "road") -> bool:
        """True if a road of ``kind`` runs from ``a`` straight across the hexside into ``b``."""
        key = (a, b) if a < b else (b, a)
        return key in self.roads.get(kind, _EMPTY)

    def neighbors(self, h: Hex) -> tuple[Hex, ...]:
        """Neighbours of ``h`` that are on the board."""
        return tuple(n for n in neighbors(h) if n in self.index)

    def sides(self, h: Hex) -> tuple[tuple[Hex, frozenset[str]], ...]:
        """Each on-board neighbour of ``h`` with the features of the hexside between them, for
        games where hexside terrain governs movement, fire and command (Combat Infantry)."""
        return tuple((n, self.hexside(h, n)) for n in neighbors(h) if n in self.index)

    def climb(self, a: Hex, b: Hex) -> int:
        """Levels gained going from ``a`` to ``b`` (negative downhill): the direction of a slope."""
        return self.elevation[self.index[b]] - self.elevation[self.index[a]]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # mappingproxy cannot be pickled; send plain dicts (boards go to worker processes).
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        plain = {k: dict(v) if isinstance(v, MappingProxyType) else v for k, v in values.items()}
        return (_restore_board, (plain,))

    def with_terrain(self, changes: Mapping[int, Iterable[str]]) -> Board:
        """A copy whose hexes ``changes`` (dense index -> terrain names) hold other terrain: what
        play makes of a map (GWC's Rubble and Shellhole markers) while the printed board stays.
        The copy is a new object (boards hash by identity): callers keep the one they reuse."""
        terrain = list(self.terrain)
        for i, names in changes.items():
            terrain[i] = tuple(names)
        return replace(self, terrain=tuple(terrain), features=tuple(frozenset(t) for t in terrain))

    def mask(self, hexes: Iterable[Hex]) -> int:
        """Bitmask with bit ``idx(h)`` set for each hex."""
        m = 0
        for h in hexes:
            m |= 1 << self.index[h]
        return m


_EMPTY: Final[frozenset[Any]] = frozenset()


def _restore_board(values: dict[str, Any]) -> Board:
    frozen: dict[str, Any] = {k: MappingProxyType(v) if isinstance(v, dict) else v for k, v in values.items()}
    return Board(**frozen)


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------

_RANGE = re.compile(r"([^.\s]+)\.\.([^.\s]+)")


class _Ctx:
    """Error helper that prefixes every message with the source name."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> BoardError:
        return BoardError(f"{self.source}: {where}: {problem}")


def load_board(
    source: str | os.PathLike[str] | Mapping[str, Any],
    allowed_terrain: Iterable[str] | None = None,
    allowed_hexside: Iterable[str] | None = None,
    *,
    allowed_roads: Iterable[str] | None = None,
    source_name: str | None = None,
    lines: Mapping[tuple[str | int, ...], int] | None = None,
) -> Board:
    """Load and validate a map from a YAML/JSON file path or from an already parsed mapping.

    ``allowed_terrain``/``allowed_hexside``/``allowed_roads`` are the feature names the calling
    game knows; when given, any other name in the file is an error. The map may also declare its
    own catalogue (``terrain:``), which its entries must then respect. ``lines`` (entry path ->
    line, from core.datafile.load_file) lets errors on already parsed data name the line.
    """
    if isinstance(source, Mapping):
        name = source_name or "<map data>"
        data: Any = source
    else:
        path = Path(source)
        name = source_name or path.name
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise BoardError(f"{name}: cannot read map file: {exc.strerror or exc}") from exc
        data, lines = _parse(text, name)
    top = validate(MapFile, data, name, BoardError, lines)
    return _build(
        _Ctx(name),
        top,
        _opt_set(allowed_terrain),
        _opt_set(allowed_hexside),
        _opt_set(allowed_roads),
    )


def _parse(text: str, name: str) -> tuple[Any, dict[tuple[str | int, ...], int]]:
    try:
        return parse_yaml_lines(text, name)
    except DataError as exc:
        raise BoardError(str(exc)) from None


def _opt_set(names: Iterable[str] | None) -> frozenset[str] | None:
    return None if names is None else frozenset(names)


def _names(
    ctx: _Ctx, items: Iterable[str], where: str, allowed: frozenset[str] | None, what: str
) -> tuple[str, ...]:
    out: list[str] = []
    for item in items:
        if allowed is not None and item not in allowed:
            raise ctx.fail(where, f"unknown {what} {item!r} (allowed: {', '.join(sorted(allowed))})")
        if item in out:
            raise ctx.fail(where, f"{what} {item!r} listed twice")
        out.append(item)
    return tuple(out)


def _build(
    ctx: _Ctx,
    top: MapFile,
    allowed_terrain: frozenset[str] | None,
    allowed_hexside: frozenset[str] | None,
    allowed_roads: frozenset[str] | None,
) -> Board:
    """The board of a validated map file: what needs the geometry is checked here."""
    name = top.name or ctx.source
    geo = top.geometry
    cols, rows = geo.cols, geo.rows
    try:
        layout = Layout(
            orientation=geo.orientation,
            offset=geo.offset,
            labels=geo.labels,
            cols=geo.cols,
            rows=geo.rows,
            first_col=geo.first_col,
            first_row=geo.first_row,
        )
    except ValueError as exc:
        raise ctx.fail("geometry", str(exc)) from exc

    def parse_label(value: Any, where: str) -> Hex:
        if not isinstance(value, str):
            raise ctx.fail(where, f"hex label must be a string, got {value!r} (quote labels such as '0307')")
        try:
            return layout.parse(value)
        except ValueError as exc:
            raise ctx.fail(f"{where} {value}", str(exc)) from exc

    excluded: set[Hex] = set()
    for item in geo.exclude:
        excluded.update(_expand(ctx, layout, item, "geometry.exclude", parse_label))
    hexes = tuple(h for h in layout.hexes() if h not in excluded)
    if not hexes:
        raise ctx.fail("geometry.exclude", "excludes every hex of the map")
    index = {h: i for i, h in enumerate(hexes)}
    labels = tuple(layout.label(h) for h in hexes)

    def on_board(value: Any, where: str) -> Hex:
        h = parse_label(value, where)
        if h not in index:
            raise ctx.fail(f"{where} {value}", "hex is excluded from the map (off-map)")
        return h

    # catalogue ---------------------------------------------------------------------------------
    cat_hex, cat_side, cat_road = allowed_terrain, allowed_hexside, allowed_roads
    catalogue: dict[str, frozenset[str]] = {}
    if top.terrain is not None:
        cat = top.terrain
        if cat.hex is not None:
            cat_hex = frozenset(_names(ctx, cat.hex, "terrain.hex", allowed_terrain, "terrain"))
            catalogue["hex"] = cat_hex
        if cat.hexside is not None:
            sides = _names(ctx, cat.hexside, "terrain.hexside", allowed_hexside, "hexside feature")
            cat_side = frozenset(sides)
            catalogue["hexside"] = cat_side
        if cat.road is not None:
            cat_road = frozenset(_names(ctx, cat.road, "terrain.road", allowed_roads, "road kind"))
            catalogue["road"] = cat_road

    # hexes -------------------------------------------------------------------------------------
    defaults = top.defaults or DefaultsModel()
    d_terrain = _names(ctx, defaults.terrain, "defaults.terrain", cat_hex, "terrain")
    d_elev = defaults.elevation
    n = len(hexes)
    terrain: list[tuple[str, ...]] = [d_terrain] * n
    elevation = [d_elev] * n
    half = [False] * n
    seen_hex: dict[Hex, str] = {}
    for key, entry in top.hexes.items():
        h = on_board(key, "hex")
        where = f"hex {key}"
        if h in seen_hex:
            raise ctx.fail(where, f"duplicate entry (same hex as {seen_hex[h]})")
        seen_hex[h] = str(key)
        i = index[h]
        e = HexModel(terrain=entry) if isinstance(entry, list) else entry
        if e.terrain is not None:
            terrain[i] = _names(ctx, e.terrain, f"{where} terrain", cat_hex, "terrain")
        if e.elevation is not None:
            elevation[i] = e.elevation
        if e.half is not None:
            half[i] = e.half

    # hexsides ----------------------------------------------------------------------------------
    hexsides: dict[Edge, frozenset[str]] = {}
    for key, feats in top.hexsides.items():
        where = f"hexside {key}"
        if key.count("/") != 1:
            raise ctx.fail(where, "expected two hex labels separated by '/', e.g. 'C7/C8'")
        la, lb = key.split("/")
        a, b = parse_label(la.strip(), where), parse_label(lb.strip(), where)
        if a not in index and b not in index:
            raise ctx.fail(where, "both hexes are off the map")
        if not adjacent(a, b):
            raise ctx.fail(where, f"hexes {la} and {lb} are not adjacent, so they share no hexside")
        ed: Edge = (a, b) if a < b else (b, a)
        if ed in hexsides:
            raise ctx.fail(where, "duplicate entry (this hexside is already listed)")
        hexsides[ed] = frozenset(_names(ctx, feats, where, cat_side, "hexside feature"))
    if top.derived_hexsides is not None:
        _derive_hexsides(ctx, top.derived_hexsides, hexes, index, terrain, elevation, cat_hex, cat_side,
                         hexsides)

    # roads -------------------------------------------------------------------------------------
    roads: dict[str, set[Edge]] = {}
    for k, r in enumerate(top.roads):
        where = f"roads[{k}]"
        kind = r.kind
        if cat_road is not None and kind not in cat_road:
            allowed = ", ".join(sorted(cat_road))
            raise ctx.fail(f"{where} kind", f"unknown road kind {kind!r} (allowed: {allowed})")
        path = [on_board(x, f"{where} path:") for x in r.path]
        if len(path) < 2:
            raise ctx.fail(f"{where} path", "a road needs at least two hexes")
        for p, q in itertools.pairwise(path):
            if not adjacent(p, q):
                raise ctx.fail(
                    f"{where} path", f"hexes {layout.label(p)} and {layout.label(q)} are not adjacent"
                )
            roads.setdefault(kind, set()).add((p, q) if p < q else (q, p))

    # named things ------------------------------------------------------------------------------
    objectives: dict[str, Hex] = {}
    for key, value in top.objectives.items():
        oid = str(key)
        objectives[oid] = on_board(value, f"objective {oid}:")

    def hex_lists(section: str) -> dict[str, tuple[Hex, ...]]:
        out: dict[str, tuple[Hex, ...]] = {}
        named: dict[str, list[str | int]] = getattr(top, section)
        for zname, items in named.items():
            where = f"{section}.{zname}"
            got: list[Hex] = []
            for item in items:
                for h in _expand(ctx, layout, item, where, parse_label):
                    if h not in index:
                        if _RANGE.fullmatch(str(item)):
                            continue  # ranges skip excluded hexes
                        raise ctx.fail(f"{where}: {item}", "hex is excluded from the map (off-map)")
                    if h in got:
                        raise ctx.fail(f"{where}: {layout.label(h)}", "hex listed twice")
                    got.append(h)
            out[zname] = tuple(got)
        return out

    zones = hex_lists("zones")
    edges = {
        "north": tuple(h for h in hexes if layout.to_offset(h)[1] == 0),
        "south": tuple(h for h in hexes if layout.to_offset(h)[1] == rows - 1),
        "west": tuple(h for h in hexes if layout.to_offset(h)[0] == 0),
        "east": tuple(h for h in hexes if layout.to_offset(h)[0] == cols - 1),
    }
    edges.update(hex_lists("edges"))
    sections = {k: frozenset(v) for k, v in hex_lists("sections").items()}

    feats_by_hex = tuple(frozenset(t) for t in terrain)
    return Board(
        name=name,
        source=ctx.source,
        layout=layout,
        hexes=hexes,
        index=MappingProxyType(index),
        labels=labels,
        terrain=tuple(terrain),
        features=feats_by_hex,
        elevation=tuple(elevation),
        half=tuple(half),
        hexsides=MappingProxyType(hexsides),
        roads=MappingProxyType({k: frozenset(v) for k, v in roads.items()}),
        objectives=MappingProxyType(objectives),
        zones=MappingProxyType(zones),
        edges=MappingProxyType(edges),
        sections=MappingProxyType(sections),
        catalogue=MappingProxyType(catalogue),
    )


def _derive_hexsides(
    ctx: _Ctx,
    spec: DerivedHexsidesModel,
    hexes: tuple[Hex, ...],
    index: Mapping[Hex, int],
    terrain: list[tuple[str, ...]],
    elevation: list[int],
    cat_hex: frozenset[str] | None,
    cat_side: frozenset[str] | None,
    hexsides: dict[Edge, frozenset[str]],
) -> None:
    """Fill in hexside features the hexes beside a hexside imply (``derived_hexsides``), for the
    hexsides between two map hexes that the file does not list itself (a listed hexside, even
    ``[]``, keeps exactly its listed features). ``from_terrain`` maps a hex terrain to the hexside
    feature every side of such a hex gets; ``from_elevation`` names the feature of every hexside
    between hexes of different levels (a slope)."""
    where = "derived_hexsides"
    by_terrain: dict[str, str] = {}
    for t, f in spec.from_terrain.items():
        if cat_hex is not None and t not in cat_hex:
            allowed = ", ".join(sorted(cat_hex))
            raise ctx.fail(f"{where}.from_terrain", f"unknown terrain {t!r} (allowed: {allowed})")
        if cat_side is not None and f not in cat_side:
            raise ctx.fail(f"{where}.from_terrain.{t}",
                           f"unknown hexside feature {f!r} (allowed: {', '.join(sorted(cat_side))})")
        by_terrain[t] = f
    slope = spec.from_elevation
    if slope is not None and cat_side is not None and slope not in cat_side:
        raise ctx.fail(f"{where}.from_elevation",
                       f"unknown hexside feature {slope!r} (allowed: {', '.join(sorted(cat_side))})")
    listed = set(hexsides)
    for a in hexes:
        ia = index[a]
        for b in neighbors(a):
            ib = index.get(b)
            if ib is None or not a < b:
                continue
            ed: Edge = (a, b)
            if ed in listed:
                continue
            got = {by_terrain[t] for t in terrain[ia] + terrain[ib] if t in by_terrain}
            if slope is not None and elevation[ia] != elevation[ib]:
                got.add(slope)
            if got:
                hexsides[ed] = frozenset(got)


def _expand(ctx: _Ctx, layout: Layout, item: Any, where: str, parse: Callable[[Any, str], Hex]) -> list[Hex]:
    """One hex label, or ``"A1..C4"``: every map position in that column/row rectangle."""
    if isinstance(item, str):
        m = _RANGE.fullmatch(item)
        if m:
            a = parse(m.group(1), where)
            b = parse(m.group(2), where)
            (c0, r0), (c1, r1) = layout.to_offset(a), layout.to_offset(b)
            return [
                layout.to_axial(c, r)
                for c in range(min(c0, c1), max(c0, c1) + 1)
                for r in range(min(r0, r1), max(r0, r1) + 1)
            ]
    return [parse(item, where)]
