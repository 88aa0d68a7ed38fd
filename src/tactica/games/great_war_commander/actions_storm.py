"""Great War Commander's A54 Storm Troops: German (and Austro-Hungarian) Formations with boxed
Range, activated to Move, may enter enemy-occupied hexes during that Move Order.

Played in the player's own Move Order (not an Offensive, O24), from 1916 on (A54.1), in the
family's ``move_turn`` or ``move_entry`` windows, while some unit activated to Move has boxed
Range. It marks the Move frame ``storm``; the family's Move then asks :func:`enemy_entry` (the
rules' ``enemy_entry`` hook) whether the group about to step may enter enemy hexes: yes when every
member has boxed Range or is a Leader stacked with such a unit (reading R-A54: the Leader moves
in the same group as one of them). The family ends the group's Move in such a hex, pushes no Op
Fire at it and bars its defenders from Op Fire for the rest of the Order; Melee follows the Order
as always (O16.4 of the family). A unit whose only step is into an enemy hex may still be
activated to Move while the side could storm (:func:`could_storm`, the family's
``enemy_entry_possible`` hook asked by its ``can_step``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.rules import Args

from ..commander_family.actions import ActionDef, by_action
from ..commander_family.actions_move import MOVE_WINDOWS, boxed, move_frame, moving
from ..commander_family.cards import unaccounted
from ..commander_family.state import side
from ..commander_family.stats import unit_kind
from .events_units import month

if TYPE_CHECKING:
    from tactica.core.game import Game

STORM_NATIONS = frozenset({"Germany", "Austria-Hungary"})
FIRST_MONTH = "1916-01"
"""A54.1: no Storm Troops in 1914-1915."""


def storm_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    a = move_frame(g, seat)
    return (a is not None and not a.get("offensive") and not a.get("storm")
            and side(g.state, seat)["nation"] in STORM_NATIONS and month(g) >= FIRST_MONTH
            and any(boxed(g, u, "range") for u in moving(g, seat)))


def storm_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    a = move_frame(g, seat)
    assert a is not None
    a["storm"] = True
    g.emit("A54", "Storm Troops: units with boxed Range activated to Move may enter enemy hexes")


def enemy_entry(g: Game, move: Args) -> str | None:
    """A54: "A54" when the stepping group of this Move may enter enemy-occupied hexes."""
    if not move.get("storm"):
        return None
    group = list(move["group"])
    stormers = [u for u in group if boxed(g, u, "range")]
    if stormers and all(u in stormers or unit_kind(g, u) == "leader" for u in group):
        return "A54"
    return None


def could_storm(g: Game, uid: str) -> bool:
    """The family's ``enemy_entry_possible``: may ``uid`` count a step into an enemy hex as a
    step it could take in a Move (so a boxed-Range unit hemmed in by enemies may be activated,
    then storm)? Yes when it has boxed Range and its own Move Order is storming already, or when
    its side could still play Storm Troops in a Move: German or Austro-Hungarian, from 1916, not
    in an Offensive, and a Storm Troops card among the side's cards not in public view (its hand
    and draw pile, ``cards.unaccounted``: never the hand alone, so the Order's legality tells the
    other seat nothing)."""
    if not boxed(g, uid, "range"):
        return False
    seat = int(g.state["units"][uid]["seat"])
    a = move_frame(g, seat) if "stack" in g.state else None  # a policy's view has no stack
    if a is not None and (a.get("storm") or a.get("offensive")):
        return bool(a.get("storm"))
    if side(g.state, seat)["nation"] not in STORM_NATIONS or month(g) < FIRST_MONTH:
        return False
    return "Storm Troops" in by_action(g.rules, unaccounted(g, seat))


def action_defs() -> list[ActionDef]:
    return [ActionDef("Storm Troops", "A54", True, MOVE_WINDOWS, storm_playable, storm_play)]
