"""Engine games pickle (multiprocessing, checkpoints): the state by value, the rules by id."""

import pickle

import pytest

import tactica
from tactica.games import BUILTIN, get_rules


@pytest.mark.parametrize("module", sorted(BUILTIN))
def test_a_game_pickles_mid_play_and_carries_on_identically(module):
    g = tactica.new_game(module, get_rules(module).scenarios()[0].id, seed=4)
    for _ in range(30):
        g.apply(g.legal_options()[-1].id)
    h = pickle.loads(pickle.dumps(g))
    assert h.rules is g.rules and h.state == g.state and h.log_lines() == g.log_lines()
    for _ in range(30):
        if g.is_terminal():
            break
        oid = g.legal_options()[0].id
        g.apply(oid)
        h.apply(oid)
    assert h.state == g.state and h.record.decisions == g.record.decisions
