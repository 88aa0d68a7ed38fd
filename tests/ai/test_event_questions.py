"""The Commander family's scripted policy answers an Event's question (``event_ask``) by the
effect each option states (its ``effect`` arg, event_steps.HURTS / HELPS, set by the Event that
asks), not by the words of its label: the answers are those the label reading gave, over every
Event question met in random and scripted games of both Commander games, and a relabelled option
is still answered by its effect."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

import tactica
from tactica.ai.policy import policy_for
from tactica.ai.scripted import ScriptedAgent
from tactica.core.game import Game
from tactica.core.options import Option
from tactica.games import get_rules
from tactica.games.commander_family import scripted
from tactica.games.commander_family.event_steps import HELPS, HURTS

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "combat_commander"))
from event_helpers import AXIS, game, happen, unit

LABEL_HURTS = ("Break", "Eliminate", "Suppress", "Surrender")
LABEL_HELPS = ("Rally", "Veteran", "Return", "Foxholes", "Give to")
"""The first words by which the policy read an option's effect before the options stated it."""


def effect_by_label(o: Option) -> int:
    """The label reading the ``effect`` arg replaced: 1 hurts, -1 helps, 0 says neither."""
    return 1 if o.label.startswith(LABEL_HURTS) else -1 if o.label.startswith(LABEL_HELPS) else 0


def event_questions(game_id: str, games: int, scripted_every: int) -> Iterator[Game]:
    """Each Event question with a choice met in ``games`` games of ``game_id`` (its scenarios in
    turn; every ``scripted_every``-th game by the scripted agent on both seats, the rest random)."""
    scenarios = sorted(s.id for s in get_rules(game_id).scenarios())
    for i in range(games):
        g = tactica.new_game(game_id, scenarios[i % len(scenarios)], seed=500 + i)
        rng = random.Random(i)
        agents = [ScriptedAgent(i), ScriptedAgent(i + 1)] if i % scripted_every == 0 else None
        while not g.is_terminal():
            d = g.decision()
            assert d is not None
            if d.step == "event_ask" and len(d.options) > 1:
                yield g
            if agents is not None:
                g.apply(agents[d.seat].choose(g, d.seat))
            else:
                g.apply(d.options[rng.randrange(len(d.options))])


@pytest.mark.parametrize(("game_id", "games"), [("combat_commander", 24), ("great_war_commander", 12)])
def test_event_answers_by_effect_are_those_the_labels_gave(game_id: str, games: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    policy = policy_for(game_id)
    met, stated = 0, 0
    for k, g in enumerate(event_questions(game_id, games, scripted_every=4)):
        d = g.decision()
        assert d is not None
        for o in d.options:
            assert o.args.get("effect") in (None, HURTS, HELPS), o
            if o.kind != "none":  # "none" weighs 0 whatever it says ("Break nobody")
                assert scripted._event_effect(o) == effect_by_label(o), (d.prompt, o)
            stated += o.args.get("effect") is not None
        new, _ = policy.explain(g, d.seat, random.Random(k))
        with monkeypatch.context() as m:
            m.setattr(scripted, "_event_effect", effect_by_label)
            old, _ = policy.explain(g, d.seat, random.Random(k))
        assert new.id == old.id, (d.prompt, new.id, old.id)
        met += 1
    assert met >= 10 and stated >= 10, (met, stated)  # the games meet questions that state effects


@pytest.mark.parametrize(("event", "effect", "wanted"),
                         [("KIA", HURTS, "allies-1"), ("Medic!", HELPS, "axis-1")])
def test_a_relabelled_option_is_answered_by_its_effect(event: str, effect: str, wanted: str) -> None:
    """KIA (eliminate a broken unit) and Medic! (rally one), with a broken unit of each side and
    every label reworded so that no word says which way it cuts: the policy still eliminates the
    enemy's unit and rallies its own, whatever the order of the options."""
    g = game([{"type": "ger-rifle-squad", "hex": "E4"}], [{"type": "us-rifle-squad", "hex": "N8"}])
    unit(g, "axis-1")["broken"] = unit(g, "allies-1")["broken"] = True
    happen(g, AXIS, event)
    d = g.decision()
    assert d is not None and d.step == "event_ask" and d.seat == AXIS
    assert sorted(o.id for o in d.options) == ["unit:allies-1", "unit:axis-1"]
    assert all(o.args["effect"] == effect for o in d.options)
    renamed = [replace(o, label=f"Option {i}") for i, o in enumerate(d.options)]
    assert not any(effect_by_label(o) for o in renamed)
    policy = policy_for("combat_commander")
    for seed in range(4):
        ctx = scripted._Ctx.at(g, d.seat)
        with ctx:
            r = policy._event_ask(g, ctx, list(renamed), d.prompt, random.Random(seed))
        assert r is not None and r[0].id == f"unit:{wanted}"
