"""Combat Commander: Europe (GMT Games, 2006): rules module.

The Commander procedures (cards, rolls, Orders, Fire, Op Fire, Move, Advance, Melee, Recover,
Rout, set-up) come from the shared commander_family package; this package holds what is Combat
Commander's own: its card texts' Actions and Events, Radios and artillery, Fortifications and
Mines, its Terrain chart, its rule numbers (rule_numbers.py) and its data. See RULES.md for
each rule section's status.
"""

from .rules import CombatCommanderRules

RULES = CombatCommanderRules()

__all__ = ["RULES", "CombatCommanderRules"]
