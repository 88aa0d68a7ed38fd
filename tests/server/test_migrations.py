"""Migrations 0002 to 0004 on a store written by the first schema: integer seeds become whole
decimal text, the games open, and claim no commitment (none was shown when they were made); the
host key column follows (an old game has no host, a new one has)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import text

import tactica
from tactica.server.store import MIGRATIONS, GameStore, make_engine
from tactica.server.tokens import token_hash

from .helpers import client, view


def test_a_store_of_the_first_schema_upgrades_and_its_games_open(store_url):
    engine = make_engine(store_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    g = tactica.new_game("great_war", "ridge_trench", seed=2**31 - 5)
    g.apply(g.decision().options[0].id)
    rec = g.record
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, module, version, scenario, options, seed, status, "
                          "decisions, head) VALUES ('old', 'great_war', :v, 'ridge_trench', '{}', :seed, "
                          "'active', 1, :head)"), {"v": rec.version, "seed": rec.seed, "head": rec.head})
        for i, name in enumerate(g.seats):
            conn.execute(text("INSERT INTO seats (game_id, seat, name, kind, token_hash) "
                              "VALUES ('old', :i, :n, 'human', :t)"),
                         {"i": i, "n": name, "t": token_hash(f"tok{i}")})
        conn.execute(text("INSERT INTO decisions (game_id, idx, seat, option_id, hash) "
                          "VALUES ('old', 0, :s, :o, :h)"),
                     {"s": rec.decisions[0][0], "o": rec.decisions[0][1], "h": rec.hashes[0]})
    engine.dispose()
    store = GameStore(store_url)  # migrates to the newest revision
    with store.engine.connect() as conn:  # the rebuilt games table took no row with it
        assert conn.execute(text("SELECT count(*) FROM seats WHERE game_id = 'old'")).scalar() == 2
        assert conn.execute(text("SELECT count(*) FROM decisions WHERE game_id = 'old'")).scalar() == 1
    old = store.load("old")
    store.close()
    assert old is not None and old.seed == 2**31 - 5 and old.fair.salt is None
    with client(store_url, run_agents=False) as c:
        v = view(c, "old", "tok0")
        assert v["index"] == 1 and v["view"] == g.view(0) | {"log": v["view"]["log"]}
        assert v["fairness"]["commitment"] is None and v["fairness"]["seed_chosen"] is None
        assert c.delete("/api/games/old", headers={"X-Host-Key": "tok0"}).status_code == 403
        new = c.post("/api/games", json={"module": "great_war", "scenario": "ridge_trench",
                                         "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        r = c.post(f"/api/games/{new['id']}/seats/1/link", headers={"X-Host-Key": new["host_key"]})
        assert r.status_code == 200 and view(c, new["id"], r.json()["token"])["seat"] == 1
    with make_engine(store_url).connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0004"


def test_the_migrations_form_one_chain():
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(cfg)
    assert script.get_heads() == ["0004"]
    assert [r.revision for r in script.walk_revisions()] == ["0004", "0003", "0002", "0001"]


def test_without_postgresql_binaries_the_reason_to_skip_says_what_to_install(monkeypatch):
    from tactica.server import devdb

    monkeypatch.setattr(devdb, "find_bin", lambda: None)
    reason = devdb.missing_reason()
    assert reason is not None and "postgresql package" in reason and "make setup" in reason
