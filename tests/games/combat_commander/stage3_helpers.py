"""A fresh Combat Commander rules instance for the Move, Op Fire, Advance, Melee, Recover and
Rout tests (every Order is wired in by default; the helper keeps their imports short)."""

from __future__ import annotations

from tactica.games.combat_commander import CombatCommanderRules


def stage3_rules(r: CombatCommanderRules | None = None) -> CombatCommanderRules:
    return r or CombatCommanderRules()
