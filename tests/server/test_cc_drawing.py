"""Combat Commander on the table (docs/web.md): each seat's table hides the other hand, every
option is picked on the map, in the hand or as a button, Fire odds are a distribution, and the
line-of-sight tool answers with the module's LOS."""

from __future__ import annotations

import json
import random
from typing import Any

from .helpers import HUMAN, client, decide, new_game, view

SCENARIO = "bridge_at_dawn"
PREFER = ("fire", "piece", "target", "activate", "done", "place", "arm")


def _pick(opts: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    fire_orders = [o for o in opts if o["kind"] == "order" and o["args"].get("order") == "Fire"]
    if fire_orders:
        return fire_orders[0]
    for kind in PREFER:
        hit = [o for o in opts if o["kind"] == kind]
        if hit:
            return hit[0] if kind in ("fire", "piece", "target", "done") else rnd.choice(hit)
    return rnd.choice(opts)


def _check_table(t: dict[str, Any], v: dict[str, Any], seat: int) -> None:
    hands = {h["seat"]: h for h in t["hands"]}
    assert hands[seat]["cards"] is not None and hands[1 - seat]["cards"] is None
    assert hands[1 - seat]["size"] == v["board"]["sides"][1 - seat]["hand_count"]
    mine = {c["id"] for c in hands[seat]["cards"]}
    pieces = {p["id"] for p in t["pieces"]}
    for p in t["pieces"]:
        assert p["face"] in ("front", "broken") and p["values"] and p["hex"]
    d = v.get("decision") or {}
    for o in d.get("options") or []:
        for el in t["options"][o["id"]]["path"]:  # an empty path is a button
            assert ("card" in el and el["card"] in mine) or ("unit" in el and el["unit"] in pieces) \
                or "hex" in el, (o, el)


def test_each_seat_table_hides_the_other_hand_and_names_every_target(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        g = new_game(c, [HUMAN, HUMAN], module="combat_commander", scenario=SCENARIO, seed=4)
        gid = g["id"]
        tok = {0: g["seats"][0]["token"], 1: g["seats"][1]["token"]}
        geo = c.get(f"/api/games/{gid}/map").json()
        labels = {h["id"] for h in geo["hexes"]}
        assert {"building", "woods", "stream"} <= {t for h in geo["hexes"] for t in h["terrain"]}
        assert {f for s in geo["hexsides"] for f in s["features"]} >= {"wall", "hedge"}
        assert geo["roads"] and {h["level"] for h in geo["hexes"]} >= {0, 1}
        rnd = random.Random(4)
        odds_seen = 0
        for _ in range(160):
            spec = view(c, gid)
            if spec["view"]["decision"] is None:
                break
            seat = spec["view"]["decision"]["seat"]
            mine, theirs = view(c, gid, tok[seat]), view(c, gid, tok[1 - seat])
            _check_table(mine["table"], mine["view"], seat)
            _check_table(theirs["table"], theirs["view"], 1 - seat)
            other_hand = mine["view"]["board"]["sides"][1 - seat]
            assert other_hand["hand"] is None
            assert all(h["cards"] is None for h in spec["table"]["hands"])
            for el in (e for o in mine["table"]["options"].values() for e in o["path"]):
                assert "hex" not in el or el["hex"] in labels
            opts = mine["view"]["decision"]["options"]
            for o in opts:
                if mine["table"]["options"][o["id"]]["odds"]:
                    r = c.get(f"/api/games/{gid}/odds", params={"option": o["id"]},
                              headers={"X-Seat-Token": tok[seat]})
                    assert r.status_code == 200, r.text
                    assert abs(sum(x["p"] for x in r.json()["outcomes"]) - 1) < 1e-3
                    assert all(0 <= x["p"] <= 1 for x in r.json()["outcomes"])
                    odds_seen += 1
            pick = _pick(opts, rnd)
            assert decide(c, gid, tok[seat], mine["index"], pick["id"]).status_code == 200
        assert odds_seen, "no Fire attack came up"
        last = view(c, gid, tok[0])
        t, b = last["table"], last["view"]["board"]
        assert {tr["id"] for tr in t["tracks"]} >= {"time", "vp", "casualties", "initiative", "radio"}
        assert any(m["kind"] == "objective" for m in t["markers"])
        assert len(t["piles"]) == 2 and t["terrain"]["styles"]["woods"]["fill"]
        drawn = {p["id"] for p in t["pieces"]}
        on_map = {k for k, u in b["units"].items() if u["where"] == "map" and u["hex"]}
        assert on_map and on_map <= drawn
        assert {w for w, x in b["weapons"].items() if x["where"] == "map" and x["carrier"] in on_map} <= drawn
        assert tok[0] not in json.dumps(t) and tok[1] not in json.dumps(t)


def test_odds_refuse_what_is_not_a_fire_attack(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        g = new_game(c, [HUMAN, HUMAN], module="combat_commander", scenario=SCENARIO, seed=4)
        gid = g["id"]
        v = view(c, gid)
        seat = v["view"]["decision"]["seat"]
        tok = g["seats"][seat]["token"]
        first = view(c, gid, tok)["view"]["decision"]["options"][0]["id"]
        r = c.get(f"/api/games/{gid}/odds", params={"option": first}, headers={"X-Seat-Token": tok})
        assert r.status_code == 404


def test_line_of_sight_answers_with_cc_los(tmp_path):
    with client(tmp_path / "g.db", run_agents=False) as c:
        g = new_game(c, [HUMAN, HUMAN], module="combat_commander", scenario=SCENARIO, seed=4)
        gid = g["id"]
        geo = c.get(f"/api/games/{gid}/map").json()
        ids = [h["id"] for h in geo["hexes"]]
        results = []
        for a, b in ((ids[0], ids[-1]), (ids[0], ids[1]), (ids[5], ids[40])):
            r = c.get(f"/api/games/{gid}/los", params={"a": a, "b": b})
            assert r.status_code == 200, r.text
            los = r.json()
            assert los["from"] == a and los["to"] == b and isinstance(los["clear"], bool)
            assert los["path"][0] == a and los["path"][-1] == b and los["rule"].startswith("10.")
            assert set(los["obstructions"]) <= set(los["path"]) | set(ids)
            results.append(los)
        assert results[1]["clear"] and results[1]["distance"] == 1
        assert not results[0]["clear"] or results[0]["distance"] > 1


def test_fire_odds_are_the_exact_enumeration_of_four_dice():
    from tactica.api import new_game as start
    from tactica.games.commander_family.fire import crossed_cover, is_weapon, strength, wtype
    from tactica.games.commander_family.stats import morale

    g = start("combat_commander", SCENARIO, seed=4)
    rnd = random.Random(4)
    for _ in range(400):
        d = g.decision()
        assert d is not None
        opts = [{"id": o.id, "kind": o.kind, "args": o.args} for o in d.options]
        if any(o["kind"] == "fire" for o in opts) and g.frame_names()[-1] == "fire_order":
            break
        g.apply(_pick(opts, rnd)["id"])
    else:
        raise AssertionError("no Fire attack came up")
    a = g.top()
    res = g.rules.odds(g, d.seat, "fire")
    assert res is not None and abs(sum(x["p"] for x in res["outcomes"]) - 1) < 1e-3
    fp = strength(g, a["group"], a["target"])["fp"]
    defenders = [u for u, x in g.state["units"].items()
                 if x["where"] == "map" and x["hex"] == a["target"] and x["seat"] != d.seat]
    plain = not any(is_weapon(g, p) and (wtype(g, p).ordnance or wtype(g, p).kind == "mortar"
                                         or wtype(g, p).cover_zero) for p in a["group"])
    assert len(defenders) == 1 and plain, "seed 4 comes to a plain shot at one unit"
    uid = defenders[0]
    m = morale(g, uid, crossed_cover(g, a["group"], a["target"])).value
    dice = range(1, 7)
    four = [(w + c, x + y) for w in dice for c in dice for x in dice for y in dice]
    brk = sum(1 for att, dfn in four if m + dfn < fp + att) / 1296
    tie = sum(1 for att, dfn in four if m + dfn == fp + att) / 1296
    got = {x["label"]: x["p"] for x in res["outcomes"]}
    assert abs(got[f"{uid} breaks"] - brk) < 1e-4 and abs(got[f"{uid} Suppressed"] - tie) < 1e-4
