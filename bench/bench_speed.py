"""Engine speed in one run: games per CPU-second, clone and options percentiles, for this tree and
(optionally) a base commit, so that before/after figures come from one run on one machine.

Run: python bench/bench_speed.py [--game ID ...] [--games N] [--timed N] [--base COMMIT | --pure]

For each rules module (default: Combat Commander and The Great War) and each of its scenarios
(those with a map, for a Commander game), one worker process:

* plays ``--games`` full random games headless (a clone: no record, no log, as simulation and
  search play) with fixed seeds, and reports games and decisions per CPU-second (CPU time, not
  wall clock: the figure stays comparable on a machine shared with other work, and it is per
  core since a worker is one process);
* plays ``--timed`` more games and, at every decision, times (in the thread's CPU time, so that
  waiting for a core on a shared machine does not count) one ``clone()`` and one listing of
  the decision's options: ``Game._settle()``, which asks the top frame's step who decides and
  for its options inside the module's read-only scope, exactly as the engine does after each
  decision (what the scope caches lives only as long as one listing, so this is the cost of a
  first listing; what is cached per map, such as LOS tables and sight masks, stays warm). p50 and
  p99 over all those decisions, and the three steps slowest to list on average (mean and
  median: a rare step's mean can be one first fill of a cache).

``--pure`` measures this tree twice in one run: from its sources (``TACTICA_PURE=1``, as the
base) and as it loads by default, compiled where ``make compile`` built it (tactica.compiled).

``--base COMMIT`` checks that commit out in a temporary git worktree and runs the same worker
there (its own ``src`` on the path), then prints both trees side by side with the ratio. Both
run from their sources: the base has no compiled build, so a compiled tree beside it would
credit the code with what the compiler did. The
games are the same on both sides when the commit plays identically (bench/fingerprint.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GAMES = ("combat_commander", "great_war")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else float("nan")


def scenarios_of(game: str) -> list[str]:
    from tactica.games import get_rules

    rules = get_rules(game)
    ids = [i.id for i in rules.scenarios()]
    specs = getattr(rules, "all_scenarios", None)
    return ids if specs is None else [i for i in ids if specs()[i].get("map")]


def worker(games: list[str], n: int, timed: int) -> dict[str, Any]:
    import tactica

    out: dict[str, Any] = {}
    for game in games:
        rows = []
        clones: list[float] = []
        lists: list[tuple[float, str]] = []
        for scenario in scenarios_of(game):
            tactica.new_game(game, scenario, seed=0)
            play(game, scenario, 0)  # warm-up: maps and their LOS tables are built once
            c0 = time.process_time()
            decisions = sum(play(game, scenario, 1 + i) for i in range(n))
            cpu = time.process_time() - c0
            rows.append({"scenario": scenario, "games": n, "cpu": cpu, "decisions": decisions})
            for i in range(timed):
                timed_game(game, scenario, 1000 + i, clones, lists)
        out[game] = {"rows": rows, "clone": clones, "options": lists}
    out["_loaded"] = loaded()
    return out


def loaded() -> str:
    """How this process loaded the engine (the bench runs as a worker in other trees too, some
    from before the compiled build)."""
    try:
        from tactica.compiled_loader import loaded_as
    except ImportError:
        return "from source"
    return loaded_as()


def play(game: str, scenario: str, seed: int) -> int:
    import tactica

    g = tactica.new_game(game, scenario, seed=seed).clone()
    rng = random.Random(seed)
    n = 0
    while not g.is_terminal():
        opts = g.legal_options()
        g.apply(opts[rng.randrange(len(opts))])
        n += 1
    return n


def timed_game(game: str, scenario: str, seed: int, clones: list[float],
               lists: list[tuple[float, str]]) -> None:
    import tactica

    g = tactica.new_game(game, scenario, seed=seed).clone()
    rng = random.Random(seed)
    clock = time.thread_time_ns  # CPU time of this thread: a wait for a core is not counted
    while not g.is_terminal():
        t0 = clock()
        g.clone()
        t1 = clock()
        clones.append((t1 - t0) / 1e9)
        t0 = clock()
        g._settle()
        t1 = clock()
        d = g.decision()
        lists.append(((t1 - t0) / 1e9, d.step if d is not None else "?"))
        opts = g.legal_options()
        g.apply(opts[rng.randrange(len(opts))])


def summary(res: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for game, r in res.items():
        if game.startswith("_"):
            continue
        rates = [row["games"] / row["cpu"] for row in r["rows"]]
        times = [t for t, _ in r["options"]]
        by_step: dict[str, list[float]] = {}
        for t, step in r["options"]:
            by_step.setdefault(step, []).append(t)
        # the mean beside the median: a one-off first fill of a cache (a map's sight masks) can
        # make a rare step's mean many times its median
        slowest = sorted(((statistics.mean(ts) * 1e6, len(ts), st, statistics.median(ts) * 1e6)
                          for st, ts in by_step.items()), reverse=True)
        out[game] = {
            "per_scenario": {row["scenario"]: (row["games"] / row["cpu"], row["decisions"] / row["cpu"])
                             for row in r["rows"]},
            "games_per_cpu_s": (min(rates), statistics.mean(rates), max(rates)),
            "clone_us": (pct(r["clone"], .5) * 1e6, pct(r["clone"], .99) * 1e6),
            "options_us": (pct(times, .5) * 1e6, pct(times, .99) * 1e6),
            "slowest": slowest[:3],
        }
    return out


@contextmanager
def base_worktree(commit: str) -> Iterator[Path]:
    """``commit`` checked out in a temporary git worktree, removed afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        wt = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(wt), commit],
                       check=True)
        try:
            yield wt
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], check=True)


def run_tree(src: Path, games: list[str], n: int, timed: int, pure: bool = False) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(src))
    env.pop("TACTICA_PURE", None)
    if pure:
        env["TACTICA_PURE"] = "1"
    cmd = [sys.executable, __file__, "--worker", "--games", str(n), "--timed", str(timed), "--game", *games]
    done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    res: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return res


def show(label: str, s: dict[str, Any], base: dict[str, Any] | None = None) -> None:
    print(f"== {label}")
    for game, f in s.items():
        b = base.get(game) if base else None
        lo, mean, hi = f["games_per_cpu_s"]
        ratio = f"   ({mean / b['games_per_cpu_s'][1]:.2f}x the base)" if b else ""
        print(f"{game}: {lo:.1f}-{hi:.1f} games per CPU-second (mean {mean:.1f}){ratio}")
        for sc, (gps, dps) in f["per_scenario"].items():
            print(f"    {sc:18s} {gps:7.1f} games/CPU-s  {dps:8.0f} decisions/CPU-s")
        c50, c99 = f["clone_us"]
        o50, o99 = f["options_us"]
        print(f"  clone         p50 {c50:7.1f} µs   p99 {c99:7.1f} µs")
        print(f"  list options  p50 {o50:7.1f} µs   p99 {o99:7.1f} µs   (slowest steps, mean / median: "
              + ", ".join(slow_step(row) for row in f["slowest"]) + ")")


def slow_step(row: list[Any]) -> str:
    """One of the slowest steps: name, mean / median µs, count (the median is missing from what
    a base commit measured before it was added)."""
    mean, n, step = row[:3]
    median = f" / {row[3]:.0f}" if len(row) > 3 else ""
    return f"{step} {mean:.0f}{median} µs x{n}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", nargs="+", default=list(DEFAULT_GAMES))
    ap.add_argument("--games", type=int, default=10, help="untimed games per scenario for the rate")
    ap.add_argument("--timed", type=int, default=3, help="games per scenario timed decision by decision")
    ap.add_argument("--base", help="a commit to measure beside this tree (in a temporary git worktree)")
    ap.add_argument("--pure", action="store_true",
                    help="measure this tree from its sources beside its compiled build")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        print(json.dumps(worker(a.game, a.games, a.timed)))
        return
    print(f"# {a.games} games per scenario for the rate, {a.timed} timed decision by decision; "
          "one process per tree, CPU time")
    base = None
    if a.base:
        with base_worktree(a.base) as wt:
            base = summary(run_tree(wt / "src", a.game, a.games, a.timed))
        show(f"base {a.base}", base)
    elif a.pure:
        pure = run_tree(ROOT / "src", a.game, a.games, a.timed, pure=True)
        base = summary(pure)
        show(f"this tree {pure.get('_loaded', '')}", base)
    mine = run_tree(ROOT / "src", a.game, a.games, a.timed, pure=bool(a.base))
    show(f"this tree {mine.get('_loaded', '')}", summary(mine), base)


if __name__ == "__main__":
    main()
