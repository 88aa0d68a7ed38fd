"""A scenario without a map, for the tests of cards, Time and victory: it was listed with the
playable scenarios before; it lives here now and a test adds it to the rules instance it uses."""

from __future__ import annotations

from typing import Any

from tactica.games.combat_commander import CombatCommanderRules

SKIRMISH_ID = "test_skirmish"

SKIRMISH: dict[str, Any] = {
    "name": "Test skirmish (no map)",
    "description": "Germans attack, Americans defend; no map yet: a test of cards, time and victory.",
    "sides": {
        "axis": {"nation": "Germany", "posture": "Attack", "orders": 3, "surrender": 6,
                 "units": ["ger-ldr-bolter", "ger-rifle-squad", "ger-rifle-squad",
                           {"type": "ger-rifle-squad", "weapon": "ger-lmg"}, "ger-rifle-team"],
                 "reinforcements": {}},
        "allies": {"nation": "America", "posture": "Defend", "orders": 2, "surrender": 5,
                   "units": ["us-ldr-harris", "us-rifle-squad", "us-rifle-squad", "us-rifle-team"],
                   "reinforcements": {"2": ["us-rifle-squad"]}},
    },
    "time": {"start": 0, "sudden_death": 3, "last": 12},
    "initiative": "allies",
    "first": "axis",
    "objectives": {"1": "allies", "2": "allies", "3": None, "4": "axis", "5": None},
    "open_chits": 1,
    "secret_chits": 1,
    "vp": 0,
}


def with_skirmish(r: CombatCommanderRules) -> CombatCommanderRules:
    """``r`` with the map-less scenario added (idempotent)."""
    r.add_scenario(SKIRMISH_ID, SKIRMISH)
    return r
