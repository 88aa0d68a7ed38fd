"""Simulation: paired seeds, determinism across workers and batches, JSON and CSV files."""

import csv
import io
import json

import pytest

from tactica.sim import load, plan, play_game, save, simulate, to_csv
from tactica.sim.runner import agent_seed, batches
from tactica.sim.workers import run_local

GAME, SCEN = "great_war", "ridge_trench"


def test_plan_pairs_every_seed_with_sides_swapped_and_rounds_up():
    jobs = plan(GAME, SCEN, ["random", "scripted"], 5, seed=10)
    assert len(jobs) == 6
    assert [j.index for j in jobs] == list(range(6))
    assert [(j.seed, j.pair, j.agents, j.slots) for j in jobs[:2]] == [
        (10, 0, ("random", "scripted"), (0, 1)), (10, 0, ("scripted", "random"), (1, 0))]
    assert [j.seed for j in jobs] == [10, 10, 11, 11, 12, 12]
    assert plan(GAME, SCEN, ["random", "random"], 0) == []


def test_agent_seeds_depend_on_seed_and_slot():
    seeds = {agent_seed(s, slot) for s in range(50) for slot in range(2)}
    assert len(seeds) == 100 and all(0 <= x < 2**63 for x in seeds)


def test_the_swapped_game_of_a_mirror_pair_is_a_different_game():
    a, b = (play_game(j) for j in plan(GAME, SCEN, ["random", "random"], 2, seed=4))
    assert a.seed == b.seed and (a.decisions, a.returns, a.vp) != (b.decisions, b.returns, b.vp)


def test_batches_cover_the_jobs_in_order():
    jobs = plan(GAME, SCEN, ["random", "random"], 50)
    bs = batches(jobs, 2)
    assert [j for b in bs for j in b] == jobs and len(bs) > 2
    assert [len(b) for b in batches(jobs, 2, batch_size=20)] == [20, 20, 10]


def test_same_results_with_one_and_two_workers_and_any_batch_size():
    jobs = plan(GAME, SCEN, ["random", "scripted"], 12, seed=3)
    one = [r.to_dict() for r in run_local(jobs, 1)]
    two = [r.to_dict() for r in run_local(jobs, 2, batch_size=1)]
    two_big = [r.to_dict() for r in run_local(jobs, 2, batch_size=5)]
    assert one == two == two_big
    # and each game is a pure function of its job: replaying one alone gives the same result
    assert play_game(jobs[7]).to_dict() == one[7]
    # the two games of a seed differ (sides swapped) but share seed and pair
    assert one[0]["seed"] == one[1]["seed"] and one[0]["agents"] == one[1]["agents"][::-1]


def test_results_are_real_games_with_lengths_turns_and_vp():
    run = simulate(GAME, SCEN, ["scripted", "random"], 6, seed=1, workers=1)
    assert run.seats == ["allies", "central"] and len(run.games) == 6
    for g in run.games:
        assert g.decisions > 20 and g.turns is not None and g.turns >= 1
        assert g.vp is not None and len(g.vp) == 2
        assert sum(g.returns) == 0 and g.reason and not g.aborted
        if g.winner is not None:
            assert g.returns[g.winner] == 1.0
    # the scripted agent beats random in this sample, on both sides
    assert all(g.winner is not None and g.agents[g.winner] == "scripted" for g in run.games)


def test_unknown_agent_and_wrong_agent_count_are_refused():
    with pytest.raises(ValueError, match="no agent 'nobody'"):
        simulate(GAME, SCEN, ["random", "nobody"], 2)
    with pytest.raises(ValueError, match="2 seats"):
        simulate(GAME, SCEN, ["random"], 2)


def test_json_and_csv_files_hold_every_game(tmp_path):
    run = simulate(GAME, SCEN, ["random", "random"], 4, seed=2, workers=1)
    save(run, tmp_path / "r.json", tmp_path / "r.csv")
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["format"] == "tactica-sim/1" and data["game"] == GAME and data["scenario"] == SCEN
    assert data["agents"] == ["random", "random"] and len(data["results"]) == 4
    again = load(tmp_path / "r.json")
    assert [g.to_dict() for g in again.games] == [g.to_dict() for g in run.games]
    rows = list(csv.DictReader(io.StringIO((tmp_path / "r.csv").read_text())))
    assert len(rows) == 4
    for row, g in zip(rows, run.games, strict=True):
        assert int(row["index"]) == g.index and int(row["seed"]) == g.seed
        assert int(row["decisions"]) == g.decisions and row["agent_0"] == g.agents[0]
        assert float(row["return_0"]) == g.returns[0] and float(row["return_1"]) == g.returns[1]
        assert row["winner"] == ("" if g.winner is None else str(g.winner))
        assert float(row["vp_1"]) == g.vp[1]
    assert to_csv(run.games).splitlines()[0].startswith("index,pair,game,scenario,seed,winner")
