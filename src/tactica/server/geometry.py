"""The fixed map of a game as drawing geometry (docs/web.md "map"): hex centres and corners,
terrain, levels, half hexes, hexside lines and road segments, in SVG's y-down frame.

Built once per board from core.board / core.hexgrid and cached: it never changes in a game.
"""

from __future__ import annotations

import math
from typing import Any

from tactica.core.board import Board

SIZE = 40.0
"""Corner radius of a hex in drawing units."""

_cache: dict[int, tuple[Board, dict[str, Any]]] = {}


def _pt(p: tuple[float, float]) -> list[float]:
    return [round(p[0], 2), round(p[1], 2)]


def map_geometry(board: Board, keep: bool = True) -> dict[str, Any]:
    """The drawing geometry of ``board``; ``keep=False`` for a board seen once (the editor's
    drafts), which would otherwise stay in the cache for good."""
    hit = _cache.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    lay = board.layout
    hexes = []
    xs: list[float] = []
    ys: list[float] = []
    centre: dict[Any, tuple[float, float]] = {}
    for i, h in enumerate(board.hexes):
        c = lay.center(h, SIZE)
        centre[h] = c
        corners = lay.corners(h, SIZE)
        xs.extend(p[0] for p in corners)
        ys.extend(p[1] for p in corners)
        hexes.append({"id": board.labels[i], "x": round(c[0], 2), "y": round(c[1], 2),
                      "corners": [_pt(p) for p in corners], "terrain": list(board.terrain[i]),
                      "level": board.elevation[i], "half": board.half[i]})
    sides = []
    for (a, b), feats in sorted(board.hexsides.items()):
        ca = centre.get(a) or lay.center(a, SIZE)
        cb = centre.get(b) or lay.center(b, SIZE)
        mx, my = (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2
        dx, dy = cb[0] - ca[0], cb[1] - ca[1]
        n = math.hypot(dx, dy) or 1.0
        px, py = -dy / n * SIZE / 2, dx / n * SIZE / 2
        sides.append({"a": _label(board, a), "b": _label(board, b), "features": sorted(feats),
                      "line": [_pt((mx - px, my - py)), _pt((mx + px, my + py))]})
    roads = []
    for kind, edges in sorted(board.roads.items()):
        for a, b in sorted(edges):
            if a in centre and b in centre:
                roads.append({"kind": kind, "a": _label(board, a), "b": _label(board, b),
                              "line": [_pt(centre[a]), _pt(centre[b])]})
    pad = SIZE * 0.6
    geo = {
        "name": board.name, "orientation": lay.orientation, "size": SIZE,
        "viewbox": [round(min(xs) - pad, 2), round(min(ys) - pad, 2),
                    round(max(xs) - min(xs) + 2 * pad, 2), round(max(ys) - min(ys) + 2 * pad, 2)],
        "hexes": hexes, "hexsides": sides, "roads": roads,
        "objectives": {k: _label(board, h) for k, h in board.objectives.items()},
    }
    if keep:
        _cache[id(board)] = (board, geo)
    return geo


def _label(board: Board, h: Any) -> str:
    if h in board.index:
        return board.label(h)
    try:
        return board.layout.label(h)
    except ValueError:
        return f"{h[0]},{h[1]}"
