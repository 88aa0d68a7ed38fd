"""Western Front terrain (TGW-D Terrain): movement, battle dice, protection, flags, LOS.

The rulebook (GW Ranged 4, GW Close 2, GW Retreat) fixes only that forest, buildings and wire
cut the dice of a unit battling from them, that protection filters soldier symbols, that terrain
can let a unit ignore flags, that impassable terrain blocks retreats and that terrain which
stops movement forbids gaining ground. The values below are our design.
"""

from __future__ import annotations

from dataclasses import dataclass

ALL = 99
"""Protection that stops every soldier symbol."""


@dataclass(frozen=True, slots=True)
class Terrain:
    name: str
    stops: bool = False
    """A soldier unit entering must stop (and may not gain ground that turn)."""
    tank_stops: bool = False
    """A tank entering must stop."""
    bogs: bool = False
    """A tank entering rolls for bog down (TGW-D Tanks 3)."""
    impassable: bool = False
    battle_from: int = 0
    """Dice removed when a unit battles from this hex (GW Ranged 4 / GW Close 2)."""
    protection: int = 0
    """Soldier symbols that do not hit a unit here (ALL: none hit) (GW Ranged 6)."""
    ignore_flags: int = 0
    """Flags a soldier unit here may ignore (GW Bolster Morale)."""
    blocks_los: bool = False
    crushed_by_tank: bool = False
    """A tank entering clears it (the hex becomes clear)."""


TERRAIN: dict[str, Terrain] = {
    "clear": Terrain("clear"),
    "trench": Terrain("trench", stops=True, bogs=True, protection=ALL, ignore_flags=1),
    "wire": Terrain("wire", stops=True, tank_stops=True, battle_from=1, crushed_by_tank=True),
    "crater": Terrain("crater", stops=True, bogs=True, protection=1, ignore_flags=1),
    "forest": Terrain("forest", stops=True, tank_stops=True, bogs=True, battle_from=1,
                      protection=1, blocks_los=True),
    "building": Terrain("building", stops=True, tank_stops=True, battle_from=1, protection=ALL,
                        ignore_flags=1, blocks_los=True),
    "rubble": Terrain("rubble", stops=True, bogs=True, protection=1, ignore_flags=1),
    "hill": Terrain("hill", protection=1, blocks_los=True),
    "flooded": Terrain("flooded", impassable=True),
}
