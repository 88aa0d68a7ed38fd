"""Helpers for the Event tests (E42-E77): a rules instance with every Event registered, the test
map, and a way to make an Event happen through its trigger: a roll forced to show Event!, then
the card carrying the Event, then any cards the Event reveals (Random Hexes, rolls)."""

from __future__ import annotations

from typing import Any

from cc_helpers import Hold, Probe
from fire_helpers import position

from tactica import studio
from tactica.core.decks import stack
from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander.components import builtin_pack

AXIS, ALLIES = 0, 1
NATION = {AXIS: "Germany", ALLIES: "America"}


def rules() -> CombatCommanderRules:
    return CombatCommanderRules([Probe(), Hold()])  # every Event is registered by default


def game(axis: list[Any], allies: list[Any], allies_nation: str = "America", seed: int = 0,
         **kw: Any) -> Game:
    g = position(axis, allies, rules(), allies_nation=allies_nation, **kw).game(seed)
    NATION[ALLIES] = allies_nation
    return g


def deck_cards(nation: str) -> list[Any]:
    return list(builtin_pack().decks[nation].cards.values())


def event_card(nation: str, event: str, avoid: tuple[str, ...] = ()) -> str:
    for c in deck_cards(nation):
        if c.event == event and c.id not in avoid:
            return str(c.id)
    raise LookupError(f"no {nation} card with Event {event}")


def hex_card(nation: str, label: str, avoid: tuple[str, ...] = ()) -> str:
    for c in deck_cards(nation):
        if c.hex == label and c.id not in avoid:
            return str(c.id)
    raise LookupError(f"no {nation} card with Random Hex {label}")


def roll_card(nation: str, total: int, avoid: tuple[str, ...] = ()) -> str:
    for c in deck_cards(nation):
        if c.white + c.colored == total and c.trigger is None and c.id not in avoid:
            return str(c.id)
    raise LookupError(f"no {nation} card rolling {total}")


def happen(g: Game, seat: int, event: str, *then: str) -> None:
    """Make ``seat`` roll an Event! (forced by the studio) whose revealed card carries
    ``event``; ``then`` are the cards stacked next (Random Hex, rolls made inside the Event).
    Stops at the first decision after the Initiative windows."""
    nation = g.state["sides"][seat]["nation"]
    ev = event_card(nation, event, avoid=then)
    spare = next(c for c in reversed(g.state["sides"][seat]["deck"]["draw"]) if c not in (ev, *then))
    put_top(g, seat, spare, ev, *then)
    studio.force_roll(g, seat, {"trigger": "Event!"})  # the roll: that card, showing Event!
    g.push("hold")
    g.push("probe", roller=seat, purpose="test")
    g.refresh()
    settle(g)


def put_top(g: Game, seat: int, *cards: str) -> None:
    """Stack ``cards`` on ``seat``'s draw pile (from anywhere in his deck or hand), first on top."""
    sd = g.state["sides"][seat]
    for c in cards:
        if c in sd["hand"]:
            sd["hand"].remove(c)
            sd["deck"]["discard"].append(c)
    stack(sd["deck"], list(cards))


def settle(g: Game) -> None:
    """Pass the Initiative re-rolls, and Action windows that offer nothing but pass (asked by
    public facts whatever the hand holds: the old engine passed those silently)."""
    while not g.is_terminal() and (d := g.decision()) is not None:
        if d.step != "initiative" and not (d.step == "action_window" and len(d.options) == 1):
            return
        g.apply("pass")


def opts(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def choose(g: Game, *ids: str) -> None:
    for i in ids:
        g.apply(i)
        settle(g)


def done(g: Game) -> bool:
    """The Event and its trigger are over: only the waiting frame is left on top."""
    d = g.decision()
    return d is not None and d.step == "hold"


def text(g: Game) -> str:
    return "\n".join(g.log_lines())


def unit(g: Game, uid: str) -> dict[str, Any]:
    u: dict[str, Any] = g.state["units"][uid]
    return u
