"""The family is a shared layer: it imports no game, and every key it cites has a number in each
Commander game that plays on it."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import tactica
from tactica.games.combat_commander import RULES as CC
from tactica.games.commander_family import citations

FAMILY = Path(citations.__file__).parent


def _imports(path: Path) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names]
    return found


def test_the_family_imports_no_game() -> None:
    for path in sorted(FAMILY.glob("*.py")):
        for mod in _imports(path):
            assert "combat_commander" not in mod and "great_war" not in mod, (path.name, mod)


def test_combat_commander_numbers_every_key_the_family_cites() -> None:
    assert set(CC.rule_numbers) == set(citations.RULE_KEYS)


def test_every_cited_key_is_declared() -> None:
    """A key the code cites but RULE_KEYS lacks would be a KeyError in play."""
    cited: set[str] = set()
    for path in FAMILY.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "cite"
                    and isinstance(node.args[1], ast.Constant)):
                cited.add(node.args[1].value)
            if (isinstance(node, ast.Subscript) and getattr(node.value, "attr", None) == "rule_numbers"
                    and isinstance(node.slice, ast.Constant)):
                cited.add(node.slice.value)
    assert cited and cited <= set(citations.RULE_KEYS), cited - set(citations.RULE_KEYS)


def test_the_log_cites_the_playing_games_number() -> None:
    """Combat Commander's Move Order is O21 (Great War Commander's would be O23): the log of a
    Move cites the number the game maps ``order.move`` to."""
    g = tactica.new_game("combat_commander", "hill_2_crown", seed=3)
    rng = random.Random(3)
    while not g.is_terminal() and not any(e[1].startswith("{units} enter {hex}") for e in g.log):
        opts = g.legal_options()
        g.apply(opts[rng.randrange(len(opts))])
    rules = {e[0] for e in g.log if e[1].startswith("{units} enter {hex}")}
    assert rules == {CC.rule_numbers["move.enter"]} == {"O21.1"}


def test_a_step_fails_loudly_on_a_phase_it_does_not_know() -> None:
    from tactica.core.game import FlowError
    from tactica.games.commander_family.breaking import SquadBreaks
    from tactica.games.commander_family.rolls import Roll
    from tactica.games.commander_family.time_track import TimeAdvance
    from tactica.games.commander_family.triggers import TriggerEvent, TriggerSniper
    from tactica.games.commander_family.turn import EndTurn

    g = tactica.new_game("combat_commander", "hill_2_crown", seed=1)
    unit = next(iter(g.state["units"]))
    for step in (TimeAdvance(), Roll(), TriggerEvent(), TriggerSniper(), EndTurn(), SquadBreaks()):
        before = json.dumps(g.state, sort_keys=True)
        try:
            step.run(g, {"seat": 0, "roller": 0, "phase": "no_such_phase", "cause": "test",
                         "unit": unit, "store": "x", "quiet": True})
        except FlowError as e:
            assert "no_such_phase" in str(e) and step.name in str(e)
        else:
            raise AssertionError(f"{step.name} accepted an unknown phase")
        assert json.dumps(g.state, sort_keys=True) == before
