"""The sequence of play of Commandos: Europe as flow steps (4.0).

One seat, the commandos (seat 0). A ``turn`` frame stays at the bottom of the stack during a map
and pushes the five phases: mission objective placement with purchases (7.0, 6.0, 12.12),
friendly movement (10.0-12.4), friendly combat (13.0), enemy suppression/movement/combat (15.0,
10.6, 13.0) and success determination (5.0). Enemy generation, drift, pursuit and attacks are
automatic steps driven by the seeded chance; a tie the book gives to the player is asked of seat 0.
"""

from __future__ import annotations

from .combat import (
    Casualty,
    EnemyCombat,
    EnemyEnd,
    EnemyMove,
    FriendlyCombat,
    Generate,
    Scatter,
    Suppression,
    Utilize,
)
from .movement import Escape, FormStack, Movement, Moving, NoiseCheck
from .turn import Deploy, EndTurn, MapSetup, MissionPlacement, PlaceBase, Purchase, Turn

STEPS = [MapSetup(), Deploy(), PlaceBase(), Turn(), MissionPlacement(), Purchase(), Movement(), FormStack(),
         Moving(), NoiseCheck(), Escape(), FriendlyCombat(), Utilize(), Generate(), Scatter(), Casualty(),
         Suppression(), EnemyMove(), EnemyCombat(), EnemyEnd(), EndTurn()]
