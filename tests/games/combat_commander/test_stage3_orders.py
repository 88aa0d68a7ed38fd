"""O16 Advance, O16.4 Melee, O22 Recover, O23 Rout and Retreat in real positions (digest §5 rows
3, 39-41), on the Fire test map (road M4-M6: Open + Road Cover -1)."""

from __future__ import annotations

from typing import Any

from fire_helpers import game, hand, opts, text, top
from stage3_helpers import stage3_rules
from test_stage3_move_op_fire import do, rolls

from tactica.core.game import Game


def new(axis: list[Any], allies: list[Any]) -> Game:
    return game(axis, allies, stage3_rules())


def broken(g: Game, *uids: str) -> None:
    for u in uids:
        g.state["units"][u]["broken"] = True


def test_O16_advance_into_an_enemy_hex_and_O16_4_melee() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C3"}, {"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-team", "hex": "C4"}, {"type": "us-rifle-squad", "hex": "O9"}])
    hand(g, 0, ["G-2"])
    top(g, 1, *rolls("America", [], (1, 1)))   # inactive rolls first: 3 (2 +1 boxed) + 2 = 5
    top(g, 0, *rolls("Germany", ["G-2"], (3, 3)))  # active: 5 + 6 = 11
    g.refresh()
    do(g, "order:G-2", "activate:axis-1", "adv:axis-1:C4")
    log = text(g)
    assert "axis-1 advances from C3 into C4" in log
    assert "Melee FP 3 (allies-1 2 +1 boxed) + roll 2 = 5" in log
    assert "Melee FP 5 (axis-1 5) + roll 6 = 11" in log
    assert g.state["units"]["allies-1"]["where"] == "casualties"
    assert g.state["units"]["axis-1"]["hex"] == "C4"
    assert g.state["vp"] == 1


def test_O16_4_3_tie_eliminates_both_sides() -> None:
    g = new([{"type": "ger-rifle-team", "hex": "C3"}, {"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-team", "hex": "C4"}, {"type": "us-rifle-squad", "hex": "O9"}])
    hand(g, 0, ["G-2"])
    fp_ger = g.rules.unit_type("ger-rifle-team").unbroken  # type: ignore[attr-defined]
    ger = fp_ger.fp + (1 if "fp" in fp_ger.boxed else 0)
    # US 3 + roll; German ger + roll: pick rolls making the totals equal
    top(g, 1, *rolls("America", [], (3, 3)))
    top(g, 0, *rolls("Germany", ["G-2"], (3, 9 - ger - 3)))
    g.refresh()
    do(g, "order:G-2", "activate:axis-1", "adv:axis-1:C4")
    assert "both sides are eliminated" in text(g)
    assert g.state["units"]["axis-1"]["where"] == g.state["units"]["allies-1"]["where"] == "casualties"


def test_O16_advance_refused_when_no_unit_may_advance() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C3"}], [{"type": "us-rifle-squad", "hex": "O9"}])
    hand(g, 0, ["G-2"])
    g.state["activated"].append("axis-1")
    g.refresh()
    assert "order:G-2" not in opts(g)


def _rally(roll: tuple[int, int]) -> Game:
    g = new([{"type": "ger-rifle-squad", "hex": "M5"}, {"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-squad", "hex": "O9"}])
    broken(g, "axis-1")  # broken Morale 8, Open + Road -1: 7
    g.state["units"]["axis-2"]["suppressed"] = True
    hand(g, 0, ["G-4"])
    top(g, 0, *rolls("Germany", ["G-4"], roll))
    g.refresh()
    do(g, "order:G-4")
    return g


def test_O22_3_rally_roll_against_morale_7() -> None:
    g = _rally((2, 3))
    assert not g.state["units"]["axis-1"]["broken"] and not g.state["units"]["axis-2"]["suppressed"]
    assert "Rally Roll 5 below Morale 7" in text(g)
    g = _rally((3, 4))
    u = g.state["units"]["axis-1"]
    assert u["broken"] and u["suppressed"]
    g = _rally((4, 5))
    u = g.state["units"]["axis-1"]
    assert u["broken"] and not u["suppressed"]


def test_O22_refused_without_broken_or_suppressed_units() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "M5"}], [{"type": "us-rifle-squad", "hex": "O9"}])
    hand(g, 0, ["G-4"])
    assert "order:G-4" not in opts(g)


def _rout(roll: tuple[int, int]) -> Game:
    g = new([{"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-squad", "hex": "M5"}, {"type": "us-rifle-squad", "hex": "O9"}])
    broken(g, "allies-1")  # broken Morale 8, Open + Road -1: 7; the Allied edge is east (column O)
    hand(g, 0, ["G-32"])
    top(g, 0, *rolls("Germany", ["G-32"], roll))
    g.refresh()
    do(g, "order:G-32", "player:1")
    return g


def test_O23_2_rout_roll_against_morale_7() -> None:
    g = _rout((4, 5))  # 9: Retreat 2, each hex closer to the east edge
    assert "retreats 2 hex(es)" in text(g)
    if g.decision() is not None and g.decision().step == "retreat":
        do(g, opts(g)[0])
        if g.decision().step == "retreat":
            do(g, opts(g)[0])
    assert g.state["units"]["allies-1"]["hex"][0] == "O"
    g = _rout((3, 4))
    assert g.state["units"]["allies-1"]["suppressed"] and g.state["units"]["allies-1"]["hex"] == "M5"
    g = _rout((2, 3))
    u = g.state["units"]["allies-1"]
    assert not u["suppressed"] and u["hex"] == "M5"


def test_O23_3_retreat_off_the_own_edge_eliminates() -> None:
    g = _rout((5, 5))  # 10: Retreat 3 from two hexes out: off the edge
    while g.decision() is not None and g.decision().step == "retreat":
        do(g, opts(g)[0])
    assert g.state["units"]["allies-1"]["where"] == "casualties"
    assert "retreats off its own edge" in text(g)
    assert g.state["vp"] == 2


def test_O22_1_O23_1_one_recover_or_rout_per_player_per_turn() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "M5"}, {"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-squad", "hex": "O9"}])
    broken(g, "axis-1")
    hand(g, 0, ["G-4", "G-7", "G-32"])
    top(g, 0, *rolls("Germany", ["G-4", "G-7", "G-32"], (6, 6)))
    g.refresh()
    do(g, "order:G-4")
    # the Axis player was activated for Recover: no second Recover, no Rout of his own units,
    # and the Allies have no broken unit
    assert "order:G-7" not in opts(g) and "order:G-32" not in opts(g)


def test_fuzz_random_games_with_the_stage3_orders() -> None:
    import random
    import time

    r = stage3_rules()
    for sc, seed in (("hill_2_crown", 1), ("orchard_meeting", 2), ("ridge_1941", 3)):
        g = Game.new(r, sc, seed)
        rng = random.Random(seed)
        t = time.process_time()
        for _ in range(20_000):
            if g.is_terminal():
                break
            o = g.legal_options()
            assert o, f"dead end at {g.frame_names()}"
            g.apply(rng.choice(o).id)
        assert g.is_terminal()
        assert time.process_time() - t < 2.0
