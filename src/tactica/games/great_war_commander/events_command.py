"""Great War Commander's Events that read its command and cohesion rules (command.py,
cohesion.py, core_orders.py, artillery.py): E63 Deserters, E84 Raid Prisoners, E88 Runner, E94
Telephone Wires Cut.

* Deserters: from a Random Hex, the receiver's Out-of-Cohesion Unit nearest it (his pick among
  equals) Retreats three hexes toward his own map edge (the family's Retreat, O26.3).
* Raid Prisoners: one enemy Unit Out of Cohesion next to one of the receiver's unbroken Units is
  eliminated.
* Telephone Wires Cut (E94): the enemy's Telephone breaks, or if already broken is eliminated
  (artillery.cut_wires; an Artillery Attack under way by it ends first).
* Runner: the receiver may put a Runner from the countermix into his Highest-ranking Leader's
  hex, within the stacking limit (8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family import event_steps as ev
from ..commander_family.access import rules_of
from ..commander_family.board_state import hex_distance
from ..commander_family.event_steps import HURTS, ask, continuation, map_units, no_effect, opt, unit_opts, who
from ..commander_family.rout import push_retreat
from ..commander_family.state import new_unit, opponent
from ..commander_family.stats import unit_kind
from ..commander_family.victory import eliminate
from . import artillery
from .cohesion import in_cohesion
from .command import hrl
from .core_orders import runner_type, runners_free

if TYPE_CHECKING:
    from tactica.core.game import Game

UNITS = ("platoon", "team", "runner")


def out_of_cohesion(g: Game, seat: int) -> list[str]:
    return [u for u in map_units(g, seat) if unit_kind(g, u) in UNITS and not in_cohesion(g, u)]


# ---------------------------------------------------------------- E63 Deserters
def deserters(g: Game, seat: int, card: str) -> None:
    ev.random_hex(g, seat, "deserters", "E63")


@continuation("deserters")
def _deserters(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    seat = int(a["seat"])
    cands = {u: g.state["units"][u]["hex"] for u in out_of_cohesion(g, seat)}
    if not cands:
        no_effect(g, "E63", f"no {who(g, seat)} Unit is out of cohesion")
        return
    d = {u: hex_distance(g, a["hex"], h) for u, h in cands.items()}
    best = min(d.values())
    tied = sorted(u for u in cands if d[u] == best)
    if len(tied) == 1:
        _desert(g, tied[0])
        return
    ask(g, seat, "deserters_pick", "Deserters: which of the nearest Units out of cohesion?",
        unit_opts(g, tied, "Retreat"))


def _desert(g: Game, uid: str) -> None:
    g.emit("E63", "Deserters: {unit}, out of cohesion, Retreats three hexes toward its own edge", unit=uid)
    push_retreat(g, uid, 3)


@continuation("deserters_pick")
def _deserters_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    _desert(g, o.args["unit"])


# ---------------------------------------------------------------- E84 Raid Prisoners
def raid_prisoners(g: Game, seat: int, card: str) -> None:
    mine = [g.state["units"][u]["hex"] for u in map_units(g, seat)
            if unit_kind(g, u) in UNITS and not g.state["units"][u]["broken"]]
    cands = [u for u in out_of_cohesion(g, opponent(seat))
             if any(hex_distance(g, g.state["units"][u]["hex"], h) == 1 for h in mine)]
    if not cands:
        no_effect(g, "E84", "no enemy Unit out of cohesion is next to one of the receiver's unbroken Units")
        return
    ask(g, seat, "raid_prisoners", "Raid Prisoners: eliminate which enemy Unit?",
        unit_opts(g, cands, "Eliminate", HURTS))


@continuation("raid_prisoners")
def _raid_prisoners(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    eliminate(g, o.args["unit"], "E84")


# ---------------------------------------------------------------- E88 Runner
def runner(g: Game, seat: int, card: str) -> None:
    leader, rt = hrl(g, seat), runner_type(g, seat)
    if leader is None or rt is None or runners_free(g, seat) < 1:
        no_effect(g, "E88", f"{who(g, seat)} has no Highest-ranking Leader on the map or no Runner left")
        return
    h = g.state["units"][leader]["hex"]
    if not ev.can_enter(g, h, seat, ev.figures_of_type(g, rt)):
        no_effect(g, "E88", f"{h} has no room for a Runner (8.2)")
        return
    ask(g, seat, "runner_event", f"Runner: place a Runner with {leader} in {h}?",
        [opt(f"hex:{h}", f"Runner to {h}", "hex", hex=h), opt("none", "No Runner", "none")])


@continuation("runner_event")
def _runner(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat = int(a["seat"])
    if o.kind == "none":
        g.emit("E88", "{nation} places no Runner", nation=who(g, seat))
        return
    rules = rules_of(g)
    rt = runner_type(g, seat)
    assert rt is not None
    uid = ev.new_id(g, seat, "r")
    u = new_unit(rt, seat, o.args["hex"], "map")
    u.update(rules.unit_fields(rt))
    g.state["units"][uid] = u
    g.emit("E88", "{nation} places Runner {unit} in {hex} with its Highest-ranking Leader",
           nation=who(g, seat), unit=uid, hex=o.args["hex"])


# ---------------------------------------------------------------- E94 Telephone Wires Cut
def wires_cut(g: Game, seat: int, card: str) -> None:
    enemy = opponent(seat)
    if artillery.telephone_of(g, enemy) is None:
        no_effect(g, "E94", f"{who(g, enemy)} has no Telephone in the Artillery Box")
        return
    artillery.cut_wires(g, enemy, "E94")
