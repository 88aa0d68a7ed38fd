"""Helpers for the Combat Commander tests: a probe step that makes rolls on demand, deck
stacking, and a rules instance with test-only registry entries."""

from __future__ import annotations

import json
import random
from typing import Any

from skirmish import skirmish, skirmish_game

from tactica import studio
from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.commander_family.events import EventDef
from tactica.games.commander_family.orders import OrderDef
from tactica.studio.combat_commander import put_on_top


class Probe(Step):
    """A caller frame as the procedures write them: push a roll, read the locked result."""

    name = "probe"

    def run(self, g: Game, a: Args) -> None:
        if "roll" not in a:
            g.push("roll", roller=a["roller"], purpose=a["purpose"], store="roll",
                   product=a.get("product", False), fire_attack=a.get("fire_attack", False))
            return
        g.state.setdefault("journal", []).append(["result", a["roll"]["total"]])
        g.state.setdefault("results", []).append(a["roll"])
        g.pop()


class Hold(Step):
    """A decision that only waits (so a probe can run on top of it and then stop)."""

    name = "hold"

    def actor(self, g: Game, a: Args) -> int:
        return 0

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option("go", "go")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()


def rules() -> CombatCommanderRules:
    return CombatCommanderRules([Probe(), Hold()])


def new(r: CombatCommanderRules | None = None, seed: int = 0) -> Game:
    return skirmish_game(r or rules(), seed)


def position(r: CombatCommanderRules | None = None) -> studio.Position:
    """The map-less skirmish as a position still open to more calls (then ``.game()``)."""
    return skirmish(r or rules())


def deck(g: Game, seat: int) -> dict[str, Any]:
    d: dict[str, Any] = g.state["sides"][seat]["deck"]
    return d


def top(g: Game, seat: int, *cards: str) -> None:
    """Stack cards on top of ``seat``'s draw pile (from hand too), first listed drawn first."""
    put_on_top(g, seat, *cards)


def probe(g: Game, roller: int, purpose: str = "test", **kw: Any) -> None:
    """Make a roll now, on top of a waiting frame, and run it up to the next decision."""
    g.push("hold")
    g.push("probe", roller=roller, purpose=purpose, **kw)
    g.refresh()


def settle(g: Game, choice: str = "pass") -> None:
    """Answer every Initiative window with ``choice`` until only the hold (or the end) is left."""
    while not g.is_terminal() and g.decision() is not None and g.decision().step == "initiative":
        g.apply(choice)


def journal_event(name: str, rule: str, effect: Any) -> EventDef:
    return EventDef(name, rule, implemented=True, execute=effect)


def make_order(name: str, start: Any) -> OrderDef:
    return OrderDef(name, "test", implemented=True, start=start)


def lines(g: Game) -> list[str]:
    return g.log_lines()


def play_randomly(g: Game, seed: int, max_decisions: int = 20_000) -> None:
    """Uniform random play to the end: no decision may be a dead end, and the state stays plain
    JSON on the way (checked every 50 decisions)."""
    rng = random.Random(seed)
    for n in range(max_decisions):
        if g.is_terminal():
            break
        o = g.legal_options()
        assert o, f"dead end at {g.frame_names()}"
        if n % 50 == 0:
            json.dumps(g.state)
        g.apply(rng.choice(o).id)
    assert g.is_terminal()
