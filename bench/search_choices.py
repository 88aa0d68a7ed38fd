"""One hash over fixed-seed searches: proof that a speed change left the search's choices alone.

Run: python bench/search_choices.py [--game ID ...] [--positions N] [--moves K] [--level L] [--verbose]

For each map scenario of each game (default: Combat Commander and The Great War), N mid-game
positions (bench_ai.py's ``mid_game``, as the speed bench picks them) are played on for K
searched decisions by one search agent, ``search:<level>`` (default ``fast:fixed``,
reproducible) with a fixed seed, for both seats: it searches at every branch point with a choice
and plays its policy in between. The hash takes each search's choice, iteration and simulated-decision
counts and its root statistics (visits and mean values, exactly), so any change in what the
search sees, simulates or chooses changes it; the scripted policy's own choices in between are
covered too. The CPU time of the searches is printed beside it: the same searches on both sides
of a change that keeps the hash, so their ratio is the speed-up.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from typing import Any

from bench_ai import map_scenarios, mid_game
from tactica.ai.ismcts import SearchAgent

GAMES = ("combat_commander", "great_war")


def searched(game: str, scenario: str, seed: int, moves: int, level: str) -> tuple[list[list[Any]], float]:
    """The searches of one position played on: (what each one gave, their CPU seconds)."""
    g = mid_game(game, scenario, seed, 40 + 17 * seed)
    agent = SearchAgent(level, seed)
    out: list[list[Any]] = []
    cpu = 0.0
    while not g.is_terminal() and len(out) < moves:
        seat = g.current_player()
        t0 = time.process_time()
        oid = agent.choose(g, seat)
        r = agent.last
        if r is not None and r.iterations:
            cpu += time.process_time() - t0
            out.append([oid, r.iterations, r.decisions, sorted(r.visits.items()),
                        sorted((k, v.hex()) for k, v in r.values.items())])
        g.apply(oid)
    return out, cpu


def position_hash(game: str, scenario: str, seed: int, moves: int, level: str = "fast:fixed") -> str:
    """The hash of one position's searches (what ``--verbose`` prints for it)."""
    res, _ = searched(game, scenario, seed, moves, level)
    return hashlib.blake2b(json.dumps(res).encode(), digest_size=8).hexdigest()


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", help="a game id (repeatable); default: "
                   + ", ".join(GAMES))
    p.add_argument("--positions", type=int, default=2)
    p.add_argument("--moves", type=int, default=3, help="searched decisions per position")
    p.add_argument("--level", default="fast:fixed")
    p.add_argument("--verbose", action="store_true", help="print each position's hash")
    a = p.parse_args(argv)
    if not a.level.endswith(":fixed") and not a.level.isdigit():
        p.error("the level must be reproducible: <level>:fixed or an iteration count")
    total = hashlib.blake2b(digest_size=16)
    for game in a.game or GAMES:
        h = hashlib.blake2b(digest_size=16)
        cpu = 0.0
        done: list[list[Any]] = []
        for sc in map_scenarios(game):
            for seed in range(a.positions):
                res, dt = searched(game, sc, seed, a.moves, a.level)
                blob = json.dumps(res).encode()
                h.update(blob)
                cpu += dt
                done += res
                if a.verbose:
                    print(f"  {game} {sc} seed {seed}: {hashlib.blake2b(blob, digest_size=8).hexdigest()} "
                          f"{[r[0] for r in res]}")
        total.update(h.digest())
        sims = sum(r[2] for r in done)
        its = sum(r[1] for r in done)
        print(f"{game:18} {h.hexdigest()}  {len(done)} searches, {cpu:.2f} CPU s searching: "
              f"{its / cpu:.0f} iterations and {sims / cpu:.0f} simulated decisions a CPU second", flush=True)
    print(f"{'all':18} {total.hexdigest()}")


if __name__ == "__main__":
    main()
