"""Engine speed as a count of machine instructions (valgrind's callgrind), for this tree and
(optionally) a base commit: a figure that does not move with the machine's load.

Run: python bench/bench_instructions.py [--game ID ...] [--games N] [--warmup N] [--base COMMIT | --pure]

Why: CPU-time figures (bench_speed.py) move by 5-15% on a machine shared with other work, and
the engine's profile is flat, so most single speed changes are smaller than that noise. The
instructions a fixed workload executes are the same from run to run (the hash seed is fixed),
so a change of 1% shows as 1%. They are not time: a cache miss and an add count alike, so
confirm a kept change with bench_speed.py on a quiet machine.

The workload, one process per tree under ``valgrind --tool=callgrind``: for each scenario
(those with a map, for a Commander game) ``--warmup`` random games (maps, LOS tables, sight
masks and the other per-map caches are filled), then ``--games`` random games with the seeds of
bench_speed.py's rate games, played inside ``functools.reduce`` so that callgrind counts those
alone (``--toggle-collect=functools_reduce``; the engine itself never calls ``reduce``). It
prints instructions per decision for each game module and the ratio to the base, and keeps the
callgrind file of each tree for ``callgrind_annotate --inclusive=yes FILE`` (where the
instructions go, function by function, compiled modules included). An interpreter stripped of
its symbols (Debian's) has no ``functools_reduce`` to toggle on; the count is then the whole
run's less a run of the warm-up alone (twice the time).

Needs valgrind (``apt-get install valgrind``). About 50 times slower than the games themselves:
the defaults take about two minutes a tree for Combat Commander.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench_speed import ROOT, base_worktree, loaded, play, scenarios_of

DEFAULT_GAMES = ("combat_commander",)


def worker(game: str, n: int, warmup: int) -> dict[str, Any]:
    """Runs under callgrind: warm-up outside ``reduce``, the counted games inside it."""
    import tactica

    jobs: list[tuple[str, int]] = []
    for scenario in scenarios_of(game):
        tactica.new_game(game, scenario, seed=0)
        for i in range(warmup):
            play(game, scenario, 10_000 + i)
        jobs += [(scenario, 1 + i) for i in range(n)]
    decisions = functools.reduce(lambda total, job: total + play(game, *job), jobs, 0)
    return {"decisions": decisions, "_loaded": loaded()}


def callgrind(src: Path, game: str, n: int, warmup: int, out: Path, pure: bool,
              toggle: bool) -> tuple[int, dict[str, Any]]:
    """(instructions collected, the worker's result) of one worker under callgrind."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    env.pop("TACTICA_PURE", None)
    if pure:
        env["TACTICA_PURE"] = "1"
    counting = ["--collect-atstart=no", "--toggle-collect=functools_reduce"] if toggle else []
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *counting,
           sys.executable, __file__, "--worker", "--games", str(n), "--warmup", str(warmup),
           "--game", game]
    done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    found = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind gave no count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), json.loads(done.stdout.strip().splitlines()[-1])


def can_toggle(src: Path, game: str, out: Path, pure: bool) -> bool:
    """Whether callgrind finds ``functools_reduce`` in this interpreter: a worker with no games
    and no warm-up still calls ``reduce`` once (on nothing), which costs a few instructions when
    the symbol is there and none when the interpreter is stripped (a distribution's statically
    linked python). A probe of seconds instead of a whole counted run."""
    count, _ = callgrind(src, game, 0, 0, out.with_suffix(".probe"), pure, toggle=True)
    out.with_suffix(".probe").unlink(missing_ok=True)
    return count > 0


def run_tree(src: Path, game: str, n: int, warmup: int, out: Path, pure: bool = False) -> dict[str, Any]:
    if can_toggle(src, game, out, pure):
        count, res = callgrind(src, game, n, warmup, out, pure, toggle=True)
    else:
        # No symbol to toggle on: count the whole run and subtract a run of the warm-up alone
        # (the same instructions, hash seed 0). The kept file is then the whole run's.
        count, res = callgrind(src, game, n, warmup, out, pure, toggle=False)
        rest, _ = callgrind(src, game, 0, warmup, out.with_suffix(".warmup"), pure, toggle=False)
        count -= rest
        res["_loaded"] += ", by subtraction"
    res["instructions"] = count
    return res


def measure(label: str, src: Path, a: argparse.Namespace, keep: Path, pure: bool = False,
            base: dict[str, float] | None = None) -> dict[str, float]:
    per: dict[str, float] = {}
    for game in a.game:
        out = keep / f"callgrind.{label}.{game}.out"
        res = run_tree(src, game, a.games, a.warmup, out, pure=pure)
        decisions = res["decisions"]
        per[game] = res["instructions"] / decisions
        ratio = f"   ({base[game] / per[game]:.3f}x fewer than the base)" if base else ""
        print(f"{label} ({res['_loaded']}) {game}: {res['instructions']:,} instructions over "
              f"{decisions:,} decisions, {per[game]:,.0f} a decision{ratio}   [{out}]")
    return per


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", nargs="+", default=list(DEFAULT_GAMES))
    ap.add_argument("--games", type=int, default=1, help="counted random games per scenario")
    ap.add_argument("--warmup", type=int, default=2, help="uncounted games per scenario first")
    ap.add_argument("--base", help="a commit to count beside this tree (in a temporary git worktree)")
    ap.add_argument("--pure", action="store_true",
                    help="count this tree from its sources beside its compiled build")
    ap.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()),
                    help="where the callgrind files are left")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        print(json.dumps(worker(a.game[0], a.games, a.warmup)))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_instructions needs valgrind (apt-get install valgrind)")
    print(f"# {a.warmup} warm-up and {a.games} counted random games per scenario, hash seed 0")
    base = None
    if a.base:
        with base_worktree(a.base) as wt:
            base = measure("base", wt / "src", a, a.keep)
    elif a.pure:
        base = measure("source", ROOT / "src", a, a.keep, pure=True)
    measure("this", ROOT / "src", a, a.keep, pure=bool(a.base), base=base)


if __name__ == "__main__":
    main()
