"""Great War Commander's "+2" Actions: A33 Bayonets / Grenade Bundle, A35 Charge, A40 Élan,
A48 Live Forever and A55 Unternehmungslustig.

Each is played by the player about to roll, just before the roll, in one of two windows:

* ``fire_attack_roll`` (fire.py): +2 FP to the attack's ``bonus``, as the family's +2 FP cards
  (commander_family/actions_fire.py). Élan, Live Forever and Unternehmungslustig always qualify;
  Bayonets only when a German Weapon fires at a hex holding an enemy Tank adjacent to it (A33);
  Charge never (it is a Melee card).
* ``melee_roll`` (melee.py, before each side's Melee Roll, for the roller only): +2 to that
  side's Melee Roll. Élan, Live Forever, Unternehmungslustig and Bayonets always; Charge only
  with a friendly Leader in the Melee hex (A35).

The window tells which: a Melee window's context names the Melee ``hex``. The card's nation is
the deck's (reading R6), so only the deck that holds a card can play it; nothing here checks
nationality except Bayonets' German Weapons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tactica.core.rules import Args

from ..commander_family.actions import ActionDef
from ..commander_family.actions_fire import SHARED_LIFTS, Applies, firing, fp_bonus, live_pieces
from ..commander_family.actions_fire import lift_for as family_lift_for
from ..commander_family.board_state import hex_distance, units_in
from ..commander_family.fire import attack_hexes, is_weapon, piece_hex
from ..commander_family.melee import add_melee_bonus, melee_frame
from ..commander_family.state import opponent
from ..commander_family.stats import unit_kind
from ..commander_family.victory import nation
from . import strategy

if TYPE_CHECKING:
    from tactica.core.game import Game

WINDOWS = frozenset({"fire_attack_roll", "melee_roll"})
Check = Callable[["Game", int, dict[str, Any]], bool]


def in_melee(g: Game, seat: int, ctx: dict[str, Any]) -> bool:
    """The window is before ``seat``'s Melee Roll in a Melee still under way."""
    h = ctx.get("hex")
    return h is not None and melee_frame(g, h) is not None and bool(units_in(g, h, seat))


def any_melee(g: Game, seat: int, ctx: dict[str, Any]) -> bool:
    return True


def leader_in_melee(g: Game, seat: int, ctx: dict[str, Any]) -> bool:
    """A35: a friendly Leader in the Melee hex."""
    return any(unit_kind(g, u) == "leader" for u in units_in(g, ctx["hex"], seat))


def any_fire(g: Game, seat: int, ctx: dict[str, Any]) -> bool:
    return True


def no_fire(g: Game, seat: int, ctx: dict[str, Any]) -> bool:
    return False


def german_weapon_at_adjacent_tank(g: Game, seat: int, ctx: dict[str, Any]) -> bool:
    """A33: a German Weapon among the firing pieces, adjacent to a target hex holding an enemy
    Tank."""
    a = firing(g, seat)
    assert a is not None
    return bayonets_apply(g, seat, "", a)


def bayonets_apply(g: Game, seat: int, card: str, a: Args) -> bool:
    """A33 on the attack ``a`` (firing now, or being declared: :func:`lift_for`)."""
    rules: Any = g.rules
    hexes = [h for h in attack_hexes(a)
             if any(unit_kind(g, u) == "tank" for u in units_in(g, h, opponent(seat)))]
    return any(is_weapon(g, p) and rules.weapon_type(g.state["weapons"][p]["type"]).nation == "Germany"
               and any(hex_distance(g, piece_hex(g, p), h) == 1 for h in hexes)
               for p in live_pieces(g, a))


def plus_two(name: str, rule: str, melee_ok: Check, fire_ok: Check, why_fire: str) -> ActionDef:
    """A +2 card playable before the player's own Fire Attack Roll (when ``fire_ok``) or his own
    Melee Roll (when ``melee_ok``)."""

    def playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
        if "hex" in ctx:
            return in_melee(g, seat, ctx) and melee_ok(g, seat, ctx)
        return firing(g, seat) is not None and fire_ok(g, seat, ctx)

    def play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
        if "hex" in ctx:
            n = add_melee_bonus(g, ctx["hex"], seat, 2)
            g.emit(rule, "{action}: +2 to {nation}'s Melee Roll in {hex} (+{n} in all)", action=name,
                   nation=nation(g, seat), hex=ctx["hex"], n=n)
        else:
            fp_bonus(g, seat, name, rule, why_fire)

    return ActionDef(name, rule, True, WINDOWS, playable, play)


def action_defs() -> list[ActionDef]:
    return [
        plus_two("Bayonets / Grenade Bundle", "A33", any_melee, german_weapon_at_adjacent_tank,
                 "a German Weapon fires at an adjacent Tank"),
        plus_two("Charge", "A35", leader_in_melee, no_fire, ""),
        plus_two("Élan", "A40", any_melee, any_fire, "Élan"),
        plus_two("Live Forever", "A48", any_melee, any_fire, "Live Forever"),
        plus_two("Unternehmungslustig", "A55", any_melee, any_fire, "Unternehmungslustig"),
    ]


def always(g: Game, seat: int, card: str, a: Args) -> bool:
    return True


LIFTS: dict[str, Applies] = {
    **SHARED_LIFTS, "Bayonets / Grenade Bundle": bayonets_apply, "Élan": always,
    "Live Forever": always, "Unternehmungslustig": always,
}
"""The +2 FP Actions a Fire Attack may count on (shared A34, A38, A44, A50 and this game's A33,
A40, A48, A55; Charge is a Melee card) and when each applies."""


def lift_for(g: Game, seat: int, pieces: list[str], target: str) -> int:
    """The family's 10.3.2.1 (cited there) in this game: the FP the +2 FP cards in ``seat``'s own
    hand and his Strategy Card +1s (:func:`strategy_lift`) would add to an attack by ``pieces``
    on ``target``, so that a hindered shot they can lift to 1 FP may be declared."""
    return family_lift_for(g, seat, pieces, target, LIFTS) + strategy_lift(g, seat, pieces)


def strategy_lift(g: Game, seat: int, pieces: list[str]) -> int:
    """10.3.2.1 with S98.2: a Strategy Card "increases a Fire Attack's strength" by its +1 on the
    Fire Attack Roll (played after the roll, S98.2, so the family makes the roll and lets the
    attack stand only if the roll got the +1s its FP lacked). +1 while ``seat`` may play his
    Strategy Card (strategy.may_play: public facts), +1 more with his Firepower Reminder when one
    of his Weapons fires (S98.5.4, added to the roll by itself)."""
    n = 1 if strategy.may_play(g, seat) else 0
    if strategy.reminder(g, seat, "Firepower") and any(
            is_weapon(g, p) and int(g.state["weapons"][p]["seat"]) == seat for p in pieces):
        n += 1
    return n
