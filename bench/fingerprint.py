"""One hash over 200 fixed-seed games of a module: proof that a refactoring left play unchanged.

Run: python bench/fingerprint.py [--game ID | --all] [--games N] [--verbose]

Each game is a full game (record and log) on one of the module's scenarios in turn (for a module
that names scenarios without a map, such as a test fixture, only those with a map), played by
seeded random agents, and
the last tenth by the scripted agent on both seats. Per game the hash takes the decisions, the
record's hash chain head, a digest of the whole rendered log and a hash of the final state; the
fingerprint is one hash over all games in order. Any change in the options offered, their ids, the
dice, the log text or the final state changes it. ``--verbose`` prints each game's hash, to find
the first game that differs. The CPU time of the run is printed too: the games are the same on
both sides of a refactoring that keeps the fingerprint, so it compares their speed (CPU time is
less disturbed by other load on the machine than wall-clock games per second).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time

import tactica
from tactica.ai.scripted import ScriptedAgent
from tactica.compiled_loader import loaded_as
from tactica.core.record import log_digest
from tactica.games import all_ids, get_rules


def play(game: str, scenario: str, seed: int, scripted: bool) -> str:
    g = tactica.new_game(game, scenario, seed=seed)
    rng = random.Random(seed)
    agents = [ScriptedAgent(seed), ScriptedAgent(seed + 1)] if scripted else None
    while not g.is_terminal():
        if agents is not None:
            seat = g.current_player()
            g.apply(agents[seat].choose(g, seat))
        else:
            opts = g.legal_options()
            g.apply(opts[rng.randrange(len(opts))])
    assert g.record is not None
    h = hashlib.blake2b(digest_size=16)
    h.update(json.dumps(g.record.decisions).encode())
    h.update(g.record.head.encode())
    h.update(log_digest(g).encode())
    h.update(json.dumps(g.state, sort_keys=True).encode())
    return h.hexdigest()


def map_scenarios(game: str) -> list[str]:
    """The scenarios the fingerprint plays: those with a map where the module's scenario specs
    say (Commander games), else every scenario the module lists."""
    rules = get_rules(game)
    ids = [i.id for i in rules.scenarios()]
    all_scenarios = getattr(rules, "all_scenarios", None)
    if all_scenarios is None:
        return ids
    specs = all_scenarios()
    return [i for i in ids if specs.get(i, {}).get("map")]


def fingerprint(game: str, games: int, verbose: bool) -> None:
    scenarios = sorted(map_scenarios(game))
    if not scenarios:
        raise SystemExit(f"{game}: no scenario to play")
    total = hashlib.blake2b(digest_size=16)
    cpu = time.process_time()
    for i in range(games):
        scenario = scenarios[i % len(scenarios)]
        scripted = i >= games * 9 // 10  # the last tenth: scripted on both seats
        gh = play(game, scenario, 1000 + i, scripted)
        total.update(gh.encode())
        if verbose:
            print(f"{i:3d} {scenario:16s} {'scripted' if scripted else 'random  '} {gh}", flush=True)
    cpu = time.process_time() - cpu
    print(f"{game}: {games} games on {', '.join(scenarios)}: fingerprint {total.hexdigest()}")
    print(f"({cpu:.1f} CPU seconds, {loaded_as()}: a fixed workload, so comparable across versions on "
          "one machine)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="combat_commander")
    ap.add_argument("--all", action="store_true", help="every registered module, one after the other")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    for game in all_ids() if args.all else [args.game]:
        fingerprint(game, args.games, args.verbose)


if __name__ == "__main__":
    main()
