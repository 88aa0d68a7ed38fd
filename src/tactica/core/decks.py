"""Decks and cups as plain data.

A deck is ``{"draw": [...], "discard": [...], "removed": [...]}`` of card ids; the top of the draw
pile is the END of the list so drawing is O(1). A cup (bag) is ``{"items": [...]}`` drawn at
random. Which seat may see what is the game's business (its ``view``); these helpers only move
ids around using a :class:`~tactica.core.chance.Chance`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tactica.core.chance import Chance


class DeckError(ValueError):
    """A deck operation that the deck's contents cannot satisfy."""


def new_deck(cards: Sequence[str], chance: Chance, shuffle: bool = True) -> dict[str, Any]:
    draw = list(cards)
    if shuffle:
        chance.shuffle(draw)
    return {"draw": draw, "discard": [], "removed": []}


def draw(deck: dict[str, Any], chance: Chance, reshuffle: bool = True) -> str | None:
    """Take the top card; if the pile is empty and ``reshuffle``, shuffle the discards into a
    new pile first. Returns None when nothing is left at all."""
    if not deck["draw"]:
        if not reshuffle or not deck["discard"]:
            return None
        reshuffle_discards(deck, chance)
    chance.cs["n"] += 1  # a draw is a chance outcome coming to light (closes the undo window)
    card: str = deck["draw"].pop()
    return card


def reshuffle_discards(deck: dict[str, Any], chance: Chance) -> None:
    """Discards (and what is left of the draw pile) become one shuffled draw pile."""
    pile = deck["draw"] + deck["discard"]
    deck["discard"] = []
    chance.shuffle(pile)
    deck["draw"] = pile


def discard(deck: dict[str, Any], card: str) -> None:
    deck["discard"].append(card)


def stack(deck: dict[str, Any], top_first: Sequence[str]) -> None:
    """Test forcing: put these cards (which must be in the draw pile or discards) on top of the
    draw pile, the first one to be drawn first."""
    for c in top_first:
        for pile in (deck["draw"], deck["discard"]):
            if c in pile:
                pile.remove(c)
                break
        else:
            raise DeckError(f"card {c!r} is not in the draw pile or the discards")
    deck["draw"].extend(reversed(list(top_first)))


def cup_draw(cup: dict[str, Any], chance: Chance) -> str | None:
    """Blind draw from a cup; None when it is empty."""
    items = cup["items"]
    if not items:
        return None
    i = chance.below(len(items))
    items[i], items[-1] = items[-1], items[i]
    item: str = items.pop()
    return item


def redeal(zones: Sequence[list[Any]], chance: Chance) -> None:
    """Pool the contents of zones a seat cannot see, shuffle, and deal them back keeping every
    zone's size: the consistent re-deal that search needs when nothing more is known."""
    pool = sorted((x for z in zones for x in z), key=repr)
    # Sorted first: the re-deal then depends only on what the seat knows (the pooled multiset),
    # never on where the hidden items really were, so search sees nothing it should not.
    chance.shuffle(pool)
    k = 0
    for z in zones:
        n = len(z)
        z[:] = pool[k:k + n]
        k += n
