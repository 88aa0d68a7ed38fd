"""Short searches at random branch points of every registered module: the search, the module's
policy and its hooks (branch points, candidates, evaluation) never crash and never pick an
option that is not legal.

Search playouts reach positions that ordinary play rarely does (determinized hands, policy play
from odd positions, 5% random moves); the last two policy bugs were found that way. Each module
gets a few tiny searches (a handful of iterations, one-turn rollouts), so the test stays at a
few seconds a module; the budgets are iteration counts, so a failure replays from its seed.
``TACTICA_SEARCH_FUZZ=<n>`` runs n searches a module instead of 4.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

import tactica
from tactica.ai.hooks import branch_point_for, evaluator_for
from tactica.ai.ismcts import ISMCTS
from tactica.ai.levels import parse_level
from tactica.ai.policy import policy_for
from tactica.core.game import Game
from tactica.games import all_ids, get_rules

SEARCHES_PER_MODULE = int(os.environ.get("TACTICA_SEARCH_FUZZ", "4"))
"""Searches per module (TACTICA_SEARCH_FUZZ=100 for a long run)."""
LEVEL = replace(parse_level("6"), rollout_turns=1, max_rollout=60, tree_depth=3)
"""Tiny: the point is the paths a search takes, not its strength."""
MAX_STEPS = 3000


def _advance_to_branch(g: Game, module: str, rng: random.Random, plies: int) -> bool:
    """Play ``plies`` decisions (random or policy, half each), then on to the next decision
    with a real choice at one of the module's branch points. False if the game ended first."""
    policy = policy_for(module)
    branch = branch_point_for(module)
    steps = 0
    while not g.is_terminal() and steps < MAX_STEPS:
        opts = g.legal_options()
        if steps >= plies and len(opts) > 1 and (branch is None or branch(g)):
            return True
        seat = g.current_player()
        if rng.random() < 0.5:
            oid = rng.choice(opts).id
        else:
            oid = policy.choose(g, seat, rng).id
            assert oid in {o.id for o in opts}, f"{module}: the policy chose {oid!r}, not legal"
        g.apply(oid)
        steps += 1
    return False


@pytest.mark.parametrize("module", all_ids())
def test_short_searches_at_random_branch_points(module: str) -> None:
    rules = get_rules(module)
    scenarios = [s.id for s in rules.scenarios()]
    rng = random.Random(f"search-fuzz/{module}")
    evaluate = evaluator_for(module)
    done = 0
    for k in range(3 * SEARCHES_PER_MODULE):
        if done >= SEARCHES_PER_MODULE:
            break
        g = tactica.new_game(module, scenarios[k % len(scenarios)], seed=rng.randrange(1 << 30))
        if not _advance_to_branch(g, module, rng, rng.choice((0, 4, 12, 30, 60, 100))):
            continue
        seat = g.current_player()
        before = repr(g.state)
        search = ISMCTS(module, LEVEL)
        r = search.search(g, seat, random.Random(k))
        legal = {o.id for o in g.legal_options()}
        assert r.choice in legal, f"{module}: search chose {r.choice!r}, not legal"
        assert set(r.visits) <= legal, f"{module}: search weighed options that are not legal"
        assert repr(g.state) == before, f"{module}: the search changed the real game"
        cands = search.candidates(g)
        assert cands and {o.id for o in cands} <= legal
        v = evaluate(g.resample_from_infostate(seat, 1))
        assert len(v) == g.num_players() and all(-1.0 <= x <= 1.0 for x in v)
        g.apply(r.choice)  # and the game goes on from the searched move
        done += 1
    assert done >= SEARCHES_PER_MODULE // 2, f"{module}: too few branch points reached ({done})"
