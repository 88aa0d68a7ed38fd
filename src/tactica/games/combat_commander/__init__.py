"""Combat Commander: Europe (GMT Games, 2006): rules module.

Stage 1: the Fate-card core (hands, rolls, triggers, Initiative, Time, victory, the Turn) on the
Commander-family package; Orders, Actions and Events are registries later stages fill in.
Stage 2: maps, set-up, live stats, stacking and the Fire Order, so the scenarios under
data/scenarios play to an end. See RULES.md for each rule section's status.
"""

from .rules import CombatCommanderRules

RULES = CombatCommanderRules()

__all__ = ["RULES", "CombatCommanderRules"]
