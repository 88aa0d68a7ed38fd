"""Mine Attacks: the Fire-Attack-like procedure a Mines hex makes against the Formations that
Move, Advance or Retreat into or out of it (CC F103.2, GWC F128), the same in both books but for
its strength, which the game's ``mine_fp`` hook gives (CC: the scenario's 6-8; GWC: 6, or 9
against vehicles).

It is a ``fire_attack`` frame with its own start: no hindrance, no height, no Action window before
the roll (Fire Actions add to Fire Attacks, and this is not one: our reading); the opponent of the
units' owner makes the Attack Roll. Then only the units that caused it defend, one Fire Defense
Roll each, with Cover forced to 0; a moving unit that ties breaks. Units that stood in the hex
already are never attacked by another unit's entry or exit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.rules import Args, Step

from .access import rules_of
from .citations import cite
from .fire import FireAttack
from .fortifications import kind_at
from .state import opponent
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game


def push_mine_attack(g: Game, label: str, movers: list[str], *, moving: bool = False,
                     attacker: int | None = None, rule: str | None = None) -> bool:
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
           sustained=0, conceal={}, movers=hit, rule=rule or cite(g, "mines.attack"))
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
            fp = rules_of(g).mine_fp(g, list(a["movers"]))
            a.update(fp=fp, final_fp=fp, hindrance=0, mortar=False, crossed=None,
                     zero_cover=f"Mine Attack: Cover 0 ({cite(g, 'mines.attack')})",
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
