"""Provably fair seeds (server/fairness.py): 128 bits of system entropy, a commitment every seat
sees from the start, the seed and salt revealed and verified at the end, a chosen seed flagged
for everyone, and seeds that are integers only. On SQLite and on PostgreSQL."""

from __future__ import annotations

import hashlib
import json

import pytest
from sqlalchemy import update

from tactica.core.chance import state_bits
from tactica.server.fairness import SEED_BITS, commitment, new_seed
from tactica.server.schema import games
from tactica.server.store import GameStore

from .helpers import AI, HUMAN, client, view, wait_until


def create(c, seats, seed=None, module="great_war", scenario="ridge_trench"):
    body = {"module": module, "scenario": scenario, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def stored_seed(url: str, gid: str) -> int:
    store = GameStore(url)
    try:
        got = store.load(gid)
        assert got is not None
        return got.seed
    finally:
        store.close()


def test_new_seeds_draw_128_fresh_bits_each():
    seeds = [new_seed() for _ in range(64)]
    assert all(s.bit_length() == SEED_BITS + 1 for s in seeds)
    low = [s & ((1 << SEED_BITS) - 1) for s in seeds]
    varying = 0
    for s in low[1:]:
        varying |= s ^ low[0]
    assert varying == (1 << SEED_BITS) - 1  # every one of the 128 bits takes both values


def test_server_games_get_full_seeds_kept_whole_in_the_store(store_url):
    with client(store_url, run_agents=False) as c:
        ids = [create(c, [HUMAN, HUMAN])["id"] for _ in range(3)]
        hub = c.app.state.hub
        for gid in ids:
            cs = hub.games[gid].game.state["chance"]
            assert state_bits(cs) >= 128
    seeds = [stored_seed(store_url, gid) for gid in ids]
    assert len(set(seeds)) == 3 and all(s >= 1 << SEED_BITS for s in seeds)
    with client(store_url, run_agents=False) as c:  # rebuilt from the store: the same game
        for gid in ids:
            assert c.app.state.hub.games.get(gid) is None
            view(c, gid)
            assert c.app.state.hub.games[gid].game.record.seed == stored_seed(store_url, gid)


def test_views_before_the_end_hold_the_commitment_and_never_the_seed(store_url):
    with client(store_url, run_agents=False) as c:
        g = create(c, [HUMAN, HUMAN])
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        promised = g["fairness"]["commitment"]
        assert len(promised) == 64 and g["fairness"]["seed"] is None
        seed = stored_seed(store_url, gid)
        secret = GameStore(store_url).load(gid).fair.salt
        payloads = [view(c, gid, t0), view(c, gid, t1), view(c, gid)]
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"token": t1})
            payloads.append(ws.receive_json())
        payloads.append(c.get("/api/games").json())
        for p in payloads:
            text = json.dumps(p)
            assert str(seed) not in text and hex(seed)[2:] not in text and secret not in text
        for p in payloads[:4]:
            assert p["fairness"] == {"commitment": promised, "seed_chosen": False, "seed": None,
                                     "salt": None, "verified": None}
        assert c.get(f"/api/games/{gid}/replay").status_code == 409


def test_at_the_end_seed_and_salt_are_revealed_and_match_the_commitment(store_url):
    with client(store_url) as c:
        g = create(c, [AI, AI])
        gid = g["id"]
        promised = g["fairness"]["commitment"]
        wait_until(lambda: view(c, gid)["status"] == "over", timeout=90)
        end = view(c, gid)["fairness"]
        seed, salt = int(end["seed"]), end["salt"]
        assert seed == stored_seed(store_url, gid) and seed >= 1 << SEED_BITS
        again = hashlib.sha256(f"tactica-seed/1\n{seed}\n{salt}".encode()).hexdigest()
        assert again == promised == end["commitment"] and end["verified"] is True
        rep = c.get(f"/api/games/{gid}/replay", params={"step": 3}).json()
        assert rep["fairness"]["verified"] is True and rep["fairness"]["seed"] == end["seed"]
    # a store whose commitment was changed afterwards no longer verifies
    store = GameStore(store_url)
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == gid).values(commitment=commitment(seed + 1, salt)))
    store.close()
    with client(store_url) as c:
        assert view(c, gid)["fairness"]["verified"] is False
        assert c.get(f"/api/games/{gid}/replay").json()["fairness"]["verified"] is False


def test_a_seed_the_creator_chose_is_flagged_to_every_seat_and_in_the_lobby(store_url):
    with client(store_url, run_agents=False) as c:
        chosen = create(c, [HUMAN, HUMAN], seed=5)
        drawn = create(c, [HUMAN, HUMAN])
        assert chosen["fairness"]["seed_chosen"] is True and drawn["fairness"]["seed_chosen"] is False
        for tok in (chosen["seats"][0]["token"], chosen["seats"][1]["token"], None):
            assert view(c, chosen["id"], tok)["fairness"]["seed_chosen"] is True
        listed = {x["id"]: x for x in c.get("/api/games").json()["games"]}
        assert listed[chosen["id"]]["seed_chosen"] is True and listed[drawn["id"]]["seed_chosen"] is False
        assert listed[chosen["id"]]["commitment"] == chosen["fairness"]["commitment"]
    assert stored_seed(store_url, chosen["id"]) == 5


@pytest.mark.parametrize("seed", [True, False, 1.0, 2.5, "5", -1, 2**256, None])
def test_a_seed_must_be_a_whole_non_negative_integer(tmp_path, seed):
    with client(tmp_path / "g.db") as c:
        r = c.post("/api/games", json={"module": "great_war", "scenario": "ridge_trench", "seed": seed,
                                       "seats": [HUMAN, HUMAN]})
        if seed is None:  # null: the server draws one
            assert r.status_code == 201 and r.json()["fairness"]["seed_chosen"] is False
            return
        assert r.status_code == 422 and r.json()["errors"][0]["where"].endswith("seed")
        assert c.get("/api/games").json()["games"] == []
