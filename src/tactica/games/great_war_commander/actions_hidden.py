"""A45.3 Hidden Unit: the scenario Defender answers the opponent's pass with discards (window
``after_pass_discard``, O15; involuntary discards never open it) by a Support Table roll whose
Formations (no Telephone) appear in his original set-up area (support.py, ``where="hidden"``).

The other Hidden Actions and the Actions that make or unmake Fortifications or terrain markers
(A39, A41, A43, A45.1, A45.4) are in actions_ground.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..commander_family.actions import ActionDef
from ..commander_family.board_state import units_in
from ..commander_family.event_steps import impassable, setup_area
from ..commander_family.state import side
from ..commander_family.stats import best_cover
from . import support

if TYPE_CHECKING:
    from tactica.core.game import Game


def is_defender(g: Game, seat: int) -> bool:
    """A45: the scenario Defender (posture Defend); a Recon or Attack side never is."""
    return bool(side(g.state, seat)["posture"] == "Defend")


def hidden_unit_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return (is_defender(g, seat) and support.table(g, seat) is not None
            and any(not units_in(g, h) and not impassable(g, h) and best_cover(g, h)[0] >= 1
                    for h in setup_area(g, seat)))


def hidden_unit_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    support.start(g, seat, "A45.3", "Hidden Unit", "hidden")


def action_defs() -> list[ActionDef]:
    return [ActionDef("Hidden Unit", "A45.3", True, frozenset({"after_pass_discard"}),
                      hidden_unit_playable, hidden_unit_play)]
