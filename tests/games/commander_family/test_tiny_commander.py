"""The family runs a Commander game that has none of Combat Commander's content."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tactica.core.game import Game
from tactica.games import register

from .tiny_commander import RULES


@pytest.fixture(autouse=True)
def _registered() -> None:
    register(RULES)


def play(seed: int) -> Game:
    g = Game.new(RULES, "tiny_meeting", seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if g.is_terminal():
            return g
        opts = g.legal_options()
        assert opts, "a live game offers options"
        g.apply(opts[rng.randrange(len(opts))])
    raise AssertionError("runaway game")


@pytest.mark.parametrize("seed", range(12))
def test_random_games_play_to_the_end(seed: int) -> None:
    g = play(seed)
    assert g.is_terminal() and sorted(g.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_log_cites_the_tiny_games_numbers_and_the_procedures_ran() -> None:
    lines = [line for seed in range(12) for line in play(seed).log_lines()]
    cited = {line.split(":", 1)[0] for line in lines}
    for key in ("order.activate", "move.enter", "fire.attack", "fire.defense_roll", "order.pass"):
        assert RULES.rule_numbers[key] in cited, key
    assert not any(line.startswith(("O20", "O21", "A33")) for line in lines)  # no CC numbers


def test_no_combat_commander_module_is_loaded_by_the_family() -> None:
    """Run in a fresh interpreter: the tiny game plays with Combat Commander never imported."""
    code = "\n".join([
        "import random, sys",
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})",
        "import tiny_commander as t",
        "from tactica.core.game import Game",
        "g = Game.new(t.RULES, 'tiny_meeting', seed=5)",
        "r = random.Random(5)",
        "while not g.is_terminal():",
        "    o = g.legal_options()",
        "    g.apply(o[r.randrange(len(o))])",
        "bad = [m for m in sys.modules if 'combat_commander' in m]",
        "assert not bad, bad",
        "print('ok')",
    ])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
