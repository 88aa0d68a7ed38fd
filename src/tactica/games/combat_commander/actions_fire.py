"""Combat Commander's Fire Actions: the shared ones from the family (A27 Bore Sighting, A29
Concealment, A30 Crossfire, A34 Hand Grenades, A37 Marksmanship: commander_family/actions_fire.py)
and its own, played just before a Fire Attack Roll (A40 Spray Fire, A41 Sustained Fire).

* Sustained Fire: +2 FP to the attack's ``bonus``, and it counts itself in ``sustained``: when
  the Fire Attack Roll shows doubles, one firing MG or Mortar breaks per Sustained Fire, after any
  Jammed! breaks, the firer choosing when several qualify (the ``sustained_break`` frame).
* Spray Fire widens the attack to a second hex (``spray``), once per attack; the FP becomes the
  lower of the two hexes' strengths (hindrance and height checked from every firer to both).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.actions import ActionDef
from ..commander_family.actions_fire import (
    ROLL,
    SHARED_LIFTS,
    Applies,
    firing,
    fp_bonus,
    live_pieces,
    shared_fire_actions,
)
from ..commander_family.actions_fire import lift_for as family_lift_for
from ..commander_family.board_state import neighbours, overlay, units_in
from ..commander_family.fire import break_weapon, is_ordnance, is_weapon, reaches, strength, wtype
from ..commander_family.state import opponent

if TYPE_CHECKING:
    from tactica.core.game import Game

SUSTAINED_KINDS = ("machine_gun", "mortar")


# ---------------------------------------------------------------- A41 Sustained Fire
def sustained_pieces(g: Game, pieces: list[str]) -> list[str]:
    return [p for p in pieces if is_weapon(g, p) and wtype(g, p).kind in SUSTAINED_KINDS
            and g.state["weapons"][p]["where"] == "map"]


def sustained_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    a = firing(g, seat)
    return a is not None and sustained_applies(g, seat, card, a)


def sustained_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    return bool(sustained_pieces(g, live_pieces(g, a)))


LIFTS: dict[str, Applies] = {**SHARED_LIFTS, "Sustained Fire": sustained_applies}
"""The +2 FP Actions (A27, A30, A34, A37, A41) and when each would apply to an attack."""


def lift_for(g: Game, seat: int, pieces: list[str], target: str, moving: list[str] | None = None) -> int:
    """10.3.2.1: the FP the +2 FP Action cards in ``seat``'s hand would add to an attack by
    ``pieces`` on ``target``: a hindered shot they can lift to 1 FP may be declared."""
    return family_lift_for(g, seat, pieces, target, LIFTS, moving)


def sustained_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    a = firing(g, seat)
    assert a is not None
    a["sustained"] = int(a.get("sustained") or 0) + 1
    fp_bonus(g, seat, "Sustained Fire", "A41", "an MG or Mortar fires; doubles will break one")


class SustainedBreak(Step):
    """A41: after a Fire Attack Roll with doubles, ``n`` firing MGs/Mortars break, one per
    Sustained Fire; the firer picks which when several qualify (the same one may be picked
    again: broken twice, it is eliminated, 11.4)."""

    name = "sustained_break"

    def actor(self, g: Game, a: Args) -> int | None:
        if int(a["n"]) > 0 and len(sustained_pieces(g, a["pieces"])) > 1:
            return int(a["seat"])
        return None

    def prompt(self, g: Game, a: Args) -> str:
        return "Sustained Fire rolled doubles: which MG or Mortar breaks?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"break:{p}", f"Break {p}", "break", {"weapon": p})
                for p in sustained_pieces(g, a["pieces"])]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        self._break(g, a, option.args["weapon"])

    def run(self, g: Game, a: Args) -> None:
        cands = sustained_pieces(g, a["pieces"])
        if int(a["n"]) <= 0 or not cands:
            g.pop()
            return
        self._break(g, a, cands[0])

    def _break(self, g: Game, a: Args, wid: str) -> None:
        a["n"] = int(a["n"]) - 1
        g.emit("A41", "Sustained Fire and doubles: {weapon} must break", weapon=wid)
        break_weapon(g, wid, "A41")


# ---------------------------------------------------------------- A40 Spray Fire
def boxed_range(g: Game, pid: str) -> bool:
    if is_weapon(g, pid):
        return "range" in wtype(g, pid).boxed
    rules: Any = g.rules
    u = g.state["units"][pid]
    t = rules.unit_type(u["type"])
    return "range" in (t.broken if u["broken"] else t.unbroken).boxed


def spray_hexes(g: Game, seat: int) -> list[str]:
    """Hexes adjacent to the target that could be the second hex of a Spray Fire now."""
    a = firing(g, seat)
    if a is None or a.get("spray"):
        return []  # A40 note: a second Spray Fire adds nothing
    pieces = live_pieces(g, a)
    if not pieces or any(is_ordnance(g, p) or not boxed_range(g, p) for p in pieces):
        return []
    ov = overlay(g)
    out = []
    for h in neighbours(g, a["target"]):
        if units_in(g, h, opponent(seat)) and all(reaches(g, p, h, ov) is not None for p in pieces):
            out.append(h)
    return sorted(out)


def spray_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return bool(spray_hexes(g, seat))


def spray_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    hexes = spray_hexes(g, seat)
    if len(hexes) == 1:
        apply_spray(g, seat, hexes[0])
    else:
        g.push("spray_hex", seat=seat, hexes=hexes)


def apply_spray(g: Game, seat: int, second: str) -> None:
    a = firing(g, seat)
    assert a is not None
    st = strength(g, live_pieces(g, a), second)
    old = int(a["fp"])
    a["spray"] = second
    a["fp"] = min(old, int(st["fp"]))
    g.emit("A40", "Spray Fire: the attack also hits {hex}; FP {old} at {target}, {new} at {hex}: "
           "the attack uses {fp}", hex=second, target=a["target"], old=old, new=st["fp"], fp=a["fp"])


class SprayHex(Step):
    name = "spray_hex"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Spray Fire: which adjacent hex is the second target?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"hex:{h}", f"Also fire at {h}", "hex", {"hex": h}) for h in a["hexes"]]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        apply_spray(g, int(a["seat"]), option.args["hex"])


# ---------------------------------------------------------------- wiring
def action_defs(rules: Any) -> list[ActionDef]:
    return [
        *shared_fire_actions(rules),
        ActionDef("Spray Fire", "A40", True, ROLL, spray_playable, spray_play),
        ActionDef("Sustained Fire", "A41", True, ROLL, sustained_playable, sustained_play),
    ]


def register(rules: Any) -> None:
    """Add the Fire Actions and Concealment (and their frames) to a Combat Commander rules
    instance."""
    for st in (SustainedBreak(), SprayHex()):
        if st.name not in rules.steps:
            rules.add_step(st)
    for d in action_defs(rules):
        rules.actions[d.name] = d
