"""A position without a map, for the tests of cards, Time and victory (it was listed with the
playable scenarios once): built by the studio on a rules instance of its own."""

from __future__ import annotations

from tactica import studio
from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules


def skirmish(r: CombatCommanderRules | None = None) -> studio.Position:
    """Germans attack, Americans defend; no map: cards, Time and victory only."""
    p = studio.Position("combat_commander", rules=r)
    p.side("axis", nation="Germany", posture="Attack", orders=3, surrender=6)
    p.side("allies", nation="America", posture="Defend", orders=2, surrender=5)
    for t in ("ger-ldr-bolter", "ger-rifle-squad", "ger-rifle-squad"):
        p.unit("axis", t)
    p.unit("axis", "ger-rifle-squad", weapon="ger-lmg")
    p.unit("axis", "ger-rifle-team")
    for t in ("us-ldr-harris", "us-rifle-squad", "us-rifle-squad", "us-rifle-team"):
        p.unit("allies", t)
    p.unit("allies", "us-rifle-squad", arrives=2)
    p.track("time", 0).track("sudden_death", 3).track("last", 12).track("initiative", "allies")
    p.objective(1, "allies").objective(2, "allies").objective(4, "axis")
    p.setting(open_chits=1, secret_chits=1).turn("axis")
    return p


def skirmish_game(r: CombatCommanderRules | None = None, seed: int = 0) -> Game:
    return skirmish(r).game(seed)
