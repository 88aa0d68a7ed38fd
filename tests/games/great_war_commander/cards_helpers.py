"""Helpers for the Great War Commander Action and Event tests: positions built through the studio
at a scenario's first Turn with a waiting frame to run things on (docs/studio.md), cards named by
what they carry, and drivers that answer the windows a test does not care about."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.decks import stack
from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step
from tactica.games.commander_family.fire import push_fire_attack

from .gwc_helpers import KEEP, position

GER, ENT = 0, 1


class Hold(Step):
    """A decision that only waits, so a procedure can run on top of it and stop there."""

    name = "hold"

    def actor(self, g: Game, a: Args) -> int:
        return 0

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option("go", "go")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()


def scene(scenario: str = "frontieres_1914", date: str | None = None) -> studio.Position:
    """``scenario`` at its first Turn with no unit yet (the rules know the waiting frame)."""
    p = position(scenario, steps=(Hold(),))
    if date is not None:
        p.setting(date=date)
    return p


def game(scenario: str = "frontieres_1914", seed: int = 1, date: str | None = None) -> Game:
    """A game at ``scenario``'s first Turn with no unit on the map."""
    return scene(scenario, date).game(seed=seed)


def hexes_of(g: Game, terrain: str) -> list[str]:
    rules: Any = g.rules
    b = rules.board(g)
    return sorted(b.label(h) for h in b.index if rules.hex_type(b, h).id == terrain)


def card(g: Game, seat: int, white: int, colored: int, trigger: str | None = None,
         avoid: tuple[str, ...] = ()) -> str:
    """A card of ``seat``'s deck showing that roll and trigger."""
    rules: Any = g.rules
    nation = g.state["sides"][seat]["nation"]
    for cid in rules.components.decks[nation]:
        c = rules.card(cid)
        if (c.white, c.colored, c.trigger) == (white, colored, trigger) and cid not in avoid:
            return str(cid)
    raise LookupError(f"no {nation} card {white}-{colored} {trigger}")


def card_with(g: Game, seat: int, avoid: tuple[str, ...] = (), **fields: Any) -> str:
    """A card of ``seat``'s deck whose fields (action, event, hex...) match (for a hand or a
    reveal: its dice and trigger do not count there)."""
    rules: Any = g.rules
    nation = g.state["sides"][seat]["nation"]
    for cid in rules.components.decks[nation]:
        c = rules.card(cid)
        if all(getattr(c, k) == v for k, v in fields.items()) and cid not in avoid:
            return str(cid)
    raise LookupError(f"no {nation} card with {fields}")


def top(g: Game, seat: int, *cards: str) -> None:
    """Stack ``cards`` on ``seat``'s draw pile, first listed drawn first (from the hand too)."""
    sd = g.state["sides"][seat]
    for c in cards:
        if c in sd["hand"]:
            sd["hand"].remove(c)
            sd["deck"]["discard"].append(c)
    stack(sd["deck"], list(cards))


def hand(g: Game, seat: int, cards: list[str]) -> None:
    """Replace ``seat``'s hand by ``cards`` (the old hand goes under the draw pile)."""
    sd = g.state["sides"][seat]
    d = sd["deck"]
    for c in cards:
        for zone in (d["draw"], d["discard"], sd["hand"]):
            if c in zone:
                zone.remove(c)
    d["draw"][:0] = sd["hand"]
    sd["hand"] = list(cards)


def settle(g: Game, stop_for: int | None = None) -> None:
    """Pass Initiative re-rolls, Strategy Card windows (gwc_helpers.KEEP: these tests keep their
    cards) and Action windows that offer nothing but passing (except the windows of seat
    ``stop_for``)."""
    while not g.is_terminal() and (d := g.decision()) is not None:
        if d.step in KEEP or (
                d.step == "action_window" and len(d.options) == 1 and d.seat != stop_for):
            g.apply("pass")
            continue
        return


def opts(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def choose(g: Game, *ids: str) -> None:
    for i in ids:
        g.apply(i)
        settle(g)


def fire(g: Game, seat: int, pieces: list[str], target: str, moving: list[str] | None = None) -> None:
    """Start a Fire Attack on top of a waiting frame and run it to its first real decision (the
    firer's own Action window stops it even when it offers only passing)."""
    g.push("hold")
    push_fire_attack(g, seat, pieces, target, moving=moving)
    g.refresh()
    settle(g, stop_for=seat)


def event(g: Game, seat: int, name: str, cid: str | None = None) -> None:
    """Carry out Event ``name`` for the receiving ``seat`` (as a trigger would), on top of a
    waiting frame, up to its first real decision."""
    rules: Any = g.rules
    if cid is None:
        deck = rules.components.decks[g.state["sides"][seat]["nation"]]
        cid = card_with(g, seat, event=name) if name in {rules.card(c).event for c in deck} else deck[0]
    g.push("hold")
    rules.events[name].run(g, seat, cid)
    g.refresh()
    settle(g)


def attack(g: Game) -> Args:
    for f in reversed(g.state["stack"]):
        if f["step"] == "fire_attack":
            a: Args = f["args"]
            return a
    raise LookupError("no Fire Attack under way")


def held(g: Game) -> bool:
    """Everything ran: only the waiting frame is left."""
    d = g.decision()
    return d is not None and d.step == "hold"


def text(g: Game) -> str:
    return "\n".join(g.log_lines())



def op_fire_example_f(p: studio.Position) -> tuple[Game, str, str, str]:
    """Digest E16, Op Fire example F-G, set up on ``p``: a moving US Platoon in a Shellhole (a
    second one far off), the Landwehr next to it firing with two Crossfire in hand, the German's
    roll 4-2 and the American's 5-5 on top of the decks. Returns the game at the Fire Attack's
    first decision, the US Platoon and the two Crossfire cards."""
    look = p.game(seed=1)  # the map and the decks, to find hexes and cards
    sh = hexes_of(look, "shellhole")[0]
    n = sorted(look.rules.adjacent_hexes(look, sh))[0]
    us = p.unit(ENT, "us-infantry", sh)
    p.unit(ENT, "us-infantry", "O11")
    lw = p.unit(GER, "ger-landwehr", n)
    c1 = card_with(look, GER, action="Crossfire")
    c2 = card_with(look, GER, action="Crossfire", avoid=(c1,))
    p.hand(GER, [c1, c2]).hand(ENT, [])
    p.deck(GER, top=[card(look, GER, 4, 2)]).deck(ENT, top=[card(look, ENT, 5, 5)])
    g = p.game(seed=1)
    fire(g, GER, [lw], sh, moving=[us])
    return g, us, c1, c2
