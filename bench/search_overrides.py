"""Where a search agent overrules its policy, and how those games end (not a test: it prints a
table for docs/ai.md).

Run: python bench/search_overrides.py --module combat_commander --scenario orchard_meeting \
         --pairing search:normal:fixed-search:fast:fixed --seeds 1-4 [--verbose]

Each seed is played twice with the sides swapped, with the agents' seeds of bench_ai.py's
strength runs: a seed that has this scenario in such a run (``bench_ai.scenario_of``) replays
that run's game. At every searched decision of a search agent the root's choice is compared
with its policy's option
(``SearchResult.base``); where they differ, the decision's step, both options and the paired
values the root kept for them are recorded. The table counts overrides a game by step and by
the game's result for the agent, the question being whether a level's extra iterations buy
overrides that lose games (issue 18: the normal level lost to the fast one on orchard_meeting).
"""

from __future__ import annotations

import argparse
import collections
import math
import random
from typing import Any

from tactica.ai import make_agent
from tactica.ai.policy import policy_for
from tactica.api import new_game
from tactica.core.game import Game


def replay(g: Game, seat: int, first: str, second: str, k: int, seed: int) -> tuple[float, float]:
    """Mean and standard error of (``first``'s result - ``second``'s) for ``seat`` over ``k``
    paired playouts to the end of the game: each pair starts from one re-deal of what ``seat``
    cannot see, plays one option or the other, then the module's policy for both seats with the
    same random stream (the horizon is the game's end, not the search's two turns)."""
    policy = policy_for(g.rules.id)
    diffs = []
    for i in range(k):
        det = g.resample_from_infostate(seat, seed * 1000 + i)
        out = []
        for oid in (first, second):
            d = det.clone()
            rng = random.Random(seed * 7919 + i)
            d.apply(oid)
            while not d.is_terminal():
                s = d.current_player()
                d.apply(policy.choose(d, s, rng).id)
            out.append(d.returns()[seat])
        diffs.append(out[0] - out[1])
    mean = sum(diffs) / k
    se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(1, k - 1) / k)
    return mean, se


def play(module: str, scenario: str, a: str, b: str, seed: int, a_seat: int, k: int = 0) -> dict[str, Any]:
    """One game as bench_ai.py's ``play`` sets it up; the overrides of each search agent."""
    g = new_game(module, scenario, seed)
    agents = {a_seat: make_agent(a, seed * 2 + 1), 1 - a_seat: make_agent(b, seed * 2 + 2)}
    names = {a_seat: a, 1 - a_seat: b}
    overrides: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    searched = {0: 0, 1: 0}
    while not g.is_terminal():
        seat = g.current_player()
        d = g.decision()
        assert d is not None
        oid = agents[seat].choose(g, seat)
        last = getattr(agents[seat], "last", None)
        if last is not None and last.iterations:
            searched[seat] += 1
            if oid != last.base:
                label = {o.id: o.label for o in d.options}
                overrides[seat].append({
                    "turn": g.state.get("turn"), "step": d.step, "prompt": d.prompt,
                    "choice": label.get(oid, oid), "base": label.get(last.base, last.base),
                    "gain": last.values.get(oid, 0.0) - last.values.get(last.base, 0.0),
                    "replay": replay(g, seat, oid, last.base, k, seed) if k else None})
        g.apply(oid)
    ret = g.returns()
    return {"seed": seed, "names": names, "returns": ret, "overrides": overrides, "searched": searched,
            "reason": g.state["result"]["reason"]}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--module", default="combat_commander")
    p.add_argument("--scenario", required=True)
    p.add_argument("--pairing", default="search:normal:fixed-search:fast:fixed")
    p.add_argument("--seeds", default="1-2", help="first-last (inclusive)")
    p.add_argument("--verbose", action="store_true", help="print every override")
    p.add_argument("--replay", type=int, default=0, metavar="K",
                   help="play each override and the policy's option K times to the game's end")
    args = p.parse_args(argv)
    a, b = args.pairing.split("-", 1)
    lo, _, hi = args.seeds.partition("-")
    table: dict[tuple[str, str, str], int] = collections.Counter()
    games: dict[tuple[str, str], int] = collections.Counter()
    replays: dict[tuple[str, str, str], list[float]] = collections.defaultdict(list)
    for seed in range(int(lo), int(hi or lo) + 1):
        for a_seat in (0, 1):
            r = play(args.module, args.scenario, a, b, seed, a_seat, args.replay)
            line = [f"seed {seed} {a} as seat {a_seat}: {r['returns'][a_seat]:+.0f} ({r['reason']})"]
            for seat in (0, 1):
                name = r["names"][seat]
                if not name.startswith("search"):
                    continue
                res = "won" if r["returns"][seat] > 0 else "lost" if r["returns"][seat] < 0 else "drew"
                games[name, res] += 1
                ov = r["overrides"][seat]
                line.append(f"{name} (seat {seat}) overruled its policy {len(ov)} of "
                            f"{r['searched'][seat]} times")
                for o in ov:
                    table[name, res, o["step"]] += 1
                    kind = o["choice"].split(" ")[0].rstrip(":")
                    if o["replay"] is not None:
                        replays[name, o["step"], kind].append(o["replay"][0])
                    if args.verbose:
                        rp = (f" to the end {o['replay'][0]:+.2f} ± {o['replay'][1]:.2f}"
                              if o["replay"] is not None else "")
                        line.append(f"    turn {o['turn']} {o['step']}: {o['choice']!r} over {o['base']!r} "
                                    f"(+{o['gain']:.3f}{rp}) [{o['prompt']}]")
            print("\n  ".join(line), flush=True)
    print("# overrides a game, by agent, result and step")
    for (name, res), n in sorted(games.items()):
        steps = {s: c for (nm, rs, s), c in table.items() if nm == name and rs == res}
        per = ", ".join(f"{s} {c / n:.1f}" for s, c in sorted(steps.items()))
        print(f"{name:22} {res:4} {n:3} games: {per or 'none'}")
    if replays:
        print("# the overrides played to the end: mean gain in result (-2..2) over the policy's option")
        for (name, step, kind), v in sorted(replays.items()):
            m = sum(v) / len(v)
            se = math.sqrt(sum((x - m) ** 2 for x in v) / max(1, len(v) - 1) / len(v))
            print(f"{name:22} {step:14} {kind:10} {len(v):3} overrides: {m:+.3f} ± {se:.3f}")


if __name__ == "__main__":
    main()
