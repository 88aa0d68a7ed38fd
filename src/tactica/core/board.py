"""Boards: the fixed part of a map, loaded from a validated YAML/JSON map file.

A :class:`Board` is immutable once loaded and shared by every clone of a game; whatever changes
during play (smoke, blazes, wrecks, units) lives in the game state instead. Each hex gets a dense
index 0..n-1 (column by column, top to bottom) so rules code can use bitmasks and flat tables.

The file format is described in docs/map-format.md. :func:`load_board` checks everything before
building the board, so a load either returns a complete board or raises :class:`BoardError` whose
message names the file, the entry (usually a hex label) and the problem.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

import yaml

from .hexgrid import Edge, Hex, Layout, adjacent, neighbors

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
# YAML reading: duplicate keys are errors; only true/false are booleans; numbers with a leading
# zero (four-digit labels such as 0307) stay strings instead of turning into octal.
# ---------------------------------------------------------------------------------------------


class _StrictLoader(yaml.SafeLoader):
    pass


_StrictLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag not in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:bool")]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")
)
_StrictLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen[key] = loader.construct_object(value_node, deep=deep)
    return seen


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------

_TOP_KEYS: Final = frozenset(
    {
        "format",
        "version",
        "name",
        "notes",
        "geometry",
        "terrain",
        "defaults",
        "hexes",
        "hexsides",
        "roads",
        "objectives",
        "zones",
        "edges",
        "sections",
        "derived_hexsides",
    }
)
_GEOMETRY_KEYS: Final = frozenset(
    {"orientation", "offset", "labels", "cols", "rows", "first_col", "first_row", "exclude"}
)
_HEX_KEYS: Final = frozenset({"terrain", "elevation", "half"})
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
) -> Board:
    """Load and validate a map from a YAML/JSON file path or from an already parsed mapping.

    ``allowed_terrain``/``allowed_hexside``/``allowed_roads`` are the feature names the calling
    game knows; when given, any other name in the file is an error. The map may also declare its
    own catalogue (``terrain:``), which its entries must then respect.
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
        try:
            data = yaml.load(text, Loader=_StrictLoader)
        except yaml.YAMLError as exc:
            raise BoardError(f"{name}: not valid YAML: {exc}") from exc
    return _build(
        _Ctx(name),
        data,
        _opt_set(allowed_terrain),
        _opt_set(allowed_hexside),
        _opt_set(allowed_roads),
    )


def _opt_set(names: Iterable[str] | None) -> frozenset[str] | None:
    return None if names is None else frozenset(names)


def _mapping(ctx: _Ctx, value: Any, where: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise ctx.fail(where, f"expected a mapping, got {type(value).__name__}")
    return value


def _list(ctx: _Ctx, value: Any, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise ctx.fail(where, f"expected a list, got {type(value).__name__}")
    return list(value)


def _int(ctx: _Ctx, value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ctx.fail(where, f"expected an integer, got {value!r}")
    return value


def _str(ctx: _Ctx, value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise ctx.fail(where, f"expected a non-empty string, got {value!r}")
    return value


def _check_keys(ctx: _Ctx, m: Mapping[Any, Any], allowed: frozenset[str], where: str) -> None:
    for k in m:
        if k not in allowed:
            raise ctx.fail(where, f"unknown key {k!r} (expected one of {sorted(allowed)})")


def _names(ctx: _Ctx, value: Any, where: str, allowed: frozenset[str] | None, what: str) -> tuple[str, ...]:
    items = _list(ctx, value, where)
    out: list[str] = []
    for item in items:
        s = _str(ctx, item, where)
        if allowed is not None and s not in allowed:
            raise ctx.fail(where, f"unknown {what} {s!r} (allowed: {', '.join(sorted(allowed))})")
        if s in out:
            raise ctx.fail(where, f"{what} {s!r} listed twice")
        out.append(s)
    return tuple(out)


def _build(
    ctx: _Ctx,
    data: Any,
    allowed_terrain: frozenset[str] | None,
    allowed_hexside: frozenset[str] | None,
    allowed_roads: frozenset[str] | None,
) -> Board:
    top = _mapping(ctx, data, "top level")
    _check_keys(ctx, top, _TOP_KEYS, "top level")
    if "version" not in top:
        raise ctx.fail("version", "missing (this loader reads version 1)")
    if top["version"] != FORMAT_VERSION or isinstance(top["version"], bool):
        raise ctx.fail("version", f"unsupported map format version {top['version']!r} (expected 1)")
    if "format" in top and top["format"] != "tactica-map":
        raise ctx.fail("format", f"expected 'tactica-map', got {top['format']!r}")
    name = _str(ctx, top.get("name", ctx.source), "name")

    # geometry ----------------------------------------------------------------------------------
    if "geometry" not in top:
        raise ctx.fail("geometry", "missing")
    geo = _mapping(ctx, top["geometry"], "geometry")
    _check_keys(ctx, geo, _GEOMETRY_KEYS, "geometry")
    for key in ("orientation", "offset", "labels", "cols", "rows"):
        if key not in geo:
            raise ctx.fail(f"geometry.{key}", "missing")
    cols = _int(ctx, geo["cols"], "geometry.cols")
    rows = _int(ctx, geo["rows"], "geometry.rows")
    first_col = _int(ctx, geo.get("first_col", 1), "geometry.first_col")
    first_row = _int(ctx, geo.get("first_row", 1), "geometry.first_row")
    try:
        layout = Layout(
            orientation=_str(ctx, geo["orientation"], "geometry.orientation"),  # type: ignore[arg-type]
            offset=_str(ctx, geo["offset"], "geometry.offset"),  # type: ignore[arg-type]
            labels=_str(ctx, geo["labels"], "geometry.labels"),  # type: ignore[arg-type]
            cols=cols,
            rows=rows,
            first_col=first_col,
            first_row=first_row,
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
    for item in _list(ctx, geo.get("exclude", []), "geometry.exclude"):
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
    if "terrain" in top:
        cat = _mapping(ctx, top["terrain"], "terrain")
        _check_keys(ctx, cat, frozenset({"hex", "hexside", "road"}), "terrain")
        if "hex" in cat:
            cat_hex = frozenset(_names(ctx, cat["hex"], "terrain.hex", allowed_terrain, "terrain"))
            catalogue["hex"] = cat_hex
        if "hexside" in cat:
            cat_side = frozenset(
                _names(ctx, cat["hexside"], "terrain.hexside", allowed_hexside, "hexside feature")
            )
            catalogue["hexside"] = cat_side
        if "road" in cat:
            cat_road = frozenset(_names(ctx, cat["road"], "terrain.road", allowed_roads, "road kind"))
            catalogue["road"] = cat_road

    # hexes -------------------------------------------------------------------------------------
    defaults = _mapping(ctx, top.get("defaults", {}), "defaults")
    _check_keys(ctx, defaults, frozenset({"terrain", "elevation"}), "defaults")
    d_terrain = _names(ctx, defaults.get("terrain", []), "defaults.terrain", cat_hex, "terrain")
    d_elev = _int(ctx, defaults.get("elevation", 0), "defaults.elevation")
    n = len(hexes)
    terrain: list[tuple[str, ...]] = [d_terrain] * n
    elevation = [d_elev] * n
    half = [False] * n
    seen_hex: dict[Hex, str] = {}
    for key, entry in _mapping(ctx, top.get("hexes", {}), "hexes").items():
        h = on_board(key, "hex")
        where = f"hex {key}"
        if h in seen_hex:
            raise ctx.fail(where, f"duplicate entry (same hex as {seen_hex[h]})")
        seen_hex[h] = str(key)
        i = index[h]
        if isinstance(entry, list):
            entry = {"terrain": entry}
        e = _mapping(ctx, entry, where)
        _check_keys(ctx, e, _HEX_KEYS, where)
        if "terrain" in e:
            terrain[i] = _names(ctx, e["terrain"], f"{where} terrain", cat_hex, "terrain")
        if "elevation" in e:
            elevation[i] = _int(ctx, e["elevation"], f"{where} elevation")
        if "half" in e:
            if not isinstance(e["half"], bool):
                raise ctx.fail(f"{where} half", f"expected true or false, got {e['half']!r}")
            half[i] = e["half"]

    # hexsides ----------------------------------------------------------------------------------
    hexsides: dict[Edge, frozenset[str]] = {}
    for key, feats in _mapping(ctx, top.get("hexsides", {}), "hexsides").items():
        where = f"hexside {key}"
        if not isinstance(key, str) or key.count("/") != 1:
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
    if "derived_hexsides" in top:
        _derive_hexsides(ctx, top["derived_hexsides"], hexes, index, terrain, elevation, cat_hex, cat_side,
                         hexsides)

    # roads -------------------------------------------------------------------------------------
    roads: dict[str, set[Edge]] = {}
    for k, item in enumerate(_list(ctx, top.get("roads", []), "roads")):
        where = f"roads[{k}]"
        r = _mapping(ctx, item, where)
        _check_keys(ctx, r, frozenset({"kind", "path"}), where)
        kind = _str(ctx, r.get("kind", "road"), f"{where} kind")
        if cat_road is not None and kind not in cat_road:
            allowed = ", ".join(sorted(cat_road))
            raise ctx.fail(f"{where} kind", f"unknown road kind {kind!r} (allowed: {allowed})")
        path = [on_board(x, f"{where} path:") for x in _list(ctx, r.get("path"), f"{where} path")]
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
    for key, value in _mapping(ctx, top.get("objectives", {}), "objectives").items():
        oid = str(key)
        objectives[oid] = on_board(value, f"objective {oid}:")

    def hex_lists(section: str) -> dict[str, tuple[Hex, ...]]:
        out: dict[str, tuple[Hex, ...]] = {}
        for key, items in _mapping(ctx, top.get(section, {}), section).items():
            zname = _str(ctx, key, section)
            where = f"{section}.{zname}"
            got: list[Hex] = []
            for item in _list(ctx, items, where):
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
    spec: Any,
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
    d = _mapping(ctx, spec, where)
    _check_keys(ctx, d, frozenset({"from_terrain", "from_elevation"}), where)
    by_terrain: dict[str, str] = {}
    for t, f in _mapping(ctx, d.get("from_terrain", {}), f"{where}.from_terrain").items():
        t = _str(ctx, t, f"{where}.from_terrain")
        f = _str(ctx, f, f"{where}.from_terrain.{t}")
        if cat_hex is not None and t not in cat_hex:
            allowed = ", ".join(sorted(cat_hex))
            raise ctx.fail(f"{where}.from_terrain", f"unknown terrain {t!r} (allowed: {allowed})")
        if cat_side is not None and f not in cat_side:
            raise ctx.fail(f"{where}.from_terrain.{t}",
                           f"unknown hexside feature {f!r} (allowed: {', '.join(sorted(cat_side))})")
        by_terrain[t] = f
    slope = d.get("from_elevation")
    if slope is not None:
        slope = _str(ctx, slope, f"{where}.from_elevation")
        if cat_side is not None and slope not in cat_side:
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
