"""Simulation throughput and the speed-up of two worker processes over one (budget: >= 1.8x).

Run: .venv/bin/python bench/bench_sim.py [games] [agents] [scenario]
     (defaults: 400 games, random,scripted, ridge_trench of The Great War)

Three timings of the same job (same seeds, so the same games): in this process, on a pool of one
worker process, on a pool of two. The speed-up is pool(1) time over pool(2) time: both pay the
same start-up and dispatch, so the figure is what a second worker adds. It needs two free cores.
"""

from __future__ import annotations

import os
import resource
import sys
import time

from tactica.sim.runner import plan
from tactica.sim.workers import run_local, warm


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the pool's workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(jobs: list, workers: int, inline: bool) -> tuple[float, float, list]:
    c0, t0 = cpu_seconds(), time.perf_counter()
    res = run_local(jobs, workers, inline=inline)
    return time.perf_counter() - t0, cpu_seconds() - c0, res


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    agents = (sys.argv[2] if len(sys.argv) > 2 else "random,scripted").split(",")
    scenario = sys.argv[3] if len(sys.argv) > 3 else "ridge_trench"
    jobs = plan("great_war", scenario, agents, games, seed=1)
    warm("great_war", scenario)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"great_war {scenario}, {','.join(agents)}, {len(jobs)} games, {cores} cores, "
          f"load average {load:.1f} (other work on the machine lowers the speed-up)")
    t_in, _, r_in = timed(jobs, 1, inline=True)
    t1, c1, r1 = timed(jobs, 1, inline=False)
    t2, c2, r2 = timed(jobs, 2, inline=False)
    same = [r.to_dict() for r in r_in] == [r.to_dict() for r in r1] == [r.to_dict() for r in r2]
    decisions = sum(r.decisions for r in r_in)
    print(f"in this process:     {t_in:6.2f} s  {len(jobs) / t_in:6.1f} games/s  "
          f"{decisions / t_in:8.0f} decisions/s")
    print(f"1 worker process:    {t1:6.2f} s  {len(jobs) / t1:6.1f} games/s  ({c1:.2f} CPU s)")
    print(f"2 worker processes:  {t2:6.2f} s  {len(jobs) / t2:6.1f} games/s  ({c2:.2f} CPU s)")
    print(f"speed-up, 2 workers over 1: {t1 / t2:.2f}x (budget >= 1.8x); over in-process: {t_in / t2:.2f}x")
    print(f"CPU work of 2 workers over 1: {c2 / c1:.2f} (1.00 = no parallel overhead; the speed-up is "
          f"at most 2 / this with two idle cores)")
    print(f"identical results in all three: {same}")


if __name__ == "__main__":
    main()
