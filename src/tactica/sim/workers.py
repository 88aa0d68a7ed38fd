"""Local batch play: worker processes on this machine (the default backend).

Each worker is a separate process (games are pure Python: threads would share one core). Workers
come from a ``forkserver`` (``spawn`` where there is none) rather than ``fork``, so a parent that
runs threads (Ray, a web server, a test runner) cannot hand a child a half-held lock; the server
imports the engine once and every worker starts from that warm copy. Jobs go out in batches (see
:func:`tactica.sim.runner.batches`) and come back in job order whatever order they finish in.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from tactica.sim.runner import GameJob, GameResult, batches, play_batch

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _context() -> mp.context.BaseContext:
    """``fork`` while this process runs a single thread: workers then start with the rules
    module, its data and its map tables already loaded by the parent (a map's LOS table takes a
    good part of a second to build, in every process). With other threads running, ``fork`` could
    hand a child a lock held by a thread that does not exist there, so ``forkserver`` then."""
    methods = mp.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return mp.get_context("fork")
    if "forkserver" in methods:
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["tactica.sim.runner", "tactica.games"])
        return ctx
    return mp.get_context("spawn")  # pragma: no cover - Windows


def warm(game: str, scenario: str) -> None:
    """Load the rules module, its data and the scenario's map tables (once per process: in the
    parent before forking, in each worker otherwise)."""
    import tactica

    tactica.new_game(game, scenario, seed=0)


def run_local(jobs: Sequence[GameJob], workers: int | None = None, batch_size: int | None = None,
              progress: Progress | None = None, inline: bool = True) -> list[GameResult]:
    """Play ``jobs`` on ``workers`` processes and return the results in job order. One worker
    plays in this process unless ``inline`` is False (the bench compares pools of 1 and 2)."""
    n = default_workers() if workers is None else workers
    if n < 1:
        raise ValueError(f"workers must be at least 1, not {n}")
    if not jobs:
        return []
    out: list[GameResult | None] = [None] * len(jobs)
    pos = {j.index: i for i, j in enumerate(jobs)}
    if n == 1 and inline:
        for b in batches(jobs, 1, batch_size):
            for r in play_batch(b):
                out[pos[r.index]] = r
            if progress:
                progress(len(b))
        return complete(out)
    parts = batches(jobs, n, batch_size)
    warm(jobs[0].game, jobs[0].scenario)
    with ProcessPoolExecutor(max_workers=min(n, len(parts)), mp_context=_context(), initializer=warm,
                             initargs=(jobs[0].game, jobs[0].scenario)) as pool:
        pending: set[Future[list[GameResult]]] = {pool.submit(play_batch, b) for b in parts}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                rs = f.result()
                for r in rs:
                    out[pos[r.index]] = r
                if progress:
                    progress(len(rs))
    return complete(out)


def complete(out: list[GameResult | None]) -> list[GameResult]:
    """The results, refusing a list with holes (a lost batch)."""
    missing = [i for i, r in enumerate(out) if r is None]
    if missing:
        raise RuntimeError(f"{len(missing)} games came back without a result")
    return [r for r in out if r is not None]
