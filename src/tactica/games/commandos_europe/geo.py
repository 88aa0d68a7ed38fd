"""The map of one Commandos: Europe scenario: terrain lookups, costs, noise, penalties and drift.

Hexes are handled by their CCRR labels (7.0); the board (core.board) is loaded once per map and
shared by every game. Flat-top hexes in vertical columns, so direction 1 of the drift die is the
north hexside and 2-6 go clockwise (12.9) - core.hexgrid's direction index d - 1.
"""

from __future__ import annotations

from functools import cache

from tactica.core.board import Board, BoardError, load_board
from tactica.core.hexgrid import distance, neighbor
from tactica.core.rules import RulesError

from .data import DIR, Terrain, terrain, terrain_catalogue


class Geo:
    def __init__(self, map_id: str, board: Board) -> None:
        self.map_id = map_id
        self.board = board
        chart = terrain()
        self.chart = chart
        self.labels = board.labels
        self.hex = {lab: board.hexes[i] for i, lab in enumerate(board.labels)}
        self.terrains: dict[str, tuple[str, ...]] = {}
        self.features: dict[str, frozenset[str]] = {}
        for i, lab in enumerate(board.labels):
            raw = board.terrain[i]
            feats = frozenset(raw)
            ts = tuple(t for t in raw if t in chart)
            if map_id == "norway":  # 12.1: on the Norway map a clear hex that is not ridge is mountain
                ts = tuple("mountain" if t == "clear" and "ridge" not in raw else t for t in ts)
            self.terrains[lab] = ts or ("clear",)
            self.features[lab] = feats
        self.nbrs = {lab: tuple(board.label(n) for n in board.neighbors(h)) for lab, h in self.hex.items()}
        sites: dict[str, list[str]] = {}
        for lab in self.labels:
            if not self.near_building(lab):
                sites.setdefault(lab[:2], []).append(lab)
        self.base_sites = {c: tuple(v) for c, v in sites.items()}
        """3.1: hexes a base may ever occupy (not in or next to a building or airfield), by column."""

    # ------------------------------------------------------------------ terrain
    def all_sea(self, lab: str) -> bool:
        return self.terrains[lab] == ("sea",)

    def coastal(self, lab: str) -> bool:
        """11.2: sea and some land terrain in one hex."""
        ts = self.terrains[lab]
        return "sea" in ts and len(ts) > 1

    def has_sea(self, lab: str) -> bool:
        return "sea" in self.terrains[lab]

    def water(self, lab: str) -> bool:
        """A sea or river hex (11.1: boats move through them at 1 MP)."""
        return "sea" in self.terrains[lab] or "river" in self.terrains[lab]

    def has(self, lab: str, t: str) -> bool:
        return t in self.features[lab] or t in self.terrains[lab]

    def land_terrains(self, lab: str) -> tuple[str, ...]:
        return tuple(t for t in self.terrains[lab] if t != "sea") or ("sea",)

    def _info(self, t: str) -> Terrain:
        return self.chart[t]

    def hex_cost(self, lab: str) -> int:
        """10.7: the single highest cost of a hex's terrains (a coastal hex by its land)."""
        return max(self._info(t).mp for t in self.land_terrains(lab))

    def road_between(self, a: str, b: str) -> bool:
        ha, hb = self.hex[a], self.hex[b]
        return self.board.road(ha, hb, "road") or self.board.road(ha, hb, "path")

    def move_cost(self, a: str, b: str) -> int:
        """10.7: entering b from a; a road or path across the hexside overrides all terrain."""
        if self.road_between(a, b):
            return 1
        return self.hex_cost(b)

    def noise(self, lab: str) -> int:
        """12.1: the highest noise value among the hex's terrains."""
        return max(self._info(t).noise for t in self.terrains[lab])

    def penalty(self, lab: str) -> int:
        """13.0 step 3: the terrain penalty of a defender's hex (the largest of its terrains)."""
        return min(self._info(t).combat for t in self.terrains[lab])

    def hexside(self, a: str, b: str) -> frozenset[str]:
        return self.board.hexside(self.hex[a], self.hex[b])

    def near_building(self, lab: str) -> bool:
        """3.1: in or adjacent to a building or airfield."""
        return any(self.has(x, "building") or self.has(x, "airfield") for x in (lab, *self.nbrs[lab]))

    # ------------------------------------------------------------------ geometry
    def dist(self, a: str, b: str) -> int:
        return distance(self.hex[a], self.hex[b])

    def drift(self, origin: str, direction: int, count: int) -> str:
        """12.9: count hexes straight out from origin along direction 1-6 (1 = north, clockwise);
        at the map edge the count reverses back towards the origin (and again at a far edge)."""
        h = self.hex[origin]
        d = direction - 1
        for _ in range(count):
            nxt = neighbor(h, d)
            if nxt not in self.board.index:
                d = (d + 3) % 6
                nxt = neighbor(h, d)
                if nxt not in self.board.index:
                    break
            h = nxt
        return self.board.label(h)

    def scatter(self, centre: str, roll: int) -> str | None:
        """14.0 scatter diagram (our design): the d6 names the adjacent hex in direction roll
        (1 = north, clockwise); None when that hex is off the map."""
        h = neighbor(self.hex[centre], roll - 1)
        return self.board.label(h) if h in self.board.index else None


@cache
def geo(map_id: str) -> Geo:
    path = DIR / "maps" / f"{map_id}.yaml"
    cat = terrain_catalogue()
    try:
        board = load_board(path, cat["hex"], cat["hexside"], allowed_roads=cat["road"])
    except BoardError as exc:
        raise RulesError(str(exc)) from exc
    return Geo(map_id, board)
