"""A seat's published convenience auto_pass over the API: switched by the seat's own link,
recorded as ``!auto_pass=`` (so a reload keeps it), shown to every seat at once."""

from __future__ import annotations

from .helpers import AI, HUMAN, client, decide, new_game, view


def set_auto_pass(c, gid, token, on):  # type: ignore[no-untyped-def]
    return c.post(f"/api/games/{gid}/preferences", json={"auto_pass": on},
                  headers={"X-Seat-Token": token} if token else {})


def test_a_seat_switches_auto_pass_and_the_other_seat_is_told(store_url):
    with client(store_url, run_agents=False) as c:
        g = new_game(c, [HUMAN, HUMAN])
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        start = view(c, gid, t0)
        assert start["view"]["auto_pass"] == [False, False]  # off by default
        with c.websocket_connect(f"/api/games/{gid}/ws") as other:
            other.send_json({"token": t0})
            assert other.receive_json()["view"]["auto_pass"] == [False, False]
            r = set_auto_pass(c, gid, t1, True)  # not seat 1's turn: allowed, it moves nothing
            assert r.status_code == 200, r.text
            mine = r.json()
            assert mine["seat"] == 1 and mine["view"]["auto_pass"] == [False, True]
            assert mine["index"] == start["index"] + 1  # a record entry
            told = other.receive_json()
            assert told["seat"] == 0 and told["view"]["auto_pass"] == [False, True]
            assert told["index"] == mine["index"] and told["view"]["decision"] == start["view"]["decision"]
        stored = c.app.state.hub.store.load(gid)
        assert stored.decisions[-1] == (1, "!auto_pass=1")
        again = set_auto_pass(c, gid, t1, True)  # as it is: nothing written
        assert again.status_code == 200 and again.json()["index"] == mine["index"]
        # seat 0 decides on from the new index; seat 1 switches it off again
        opt = view(c, gid, t0)["view"]["decision"]["options"][0]["id"]
        assert decide(c, gid, t0, mine["index"], opt).status_code == 200
        off = set_auto_pass(c, gid, t1, False)
        assert off.status_code == 200 and off.json()["view"]["auto_pass"] == [False, False]
        index = off.json()["index"]
    with client(store_url, run_agents=False) as c:  # rebuilt from the store: the entries replay
        assert view(c, gid, t1)["index"] == index
        assert set_auto_pass(c, gid, t0, True).json()["view"]["auto_pass"] == [True, False]
        assert view(c, gid)["view"]["auto_pass"] == [True, False]  # spectators see it too


def test_auto_pass_refusals_change_nothing(store_url):
    with client(store_url, run_agents=False) as c:
        g = new_game(c, [HUMAN, AI])
        gid, t0 = g["id"], g["seats"][0]["token"]
        index = view(c, gid)["index"]
        assert set_auto_pass(c, gid, None, True).status_code == 401  # a spectator
        assert set_auto_pass(c, gid, "forged", True).status_code == 403
        for bad in ("yes", 1, None):  # strict: a JSON boolean only
            r = c.post(f"/api/games/{gid}/preferences", json={"auto_pass": bad}, headers={"X-Seat-Token": t0})
            assert r.status_code == 422, (bad, r.text)
        r = c.post(f"/api/games/{gid}/preferences", json={"auto_pass": True, "ask": False},
                   headers={"X-Seat-Token": t0})
        assert r.status_code == 422
        assert c.post(f"/api/games/{gid}/resign", headers={"X-Seat-Token": t0}).status_code == 200
        assert set_auto_pass(c, gid, t0, True).status_code == 409  # over
        assert view(c, gid)["index"] == index and view(c, gid)["view"]["auto_pass"] == [False, False]
