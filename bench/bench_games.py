"""Full random-vs-random games per second on one core, for every scenario of one or all modules.

Run: python bench/bench_games.py [--game ID] [--scenario ID] [--seconds S] [--avoid KIND,...]

``--avoid`` names option kinds the random player never picks while anything else is legal: a
solitaire game offers "end the game" at every turn, so uniform play ends it at once; avoiding
``end_game,end_map`` plays full maps and campaigns (Commandos: Europe).

Each scenario is timed twice: headless on a clone (no record, no log), as simulation and search
play, and as a full game (record with its hash chain, and the log), as the server plays. Maps and
their line-of-sight tables are built once per process before timing starts.
"""

from __future__ import annotations

import argparse
import random
import time

import tactica
from tactica.games import all_ids, get_rules


def play(game: str, scenario: str, seed: int, headless: bool, avoid: frozenset[str] = frozenset()) -> int:
    g = tactica.new_game(game, scenario, seed=seed)
    if headless:
        g = g.clone()
    rng = random.Random(seed)
    n = 0
    while not g.is_terminal():
        opts = g.legal_options()
        if avoid:
            opts = [o for o in opts if o.kind not in avoid] or opts
        g.apply(opts[rng.randrange(len(opts))])
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", help="one rules module (default: all)")
    ap.add_argument("--scenario", help="one scenario (default: all of each module)")
    ap.add_argument("--seconds", type=float, default=5.0, help="time per scenario and mode")
    ap.add_argument("--avoid", default="", help="option kinds never picked while others are legal")
    args = ap.parse_args()
    avoid = frozenset(k for k in args.avoid.split(",") if k)
    for gid in [args.game] if args.game else all_ids():
        for info in get_rules(gid).scenarios():
            if args.scenario and info.id != args.scenario:
                continue
            play(gid, info.id, 0, True, avoid)  # warm-up: builds the map tables
            for headless in (True, False):
                games = decisions = 0
                t0, c0 = time.perf_counter(), time.process_time()
                while time.perf_counter() - t0 < args.seconds:
                    decisions += play(gid, info.id, games + 1, headless, avoid)
                    games += 1
                dt, cpu = time.perf_counter() - t0, time.process_time() - c0
                mode = "headless" if headless else "full (record + log)"
                # CPU seconds as well: on a shared machine the wall clock understates the engine
                print(f"{gid} {info.id} {mode}: {games / dt:.1f} games/s per core "
                      f"({games / cpu:.1f} per CPU-second; {decisions / games:.0f} decisions/game, "
                      f"{decisions / dt:.0f} decisions/s)", flush=True)


if __name__ == "__main__":
    main()
