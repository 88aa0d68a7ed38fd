"""Stored games made under another rules version keep opening (live.Hub._rebuild): replayed
whole under the current rules when every decision still applies (and stored so), otherwise
served read-only as far as they replay, with a clear notice; never a 500. One record of every
released rules version is kept in records/ (make_fixture.py writes the current ones)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tactica
from tactica.core.record import Record, log_digest, rebased, reopen
from tactica.games import get_rules
from tactica.server.fairness import Fairness
from tactica.server.store import GameStore, SeatInfo, StoredGame
from tactica.server.tokens import token_hash

from .helpers import client, decide, view

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))
TOKENS = ["seat-zero-token-" + "a" * 20, "seat-one-token-" + "b" * 20]


def put(url: str, rec: Record, gid: str, module: str | None = None) -> None:
    """Store ``rec`` as the server stored games before seed commitments existed."""
    store = GameStore(url)
    try:
        rules = get_rules(rec.game)
        seats = [SeatInfo(i, name, "human") for i, name in enumerate(rules.seats)]
        store.create(StoredGame(gid, module or rec.game, rec.version, rec.scenario, rec.options,
                                Fairness(rec.seed, None, None, None), "active", None, seats,
                                list(rec.decisions), list(rec.hashes)),
                     rec.head, [token_hash(t) for t in TOKENS])
    finally:
        store.close()


def load(path: Path) -> tuple[dict, Record]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data, Record.from_dict(data)


def test_there_is_a_fixture_for_every_current_rules_version():
    import importlib.util

    from tactica.games import all_ids
    have = {p.name for p in RECORDS}
    for gid in all_ids():
        if importlib.util.find_spec(f"tactica.games.{gid}") is None:
            continue  # a module the tests register, not a released one
        assert f"{gid}-v{get_rules(gid).version}.json" in have, "run records/make_fixture.py"


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_every_kept_record_opens_on_the_server(tmp_path, path):
    data, rec = load(path)
    rules = get_rules(rec.game)
    opened = reopen(rules, rec)
    if rec.version == rules.version:  # the current version replays it whole, byte for byte
        assert opened.problem is None
        assert log_digest(tactica.replay(data)) == data["log_digest"]
    db = tmp_path / "g.db"
    put(f"sqlite:///{db}", rec, "fixture")
    with client(db, run_agents=False) as c:
        v = view(c, "fixture", TOKENS[0])
        assert v["index"] == opened.applied
        assert v["read_only"] is (opened.problem is not None)
        assert (v["notice"] is None) is (rec.version == rules.version and opened.problem is None)
        assert v["fairness"]["commitment"] is None  # stored before commitments: none is claimed


def test_a_record_of_an_older_version_that_still_applies_goes_on_under_the_current_one(store_url):
    _, current = load(RECORDS[-1])
    rules = get_rules(current.game)
    old = rebased(current, "0.0-old")
    put(store_url, old, "old")
    with client(store_url, run_agents=False) as c:
        v = view(c, "old", TOKENS[0])
        assert v["read_only"] is False and "0.0-old" in v["notice"] and rules.version in v["notice"]
        assert v["index"] == len(old.decisions)
        seat = v["view"]["decision"]["seat"]
        mine = view(c, "old", TOKENS[seat])
        r = decide(c, "old", TOKENS[seat], mine["index"], mine["view"]["decision"]["options"][0]["id"])
        assert r.status_code == 200 and r.json()["index"] == len(old.decisions) + 1
    store = GameStore(store_url)
    again = store.load("old")
    store.close()
    assert again is not None and again.version == rules.version
    assert tactica.replay(again.record_dict()).record.decisions == again.decisions  # chain is whole


def test_a_record_the_current_rules_cannot_replay_is_served_read_only_with_a_notice(store_url):
    _, current = load(RECORDS[-1])
    broken = Record(current.game, "0.0-old", current.scenario, current.options, current.seed)
    for i, (s, o) in enumerate(current.decisions):
        broken.append(s, "gone:option" if i == 10 else o)
    put(store_url, broken, "broken")
    with client(store_url, run_agents=False) as c:
        v = view(c, "broken", TOKENS[0])
        assert v["read_only"] is True and v["index"] == 10
        assert "decision 11" in v["notice"] and "gone:option" in v["notice"] and "read-only" in v["notice"]
        r = decide(c, "broken", TOKENS[0], v["index"], "done")
        assert r.status_code == 409 and "read-only" in r.json()["detail"]
        assert view(c, "broken", TOKENS[0])["index"] == 10
        rep = c.get("/api/games/broken/replay", params={"step": 5})
        assert rep.status_code == 200 and rep.json()["read_only"] is True
        assert c.get("/api/games/broken/replay", params={"step": 5, "seat": 1},
                     headers={"X-Seat-Token": TOKENS[0]}).status_code == 403


def test_a_game_whose_module_is_gone_answers_410_not_500(tmp_path):
    _, current = load(RECORDS[-1])
    db = tmp_path / "g.db"
    put(f"sqlite:///{db}", current, "orphan", module="no_such_module")
    with client(db, run_agents=False) as c:
        r = c.get("/api/games/orphan")
        assert r.status_code == 410 and "no_such_module" in r.json()["detail"]
