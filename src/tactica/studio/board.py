"""A board given inline: the open map format (docs/map-format.md) as Python values.

:func:`board` takes the same vocabulary as a map file (hex terrain and levels, hexsides, roads,
objectives, zones, edges, sections) plus named multi-hex features (a Building of several
hexes), for a map of any size. Nothing is written to disk and there is no cache to clear: each
module's adapter turns the spec into its own board with :meth:`BoardSpec.load`, through the same
loader and errors as a map file (``BoardError``: where, then the problem); boards are kept by
their whole content, so the same spec gives the same board and its precomputed LOS.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tactica.core.board import Board, BoardError, load_board

__all__ = ["BoardSpec", "board"]


@dataclass(frozen=True)
class BoardSpec:
    """A map of ``cols`` x ``rows`` hexes in the map format's terms. ``geometry`` holds the
    format's geometry keys besides the size (orientation, offset, labels, exclude ...); what is
    left out is the module's usual geometry (the adapter's). ``features`` names multi-hex
    features (hex lists) the module reads its own way (Combat Commander: Buildings); ``extra``
    is the module's own block of its map files (Combat Commander: artillery_boxes,
    friendly_edges, setup_zones)."""

    cols: int
    rows: int
    terrain: tuple[str, ...] = ()
    elevation: int = 0
    hexes: Mapping[str, Any] = field(default_factory=dict)
    hexsides: Mapping[str, Sequence[str]] = field(default_factory=dict)
    roads: Sequence[Any] = ()
    features: Mapping[str, Sequence[str]] = field(default_factory=dict)
    objectives: Mapping[str, str] = field(default_factory=dict)
    zones: Mapping[str, Sequence[str]] = field(default_factory=dict)
    edges: Mapping[str, Sequence[str]] = field(default_factory=dict)
    sections: Mapping[str, Sequence[str]] = field(default_factory=dict)
    geometry: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    name: str = "studio"

    def map_data(self, geometry: Mapping[str, Any] | None = None, default_terrain: Sequence[str] = (),
                 name: str | None = None) -> dict[str, Any]:
        """The spec as the data of a map file (version 1), with ``geometry`` (the module's usual
        orientation, offset and labels) under the spec's own geometry keys."""
        geo = {"orientation": "flat", "offset": "odd-q", "labels": "letter-number",
               **dict(geometry or {}), **dict(self.geometry), "cols": self.cols, "rows": self.rows}
        roads = [{"path": list(r)} if isinstance(r, (list, tuple)) else dict(r) for r in self.roads]
        hexes = {k: list(v) if isinstance(v, (list, tuple)) else dict(v) for k, v in self.hexes.items()}
        return {
            "format": "tactica-map", "version": 1, "name": name or self.name, "geometry": geo,
            "defaults": {"terrain": list(self.terrain or default_terrain), "elevation": self.elevation},
            "hexes": hexes, "hexsides": {k: list(v) for k, v in self.hexsides.items()},
            "roads": roads, "objectives": {str(k): v for k, v in self.objectives.items()},
            "zones": {k: list(v) for k, v in self.zones.items()},
            "edges": {k: list(v) for k, v in self.edges.items()},
            "sections": {k: list(v) for k, v in self.sections.items()},
        }

    def load(self, allowed_terrain: Iterable[str] | None = None,
             allowed_hexside: Iterable[str] | None = None, allowed_roads: Iterable[str] | None = None,
             geometry: Mapping[str, Any] | None = None, default_terrain: Sequence[str] = (),
             name: str | None = None) -> Board:
        """The core board, checked by the map loader against the module's terrain names.
        Multi-hex features must name hexes of the board (the module checks what they mean)."""
        data = self.map_data(geometry, default_terrain, name)
        allowed = [None if a is None else sorted(a)
                   for a in (allowed_terrain, allowed_hexside, allowed_roads)]
        key = json.dumps([data, allowed, {k: list(v) for k, v in self.features.items()}], sort_keys=True)
        b = _LOADED.get(key)
        if b is not None:
            _LOADED.move_to_end(key)
            return b
        where = f"studio board {data['name']}"
        b = load_board(data, allowed_terrain, allowed_hexside, allowed_roads=allowed_roads,
                       source_name=where)
        for fname, labels in self.features.items():
            for lab in labels:
                try:
                    b.parse(lab)
                except ValueError as exc:
                    raise BoardError(f"{where}: feature {fname}: {exc}") from None
        _LOADED[key] = b
        if len(_LOADED) > _KEEP:
            _LOADED.popitem(last=False)
        return b


_LOADED: OrderedDict[str, Board] = OrderedDict()
"""Boards loaded lately, by their whole content: the same spec gives the same (immutable)
board object, so what a module precomputes per board (a LOS table) is reused across positions.
Keyed by content, it is never stale and nothing ever needs clearing."""
_KEEP = 32


def board(cols: int, rows: int, *, terrain: Sequence[str] = (), elevation: int = 0,
          hexes: Mapping[str, Any] | None = None, hexsides: Mapping[str, Sequence[str]] | None = None,
          roads: Sequence[Any] = (), features: Mapping[str, Sequence[str]] | None = None,
          objectives: Mapping[str, str] | None = None, zones: Mapping[str, Sequence[str]] | None = None,
          edges: Mapping[str, Sequence[str]] | None = None,
          sections: Mapping[str, Sequence[str]] | None = None,
          geometry: Mapping[str, Any] | None = None, extra: Mapping[str, Any] | None = None,
          name: str = "studio") -> BoardSpec:
    """A board of ``cols`` x ``rows`` hexes. ``terrain`` is every hex's default terrain (the
    module's open ground if empty), ``elevation`` its default level; ``hexes`` maps a label to
    its terrain list or to ``{"terrain": [...], "elevation": n, "half": bool}``; ``hexsides``
    maps ``"C6/D6"`` to features; a road is a list of labels or ``{"kind": k, "path": [...]}``;
    ``features`` names multi-hex features (``{"church": ["C3", "C4"]}``). The rest as in a map
    file (docs/map-format.md)."""
    return BoardSpec(cols, rows, tuple(terrain), elevation, dict(hexes or {}), dict(hexsides or {}),
                     tuple(roads), dict(features or {}), dict(objectives or {}), dict(zones or {}),
                     dict(edges or {}), dict(sections or {}), dict(geometry or {}), dict(extra or {}),
                     name)
