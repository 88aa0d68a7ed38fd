"""Rule citations by meaning: the family's procedures cite a key, each game maps it to its number.

The Commander games share the procedures but not the numbering of their Orders, Actions,
Fortifications and Terrain chapters (Combat Commander's Fire is O20, Great War Commander's O21).
So the shared code never writes a rule number: it writes a key from ``RULE_KEYS`` and the log
cites the playing game's number for it (``CommanderRules.rule_numbers``). The sections of the
numbered chapters 1-13 that the family cites directly (cards, rolls, Time, victory, stacking,
Weapons, Suppression) carry the same number in both books (checked against both); where they
differ (a Leader's Command, one-use Weapons) the family cites a key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .access import rules_of

if TYPE_CHECKING:
    from tactica.core.game import Game

RULE_KEYS: dict[str, str] = {
    "order.pass": "giving no Order: pass and discard",
    "order.activate": "activating pieces for an Order or Op Fire (Leaders bring their radius)",
    "order.advance": "the Advance Order",
    "advance.enter": "one advancing unit enters an adjacent hex",
    "advance.exit": "an advancing unit leaves by the enemy edge",
    "melee": "a hex holding both sides is a Melee",
    "melee.roll": "the Melee Roll of each side",
    "melee.result": "who is eliminated in a Melee",
    "melee.fortification_tie": "a tied Melee in a fortified hex goes to its holder",
    "order.fire": "the Fire Order",
    "fire.targeting": "Ordnance needs a Targeting Roll",
    "fire.targeting_roll": "the Targeting Roll against range and hindrance",
    "fire.smoke": "Ordnance firing Smoke",
    "fire.attack": "the Fire Attack's FP",
    "fire.group_fp": "a Fire Group's FP: the largest piece plus one per other piece",
    "fire.height": "height advantage of the firers over the target",
    "fire.attack_roll": "the Fire Attack Roll and Attack Total",
    "fire.jammed": "a Jammed trigger breaks the firing Weapons",
    "fire.defense_roll": "each defender's Defense Roll against the Attack Total",
    "order.move": "the Move Order",
    "move.enter": "a moving group enters a hex for its cost",
    "move.weapon_transfer": "handing a Weapon over during a Move",
    "move.together": "units moving together as one group",
    "action.op_fire": "the Fire Action played for Op Fire",
    "op_fire.attack": "an Op Fire attack at a moving group's hex",
    "order.recover": "the Recover Order",
    "recover.activate": "activating a player to Recover",
    "recover.rally_roll": "each broken unit's Rally Roll",
    "order.rout": "the Rout Order",
    "rout.activate": "activating the other player for a Rout",
    "rout.roll": "each broken unit's Rout Roll",
    "rout.retreat": "a routed unit retreats",
    "rout.mines": "a retreat through a mined hex",
    "rout.no_retreat": "a unit that cannot retreat is eliminated",
    "stat.veteran": "a Veteran marker's stat bonus",
    "stat.unit_command": "a Leader's Command added to the units in his hex",
    "stat.weapon_command": "a Leader's Command added to the Weapons carried in his hex",
    "fire.one_use": "a one-use Weapon is eliminated after its attack",
    "fire.ordnance": "Ordnance fires alone and never takes part in Opportunity Fire",
    "stat.wire": "a piece in Wire loses 1 from its stats",
    "cover.best": "the one Cover a hex gives: the best of its instances",
    # the Actions both games have (actions_fire.py, actions_melee.py, actions_move.py, breaking.py)
    "action.ambush": "Ambush: the opponent breaks one of his units in the Melee",
    "action.assault_fire": "Assault Fire: one Fire Attack by moving pieces with boxed FP",
    "action.bore_sighting": "Bore Sighting: +2 FP for the Defender's Weapon of printed FP 5+",
    "action.concealment": "Concealment: the Attack Total drops by the target hex's Cover",
    "action.crossfire": "Crossfire: +2 FP against moving units",
    "action.hand_grenades": "Hand Grenades: +2 FP when a firer is adjacent to the target",
    "action.light_wounds": "Light Wounds: a breaking unit becomes a Team for 1 VP",
    "action.marksmanship": "Marksmanship: +2 FP when a unit of the card's nationality fires",
    "action.no_quarter": "No Quarter: +2 VP at the end of a Melee one survived",
    # the Events both games have (event_steps.py, events_units.py, events_cards.py, events_map.py)
    "event.general": "Events: impossible parts are skipped, no triggers inside an Event",
    "event.hero": "Hero: the nation's Hero enters a friendly hex and may rally a unit there",
    "event.interdiction": "Interdiction: Suppress a unit in a hex of Cover below 1",
    "event.kia": "KIA: eliminate a broken unit",
    "event.malfunction": "Malfunction: the Weapon nearest a Random Hex breaks",
    "event.scrounge": "Scrounge: an eliminated Weapon returns to a unit",
    "event.suppressing_fire": "Suppressing Fire: Suppress an enemy unit an MG can reach",
    "event.walking_wounded": "Walking Wounded: an eliminated unit returns broken near a Random Hex",
    "artillery.impact": "an Artillery Impact on one hex and the Defense Rolls it calls for",
    "artillery.airburst": "the Woods airburst added to an Artillery Impact Total",
    "mines.attack": "a Mine Attack on Formations entering or leaving a Mines hex",
}
"""Every key the family cites, with what it stands for. A game's ``rule_numbers`` maps each of
them (tests check that it maps all of them)."""


def cite(g: Game, key: str) -> str:
    """The playing game's rule number for ``key``."""
    return rules_of(g).rule_numbers[key]
