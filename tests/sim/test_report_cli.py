"""`tactica simulate` and `tactica report` end to end, and the report's figures on a known sample."""

import csv
import json

from typer.testing import CliRunner

from tactica.cli import app
from tactica.sim import simulate
from tactica.sim.report import build_report, text_summary, write_report

runner = CliRunner()


def test_simulate_then_report_from_the_command_line(tmp_path):
    out = tmp_path / "run.json"
    r = runner.invoke(app, ["simulate", "--game", "great_war", "--scenario", "ridge_trench", "--agents",
                            "random,scripted", "--games", "6", "--seed", "4", "--workers", "2",
                            "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "6 games" in r.output and "2 worker(s)" in r.output
    data = json.loads(out.read_text())
    assert len(data["results"]) == 6 and data["workers"] == 2
    rows = list(csv.DictReader(out.with_suffix(".csv").open()))
    assert [int(x["decisions"]) for x in rows] == [g["decisions"] for g in data["results"]]

    rep_dir = tmp_path / "rep"
    r = runner.invoke(app, ["report", str(out), "--out", str(rep_dir)])
    assert r.exit_code == 0, r.output
    assert "great_war / ridge_trench: 6 games; verdict:" in r.output and "on 6 games" in r.output
    rep = json.loads((rep_dir / "report.json").read_text())
    sc = rep["scenarios"][0]
    assert sc["games"] == 6 and sc["balance"]["games"] == 6
    assert sc["agents"]["scripted"]["games"] == 6 and sc["agents"]["random"]["games"] == 6
    page = (rep_dir / "index.html").read_text()
    assert "Verdict:" in page and "great_war-ridge_trench-winrates.png" in page
    for kind in ("winrates", "decisions", "turns", "vp"):
        png = rep_dir / f"great_war-ridge_trench-{kind}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_refuses_bad_input():
    r = runner.invoke(app, ["simulate", "--game", "great_war", "--scenario", "nowhere", "--games", "2"])
    assert r.exit_code == 2 and "no scenario" in r.output
    r = runner.invoke(app, ["simulate", "--game", "great_war", "--scenario", "ridge_trench",
                            "--agents", "random,wizard", "--games", "2"])
    assert r.exit_code == 2 and "wizard" in r.output


def test_report_on_a_known_sample_gives_its_intervals(tmp_path):
    run = simulate("great_war", "ridge_trench", ["scripted", "random"], 20, seed=11, workers=2)
    rep = build_report([run])
    sc = rep["scenarios"][0]
    scripted = sc["agents"]["scripted"]
    wins = scripted["wins"]
    assert scripted["games"] == 20 and wins >= 15  # the scripted policy beats random clearly
    lo, hi = scripted["win_rate"]["ci95"]
    assert lo > 0.5 and lo < wins / 20 <= hi
    seats = sc["seats"]
    assert seats[0]["wins"] + seats[1]["wins"] + sc["balance"]["draws"] == 20
    assert sc["decisions"]["n"] == 20 and sc["turns"]["min"] >= 1
    assert "scripted" in text_summary(rep)
    # two runs of the same scenario are pooled, the verdict rests on both
    more = simulate("great_war", "ridge_trench", ["random", "random"], 4, seed=50, workers=1)
    pooled = write_report([run, more], tmp_path, plots=False)["scenarios"][0]
    assert pooled["games"] == 24 and pooled["balance"]["games"] == 24 and len(pooled["runs"]) == 2
