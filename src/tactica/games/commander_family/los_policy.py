"""The line-of-sight policy a Commander Terrain chart implies (10): obstacles, hindrances, wall
and hedge hexsides, fences, blind-hex terrain, sunken hexes and the paths a line may follow clear.

Both Commander games state their LOS in the same chart columns, so the core
:class:`CombatCommanderLos` is configured from any chart's lines here (each game its own chart).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tactica.core.los import CombatCommanderLos

from .protocols import LosEntryLike


def chart_los_policy(entries: Iterable[LosEntryLike], *, hexside_fill: bool = False,
                     edge_mirror: bool = False, depth: Mapping[str, int] | None = None
                     ) -> CombatCommanderLos:
    """Hex types and paths give obstacles, hindrances, blind hexes and sunken hexes; hexsides give
    wall/hedge obstacles and fence hindrances; paths marked ``clear_along`` are seen along.
    ``hexside_fill`` and ``edge_mirror`` are the core policy's options for a game whose book says
    hindering terrain fills its hex (GWC 10.3) and the map edge repeats its hexes (GWC 10.4);
    Combat Commander's book says neither, so it leaves them off; ``depth`` is terrain seen a
    number of hexes into only (GWC T124.1 Destroyed Woods)."""
    lines = list(entries)
    mapped = [e for e in lines if e.kind in ("type", "path")]
    sides = [e for e in lines if e.kind == "hexside"]
    return CombatCommanderLos(
        [e.id for e in mapped if e.los == "obstacle" and e.kind == "type"],
        {e.id: e.hindrance for e in mapped if e.los == "hindrance"},
        hexside_obstacles=[e.id for e in sides if e.los == "obstacle"],
        hexside_hindrances={e.id: e.hindrance for e in sides if e.los == "hindrance"},
        blind=[e.id for e in mapped if e.blind_hex],
        sunken=[e.id for e in mapped if e.sunken],
        road_kinds=[e.id for e in lines if e.kind == "path" and e.clear_along],
        hexside_fill=hexside_fill,
        edge_mirror=edge_mirror,
        depth=depth,
    )
