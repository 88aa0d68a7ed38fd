"""Every agent plays every scenario of every module to the end, with only legal options."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactica.ai import Agent, agent_names, agent_specs, make_agent
from tactica.ai.ismcts import SearchAgent
from tactica.ai.levels import parse_level
from tactica.api import new_game
from tactica.core.game import Game
from tactica.games import all_ids, get_rules

# Small budgets keep the suite fast; strength is measured by bench/bench_ai.py, not here.
AGENTS = ["random", "scripted", "search:4"]


def _cases() -> list[tuple[str, str]]:
    return [(m, s.id) for m in all_ids() for s in get_rules(m).scenarios()]


def _agent(spec: str, seed: int) -> Agent:
    """make_agent, but search rollouts capped short: modules without an evaluate hook roll out
    to the end of the game, which is strength the suite does not need."""
    if spec.startswith("search:"):
        return SearchAgent(replace(parse_level(spec.split(":", 1)[1]), max_rollout=40), seed)
    return make_agent(spec, seed)


def play_out(g: Game, specs: list[str], seed: int, max_decisions: int = 5000) -> int:
    agents = [_agent(s, seed + i) for i, s in enumerate(specs)]
    n = 0
    while not g.is_terminal():
        seat = g.current_player()
        legal = {o.id for o in g.legal_options()}
        choice = agents[seat].choose(g, seat)
        assert choice in legal, f"{specs[seat]} chose {choice!r}, not legal"
        g.apply(choice, seat=seat)
        n += 1
        assert n < max_decisions, "runaway game"
    return n


@pytest.mark.parametrize(("module", "scenario"), _cases())
@pytest.mark.parametrize("spec", AGENTS)
def test_agent_plays_every_scenario_to_the_end(module: str, scenario: str, spec: str) -> None:
    g = new_game(module, scenario, seed=7)
    others = "scripted" if spec.startswith("search") else "random"
    play_out(g, [spec, others] if g.num_players() == 2 else [spec] * g.num_players(), seed=3)
    assert g.is_terminal()
    assert len(g.returns()) == g.num_players()


def test_agent_specs_are_the_registry() -> None:
    specs = agent_specs()
    assert [s.spec for s in specs] == agent_names()
    assert {"random", "scripted", "search:fast", "search:normal", "search:strong"} <= set(agent_names())
    for s in specs:
        assert s.label and make_agent(s.spec).name
    with pytest.raises(ValueError, match="known: random"):
        make_agent("oracle")


def test_search_levels_parse() -> None:
    fast, normal, strong = (SearchAgent(k).level for k in ("fast", "normal", "strong"))
    assert fast.seconds is not None and normal.seconds is not None and strong.seconds is not None
    assert fast.seconds < normal.seconds < strong.seconds, "the levels are move times"
    assert fast.iterations is not None and normal.iterations is not None and strong.iterations is not None
    assert fast.iterations < normal.iterations < strong.iterations, "each with an iteration cap"
    fixed = SearchAgent("fast:fixed").level
    assert fixed.seconds is None and fixed.iterations == fast.iterations and fixed.deterministic
    assert not fast.deterministic
    assert SearchAgent("123").level.iterations == 123 and SearchAgent("123").level.deterministic
    timed = SearchAgent("0.5s").level
    assert timed.seconds == 0.5 and timed.iterations is None
    with pytest.raises(ValueError):
        make_agent("search:lots")
    with pytest.raises(ValueError):
        make_agent("search:123:fixed")


def test_a_fixed_level_is_deterministic_for_a_seed() -> None:
    """The iteration cap is the fallback that keeps tests and benches reproducible."""
    g = new_game("great_war", "iron_tide", seed=4)
    level = replace(parse_level("fast:fixed"), iterations=12)
    a, b = SearchAgent(level, seed=9), SearchAgent(level, seed=9)
    for _ in range(20):
        if g.is_terminal():
            break
        seat = g.current_player()
        x, y = a.choose(g, seat), b.choose(g, seat)
        assert x == y and a.last is not None and b.last is not None
        assert a.last.visits == b.last.visits
        g.apply(x)


def test_agents_refuse_to_move_out_of_turn() -> None:
    g = new_game("great_war", "ridge_trench", seed=1)
    other = 1 - g.current_player()
    for spec in AGENTS:
        with pytest.raises(ValueError):
            make_agent(spec).choose(g, other)


def test_search_is_deterministic_for_a_seed() -> None:
    g = new_game("great_war", "iron_tide", seed=4)
    a, b = SearchAgent("20", seed=9), SearchAgent("20", seed=9)
    for _ in range(30):
        if g.is_terminal():
            break
        seat = g.current_player()
        x, y = a.choose(g, seat), b.choose(g, seat)
        assert x == y
        g.apply(x)


def test_search_leaves_the_real_game_untouched() -> None:
    g = new_game("great_war", "ridge_trench", seed=2)
    before = g.information_state_string(0), repr(g.state)
    SearchAgent("30", seed=1).choose(g, g.current_player())
    assert (g.information_state_string(0), repr(g.state)) == before
