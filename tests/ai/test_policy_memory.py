"""The Commander family's scripted policy keeps nothing of a game past its use: the context it
shares with search's hooks at one decision (``_Ctx.at``) and the hex it skips after going back
from a Fire group (``_backed``) hold the game weakly, so a finished game that is dropped is
freed with its state, and the policy's module-wide memory is empty again."""

from __future__ import annotations

import gc
import random
import sys
import weakref

import pytest

from tactica.ai import make_agent
from tactica.ai.policy import policy_for, scripted_module
from tactica.api import new_game
from tactica.games.commander_family import scripted


@pytest.mark.parametrize(("game_id", "scenario"),
                         [("combat_commander", "orchard_meeting"),
                          ("great_war_commander", "frontieres_1914")])
def test_a_dropped_game_leaves_nothing_in_the_policy(game_id: str, scenario: str) -> None:
    hooks = scripted_module(game_id)
    g = new_game(game_id, scenario, seed=3)
    agents = [make_agent("scripted", 3), make_agent("scripted", 4)]
    while not g.is_terminal():
        hooks.branch_point(g)  # search asks its hooks, then the policy, about one decision
        hooks.candidates(g)
        seat = g.current_player()
        g.apply(agents[seat].choose(g, seat))
    assert scripted._LAST_CTX[0] is not None  # the last decision's context, while its game lives
    policy = policy_for(game_id)
    policy._backed = (weakref.ref(g), "A1")  # as a Fire group given up at the last choice
    state, ref = g.state, weakref.ref(g)
    del g
    gc.collect()
    assert ref() is None  # nothing keeps the game alive
    assert scripted._LAST_CTX[0] is None
    refs = sys.getrefcount(state)
    assert refs == 2, gc.get_referrers(state)  # ``state`` here and the call's argument: no other


def test_a_context_of_a_live_game_is_shared_and_a_later_game_starts_afresh() -> None:
    """While its game lives, the context of a decision is the one search's hooks and the policy
    share; a context made for another game takes its place, and dropping the first game then
    leaves the second's in place."""
    g = new_game("combat_commander", "orchard_meeting", seed=1)
    h = g.clone()
    seat = g.current_player()
    ctx = scripted._Ctx.at(g, seat)
    assert scripted._Ctx.at(g, seat) is ctx
    other = scripted._Ctx.at(h, seat)
    assert other is not ctx
    del g, ctx
    gc.collect()
    assert scripted._LAST_CTX[0] is not None and scripted._Ctx.at(h, seat) is other
    assert policy_for("combat_commander").choose(h, seat, random.Random(0)) in h.legal_options()
