"""``simulate``: plan a job, run it on a backend, wrap the results as a :class:`SimulationRun`."""

from __future__ import annotations

import time
import warnings
from collections.abc import Sequence

from tactica.ai import agent_names, make_agent
from tactica.games import get_rules
from tactica.sim.results import SimulationRun
from tactica.sim.runner import plan
from tactica.sim.stats import MIXED_AGENTS_NOTE
from tactica.sim.workers import Progress, default_workers, run_local


class SeatBalanceWarning(UserWarning):
    """The pairing asked for cannot measure the scenario's seat balance (the report says why)."""


def check_agents(agents: Sequence[str], seats: int) -> None:
    """Refuse unknown agent specs and a wrong number of them before any worker starts."""
    if len(agents) != seats:
        raise ValueError(f"the game has {seats} seats; give {seats} agents, not {len(agents)}")
    for a in agents:
        try:
            make_agent(a, 0)
        except ValueError as e:
            raise ValueError(f"{e} (registry: {', '.join(agent_names())})") from None


def simulate(game: str, scenario: str, agents: Sequence[str], games: int, seed: int = 0,
             workers: int | None = None, ray_address: str | None = None, batch_size: int | None = None,
             progress: Progress | None = None, use_ray: bool = False) -> SimulationRun:
    """Play ``games`` games (paired seeds, sides swapped) of ``agents`` on ``scenario``; on local
    worker processes, or on Ray when ``ray_address`` is given (or ``use_ray``)."""
    rules = get_rules(game)
    rules.scenario(scenario)
    check_agents(agents, len(rules.seats))
    if len(set(agents)) > 1:
        warnings.warn(f"{', '.join(agents)}: {MIXED_AGENTS_NOTE}", SeatBalanceWarning, stacklevel=2)
    jobs = plan(game, scenario, agents, games, seed)
    t0 = time.perf_counter()
    if ray_address is not None or use_ray:
        from tactica.sim.ray_backend import run_ray

        results = run_ray(jobs, ray_address, batch_size, progress)
        backend, n = "ray", 0
    else:
        n = default_workers() if workers is None else workers
        results = run_local(jobs, n, batch_size, progress)
        backend = "local"
    return SimulationRun(game=game, scenario=scenario, agents=list(agents), seed=seed, games=results,
                         backend=backend, workers=n, seconds=time.perf_counter() - t0,
                         seats=list(rules.seats), rules_version=rules.version)
