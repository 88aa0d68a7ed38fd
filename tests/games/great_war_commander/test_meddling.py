"""E71 High Command Meddling: a card drawn unseen is the receiver's next Order (revealed, not
chosen), with no pass while it waits (E71.2); an Order it cannot carry out is forfeited and still
counts; nobody sees the card, and resampling re-deals it from the pools it could come from."""

from __future__ import annotations

import json
from typing import Any

from tactica.core.game import Game

from .cards_helpers import ENT as FR
from .cards_helpers import card_with, choose, event, game, opts, scene


def turn_frame(g: Game) -> dict[str, Any]:
    return next(f["args"] for f in reversed(g.state["stack"]) if f["step"] == "turn")


def meddled(order: str) -> tuple[Game, str]:
    """France (the active side) at its Turn decision with a face-down card of ``order``
    waiting."""
    look = game("frontieres_1914")
    assert int(look.state["active"]) == FR
    p = scene("frontieres_1914")
    p.unit(1 - FR, "ger-landwehr", "H5")
    p.unit(FR, "fr-ligne-1914", "H9")
    held = [card_with(look, FR, order="Fire"), card_with(look, FR, order="Move")]
    down = card_with(look, FR, order=order, avoid=tuple(held))
    g = p.hand(FR, held).deck(FR, top=[down]).game(seed=1)
    event(g, FR, "High Command Meddling")
    choose(g, "go")  # the Event's waiting frame: back to the Turn decision
    return g, down


def test_E71_the_face_down_card_is_the_next_order_and_E71_2_no_pass() -> None:
    g, down = meddled("Move")
    sd = g.state["sides"][FR]
    assert sd["face_down"] == [down] and down not in sd["hand"] and down not in sd["deck"]["draw"]
    ids = opts(g)
    assert "reveal" in ids and "pass" not in ids and "end" not in ids
    assert not any(i.startswith("order:") for i in ids)  # the hand gives no Order meanwhile
    choose(g, "reveal")
    assert turn_frame(g)["given"] == 1
    assert g.frame_names()[-1] == "move_order" and down in sd["deck"]["discard"]
    assert "face_down" not in sd
    assert any(e[0] == "E71" and "must carry out" in e[1] for e in g.log)


def test_E71_an_order_that_cannot_be_given_is_forfeited_and_still_counts() -> None:
    g, down = meddled("Recover")  # nothing broken: Recover cannot be given
    choose(g, "reveal")
    assert turn_frame(g)["given"] == 1
    assert down in g.state["sides"][FR]["deck"]["discard"]
    assert any(e[0] == "E71" and "forfeited" in e[1] for e in g.log)
    ids = opts(g)
    cap = g.state["sides"][FR]["order_cap"]
    assert ("end" in ids) == (cap > 1) and "pass" not in ids


def test_E71_the_card_is_hidden_from_both_seats_and_resampled_from_their_pools() -> None:
    g, down = meddled("Move")
    for seat in (0, 1):
        assert down not in json.dumps(g.rules.view(g, seat, False))
        assert g.rules.view(g, seat, False)["sides"][FR]["face_down_count"] == 1
    sd = g.state["sides"][FR]
    own_pool = set(sd["deck"]["draw"]) | {down}
    other_pool = set(sd["deck"]["draw"]) | set(sd["hand"]) | {down}
    seen_own, seen_other = set(), set()
    for seed in range(40):
        mine = g.resample_from_infostate(FR, seed).state["sides"][FR]
        assert len(mine["face_down"]) == 1 and mine["hand"] == sd["hand"]  # his hand is his
        assert mine["face_down"][0] in own_pool
        seen_own.add(mine["face_down"][0])
        theirs = g.resample_from_infostate(1 - FR, seed).state["sides"][FR]
        assert len(theirs["face_down"]) == 1 and theirs["face_down"][0] in other_pool
        assert set(theirs["hand"]) | set(theirs["face_down"]) | set(theirs["deck"]["draw"]) == other_pool
        seen_other.add(theirs["face_down"][0])
    assert len(seen_own) > 1 and len(seen_other) > 1


def test_E71_1_a_card_left_when_the_orders_run_out_waits_for_the_next_turn() -> None:
    g, down = meddled("Move")
    frame = turn_frame(g)
    frame["given"] = g.state["sides"][FR]["order_cap"]  # as if the capability were used up
    frame["phase"] = "after_order"  # the Turn ends by itself, the card still face down
    g.refresh()
    for _ in range(200):  # the German Turn, passed
        d = g.decision()
        assert d is not None
        if d.step == "turn" and d.seat == FR:
            break
        ids = [o.id for o in d.options]
        g.apply(next((i for i in ("pass", "done", "end", "none") if i in ids), ids[0]))
    assert g.state["sides"][FR]["face_down"] == [down] and int(g.state["turn"]) >= 2
    assert "reveal" in opts(g) and "pass" not in opts(g)


def test_E71_drawing_the_last_card_face_down_advances_time() -> None:
    p = scene("frontieres_1914")
    p.unit(1 - FR, "ger-landwehr", "H5")
    p.unit(FR, "fr-ligne-1914", "H9")
    g = p.game(seed=1)
    d = g.state["sides"][FR]["deck"]
    last = d["draw"][-1]
    d["discard"] += d["draw"][:-1]
    d["draw"][:] = [last]
    space = g.state["time"]["space"]
    event(g, FR, "High Command Meddling")
    assert g.state["sides"][FR]["face_down"] == [last]
    assert any(e[0] == "6.1.2" and "last card" in e[1] for e in g.log)
    assert g.state["time"]["space"] == space + 1 and last not in d["draw"]


def test_E71_both_drawings_show_the_face_down_card_without_its_face() -> None:
    g, down = meddled("Move")
    for seat in (0, 1):
        t = g.rules.drawing(g, seat, g.view(seat))  # type: ignore[attr-defined]
        info = [i for i in t["info"] if "face-down" in i["label"]]
        assert len(info) == 1 and info[0]["value"].startswith("1") and down not in json.dumps(t)
