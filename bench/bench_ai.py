"""AI strength and speed (not a test: it prints figures for docs/ai.md).

Strength: each pairing "A-B" plays N games (default 200) in pairs with the same scenario and seed
and the sides swapped, spread over worker processes, and prints A's wins/draws/losses and its
score (win = 1, draw = 1/2) with a 95% Wilson interval, and for each search agent the time its
searched moves took (median, 90th percentile, max) and how many moves a game it searched.
The named levels are move times (tactica.ai.levels): on a loaded machine they search less, so
compare commits with ``search:<level>:fixed`` (the iteration cap only, reproducible).

Speed: ISMCTS iterations per second on a mid-game decision of every scenario of every module,
and the time a move takes at each search level.

    python bench/bench_ai.py strength --pairings search:fast-random,search:fast-scripted,scripted-random
    python bench/bench_ai.py strength --module combat_commander --pairings search:normal-search:fast
    python bench/bench_ai.py speed
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from tactica.ai import make_agent
from tactica.ai.hooks import branch_point_for
from tactica.ai.ismcts import ISMCTS
from tactica.ai.levels import LEVELS, parse_level
from tactica.api import new_game
from tactica.compiled_loader import loaded_as
from tactica.games import all_ids, get_rules
from tactica.sim.stats import wilson


def play(job: tuple[str, str, str, str, int, int]) -> tuple[float, int, str, list[list[float]], float]:
    """One game: agent a in seat a_seat, agent b in the other; a's return, decisions, reason,
    the seconds each agent (a, b) spent on each move it searched, and the game's CPU seconds
    (its process's: on a loaded machine the wall clock says more about the load than the game)."""
    cpu0 = time.process_time()
    module, scenario, a, b, seed, a_seat = job
    g = new_game(module, scenario, seed)
    agents = {a_seat: make_agent(a, seed * 2 + 1), 1 - a_seat: make_agent(b, seed * 2 + 2)}
    searched: dict[int, list[float]] = {0: [], 1: []}
    n = 0
    while not g.is_terminal():
        seat = g.current_player()
        g.apply(agents[seat].choose(g, seat))
        last = getattr(agents[seat], "last", None)
        if last is not None and last.iterations:
            searched[seat].append(last.seconds)
        n += 1
    return (g.returns()[a_seat], n, g.state["result"]["reason"], [searched[a_seat], searched[1 - a_seat]],
            time.process_time() - cpu0)


def move_times(name: str, times: list[float], games: int) -> str:
    """Median and 90th percentile of the time an agent's searched moves took."""
    if not times:
        return f"    {name:>18}: no searched moves"
    q = statistics.quantiles(times, n=10) if len(times) >= 2 else [times[0]] * 9
    return (f"    {name:>18}: {len(times) / games:5.1f} searched moves a game, "
            f"median {statistics.median(times):.3f} s, p90 {q[8]:.3f} s, max {max(times):.3f} s a move")


def scenario_of(scenarios: list[str], seed: int) -> str:
    """The scenario seed ``seed`` plays: the scenarios in turn from seed 1, whatever seed a run
    starts at, so that a shard (``--seed S --games N``) plays exactly the games of those seeds in
    the whole run (a shard used to start its turn at its own first seed, and one started off the
    cycle played its seeds on other scenarios)."""
    return scenarios[(seed - 1) % len(scenarios)]


def strength_jobs(module: str, scenarios: list[str], a: str, b: str, seed: int,
                  games: int) -> list[tuple[str, str, str, str, int, int]]:
    """The games of a run: each seed from ``seed`` on twice, A in seat 0 and then in seat 1."""
    return [(module, scenario_of(scenarios, seed + i // 2), a, b, seed + i // 2, i % 2)
            for i in range(games)]


def strength(args: argparse.Namespace) -> None:
    modules = [args.module] if args.module else all_ids()
    print(f"# strength: {args.games} games per pairing and module, sides swapped, seed base {args.seed}, "
          f"{args.workers} workers")
    for module in modules:
        scenarios = [args.scenario] if args.scenario else [s.id for s in get_rules(module).scenarios()]
        for pairing in args.pairings.split(","):
            a, b = pairing.split("-", 1)
            jobs = strength_jobs(module, scenarios, a, b, args.seed, args.games)
            t0 = time.perf_counter()
            res = []
            with ProcessPoolExecutor(args.workers) as ex:
                for job, r in zip(jobs, ex.map(play, jobs, chunksize=1), strict=True):
                    res.append(r)
                    if args.progress:  # one line a game, so long runs show where they are
                        print(f"  game {len(res)}: {job[1]} seed {job[4]} {a} as seat {job[5]}: "
                              f"{r[0]:+.0f} ({r[2]}, {r[1]} decisions, {r[4]:.0f} CPU s)", flush=True)
            dt = time.perf_counter() - t0
            w = sum(1 for r, *_ in res if r > 0)
            d = sum(1 for r, *_ in res if r == 0)
            l_ = len(res) - w - d
            score = w + d / 2
            lo, hi = wilson(score, len(res))
            print(f"{module:14} {a:>14} vs {b:<14} W/D/L {w:3}/{d:3}/{l_:3}  score {score / len(res):6.1%} "
                  f"[95% CI {lo:.1%}-{hi:.1%}]  wins {w / len(res):6.1%} [{wilson(w, len(res))[0]:.1%}-"
                  f"{wilson(w, len(res))[1]:.1%}]  {dt:6.0f} s, "
                  f"{sum(r[4] for r in res) / len(res):.1f} CPU s a game", flush=True)
            for k, name in ((0, a), (1, b)):
                if name.startswith("search"):
                    print(move_times(name, [t for r in res for t in r[3][k]], len(res)), flush=True)


def mid_game(module: str, scenario: str, seed: int, plies: int) -> Any:
    """A game some way in (scripted play), stopped at a decision the search agent searches: a
    real choice (3+ options) at one of the module's branch points (tactica.ai.hooks)."""
    g = new_game(module, scenario, seed)
    agent = make_agent("scripted", seed)
    branch = branch_point_for(module)
    for _ in range(plies):
        if g.is_terminal():
            break
        g.apply(agent.choose(g, g.current_player()))
    while not g.is_terminal() and (len(g.legal_options()) < 3 or (branch is not None and not branch(g))):
        g.apply(agent.choose(g, g.current_player()))
    return g


def map_scenarios(module: str) -> list[str]:
    """The module's scenarios without the test-only ones (a map-less skirmish says nothing)."""
    ids = [s.id for s in get_rules(module).scenarios()]
    return [i for i in ids if not i.startswith("test_")] or ids


def speed(args: argparse.Namespace) -> None:
    modules = [args.module] if args.module else all_ids()
    print(f"# speed: one core; ISMCTS iterations/s and decisions simulated per second (tree, policy, "
          f"rollouts) on mid-game branch-point decisions, {args.iterations} iterations each; "
          f"engine {loaded_as()}")
    for module in modules:
        for sc in map_scenarios(module):
            rates = []
            for seed in range(args.positions):
                g = mid_game(module, sc, seed, 40 + 17 * seed)
                if g.is_terminal():
                    continue
                # racing off, so the whole budget is spent and the rate is that of full iterations
                s = ISMCTS(module, replace(parse_level(str(args.iterations)), race_after=1 << 30))
                r = s.search(g, g.current_player(), random.Random(seed))
                if r.iterations:  # 0: a single candidate, nothing to search
                    rates.append((r.iterations / r.seconds, r.decisions / r.seconds))
            if rates:
                print(f"{module:14} {sc:16} {statistics.median(x for x, _ in rates):8.0f} iterations/s "
                      f"{statistics.median(y for _, y in rates):9.0f} simulated decisions/s "
                      f"(median of {len(rates)} decisions, {args.iterations} iterations each)")
    print("# move time per level (median over decisions with a real choice)")
    for module in modules:
        sc = args.scenario or map_scenarios(module)[0]
        for key in LEVELS:
            times = []
            for seed in range(args.positions):
                g = mid_game(module, sc, seed, 40 + 17 * seed)
                if g.is_terminal():
                    continue
                agent = make_agent(f"search:{key}", seed)
                t0 = time.perf_counter()
                agent.choose(g, g.current_player())
                times.append(time.perf_counter() - t0)
            if times:
                print(f"{module:14} {sc:16} search:{key:8} {statistics.median(times):7.3f} s a move "
                      f"(max {max(times):.3f} s over {len(times)} decisions)")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    st = sub.add_parser("strength")
    st.add_argument("--pairings", default="search:fast-random,search:fast-scripted,scripted-random")
    st.add_argument("--games", type=int, default=200)
    st.add_argument("--module", default=None)
    st.add_argument("--scenario", default=None)
    st.add_argument("--workers", type=int, default=2)
    st.add_argument("--seed", type=int, default=1)
    st.add_argument("--progress", action="store_true", help="print each game's result as it ends")
    sp = sub.add_parser("speed")
    sp.add_argument("--module", default=None)
    sp.add_argument("--positions", type=int, default=5)
    sp.add_argument("--iterations", type=int, default=1000)
    sp.add_argument("--scenario", default=None, help="scenario for the move-time table")
    a = p.parse_args(argv)
    if a.what == "strength":
        strength(a)
    else:
        speed(a)


if __name__ == "__main__":
    main(sys.argv[1:])
