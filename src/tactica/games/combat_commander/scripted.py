"""Combat Commander's scripted policy and search hooks: the Commander family's (its
commander_family/scripted.py holds the policy, ``evaluate``, ``turn_key``, ``branch_point`` and
``candidates``), under Combat Commander's name. The module is what CombatCommanderRules.scripted()
returns to tactica.ai.
"""

from __future__ import annotations

from ..commander_family.scripted import (
    CommanderPolicy,
    _Ctx,
    branch_point,
    candidates,
    evaluate,
    p_break,
    turn_key,
)

__all__ = ["POLICY", "CCPolicy", "_Ctx", "branch_point", "candidates", "evaluate", "p_break", "turn_key"]


class CCPolicy(CommanderPolicy):
    """Combat Commander's scripted policy: the family's, as it was written for this game."""

    name = "cc-scripted"


POLICY = CCPolicy()
