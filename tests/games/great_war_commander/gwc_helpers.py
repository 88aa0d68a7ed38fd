"""Helpers for Great War Commander rules tests: positions built through the studio (a scenario's
map, sides, Time track, Objectives, Gas and Telephones, with only the units a test places; see
docs/studio.md), the windows a test does not care about passed, random play to the end."""

from __future__ import annotations

import random

import tactica
from tactica import studio
from tactica.core.game import Game
from tactica.core.rules import Step
from tactica.games.great_war_commander import RULES

SCENARIOS = sorted(s.id for s in RULES.scenarios())


def position(scenario: str = "frontieres_1914", steps: tuple[Step, ...] = ()) -> studio.Position:
    """``scenario`` at its first Turn with no unit on the map: its map, sides, Time track,
    Objectives, chits, Gas, Telephones and Fortifications; a test places its units (``unit``),
    markers, hands and rolls, then makes the game (``.game(seed=1)``: the hands dealt as in the
    scenario's own set-up with that seed)."""
    return studio.Position("great_war_commander", steps=steps).setting(base=scenario)


def first(scenario: str = "frontieres_1914") -> int:
    """The seat that takes ``scenario``'s first Turn (the active seat of :func:`position`)."""
    return RULES.seats.index(RULES.all_scenarios()[scenario]["first"])


def active(p: studio.Position) -> int:
    """The seat whose Turn ``p`` starts at (its own ``turn``, or its base scenario's first)."""
    if p.turn_of is not None:
        return RULES.seats.index(p.turn_of)
    return first(p.settings.get("base", "frontieres_1914"))


def new(scenario: str = "frontieres_1914", seed: int = 1) -> Game:
    return tactica.new_game("great_war_commander", scenario, seed=seed)


def play_out(g: Game, seed: int, limit: int = 20_000) -> Game:
    rng = random.Random(seed)
    for _ in range(limit):
        if g.is_terminal():
            return g
        opts = g.legal_options()
        assert opts, f"dead end: {g.frame_names()}"
        g.apply(rng.choice(opts).id)
    raise AssertionError("runaway game")


def to_first_turn(g: Game, seed: int = 0) -> Game:
    """Play the set-up (placement and Weapons) at random until the first Turn asks."""
    rng = random.Random(seed)
    while g.frame_names()[-1] != "turn":
        g.apply(rng.choice(g.legal_options()).id)
    return g


def clear_map(g: Game) -> None:
    """Every unit off the map (out of play), so a test places only what it needs. The older way
    of the tests the studio has not reached yet (tests/studio/test_audit.py lists them); new
    tests build a :func:`position`."""
    for u in g.state["units"].values():
        if u["where"] == "map":
            u.update(where="out", hex=None)


KEEP = ("initiative", "sc_modifier", "sc_situation")
"""The windows a player who keeps his cards passes: the Initiative re-roll (9.1), the Strategy
Card's +1 (S98.2) and a Strategy Card answer (S98.1)."""


def pass_windows(g: Game, steps: tuple[str, ...] = KEEP) -> None:
    """Pass every decision among ``steps`` (default :data:`KEEP`) until another one comes."""
    while not g.is_terminal() and (d := g.decision()) is not None and d.step in steps:
        g.apply("pass")


def run_out(g: Game, frame: str, passing: tuple[str, ...] = KEEP) -> None:
    """Play on until no ``frame`` is left on the stack: pass the windows among ``passing``, take
    the first option anywhere else."""
    while frame in g.frame_names():
        d = g.decision()
        g.apply("pass" if d.step in passing else d.options[0].id)


def log_rules(g: Game) -> set[str]:
    return {e[0] for e in g.log}
