"""Helpers for the map-based Combat Commander tests: a rules instance with the test board, a
scenario built from unit lists, hand and deck stacking, and a driver that answers windows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactica.core.board import load_board
from tactica.core.decks import stack
from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander.terrain import terrain_chart

DATA = Path(__file__).parent / "data"
BOARD = load_board(DATA / "fire_example.yaml", allowed_terrain=terrain_chart().allowed_terrain,
                   allowed_hexside=terrain_chart().allowed_hexside,
                   allowed_roads=terrain_chart().allowed_roads)


def spec(axis: list[Any], allies: list[Any], **kw: Any) -> dict[str, Any]:
    sc: dict[str, Any] = {
        "name": "test", "sides": {
            "axis": {"nation": "Germany", "posture": "Attack", "orders": 3, "surrender": 10,
                     "units": axis, "reinforcements": kw.pop("axis_reinf", {})},
            "allies": {"nation": "America", "posture": "Defend", "orders": 2, "surrender": 10,
                       "units": allies, "reinforcements": kw.pop("allies_reinf", {})}},
        "time": {"start": 0, "sudden_death": 10, "last": 12}, "initiative": "allies",
        "first": "axis", "objectives": {}, "open_chits": 0, "secret_chits": 0, "vp": 0,
        "map": BOARD.name, "edges": {"axis": "west", "allies": "east"}}
    sc.update(kw)
    return sc


def game(axis: list[Any], allies: list[Any], r: CombatCommanderRules | None = None, seed: int = 0,
         **kw: Any) -> Game:
    r = r or CombatCommanderRules()
    r.add_board(BOARD)
    r.add_scenario("t", spec(axis, allies, **kw))
    return Game.new(r, "t", seed)


def hand(g: Game, seat: int, cards: list[str]) -> None:
    """Replace ``seat``'s hand by ``cards`` (taken from wherever they are; the old hand goes to
    the bottom of the draw pile)."""
    sd = g.state["sides"][seat]
    d = sd["deck"]
    for c in cards:
        for zone in (d["draw"], d["discard"], sd["hand"]):
            if c in zone:
                zone.remove(c)
    d["draw"][:0] = sd["hand"]
    sd["hand"] = list(cards)
    g.refresh()


def top(g: Game, seat: int, *cards: str) -> None:
    sd = g.state["sides"][seat]
    d = sd["deck"]
    for c in cards:
        if c in sd["hand"]:
            sd["hand"].remove(c)
            d["discard"].append(c)
    stack(d, list(cards))


def opts(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def go(g: Game, *choices: str) -> None:
    """Apply choices in order, passing every Initiative re-roll and Action window on the way."""
    for c in choices:
        skip(g)
        g.apply(c)
    skip(g)


def skip(g: Game) -> None:
    while not g.is_terminal():
        d = g.decision()
        if d is None or d.step not in ("initiative", "action_window"):
            return
        g.apply("pass")


def text(g: Game) -> str:
    return "\n".join(g.log_lines())


def card(nation: str, white: int, colored: int, trigger: str | None = None,
         avoid: tuple[str, ...] = ()) -> str:
    """A card of ``nation``'s deck showing that roll (and that trigger, None = no trigger)."""
    from tactica.games.combat_commander.components import builtin_pack

    for c in builtin_pack().decks[nation].cards.values():
        if (c.white, c.colored, c.trigger) == (white, colored, trigger) and c.id not in avoid:
            return c.id
    raise LookupError(f"no {nation} card {white}-{colored} {trigger}")


def roll_cards(nation: str, *rolls: tuple[int, int]) -> list[str]:
    out: list[str] = []
    for w, c in rolls:
        out.append(card(nation, w, c, None, tuple(out)))
    return out
