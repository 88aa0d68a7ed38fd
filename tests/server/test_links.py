"""Seat links that can be re-issued and revoked, resigning, deleting, and the paged games list."""

from __future__ import annotations

from .helpers import AI, HUMAN, client, decide, new_game, view


def _h(token: str | None = None, host: str | None = None) -> dict[str, str]:
    out = {}
    if token:
        out["X-Seat-Token"] = token
    if host:
        out["X-Host-Key"] = host
    return out


def test_the_host_reissues_a_lost_link_and_the_old_one_stops_opening_the_seat(tmp_path):
    db = tmp_path / "g.db"
    with client(db) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, host = g["id"], g["host_key"]
        old = g["seats"][1]["token"]
        assert host and host not in (old, g["seats"][0]["token"])
        r = c.post(f"/api/games/{gid}/seats/1/link", headers=_h(host=host))
        assert r.status_code == 200, r.text
        new = r.json()["token"]
        assert new != old and r.json()["link"] == f"/#/game/{gid}/seat/{new}"
        assert c.get(f"/api/games/{gid}", headers=_h(old)).status_code == 403
        assert view(c, gid, new)["seat"] == 1
    with client(db) as c:  # durable: the store holds the new link's hash only
        assert c.get(f"/api/games/{gid}", headers=_h(old)).status_code == 403
        assert view(c, gid, new)["seat"] == 1


def test_only_the_host_or_the_seat_itself_manages_a_link(tmp_path):
    with client(tmp_path / "g.db") as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        assert c.post(f"/api/games/{gid}/seats/1/link").status_code == 401
        assert c.post(f"/api/games/{gid}/seats/1/link", headers=_h(t0)).status_code == 403
        assert c.post(f"/api/games/{gid}/seats/1/link", headers=_h(host="forged")).status_code == 403
        assert view(c, gid, t1)["seat"] == 1  # nothing changed
        mine = c.post(f"/api/games/{gid}/seats/1/link", headers=_h(t1))
        assert mine.status_code == 200 and c.get(f"/api/games/{gid}", headers=_h(t1)).status_code == 403


def test_a_revoked_link_opens_nothing_until_one_is_reissued(tmp_path):
    with client(tmp_path / "g.db") as c:
        g = new_game(c, [HUMAN, AI])
        gid, host, t0 = g["id"], g["host_key"], g["seats"][0]["token"]
        ai_seat = c.delete(f"/api/games/{gid}/seats/1/link", headers=_h(host=host))
        assert ai_seat.status_code == 404
        assert c.delete(f"/api/games/{gid}/seats/0/link", headers=_h(host=host)).status_code == 204
        assert c.get(f"/api/games/{gid}", headers=_h(t0)).status_code == 403
        v = view(c, gid)
        assert decide(c, gid, t0, v["index"], "x").status_code == 403
        new = c.post(f"/api/games/{gid}/seats/0/link", headers=_h(host=host)).json()["token"]
        assert view(c, gid, new)["seat"] == 0


def test_resigning_ends_the_game_for_the_other_seat_and_survives_a_restart(tmp_path):
    db = tmp_path / "g.db"
    with client(db) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        assert c.post(f"/api/games/{gid}/resign").status_code == 401
        r = c.post(f"/api/games/{gid}/resign", headers=_h(t1))
        assert r.status_code == 200, r.text
        p = r.json()
        assert p["status"] == "over" and p["view"]["result"]["returns"] == [1.0, -1.0]
        assert "resigned" in p["view"]["result"]["reason"] and p["view"]["decision"] is None
        assert c.post(f"/api/games/{gid}/resign", headers=_h(t0)).status_code == 409
        assert decide(c, gid, t0, p["index"], "x").status_code == 409
    with client(db) as c:
        v = view(c, gid, t0)
        assert v["status"] == "over" and v["view"]["result"]["returns"] == [1.0, -1.0]
        assert [x for x in c.get("/api/games", params={"status": "over"}).json()["games"] if x["id"] == gid]
        assert c.get(f"/api/games/{gid}/replay", params={"step": 0}).status_code == 200


def test_the_host_deletes_a_game_and_nobody_else_can(tmp_path):
    db = tmp_path / "g.db"
    with client(db) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, host, t0 = g["id"], g["host_key"], g["seats"][0]["token"]
        assert c.delete(f"/api/games/{gid}").status_code == 401
        assert c.delete(f"/api/games/{gid}", headers=_h(t0, "forged")).status_code == 403
        assert view(c, gid, t0)["seat"] == 0
        assert c.delete(f"/api/games/{gid}", headers=_h(host=host)).status_code == 204
        assert c.get(f"/api/games/{gid}").status_code == 404
        assert gid not in {x["id"] for x in c.get("/api/games").json()["games"]}
    with client(db) as c:
        assert c.get(f"/api/games/{gid}").status_code == 404


def test_the_games_list_pages_and_says_whose_turn_it_is(tmp_path):
    with client(tmp_path / "g.db") as c:
        ids = [new_game(c, [HUMAN, HUMAN], seed=i)["id"] for i in range(5)]
        first = c.get("/api/games", params={"limit": 2}).json()
        assert first["total"] == 5 and len(first["games"]) == 2
        rest = c.get("/api/games", params={"limit": 2, "offset": 2}).json()["games"]
        last = c.get("/api/games", params={"limit": 2, "offset": 4}).json()["games"]
        seen = [x["id"] for x in first["games"] + rest + last]
        assert sorted(seen) == sorted(ids) and len(set(seen)) == 5
        assert all(x["to_move"] == 0 for x in first["games"])
        assert c.get("/api/games", params={"limit": 0}).status_code == 422
        assert c.get("/api/games", params={"limit": 1000}).status_code == 422


def test_an_undo_carries_a_newer_stamp_than_the_view_it_replaces(tmp_path):
    with client(tmp_path / "g.db") as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, t0 = g["id"], g["seats"][0]["token"]
        v = view(c, gid, t0)
        v1 = decide(c, gid, t0, v["index"], v["view"]["decision"]["options"][0]["id"]).json()
        order = next(o for o in v1["view"]["decision"]["options"] if o["id"].startswith("order:"))
        v2 = decide(c, gid, t0, v1["index"], order["id"]).json()
        u = c.post(f"/api/games/{gid}/undo", json={"index": v2["index"]}, headers=_h(t0)).json()
        assert u["index"] < v2["index"] and u["rev"] > v2["rev"] > v1["rev"]
