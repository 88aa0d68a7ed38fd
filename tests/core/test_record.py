"""Records, replay, hash chain and undo."""

import json
import random

import pytest

import tactica
from tactica.core.game import Game
from tactica.core.options import IllegalOption
from tactica.core.record import Record, RecordError, log_digest, rebased, reopen
from tactica.games import get_rules


def random_game(seed: int) -> Game:
    g = tactica.new_game("duel", "basic", seed=seed)
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_options()))
    return g


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 42])
def test_replay_reproduces_log_byte_for_byte(seed):
    g = random_game(seed)
    rec = json.loads(json.dumps(g.record.to_dict(log_digest(g))))
    r = tactica.replay(rec)
    assert r.log_lines() == g.log_lines()
    assert log_digest(r) == rec["log_digest"]
    assert r.state == g.state and r.record.head == g.record.head


def test_replay_to_any_step():
    g = random_game(11)
    n = len(g.record.decisions)
    for k in range(n + 1):
        r = tactica.replay(g.record, upto=k)
        assert len(r.record.decisions) == k
    assert tactica.replay(g.record, upto=n).state == g.state
    with pytest.raises(RecordError):
        tactica.replay(g.record, upto=n + 1)


def test_same_seed_same_decisions_same_game_and_other_seed_differs():
    assert random_game(5).log_lines() == random_game(5).log_lines()
    assert random_game(5).log_lines() != random_game(6).log_lines()


def test_tampered_record_is_refused():
    g = random_game(12)
    d = g.record.to_dict()
    d["decisions"][0][1] = "roll" if d["decisions"][0][1] != "roll" else "pass"
    with pytest.raises(RecordError, match="hash chain broken at decision 0"):
        tactica.replay(d)


def test_malformed_records_are_refused(tmp_path):
    with pytest.raises(RecordError, match="format"):
        tactica.replay({"game": "duel"})
    good = random_game(13).record.to_dict()
    for bad in ({**good, "seed": "x"}, {**good, "decisions": [[0]]}, {**good, "version": "99"}):
        bad.pop("hashes", None)
        with pytest.raises(RecordError):
            tactica.replay(bad)
    illegal = {**good, "decisions": [[0, "fly"]]}
    illegal.pop("hashes")
    with pytest.raises(RecordError, match="does not replay"):
        tactica.replay(illegal)
    f = tmp_path / "r.json"
    f.write_text("{not json")
    with pytest.raises(RecordError, match="cannot read"):
        tactica.replay(f)


def test_record_round_trip_through_a_file(tmp_path):
    g = random_game(14)
    f = tmp_path / "game.json"
    f.write_text(json.dumps(g.record.to_dict()))
    assert tactica.replay(f).state == g.state
    assert Record.from_dict(json.loads(f.read_text())).head == g.record.head


def test_undo_back_to_last_reveal():
    g = tactica.new_game("duel", "basic", seed=15)
    assert not g.can_undo()
    g.state["hands"] = [["3a", "4a", "5a"], ["1a", "1b", "2a"]]
    g.refresh()
    g.apply("pass")  # control passes to seat 1: no undo for seat 1 across that
    assert not g.can_undo()
    with pytest.raises(IllegalOption, match="nothing to undo"):
        g.undo()
    g.apply("roll")  # a roll reveals
    assert not g.can_undo()


def test_undo_restores_state_log_and_record():
    """A decision that reveals nothing and keeps control can be taken back, and is replaced by
    another; the log and the record come back exactly."""
    g = tactica.new_game("duel", "basic", seed=17, options={"refill": False})
    g.apply(g.legal_options()[0])  # seat 0 plays a card: revealed, and seat 1 decides next
    assert not g.can_undo()
    snap = (json.dumps(g.state, sort_keys=True), g.log_lines(), list(g.record.decisions))
    g.apply("pass")  # no draw (refill off), no roll, and seat 1 decides again: undoable
    assert g.current_player() == 1 and g.can_undo()
    assert g.view(1)["decision"]["can_undo"] is True
    g.undo()
    assert (json.dumps(g.state, sort_keys=True), g.log_lines(), list(g.record.decisions)) == snap
    assert g.decision().window and not g.can_undo()
    g.apply("pass")
    g.apply("roll")  # a roll: nothing before it can be undone
    assert not g.can_undo()


def test_a_large_seed_replays_byte_for_byte_through_json():
    g = random_game(2**128 + 12345)
    assert "k" in g.state["chance"]
    rec = json.loads(json.dumps(g.record.to_dict(log_digest(g))))
    assert rec["seed"] == 2**128 + 12345
    assert log_digest(tactica.replay(rec)) == rec["log_digest"]
    assert tactica.replay(rec).state == g.state


def test_reopen_replays_a_record_of_another_version_as_far_as_it_applies():
    g = random_game(7)
    rules = get_rules("duel")
    old = rebased(g.record, "0-old")
    assert old.head != g.record.head and old.decisions == g.record.decisions
    with pytest.raises(RecordError, match="version"):
        tactica.replay(old.to_dict())  # a strict replay refuses another version
    whole = reopen(rules, old)
    assert whole.problem is None and whole.applied == len(old.decisions)
    assert whole.game.state == g.state and whole.game.record.head == g.record.head
    broken = Record("duel", "0-old", old.scenario, old.options, old.seed)
    for i, (s, o) in enumerate(old.decisions):
        broken.append(s, "nope" if i == 2 else o)
    part = reopen(rules, broken)
    assert part.applied == 2 and "decision 3" in part.problem and "nope" in part.problem
    assert part.game.record.decisions == old.decisions[:2]
    assert part.game.state == tactica.replay(g.record.to_dict(), 2).state


def test_reopen_refuses_a_record_whose_start_cannot_be_rebuilt():
    rec = Record("duel", "0-old", "no_such_scenario", {}, 1)
    with pytest.raises(RecordError, match="cannot set up"):
        reopen(get_rules("duel"), rec)


def test_reopen_replays_preference_entries_old_and_new():
    """A record holding seat preferences (``!auto_pass=`` and the older ``!ask=``) reopens with
    them applied, under its own version and under another."""
    g = tactica.new_game("duel", "basic", seed=3)
    g.set_auto_pass(1, True)
    g.apply(g.legal_options()[0].id)
    g.set_preference(0, "!ask=0")
    for rec in (g.record, rebased(g.record, "0-old")):
        opened = reopen(get_rules("duel"), rec)
        assert opened.problem is None and opened.applied == len(rec.decisions)
        assert opened.game.state["auto_pass"] == [True, True] and opened.game.state == g.state
