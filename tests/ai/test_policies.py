"""Scripted policies: found per module, generic fallback, and real play quality."""

from __future__ import annotations

import random

from tactica.ai import make_agent
from tactica.ai.hooks import evaluator_for, neutral, turn_key_for
from tactica.ai.policy import GENERIC, policy_for, register_policy
from tactica.api import new_game
from tactica.core.game import Game
from tactica.core.options import Option


def test_great_war_ships_its_policy_and_hooks() -> None:
    assert policy_for("great_war").name == "great_war"
    assert evaluator_for("great_war") is not neutral
    assert turn_key_for("great_war") is not None


def test_modules_without_a_policy_get_the_generic_one() -> None:
    assert policy_for("duel") is GENERIC
    assert evaluator_for("duel") is neutral and turn_key_for("duel") is None


def test_register_policy_overrides() -> None:
    class Last:
        name = "last"

        def choose(self, game: Game, seat: int, rng: random.Random) -> Option:
            return game.legal_options()[-1]

    register_policy("duel", Last())
    try:
        g = new_game("duel", "basic", seed=1)
        assert make_agent("scripted").choose(g, g.current_player()) == g.legal_options()[-1].id
    finally:
        from tactica.ai import policy

        policy._registered.pop("duel")


def test_generic_policy_prefers_acting_to_passing() -> None:
    g = new_game("duel", "basic", seed=1)
    rng = random.Random(0)
    picks = [GENERIC.choose(g, g.current_player(), rng).id for _ in range(300)]
    assert picks.count("pass") < 30


def _match(a: str, b: str, games: int) -> list[float]:
    out = []
    for i in range(games):
        g = new_game("great_war", ("ridge_trench", "iron_tide")[i // 2 % 2], seed=100 + i // 2)
        seat_a = i % 2
        agents = {seat_a: make_agent(a, i), 1 - seat_a: make_agent(b, i + 50)}
        while not g.is_terminal():
            s = g.current_player()
            g.apply(agents[s].choose(g, s))
        out.append(g.returns()[seat_a])
    return out


def test_great_war_scripted_beats_random() -> None:
    assert _match("scripted", "random", 8).count(1.0) >= 7


def test_great_war_scripted_battles_at_the_best_odds() -> None:
    """In the battle phase the policy picks the attack with the most expected hits."""
    g = new_game("great_war", "ridge_trench", seed=3)
    a = make_agent("scripted", 0)
    seen = 0
    while not g.is_terminal() and seen < 5:
        d = g.decision()
        assert d is not None
        choice = a.choose(g, d.seat)
        if d.step == "battle_phase":
            attacks = [o for o in d.options if o.kind in ("fire", "close")]
            if attacks and choice != "done":
                picked = next(o for o in d.options if o.id == choice)
                if picked.kind in ("fire", "close"):
                    # never a strictly weaker attack on the same target than one offered
                    same = [o for o in attacks if o.args["target"] == picked.args["target"]
                            and o.kind == picked.kind]
                    assert picked.args["dice"] >= max(o.args["dice"] for o in same)
                    seen += 1
            if attacks:
                assert choice != "done", "it never skips an available attack"
        g.apply(choice)
    assert seen >= 1


def test_games_and_ai_do_not_import_each_other() -> None:
    """The policy of a module is reached through its Rules' ``scripted`` hook, so no game package
    imports tactica.ai and tactica.ai imports no game package."""
    import ast
    from pathlib import Path

    import tactica

    root = Path(tactica.__file__).parent

    def imports(pkg: str) -> set[str]:
        found: set[str] = set()
        for path in (root / pkg).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    found.add(node.module)
                elif isinstance(node, ast.Import):
                    found |= {a.name for a in node.names}
        return found

    assert not {m for m in imports("games") if m.startswith("tactica.ai")}
    assert not {m for m in imports("ai") if m.startswith("tactica.games")}
    assert policy_for("combat_commander").name != "generic"  # still found, through the hook
