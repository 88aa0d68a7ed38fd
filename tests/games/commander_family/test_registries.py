"""The family core on its own: card order, and the Order/Event/Action registries."""

from __future__ import annotations

from tactica.games.commander_family.actions import ActionDef, action_registry
from tactica.games.commander_family.cards import card_key
from tactica.games.commander_family.events import event_registry
from tactica.games.commander_family.orders import COMMAND_CONFUSION, OrderDef, order_registry
from tactica.games.commander_family.rolls import TRIGGER_STEPS


def test_card_key_is_natural() -> None:
    assert sorted(["G-12", "G-2", "G-1"], key=card_key) == ["G-1", "G-2", "G-12"]


def test_O19_command_confusion_is_registered_and_never_legal() -> None:
    reg = order_registry({"Move": "O21", "Command Confusion": "O19"})
    assert reg["Command Confusion"] is COMMAND_CONFUSION
    assert not COMMAND_CONFUSION.offered(None, 0, "X-1")  # type: ignore[arg-type]
    assert not reg["Move"].offered(None, 0, "X-1")  # type: ignore[arg-type]  # not yet


def test_an_implemented_order_is_offered() -> None:
    o = OrderDef("Move", "O21", implemented=True, start=lambda g, s, c: None)
    assert o.offered(None, 0, "X-1")  # type: ignore[arg-type]


def test_events_default_to_not_yet() -> None:
    reg = event_registry({"Hero": "E58"})
    assert not reg["Hero"].implemented


def test_actions_need_their_window() -> None:
    reg = action_registry({"Dig In": "A32"})
    assert not reg["Dig In"].implemented
    a = ActionDef("Dig In", "A32", implemented=True, windows=frozenset({"dig_in"}),
                  play=lambda g, s, c, ctx: None)
    assert a.offered(None, 0, "X", "dig_in", {})  # type: ignore[arg-type]
    assert not a.offered(None, 0, "X", "after_pass_discard", {})  # type: ignore[arg-type]


def test_1_9_1_trigger_frames() -> None:
    assert {"trigger_event", "trigger_sniper", "time_advance"} == set(TRIGGER_STEPS)
