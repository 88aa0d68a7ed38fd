"""Unit types: figures, movement, battle dice by range (GW Ranged 2, GW Close 1, TGW-D Units).

Numbers marked "rulebook" come from rulebook 003; the rest (figure counts, field artillery and
tank ranged tables, tank movement split, silhouette tokens, victory values) are our design in
the Commands & Colors manner and are listed as such in RULES.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class UnitType:
    kind: str
    name: str
    figures: int
    """TGW-D Units 1: figures a full unit starts with (a tank has 1 model plus silhouettes)."""
    move: int
    """Hexes an ordered unit may move."""
    move_battle: int
    """Hexes it may move and still battle (-1: may not battle after any move)."""
    ranged: dict[int, int] = field(default_factory=dict)
    """Range (hexes, target counted, firer not) -> battle dice. Empty: no ranged combat."""
    close: int = 3
    needs_los: bool = True
    tank: bool = False
    male: bool = False
    tokens: int = 0
    """TGW-D Tanks 1: silhouette tokens a tank starts with (each absorbs one confirmed hit)."""
    victory: int = 1
    """Medals the opponent gains for destroying the unit."""
    artillery: bool = False
    gains_ground: bool = True
    soldiers: bool = True


UNIT_TYPES: dict[str, UnitType] = {
    # GW Ranged 2 (rulebook): range 4; 2/1/1 dice at 2/3/4 hexes; move 0-1 and battle.
    "infantry": UnitType("infantry", "Infantry", 4, move=2, move_battle=1,
                         ranged={2: 2, 3: 1, 4: 1}),
    # GW Ranged 2 (rulebook): range 5; 3/3/1/1 dice; no battle after moving; no gain ground.
    "machine_gun": UnitType("machine_gun", "Machine gun", 3, move=1, move_battle=-1,
                            ranged={2: 3, 3: 3, 4: 1, 5: 1}, gains_ground=False),
    # GW Ranged 2 (rulebook): range 6; 2/2/2/1/1 dice; no LOS needed; no battle after moving.
    "mortar": UnitType("mortar", "Mortar", 3, move=1, move_battle=-1,
                       ranged={2: 2, 3: 2, 4: 2, 5: 1, 6: 1}, needs_los=False, gains_ground=False),
    # GW Close 1 (rulebook): 3 close dice, no battle after moving. Ranged table: TGW-D Units 3.
    "field_artillery": UnitType("field_artillery", "Field artillery", 3, move=1, move_battle=-1,
                                ranged={2: 3, 3: 2, 4: 2, 5: 1, 6: 1}, artillery=True),
    # GW Close 1 (rulebook): tanks close with 3 or 4 dice and move 2-3 hexes then battle.
    # Which type gets which, ranged tables, tokens and victory value: TGW-D Tanks 1.
    "tank_male": UnitType("tank_male", "Male tank", 1, move=2, move_battle=2,
                          ranged={2: 2, 3: 2, 4: 1, 5: 1}, close=3, tank=True, male=True,
                          tokens=2, victory=2, soldiers=False),
    "tank_female": UnitType("tank_female", "Female tank", 1, move=3, move_battle=3,
                            ranged={2: 3, 3: 2, 4: 1}, close=4, tank=True,
                            tokens=2, victory=2, soldiers=False),
}
