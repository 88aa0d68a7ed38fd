"""`tactica balance`: the balance pages and the lobby's figures from the results files in
docs/balance/<module>/<scenario>.json (sim/balance.py), on small real runs; the committed pages
are current; a bad results file stops everything before a file is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tactica.cli import app
from tactica.games import BUILTIN, get_rules
from tactica.sim import save, simulate
from tactica.sim.balance import check, render, write
from tactica.sim.balance_data import BalanceError, data_file, lobby_entry, parse
from tactica.sim.balance_data import load as load_data
from tactica.sim.report import build_report
from tactica.sim.results import SimulationRun

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def iron_tide() -> SimulationRun:
    """Six real games of the scripted agent against itself (three seeds, sides swapped)."""
    return simulate("great_war", "iron_tide", ["scripted", "scripted"], 6, seed=5, workers=1)


@pytest.fixture(scope="module")
def norway() -> SimulationRun:
    """Three real games of the solitaire Commandos: Europe, one seat against the rules."""
    return simulate("commandos_europe", "norway", ["scripted"], 3, seed=5, workers=1)


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _layout(tmp_path: Path, *runs: SimulationRun) -> tuple[Path, Path]:
    root, games = tmp_path / "docs" / "balance", tmp_path / "games"
    for run in runs:
        save(run, root / run.game / f"{run.scenario}.json")
    return root, games


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def test_the_pages_and_the_lobby_data_give_the_reports_figures(tmp_path, iron_tide, norway):
    root, games = _layout(tmp_path, iron_tide, norway)
    written = write(root, games)
    assert root / "great_war.md" in written and data_file("great_war", games) in written
    (rep,) = build_report([iron_tide])["scenarios"]
    first, second = rep["seats"]
    e = load_data("great_war", games)["iron_tide"]
    assert (e["wins"], e["draws"], e["losses"]) == (first["wins"], rep["balance"]["draws"], second["wins"])
    assert e["wins"] + e["draws"] + e["losses"] == e["games"] == 6 == len(iron_tide.games)
    assert e["win_rate"] == round(first["win_rate"]["rate"], 4)
    assert e["ci95"] == [round(x, 4) for x in first["win_rate"]["ci95"]]
    assert e["verdict"] == rep["balance"]["verdict"] and e["rules_version"] == get_rules("great_war").version
    assert e["command"] == ("tactica simulate --game great_war --scenario iron_tide "
                            "--agents scripted,scripted --games 6 --seed 5 --workers 1 "
                            "--out docs/balance/great_war/iron_tide.json")
    page = (root / "great_war.md").read_text()
    lo, hi = first["win_rate"]["ci95"]
    assert f"{_pct(first['win_rate']['rate'])} [{_pct(lo)}, {_pct(hi)}] ({first['wins']} of 6)" in page
    assert e["command"] in page and "seeds 5-7" in page
    for kind in ("winrates", "decisions", "turns", "vp"):
        png = root / "great_war" / f"iron_tide-{kind}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and len(png.read_bytes()) < 8000
        assert f"(great_war/iron_tide-{kind}.png)" in page
    # the scenario without a results file is listed as not measured, with the command to measure it
    assert "## The Ridge Trench (`ridge_trench`)\n\nNot measured yet" in page
    assert "ridge_trench" not in load_data("great_war", games)
    # solitaire: the only seat's wins against the rules, no draws
    (sol,) = build_report([norway])["scenarios"]
    s = load_data("commandos_europe", games)["norway"]
    assert s["solitaire"] and s["draws"] == 0
    assert (s["wins"], s["losses"]) == (sol["seats"][0]["wins"], 3 - sol["seats"][0]["wins"])
    assert s["verdict"] == sol["balance"]["verdict"] == f"solitaire: won {s['wins']} of 3"
    index = (root / "README.md").read_text()
    assert "| [The Great War](great_war.md) | `iron_tide` | measured |" in index
    assert "| [The Great War](great_war.md) | `ridge_trench` | not measured yet |" in index
    # every module has its page and data file, measured or not
    for module in BUILTIN:
        assert (root / f"{module}.md").exists() and data_file(module, games).exists()


def test_output_is_deterministic_and_ignores_the_run_to_run_fields(tmp_path, iron_tide):
    root, games = _layout(tmp_path / "a", iron_tide)
    write(root, games)
    first = _tree(tmp_path / "a")
    assert write(root, games) == [] and _tree(tmp_path / "a") == first
    # the same games from another run of the command: other wall time, backend and workers
    data = json.loads((root / "great_war" / "iron_tide.json").read_text())
    data.update(seconds=999.5, workers=8, backend="ray")
    root_b, games_b = _layout(tmp_path / "b")
    (root_b / "great_war").mkdir(parents=True)
    (root_b / "great_war" / "iron_tide.json").write_text(json.dumps(data))
    write(root_b, games_b)
    second = _tree(tmp_path / "b")
    assert {k: v for k, v in second.items() if not k.endswith(".json")} == \
        {k: v for k, v in first.items() if not k.endswith(".json")}


def test_a_new_results_file_without_regenerating_fails_the_check(tmp_path, iron_tide):
    root, games = _layout(tmp_path, iron_tide)
    write(root, games)
    assert check(root, games) == []
    save(simulate("great_war", "ridge_trench", ["scripted", "scripted"], 2, seed=1, workers=1),
         root / "great_war" / "ridge_trench.json")
    problems = check(root, games)
    assert f"{root / 'great_war.md'}: differs from its results files" in problems
    assert f"{data_file('great_war', games)}: differs from its results files" in problems
    assert f"{root / 'great_war' / 'ridge_trench-winrates.png'}: plot missing" in problems
    r = runner.invoke(app, ["balance", "--root", str(root), "--data", str(games), "--check"])
    assert r.exit_code == 1 and "out of date" in r.output and "run `tactica balance`" in r.output
    r = runner.invoke(app, ["balance", "--root", str(root), "--data", str(games)])
    assert r.exit_code == 0, r.output
    assert check(root, games) == []
    # a results file taken away: its plots are removed with it
    (root / "great_war" / "ridge_trench.json").unlink()
    assert f"{root / 'great_war' / 'ridge_trench-winrates.png'}: plot of no page" in check(root, games)
    write(root, games)
    assert not list((root / "great_war").glob("ridge_trench-*.png"))


def test_the_committed_pages_and_lobby_data_are_current():
    problems = check(REPO / "docs" / "balance", REPO / "src" / "tactica" / "games")
    assert problems == [], ("docs/balance/ is out of date with its results files "
                            "(docs/balance/<module>/<scenario>.json): run `tactica balance` and commit; "
                            + "; ".join(problems))


def test_a_figure_from_older_rules_is_shown_stale(tmp_path, iron_tide):
    root, games = _layout(tmp_path)
    data = iron_tide.to_dict()
    data["rules_version"] = "0.old"
    (root / "great_war").mkdir(parents=True)
    (root / "great_war" / "iron_tide.json").write_text(json.dumps(data))
    write(root, games)
    now = get_rules("great_war").version
    page = (root / "great_war.md").read_text()
    assert f"**Stale**: measured under rules version 0.old; the module is now at version {now}" in page
    assert f"stale (measured under rules version 0.old, now {now})" in (root / "README.md").read_text()
    e = load_data("great_war", games)["iron_tide"]
    lobby = lobby_entry(e, now)
    assert lobby["stale"] and lobby["measured"] and lobby["rules_version"] == "0.old"
    assert lobby_entry(None, now) == {"measured": False}
    assert not lobby_entry({**e, "rules_version": now}, now)["stale"]


def _bad(data: dict, key: str, value: object) -> str:
    return json.dumps({**data, key: value})


@pytest.mark.parametrize(("name", "make", "message"), [
    ("iron_tide.json", lambda d: "{not json", "not a results file of `tactica simulate`"),
    ("iron_tide.json", lambda d: _bad(d, "format", "other/1"), "not a results file"),
    ("iron_tide.json", lambda d: json.dumps({k: v for k, v in d.items() if k != "results"}), "KeyError"),
    ("ridge_trench.json", lambda d: json.dumps(d), "holds scenario 'iron_tide'; name the file iron_tide"),
    ("iron_tide.json", lambda d: _bad(d, "game", "combat_commander"), "not of 'great_war' (its folder)"),
    ("iron_tide.json", lambda d: _bad(d, "results", []), "holds no games"),
    ("iron_tide.json", lambda d: _bad(d, "results", [{**d["results"][0], "agents": ["scripted", "random"]}]),
     "not an agent against itself"),
])
def test_a_bad_results_file_is_refused_and_nothing_is_written(tmp_path, iron_tide, name, make, message):
    root, games = _layout(tmp_path / "t")
    folder = root / "great_war"
    folder.mkdir(parents=True)
    (folder / name).write_text(make(iron_tide.to_dict()))
    before = _tree(tmp_path / "t")
    with pytest.raises(BalanceError, match="docs/balance/great_war/" + name.replace(".", r"\.")) as err:
        write(root, games)
    assert message in str(err.value)
    assert _tree(tmp_path / "t") == before
    r = runner.invoke(app, ["balance", "--root", str(root), "--data", str(games)])
    assert r.exit_code == 2 and message in r.output and "nothing written" in r.output
    assert _tree(tmp_path / "t") == before


def test_a_folder_that_is_not_a_module_and_a_bad_data_file_are_refused(tmp_path):
    root, games = _layout(tmp_path)
    (root / "great_wars").mkdir(parents=True)
    with pytest.raises(BalanceError, match="great_wars/: not a rules module"):
        render(root, games)
    with pytest.raises(BalanceError, match="not a balance data file"):
        parse("format: other\n", "x.yaml")
    with pytest.raises(BalanceError, match="must have exactly the keys"):
        parse("format: tactica-balance/1\nscenarios:\n  a: {games: 3}\n", "x.yaml")
