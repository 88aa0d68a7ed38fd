"""The Melee Actions both Commander games share: Ambush before the Melee dice and No Quarter when
a Melee is over.

Windows (opened by melee.py): ``melee_ambush`` before the Melee dice (inactive seat first; each
Ambush is played and carried out on its own, so a later one sees the result of the earlier), and
``melee_end`` when the Melee is over.

* Ambush: the opponent picks one of his units in the Melee hex and breaks it (the ``ambush_pick``
  frame; no choice when he has one unit there).
* No Quarter: +2 VP to the playing side if one of its units survived the Melee; which nations may
  play it differs by game (CC: Russians, and Germans against Russians; GWC: Germans and
  Americans), so each game registers it with its own test of the two nations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .actions import ActionDef
from .board_state import units_in
from .breaking import break_or_wound
from .citations import cite
from .state import opponent, side
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game


# ---------------------------------------------------------------- Ambush
def ambush_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    h = ctx.get("hex")
    return h is not None and bool(units_in(g, h, seat)) and bool(units_in(g, h, opponent(seat)))


def ambush_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.push("ambush_pick", seat=opponent(seat), hex=ctx["hex"])


class AmbushPick(Step):
    """The ambushed player picks one of his units in the Melee hex to break."""

    name = "ambush_pick"

    def _units(self, g: Game, a: Args) -> list[str]:
        return units_in(g, a["hex"], int(a["seat"]))

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["seat"]) if len(self._units(g, a)) > 1 else None

    def prompt(self, g: Game, a: Args) -> str:
        return f"Ambush in {a['hex']}: which of your units breaks?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"break:{u}", f"Break {u}", "break", {"unit": u}) for u in self._units(g, a)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        break_or_wound(g, option.args["unit"], cite(g, "action.ambush"))

    def run(self, g: Game, a: Args) -> None:
        units = self._units(g, a)
        g.pop()
        if units:
            break_or_wound(g, units[0], cite(g, "action.ambush"))


# ---------------------------------------------------------------- No Quarter
NoQuarterNations = Callable[[str, str], bool]
"""(playing nation, enemy nation) -> may this side play No Quarter?"""


def no_quarter(allowed: NoQuarterNations) -> ActionDef:
    """No Quarter for the nations ``allowed`` names (cited by key until :func:`numbered`)."""

    def playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
        if not allowed(side(g.state, seat)["nation"], side(g.state, opponent(seat))["nation"]):
            return False
        h = ctx.get("hex")
        return h is not None and bool(units_in(g, h, seat))

    def play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
        g.state["vp"] += 2 if seat == 0 else -2
        g.emit(cite(g, "action.no_quarter"), "No Quarter: {nation} gains 2 VP (VP track {vp:+d})",
               nation=nation(g, seat), vp=g.state["vp"])

    return ActionDef("No Quarter", "action.no_quarter", True, frozenset({"melee_end"}), playable, play)


def ambush() -> ActionDef:
    return ActionDef("Ambush", "action.ambush", True, frozenset({"melee_ambush"}), ambush_playable,
                     ambush_play)


def melee_steps() -> list[Step]:
    return [AmbushPick()]
