"""Fuzz Great War Commander: random games of every scenario end and replay byte for byte.

Run: python bench/fuzz_gwc.py [--games 2000] [--seed 0] [--scripted 0] [--cap 20000] [--keep-going]

Game k plays scenario k mod 4 from seed k, both seats choosing uniformly among the legal options
(random.Random(seed)); a game without an end after --cap decisions is a runaway. Every tenth game
checks the state every seventh decision (plain data, JSON views, a clone taking another option).
Every game's record is replayed and must give the same log, record and final state byte for byte.
--scripted N plays N more games of the scripted policy (seat seed % 2) against the random player.
Prints the figures and exits 1 on the first failure (--keep-going: at the end, after listing every
failure), naming its scenario and seed; progress every 100 games. The test suite
runs a few games the same way (tests/games/great_war_commander/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from tactica.games import get_rules
from tactica.games.great_war_commander.fuzz import MAX_DECISIONS, check_replay, play_random


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scripted", type=int, default=0)
    ap.add_argument("--cap", type=int, default=MAX_DECISIONS)
    ap.add_argument("--keep-going", action="store_true", help="list every failing seed, exit 1 at the end")
    args = ap.parse_args()
    scenarios = [s.id for s in get_rules("great_war_commander").scenarios()]
    per: Counter[str] = Counter()
    results: Counter[str] = Counter()
    decisions = 0
    failed = 0
    longest = 0
    start = time.process_time()
    runs = [(seed, None) for seed in range(args.seed, args.seed + args.games)]
    runs += [(seed, seed % 2) for seed in range(args.seed, args.seed + args.scripted)]
    for seed, scripted_seat in runs:
        sc = scenarios[seed % len(scenarios)]
        try:
            g = play_random(sc, seed, checks=seed % 10 == 0, cap=args.cap, scripted_seat=scripted_seat)
            check_replay(g)
        except Exception as exc:  # any failure is reported with its scenario and seed
            who = "random" if scripted_seat is None else f"scripted seat {scripted_seat}"
            print(f"{sc} seed {seed} ({who}): FAILED: {type(exc).__name__}: {exc}", flush=True)
            failed += 1
            if not args.keep_going:
                return 1
            continue
        assert g.record is not None
        decisions += len(g.record.decisions)
        longest = max(longest, len(g.record.decisions))
        per[sc] += 1
        if sum(per.values()) % 100 == 0:
            print(f"  {sum(per.values())} games done, {failed} failed, "
                  f"{time.process_time() - start:.0f} s CPU", flush=True)
        r = g.returns()
        results["draw" if r[0] == r[1] else f"seat {r.index(max(r))} wins"] += 1
    cpu = time.process_time() - start
    if failed:
        print(f"{failed} of {len(runs)} games FAILED")
        return 1
    print(f"{args.games} random games and {args.scripted} scripted-vs-random games "
          f"(seeds from {args.seed}): no crash, no dead end, no runaway, every replay byte for byte")
    print(f"  {decisions} decisions in all; {cpu:.0f} s CPU ({len(runs) / cpu:.2f} games per CPU-second); "
          f"longest game {longest} decisions (cap {args.cap})")
    print("  per scenario: " + ", ".join(f"{s} {per[s]}" for s in scenarios))
    print("  results: " + ", ".join(f"{k} {v}" for k, v in sorted(results.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
