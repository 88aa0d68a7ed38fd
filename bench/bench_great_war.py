"""Full random-vs-random games of The Great War per second, on one core.

Run: .venv/bin/python bench/bench_great_war.py [seconds per scenario]
Each scenario is timed twice: headless on a clone (no record, no log), as simulation and search
play, and as a full game (record with its hash chain, and the log), as the server plays.
The map tables are built once per process before timing starts.
"""

from __future__ import annotations

import random
import sys
import time

import tactica
from tactica.games.great_war import RULES


def play(scenario: str, seed: int, headless: bool = True) -> int:
    g = tactica.new_game("great_war", scenario, seed=seed)
    if headless:
        g = g.clone()
    rng = random.Random(seed)
    n = 0
    while not g.is_terminal():
        opts = g.legal_options()
        g.apply(opts[rng.randrange(len(opts))])
        n += 1
    return n


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for info in RULES.scenarios():
        play(info.id, 0)  # warm-up: builds the map tables
        for headless in (True, False):
            games = decisions = 0
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < budget:
                decisions += play(info.id, games + 1, headless)
                games += 1
            dt = time.perf_counter() - t0
            mode = "headless" if headless else "full (record + log)"
            print(f"great_war {info.id} {mode}: {games / dt:.1f} games/s per core "
                  f"({decisions / games:.0f} decisions/game, {decisions / dt:.0f} decisions/s)")


if __name__ == "__main__":
    main()
