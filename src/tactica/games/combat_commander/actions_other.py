"""Ambush (A25), Assault Fire (A26), Command Confusion (A28), Light Wounds (A36), No Quarter
(A38) and Smoke Grenades (A39).

The first four shared with Great War Commander come from the family (actions_melee.py,
actions_move.py, breaking.py); Combat Commander's own are Smoke Grenades and the never-playable
Command Confusion. Windows they are played in (opened by other procedures):

* ``melee_ambush`` (melee.py, before the Melee dice; inactive seat first): Ambush.
* ``melee_end`` (melee.py, when a Melee is over): No Quarter (A38: Russians, and Germans
  against Russians).
* ``move_entry`` / ``move_turn`` (movement.py): Assault Fire and Smoke Grenades, for the seat
  whose Move Order it is.
* ``squad_breaks`` (breaking.py, the instant a Squad would break; owner only): Light Wounds.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.actions import ActionDef
from ..commander_family.actions_fire import numbered
from ..commander_family.actions_melee import ambush, melee_steps, no_quarter
from ..commander_family.actions_move import MOVE_WINDOWS, assault_fire, boxed, move_action_steps, moving
from ..commander_family.board_state import board_of, label_index, neighbours
from ..commander_family.breaking import SquadBreaks, light_wounds
from ..commander_family.fire import draw_smoke, water_hex

if TYPE_CHECKING:
    from tactica.core.game import Game


# ---------------------------------------------------------------- A39 Smoke Grenades
def _smoke_candidates(g: Game, seat: int) -> Iterator[str]:
    """Hexes a Smoke Grenade may go to (A39), one at a time, repeats possible: the hex of a
    moving unit with boxed Movement or a hex next to it, not Blazing, not water."""
    blaze = set(g.state.get("blaze") or [])
    for uid in moving(g, seat):
        if not boxed(g, uid, "movement"):
            continue
        here = g.state["units"][uid]["hex"]
        for h in [here, *neighbours(g, here)]:
            if h not in blaze and not water_hex(g, h):
                yield h


def smoke_hexes(g: Game, seat: int) -> list[str]:
    b = board_of(g)
    order = label_index(b) if b is not None else {}
    return sorted(set(_smoke_candidates(g, seat)), key=lambda h: order.get(h, 0))


def smoke_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """Whether :func:`smoke_hexes` has any, without listing them (speed: asked at every
    movement window)."""
    return int(g.state["active"]) == seat and next(_smoke_candidates(g, seat), None) is not None


def smoke_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.push("smoke_grenades", seat=seat, hexes=smoke_hexes(g, seat))


class SmokeGrenades(Step):
    name = "smoke_grenades"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Smoke Grenades: where does the Smoke go?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"hex:{h}", f"Smoke in {h}", "hex", {"hex": h}) for h in a["hexes"]]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        h = option.args["hex"]
        v = draw_smoke(g)
        smoke = g.state["smoke"]
        smoke[h] = max(int(smoke.get(h, 0)), v)  # 8.1.4: the largest Smoke stays
        g.emit("A39", "Smoke Grenades: Smoke {v} placed in {hex} (Smoke there now {now})", v=v, hex=h,
               now=smoke[h])


# ---------------------------------------------------------------- A38 No Quarter: who may play it
def no_quarter_nations(me: str, them: str) -> bool:
    """A38: the Russian player, or the German player against the Russians."""
    return me == "Russia" or (me == "Germany" and them == "Russia")


# ---------------------------------------------------------------- A28 Command Confusion
def never(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return False


def _nothing(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    raise AssertionError("Command Confusion cannot be played as an Action (A28)")


# ---------------------------------------------------------------- wiring
def action_defs(rules: Any) -> list[ActionDef]:
    return [
        numbered(rules, ambush()),
        numbered(rules, assault_fire()),
        ActionDef("Command Confusion", "A28", True, frozenset(), never, _nothing),
        numbered(rules, light_wounds()),
        numbered(rules, no_quarter(no_quarter_nations)),
        ActionDef("Smoke Grenades", "A39", True, MOVE_WINDOWS, smoke_playable, smoke_play),
    ]


def register(rules: Any) -> None:
    """Add these Actions and their frames (and the Squad-break frame of breaking.py) to a Combat
    Commander rules instance."""
    for st in (*move_action_steps(), SmokeGrenades(), *melee_steps(), SquadBreaks()):
        if st.name not in rules.steps:
            rules.add_step(st)
    for d in action_defs(rules):
        rules.actions[d.name] = d
