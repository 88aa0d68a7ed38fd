"""The family runs a Commander game that has none of Combat Commander's content."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.games import register
from tactica.games.commander_family.board_state import figures, overstacked
from tactica.games.commander_family.placement import deploy
from tactica.games.commander_family.victory import casualty_count, eliminate

from .tiny_commander import RULES, TinyCommanderRules


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


# ---------------------------------------------------------------- the hooks Great War Commander needs
class Hooked(TinyCommanderRules):
    """The tiny game with the second game's answers: a squad fills two Casualty Track spaces,
    a leader leaves play, a squad counts 5 figures, units carry a cohesion field, and a Time
    advance adds a draw and removes Gas as well as Smoke."""

    def __init__(self) -> None:
        super().__init__()
        self.added: list[int] = []

    def casualty_spaces(self, g: Game, uid: str) -> int:
        return 2 if self.unit_type(g.state["units"][uid]["type"]).type == "squad" else 1

    def leaves_play(self, g: Game, uid: str) -> bool:
        return self.unit_type(g.state["units"][uid]["type"]).type == "leader"

    def stack_figures(self, g: Game, uid: str) -> int:
        return 5 if self.unit_type(g.state["units"][uid]["type"]).type == "squad" else 1

    def unit_fields(self, type_id: str) -> dict[str, Any]:
        return {"cohesion": "ok"}

    def time_additions(self, g: Game, seat: int) -> None:
        self.added.append(seat)

    def time_removals(self, g: Game, a: dict[str, Any]) -> list[Option]:
        opts = super().time_removals(g, a)
        return opts + [Option(f"gas:{h}", f"Remove Gas in {h}", "gas", {"hex": h})
                       for h in sorted(g.state.get("gas", {}))]

    def time_remove(self, g: Game, a: dict[str, Any], option: Option) -> bool:
        if option.kind == "gas":
            del g.state["gas"][option.args["hex"]]
            a["removed"] = int(a.get("removed", 0)) + 1
            return a["removed"] >= 2
        super().time_remove(g, a, option)
        a["removed"] = int(a.get("removed", 0)) + 1
        return a["removed"] >= 2


def test_hooks_casualty_spaces_leaves_play_and_unit_fields() -> None:
    r = Hooked()
    g = Game.new(r, "tiny_meeting", seed=1)
    assert all(u["cohesion"] == "ok" for u in g.state["units"].values())
    g.state["units"]["red-1"]["where"] = "map"
    eliminate(g, "red-1", "test")  # the leader leaves play: no Casualty Track space
    assert g.state["units"]["red-1"]["where"] == "out" and casualty_count(g, 0) == 0
    eliminate(g, "red-2", "test")  # a squad fills two spaces
    assert casualty_count(g, 0) == 2 and not g.is_terminal()
    eliminate(g, "red-3", "test")  # four spaces: the Surrender marker (space 4) is reached
    assert casualty_count(g, 0) == 4 and g.is_terminal() and g.returns() == [-1.0, 1.0]


def test_hooks_stacking_counts_the_games_figures() -> None:
    r = Hooked()
    g = Game.new(r, "tiny_meeting", seed=1)
    assert figures(g, ["red-2", "red-4"]) == 5 + 1
    g.state["units"]["red-3"]["hex"] = g.state["units"]["red-2"]["hex"]
    assert g.state["units"]["red-2"]["hex"] in overstacked(g, 0)  # 5 + 5 + the leader > 7


def test_hooks_time_advance_adds_and_removes_what_the_game_says() -> None:
    r = Hooked()
    g = Game.new(r, "tiny_meeting", seed=1)
    g.state["smoke"] = {"C3": 2}
    g.state["gas"] = {"D4": 1, "E3": 1}
    g.push("time_advance", seat=0, cause="test", phase="advance")
    g.refresh()
    while g.decision() is not None and g.decision().step != "time_advance":
        g.apply(g.legal_options()[0])
    assert [o.id for o in g.legal_options()] == ["smoke:C3", "gas:D4", "gas:E3"]
    g.apply("gas:D4")
    assert g.decision().step == "time_advance" and [o.id for o in g.legal_options()] == ["smoke:C3", "gas:E3"]
    g.apply("smoke:C3")  # two removed: step 4 is over
    assert g.state["gas"] == {"E3": 1} and g.state["smoke"] == {} and r.added == [0]


def test_hooks_units_a_squad_deploys_into_carry_the_games_fields() -> None:
    r = Hooked()
    g = Game.new(r, "tiny_meeting", seed=1)
    teams = deploy(g, "red-3", "test")
    assert [g.state["units"][t]["type"] for t in teams] == ["red-team", "red-team"]
    assert all(g.state["units"][t]["cohesion"] == "ok" for t in teams)


class Modifying(TinyCommanderRules):
    """The tiny game with a +1 its first seat adds to every roll it keeps, and no pass for it
    (GWC S98.2 and S98 reach the family through these hooks)."""

    def __init__(self) -> None:
        super().__init__()
        self.passes: list[int] = []

    def after_roll(self, g: Game, a: dict[str, Any]) -> None:
        if int(a["roller"]) == 0:
            a["drm"] = int(a.get("drm") or 0) + 1

    def may_pass(self, g: Game, seat: int) -> bool:
        return seat != 0

    def on_pass(self, g: Game, seat: int) -> None:
        self.passes.append(seat)


def _roll(g: Game, seat: int) -> dict[str, Any]:
    below = g.top()
    g.push("roll", roller=seat, purpose="test", store="test_roll")
    g.refresh()
    while "test_roll" not in below:
        g.apply("pass")  # the Initiative holder keeps the roll
    out: dict[str, Any] = below.pop("test_roll")
    return out


def test_hooks_after_roll_modifies_the_kept_roll_and_only_that_seats() -> None:
    g = Game.new(Modifying(), "tiny_meeting", seed=3)
    mine = _roll(g, 0)
    assert mine["total"] == mine["white"] + mine["colored"] + 1 and mine["drm"] == 1
    theirs = _roll(g, 1)
    assert theirs["total"] == theirs["white"] + theirs["colored"] and "drm" not in theirs


def _to_turn(g: Game) -> Game:
    while g.decision().step != "turn":
        g.apply(g.legal_options()[0])
    return g


def test_hooks_may_pass_and_on_pass() -> None:
    r = Modifying()
    g = _to_turn(Game.new(r, "tiny_meeting", seed=3))
    assert g.current_player() == 0
    ids = [o.id for o in g.legal_options()]
    assert "pass" not in ids and any(i.startswith("order:") for i in ids)
    g2 = _to_turn(Game.new(TinyCommanderRules(), "tiny_meeting", seed=3))
    assert "pass" in [o.id for o in g2.legal_options()]
    g.state["active"] = 1  # the other seat may pass, and the game hears of it
    g.refresh()
    g.apply("pass")
    assert r.passes == [1]
