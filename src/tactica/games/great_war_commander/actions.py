"""Great War Commander's Actions A28-A55: registration.

rules.py calls :func:`register` once, after the family's procedures are switched on (the Fire
Action A42, Op Fire, is the family's). What is registered here:

* from the family, as Combat Commander plays them (numbers in rule_numbers.py): A30 Ambush, A31
  Assault Fire, A34 Bore Sighting, A36 Concealment, A38 Crossfire, A44 Hand Grenades, A47 Light
  Wounds (for Platoons), A50 Marksmanship (Platoons and Teams), A51 No Quarter (Germans and
  Americans);
* this game's own: the duds A29 Ach Komm! and A52 Oh! Les Boches! (never playable), the +2 cards
  (actions_plus.py: A33, A35, A40, A48, A55), the Defense-Roll Actions (actions_defense.py: A37,
  A45.2, A46, A53), A45.3 Hidden Unit (actions_hidden.py), A32 Barrage and A49 Major Gas
  Attack (actions_artillery.py), A39 Dig In, A41 Engineering Works, A43 Go to Ground, A45.1
  Hidden Pillbox and A45.4 Hidden Wire (actions_ground.py), A54 Storm Troops (actions_storm.py).

The unit and Weapon kinds the family's shared Actions and Events name are this game's words:
Platoons and Teams, HMGs and LMGs (set on the rules instance here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..commander_family.actions import ActionDef
from ..commander_family.actions_fire import numbered, shared_fire_actions
from ..commander_family.actions_melee import ambush, melee_steps, no_quarter
from ..commander_family.actions_move import assault_fire, move_action_steps
from ..commander_family.breaking import SquadBreaks, light_wounds
from ..commander_family.event_steps import add_steps
from . import (
    actions_artillery,
    actions_defense,
    actions_ground,
    actions_hidden,
    actions_plus,
    actions_storm,
)
from ._schema import DUD_ACTIONS

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules

INFANTRY = frozenset({"platoon", "team"})
PLATOON = frozenset({"platoon"})
MACHINE_GUNS = frozenset({"hmg", "lmg"})


def no_quarter_nations(me: str, them: str) -> bool:
    """A51: the German or the American player."""
    return me in ("Germany", "America")


def marks_why(g: Game, card: str) -> str:
    rules: Any = g.rules
    return f"a {rules.card(card).marksmanship} Platoon or Team fires"


def never(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return False


def _nothing(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    raise AssertionError("a dud Action is never played (A29, A52)")


def action_defs(rules: GreatWarCommanderRules) -> list[ActionDef]:
    return [
        *shared_fire_actions(rules, marks_why),
        *(numbered(rules, d)
          for d in (ambush(), assault_fire(), light_wounds(), no_quarter(no_quarter_nations))),
        *(ActionDef(n, rules.actions[n].rule, True, frozenset(), never, _nothing) for n in DUD_ACTIONS),
        *actions_plus.action_defs(),
        *actions_defense.action_defs(),
        *actions_hidden.action_defs(),
        *actions_artillery.action_defs(),
        *actions_ground.action_defs(),
        *actions_storm.action_defs(),
    ]


def register(rules: GreatWarCommanderRules) -> None:
    """Register the implemented Actions (and their frames) on ``rules``."""
    rules.infantry_kinds = INFANTRY
    rules.wound_kinds = PLATOON
    rules.mg_kinds = MACHINE_GUNS
    rules.loner_kinds = frozenset({"tank"})  # A31: a Tank never joins an Assault Fire's group
    add_steps(rules)
    for st in (*move_action_steps(), *melee_steps(), SquadBreaks()):
        if st.name not in rules.steps:
            rules.add_step(st)
    for d in action_defs(rules):
        rules.actions[d.name] = d
