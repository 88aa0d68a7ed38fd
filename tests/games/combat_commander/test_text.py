"""The terminal picture of a Combat Commander view: a grid of hexes, the units in words, the
tracks and the seat's own hand; never the other hand."""

from __future__ import annotations

import random

import tactica


def _midgame():
    g = tactica.new_game("combat_commander", "bridge_at_dawn", seed=3)
    rng = random.Random(1)
    for _ in range(80):
        d = g.decision()
        assert d is not None
        g.apply(rng.choice([o for o in d.options if o.kind != "extra"] or d.options).id)
    return g


def test_the_board_is_a_grid_with_units_in_words_not_a_json_dump():
    g = _midgame()
    text = g.rules.describe(g, 0)
    assert not text.lstrip().startswith("{") and '"units"' not in text
    lines = text.splitlines()
    assert lines[1].split() == list("ABCDEFGHIJKLMNO"), "a column header per map column"
    assert any(line.startswith("  10  ") for line in lines), "a line per map row"
    assert "Rifle squad G4 (Germany: FP" in text and "axis-4" not in text
    t = g.view(0)["board"]["time"]  # where the random play left the Time marker
    assert f"Time {t['space']}/{t['last']}" in text and "Victory points" in text


def test_each_seat_reads_its_own_hand_and_only_the_size_of_the_other():
    g = _midgame()
    hands = [sd["hand"] for sd in g.state["sides"]]
    mine, theirs = g.rules.describe(g, 0), g.rules.describe(g, 1)
    assert all(f"({c})" in mine for c in hands[0]) and not any(f"({c})" in mine for c in hands[1])
    assert all(f"({c})" in theirs for c in hands[1]) and not any(f"({c})" in theirs for c in hands[0])
    assert f"America: {len(hands[1])} Fate cards (hidden)" in mine
    spectator = g.rules.describe(g, None)
    assert not any(f"({c})" in spectator for c in hands[0] + hands[1])
