"""What a map fixes, computed once per board and shared by every game on it: dense indices,
neighbours, distances, the effective terrain of every hex and hexside (3.1, TEC), road crossings,
slopes, and the line-of-sight table (6.4, 6.41) from core's Combat Infantry policy."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tactica.core.board import Board, load_board
from tactica.core.hexgrid import distance
from tactica.core.los import CombatInfantryLos, LosTable

from .sheets import SheetError, joined_map
from .terrain import (
    ADJACENT_BLOCKING_SIDE,
    BLOCKING_HEX,
    BLOCKING_SIDE,
    HEX_NAMES,
    IMPASSABLE_COMMAND,
    SIDE_NAMES,
    SLOPE,
    SLOPE_UP_MP,
    HexTerrain,
    SideTerrain,
    X,
    hex_terrain,
    side_terrain,
)

MAPS = Path(__file__).parent / "data" / "maps"


class Geo:
    """Flat tables by dense hex index. ``side[i][j]`` exists for each neighbour j of i."""

    __slots__ = (
        "board",
        "dist",
        "edge",
        "features",
        "hex",
        "index",
        "labels",
        "los",
        "n",
        "nbrs",
        "no_command",
        "road",
        "side",
        "side_features",
        "track",
        "uphill",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        hexes = board.hexes
        idx = board.index
        self.n = len(hexes)
        self.labels = board.labels
        self.index = {lab: i for i, lab in enumerate(board.labels)}
        self.hex: tuple[HexTerrain, ...] = tuple(hex_terrain(t) for t in board.terrain)
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(
            tuple(idx[m] for m, _ in board.sides(h)) for h in hexes
        )
        self.dist = tuple(tuple(distance(a, b) for b in hexes) for a in hexes)
        self.edge: tuple[bool, ...] = tuple(len(x) < 6 for x in self.nbrs)
        """Hexes on the map's edge, from which units may leave the map (9.4, 10.4)."""
        side: list[dict[int, SideTerrain]] = []
        feats: list[dict[int, frozenset[str]]] = []
        uphill: list[dict[int, bool]] = []
        road: list[dict[int, bool]] = []
        track: list[dict[int, bool]] = []
        nocmd: list[dict[int, bool]] = []
        for h in hexes:
            s, f, u, r, c, t = {}, {}, {}, {}, {}, {}
            for m, fs in board.sides(h):
                j = idx[m]
                s[j] = side_terrain(fs)
                f[j] = fs
                u[j] = SLOPE in fs and board.climb(h, m) > 0
                t[j] = board.road(h, m, "track")
                r[j] = board.road(h, m) or t[j]
                c[j] = bool(fs & IMPASSABLE_COMMAND)
            side.append(s)
            feats.append(f)
            uphill.append(u)
            road.append(r)
            track.append(t)
            nocmd.append(c)
        self.side = tuple(side)
        self.side_features = tuple(feats)
        self.uphill = tuple(uphill)
        self.road = tuple(road)
        """A road or track crosses the hexside (paved or unpaved, 3.4)."""
        self.track = tuple(track)
        """The road across the hexside is an unpaved track."""
        self.no_command = tuple(nocmd)
        self.features = board.features
        policy = CombatInfantryLos(
            BLOCKING_HEX, BLOCKING_SIDE, adjacent_blocking_hexsides=ADJACENT_BLOCKING_SIDE
        )
        self.los = LosTable(board, policy)

    def cost(self, i: int, j: int, into_assault: bool = False, bad_weather: bool = False) -> int:
        """8.1-8.4, 3.4: MP to cross from hex i into neighbour j: the hexside's terrain (most
        restrictive, 3.1), -1 along a road across it (not on a bridge, TEC note 4, and never into
        an assault, 8.4; not on an unpaved track in bad weather, 8.4/10.2), +1 uphill across a
        slope. 99 (X) when impassable to foot units."""
        st = self.side[i][j]
        if st.move >= X:
            return X
        cost = st.move
        bonus = self.road[i][j] and not (bad_weather and self.track[i][j])
        if bonus and not into_assault and "bridge" not in self.side_features[i][j]:
            cost -= 1
        if self.uphill[i][j]:
            cost += SLOPE_UP_MP
        return cost

    def label(self, i: int) -> str:
        return self.labels[i]


@cache
def geo_for(map_id: str) -> Geo:
    """The tables of a map sheet, or of sheets joined by a map key (sheets.py, 3.0)."""
    from tactica.core.rules import RulesError

    roads = {"road", "track"}
    if "+" in map_id or "/" in map_id:
        try:
            data = joined_map(map_id)
        except SheetError as exc:
            raise RulesError(str(exc)) from None
        return Geo(load_board(data, HEX_NAMES, SIDE_NAMES, source_name=f"map {map_id}", allowed_roads=roads))
    path = MAPS / f"{map_id}.yaml"
    if not path.exists():
        raise RulesError(f"combat_infantry has no map {map_id!r}")
    return Geo(load_board(path, HEX_NAMES, SIDE_NAMES, allowed_roads=roads))


_INLINE: dict[str, Geo] = {}
"""Boards given inline (the studio), by a key of their whole content: a game's state names its
board by that key (``map``), so the same content is the same Geo and nothing goes stale."""


def inline_board(data: dict[str, object]) -> str:
    """Load map data given inline (the map format as values) and return the key a state names
    it by; errors are the map loader's (BoardError)."""
    import hashlib
    import json

    key = "inline:" + hashlib.sha1(json.dumps(data, sort_keys=True).encode()).hexdigest()
    if key not in _INLINE:
        board = load_board(data, HEX_NAMES, SIDE_NAMES, source_name=f"studio board {data.get('name')}",
                           allowed_roads={"road", "track"})
        _INLINE[key] = Geo(board)
    return key


def inline_geo(key: str) -> Geo:
    """The Geo of a board given inline (:func:`inline_board` must have loaded it in this process)."""
    from tactica.core.rules import RulesError

    geo = _INLINE.get(key)
    if geo is None:
        raise RulesError(f"combat_infantry: no inline board {key!r} in this process")
    return geo
