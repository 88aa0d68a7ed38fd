"""Great War Commander's Actions on an Artillery Attack: A32 Barrage.

Barrage is played in the ``impact_roll`` window the firing player gets before each Impact Roll
(artillery.py: one roll for the vacant hexes, then one per occupied hex). It qualifies when the
attack is the player's own Telephone's (not the enemy's under Under Shot), that Telephone is
unbroken and stands in the Standing/Creeping Barrage space, and the scenario is of January 1915
or later; it adds 2 to that roll's Impact Total (``bonus`` in artillery.current_impact).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..commander_family.actions import ActionDef
from ..commander_family.victory import nation
from . import artillery, barrage

if TYPE_CHECKING:
    from tactica.core.game import Game


def barrage_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """A32: the player's own unbroken Telephone in the Standing/Creeping box, from 1915."""
    if artillery.scenario_date(g) < barrage.LINE_FROM:
        return False
    req = next((f["args"] for f in reversed(g.state["stack"]) if f["step"] == "artillery_request"), None)
    if req is None or artillery.battery_seat(req) != seat or artillery.current_impact(g) is None:
        return False
    t = artillery.telephone_of(g, seat)
    return t is not None and not t["broken"] and t["space"] == barrage.LINE


def play_barrage(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    a = artillery.current_impact(g)
    assert a is not None
    a["bonus"] = int(a.get("bonus", 0) or 0) + 2
    g.emit("A32", "Barrage: +2 to {nation}'s Impact Roll on {hexes}", nation=nation(g, seat),
           hexes=", ".join(ctx.get("hexes", [])))


def action_defs() -> list[ActionDef]:
    return [ActionDef("Barrage", "A32", True, frozenset({artillery.IMPACT_WINDOW}), barrage_playable,
                      play_barrage)]
