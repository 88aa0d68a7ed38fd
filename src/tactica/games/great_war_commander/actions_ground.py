"""Great War Commander's Actions that change the ground: A39 Dig In, A41 Engineering Works, A43
Go to Ground, A45.1 Hidden Pillbox and A45.4 Hidden Wire (through the family's fortifications
place and remove; markers through terrain_state).

* Dig In (window ``dig_in``, the end of a Time advance, 6.1.2 step 6, both players): Foxholes
  into a hex holding a friendly Formation other than a Tank, where the family's placement rules
  allow it (no Water, no Blaze, no Fortification already).
* Go to Ground (window ``fire_defense_roll``, the defending unit's owner): the unit is not a
  Tank, its hex is Open Ground or Field (as it is now: a Shellhole or Rubble marker changed it)
  with no Fortification: a Shellhole marker goes there and its Cover counts for this attack.
* Hidden Pillbox (same window, scenario Defender only, A45): the attacked hex is an Objective,
  not Water, with no Fortification, and a Pillbox marker is left (reading R34: the countermix
  holds :data:`PILLBOX_MARKERS`): a Pillbox goes there and its Cover counts for this attack.
* Hidden Wire (windows ``move_entry`` and ``advance_entry``, just after Formations Move or
  Advance into a hex; a Retreat opens none; scenario Defender only): Wire into that hex if the
  family's placement allows it (no Water, no Fortification). The family's Move ends a group
  standing in Wire once the windows are over (F131.2), which is the card's end of the Move.
* Engineering Works (windows ``move_entry`` and ``move_turn`` of the player's own Move Order,
  that is at any moment of it): one Wire in the hex of, or next to, one of his Formations
  activated to Move whose Movement is boxed is removed (the family's ``remove``). Offered only
  where such a Wire exists (a card that would do nothing is not played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family import fortifications as fam
from ..commander_family.actions import ActionDef
from ..commander_family.actions_fire import DEFENSE
from ..commander_family.actions_move import MOVE_WINDOWS, boxed, moving
from ..commander_family.board_state import objective_hex_labels
from ..commander_family.event_steps import HELPS, ask, continuation, map_units, opt
from ..commander_family.state import side
from ..commander_family.stats import unit_kind
from . import terrain_state
from .actions_defense import defending

if TYPE_CHECKING:
    from tactica.core.game import Game

PILLBOX_MARKERS = 2
"""Reading R34: the Pillbox markers of the countermix (the book gives no count; ours)."""


# ---------------------------------------------------------------- A39 Dig In
def dig_in_hexes(g: Game, seat: int) -> list[str]:
    hexes = {g.state["units"][u]["hex"] for u in map_units(g, seat) if unit_kind(g, u) != "tank"}
    return sorted(h for h in hexes if h is not None and fam.refusal(g, h, "foxholes") is None)


def dig_in_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return bool(dig_in_hexes(g, seat))


def dig_in_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    ask(g, seat, "gwc_dig_in", "Dig In: Foxholes into which hex?",
        [opt(f"hex:{h}", f"Foxholes in {h}", "hex", hex=h, effect=HELPS) for h in dig_in_hexes(g, seat)])


@continuation("gwc_dig_in")
def _dig_in(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    fam.place(g, o.args["hex"], "foxholes", "A39")


# ---------------------------------------------------------------- before a Defense Roll
def defense_hex(g: Game, seat: int, ctx: dict[str, Any]) -> str | None:
    """The hex of ``seat``'s unit about to roll for Defense (None: no such window)."""
    if defending(g, seat, ctx) is None:
        return None
    h: str | None = g.state["units"][ctx["unit"]]["hex"]
    return h


def ground_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """A43: not a Tank; Open Ground or Field without a Fortification."""
    h = defense_hex(g, seat, ctx)
    return (h is not None and unit_kind(g, ctx["unit"]) != "tank" and fam.kind_at(g, h) is None
            and terrain_state.current_type(g, h).id in ("open_ground", "field"))


def ground_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    h = defense_hex(g, seat, ctx)
    assert h is not None
    terrain_state.set_marker(g, h, "shellhole", "A43")


def pillbox_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """A45.1: the scenario Defender; an Objective hex; a Pillbox marker left; placement allowed."""
    h = defense_hex(g, seat, ctx)
    return (h is not None and side(g.state, seat)["posture"] == "Defend" and h in objective_hex_labels(g)
            and list(fam.forts(g).values()).count("pillbox") < PILLBOX_MARKERS
            and fam.refusal(g, h, "pillbox") is None)


def pillbox_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    h = defense_hex(g, seat, ctx)
    assert h is not None
    fam.place(g, h, "pillbox", "A45.1")


def wire_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """A45.4: the scenario Defender, a hex just entered that may take Wire."""
    h = ctx.get("hex")
    return (h is not None and side(g.state, seat)["posture"] == "Defend"
            and fam.refusal(g, str(h), "wire") is None)


def wire_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    fam.place(g, str(ctx["hex"]), "wire", "A45.4")


# ---------------------------------------------------------------- A41 Engineering Works
def works_hexes(g: Game, seat: int) -> list[str]:
    """A41: Wire hexes in or next to a hex of ``seat``'s Formations moving with boxed Movement."""
    rules: Any = g.rules
    near: set[str] = set()
    for uid in moving(g, seat):
        if boxed(g, uid, "movement"):
            h = g.state["units"][uid]["hex"]
            near.update([h, *rules.adjacent_hexes(g, h)])
    return sorted(h for h in near if fam.kind_at(g, h) == "wire")


def works_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return bool(works_hexes(g, seat))


def works_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    ask(g, seat, "gwc_engineering_works", "Engineering Works: remove which Wire?",
        [opt(f"hex:{h}", f"Wire in {h}", "hex", hex=h) for h in works_hexes(g, seat)])


@continuation("gwc_engineering_works")
def _works(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    fam.remove(g, o.args["hex"], "A41")


def action_defs() -> list[ActionDef]:
    return [
        ActionDef("Dig In", "A39", True, frozenset({"dig_in"}), dig_in_playable, dig_in_play),
        ActionDef("Engineering Works", "A41", True, MOVE_WINDOWS, works_playable, works_play),
        ActionDef("Go to Ground", "A43", True, DEFENSE, ground_playable, ground_play),
        ActionDef("Hidden Pillbox", "A45.1", True, DEFENSE, pillbox_playable, pillbox_play),
        ActionDef("Hidden Wire", "A45.4", True, frozenset({"move_entry", "advance_entry"}), wire_playable,
                  wire_play),
    ]
