"""Great War Commander's rule numbers for the keys the Commander family cites (citations.py).

The family's procedures never write a rule number; they cite a key and the log shows the playing
game's number. Each key is mapped here to this book's section (rulebook 001). Where the book has
no such rule the nearest section that governs the case is cited, with the reason beside it.
"""

from __future__ import annotations

from types import MappingProxyType

RULE_NUMBERS = MappingProxyType({
    "order.pass": "O15",
    "order.activate": "O14.1",
    "order.advance": "O16",
    "advance.enter": "O16.1",
    "advance.exit": "O16.2",
    "melee": "O16.4",
    "melee.roll": "O16.4.2",
    "melee.result": "O16.4.3",
    "melee.fortification_tie": "F129",  # Pillbox (and Blockhaus F126): the last sole occupant holds
    "order.fire": "O21",
    "fire.targeting": "O21.2",
    "fire.targeting_roll": "O21.2.1.1",
    "fire.smoke": "T119",  # no Smoke markers in this volume: nothing fires Smoke
    "fire.attack": "O21.3",
    "fire.group_fp": "O21.3.1.2",
    "fire.height": "T110.2",
    "fire.attack_roll": "O21.3.6",
    "fire.jammed": "O21.3.6.1",
    "fire.defense_roll": "O21.3.7",
    "order.move": "O23",
    "move.enter": "O23.1",
    "move.weapon_transfer": "O23.1.1",
    "move.together": "O23.2",
    "action.op_fire": "A42",
    "op_fire.attack": "A42.2",
    "order.recover": "O25",
    "recover.activate": "O25.1",
    "recover.rally_roll": "O25.3",
    "order.rout": "O26",
    "rout.activate": "O26.1",
    "rout.roll": "O26.2",
    "rout.retreat": "O26.3",
    "rout.mines": "F128.1",  # Mines attack retreating Formations
    "rout.no_retreat": "O26.3.4",
    "stat.veteran": "E69",  # the Veteran marker (reading R1: Combat Commander's +1)
    "stat.unit_command": "3.3.1.5",
    "stat.weapon_command": "3.3.1.7",
    "fire.ordnance": "11.6",  # CC 11.5
    "fire.one_use": "11.7",  # no one-use Weapons in this volume; 11.7 is its special Weapons
    "stat.wire": "F131.1",
    "cover.best": "T99.3",
    "action.ambush": "A30",
    "action.assault_fire": "A31",
    "action.bore_sighting": "A34",
    "action.concealment": "A36",
    "action.crossfire": "A38",
    "action.hand_grenades": "A44",
    "action.light_wounds": "A47",
    "action.marksmanship": "A50",
    "action.no_quarter": "A51",
    "event.general": "E56",
    "event.hero": "E70",
    "event.interdiction": "E74",  # the first part of Interdiction / Breeze
    "event.kia": "E75",
    "event.malfunction": "E77",
    "event.scrounge": "E90",
    "event.suppressing_fire": "E92",
    "event.walking_wounded": "E97",
    "artillery.impact": "O19.2.1.4.2",
    "artillery.airburst": "T124",
    "mines.attack": "F128.2",
})
"""Every key of citations.RULE_KEYS (tests check it)."""
