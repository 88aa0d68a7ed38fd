"""The Ray backend on a small local Ray instance gives the same results as local workers."""

import pytest

from tactica.sim import plan
from tactica.sim.ray_backend import run_ray
from tactica.sim.workers import run_local

ray = pytest.importorskip("ray")


def test_ray_gives_the_same_results_as_local_workers():
    jobs = plan("great_war", "ridge_trench", ["random", "random"], 8, seed=21)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        done: list[int] = []
        got = run_ray(jobs, batch_size=2, progress=done.append)
    finally:
        ray.shutdown()
    assert not ray.is_initialized()
    assert sum(done) == 8 and len(done) == 4
    assert [r.to_dict() for r in got] == [r.to_dict() for r in run_local(jobs, 1)]
