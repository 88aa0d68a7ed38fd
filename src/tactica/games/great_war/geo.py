"""What the map fixes, precomputed once per board (TGW-D Board): indices, neighbours, distances,
retreat directions, baselines, sections and line-of-sight tables.

The hex maths comes from :mod:`tactica.core.hexgrid` and the map file from
:mod:`tactica.core.board`; line of sight is answered by :mod:`tactica.core.los` when present, else
by :func:`_los_tables` (a small adapter over ``hexgrid.trace_line``). Nothing here is game state:
a ``Geo`` is shared by every game on the same map.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.board import Board, load_board
from tactica.core.hexgrid import distance, neighbors, trace_line

from .terrain import TERRAIN

SECTIONS = ("left", "centre", "right")
# TGW-D Board 2: seat 0 (Allies) holds the south edge, seat 1 (Central Powers) the north edge.
BACK_DIRS = ((3, 4), (0, 1))
"""Axial direction indices (pointy-top: 0 NW, 1 NE, 3 SE, 4 SW) that lead to each seat's own
baseline: the two hexes a unit may retreat onto (GW Retreat)."""


class Geo:
    """Precomputed tables over the dense hex index of a board."""

    __slots__ = ("adj", "back", "base_terrain", "baseline", "board", "dist", "half", "index",
                 "labels", "los_pairs", "los_single", "los_static", "n", "nbrs", "sections")

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
        self.los_single, self.los_pairs, self.los_static = _los_tables(self)

    def label(self, i: int) -> str:
        return self.labels[i]

    def los(self, a: int, b: int, occupied: int) -> bool:
        """GW Ranged 3: is the line from hex a to hex b clear, given a bitmask of obstructed hexes
        (units and blocking terrain, which a barrage can change)? Half-hexes are fixed."""
        k = a * self.n + b
        if self.los_static[k]:
            return False
        if self.los_single[k] & occupied:
            return False
        for pa, pb in self.los_pairs[k]:
            if (pa & occupied or pa < 0) and (pb & occupied or pb < 0):
                return False
        return True


def _los_tables(geo: Geo) -> tuple[list[int], list[tuple[tuple[int, int], ...]], list[bool]]:
    """For every ordered pair of hexes: a bitmask of the hexes strictly between them that the
    line passes through (any obstruction there blocks), the hexside pairs it runs along (blocked
    only when both sides are obstructed) and whether half-hexes alone block it.

    In a pair, -1 stands for a side that is always obstructed (a half-hex or off the map).
    A hex the line only touches at one corner point is not "part of a hex" the line crosses
    (RULES.md A6).
    """
    board = geo.board
    n = geo.n
    idx = board.index
    blocks = list(geo.half)
    single = [0] * (n * n)
    pairs: list[tuple[tuple[int, int], ...]] = [()] * (n * n)
    static = [False] * (n * n)
    hexes = board.hexes
    for a in range(n):
        for b in range(n):
            if a == b or geo.dist[a][b] < 2:
                continue
            tr = trace_line(hexes[a], hexes[b])
            mask = 0
            prs: list[tuple[int, int]] = []
            blocked = False
            for step in tr.steps[1:-1]:
                if len(step) == 1:
                    i = idx.get(step[0])
                    if i is None:
                        continue
                    if blocks[i]:
                        blocked = True
                    mask |= 1 << i
                else:
                    sides = []
                    for h in step:
                        i = idx.get(h)
                        sides.append(-1 if i is None or blocks[i] else 1 << i)
                    if sides[0] < 0 and sides[1] < 0:
                        blocked = True
                    prs.append((sides[0], sides[1]))
            single[a * n + b] = mask
            pairs[a * n + b] = tuple(prs)
            static[a * n + b] = blocked
    return single, pairs, static


_CACHE: dict[str, Geo] = {}


def geo_for(key: str, data: Mapping[str, Any]) -> Geo:
    """The Geo of a scenario's map, built once per process."""
    g = _CACHE.get(key)
    if g is None:
        board = load_board(data, allowed_terrain=TERRAIN, source_name=key)
        g = _CACHE[key] = Geo(board)
    return g
