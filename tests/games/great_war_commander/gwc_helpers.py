"""Helpers for Great War Commander rules tests: a game at its first Turn, pieces put where a test
wants them, random play to the end."""

from __future__ import annotations

import random
from typing import Any

import tactica
from tactica.core.game import Game
from tactica.games.great_war_commander import RULES

SCENARIOS = sorted(s.id for s in RULES.scenarios())


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
    """Every unit off the map (out of play), so a test places only what it needs."""
    for u in g.state["units"].values():
        if u["where"] == "map":
            u.update(where="out", hex=None)


def put(g: Game, seat: int, type_id: str, hex_label: str, **fields: Any) -> str:
    """A new unit of ``type_id`` for ``seat`` in ``hex_label``; returns its id."""
    from tactica.games.commander_family.state import new_unit

    uid = f"t{seat}-{len(g.state['units'])}"
    u = new_unit(type_id, seat, hex_label, "map")
    u.update(RULES.unit_fields(type_id))
    u.update(fields)
    g.state["units"][uid] = u
    return uid


def log_rules(g: Game) -> set[str]:
    return {e[0] for e in g.log}
