"""The Commander procedures a game switches on: the Orders Fire, Move, Advance, Recover and Rout,
Op Fire (the Fire Action), Melee, set-up placement and stacking.

A Commander game builds its Rules with :func:`procedure_steps` among its steps and calls
:func:`register_procedures` once its registries exist (its own Orders, Actions and Events may be
registered before or after: the keys are the Order and Action names).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import advance, melee, movement, op_fire, recover, rout
from .fire import fire_legal, fire_steps, start_fire
from .orders import OrderDef
from .placement import placement_steps

if TYPE_CHECKING:
    from tactica.core.rules import Step

    from .base import CommanderRules


def procedure_steps() -> list[Step]:
    return [*fire_steps(), *placement_steps()]


def register_procedures(rules: CommanderRules) -> None:
    rules.orders["Fire"] = OrderDef("Fire", rules.rule_numbers["order.fire"], implemented=True,
                                    legal=fire_legal, start=start_fire)
    # in this order: op fire needs movement; melee wraps the after-order hooks last
    movement.register(rules)
    op_fire.register(rules)
    advance.register(rules)
    melee.register(rules)
    recover.register(rules)
    rout.register(rules)
