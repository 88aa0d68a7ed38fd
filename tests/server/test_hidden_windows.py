"""The Op Fire window tell of issue 13, replayed on the server (docs/architecture.md, Reaction
windows): the seat that moves must be sent exactly the same things whether or not the other
seat holds a usable Fire card.

Two games with the same seed are played to the same move step. In one the other seat holds a
Fire card it could play on the hex entered (before, only then did its Op Fire window open); in
the other its Fire cards are swapped with other cards of its draw pile (a re-deal the mover
cannot tell from the first: same hand size, same draw pile size, same discards). The mover then
enters the hex and the other seat passes in both. Every WebSocket message and view the mover
receives must be the same in both games.
"""

from __future__ import annotations

import random
from typing import Any

import tactica
from tactica.core.game import Game

from .helpers import HUMAN, client, decide, new_game, view

MODULE, SCENARIO, SEED = "combat_commander", "hill_2_crown", 1


def find_tell() -> tuple[list[str], int, str]:
    """Random play until a move step after which the other seat's Op Fire window offers a Fire
    card and no attack: the decisions before it, the mover and the step."""
    g = tactica.new_game(MODULE, SCENARIO, seed=SEED)
    rng = random.Random(SEED)
    prefix: list[str] = []
    while not g.is_terminal():
        d = g.decision()
        assert d is not None and len(prefix) < 5000
        for o in d.options if d.step == "move_order" else ():
            if o.id.startswith("to:"):
                h = g.clone()
                h.apply(o.id)
                nd = h.decision()
                if (nd is not None and nd.step == "op_fire" and nd.seat != d.seat
                        and any(x.kind == "action" for x in nd.options)
                        and all(x.id != "attack" for x in nd.options)):
                    return prefix, d.seat, o.id
        prefix.append(rng.choice(g.legal_options()).id)
        g.apply(prefix[-1])
    raise AssertionError("no Op Fire window with a Fire card in this game")


def without_fire_cards(g: Game, seat: int) -> None:
    """Swap every Fire card of ``seat``'s hand with another card of its draw pile."""
    rules: Any = g.rules
    sd = g.state["sides"][seat]
    others = [c for c in sd["deck"]["draw"] if rules.card(c).action != "Fire"]
    for i, c in enumerate(list(sd["hand"])):
        if rules.card(c).action == "Fire":
            swap = others.pop()
            sd["deck"]["draw"][sd["deck"]["draw"].index(swap)] = c
            sd["hand"][i] = swap
    g.refresh()


def sent(msg: dict[str, Any]) -> dict[str, Any]:
    """What the mover is sent, less what differs between any two games by design: the game's
    id, its seed commitment (a fresh salt per game) and the change stamp ``rev`` (the clock's
    time of the last change, which says no more than when the view arrives)."""
    return {k: v for k, v in msg.items() if k not in ("game_id", "fairness", "rev")}


def test_the_mover_is_sent_the_same_whether_the_other_seat_holds_a_fire_card(tmp_path):
    prefix, mover, step = find_tell()
    other = 1 - mover
    with client(tmp_path / "g.db", run_agents=False) as c:
        games = [new_game(c, [HUMAN, HUMAN], module=MODULE, scenario=SCENARIO, seed=SEED) for _ in range(2)]
        ids = [g["id"] for g in games]
        tok = [{s: g["seats"][s]["token"] for s in (0, 1)} for g in games]
        for i, oid in enumerate(prefix):
            for k in (0, 1):
                seat = view(c, ids[k])["view"]["decision"]["seat"]
                assert decide(c, ids[k], tok[k][seat], i, oid).status_code == 200
        hub = c.app.state.hub  # type: ignore[attr-defined]
        no_fire: Game = hub.games[ids[1]].game
        without_fire_cards(no_fire, other)
        with_fire: Game = hub.games[ids[0]].game
        rules: Any = with_fire.rules
        assert any(rules.card(x).action == "Fire" for x in with_fire.state["sides"][other]["hand"])
        assert not any(rules.card(x).action == "Fire" for x in no_fire.state["sides"][other]["hand"])
        received: list[list[dict[str, Any]]] = [[], []]
        asked: list[list[list[str]]] = [[], []]  # the other seat's options at each window
        for k in (0, 1):
            with c.websocket_connect(f"/api/games/{ids[k]}/ws") as ws:
                ws.send_json({"token": tok[k][mover]})
                received[k].append(sent(ws.receive_json()))
                assert decide(c, ids[k], tok[k][mover], len(prefix), step).status_code == 200
                received[k].append(sent(ws.receive_json()))
                # the other seat passes every window it is asked in, until the mover decides
                while (d := view(c, ids[k], tok[k][other])["view"]["decision"])["seat"] == other:
                    assert d["window"], d["step"]
                    asked[k].append([o["id"] for o in d["options"]])
                    n = view(c, ids[k])["index"]
                    assert decide(c, ids[k], tok[k][other], n, "pass").status_code == 200
                    received[k].append(sent(ws.receive_json()))
                received[k].append(sent(view(c, ids[k], tok[k][mover])))
    assert received[0] == received[1], "the mover is sent different things"
    # the setup had teeth: the Op Fire window came first in both, with the Fire card in one only
    assert len(asked[0][0]) > 1 and asked[1][0] == ["pass"]
