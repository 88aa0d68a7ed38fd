"""Combat Commander: Europe (GMT Games, 2006): rules module.

Stage 1: the Fate-card core (hands, rolls, triggers, Initiative, Time, victory, the Turn) on the
Commander-family package; Orders, Actions and Events are registries later stages fill in. See
RULES.md for what each rule section's status is. ``RULES`` is not in the built-in registry yet
(no map); tests register it with ``tactica.games.register``.
"""

from .rules import CombatCommanderRules

RULES = CombatCommanderRules()

__all__ = ["RULES", "CombatCommanderRules"]
