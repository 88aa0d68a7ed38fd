"""Great War Commander's own Orders of the core rules: O22 HMG Suppress and O27 Runner (its
placing and moving parts; the Artillery Request with a Runner, O27 (c), belongs to the artillery
module). O20 Command Confusion is the family's dud (orders.COMMAND_CONFUSION, numbered O20 by the
registry). Pass (O15) is the family's Turn; Fire, Move, Advance, Recover and Rout the family's
procedures.

O22 HMG Suppress: a functioning heavy machine gun (kind ``hmg``: MG 08, Saint-Étienne, Hotchkiss)
carried by a Unit not yet activated this Turn, with an enemy Formation in its LOS and Range, is
activated with its carrier; it picks one hex, or two adjacent hexes, holding enemy Formations in
its LOS and Range (hexes holding both sides cannot be targeted, O21.1); every enemy Formation
there not yet Suppressed is Suppressed (13). No roll, so no trigger.

O27 Runner: (a) a Runner of the countermix (the roster's count less those in play or waiting) is
placed in the Highest-ranking Leader's hex, activated, and does nothing more (stacking waits for
the end of the Turn, 8.2); or (b) one Runner on the map, not yet activated, Moves alone (the
family's Move with that Runner as its only activated piece).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.activation import activate, may_activate
from ..commander_family.board_state import neighbours, overlay, units_in
from ..commander_family.fire import able, reaches
from ..commander_family.movement import can_step, on_map
from ..commander_family.orders import OrderDef
from ..commander_family.state import new_unit, opponent, side
from ..commander_family.victory import nation
from .command import hrl
from .components import unit_type_of

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules


# ---------------------------------------------------------------- O22 HMG Suppress
def _targets(g: Game, wid: str, seat: int) -> list[str]:
    """Hexes holding enemy Formations only (no Melee hex) in the HMG's LOS and Range."""
    ov = overlay(g)
    out = []
    for h in sorted({u["hex"] for u in g.state["units"].values()
                     if u["seat"] == opponent(seat) and u["where"] == "map" and u["hex"] is not None}):
        if not units_in(g, h, seat) and reaches(g, wid, h, ov) is not None:
            out.append(h)
    return out


def hmgs(g: Game, seat: int) -> list[str]:
    """O22.1: the seat's functioning HMGs whose carriers may be activated and that have a
    target."""
    rules: Any = g.rules
    out = []
    for wid, w in sorted(g.state["weapons"].items()):
        c = w["carrier"]
        if (w["seat"] != seat or c is None or rules.weapon_type(w["type"]).kind != "hmg"
                or not able(g, wid) or not may_activate(g, c)):
            continue
        if _targets(g, wid, seat):
            out.append(wid)
    return out


def hmg_legal(g: Game, seat: int, card: str) -> bool:
    return bool(hmgs(g, seat))


def start_hmg(g: Game, seat: int, card: str) -> None:
    g.push("hmg_suppress", seat=seat, weapon=None)


class HmgSuppress(Step):
    name = "hmg_suppress"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return "HMG Suppress: choose the HMG" if a["weapon"] is None else "HMG Suppress: choose the target"

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        if a["weapon"] is None:
            return [Option(f"hmg:{w}", f"{w} (carried by {g.state['weapons'][w]['carrier']})", "weapon",
                           {"weapon": w}) for w in hmgs(g, seat)]
        hexes = _targets(g, a["weapon"], seat)
        opts = [Option(f"hex:{h}", f"Suppress {h}", "target", {"hexes": [h]}) for h in hexes]
        ok = set(hexes)
        for h in hexes:
            for n in sorted(neighbours(g, h)):
                if n in ok and h < n:
                    opts.append(Option(f"hexes:{h}:{n}", f"Suppress {h} and {n}", "target",
                                       {"hexes": [h, n]}))
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        if option.kind == "weapon":
            wid = option.args["weapon"]
            a["weapon"] = wid
            carrier = g.state["weapons"][wid]["carrier"]
            activate(g, [carrier])
            g.emit("O22", "{nation} activates {weapon} and {unit} for HMG Suppress",
                   nation=nation(g, seat), weapon=wid, unit=carrier)
            return
        g.pop()
        for h in option.args["hexes"]:
            for uid in units_in(g, h, opponent(seat)):
                u = g.state["units"][uid]
                if u["suppressed"]:
                    continue  # O21.3.7: a Suppressed Formation is not Suppressed again
                u["suppressed"] = True
                g.emit("O22.2", "{weapon} suppresses {unit} in {hex}", weapon=a["weapon"], unit=uid, hex=h)


# ---------------------------------------------------------------- O27 Runner
def runner_type(g: Game, seat: int) -> str | None:
    rules: Any = g.rules
    found = rules.components.of_nation(side(g.state, seat)["nation"], "runner")
    return found[0].id if found else None


def runners_free(g: Game, seat: int) -> int:
    """O27.1: Runners left in the countermix (the roster's count less those in play)."""
    rt = runner_type(g, seat)
    if rt is None:
        return 0
    rules: Any = g.rules
    count = next(f.count for r in rules.components.pack.rosters.values() for f in r.formations if f.id == rt)
    used = sum(1 for u in g.state["units"].values()
               if u["type"] == rt and u["seat"] == seat and u["where"] in ("map", "time_track"))
    return int(count) - used


def runners_to_move(g: Game, seat: int) -> list[str]:
    return sorted(uid for uid, u in g.state["units"].items()
                  if u["seat"] == seat and on_map(g, uid) and unit_type_of(g, uid).type == "runner"
                  and may_activate(g, uid) and can_step(g, uid))


def runner_legal(g: Game, seat: int, card: str) -> bool:
    return (hrl(g, seat) is not None and runners_free(g, seat) > 0) or bool(runners_to_move(g, seat))


def start_runner(g: Game, seat: int, card: str) -> None:
    g.push("runner_order", seat=seat)


class RunnerOrder(Step):
    name = "runner_order"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Runner: place a Runner with your Highest-ranking Leader, or move one Runner"

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        opts = []
        leader = hrl(g, seat)
        if leader is not None and runners_free(g, seat) > 0:
            h = g.state["units"][leader]["hex"]
            opts.append(Option("place", f"Place a Runner in {h} with {leader}", "place", {"hex": h}))
        opts += [Option(f"move:{u}", f"Move {u} alone", "move", {"unit": u})
                 for u in runners_to_move(g, seat)]
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        g.pop()
        if option.kind == "place":
            rt = runner_type(g, seat)
            assert rt is not None
            name = g.rules.seats[seat]
            nums = [int(u.rpartition("-")[2]) for u in g.state["units"]
                    if u.startswith(f"{name}-") and u.rpartition("-")[2].isdigit()]
            uid = f"{name}-{max(nums, default=0) + 1}"  # a new counter, numbered after the others
            g.state["units"][uid] = new_unit(rt, seat, option.args["hex"], "map")
            activate(g, [uid])
            g.emit("O27.1", "{nation} places Runner {unit} in {hex} with its Highest-ranking Leader",
                   nation=nation(g, seat), unit=uid, hex=option.args["hex"])
            return
        uid = option.args["unit"]
        activate(g, [uid])
        g.emit("O27.2", "{nation} activates Runner {unit} to Move alone", nation=nation(g, seat), unit=uid)
        g.push("move_order", seat=seat, phase="pick", activated=[uid], leader=None, last=None,
               moved=[], group=[], hex=None, spent={}, road=[], steps=0, crossed=False, op_units=[])


def register(rules: GreatWarCommanderRules) -> None:
    """O22 and O27 (a), (b) on ``rules.orders``; their frames on the rules' steps."""
    rules.add_step(HmgSuppress())
    rules.add_step(RunnerOrder())
    rules.orders["HMG Suppress"] = OrderDef("HMG Suppress", "O22", implemented=True,
                                            legal=hmg_legal, start=start_hmg)
    rules.orders["Runner"] = OrderDef("Runner", "O27", implemented=True,
                                      legal=runner_legal, start=start_runner)
