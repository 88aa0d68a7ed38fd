"""What Combat Commander's own Events add to the family's Event machinery
(commander_family/event_steps.py, re-exported here for its Event modules): its Fortification
state and the placing of Fortifications by an Event (F100.3).

State keys used by the Events (plain data, added on first use; reading the Fortifications never
adds their key: ``forts`` is the family's read-only view, ``table`` the writers' access)::

    "fortifications": {hex label: kind}   # F100: foxholes | trench | mines | wire | bunker | pillbox
                                          # (the same key artillery.py reads)
    "radios": [...]                       # artillery.py: the Radio in each Artillery Box (E68)
    "blaze": [hex labels]                 # board_state.py (T79)
    "smoke": {hex label: hindrance}       # commander_family/state.py (T94)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..commander_family.event_steps import (
    CONTINUATIONS,
    HELPS,
    HURTS,
    add_steps,
    adjacent_or_in,
    ask,
    blazes,
    can_enter,
    closest,
    continuation,
    figures_of_type,
    impassable,
    inactive_first,
    is_water,
    map_units,
    new_id,
    no_effect,
    opt,
    place_smoke,
    random_hex,
    roll_then,
    roster_unit,
    unit_label,
    unit_opts,
    unit_type,
    who,
)
from ..commander_family.fortifications import forts, table

if TYPE_CHECKING:
    from tactica.core.game import Game

__all__ = [
    "CONTINUATIONS", "FORTIFICATION_COVER", "FORTIFICATION_KINDS", "HELPS", "HURTS", "add_steps",
    "adjacent_or_in", "ask", "blazes", "can_enter", "closest", "continuation", "figures_of_type", "forts",
    "impassable", "inactive_first", "is_water", "map_units", "new_id", "no_effect", "opt",
    "place_fortification", "place_smoke", "random_hex", "roll_then", "roster_unit", "table", "unit_label",
    "unit_opts", "unit_type", "who",
]

FORTIFICATION_KINDS = ("foxholes", "trench", "mines", "wire", "bunker", "pillbox")
FORTIFICATION_COVER = {"foxholes": 3, "trench": 4, "pillbox": 5, "bunker": 6}
"""F101-F105 alternate Cover (the digest's reading: Pillbox 5, Bunker 6)."""


def place_fortification(g: Game, label: str, kind: str, rule: str) -> bool:
    """F100.3: one Fortification per hex, none in Water; here also none in a Blaze (the Events
    that place them say so)."""
    if is_water(g, label) or label in blazes(g) or label in forts(g):
        why = ("Water" if is_water(g, label) else "a Blaze" if label in blazes(g)
               else f"a Fortification ({forts(g)[label]})")
        g.emit(rule, "{hex} holds {why}: no {kind} placed (F100.3)", hex=label, why=why, kind=kind)
        return False
    table(g)[label] = kind
    g.emit(rule, "{kind} placed in {hex}", kind=kind.capitalize(), hex=label)
    return True
