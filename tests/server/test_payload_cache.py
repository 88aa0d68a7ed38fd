"""What the server keeps between changes to build views faster (server/live.py ``Hub.view``: the
log entries already sent) never changes a view: after every decision, undo and the end, each
seat's view equals the one the game builds afresh, hidden entries included."""

from __future__ import annotations

import random

import pytest

import tactica
from tactica.server.fairness import Fairness
from tactica.server.live import Hub, LiveGame, end_by_resignation
from tactica.server.store import SeatInfo


@pytest.mark.parametrize(("module", "scenario"), [("great_war", "ridge_trench"),
                                                  ("combat_commander", "bridge_at_dawn")])
def test_views_built_with_the_kept_log_equal_fresh_views(module, scenario):
    for seed in range(3):
        g = tactica.new_game(module, scenario, seed=seed)
        seats = [SeatInfo(i, s, "human") for i, s in enumerate(g.seats)]
        live = LiveGame("g", g, seats, Fairness.fresh(seed))
        hub = Hub(store=None, run_agents=False)  # type: ignore[arg-type]  # views need no store
        rng = random.Random(seed)
        undos = 0
        for step in range(160):
            for seat in (None, *range(g.num_players())):
                assert hub.view(live, seat) == g.view(seat), (seed, step, seat)
            d = g.decision()
            if d is None:
                break
            if step % 7 == 6 and g.can_undo():
                g.undo()
                undos += 1
            else:
                g.apply(rng.choice(d.options).id, seat=d.seat)
            live.touch()
        assert undos > 0
        if not g.is_terminal():  # the end shows every entry: the kept log must not hide any
            end_by_resignation(g, {"returns": [1.0, -1.0], "reason": "allies resigned"})
        for seat in (None, *range(g.num_players())):
            assert hub.view(live, seat) == g.view(seat)
        private = [e for e in g.view(0)["log"] if e["private"]]
        assert private or module == "great_war"


def test_payload_bytes_read_back_as_the_json_module_writes_them():
    """The encoding (orjson, its key option only when needed, the json module for what orjson
    cannot write) gives the same JSON for keys that are not strings and for huge integers."""
    import json

    from tactica.server.live import encode

    for data in ({"a": [1, 2.5, None, "★"]}, {1: "x", "y": {2: [3]}}, {"seed": 1 << 130}):
        assert json.loads(encode(data)) == json.loads(json.dumps(data))


def test_custom_scenarios_settle_the_heap_once_per_module(monkeypatch):
    """Hub.settle freezes the heap after a scenario's first game; the editor's scenarios are
    unbounded in number, so they count as one per module (else each would cost a full
    collection and pin the games alive at that moment)."""
    import gc

    from tactica.server.live import Hub

    frozen: list[int] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(1))
    monkeypatch.setattr(gc, "collect", lambda *a: 0)
    hub = Hub(store=None, run_agents=False)  # type: ignore[arg-type]
    for i in range(50):
        hub.settle("great_war", f"custom-{i:032x}")
    hub.settle("great_war", "ridge_trench")
    hub.settle("great_war", "ridge_trench")
    hub.settle("combat_commander", "custom-" + "0" * 32)
    assert len(frozen) == 3
