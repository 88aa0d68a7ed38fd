"""Two Python interpreters running the same tree side by side: random games per CPU-second of
each, measured at the same moments, one process on each of two cores.

Run: python bench/bench_interpreters.py PYTHON_A PYTHON_B [--game ID] [--rounds N] [--reps N] [--pure]

Why: how CPython was built (profile-guided and link-time optimisation, a static or a shared
``libpython``) changes the engine's speed by about 15% (docs/architecture.md, "The interpreter";
``tools/pick_python.py`` chooses the venv's Python by it). On a machine shared with other work,
two figures taken minutes apart differ by as much as that, so both interpreters run at once,
each pinned to a core of its own (``taskset``), and swap cores every round: a burst of load from
elsewhere then falls on both.

Each interpreter must be able to import tactica's dependencies (a venv's ``bin/python``); this
tree's ``src`` is put on its path. Each round, each plays ``--reps`` times the seeds 1-2 of every
scenario (those with a map, for a Commander game) after a warm-up game per scenario, and prints
games per CPU-second. Without ``--pure`` both load this tree's compiled build, as built by the
interpreter of this tree's venv (the same ABI for any 3.11; the other interpreter's own build
would differ only by its headers); ``--pure`` runs both from source.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import time
from pathlib import Path

from bench_speed import ROOT, play, scenarios_of


def worker(game: str, reps: int) -> None:
    """Inside one interpreter: warm up, play the counted games, print games per CPU-second."""
    for scenario in scenarios_of(game):
        play(game, scenario, 10_000)
    t, games = time.process_time(), 0
    for _ in range(reps):
        for scenario in scenarios_of(game):
            for seed in (1, 2):
                play(game, scenario, seed)
                games += 1
    print(games / (time.process_time() - t))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pythons", nargs="*", help="two interpreters (a venv's bin/python each)")
    ap.add_argument("--game", default="combat_commander")
    ap.add_argument("--rounds", type=int, default=4, help="rounds; the cores swap every round")
    ap.add_argument("--reps", type=int, default=8, help="passes over the seeds in a round")
    ap.add_argument("--pure", action="store_true", help="both from source (TACTICA_PURE=1)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a.game, a.reps)
        return
    if len(a.pythons) != 2:
        ap.error("give two interpreters")
    if shutil.which("taskset") is None or (os.cpu_count() or 1) < 2:
        raise SystemExit("bench_interpreters needs taskset and two cores")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    env.pop("TACTICA_PURE", None)
    if a.pure:
        env["TACTICA_PURE"] = "1"
    rates: list[list[float]] = [[], []]
    print(f"# {a.game}, {'from source' if a.pure else 'compiled'}: games per CPU-second, "
          f"{a.rounds} rounds of {a.reps} passes, both at once", flush=True)
    for r in range(a.rounds):
        procs = [subprocess.Popen(["taskset", "-c", str((i + r) % 2), py, __file__, "--worker",
                                   "--game", a.game, "--reps", str(a.reps)],
                                  env=env, stdout=subprocess.PIPE, text=True)
                 for i, py in enumerate(a.pythons)]
        outs = [p.communicate()[0] for p in procs]
        if any(p.returncode for p in procs):
            raise SystemExit(f"a worker failed in round {r + 1}")
        got = [float(o.strip().splitlines()[-1]) for o in outs]
        for i in (0, 1):
            rates[i].append(got[i])
        print(f"round {r + 1}: A {got[0]:.2f}   B {got[1]:.2f}   A/B {got[0] / got[1]:.2f}", flush=True)
    ratios = [x / y for x, y in zip(*rates, strict=True)]
    for label, py, xs in (("A", a.pythons[0], rates[0]), ("B", a.pythons[1], rates[1])):
        print(f"{label} {Path(py)}: {min(xs):.1f}-{max(xs):.1f} games per CPU-second "
              f"(mean {statistics.mean(xs):.1f})")
    print(f"A/B: {min(ratios):.2f}-{max(ratios):.2f} (mean {statistics.mean(ratios):.2f})")


if __name__ == "__main__":
    main()
