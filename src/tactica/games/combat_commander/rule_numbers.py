"""Combat Commander's rule numbers for the keys the Commander family cites (citations.py).

The comment on each line gives Great War Commander's number for the same key, for the module
that will be built on the family next ("-" where that book has no such rule, "?" where the
mapping still needs a reading).
"""

from __future__ import annotations

RULE_NUMBERS: dict[str, str] = {
    "order.pass": "O15",  # GWC O15
    "order.activate": "O14.1",  # GWC O14.1
    "order.advance": "O16",  # GWC O16
    "advance.enter": "O16.1",  # GWC O16.1
    "advance.exit": "O16.2",  # GWC O16.2
    "melee": "O16.4",  # GWC O16.4
    "melee.roll": "O16.4.2",  # GWC O16.4.2
    "melee.result": "O16.4.3",  # GWC O16.4.3
    "melee.fortification_tie": "F101",  # GWC ? (its Fortifications are F125-F131)
    "order.fire": "O20",  # GWC O21
    "fire.targeting": "O20.2",  # GWC O21.2
    "fire.targeting_roll": "O20.2.3",  # GWC O21.2.1.1
    "fire.smoke": "O20.2.1",  # GWC - (no Smoke in its first volume, T119)
    "fire.attack": "O20.3",  # GWC O21.3
    "fire.group_fp": "O20.3.1.2",  # GWC O21.3.1.2
    "fire.height": "T88.2",  # GWC T110.2
    "fire.attack_roll": "O20.3.3",  # GWC O21.3.6
    "fire.jammed": "O20.3.3.1",  # GWC O21.3.6.1
    "fire.defense_roll": "O20.3.4",  # GWC O21.3.7
    "order.move": "O21",  # GWC O23
    "move.enter": "O21.1",  # GWC O23.1
    "move.weapon_transfer": "O21.1.1",  # GWC O23.1.1
    "move.together": "O21.2",  # GWC O23.2
    "action.op_fire": "A33",  # GWC A42
    "op_fire.attack": "A33.2",  # GWC A42.2
    "order.recover": "O22",  # GWC O25
    "recover.activate": "O22.2",  # GWC O25.1
    "recover.rally_roll": "O22.3",  # GWC O25.3
    "order.rout": "O23",  # GWC O26
    "rout.activate": "O23.1",  # GWC O26.1
    "rout.roll": "O23.2",  # GWC O26.2
    "rout.retreat": "O23.3",  # GWC O26.3
    "rout.mines": "O23.3.4",  # GWC ? (Mines F128 on a retreat)
    "rout.no_retreat": "O23.3.5",  # GWC O26.3.4
    "stat.veteran": "E44.1",  # GWC ? (Veteran's effect is not defined there)
    "stat.unit_command": "3.3.1.2",  # GWC 3.3.1.5
    "stat.weapon_command": "3.3.1.3",  # GWC 3.3.1.7
    "fire.ordnance": "11.5",  # GWC 11.6
    "fire.one_use": "11.6",  # GWC ? (its 11.6 is Ordnance; single-use Weapons: 11.7?)
    "stat.wire": "F106.1",  # GWC F131
    "cover.best": "T78.3",  # GWC T99.3
    "action.ambush": "A25",  # GWC A30
    "action.assault_fire": "A26",  # GWC A31
    "action.bore_sighting": "A27",  # GWC A34
    "action.concealment": "A29",  # GWC A36
    "action.crossfire": "A30",  # GWC A38
    "action.hand_grenades": "A34",  # GWC A44
    "action.light_wounds": "A36",  # GWC A47
    "action.marksmanship": "A37",  # GWC A50
    "action.no_quarter": "A38",  # GWC A51
    "event.general": "E42",  # GWC E56
    "event.hero": "E58",  # GWC E70
    "event.interdiction": "E60",  # GWC E74
    "event.kia": "E62",  # GWC E75
    "event.malfunction": "E63",  # GWC E77
    "event.scrounge": "E71",  # GWC E90
    "event.suppressing_fire": "E75",  # GWC E92
    "event.walking_wounded": "E76",  # GWC E97
    "artillery.impact": "O18.2.3.2",  # GWC O19.2.1.4.2
    "artillery.airburst": "T99",  # GWC T124
    "mines.attack": "F103.2",  # GWC F128.2
}
