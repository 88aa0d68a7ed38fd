"""Great War Commander's Events E56-E97: registration.

rules.py calls :func:`register` once. Every Event runs inside the family's ``trigger_event``
frame with the family's Event machinery (commander_family/event_steps.py: impossible parts are
skipped and logged, E56; no triggers on the rolls inside an Event). Registered here:

* from the family, as Combat Commander plays them (numbers in rule_numbers.py): E70 Hero, E75
  KIA, E90 Scrounge (the receiver's own Weapons only), E92 Suppressing Fire, E97 Walking Wounded;
  the family's Veteran Event as E69 Field Promotion (a Leader) and E96 Valor (a Unit next to an
  enemy Formation), its surrender Event as E93 Surrender (a broken Unit next to an enemy);
* this game's own: events_units.py (E57, E58, E64-E68, E76-E80, E82, E83, E85), events_map.py
  (E59, E60, E61, E74, E89, E95), events_cards.py (E62, E73, E81, E86), events_support.py
  (E72, E87, E91), events_command.py (E63, E84, E88, E94), events_meddling.py (E71, with the
  family's forced-Order hooks of the Turn); E92 counts a Tank's MG armament as a machine gun
  (tanks.mg_tanks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..commander_family.event_steps import add_steps
from ..commander_family.events import EventDef
from ..commander_family.events_units import (
    hero,
    kia,
    scrounge,
    suppress_in_mg_reach,
    surrender_event,
    veteran_event,
    walking_wounded,
)
from . import events_cards, events_command, events_map, events_meddling, events_support, events_units, tanks

if TYPE_CHECKING:
    from .rules import GreatWarCommanderRules

EVENTS: dict[str, Any] = {
    "Air Support": events_units.air_support,
    "Auftragstaktik": events_units.auftragstaktik,
    "Battlefield Attrition / Breeze": events_map.attrition_breeze,
    "Blaze": events_map.blaze,
    "Breeze": events_map.breeze_event,
    "Captured Papers": events_cards.captured_papers,
    "Deserters": events_command.deserters,
    "Detachment": events_units.detachment,
    "Devil Dogs": events_units.rally_or_surrender("E65", "America"),
    "En Avant": events_units.rally_or_surrender("E66", "France"),
    "Engine Down": events_units.engine_down,
    "Fatigue": events_units.fatigue,
    "Field Promotion": veteran_event("Field Promotion", "E69", "leader", "Leader"),
    "Hero": hero,
    "High Command Meddling": events_meddling.high_command_meddling,
    "Infiltration": events_support.infiltration,
    "Intelligence": events_cards.intelligence,
    "Interdiction / Breeze": events_map.interdiction_breeze,
    "KIA": kia,
    "Machine Gun Nest": events_units.machine_gun_nest,
    "Malfunction": events_units.malfunction,
    "Marseillaise": events_units.marseillaise,
    "Meccano": events_units.meccano,
    "Mobile Firepower": events_units.mobile_firepower,
    "New Mission": events_cards.new_mission,
    "Pétard-Raquette": events_units.petard,
    "Raid": events_units.raid,
    "Raid Prisoners": events_command.raid_prisoners,
    "Recall Leader": events_units.recall_leader,
    "Reconnaissance": events_cards.reconnaissance,
    "Reinforcements": events_support.reinforcements,
    "Runner": events_command.runner,
    "Sappers": events_map.sappers,
    "Scrounge": scrounge(own_only=True),
    "Stragglers": events_support.stragglers,
    "Suppressing Fire": suppress_in_mg_reach("not_leader", also=tanks.mg_tanks),
    "Surrender": surrender_event("Surrender", "E93", "unit_adjacent_enemy", "next to an enemy Unit"),
    "Telephone Wires Cut": events_command.wires_cut,
    "Trommelfeuer": events_map.trommelfeuer,
    "Valor": veteran_event("Valor", "E96", "unit_near_enemy", "Unit next to an enemy Formation"),
    "Walking Wounded": walking_wounded,
}


def register(rules: GreatWarCommanderRules) -> None:
    """Register the implemented Events on ``rules.events`` (and the Event frames)."""
    add_steps(rules)
    for name, fn in EVENTS.items():
        rules.events[name] = EventDef(name, rules.events[name].rule, implemented=True, execute=fn)
