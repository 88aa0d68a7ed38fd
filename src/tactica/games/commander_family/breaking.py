"""A unit that breaks (3.2), with the instant before it for Light Wounds (A36).

:func:`break_or_wound` is what a procedure calls when one of its results breaks a unit. For a
Squad on the map, when the Light Wounds Action is registered, it pushes a ``squad_breaks`` frame:
the owner's Action window of kind ``squad_breaks`` opens first (the Squad would break now), then
the break is applied unless an Action took the Squad off the map. Anything else breaks at once
(:func:`~tactica.games.commander_family.victory.break_unit`). The window is pushed for every such
Squad, whatever the owner holds; whether it is asked depends on public facts only (core Step.opens).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import open_windows
from .phases import unknown_phase
from .stats import unit_kind
from .victory import break_unit

if TYPE_CHECKING:
    from tactica.core.game import Game


def break_or_wound(g: Game, uid: str, rule: str) -> None:
    """Break ``uid`` for ``rule``, first giving its owner the chance to play Light Wounds."""
    rules = rules_of(g)
    u = g.state["units"][uid]
    if "squad_breaks" in rules.steps and u["where"] == "map" and unit_kind(g, uid) == "squad":
        g.push("squad_breaks", unit=uid, rule=rule, phase="window")
        return
    break_unit(g, uid, rule)


class SquadBreaks(Step):
    name = "squad_breaks"

    def actor(self, g: Game, a: Args) -> int | None:
        return None

    def run(self, g: Game, a: Args) -> None:
        uid = a["unit"]
        u = g.state["units"][uid]
        if a["phase"] == "window":
            a["phase"] = "break"
            open_windows(g, "squad_breaks", {"unit": uid}, seats=(int(u["seat"]),))
            return
        if a["phase"] != "break":
            unknown_phase(self.name, a["phase"])
        g.pop()
        if u["where"] == "map":
            break_unit(g, uid, a["rule"])
