import json

from typer.testing import CliRunner

from tactica.cli import app

runner = CliRunner()


def test_games_lists_modules_and_scenarios_as_text_and_json():
    r = runner.invoke(app, ["games"])
    assert r.exit_code == 0 and "duel" in r.output and "basic" in r.output
    r = runner.invoke(app, ["games", "--json"])
    cat = json.loads(r.output)
    duel = next(g for g in cat if g["id"] == "duel")
    assert duel["seats"] == ["north", "south"] and duel["scenarios"][0]["id"] == "basic"


def test_every_command_has_help():
    for cmd in ([], ["games"], ["play"], ["replay"]):
        r = runner.invoke(app, [*cmd, "--help"])
        assert r.exit_code == 0 and "Usage" in r.output


def test_play_agents_to_the_end_saves_a_record_that_replays(tmp_path):
    out = tmp_path / "rec.json"
    r = runner.invoke(app, ["play", "duel", "basic", "--seats", "random,random", "--seed", "3",
                            "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "Result:" in r.output and "[D" in r.output
    rec = json.loads(out.read_text())
    assert rec["game"] == "duel" and rec["decisions"] and rec["log_digest"]
    r = runner.invoke(app, ["replay", str(out)])
    assert r.exit_code == 0, r.output
    assert f"{len(rec['decisions'])} of {len(rec['decisions'])} decisions replayed" in r.output
    assert "Game over" in r.output
    r = runner.invoke(app, ["replay", str(out), "--seat", "south", "--upto", "2"])
    assert r.exit_code == 0 and "2 of" in r.output


def test_human_seat_reads_choices_from_the_terminal(tmp_path):
    out = tmp_path / "rec.json"
    # a bad answer, then an option by number, a pass in the block window (asked although north
    # holds no card of the value played), an option by id, then quit
    r = runner.invoke(app, ["play", "duel", "basic", "--seats", "human,random", "--out", str(out)],
                      input="zzz\n3\npass\nroll\nq\n")
    assert r.exit_code == 0, r.output
    assert "not an option" in r.output and "north: Play a card, roll or pass" in r.output
    assert "north: block" in r.output
    rec = json.loads(out.read_text())
    mine = [o for s, o in rec["decisions"] if s == 0]
    assert mine[:3] == ["roll", "pass", "roll"]


def test_bad_arguments_exit_with_a_clear_error(tmp_path):
    r = runner.invoke(app, ["play", "nope", "x"])
    assert r.exit_code == 2 and "no rules module 'nope'" in r.output
    r = runner.invoke(app, ["play", "duel", "basic", "--seats", "random"])
    assert r.exit_code == 2 and "2 seats" in r.output
    r = runner.invoke(app, ["play", "duel", "basic", "--seats", "random,wizard"])
    assert r.exit_code == 2 and "no agent 'wizard'" in r.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tactica-record/1", "game": "duel"}')
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2 and "cannot replay" in r.output


def test_play_a_one_seat_game_with_an_agent_then_replay(tmp_path):
    """A solitaire module (Commandos: Europe) has one seat: --seats takes one player."""
    out = tmp_path / "solo.json"
    r = runner.invoke(app, ["play", "commandos_europe", "norway", "--seats", "scripted", "--seed", "2",
                            "--quiet", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "Result:" in r.output
    r = runner.invoke(app, ["play", "commandos_europe", "norway", "--seats", "scripted,random"])
    assert r.exit_code != 0 and "1 seats" in r.output
    r = runner.invoke(app, ["replay", str(out)])
    assert r.exit_code == 0 and "decisions replayed" in r.output


def test_combat_commander_in_the_terminal_names_units_in_words(tmp_path):
    out = tmp_path / "cc.json"
    r = runner.invoke(app, ["play", "combat_commander", "bridge_at_dawn", "--seats", "human,random",
                            "--seed", "3", "--out", str(out)], input="0\n" * 3 + "q\n")
    assert r.exit_code == 0, r.output
    assert "Rifle squad" in r.output and "carries" in r.output, r.output[-2000:]
    assert '{"sides"' not in r.output, "a board, not a JSON dump"
    prompts = [line for line in r.output.splitlines() if line.strip().startswith("0.")]
    assert prompts and not any("axis-" in p.split("[")[0] for p in prompts), prompts


def test_serve_says_whether_the_engine_loaded_compiled(tmp_path, monkeypatch):
    import uvicorn

    from tactica import compiled_loader

    ran = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(kw["port"]))
    r = runner.invoke(app, ["serve", "--port", "8765", "--data", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert ran == [8765]
    expected = "engine: compiled" if compiled_loader.loaded_as() == "compiled" else (
        "engine: from source (make compile")
    assert expected in r.output
