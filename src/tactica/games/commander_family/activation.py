"""Activation (O14.1, 3.3.1.1): which units an Order (or an Op Fire Action, A33.2) may activate.

An Order activates one unit not yet activated this Turn; a Leader activated that way may bring
along any friendly non-Leader units within its Command radius (counted in hexes from its own,
whatever lies between) that are not yet activated either. A Hero may be activated again (E58.1).
The Turn's activations are ``g.state["activated"]`` (cleared at the end of the Turn).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option

from .access import rules_of
from .board_state import read_only, within
from .stats import command_of, unit_kind

if TYPE_CHECKING:
    from tactica.core.game import Game


def may_activate(g: Game, uid: str) -> bool:
    """O14.1: not yet activated this Turn (a Hero may be activated again, E58.1)."""
    rules = rules_of(g)
    t = rules.unit_type(g.state["units"][uid]["type"])
    return uid not in g.state["activated"] or t.special == "hero"


def in_radius(g: Game, leader: str, may: Callable[[Game, str], bool]) -> list[str]:
    """3.3.1.1: friendly non-Leaders within ``leader``'s Command radius that ``may`` allows, in
    id order (the family's default reach of a Leader, CommanderRules.command_reach)."""
    u = g.state["units"][leader]
    near = within(g, u["hex"], command_of(g, leader))
    return sorted(x for x, v in g.state["units"].items()
                  if v["seat"] == u["seat"] and v["where"] == "map" and v["hex"] in near
                  and x != leader and unit_kind(g, x) != "leader" and may(g, x))


def radius_units(g: Game, leader: str, activated: list[str] | None = None) -> list[str]:
    """What ``leader`` (with the pieces already ``activated`` for this Order) may still
    activate with it for an Order, in id order: the game's ``command_reach``."""
    return rules_of(g).command_reach(g, leader, activated or [leader], may_activate)


def activate(g: Game, uids: list[str]) -> None:
    """Mark units activated for this Turn (all chosen before the Order is carried out)."""
    for u in uids:
        if u not in g.state["activated"]:
            g.state["activated"].append(u)


@read_only
def first_choices(g: Game, seat: int, can_act: Callable[[Game, str], bool]) -> list[str]:
    """O14.1: the units an Order may activate first: ones not yet activated that can carry it
    out themselves, or Leaders with such a unit in their Command radius."""
    return list(_first_choices(g, seat, can_act))


@read_only
def has_first_choice(g: Game, seat: int, can_act: Callable[[Game, str], bool]) -> bool:
    """Whether :func:`first_choices` has any (speed: Order legality). A Leader is one only
    through a unit of its radius that can act, and such a unit (friendly, on the map, not yet
    activated) is a first choice itself, so each unit is asked alone, without the radii."""
    return any(u["seat"] == seat and u["where"] == "map" and u["hex"] is not None
               and may_activate(g, uid) and can_act(g, uid)
               for uid, u in g.state["units"].items())


def _first_choices(g: Game, seat: int, can_act: Callable[[Game, str], bool]) -> Iterator[str]:
    able: dict[str, bool] = {}  # a unit can be in several Leaders' radius: ask once (speed)

    def can(x: str) -> bool:
        if x not in able:
            able[x] = can_act(g, x)
        return able[x]

    for uid, u in sorted(g.state["units"].items()):
        if u["seat"] != seat or u["where"] != "map" or u["hex"] is None or not may_activate(g, uid):
            continue
        if can(uid) or (leads(g, uid) and any(can(x) for x in radius_units(g, uid))):
            yield uid


def leads(g: Game, uid: str) -> bool:
    """Is ``uid`` a Leader that may bring other units into its activation: a Leader, or a
    vehicle the game says leads vehicles (GWC 3.1.6: a Tank Leader)?"""
    if unit_kind(g, uid) == "leader":
        return True
    rules = rules_of(g)
    return rules.vehicles and rules.vehicle_leader(g, uid)


class ActivatingOrder:
    """Mixin for Order steps that start by activating a unit and, for a Leader, units in its
    Command radius (O14.1, 3.3.1.1): phases ``first`` then ``more``; the step's ``_activated``
    runs once the choice is complete."""

    def _activated(self, g: Game, a: Any) -> None:
        raise NotImplementedError

    def options(self, g: Game, a: Any) -> list[Any]:
        raise NotImplementedError

    def more_options(self, g: Game, a: Any, can_act: Callable[[Game, str], bool]) -> list[Option]:
        """The ``more`` phase: units in the Leader's radius to add (in id order, after the last
        one added), each only while the set can still carry the Order out (``can_act``); done
        once some activated unit can."""
        has = any(can_act(g, u) for u in a["activated"])
        cands = [u for u in radius_units(g, a["leader"], a["activated"])
                 if u not in a["activated"] and (a.get("last") is None or u > a["last"])]
        opts = [Option(f"add:{u}", f"Also activate {u}", "activate", {"unit": u})
                for i, u in enumerate(cands) if has or any(can_act(g, x) for x in cands[i:])]
        if has:
            opts.append(Option("done", "Activation complete", "done"))
        return opts

    def activation_choice(self, g: Game, a: Any, option: Any) -> bool:
        """Handle a choice of the ``first``/``more`` phases; False for any other phase."""
        ph = a["phase"]
        if ph == "first":
            u = option.args["unit"]
            a["activated"].append(u)
            if leads(g, u) and radius_units(g, u):
                a.update(phase="more", leader=u, last=None)
            else:
                self._activated(g, a)
            return True
        if ph == "more":
            if option.id == "done":
                self._activated(g, a)
                return True
            a["activated"].append(option.args["unit"])
            a["last"] = option.args["unit"]
            if not any(o.kind == "activate" for o in self.options(g, a)):
                self._activated(g, a)
            return True
        return False
