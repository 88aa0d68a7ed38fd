"""The Fire Actions played just before a Fire Attack Roll (A27, A30, A34, A37, A40, A41) and
Concealment just before a Defense Roll (A29).

The Fire Attack (fire.py) opens an Action window of kind ``fire_attack_roll`` for both seats
(inactive first, A24.2) once its FP is known and, for Ordnance, after a Targeting hit; and one of
kind ``fire_defense_roll`` for the owner before each Fire Defense Roll (also before the Defense
Rolls of an Artillery Impact, which shares those phases). Only the firing seat may play the FP
Actions, each at most as often as it holds the card; their effects add up (A24.1).

* Bore Sighting, Crossfire, Hand Grenades, Marksmanship, Sustained Fire: +2 FP to the attack's
  ``bonus``. Sustained Fire also counts itself in ``sustained``: when the Fire Attack Roll shows
  doubles, one firing MG or Mortar breaks per Sustained Fire, after any Jammed! breaks, the
  firer choosing when several qualify (the ``sustained_break`` frame).
* Spray Fire widens the attack to a second hex (``spray``), once per attack; the FP becomes the
  lower of the two hexes' strengths (hindrance and height checked from every firer to both).
* Concealment lowers the Attack Total for the playing seat's Defense Rolls against this attack
  by the Cover of the targeted hex (the better of the two under Spray Fire).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.actions import ActionDef
from ..commander_family.board_state import hex_distance, neighbours, overlay, units_in
from ..commander_family.fire import (
    attack_hexes,
    break_weapon,
    current_attack,
    in_play,
    is_ordnance,
    is_weapon,
    piece_hex,
    reaches,
    strength,
    wtype,
)
from ..commander_family.state import opponent, side
from ..commander_family.stats import best_cover, unit_kind

if TYPE_CHECKING:
    from tactica.core.game import Game

ROLL = frozenset({"fire_attack_roll"})
DEFENSE = frozenset({"fire_defense_roll"})
SUSTAINED_KINDS = ("machine_gun", "mortar")


def firing(g: Game, seat: int) -> Args | None:
    """The attack about to be rolled, if ``seat`` is making it (not a Smoke round)."""
    a = current_attack(g)
    if a is None or int(a["seat"]) != seat or a.get("smoke") or a.get("phase") != "roll":
        return None
    return a


def live_pieces(g: Game, a: Args) -> list[str]:
    return [p for p in a["pieces"] if in_play(g, p)]


def _bonus(g: Game, seat: int, name: str, rule: str, why: str) -> None:
    a = firing(g, seat)
    assert a is not None
    a["bonus"] = int(a["bonus"]) + 2
    g.emit(rule, "{action}: +2 FP ({why}); the attack now has {fp} FP", action=name, why=why,
           fp=int(a["fp"]) + int(a["bonus"]))


# ---------------------------------------------------------------- A27 Bore Sighting
def bore_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    if side(g.state, seat)["posture"] != "Defend":
        return False
    return any(is_weapon(g, p) and int(wtype(g, p).fp) >= 5 for p in live_pieces(g, a))


def bore_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    a = firing(g, seat)
    return a is not None and bore_applies(g, seat, card, a)


def bore_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    _bonus(g, seat, "Bore Sighting", "A27", "a Weapon of printed FP 5 or more fires")


# ---------------------------------------------------------------- A30 Crossfire
def cross_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    a = firing(g, seat)
    return a is not None and cross_applies(g, seat, card, a)


def cross_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    if not a["moving"]:
        return False
    hexes = attack_hexes(a)
    units = g.state["units"]
    return any(units[u]["where"] == "map" and units[u]["hex"] in hexes for u in a["moving"])


def cross_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    _bonus(g, seat, "Crossfire", "A30", "firing at a moving unit")


# ---------------------------------------------------------------- A34 Hand Grenades
def grenades_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    a = firing(g, seat)
    return a is not None and grenades_applies(g, seat, card, a)


def grenades_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    hexes = attack_hexes(a)
    return any(hex_distance(g, piece_hex(g, p), h) == 1 for p in live_pieces(g, a) for h in hexes)


def grenades_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    _bonus(g, seat, "Hand Grenades", "A34", "a firing piece is adjacent to the target")


# ---------------------------------------------------------------- A37 Marksmanship
def marks_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    a = firing(g, seat)
    return a is not None and marks_applies(g, seat, card, a)


def marks_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    rules: Any = g.rules
    want = rules.card(card).marksmanship
    for p in live_pieces(g, a):
        if is_weapon(g, p) or unit_kind(g, p) not in ("squad", "team"):
            continue
        if rules.unit_type(g.state["units"][p]["type"]).nation == want:
            return True
    return False


def marks_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    rules: Any = g.rules
    _bonus(g, seat, "Marksmanship", "A37", f"a {rules.card(card).marksmanship} Squad or Team fires")


# ---------------------------------------------------------------- A41 Sustained Fire
def sustained_pieces(g: Game, pieces: list[str]) -> list[str]:
    return [p for p in pieces if is_weapon(g, p) and wtype(g, p).kind in SUSTAINED_KINDS
            and g.state["weapons"][p]["where"] == "map"]


def sustained_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    a = firing(g, seat)
    return a is not None and sustained_applies(g, seat, card, a)


def sustained_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    return bool(sustained_pieces(g, live_pieces(g, a)))


LIFTS = {"Bore Sighting": bore_applies, "Crossfire": cross_applies, "Hand Grenades": grenades_applies,
         "Marksmanship": marks_applies, "Sustained Fire": sustained_applies}
"""The +2 FP Actions (A27, A30, A34, A37, A41) and when each would apply to an attack."""


def lift_for(g: Game, seat: int, pieces: list[str], target: str, moving: list[str] | None = None) -> int:
    """10.3.2.1: the FP the +2 FP Action cards in ``seat``'s hand would add to an attack by
    ``pieces`` on ``target``: a hindered shot they can lift to 1 FP may be declared."""
    rules: Any = g.rules
    a: Args = {"pieces": list(pieces), "target": target, "spray": None, "moving": list(moving or [])}
    return 2 * sum(1 for c in side(g.state, seat)["hand"]
                   if (f := LIFTS.get(rules.card(c).action)) is not None and f(g, seat, c, a))


def sustained_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    a = firing(g, seat)
    assert a is not None
    a["sustained"] = int(a.get("sustained") or 0) + 1
    _bonus(g, seat, "Sustained Fire", "A41", "an MG or Mortar fires; doubles will break one")


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


# ---------------------------------------------------------------- A29 Concealment
ATTACK_STEPS = ("fire_attack", "artillery_impact")


def defended_attack(g: Game) -> Args | None:
    """The attack (Fire Attack or Artillery Impact) whose Defense Roll comes next."""
    for f in reversed(g.state["stack"]):
        if f["step"] in ATTACK_STEPS:
            args: Args = f["args"]
            return args if args.get("phase") == "window" else None
    return None


def concealment_cover(g: Game, a: Args) -> int:
    """The Cover Concealment takes off: the targeted hex's (T78.3 best instance, Road -1 and
    Flamethrower/Molotov Cover 0 included); under Spray Fire the better of the two hexes."""
    hexes = attack_hexes(a)
    crossed = [a.get("crossed"), a.get("crossed2")]
    return max(best_cover(g, h, crossed[i], bool(a.get("zero_cover")))[0] for i, h in enumerate(hexes))


def conceal_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    a = defended_attack(g)
    if a is None or g.state["units"][ctx["unit"]]["seat"] != seat:
        return False
    return concealment_cover(g, a) > 0


def conceal_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    a = defended_attack(g)
    assert a is not None
    cover = concealment_cover(g, a)
    conceal = a.setdefault("conceal", {})
    conceal[str(seat)] = int(conceal.get(str(seat), 0)) + cover
    g.emit("A29", "Concealment: the Attack Total against {nation}'s units drops by the Cover {c} "
           "to {t}", nation=side(g.state, seat)["nation"], c=cover, t=int(a["total"]) - conceal[str(seat)])


# ---------------------------------------------------------------- wiring
def action_defs() -> list[ActionDef]:
    return [
        ActionDef("Bore Sighting", "A27", True, ROLL, bore_playable, bore_play),
        ActionDef("Concealment", "A29", True, DEFENSE, conceal_playable, conceal_play),
        ActionDef("Crossfire", "A30", True, ROLL, cross_playable, cross_play),
        ActionDef("Hand Grenades", "A34", True, ROLL, grenades_playable, grenades_play),
        ActionDef("Marksmanship", "A37", True, ROLL, marks_playable, marks_play, by_card=True),
        ActionDef("Spray Fire", "A40", True, ROLL, spray_playable, spray_play),
        ActionDef("Sustained Fire", "A41", True, ROLL, sustained_playable, sustained_play),
    ]


def register(rules: Any) -> None:
    """Add the Fire Actions and Concealment (and their frames) to a Combat Commander rules
    instance."""
    for st in (SustainedBreak(), SprayHex()):
        if st.name not in rules.steps:
            rules.add_step(st)
    for d in action_defs():
        rules.actions[d.name] = d
