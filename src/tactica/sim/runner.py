"""One simulated game as a pure function, and the plan of a simulation job.

A game's result depends only on (game, scenario, agents, seat assignment, seed): the game is
created from the seed, and each seat's agent is seeded from the game seed and the seat. That is
why a job gives the same results on one worker, on many, or on a Ray cluster, and why a single
game of a large run can be replayed alone.

Seeds are *paired*: every seed is played once per rotation of the agents over the seats (for two
seats: once as given, once with sides swapped), so the luck of a seed counts for both agents and
a seat's advantage cancels out of the agents' comparison.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import tactica
from tactica.ai import make_agent
from tactica.core.game import Game

MAX_DECISIONS = 20_000
"""A game still running after this many decisions is stopped and counted as 'aborted' (a runaway
game is a rules bug; the fuzzer hunts those, simulation just must not hang)."""

_MASK = (1 << 63) - 1


def agent_seed(seed: int, slot: int) -> int:
    """The seed of agent ``slot`` (its place in the list of agents given, not its seat) in the
    games of ``seed`` (SplitMix64 finaliser, so neighbouring seeds give unrelated agents). Keyed by
    slot so that the swapped game of a pair is a different game even when both agents are the
    same spec: keyed by seat, ``random,random`` would play every game twice."""
    z = (seed * 0x9E3779B97F4A7C15 + slot + 1) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (z ^ (z >> 31)) & _MASK


@dataclass(frozen=True, slots=True)
class GameJob:
    """Everything one game depends on."""

    index: int
    """Position in the job list (results come back in this order)."""
    game: str
    scenario: str
    seed: int
    agents: tuple[str, ...]
    """The agent spec at each seat, seat order."""
    pair: int = 0
    """Games of the same seed share a pair number."""
    slots: tuple[int, ...] = ()
    """For each seat, the place of its agent in the list of agents given (default: seat order)."""


@dataclass(slots=True)
class GameResult:
    index: int
    pair: int
    game: str
    scenario: str
    seed: int
    agents: list[str]
    returns: list[float]
    winner: int | None
    """The seat with the strictly highest return, None for a draw or an aborted game."""
    decisions: int
    turns: int | None
    vp: list[float] | None
    reason: str
    aborted: bool = False
    end: str = ""
    """The kind of ending without its numbers (the module's ``summary``), for counting."""
    slots: list[int] | None = None
    """The job's slots: which of the agents given sat at each seat (seeds its agent)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameResult:
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})


def plan(game: str, scenario: str, agents: Sequence[str], games: int, seed: int = 0) -> list[GameJob]:
    """``games`` games (rounded up to a whole number of rotations) on seeds ``seed``,
    ``seed + 1``, ...; each seed is played with the agents in every rotation over the seats."""
    k = len(agents)
    if k == 0 or games <= 0:
        return []
    pairs = -(-games // k)
    jobs: list[GameJob] = []
    for p in range(pairs):
        for r in range(k):
            slots = tuple((i - r) % k for i in range(k))
            seated = tuple(agents[s] for s in slots)
            jobs.append(GameJob(len(jobs), game, scenario, seed + p, seated, p, slots))
    return jobs


def outcome(g: Game, job: GameJob, decisions: int, aborted: bool = False) -> GameResult:
    """Read the result of a finished (or stopped) game: the returns, and the turns played, the
    per-seat victory points and the kind of ending from the module's ``Rules.summary``."""
    n = g.num_players()
    summ = g.rules.summary(g)
    rets = g.returns()
    best = max(rets)
    winners = [i for i, r in enumerate(rets) if r == best]
    if n == 1:  # solitaire: the one seat wins with a positive return, else it has lost
        winners = [0] if rets[0] > 0 else []
    res = g.state["result"] or {}
    return GameResult(
        index=job.index, pair=job.pair, game=job.game, scenario=job.scenario, seed=job.seed,
        agents=list(job.agents), returns=rets,
        winner=winners[0] if len(winners) == 1 and not aborted else None,
        decisions=decisions, turns=summ.get("turns"), vp=summ.get("vp"),
        reason="aborted: decision cap reached" if aborted else str(res.get("reason", "")), aborted=aborted,
        slots=list(job.slots or range(n)), end="aborted" if aborted else str(summ.get("end", "")))


def play_game(job: GameJob, max_decisions: int = MAX_DECISIONS) -> GameResult:
    """Play one game to its end, headless (no log, no record): a pure function of ``job``."""
    g = tactica.new_game(job.game, job.scenario, seed=job.seed).clone()
    if len(job.agents) != g.num_players():
        raise ValueError(f"{job.game} has {g.num_players()} seats; got {len(job.agents)} agents")
    slots = job.slots or tuple(range(len(job.agents)))
    agents = [make_agent(spec, seed=agent_seed(job.seed, slots[seat]))
              for seat, spec in enumerate(job.agents)]
    n = 0
    while not g.is_terminal():
        if n >= max_decisions:
            return outcome(g, job, n, aborted=True)
        seat = g.current_player()
        g.apply(agents[seat].choose(g, seat))
        n += 1
    return outcome(g, job, n)


def play_batch(jobs: Sequence[GameJob]) -> list[GameResult]:
    """The unit of work a worker process or a Ray task runs."""
    return [play_game(j) for j in jobs]


def batches(jobs: Sequence[GameJob], workers: int, batch_size: int | None = None) -> list[list[GameJob]]:
    """Cut ``jobs`` into batches: big enough that dispatch costs little against playing, small
    enough that the workers finish together and the progress bar moves (about 8 batches per worker,
    at most 64 games each)."""
    if batch_size is None:
        batch_size = max(1, min(64, len(jobs) // max(1, 8 * workers)))
    return [list(jobs[i:i + batch_size]) for i in range(0, len(jobs), batch_size)]
