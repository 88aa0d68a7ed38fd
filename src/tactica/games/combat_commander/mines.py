"""Mine Attacks (F103.2): the Fire-Attack-like procedure a Mines hex makes against units that
Move, Advance or Retreat into or out of it (and the first attack of Hidden Mines, A35.2).

It is a ``fire_attack`` frame with its own start: the strength is the scenario's Mine FP (6 unless
the Defender has a 7- or 8-FP Minefield), no hindrance, no height, no Action window before the
roll (Fire Actions add to Fire Attacks, and this is not one: our reading); the opponent of the
units' owner makes the Attack Roll. Then only the units that caused it defend, one Fire Defense
Roll each, with Cover forced to 0; a moving unit that ties breaks (O20.3.4). Units that stood in
the hex already are never attacked by another unit's entry or exit.

Callers: Move (on entering, and before leaving, a Mines hex: the units go on to the hex they were
entering even if they break, F103.2), Advance, Retreat, and the Hidden Mines Action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.rules import Args, Step

from ..commander_family.fire import FireAttack
from ..commander_family.state import opponent
from ..commander_family.victory import nation
from .fortifications import kind_at, mines_fp

if TYPE_CHECKING:
    from tactica.core.game import Game

ZERO = "Mine Attack: Cover 0 (F103.2)"


def push_mine_attack(g: Game, label: str, movers: list[str], *, moving: bool = False,
                     attacker: int | None = None, rule: str = "F103.2") -> bool:
    """Push one Mine Attack on ``movers`` (units moving together: one roll) in the Mines hex
    ``label``. ``moving``: they are Moving units (a tie breaks them). ``attacker``: who rolls the
    attack (default: the opponent of the movers' owner). False if nothing to attack."""
    units = g.state["units"]
    hit = [u for u in movers if units[u]["where"] == "map" and units[u]["hex"] == label]
    if kind_at(g, label) != "mines" or not hit:
        return False
    seat = opponent(int(units[hit[0]]["seat"])) if attacker is None else attacker
    g.push("mine_attack", seat=seat, pieces=[], target=label, smoke=False,
           moving=list(hit) if moving else [], op_fire=False, phase="start", bonus=0, spray=None,
           sustained=0, conceal={}, movers=hit, rule=rule)
    return True


def mine_hexes_crossed(g: Game, frm: str, to: str) -> list[str]:
    """The Mines hexes a step from ``frm`` into ``to`` sets off: leaving ``frm`` (attack made in
    ``frm`` before the units go) and entering ``to`` (made in ``to`` once they are there)."""
    return [h for h in (frm, to) if kind_at(g, h) == "mines"]


class MineAttack(FireAttack):
    name = "mine_attack"

    def run(self, g: Game, a: Args) -> None:
        ph = a["phase"]
        if ph == "start":
            fp = mines_fp(g)
            a.update(fp=fp, final_fp=fp, hindrance=0, mortar=False, crossed=None, zero_cover=ZERO,
                     defenders=list(a["movers"]))
            g.emit(a["rule"], "Mine Attack in {hex} by {nation}: {fp} FP against {units}", hex=a["target"],
                   nation=nation(g, int(a["seat"])), fp=fp, units=", ".join(a["movers"]))
            a["phase"] = "rolled"
            g.push("roll", roller=int(a["seat"]), purpose="mine attack", store="roll")
        elif ph == "rolled":
            total = int(a["final_fp"]) + int(a["roll"]["total"])
            a["total"] = total
            g.emit(a["rule"], "Mine Attack Total {total} ({fp} FP + roll {r})", total=total,
                   fp=a["final_fp"], r=a["roll"]["total"])
            a["left"] = self._still_there(g, a, a["defenders"])
            a["phase"] = "order"
        else:
            super().run(g, a)


def mine_steps() -> list[Step]:
    return [MineAttack()]

