"""Great War Commander's Actions on an Artillery Attack: A32 Barrage and A49 Major Gas Attack.

Barrage is played in the ``impact_roll`` window the firing player gets before each Impact Roll
(artillery.py: one roll for the vacant hexes, then one per occupied hex). It qualifies when the
attack is the player's own Telephone's (not the enemy's under Under Shot), that Telephone is
unbroken and stands in the Standing/Creeping Barrage space, and the scenario is of January 1915
or later; it adds 2 to that roll's Impact Total (``bonus`` in artillery.current_impact).

Major Gas Attack is played in the ``gas_attack`` window the firing player gets once a Gas Attack
(O19.2.1.3) has broken Formations: one enemy Unit (not a Leader or Tank) the gas just broke, still
on the map and broken, is eliminated (reading R35: an enemy one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family.actions import ActionDef
from ..commander_family.event_steps import HURTS, ask, continuation, unit_opts
from ..commander_family.stats import unit_kind
from ..commander_family.victory import check_sudden_loss, eliminate, nation
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


UNIT_KINDS = ("platoon", "team", "runner")


def gassed(g: Game, seat: int, ctx: dict[str, Any]) -> list[str]:
    """A49: the enemy Units this Gas Attack just broke, still broken on the map."""
    units = g.state["units"]
    return [u for u in ctx.get("broken", []) if int(units[u]["seat"]) != seat and units[u]["where"] == "map"
            and units[u]["broken"] and unit_kind(g, u) in UNIT_KINDS]


def major_gas_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return int(g.state["active"]) == seat and bool(gassed(g, seat, ctx))


def play_major_gas(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    ask(g, seat, "gwc_major_gas", "Major Gas Attack: eliminate which Unit?",
        unit_opts(g, gassed(g, seat, ctx), "Eliminate", HURTS))


@continuation("gwc_major_gas")
def _major_gas(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    g.emit("A49", "Major Gas Attack: {unit} is eliminated", unit=o.args["unit"])
    eliminate(g, o.args["unit"], "A49")
    check_sudden_loss(g)


def action_defs() -> list[ActionDef]:
    return [
        ActionDef("Barrage", "A32", True, frozenset({artillery.IMPACT_WINDOW}), barrage_playable,
                  play_barrage),
        ActionDef("Major Gas Attack", "A49", True, frozenset({artillery.GAS_WINDOW}), major_gas_playable,
                  play_major_gas),
    ]
