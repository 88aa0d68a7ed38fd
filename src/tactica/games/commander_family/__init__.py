"""The card-and-order core shared by the Commander games (Combat Commander, Great War Commander).

Modules: state.py (the state layout), cards.py (hand/deck), rolls.py (rolls, Initiative re-roll,
reveals), triggers.py (Event!, Sniper!), time_track.py (Time advance, Sudden Death),
victory.py (VP, casualties, objectives, game end), turn.py (Orders, pass/discard, end of Turn),
orders.py / events.py / actions.py (the registries a game fills), the Actions and Events both
games share (actions_fire.py, actions_melee.py, actions_move.py, breaking.py; event_steps.py,
events_units.py, events_cards.py, events_map.py), base.py (the Rules base and its hooks),
procedures.py (the shared Orders), setup.py, citations.py (rule numbers by key), protocols.py
(what the family reads of a game's components). docs/architecture.md says what a Commander game
supplies and what it gets.
"""

from .base import CommanderRules, family_steps

__all__ = ["CommanderRules", "family_steps"]
