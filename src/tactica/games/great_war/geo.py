"""What the map fixes, precomputed once per board (TGW-D Board): indices, neighbours, distances,
retreat directions, baselines, sections and line-of-sight tables.

The hex maths comes from :mod:`tactica.core.hexgrid` and the map file from
:mod:`tactica.core.board`; line of sight by :mod:`tactica.core.los` (its Commands & Colors
policy, with units and blocking terrain passed as a screen bitmask). Nothing here is game state:
a ``Geo`` is shared by every game on the same map.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Any

from tactica.core.board import Board, load_board
from tactica.core.hexgrid import distance, neighbors
from tactica.core.los import CommandsColorsLos, LosTable

from .terrain import TERRAIN

SECTIONS = ("left", "centre", "right")
# TGW-D Board 2: seat 0 (Allies) holds the south edge, seat 1 (Central Powers) the north edge.
BACK_DIRS = ((3, 4), (0, 1))
"""Axial direction indices (pointy-top: 0 NW, 1 NE, 3 SE, 4 SW) that lead to each seat's own
baseline: the two hexes a unit may retreat onto (GW Retreat)."""


class Geo:
    """Precomputed tables over the dense hex index of a board."""

    __slots__ = ("adj", "back", "base_terrain", "baseline", "board", "dist", "half", "index",
                 "labels", "los_table", "n", "nbrs", "sections")

    def __init__(self, board: Board) -> None:
        self.board = board
        hexes = board.hexes
        self.n = n = len(hexes)
        self.labels: tuple[str, ...] = board.labels
        self.index: dict[str, int] = {lab: i for i, lab in enumerate(board.labels)}
        self.half: tuple[bool, ...] = board.half
        terr = []
        for i in range(n):
            t = board.terrain[i]
            terr.append(t[0] if t else "clear")
        self.base_terrain: tuple[str, ...] = tuple(terr)
        idx = board.index
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(
            tuple(idx[m] for m in neighbors(h) if m in idx and not board.half[idx[m]]) for h in hexes)
        self.adj: tuple[frozenset[int], ...] = tuple(frozenset(x) for x in self.nbrs)
        self.dist: tuple[tuple[int, ...], ...] = tuple(
            tuple(distance(a, b) for b in hexes) for a in hexes)
        back: list[tuple[tuple[int, ...], ...]] = []
        baseline: list[tuple[bool, ...]] = []
        for seat in (0, 1):
            rows = []
            for h in hexes:
                cand = [neighbors(h)[d] for d in BACK_DIRS[seat]]
                rows.append(tuple(idx[m] for m in cand if m in idx and not board.half[idx[m]]))
            back.append(tuple(rows))
            edge = board.edges["south" if seat == 0 else "north"]
            baseline.append(tuple(h in edge for h in hexes))
        self.back = tuple(back)
        self.baseline = tuple(baseline)
        # TGW-D Board 3: sections are named from the Allied side; the Central player's left is
        # the Allied right (each player reads sections from his own baseline).
        own: list[int] = [0] * n
        for k, name in enumerate(SECTIONS):
            for h in board.sections.get(name, frozenset()):
                own[idx[h]] |= 1 << k
        mirrored = [((m & 1) << 2) | (m & 2) | ((m & 4) >> 2) for m in own]
        self.sections: tuple[tuple[int, ...], ...] = (tuple(own), tuple(mirrored))
        # GW Ranged 3: half-hexes are the only fixed obstructions; units and blocking terrain
        # (which a barrage can change) come in as a screen bitmask at query time.
        self.los_table = LosTable(board, CommandsColorsLos((), half_hexes_block=True))

    def label(self, i: int) -> str:
        return self.labels[i]

    def los(self, a: int, b: int, occupied: int) -> bool:
        """GW Ranged 3: is the line from hex a to hex b clear, given a bitmask of obstructed hexes
        (units and blocking terrain, which a barrage can change)? Half-hexes are fixed."""
        return self.los_table.clear_screened(a, b, occupied)


_CACHE: dict[str, Geo] = {}


def geo_for(key: str, data: Mapping[str, Any]) -> Geo:
    """The Geo of a scenario's map, built once per process."""
    g = _CACHE.get(key)
    if g is None:
        board = load_board(data, allowed_terrain=TERRAIN, source_name=key)
        g = _CACHE[key] = Geo(board)
    return g


def forget_geo_except(prefix: str, keep: Container[str]) -> None:
    """Drop the tables of the maps whose key starts with ``prefix`` and is not in ``keep`` (the
    evicted custom scenarios'; scenarios.py)."""
    for key in [k for k in list(_CACHE) if k.startswith(prefix) and k not in keep]:
        _CACHE.pop(key, None)
