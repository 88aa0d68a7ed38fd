"""A unit that breaks (3.2), with the instant before it for Light Wounds (CC A36, GWC A47).

:func:`break_or_wound` is what a procedure calls when one of its results breaks a unit. For a
unit of a kind Light Wounds can save (``rules.wound_kinds``: CC's Squads, GWC's Platoons) on the
map, when the ``squad_breaks`` frame is registered, it pushes that frame: the owner's Action
window of kind ``squad_breaks`` opens first (the unit would break now), then the break is applied
unless an Action took the unit off the map. Anything else breaks at once
(:func:`~tactica.games.commander_family.victory.break_unit`). The window is pushed for every such
unit, whatever the owner holds; whether it is asked depends on public facts only (core Step.opens).

Light Wounds itself: the side loses 1 VP and, instead of breaking (or being eliminated, if it
was broken), the unit leaves for the countermix and a Team of its nation takes its place, in its
broken state, with its Weapon, Suppressed and Veteran markers and its activation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import ActionDef, open_windows
from .citations import cite
from .phases import unknown_phase
from .state import new_unit
from .stats import unit_kind
from .victory import break_unit, nation

if TYPE_CHECKING:
    from tactica.core.game import Game


def break_or_wound(g: Game, uid: str, rule: str) -> None:
    """Break ``uid`` for ``rule``, first giving its owner the chance to play Light Wounds."""
    rules = rules_of(g)
    u = g.state["units"][uid]
    if "squad_breaks" in rules.steps and u["where"] == "map" and unit_kind(g, uid) in rules.wound_kinds:
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


# ---------------------------------------------------------------- Light Wounds
def wounds_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    u = g.state["units"].get(ctx.get("unit", ""))
    return (u is not None and int(u["seat"]) == seat and u["where"] == "map"
            and unit_kind(g, ctx["unit"]) in rules_of(g).wound_kinds)


def wounds_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    rules: Any = g.rules
    s = g.state
    uid = ctx["unit"]
    u = s["units"][uid]
    t = rules.unit_type(u["type"])
    s["vp"] += -1 if seat == 0 else 1
    tid = f"{uid}.w"
    n = 1
    while tid in s["units"]:
        n += 1
        tid = f"{uid}.w{n}"
    team = rules.team_for(u["type"])
    nu = new_unit(team, seat, u["hex"], "map", u["weapon"])
    nu.update(broken=u["broken"], suppressed=u["suppressed"], veteran=u["veteran"], op_fired=u["op_fired"])
    nu.update(rules.unit_fields(team))  # the game's own per-unit fields (none in CC)
    s["units"][tid] = nu
    if u["weapon"] is not None:
        s["weapons"][u["weapon"]]["carrier"] = tid
    u.update(where="out", hex=None, weapon=None, broken=False, suppressed=False, veteran=False)
    # the Team takes the unit's place: activation and its place in every procedure under way
    # (lists of ids, and dicts keyed by id such as an Offensive's start hexes, GWC O24.2)
    for lst in [s["activated"], *(v for f in s["stack"] for v in f["args"].values() if isinstance(v, list))]:
        for i, x in enumerate(lst):
            if x == uid:
                lst[i] = tid
    for f in s["stack"]:
        for v in f["args"].values():
            if isinstance(v, dict) and uid in v:
                v[tid] = v.pop(uid)
    g.emit(cite(g, "action.light_wounds"), "Light Wounds: {nation} loses 1 VP (VP track {vp:+d}); "
           "instead of breaking, {unit} becomes the {q}Team {team}{broken}", nation=nation(g, seat),
           vp=s["vp"], unit=uid, q=f"{t.quality} " if t.quality else "", team=tid,
           broken=" (broken, as the Squad was)" if nu["broken"] else "")


def light_wounds() -> ActionDef:
    return ActionDef("Light Wounds", "action.light_wounds", True, frozenset({"squad_breaks"}),
                     wounds_playable, wounds_play)
