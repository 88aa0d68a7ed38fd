"""What the scenario editor costs the server (docs/editor.md "Limits"): checking a scenario with
The Great War's loader, and registering one for play (its map's line-of-sight tables are built
then, once per process and content), for blank boards of a few sizes with one unit a side.

Run: python bench/bench_editor.py [--sizes 14x9,18x12]

Each size is registered once (a second registration of the same content costs nothing), so the
figures are single measurements: run it on an idle machine to compare.
"""

from __future__ import annotations

import argparse
import resource
import time

from tactica.games.great_war import scenarios as gw
from tactica.server import custom_scenarios as cs


def scenario(cols: int, rows: int) -> dict[str, object]:
    d = gw.blank_scenario(cols, rows)
    d["units"] = {"allies": [{"id": "a1", "kind": "infantry", "hex": f"B{rows}"}],
                  "central": [{"id": "c1", "kind": "infantry", "hex": "B2"}]}
    return d


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="7x5,14x9,18x12")
    args = ap.parse_args()
    print(f"{'board':>7} {'check ms':>9} {'register s':>11} {'peak RSS +MB':>13}")
    for size in args.sizes.split(","):
        cols, rows = (int(x) for x in size.split("x"))
        d = scenario(cols, rows)
        t = time.perf_counter()
        for _ in range(10):
            cs.check("great_war", d)
        check_ms = (time.perf_counter() - t) * 100
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t = time.perf_counter()
        gw.register_scenario(d)
        reg = time.perf_counter() - t
        grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
        print(f"{size:>7} {check_ms:>9.1f} {reg:>11.2f} {grown:>13.1f}")


if __name__ == "__main__":
    main()
