"""Fortifications in real Orders: Wire ending a Move (F106.2), a Mines hex attacking units that
Move into it (F103.2), Wire keeping Weapons silent (F106.3) and a Bunker deciding a tied Melee
(F101), all through the wired Combat Commander rules on the Fire test map."""

from __future__ import annotations

from typing import Any

from fire_helpers import game, go, hand, opts, text, top
from test_stage3_move_op_fire import rolls

from tactica.core.game import Game
from tactica.games.commander_family.fire import able


def new(axis: list[Any], allies: list[Any], forts: dict[str, str],
        held: dict[str, str] | None = None) -> Game:
    """The units, with the scenario's Fortifications (``held``: hex -> the side that last held
    it alone, for a Bunker or Pillbox)."""
    return game(axis, allies, fortifications=[{"hex": h, "type": k, "holder": (held or {}).get(h)}
                                              for h, k in forts.items()])


def test_F106_2_entering_wire_ends_the_move() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C3"}], [{"type": "us-rifle-squad", "hex": "O9"}],
            {"C4": "wire"})
    hand(g, 0, ["G-1"])
    go(g, "order:G-1", "activate:axis-1", "unit:axis-1", "to:C4")
    assert g.state["units"]["axis-1"]["hex"] == "C4"
    assert "must stop: Wire (F106.2)" in text(g)
    assert not any(o.startswith("to:") for o in opts(g))


def test_F103_2_moving_into_mines_draws_a_mine_attack() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C3"}], [{"type": "us-rifle-squad", "hex": "O9"}],
            {"C4": "mines"})
    hand(g, 0, ["G-1"])
    top(g, 1, *rolls("America", [], (6, 6)))  # the opponent rolls the Mine Attack: 6 FP + 12
    top(g, 0, *rolls("Germany", ["G-1"], (1, 1)))  # the squad's defense: 7 + 0 + 2 = 9 < 18
    g.refresh()
    go(g, "order:G-1", "activate:axis-1", "unit:axis-1", "to:C4")
    log = text(g)
    assert "Mine Attack in C4" in log
    assert g.state["units"]["axis-1"]["broken"]


def test_F106_3_no_weapon_fires_from_wire() -> None:
    axis = [{"type": "ger-rifle-squad", "hex": "C3", "weapon": "ger-lmg"}]
    allies = [{"type": "us-rifle-squad", "hex": "O9"}]
    g = new(axis, allies, {})
    wid = g.state["units"]["axis-1"]["weapon"]
    assert wid is not None and able(g, wid)
    g = new(axis, allies, {"C3": "wire"})
    assert g.state["units"]["axis-1"]["weapon"] == wid and not able(g, wid)


def test_F101_bunker_holder_survives_a_tied_melee() -> None:
    g = new([{"type": "ger-rifle-team", "hex": "C3"}, {"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-team", "hex": "C4"}, {"type": "us-rifle-squad", "hex": "O9"}],
            {"C4": "bunker"}, held={"C4": "allies"})  # the US team held the Bunker alone
    hand(g, 0, ["G-2"])
    fp_ger = g.rules.unit_type("ger-rifle-team").unbroken  # type: ignore[attr-defined]
    ger = fp_ger.fp + (1 if "fp" in fp_ger.boxed else 0)
    top(g, 1, *rolls("America", [], (3, 3)))
    top(g, 0, *rolls("Germany", ["G-2"], (3, 9 - ger - 3)))
    g.refresh()
    go(g, "order:G-2", "activate:axis-1", "adv:axis-1:C4")
    assert "held the fortification and survives" in text(g)
    assert g.state["units"]["axis-1"]["where"] == "casualties"
    assert g.state["units"]["allies-1"]["hex"] == "C4"
