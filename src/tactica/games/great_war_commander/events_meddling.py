"""E71 High Command Meddling: a Fate card drawn unseen becomes the receiver's next Order.

* The Event: the receiver takes the top card of his draw pile without looking at it and lays it
  face down (``side["face_down"]``, a list: a second Meddling before the first card is played
  queues a second card). Drawing the pile's last card advances Time (6.1.2), as any draw does.
* The Turn (the family's ``forced_order``/``play_forced`` hooks): while such a card waits and the
  Order capability allows another Order, the Turn's one Order choice is "reveal"; the player may
  neither pass (E71.2) nor end the Turn (reading AE13: the card is the next Order he is allowed to
  give, so it cannot be put off while he may give one); a card still waiting when the capability
  runs out carries over to his next Turn (E71.1). Turn extras that are not Orders (a Strategy
  Card's Situation, dropping a Weapon) stay; the Engineers' Order is an Order and waits.
* Revealing counts as an Order given (5.1); the card goes to the discards; its Order is carried
  out if it could be given now, else it is forfeited (E71: a Recover Order with nothing broken,
  Command Confusion).
* Hidden information: nobody sees the card (the owner does not look): it is in no view, and
  ``resample`` re-deals it with the owner's draw pile for him and with the unknown part of his
  hand and his draw pile for the opponent. It counts among the cards not in public view
  (``cards.unaccounted``), so no window opens or closes on its face.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.decks import redeal

from ..commander_family.access import rules_of
from ..commander_family.cards import deck, reshuffle
from ..commander_family.rolls import push_time_advance
from ..commander_family.state import side
from ..commander_family.victory import nation

if TYPE_CHECKING:
    from tactica.core.chance import Chance
    from tactica.core.game import Game


def face_down(g: Game, seat: int) -> list[str]:
    """The cards waiting face down in front of ``seat`` (the first is his next Order)."""
    cards: list[str] = side(g.state, seat).get("face_down") or []
    return cards


def high_command_meddling(g: Game, seat: int, card: str) -> None:
    """E71: the receiver draws one Fate card unseen and lays it face down."""
    d = deck(g, seat)
    if not d["draw"]:  # never while each exhaustion advances Time at once; kept as a safe fallback
        reshuffle(g, seat)
    if not d["draw"]:
        g.emit("E71", "{nation} has no Fate card left to draw: no effect", nation=nation(g, seat))
        return
    drawn = d["draw"].pop()
    g.state["chance"]["n"] += 1
    side(g.state, seat).setdefault("face_down", []).append(drawn)
    g.emit("E71", "{nation} draws a Fate card unseen and lays it face down: it will be his next "
           "Order, and he may not pass while it waits (E71.2)", nation=nation(g, seat))
    if not d["draw"]:
        g.emit("6.1.2", "That was the last card of the draw pile: Time advances")
        push_time_advance(g, seat, "last card")


def forced_order(g: Game, seat: int) -> bool:
    """The family's Turn hook: a face-down card waits for ``seat``'s next Order."""
    return bool(side(g.state, seat).get("face_down"))


def play_forced(g: Game, seat: int) -> None:
    """E71: reveal the first face-down card (counted already by the Turn) and carry out its
    Order, or forfeit it when that Order cannot be given now."""
    rules = rules_of(g)
    sd = side(g.state, seat)
    card = sd["face_down"].pop(0)
    if not sd["face_down"]:
        del sd["face_down"]
    deck(g, seat)["discard"].append(card)
    g.reveal()
    name = rules.card(card).order
    odef = rules.orders.get(name)
    if odef is None or not odef.offered(g, seat, card):
        g.emit("E71", "{nation} reveals {card}: the Order {order} cannot be carried out and is "
               "forfeited (it still counts as an Order)", nation=nation(g, seat), card=card, order=name)
        return
    g.emit("E71", "{nation} reveals {card} and must carry out its Order {order}",
           nation=nation(g, seat), card=card, order=name)
    g.emit(odef.rule, "{nation} gives the Order {order} with the face-down card {card}",
           nation=nation(g, seat), order=odef.name, card=card)
    assert odef.start is not None  # offered only with its start
    odef.start(g, seat, card)


def view(g: Game, seat: int, everything: bool) -> dict[str, Any]:
    """What a side's view shows of its face-down cards: how many, and their faces only in the
    full view (the end of the game, the record), never to a seat, not even their owner's."""
    cards = face_down(g, seat)
    out: dict[str, Any] = {"face_down_count": len(cards)}
    if everything:
        out["face_down"] = list(cards)
    return out


def hidden_zones(g: Game, seat: int) -> list[list[Any]]:
    return [face_down(g, 1 - seat), face_down(g, seat)]


def resample(g: Game, seat: int, chance: Chance) -> None:
    """Re-deal the face-down cards ``seat`` cannot see: his own with his draw pile; the other
    side's with that side's draw pile and the part of its hand ``seat`` has not been shown."""
    mine = side(g.state, seat).get("face_down")
    if mine:
        redeal([mine, deck(g, seat)["draw"]], chance)
    theirs = side(g.state, 1 - seat).get("face_down")
    if theirs:
        other = side(g.state, 1 - seat)
        shown = set(other.get("shown") or ())
        known = [c for c in other["hand"] if c in shown]
        unknown = [c for c in other["hand"] if c not in shown]
        redeal([unknown, theirs, other["deck"]["draw"]], chance)
        other["hand"][:] = known + unknown
