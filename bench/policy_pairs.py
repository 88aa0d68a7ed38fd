"""A Commander game's scripted policy against the same policy at an earlier commit, in paired
games (not a test: it prints a figure for docs/ai.md).

Run: python bench/policy_pairs.py --base REV [--module combat_commander] [--games 800] [--seed 5000]

The base policy is the family's ``commander_family/scripted.py`` and the game's own
``scripted.py`` as they stand at git revision REV, loaded beside the working tree's (the rules,
the engine and everything else are the working tree's). Each seed is played twice on the
module's map scenarios in turn, once with the new policy in each seat, with the same agent seeds
for the two seats; a game's score is 1 for a new-policy win, 1/2 for a draw. Two identical
policies score exactly 50%. Scripted games cost about a tenth of a CPU second, so 800 games take
a couple of CPU minutes (one process: run it under ``nice``).
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

from tactica.api import new_game
from tactica.games import get_rules
from tactica.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]
FAMILY = "src/tactica/games/commander_family/scripted.py"


def _source(rev: str, path: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def _load(name: str, text: str, package: str) -> types.ModuleType:
    """Run ``text`` as module ``name``, its relative imports read in ``package`` (the family's
    own scripted module is the base one loaded before)."""
    text = text.replace("from ..commander_family.scripted import", "from _base_family_scripted import")
    text = re.sub(r"from \.\.([a-z_]+)", r"from tactica.games.\1", text)
    text = re.sub(r"from \.([a-z_]*) import",
                  lambda m: f"from {package}{'.' + m.group(1) if m.group(1) else ''} import", text)
    mod = types.ModuleType(name)
    mod.__file__ = f"<{name}>"
    sys.modules[name] = mod
    exec(compile(text, mod.__file__, "exec"), mod.__dict__)
    return mod


def base_policy(module: str, rev: str) -> Any:
    """The module's ``POLICY`` as it was at ``rev``."""
    _load("_base_family_scripted", _source(rev, FAMILY), "tactica.games.commander_family")
    game = _load("_base_game_scripted", _source(rev, f"src/tactica/games/{module}/scripted.py"),
                 f"tactica.games.{module}")
    return game.POLICY


def play(module: str, scenario: str, seed: int, policies: dict[int, Any]) -> list[float]:
    g = new_game(module, scenario, seed)
    rngs = {0: random.Random(seed * 2 + 1), 1: random.Random(seed * 2 + 2)}
    while not g.is_terminal():
        s = g.current_player()
        g.apply(policies[s].explain(g, s, rngs[s])[0].id)
    return g.returns()


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", required=True, help="git revision of the base policy")
    p.add_argument("--module", default="combat_commander")
    p.add_argument("--games", type=int, default=800)
    p.add_argument("--seed", type=int, default=5000)
    a = p.parse_args(argv)
    new = get_rules(a.module).scripted().POLICY
    old = base_policy(a.module, a.base)
    scenarios = [s.id for s in get_rules(a.module).scenarios() if not s.id.startswith("test_")]
    score, per = 0.0, {s: [0.0, 0] for s in scenarios}
    cpu = time.process_time()
    for k in range(a.games // 2):
        sc = scenarios[k % len(scenarios)]
        for seat in (0, 1):
            r = play(a.module, sc, a.seed + k, {seat: new, 1 - seat: old})[seat]
            v = 1.0 if r > 0 else 0.5 if r == 0 else 0.0
            score += v
            per[sc][0] += v
            per[sc][1] += 1
    n = 2 * (a.games // 2)
    lo, hi = wilson(score, n)
    print(f"{a.module}: new policy vs {a.base}: {score:g}/{n} = {score / n:.1%} [95% CI {lo:.1%}-{hi:.1%}], "
          f"{(time.process_time() - cpu) / n:.2f} CPU s a game")
    print("  " + ", ".join(f"{s} {v:g}/{m}" for s, (v, m) in per.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
