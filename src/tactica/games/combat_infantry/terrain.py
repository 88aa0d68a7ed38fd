"""The Terrain Effects Chart (3.2-3.4, TEC) as tables, and the "most restrictive" rule (3.1).

Hex terrain gives stacking and defence; hexside terrain gives movement cost and the fire and
assault limits (3.1: "hexside terrain often differs from hex terrain"). A hexside carrying several
features takes the most restrictive value of each (3.1). Roads are kept by the board as road
crossings, not as features.
"""

from __future__ import annotations

from dataclasses import dataclass

X = 99
"""An impassable movement cost / a limit of nothing."""


@dataclass(frozen=True)
class HexTerrain:
    stack: int
    d2: bool
    d2_bombard: bool
    """D2 also against bombardment (TEC note 2: woods is D1 against bombardment, treebursts)."""


@dataclass(frozen=True)
class SideTerrain:
    move: int
    fire: int
    assault: int
    no_vehicles: bool = False
    """TEC notes 1 and 6: guns, tanks and vehicles may not cross (note 1: except by road)."""


HEX: dict[str, HexTerrain] = {
    "clear": HexTerrain(3, False, False),
    "beach": HexTerrain(3, False, False),
    "orchard": HexTerrain(2, False, False),
    "cemetery": HexTerrain(2, False, False),
    "marsh": HexTerrain(1, True, True),
    "woods": HexTerrain(2, True, False),
    "town": HexTerrain(2, True, True),
    "farm": HexTerrain(2, True, True),
}
"""TEC hex columns: stacking, D2 against fire, D2 against bombardment (3.4 marsh and town)."""

SIDE: dict[str, SideTerrain] = {
    "clear": SideTerrain(2, 2, 2),
    "orchard": SideTerrain(3, 1, 1),
    "cemetery": SideTerrain(3, 1, 1),
    "marsh": SideTerrain(4, 1, 1, no_vehicles=True),
    "woods": SideTerrain(3, 1, 1, no_vehicles=True),
    "town": SideTerrain(3, 1, 1, no_vehicles=True),
    "bridge": SideTerrain(2, 1, 1),
    "ford": SideTerrain(4, 2, 1),
    "river": SideTerrain(5, 2, 1, no_vehicles=True),
    "hedge": SideTerrain(X, 0, 0),
    "gap": SideTerrain(3, 1, 1),
    "cliff": SideTerrain(5, 1, 1, no_vehicles=True),
    "sea": SideTerrain(X, 2, 0),
}
"""TEC hexside columns: MP to cross, fire limit, assault limit. A slope is not here: it adds to
the other terrain uphill (below)."""

SLOPE = "slope"
SLOPE_UP_MP = 1
"""3.4 Slope: +1 MP uphill; assault limit 1 uphill; nothing downhill (TEC note 9)."""

HEX_NAMES = frozenset(HEX)
SIDE_NAMES = frozenset(SIDE) | {SLOPE, "wooden"}
"""Hexside features a map may use; ``wooden`` marks a bridge as wooden (7.3)."""
BLOCKING_HEX = frozenset({"orchard", "woods", "town", "farm"})
"""6.4 / TEC BLOCK: hex terrain that blocks a line of sight passing through it."""
BLOCKING_SIDE = frozenset({"orchard", "woods", "town", "hedge"})
"""6.4 / TEC note 3: these hexsides block, except between adjacent hexes (hedges block those too)."""
ADJACENT_BLOCKING_SIDE = frozenset({"hedge"})
IMPASSABLE_COMMAND = frozenset({"sea"})
"""4.1 / 3.4 Sea-lake: command range is not traced across an impassable hexside."""

DERIVED = {"woods": "woods", "town": "town", "orchard": "orchard", "marsh": "marsh", "cemetery": "cemetery"}
"""Our map reading of 3.1: a side of a woods (town, ...) hex is that hexside terrain unless the map
lists it otherwise, the most restrictive choice when art covers part of a hexside."""


def side_terrain(features: frozenset[str]) -> SideTerrain:
    """The hexside's effective terrain: the most restrictive of its features (3.1); clear if none."""
    best = SIDE["clear"]
    for f in features:
        t = SIDE.get(f)
        if t is None:
            continue
        best = SideTerrain(
            max(best.move, t.move),
            min(best.fire, t.fire),
            min(best.assault, t.assault),
            best.no_vehicles or t.no_vehicles,
        )
    # A bridge (or ford) is how a road/unit crosses the river on that hexside: it replaces the river.
    if "bridge" in features or "ford" in features:
        t = SIDE["bridge" if "bridge" in features else "ford"]
        others = [SIDE[f] for f in features if f in SIDE and f not in ("river", "bridge", "ford")]
        move = max([t.move] + [o.move for o in others])
        fire = min([t.fire] + [o.fire for o in others])
        assault = min([t.assault] + [o.assault for o in others])
        best = SideTerrain(move, fire, assault, any(o.no_vehicles for o in others))
    return best


def hex_terrain(names: tuple[str, ...]) -> HexTerrain:
    """Most restrictive hex terrain of a hex's features (3.1): smallest stack, D2 if any gives it."""
    best = HEX["clear"]
    for n in names:
        t = HEX.get(n)
        if t is None:
            continue
        best = HexTerrain(min(best.stack, t.stack), best.d2 or t.d2, best.d2_bombard or t.d2_bombard)
    return best
