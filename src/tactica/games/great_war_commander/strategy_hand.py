"""Strategy Cards in hand (1.S, S98): each side's mini-deck, the draw at set-up and at each Time
advance, and who may see what. What a card does when played is strategy.py's.

State on each side (state.py's side dict): ``sc_draw`` (the shuffled mini-deck, secret to both,
top = end), ``sc_hand`` (the card held, secret to the other seat, 1.2), ``sc_discard`` (public).
A side holds at most one Strategy Card (1.S: a player holding none draws one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.decks import redeal

from ..commander_family.access import rules_of
from ..commander_family.state import side

if TYPE_CHECKING:
    from tactica.core.chance import Chance
    from tactica.core.game import Game


def strategy_ids(g: Game, nation: str) -> list[str]:
    """The nation's nine Strategy Cards (S98.3-S98.5), in file order."""
    rules: Any = rules_of(g)
    return [c.id for c in rules.components.pack.strategy.cards if c.nation == nation]


def draw(g: Game, seat: int, why: str) -> None:
    """Draw one Strategy Card into the hand; an empty mini-deck gives none (1.S, no reshuffle)."""
    sd = side(g.state, seat)
    if not sd["sc_draw"]:
        g.emit("1.S", "{nation}'s Strategy Card deck is empty: no card ({why})",
               nation=sd["nation"], why=why)
        return
    g.chance.cs["n"] += 1  # a draw is a chance outcome coming to light (as core.decks.draw)
    card = sd["sc_draw"].pop()
    sd["sc_hand"].append(card)
    sd["sc_drawn"] = int(g.state.get("turn") or 0)  # usable from the next Turn (strategy.py)
    g.emit("1.S", "{nation} draws a Strategy Card ({why})", nation=sd["nation"], why=why)
    g.emit("1.S", "Your Strategy Card: {card}", to=[seat], card=card)


def setup(g: Game) -> None:
    """2.1 / 1.S: each side shuffles its Strategy Cards and draws one."""
    for seat in (0, 1):
        sd = side(g.state, seat)
        cards = strategy_ids(g, sd["nation"])
        g.chance.shuffle(cards)
        sd.update(sc_draw=cards, sc_hand=[], sc_discard=[])
        draw(g, seat, "set-up")


def time_draw(g: Game) -> None:
    """6.1.2 step 7: each player holding no Strategy Card draws one (usable from his next Turn)."""
    for seat in (0, 1):
        if not side(g.state, seat)["sc_hand"]:
            draw(g, seat, "Time advance, 6.1.2")


def view(g: Game, seat: int, mine: bool) -> dict[str, Any]:
    sd = side(g.state, seat)
    return {"sc_hand": list(sd["sc_hand"]) if mine else None, "sc_hand_count": len(sd["sc_hand"]),
            "sc_draw_count": len(sd["sc_draw"]), "sc_discard": list(sd["sc_discard"])}


def hidden_zones(g: Game, seat: int) -> list[list[Any]]:
    other = side(g.state, 1 - seat)
    return [other["sc_hand"], other["sc_draw"], side(g.state, seat)["sc_draw"]]


def resample(g: Game, seat: int, chance: Chance) -> None:
    """The other side's held card and mini-deck are re-dealt together; one's own mini-deck's
    order is unknown too."""
    other_hand, other_draw, own_draw = hidden_zones(g, seat)
    redeal([other_hand, other_draw], chance)
    redeal([own_draw], chance)
