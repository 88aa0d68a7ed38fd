"""Core figures: clone time, and the time to apply a decision and list the next options.

Usage: python bench/bench_core.py [--game ID --scenario ID] [--games N]

Plays random games (seeded) and times, at every decision, one clone, one apply and the listing
of the next decision's options. Without --game it measures every installed rules module's first
scenario and the Duel test game. One core, pure Python; prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import tactica
from tactica.games import all_ids, get_rules, register


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def measure(game: str, scenario: str, games: int) -> None:
    clones: list[float] = []
    applies: list[float] = []
    options: list[float] = []
    t_all = time.perf_counter()
    decisions = 0
    for seed in range(games):
        g = tactica.new_game(game, scenario, seed=seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            t0 = time.perf_counter()
            g.clone()
            t1 = time.perf_counter()
            opt = rng.choice(g.legal_options())
            t2 = time.perf_counter()
            g.apply(opt.id)
            t3 = time.perf_counter()
            g.legal_options()
            d = g.decision()
            if d is not None:
                g.rules.steps[d.step].options(g, g.top())
            t4 = time.perf_counter()
            clones.append(t1 - t0)
            applies.append(t3 - t2)
            options.append(t4 - t3)
            decisions += 1
    wall = time.perf_counter() - t_all
    us = 1e6
    print(f"{game}/{scenario}: {games} games, {decisions} decisions")
    print(f"  clone            p50 {pct(clones, .5) * us:7.1f} µs   p99 {pct(clones, .99) * us:7.1f} µs")
    print(f"  apply + advance  p50 {pct(applies, .5) * us:7.1f} µs   p99 {pct(applies, .99) * us:7.1f} µs")
    print(f"  list options     p50 {pct(options, .5) * us:7.1f} µs   p99 {pct(options, .99) * us:7.1f} µs")
    print(f"  (wall {wall:.2f} s including the timing itself)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game")
    ap.add_argument("--scenario")
    ap.add_argument("--games", type=int, default=50)
    a = ap.parse_args()
    from core.duel import RULES as DUEL

    register(DUEL)
    targets = [(a.game, a.scenario or get_rules(a.game).scenarios()[0].id)] if a.game else [
        (gid, get_rules(gid).scenarios()[0].id) for gid in all_ids()]
    for game, scenario in targets:
        measure(game, scenario, a.games)


if __name__ == "__main__":
    main()
