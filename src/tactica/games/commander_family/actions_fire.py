"""The Fire Actions both Commander games share, played just before a Fire Attack Roll (Bore
Sighting, Crossfire, Hand Grenades, Marksmanship, and the plain "+2" cards), and Concealment just
before a Defense Roll.

The Fire Attack (fire.py) opens an Action window of kind ``fire_attack_roll`` for both seats
(inactive first) once its FP is known and, for Ordnance, after a Targeting hit; and one of kind
``fire_defense_roll`` for the owner before each Fire Defense Roll (also before the Defense Rolls
of an Artillery Impact, which shares those phases). Only the firing seat may play the FP
Actions, each at most as often as it holds the card; their effects add up (CC A24.1, GWC A28.1).

* Bore Sighting (Defender, a firing Weapon of printed FP 5+), Crossfire (a moving target), Hand
  Grenades (a firing piece adjacent to the target), Marksmanship (a firing infantry unit of the
  card's nationality), and a game's unconditional +2 cards: +2 FP to the attack's ``bonus``.
* Concealment lowers the Attack Total for the playing seat's Defense Rolls against this attack
  by the Cover of the targeted hex (the better of two hexes under Spray Fire); Cover of 0 or less
  lowers nothing, so the card is not offered then.

Each game registers these under its own rule numbers (citation keys ``action.*``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tactica.core.rules import Args

from .actions import ActionDef
from .board_state import hex_distance
from .citations import cite
from .fire import attack_hexes, current_attack, in_play, is_weapon, piece_hex, wtype
from .state import side
from .stats import best_cover, unit_kind

if TYPE_CHECKING:
    from tactica.core.game import Game

ROLL = frozenset({"fire_attack_roll"})
DEFENSE = frozenset({"fire_defense_roll"})

Applies = Callable[["Game", int, str, Args], bool]
"""(game, seat, card, attack args) -> would this +2 card apply to that attack?"""


def firing(g: Game, seat: int) -> Args | None:
    """The attack about to be rolled, if ``seat`` is making it (not a Smoke round)."""
    a = current_attack(g)
    if a is None or int(a["seat"]) != seat or a.get("smoke") or a.get("phase") != "roll":
        return None
    return a


def live_pieces(g: Game, a: Args) -> list[str]:
    return [p for p in a["pieces"] if in_play(g, p)]


def fp_bonus(g: Game, seat: int, name: str, rule: str, why: str) -> None:
    """+2 FP on the attack ``seat`` is about to roll."""
    a = firing(g, seat)
    assert a is not None
    a["bonus"] = int(a["bonus"]) + 2
    g.emit(rule, "{action}: +2 FP ({why}); the attack now has {fp} FP", action=name, why=why,
           fp=int(a["fp"]) + int(a["bonus"]))


# ---------------------------------------------------------------- Bore Sighting
def bore_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    if side(g.state, seat)["posture"] != "Defend":
        return False
    return any(is_weapon(g, p) and int(wtype(g, p).fp) >= 5 for p in live_pieces(g, a))


def cross_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    if not a["moving"]:
        return False
    hexes = attack_hexes(a)
    units = g.state["units"]
    return any(units[u]["where"] == "map" and units[u]["hex"] in hexes for u in a["moving"])


def grenades_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    hexes = attack_hexes(a)
    return any(hex_distance(g, piece_hex(g, p), h) == 1 for p in live_pieces(g, a) for h in hexes)


def marks_applies(g: Game, seat: int, card: str, a: Args) -> bool:
    rules: Any = g.rules
    want = rules.card(card).marksmanship
    kinds = rules.infantry_kinds
    for p in live_pieces(g, a):
        if p not in g.state["units"] or unit_kind(g, p) not in kinds:  # Weapons, Tank guns
            continue
        if rules.unit_type(g.state["units"][p]["type"]).nation == want:
            return True
    return False


def always(g: Game, seat: int, card: str, a: Args) -> bool:
    return True


def plus_two(name: str, key: str, applies: Applies, why: str | Callable[[Game, str], str],
             by_card: bool = False) -> ActionDef:
    """The ActionDef of a "+2 FP before the Fire Attack Roll" card (cited by ``key``); ``why`` is
    the log's reason, or a function of (game, card) giving it."""

    def playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
        a = firing(g, seat)
        return a is not None and applies(g, seat, card, a)

    def play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
        fp_bonus(g, seat, name, cite(g, key), why if isinstance(why, str) else why(g, card))

    return ActionDef(name, key, True, ROLL, playable, play, by_card=by_card)


def _marks_why(g: Game, card: str) -> str:
    rules: Any = g.rules
    return f"a {rules.card(card).marksmanship} Squad or Team fires"


SHARED_LIFTS: dict[str, Applies] = {
    "Bore Sighting": bore_applies, "Crossfire": cross_applies, "Hand Grenades": grenades_applies,
    "Marksmanship": marks_applies,
}
"""The +2 FP Actions both games have, by name, and when each would apply to an attack."""


def lift_for(g: Game, seat: int, pieces: list[str], target: str, lifts: dict[str, Applies],
             moving: list[str] | None = None) -> int:
    """The FP the +2 FP Action cards in ``seat``'s hand (``lifts``: the game's, by Action name)
    would add to an attack by ``pieces`` on ``target``: a hindered shot they can lift to 1 FP may
    be declared (CC 10.3.2.1)."""
    rules: Any = g.rules
    a: Args = {"pieces": list(pieces), "target": target, "spray": None, "moving": list(moving or [])}
    return 2 * sum(1 for c in side(g.state, seat)["hand"]
                   if (f := lifts.get(rules.card(c).action)) is not None and f(g, seat, c, a))


# ---------------------------------------------------------------- Concealment
ATTACK_STEPS = ("fire_attack", "artillery_impact")


def defended_attack(g: Game) -> Args | None:
    """The attack (Fire Attack or Artillery Impact) whose Defense Roll comes next."""
    for f in reversed(g.state["stack"]):
        if f["step"] in ATTACK_STEPS:
            args: Args = f["args"]
            return args if args.get("phase") == "window" else None
    return None


def concealment_cover(g: Game, a: Args) -> int:
    """The Cover Concealment takes off: the targeted hex's best instance (Road and other Cover
    modifiers included); under Spray Fire the better of the two hexes."""
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
    g.emit(cite(g, "action.concealment"), "Concealment: the Attack Total against {nation}'s units drops "
           "by the Cover {c} to {t}", nation=side(g.state, seat)["nation"], c=cover,
           t=int(a["total"]) - conceal[str(seat)])


# ---------------------------------------------------------------- wiring
def shared_fire_actions(rules: Any, marks_why: Callable[[Game, str], str] = _marks_why) -> list[ActionDef]:
    """Bore Sighting, Concealment, Crossfire, Hand Grenades and Marksmanship under ``rules``'
    numbers (``marks_why``: the log's words for the Marksmanship unit)."""
    defs = [
        plus_two("Bore Sighting", "action.bore_sighting", bore_applies,
                 "a Weapon of printed FP 5 or more fires"),
        ActionDef("Concealment", "action.concealment", True, DEFENSE, conceal_playable, conceal_play),
        plus_two("Crossfire", "action.crossfire", cross_applies, "firing at a moving unit"),
        plus_two("Hand Grenades", "action.hand_grenades", grenades_applies,
                 "a firing piece is adjacent to the target"),
        plus_two("Marksmanship", "action.marksmanship", marks_applies, marks_why, by_card=True),
    ]
    return [numbered(rules, d) for d in defs]


def numbered(rules: Any, d: ActionDef) -> ActionDef:
    """``d`` with its citation key replaced by ``rules``' rule number for it."""
    return replace(d, rule=rules.rule_numbers[d.rule])

