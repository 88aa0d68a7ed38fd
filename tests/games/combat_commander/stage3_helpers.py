"""A Combat Commander rules instance with the stage-3 Orders (Move, Op Fire, Advance, Melee,
Recover, Rout): the module wires them in by default, so this is a fresh default instance."""

from __future__ import annotations

from tactica.games.combat_commander import CombatCommanderRules


def stage3_rules(r: CombatCommanderRules | None = None) -> CombatCommanderRules:
    return r or CombatCommanderRules()
