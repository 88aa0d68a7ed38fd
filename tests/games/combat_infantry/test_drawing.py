"""The browser table's drawing of a seat's view (drawing.py): blocks drawn as blocks, face to
their owner and back to the other side (1.0), the label turned a quarter per step lost (2.11),
and the active HQ's command range (4.1). Built from the view only."""

from __future__ import annotations

from typing import Any

from ci_helpers import activate, scene

from tactica.server.table import table_for


def _table(g: Any, seat: int) -> dict[str, Any]:
    return table_for(g, seat, g.view(seat))


def _piece(t: dict[str, Any], pid: str) -> dict[str, Any]:
    return next(p for p in t["pieces"] if p["id"] == pid)


def test_1_0_blocks_face_their_owner_and_show_the_other_side_their_back() -> None:
    g = scene({"US-A1-PHQ": "B2", "US-A1-IN1": ("B3", 2), "GE-A1-IN1": ("H4", 2),
               "GE-A1-PHQ": ("H5", 1, "up")})
    mine = _table(g, 0)
    b = _piece(mine, "US-A1-IN1")["block"]
    assert b["facing"] == "face" and b["edges"] == [4, 3, 2, 1] and b["steps"] == 2
    assert b["rotation"] == 180  # 2.11: two steps lost, two quarter turns
    ger_piece = g.state["pieces"]["GE-A1-IN1"]
    back = _piece(mine, ger_piece)["block"]
    assert back == {"facing": "back", "posture": "upright"}  # no label, no steps, no rotation
    assert _piece(mine, "GE-A1-PHQ")["block"]["facing"] == "face"  # face-up: revealed to both
    theirs = _table(g, 1)
    us_piece = g.state["pieces"]["US-A1-IN1"]
    assert _piece(theirs, us_piece)["block"] == {"facing": "back", "posture": "upright"}
    # the German squad has 3 steps (2.3) and 2 left: a quarter turn
    assert _piece(theirs, "GE-A1-IN1")["block"]["rotation"] == 90
    assert _piece(theirs, "GE-A1-IN1")["block"]["edges"] == [3, 2, 1]


def test_4_1_the_active_phqs_command_range_is_drawn_not_across_the_pond() -> None:
    g = scene({"US-A1-PHQ": "C8", "US-A1-IN1": "C7", "GE-A1-IN1": "N10"})
    assert _table(g, 0)["zones"] == []  # nobody active yet
    activate(g, "US-A1-PHQ")
    zone = _table(g, 0)["zones"][0]
    assert zone["kind"] == "command" and zone["side"] == 0
    assert "C8" in zone["hexes"] and "C7" in zone["hexes"] and "D8" in zone["hexes"]
    assert "C9" not in zone["hexes"]  # C8/C9 is the pond's bank: sea/lake breaks command (4.1)


def test_4_1_a_chqs_command_range_is_its_company_anywhere() -> None:
    g = scene({"US-A-CHQ": "B5", "US-A1-IN1": "B2", "US-A-MG": "K1", "US-A1-PHQ": "B9", "GE-A1-IN1": "N10"})
    activate(g, "US-A-CHQ")
    zone = _table(g, 0)["zones"][0]
    assert set(zone["hexes"]) == {"B5", "B2", "K1"}  # not the PHQ: a CHQ does not command PHQs
