"""Reading the state never writes it: the Fortification table, every seat's view and the
information-state strings leave a Commander game's state exactly as it was. A read that wrote
(``forts`` once added an empty table) makes the state depend on which checks ran, and so on
what one seat's hidden cards let the engine ask."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tactica.core.game import Game
from tactica.games import get_rules
from tactica.games.combat_commander import events_common
from tactica.games.commander_family.fortifications import forts

GAMES = [("combat_commander", "bridge_at_dawn"), ("combat_commander", "ridge_1941"),
         ("great_war_commander", "verdun_gas_1916"), ("great_war_commander", "frontieres_1914")]


def snapshot(g: Game) -> str:
    return json.dumps(g.state, sort_keys=True)


def test_forts_without_a_table_reads_empty_and_adds_none() -> None:
    g = Game.new(get_rules("combat_commander"), "bridge_at_dawn", seed=3)
    g.state.pop("fortifications", None)
    assert dict(forts(g)) == {}
    assert "fortifications" not in g.state
    with pytest.raises(TypeError):
        forts(g)["A1"] = "foxholes"  # type: ignore[index]
    assert events_common.forts is forts  # Combat Commander's Events read through this one view


@pytest.mark.parametrize(("module", "scenario"), GAMES)
def test_reads_leave_the_state_unchanged(module: str, scenario: str) -> None:
    g = Game.new(get_rules(module), scenario, seed=11)
    rng = random.Random(11)
    checked = 0
    while not g.is_terminal() and checked < 60:
        before = snapshot(g)
        forts(g)
        for seat in range(g.num_players()):
            g.view(seat)
            g.information_state_string(seat)
        g.view(None)
        assert snapshot(g) == before
        checked += 1
        opts = g.legal_options()
        g.apply(opts[rng.randrange(len(opts))])
    assert checked == 60


@pytest.mark.parametrize(("module", "scenario"), GAMES)
def test_the_policy_reads_a_shared_view_and_changes_nothing(module: str, scenario: str) -> None:
    """The scripted policy's view shares the state's unit, Weapon and Objective dicts rather
    than copying them (speed): it holds exactly what the seat's view holds, and the policy and
    the search hooks (which read the same view) leave the state as it was at every decision."""
    g = Game.new(get_rules(module), scenario, seed=5)
    rules: Any = g.rules
    hooks = rules.scripted()
    rng = random.Random(5)
    chosen = 0
    while not g.is_terminal() and chosen < 150:
        seat = g.current_player()
        for s in range(g.num_players()):
            shared = rules.view(g, s, False, shared=True)
            assert shared == rules.view(g, s, False)
            assert shared["units"] is g.state["units"]
        before = snapshot(g)
        hooks.branch_point(g)
        hooks.candidates(g)
        opt = hooks.POLICY.choose(g, seat, rng)
        assert snapshot(g) == before
        g.apply(opt)
        chosen += 1
    assert chosen == 150
