"""What simulation reads from a finished game (Rules.summary), agents' seeds, the seat-balance
warning, the progress rate and a malformed option given to apply."""

import io
import random

import pytest

import tactica
from tactica.core.options import IllegalOption
from tactica.sim.progress import ProgressBar
from tactica.sim.runner import plan, play_game
from tactica.sim.simulate import SeatBalanceWarning, simulate


def random_game(module, scenario, seed):
    g = tactica.new_game(module, scenario, seed=seed).clone()
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_options()).id)
    return g


def test_great_war_turns_stop_at_the_limit_and_vp_are_medals_plus_objectives():
    g = random_game("great_war", "ridge_trench", 1)
    assert g.state["result"]["reason"].startswith("turn limit")
    s = g.rules.summary(g)
    assert g.state["turn"] == 2 * g.state["turn_limit"] + 1  # the counter moved past the last turn
    assert s["turns"] == 2 * g.state["turn_limit"] and s["end"] == "turn limit"
    assert s["vp"] == [g.state["medals"][i] + g.state["held"][i] for i in (0, 1)]


def test_combat_commander_reports_its_vp_margin_and_how_the_game_ended():
    g = random_game("combat_commander", "hill_2_crown", 1)
    s = g.rules.summary(g)
    assert s["vp"] == [g.state["vp"], -g.state["vp"]] and s["turns"] == g.state["turn"]
    assert s["end"] in {"sudden death", "last unit exited", "surrender or elimination", "all objectives"}
    assert "VP" not in s["end"] and not any(c.isdigit() for c in s["end"])


@pytest.mark.parametrize(("module", "scenario"), [("great_war", "ridge_trench"),
                                                  ("combat_commander", "hill_2_crown"),
                                                  ("combat_infantry", "hill_74"),
                                                  ("combat_infantry", "night_patrol"),
                                                  ("great_war_commander", "frontieres_1914")])
def test_scripted_agents_honour_their_seeds(module, scenario):
    """Both games of a seed pair have the same deal; with scripted against itself they differ
    only if each agent's seed counts (the two agents of a pair get different seeds)."""
    a, b = (play_game(j) for j in plan(module, scenario, ["scripted", "scripted"], 2, seed=0))
    assert a.seed == b.seed and a.slots != b.slots
    assert (a.decisions, a.turns, a.vp, a.returns) != (b.decisions, b.turns, b.vp, b.returns)


def test_simulation_warns_that_different_agents_cannot_measure_seat_balance():
    with pytest.warns(SeatBalanceWarning, match="cannot measure the scenario's balance"):
        simulate("great_war", "ridge_trench", ["random", "scripted"], 2, workers=1)


def test_the_progress_rate_starts_at_the_first_results():
    bar = ProgressBar(100, stream=io.StringIO())
    bar.t0 -= 50.0  # fifty seconds of start-up before any game came back
    bar(10)
    t1, _ = bar._first
    line = bar.line(now=t1 + 2.0)
    assert "0.0/s" in line
    bar(10)
    assert "5.0/s" in bar.line(now=t1 + 2.0) and "52.0s elapsed" in bar.line(now=t1 + 2.0)


def test_apply_refuses_anything_but_an_option_id_or_option():
    g = tactica.new_game("great_war", "ridge_trench", seed=1)
    before = g.state.copy()
    for bad in (3, None, ["pass"]):
        with pytest.raises(IllegalOption, match="given by its id"):
            g.apply(bad)
    assert g.state == before
