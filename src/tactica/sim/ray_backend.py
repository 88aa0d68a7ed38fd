"""The same simulation job on a Ray cluster (``tactica simulate --ray ADDRESS``).

Batches become Ray tasks (one CPU each); results come back in job order, so a job gives the same
results here as on local workers. Every node of the cluster needs the same tactica installed (same
version: a game is a pure function of its job only with the same rules code). Ray is an optional
dependency: ``pip install 'tactica[sim]'``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tactica.sim.runner import GameJob, GameResult, batches, play_batch
from tactica.sim.workers import Progress, complete


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the install
        raise RuntimeError("the Ray backend needs Ray: pip install 'tactica[sim]'") from e
    return ray


def run_ray(jobs: Sequence[GameJob], address: str | None = None, batch_size: int | None = None,
            progress: Progress | None = None) -> list[GameResult]:
    """Play ``jobs`` as Ray tasks. ``address`` is that of an existing cluster ('auto' finds the
    local one); None uses the Ray instance this process already started (tests), or starts one.
    A Ray instance this call connected to is disconnected again at the end."""
    ray = _ray()
    if not jobs:
        return []
    connected_here = False
    if not ray.is_initialized():
        extra = {} if address else {"include_dashboard": False}
        ray.init(address=address, log_to_driver=False, **extra)
        connected_here = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1)(play_batch)
        pending = [task.remote(b) for b in batches(jobs, cpus, batch_size)]
        out: list[GameResult | None] = [None] * len(jobs)
        pos = {j.index: i for i, j in enumerate(jobs)}
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for rs in ray.get(done):
                for r in rs:
                    out[pos[r.index]] = r
                if progress:
                    progress(len(rs))
        return complete(out)
    finally:
        if connected_here:
            ray.shutdown()
