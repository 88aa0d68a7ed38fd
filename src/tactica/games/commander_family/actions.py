"""The Action registry (A24-A41) and the action window: where either player may play Actions.

Actions are played from hand whenever their prerequisite holds (5.2, A24.1); when both players
want to act at one moment the inactive player goes first (A24.2). The engine does not poll every
Action everywhere: procedures open named windows (``kind``), e.g. "dig_in" during a Time advance
(6.1.2 step 6) or "after_pass_discard" when the active player passed and discarded (O15). An
:class:`ActionDef` lists the window kinds it may be played in and a ``playable`` check; a game
adds an Action by registering one and, if needed, opening a new window kind where its
procedure runs.

Whether a window is asked depends only on public facts (core ``Step.opens``): the seat holds a
card and some card of its deck not in public view (:func:`could_play`) would be offered now. So
a seat is asked even when its own hand holds nothing playable, and whose decision it is tells the
other seat nothing about that hand; a seat may opt into passing such windows by itself (the
core's published ``auto_pass`` preference).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step, copy_plain

from .access import rules_of
from .board_state import reading_of
from .cards import card_key, play_from_hand, unaccounted
from .state import opponent, side

if TYPE_CHECKING:
    from tactica.core.game import Game

ActionCheck = Callable[["Game", int, str, dict[str, Any]], bool]
"""(game, seat, card id, window context) -> playable now?"""
ActionPlay = Callable[["Game", int, str, dict[str, Any]], None]
"""(game, seat, card id, window context): apply or push frames (the card is already played)."""


@dataclass(frozen=True, slots=True)
class ActionDef:
    name: str
    rule: str
    implemented: bool = False
    windows: frozenset[str] = frozenset()
    playable: ActionCheck | None = None
    play: ActionPlay | None = None
    by_card: bool = False
    """The ``playable`` check reads the card itself (not only the Action's name), so
    :func:`could_play` tries every card of that Action rather than one."""

    def offered(self, g: Game, seat: int, card: str, kind: str, ctx: dict[str, Any]) -> bool:
        if not self.implemented or self.play is None or kind not in self.windows:
            return False
        if self.playable is None:
            return True
        r = reading_of(g)
        if r is None:
            return self.playable(g, seat, card, ctx)
        # remembered for the read scope (speed): a window's opens (could_play) and its options
        # ask the same Actions with the same context; the answer depends on the card only for a
        # by_card check. The context is named by its identity and kept alive with the answer,
        # so that no other dict can take its id while the scope lives.
        key = ("offered", self.name, card if self.by_card else None, seat, kind, id(ctx))
        known: tuple[bool, dict[str, Any]] | None = r.memo.get(key)
        if known is None:
            known = r.memo[key] = (self.playable(g, seat, card, ctx), ctx)
        return known[0]


def action_registry(names: dict[str, str]) -> dict[str, ActionDef]:
    return {n: ActionDef(n, r) for n, r in names.items()}


_GROUPINGS = 64
"""Card groupings kept per rules object (the unaccounted cards of a seat change only when a card
leaves them, so the same few come back window after window)."""


def by_action(rules: Any, cards: list[str]) -> dict[str, list[str]]:
    """Action name -> the cards among ``cards`` that carry it, in their order (names in order of
    first appearance): a card's text never changes, and :func:`could_play` asks this of a whole
    deck at every window (speed)."""
    cache: dict[tuple[str, ...], dict[str, list[str]]] | None = rules.derived.get("card_actions")
    if cache is None:
        cache = rules.derived["card_actions"] = {}
    key = tuple(cards)
    groups = cache.get(key)
    if groups is None:
        if len(cache) >= _GROUPINGS:
            cache.clear()
        groups = cache[key] = {}
        for card in cards:
            groups.setdefault(rules.card(card).action, []).append(card)
    return groups


def _kind_actions(rules: Any, kind: str) -> tuple[dict[str, str], frozenset[str]]:
    """Per rules object: card id -> the Action it carries (filled as cards are met), and the
    names of the Actions that may be offered in a window of ``kind`` (implemented, with a play,
    naming the kind). Neither a card's text nor the registry changes during play (speed:
    :func:`could_play`)."""
    known: tuple[dict[str, str], dict[str, frozenset[str]]] | None = rules.derived.get("kind_actions")
    if known is None:
        known = rules.derived["kind_actions"] = ({}, {})
    cards, kinds = known
    names = kinds.get(kind)
    if names is None:
        names = kinds[kind] = frozenset(n for n, d in rules.actions.items()
                                        if d.implemented and d.play is not None and kind in d.windows)
    return cards, names


def could_play(g: Game, seat: int, kind: str, ctx: dict[str, Any]) -> bool:
    """Whether ``seat`` might play an Action in a window of ``kind``, judged as the other seat
    judges it: its hand is not empty and some card of its deck not in public view would be
    offered (every ``playable`` check reads public facts only, and none writes the state). Each
    Action is asked once, with its first card, unless its check reads the card itself
    (``by_card``), in the order of the cards."""
    if not side(g.state, seat)["hand"]:
        return False
    rules: Any = g.rules
    action_of, names = _kind_actions(rules, kind)
    if not names:
        return False
    actions = rules.actions
    asked: set[str] = set()
    left = len(names)  # the window's Actions not asked yet: none left, the other cards add none
    cards = unaccounted(g, seat)
    for i, card in enumerate(cards):  # the cards in order, each Action at its first card
        name = action_of.get(card)
        if name is None:
            name = action_of[card] = rules.card(card).action
        if name not in names or name in asked:
            continue
        asked.add(name)
        adef = actions[name]
        if adef.offered(g, seat, card, kind, ctx):
            return True
        if adef.by_card:  # then every other card of that Action, as the grouping by Action did
            for other in cards[i + 1:]:
                if rules.card(other).action == name and adef.offered(g, seat, other, kind, ctx):
                    return True
        left -= 1
        if not left:
            break  # every Action of the window asked (a by_card one with all its cards)
    return False


def open_windows(g: Game, kind: str, ctx: dict[str, Any] | None = None,
                 seats: tuple[int, ...] | None = None) -> None:
    """Push one action window per seat so the inactive seat acts first (A24.2): the active
    seat's window is pushed first, the inactive's on top of it."""
    active = int(g.state["active"])
    order = seats if seats is not None else (active, opponent(active))
    for seat in order:  # each window its own copy, lists and all: the state stays a tree
        g.push("action_window", seat=seat, kind=kind, ctx=copy_plain(ctx) if ctx else {})


def window_used(g: Game, kind: str) -> bool:
    """Does some registered Action of this game name the window kind?"""
    return any(kind in d.windows and d.implemented for d in rules_of(g).actions.values())


def offer_windows(g: Game, kind: str, ctx: dict[str, Any] | None = None,
                  seats: tuple[int, ...] | None = None) -> None:
    """:func:`open_windows` for a window kind that only some games play Actions in (a Melee Roll,
    a unit just broken by a Defense Roll): nothing is pushed when no registered Action names the
    kind, so a game without such Actions plays exactly as before. Whether it is pushed depends
    on the game's registry only, never on a hand."""
    if window_used(g, kind):
        open_windows(g, kind, ctx, seats)


class ActionWindow(Step):
    """A window in which ``seat`` may play any number of Actions of this kind, one at a time."""

    name = "action_window"
    window = True
    opens_first = True  # most windows are closed to a deck's Actions: the hand need not be listed

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def opens(self, g: Game, a: Args) -> bool:
        return could_play(g, int(a["seat"]), a["kind"], a["ctx"])

    def prompt(self, g: Game, a: Args) -> str:
        return f"Play an Action ({a['kind']}) or pass"

    def options(self, g: Game, a: Args) -> list[Option]:
        rules = rules_of(g)
        seat = int(a["seat"])
        opts: list[Option] = []
        for card in sorted(side(g.state, seat)["hand"], key=card_key):
            name = rules.card(card).action
            adef = rules.actions.get(name)
            if adef is not None and adef.offered(g, seat, card, a["kind"], a["ctx"]):
                opts.append(Option(f"action:{card}", f"{name} ({card})", "action",
                                   {"card": card, "action": name}))
        return [*opts, Option("pass", "Pass", "pass")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.id == "pass":
            g.pop()
            return
        rules = rules_of(g)
        seat, card = int(a["seat"]), option.args["card"]
        play_from_hand(g, seat, card)
        adef = rules.actions[option.args["action"]]
        g.emit(adef.rule, "{nation} plays {card} for its Action {action}",
               nation=side(g.state, seat)["nation"], card=card, action=adef.name)
        assert adef.play is not None  # offered only with its play
        adef.play(g, seat, card, a["ctx"])  # may push frames; this window stays open below them
