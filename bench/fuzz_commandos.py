"""Fuzz Commandos: Europe with full random campaigns: no crash, no dead end, replay byte for byte.

Run: python bench/fuzz_commandos.py [--campaigns 2000] [--seed 0] [--end-map 0.05]

Each campaign is played from its seed to its end by the persistent random commando
(games/commandos_europe/fuzz.py: uniform over the legal options, never ending the game, rarely
forfeiting); every other seed also ends a map early with chance --end-map when offered, so that
campaigns reach North Africa, Normandy and the Continent and their transitions (the random player
loses most campaigns on Norway otherwise). Every tenth campaign checks the state every fifth
decision (plain data, JSON views, a clone taking another option). Every campaign's record is
replayed and must give the same log and state byte for byte. Prints the figures and exits 1 on
the first failure, naming its seed. The test suite runs four campaigns the same way.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from tactica.games.commandos_europe.data import MAPS
from tactica.games.commandos_europe.fuzz import check_replay, persistent_random


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--campaigns", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--end-map", type=float, default=0.05)
    args = ap.parse_args()
    reached: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    decisions = 0
    start = time.process_time()
    for seed in range(args.seed, args.seed + args.campaigns):
        try:
            g = persistent_random(seed, "campaign", checks=seed % 10 == 0,
                                  end_map=args.end_map if seed % 2 else 0.0)
            assert g.is_terminal() and g.state["final"] is not None, "not over"
            check_replay(g)
        except Exception as exc:  # any failure is reported with its seed
            print(f"seed {seed}: FAILED: {type(exc).__name__}: {exc}")
            return 1
        assert g.record is not None
        decisions += len(g.record.decisions)
        reached[g.state["map"]] += 1
        endings["defeat" if g.state["final"]["defeat"] else "campaign over"] += 1
    cpu = time.process_time() - start
    print(f"{args.campaigns} random campaigns (seeds {args.seed}-{args.seed + args.campaigns - 1}): "
          f"no crash, no dead end, every replay byte for byte")
    rate = args.campaigns / cpu
    print(f"  {decisions} decisions in all; {cpu:.0f} s CPU ({rate:.1f} campaigns per CPU-second)")
    print("  last map reached: " + ", ".join(f"{m} {reached[m]}" for m in MAPS))
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
