"""Stable action numbers: the shipped tables only grow, number every id a game offers, and the
overflow block keeps tabled numbers fixed."""

import random

import pytest

import tactica
from tactica.core.options import Option
from tactica.games import get_rules
from tactica.interop.actions import (
    OVERFLOW,
    TableActionCodec,
    expand,
    read_table,
    table_digest,
    table_for,
    table_path,
)
from tactica.interop.encoding import HashedActionCodec, codec_for

# (module, ids at the time of pinning, digest of those ids). A table may grow at the end; the
# pinned prefix must never change, or trained policies would lose their meaning. After a table
# is extended, add a new pin: never edit an old one.
PINNED = [("great_war", 3499, "fdca07c06bcd7dc7"), ("combat_commander", 40057, "42599b1fc20511e1")]


@pytest.mark.parametrize(("module", "count", "digest"), PINNED)
def test_shipped_tables_only_ever_grow_at_the_end(module, count, digest):
    ids = read_table(table_path(module))
    assert len(ids) >= count and table_digest(ids[:count]) == digest


def _random_ids(module, scenario, seed, limit=3000):
    g = tactica.new_game(module, scenario, seed=seed).clone()
    rng = random.Random(seed)
    seen = []
    while not g.is_terminal() and limit:
        opts = g.legal_options()
        seen.append([o.id for o in opts])
        g.apply(rng.choice(opts).id)
        limit -= 1
    return seen


@pytest.mark.parametrize("scenario", [s.id for s in get_rules("great_war").scenarios()])
def test_every_great_war_option_has_a_tabled_number(scenario):
    codec = codec_for(get_rules("great_war"))
    for opts in _random_ids("great_war", scenario, seed=101):
        acts = codec.encode([Option(i) for i in opts])
        assert min(acts) >= OVERFLOW and [codec.id_of(a) for a in acts] == opts


def test_combat_commander_options_almost_never_reach_the_overflow_block():
    """Combat Commander's id space (units, weapons, hexes, cards) is built from play; a rare id
    not yet met lands in the overflow block, still distinct within its decision."""
    codec = codec_for(get_rules("combat_commander"))
    total = stray = 0
    for sc in get_rules("combat_commander").scenarios():
        for opts in _random_ids("combat_commander", sc.id, seed=202, limit=600):
            acts = codec.encode([Option(i) for i in opts])
            assert len(set(acts)) == len(acts)
            total += len(acts)
            stray += sum(a < OVERFLOW for a in acts)
    assert total > 5000 and stray / total < 0.01


def test_table_codec_numbers_and_separates_untabled_ids():
    codec = TableActionCodec(["pass", "move:a1:B2"])
    assert codec.num_actions == OVERFLOW + 2
    assert codec.encode([Option("move:a1:B2"), Option("pass")]) == [OVERFLOW + 1, OVERFLOW]
    stray = codec.encode([Option(f"new:{i}") for i in range(50)] + [Option("pass")])
    assert len(set(stray)) == 51 and all(a < OVERFLOW for a in stray[:50]) and stray[-1] == OVERFLOW
    assert codec.id_of(OVERFLOW + 1) == "move:a1:B2" and codec.id_of(3) is None


def test_expansion_crosses_fields_that_share_values():
    got = expand(["move:a1:B2", "move:a2:C3", "fire:a2:c1", "crossfire:c1+c2:a1", "card:x"])
    assert {"move:a1:C3", "move:a2:B2", "fire:a1:c1", "crossfire:c1+c2:a2"} <= got
    assert not any(g.startswith(("crossfire:c1:", "move:c1", "card:a")) for g in got)
    assert len(got) == 4 + 2 + 2 + 1  # moves, fires, crossfires, the card


def test_a_module_supplies_its_own_table_through_the_rules_hook():
    class Tiny:
        id = "tiny"

        def action_ids(self):
            return ["pass", "go"]

    assert table_for(Tiny()) == ("pass", "go")
    codec = codec_for(Tiny())
    assert isinstance(codec, TableActionCodec) and codec.encode([Option("go")]) == [OVERFLOW + 1]

    class Bare:
        id = "bare"

        def action_ids(self):
            return None

    assert isinstance(codec_for(Bare()), HashedActionCodec)


def test_duplicate_ids_in_a_table_file_are_refused(tmp_path):
    p = tmp_path / "t.txt"
    p.write_text("# header\npass\ngo\npass\n")
    with pytest.raises(ValueError, match="'pass' is listed twice"):
        read_table(p)
