"""How well a module's search evaluation predicts who wins (not a test: it prints figures).

Plays N scripted-vs-scripted games per module (scenarios alternating, seeds 0..N-1), reads the
module's ``evaluate`` hook at the start of every turn (its ``turn_key``) and scores it against
the game's winner (draws left out): the log-loss and Brier score of P(seat 0 wins) = (v + 1) / 2,
and how often the sign of v names the winner, by stage of the game (first, middle, last third of
its turns). Lower log-loss is better; an evaluation that is too flat or too steep shows here
before any strength run. Search reads ``evaluate`` where its rollouts stop (tactica.ai.hooks), so
this is the quantity those cut-offs rely on. Scripted games are cheap (a few seconds for 100).

    python bench/eval_calibration.py --module great_war --games 200
    python bench/eval_calibration.py --module combat_commander --games 200
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from tactica.ai import make_agent
from tactica.ai.hooks import evaluator_for, turn_key_for
from tactica.api import new_game
from tactica.games import all_ids, get_rules


def samples(module: str, games: int) -> list[tuple[float, float, float]]:
    """(stage in [0, 1], value for seat 0, 1 if seat 0 won else 0) at each turn's start."""
    evaluate = evaluator_for(module)
    turn = turn_key_for(module)
    if turn is None:
        raise SystemExit(f"{module} has no turn_key hook: nothing to sample on")
    scenarios = [s.id for s in get_rules(module).scenarios() if not s.id.startswith("test_")]
    out: list[tuple[float, float, float]] = []
    for seed in range(games):
        g = new_game(module, scenarios[seed % len(scenarios)], seed=seed)
        agents = [make_agent("scripted", seed), make_agent("scripted", seed + 10_000)]
        vals: list[float] = []
        last = None
        while not g.is_terminal():
            k = turn(g)
            if k != last:
                last = k
                vals.append(evaluate(g)[0])
            seat = g.current_player()
            g.apply(agents[seat].choose(g, seat))
        r = g.returns()[0]
        if r == 0:
            continue
        for i, v in enumerate(vals):
            out.append((i / max(1, len(vals)), v, 1.0 if r > 0 else 0.0))
    return out


def report(module: str, rows: list[tuple[float, float, float]]) -> None:
    stages = ((0.0, 1 / 3, "first third"), (1 / 3, 2 / 3, "middle third"), (2 / 3, 1.01, "last third"),
              (0.0, 1.01, "all turns"))
    for lo, hi, name in stages:
        sub = [r for r in rows if lo <= r[0] < hi]
        if not sub:
            continue
        ll = br = agree = 0.0
        for _, v, y in sub:
            p = min(max((v + 1) / 2, 1e-4), 1 - 1e-4)
            ll -= y * math.log(p) + (1 - y) * math.log(1 - p)
            br += (p - y) ** 2
            agree += 1.0 if (v > 0) == (y > 0.5) and v != 0 else 0.0
        n = len(sub)
        print(f"{module:16} {name:13} log-loss {ll / n:.3f}  Brier {br / n:.3f}  sign names the winner "
              f"{agree / n:6.1%}  ({n} positions)")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--module", default=None, help="default: every module with a turn_key hook")
    p.add_argument("--games", type=int, default=100)
    a = p.parse_args(argv)
    modules = [a.module] if a.module else [m for m in all_ids() if turn_key_for(m) is not None]
    for m in modules:
        t0 = time.process_time()
        rows = samples(m, a.games)
        report(m, rows)
        print(f"{m:16} ({a.games} scripted games, {time.process_time() - t0:.0f} CPU s)")


if __name__ == "__main__":
    main(sys.argv[1:])
