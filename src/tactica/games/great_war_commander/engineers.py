"""Engineers (3.1.9): any Order card except Command Confusion may be given to activate one
unbroken Engineer Unit (Pioniere, Génie, Engineers), which places Foxholes (F127) in its own hex or
removes the Wire (F131) from it. It counts as an Order (5.1) and the card is discarded.

Offered at the Turn decision beside the ordinary Orders (the family's ``turn_extras`` hook), as
``engineer:<card>:<unit>:<work>`` (kind ``extra``, as the Turn's other extras). The work goes
through the family's Fortification functions (commander_family/fortifications.py ``place`` and
``remove``, which keep the Melee holders): Foxholes only where its placement rules allow them (no
Fortification, no Blaze, not Water, F125.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option

from ..commander_family import fortifications as fam
from ..commander_family.activation import activate, may_activate
from ..commander_family.cards import card_key, play_from_hand
from ..commander_family.movement import find_frame, on_map
from ..commander_family.state import side
from ..commander_family.victory import nation
from .components import unit_type_of

if TYPE_CHECKING:
    from tactica.core.game import Game

DUD = "Command Confusion"


def engineers(g: Game, seat: int) -> list[str]:
    """3.1.9: the seat's unbroken Engineer Units that may be activated now."""
    return sorted(uid for uid, u in g.state["units"].items()
                  if u["seat"] == seat and unit_type_of(g, uid).engineer  # the type first (speed)
                  and on_map(g, uid) and not u["broken"] and may_activate(g, uid))


def works(g: Game, label: str) -> list[str]:
    """What an Engineer can do in its hex: dig Foxholes, or remove Wire."""
    if fam.kind_at(g, label) == "wire":
        return ["wire"]
    if fam.refusal(g, label, "foxholes") is not None:
        return []
    return ["foxholes"]


def options(g: Game, seat: int) -> list[Option]:
    turn = find_frame(g, "turn")
    if turn is None or int(turn["given"]) >= int(side(g.state, seat)["order_cap"]):
        return []
    if side(g.state, seat).get("face_down"):
        return []  # E71: the face-down card is the next Order (events_meddling)
    rules: Any = g.rules
    cards = [c for c in sorted(set(side(g.state, seat)["hand"]), key=card_key) if rules.card(c).order != DUD]
    out = []
    for uid in engineers(g, seat):
        label = g.state["units"][uid]["hex"]
        for work in works(g, label):
            what = "dig Foxholes" if work == "foxholes" else "remove the Wire"
            out += [Option(f"engineer:{c}:{uid}:{work}", f"{uid} {what} in {label} (card {c})", "extra",
                           {"card": c, "unit": uid, "work": work}) for c in cards]
    return out


def carry_out(g: Game, seat: int, option: Option) -> None:
    """Play the card as an Order (counted, 5.1) and do the work."""
    turn = find_frame(g, "turn")
    assert turn is not None
    card, uid, work = option.args["card"], option.args["unit"], option.args["work"]
    play_from_hand(g, seat, card)
    turn["given"] += 1
    turn["phase"] = "after_order"
    activate(g, [uid])
    label = g.state["units"][uid]["hex"]
    if work == "foxholes":
        g.emit("3.1.9", "{nation} gives {card} to Engineer {unit}: Foxholes dug in {hex} (F127)",
               nation=nation(g, seat), card=card, unit=uid, hex=label)
        fam.place(g, label, "foxholes", "3.1.9")
    else:
        g.emit("3.1.9", "{nation} gives {card} to Engineer {unit}: the Wire in {hex} is removed (F131)",
               nation=nation(g, seat), card=card, unit=uid, hex=label)
        fam.remove(g, label, "3.1.9")
