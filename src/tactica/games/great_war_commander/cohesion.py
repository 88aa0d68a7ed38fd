"""Cohesion (3.3.2): at the end of every Turn each Unit of both sides out of cohesion is
Suppressed (3.3.2.1).

Checked for Units only (Platoons and Teams; Leaders and Tanks never). Runners and units marked
``always_in_cohesion`` (German Stosstruppen) always are. Any other Unit is in cohesion when it
stands on a hex of its friendly edge, in an Objective hex its side controls, carries an unbroken
Weapon, or is within the Command radius of any friendly Leader (the Leader's current Command:
a broken Leader's is 0, so only its own hex; reading R14: the book asks for no LOS and no
unbroken Leader, so none is asked).

The check runs as a frame (``cohesion``) the end of the Turn pushes beneath the stacking check,
so overstacked hexes are fixed first (the digest's proposed order, our reading R15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.rules import Args, Step

from ..commander_family.access import rules_of
from ..commander_family.board_state import edge_hexes, within
from ..commander_family.stats import command_of
from .components import unit_type_of

if TYPE_CHECKING:
    from tactica.core.game import Game


def in_cohesion(g: Game, uid: str, reach: list[tuple[int, frozenset[str]]] | None = None) -> bool:
    """3.3.2: is this unit in cohesion now? (True for anything that is not checked.) ``reach``:
    :func:`leader_reach`, worked out once by a caller that asks about every unit (speed)."""
    s = g.state
    u = s["units"][uid]
    t = unit_type_of(g, uid)
    if t.type not in ("platoon", "team") or t.always_in_cohesion:
        return True
    if u["where"] != "map" or u["hex"] is None:
        return True
    seat, label = int(u["seat"]), u["hex"]
    if label in edge_hexes(g, seat):
        return True
    for o in s["objectives"].values():
        hexes = o.get("hexes") or ([o["hex"]] if o["hex"] is not None else [])
        if o["owner"] == seat and label in hexes:
            return True
    w = u["weapon"]
    if w is not None and not s["weapons"][w]["broken"]:
        return True
    reach = leader_reach(g) if reach is None else reach
    return any(side == seat and label in near for side, near in reach)


def leader_reach(g: Game) -> list[tuple[int, frozenset[str]]]:
    """(seat, the hexes within its Command radius) of every Leader on the map."""
    rules = rules_of(g)
    return [(int(v["seat"]), within(g, v["hex"], command_of(g, x)))
            for x, v in g.state["units"].items()
            if v["where"] == "map" and v["hex"] is not None and rules.unit_type(v["type"]).type == "leader"]


def check(g: Game) -> None:
    """3.3.2.1: Suppress every out-of-cohesion Unit of both sides (not one already Suppressed)."""
    s = g.state
    reach = leader_reach(g)  # Suppression moves nobody and changes no Command: once (speed)
    for uid in sorted(s["units"]):
        u = s["units"][uid]
        if u["where"] == "map" and not u["suppressed"] and not in_cohesion(g, uid, reach):
            u["suppressed"] = True
            g.emit("3.3.2.1", "{unit} is out of cohesion and is Suppressed", unit=uid)


class Cohesion(Step):
    """End of the Turn: the cohesion check (no decision)."""

    name = "cohesion"

    def run(self, g: Game, a: Args) -> None:
        g.pop()
        check(g)
