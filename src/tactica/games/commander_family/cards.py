"""Fate cards in hand and deck: drawing, revealing, playing, discarding (1.1-1.4); what the
family reads on a card is protocols.CardLike.

A card is only ever used for one thing at a time: from the hand for its Order or its Action, or
off the top of the draw pile for its dice, Random Hex or Event (1.5-1.9). These helpers move card
ids between the zones of ``state["sides"][seat]["deck"]`` and the hand, and say whether the draw
pile ran out (6.1.2: that is a Time advance, which the caller pushes as a frame).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tactica.core.decks import reshuffle_discards

from .state import side

if TYPE_CHECKING:
    from tactica.core.game import Game


class FateDice:
    """What a Fate card's two printed dice give (1.9): a game's card class inherits this beside its
    own fields ``white`` and ``colored`` (slots-safe: it adds no state)."""

    __slots__ = ()
    white: int
    colored: int

    @property
    def total(self) -> int:
        """An ordinary roll: the sum of the two dice."""
        return self.white + self.colored

    @property
    def product(self) -> int:
        """A Targeting or Accuracy roll: the product of the two dice (CC O20.2.3, GWC O21.2.1.1)."""
        return self.white * self.colored

    @property
    def doubles(self) -> bool:
        return self.white == self.colored


@lru_cache(maxsize=4096)
def card_key(card: str) -> tuple[str, int, str]:
    """Natural order of ids like "G-7" < "G-12" (stable option order for UIs and search);
    remembered per id (speed: the Turn and the windows sort the hand at every decision)."""
    head, _, tail = card.rpartition("-")
    return (head, int(tail), card) if tail.isdigit() else (card, 0, card)


def deck(g: Game, seat: int) -> dict[str, Any]:
    d: dict[str, Any] = side(g.state, seat)["deck"]
    return d


def unaccounted(g: Game, seat: int) -> list[str]:
    """The cards of ``seat``'s deck not in public view: its hand and its draw pile together
    (discards and removed cards are public, 1.2), and a card drawn face down that nobody has seen
    (GWC E71). Which of them the hand holds is hidden; that
    the hand holds some of these is what every seat knows, so whether a decision exists may
    depend on this list, never on the hand itself."""
    sd = side(g.state, seat)
    cards: list[str] = sd["hand"] + sd["deck"]["draw"]
    face_down = sd.get("face_down")  # GWC E71: a card drawn unseen, waiting to be an Order
    return cards + face_down if face_down else cards


def reveal_top(g: Game, seat: int) -> tuple[str, bool]:
    """1.3: flip the top card of ``seat``'s draw pile onto its discard pile for both to see.
    Returns (card, exhausted): exhausted means that was the last card (6.1.2 Time advance)."""
    d = deck(g, seat)
    if not d["draw"]:
        # Cannot happen while every exhaustion advances Time at once; kept as a safe fallback.
        reshuffle_discards(d, g.chance)
        g.emit("1.4", "{nation}'s draw pile was empty: discards reshuffled",
               nation=side(g.state, seat)["nation"])
    card: str = d["draw"].pop()
    g.state["chance"]["n"] += 1  # a hidden card came to light
    d["discard"].append(card)
    g.reveal()
    return card, not d["draw"]


def draw_card(g: Game, seat: int) -> tuple[str | None, bool]:
    """Draw the top card into the hand (never a roll: its dice are ignored, 5.4). Returns
    (card or None if nothing to draw, exhausted)."""
    d = deck(g, seat)
    if not d["draw"]:
        return None, False
    card: str = d["draw"].pop()
    g.state["chance"]["n"] += 1
    sd = side(g.state, seat)
    sd["hand"].append(card)
    if card in sd.get("shown", ()):
        sd["shown"].remove(card)  # a fresh draw: the other seat has not seen this copy in hand
    return card, not d["draw"]


def play_from_hand(g: Game, seat: int, card: str) -> None:
    """A card played for its Order or Action goes straight to its owner's discards (1.5, 1.6)."""
    side(g.state, seat)["hand"].remove(card)
    deck(g, seat)["discard"].append(card)
    g.reveal()


def reshuffle(g: Game, seat: int) -> None:
    """1.4 / 6.1.2 step 1: draw pile and discards together become a new draw pile (hand kept)."""
    reshuffle_discards(deck(g, seat), g.chance)
