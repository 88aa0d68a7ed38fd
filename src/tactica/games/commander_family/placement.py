"""Putting units on the map: scenario set-up in set-up zones, reinforcements on the friendly edge
(6.1.2 step 5), and the end-of-Turn stacking check with its free Deploy (8.2, E52).

Frames:

* ``cc_setup`` — runs the set-up: each seat in the scenario's set-up order places its units that
  have no fixed hex, one unit at a time, then the first Turn starts;
* ``place`` — one seat places a list of units, each into a hex of the allowed list, keeping to
  the stacking limit (8.2 applies to placements: 3.7 of the digest) and never into an
  enemy-occupied, Blaze or impassable hex;
* ``overstack`` — the owner of an overstacked hex may Deploy one Squad there for free, then
  eliminates units until at most seven figures remain (8.2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .board_state import board_of, label_map, overstacked, units_in, update_objectives
from .state import new_unit, opponent, side
from .stats import unit_kind
from .turn import start_turn
from .victory import eliminate, nation

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game

    from .base import CommanderRules


def can_hold(g: Game, label: str, seat: int, uid: str, limit: bool = True) -> bool:
    b = board_of(g)
    if b is None:
        return False
    if label in (g.state.get("blaze") or []) or units_in(g, label, opponent(seat)):
        return False
    rules = rules_of(g)
    if _impassable(rules, b, label):
        return False
    return not limit or rules.stack_ok(g, [*units_in(g, label, seat), uid])


@lru_cache(maxsize=8192)
def _impassable(rules: CommanderRules, b: Board, label: str) -> bool:
    """Is the hex's terrain impassable (the map fixes it: looked up once per hex, speed)?"""
    t = rules.hex_type(b, label_map(b)[label])
    return bool(t.move_impassable or t.cover_impassable)


class Place(Step):
    name = "place"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return f"Place {a['units'][0]} ({a['why']})"

    def _hexes(self, g: Game, a: Args) -> list[str]:
        uid, seat = a["units"][0], int(a["seat"])
        free = [h for h in a["hexes"] if can_hold(g, h, seat, uid, limit=False)]
        rules = rules_of(g)
        alone: bool | None = None  # the unit by itself within the limit: asked once (speed)
        ok = []
        for h in free:
            mine = units_in(g, h, seat)
            if mine:
                fits = rules.stack_ok(g, [*mine, uid])
            else:
                if alone is None:
                    alone = rules.stack_ok(g, [uid])
                fits = alone
            if fits:
                ok.append(h)
        # nowhere within the limit: the limit gives way rather than the game
        return ok or free or list(a["hexes"][:1])

    def options(self, g: Game, a: Args) -> list[Option]:
        uid = a["units"][0]
        return [Option(f"hex:{h}", f"{uid} to {h}", "place", {"unit": uid, "hex": h})
                for h in self._hexes(g, a)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        uid = a["units"].pop(0)
        g.state["units"][uid].update(where="map", hex=option.args["hex"])
        g.emit(a["rule"], "{unit} placed in {hex}", unit=uid, hex=option.args["hex"])
        if not a["units"]:
            g.pop()
            update_objectives(g)


def push_place(g: Game, seat: int, units: list[str], hexes: list[str], why: str, rule: str) -> None:
    if units:
        g.push("place", seat=seat, units=list(units), hexes=list(hexes), why=why, rule=rule)


class Arm(Step):
    """Set-up: the owner hands each Weapon of his order of battle to one of his units that has
    none yet (8.1.1: one Weapon per unit), Weapons in listing order."""

    name = "arm"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return f"Set-up: which unit carries {a['weapons'][0]}?"

    def options(self, g: Game, a: Args) -> list[Option]:
        wid = a["weapons"][0]
        units = g.state["units"]
        rules = rules_of(g)
        return [Option(f"carry:{u}", f"{u} carries {wid}", "arm", {"unit": u, "weapon": wid})
                for u in a["units"] if units[u]["weapon"] is None and rules.may_carry(g, u, wid)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        wid = a["weapons"].pop(0)
        uid = option.args["unit"]
        g.state["units"][uid]["weapon"] = wid
        g.state["weapons"][wid]["carrier"] = uid
        g.emit("11.2", "{unit} carries {weapon}", unit=uid, weapon=wid)
        if not a["weapons"]:
            g.pop()


def push_arm(g: Game, seat: int, uids: list[str]) -> None:
    """Take the Weapons off ``uids`` and let the owner hand them out again (set-up)."""
    s = g.state
    weapons = []
    for u in uids:
        w = s["units"][u]["weapon"]
        if w is not None:
            weapons.append(w)
            s["units"][u]["weapon"] = None
            s["weapons"][w]["carrier"] = None
    if weapons and len(uids) > 1:
        # the Weapons fewest units may carry are handed out first (GWC 11.2: a Flamethrower
        # only to a Team), so every Weapon finds a carrier; a stable sort keeps the listing order
        rules = rules_of(g)
        weapons.sort(key=lambda w: sum(rules.may_carry(g, u, w) for u in uids))
        g.push("arm", seat=seat, weapons=weapons, units=list(uids))
    elif weapons:
        s["units"][uids[0]]["weapon"] = weapons[0]
        s["weapons"][weapons[0]]["carrier"] = uids[0]


class CcSetup(Step):
    """Set-up order from the scenario (``order``: seats), then the first Turn (5)."""

    name = "cc_setup"

    def run(self, g: Game, a: Args) -> None:
        if a["next"] < len(a["order"]):
            seat = int(a["order"][a["next"]])
            a["next"] += 1
            zones: dict[str, list[str]] = a["zones"][str(seat)]
            # push in reverse so the units are placed in list order, zone by zone
            for zone in sorted(zones, reverse=True):
                uids = zones[zone]
                push_place(g, seat, uids, a["hexes"][zone], f"set-up zone {zone}", "2.1")
            # the Weapons are handed out first (pushed last)
            push_arm(g, seat, [u for uids in zones.values() for u in uids])
            return
        g.pop()
        update_objectives(g)
        start_turn(g, int(g.state["active"]))


# ---------------------------------------------------------------- 8.2 stacking
def deploy(g: Game, uid: str, rule: str) -> list[str]:
    """E52: a Squad becomes two Teams of its OB quality, broken if it was; its Weapon,
    Suppressed and Veteran markers go to the first Team (our simplification: the owner's choice
    of Team makes no difference between two identical Teams unless markers are split), and both
    Teams inherit its activation."""
    rules = rules_of(g)
    s = g.state
    u = s["units"][uid]
    team = rules.team_for(u["type"])
    ids = [f"{uid}.a", f"{uid}.b"]
    for i, tid in enumerate(ids):
        nu = new_unit(team, int(u["seat"]), u["hex"], "map", u["weapon"] if i == 0 else None)
        nu.update(broken=u["broken"], suppressed=u["suppressed"] and i == 0, veteran=u["veteran"] and i == 0)
        nu.update(rules.unit_fields(team))  # the game's own per-unit fields (none in CC)
        s["units"][tid] = nu
        if uid in s["activated"]:
            s["activated"].append(tid)
    if u["weapon"] is not None:
        s["weapons"][u["weapon"]]["carrier"] = ids[0]
    u.update(where="out", hex=None, weapon=None)
    g.emit(rule, "{unit} deploys into two Teams: {teams}", unit=uid, teams=", ".join(ids))
    return ids


def stacking_check(g: Game, seat: int) -> None:
    """8.2 at the end of every Turn, for both players; the inactive player's hexes are fixed
    first (pushed last)."""
    for who in (seat, opponent(seat)):
        for h in reversed(overstacked(g, who)):
            g.push("overstack", seat=who, hex=h, deployed=False)


class Overstack(Step):
    name = "overstack"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return f"{a['hex']} is overstacked: Deploy a Squad once, or eliminate units"

    def options(self, g: Game, a: Args) -> list[Option]:
        uids = units_in(g, a["hex"], int(a["seat"]))
        opts = []
        if not a["deployed"]:
            opts += [Option(f"deploy:{u}", f"Deploy {u} into two Teams (free)", "deploy", {"unit": u})
                     for u in uids if unit_kind(g, u) == "squad"]
        opts += [Option(f"eliminate:{u}", f"Eliminate {u}", "eliminate", {"unit": u}) for u in uids]
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        uid = option.args["unit"]
        if option.kind == "deploy":
            a["deployed"] = True
            deploy(g, uid, "8.2")
            return
        g.emit("8.2", "{nation} eliminates {unit} to end the overstack in {hex}",
               nation=nation(g, int(a["seat"])), unit=uid, hex=a["hex"])
        eliminate(g, uid, "8.2")
        if g.is_terminal():
            return
        if rules_of(g).stack_ok(g, units_in(g, a["hex"], int(a["seat"]))):
            g.pop()


def reinforce(g: Game, seat: int, units: list[str], hexes: list[str] | None = None,
              why: str = "reinforcement on the friendly edge") -> None:
    """6.1.2 step 5: reinforcements enter on hexes of the owner's friendly edge (7.2), or on the
    ``hexes`` a game names (GWC 7.2.1.1: a re-entering Tank on the opponent's edge)."""
    from .board_state import edge_hexes

    hexes = edge_hexes(g, seat) if hexes is None else hexes
    if not hexes:
        for uid in units:
            g.state["units"][uid].update(where="map", hex=None)
        return
    g.emit("6.1.2", "{nation} reinforcements arrive: {units}", nation=side(g.state, seat)["nation"],
           units=", ".join(units))
    # the Time advance calls this for the inactive player first: keep that order (6.1.2)
    stack = g.state["stack"]
    i = len(stack)
    while i > 0 and stack[i - 1]["step"] == "place" and stack[i - 1]["args"]["rule"] == "6.1.2":
        i -= 1
    stack.insert(i, {"step": "place", "args": {
        "seat": seat, "units": list(units), "hexes": hexes, "why": why, "rule": "6.1.2"}})


def placement_steps() -> list[Step]:
    return [Place(), CcSetup(), Overstack(), Arm()]
