"""Line-of-sight policies and the precomputed table.

Boards here are small flat-top odd-q maps labelled A1..; in such a map a column is a straight
line of hexes (C1-C2-C3...), the line B5->D5 runs exactly along the C5/C6 hexside, and the line
B3->F6 passes exactly through corners of C5 and E5 without entering them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactica.core.board import Board, load_board
from tactica.core.los import (
    CombatCommanderLos,
    CombatInfantryLos,
    CommandsColorsLos,
    LosPolicy,
    LosResult,
    LosTable,
    NoLos,
    Overlay,
    sight,
)

SAMPLE = Path(__file__).parent / "data" / "sample_15x10.yaml"


def mk(
    hexes: dict[str, Any] | None = None,
    hexsides: dict[str, list[str]] | None = None,
    roads: list[list[str]] | None = None,
    cols: int = 8,
    rows: int = 10,
) -> Board:
    data: dict[str, Any] = {
        "version": 1,
        "geometry": {
            "orientation": "flat",
            "offset": "odd-q",
            "labels": "letter-number",
            "cols": cols,
            "rows": rows,
        },
        "hexes": hexes or {},
        "hexsides": hexsides or {},
        "roads": [{"kind": "road", "path": p} for p in roads or []],
    }
    return load_board(data, source_name="test-map")


def cc() -> CombatCommanderLos:
    """Combat Commander terrain as the CC module will configure it (digest 000 section 4.1)."""
    return CombatCommanderLos(
        {"woods", "building"},
        {"brush": 3, "orchard": 2, "field": 1, "marsh": 1},
        hexside_obstacles={"wall", "hedge"},
        hexside_hindrances={"fence": 1},
        blind={"woods", "building"},
        sunken={"gully"},
        road_kinds=["road"],
    )


def cnc() -> CommandsColorsLos:
    return CommandsColorsLos({"forest", "building", "hill"})


def ci() -> CombatInfantryLos:
    return CombatInfantryLos(
        {"orchard", "woods", "town", "farm"}, {"hedge", "woods"}, adjacent_blocking_hexsides={"hedge"}
    )


def los(board: Board, policy: LosPolicy, a: str, b: str, overlay: Overlay | None = None) -> LosResult:
    """Evaluate directly, check reciprocity, and check the table agrees."""
    ha, hb = board.parse(a), board.parse(b)
    r = policy.evaluate(board, sight(board, ha, hb), overlay)
    back = policy.evaluate(board, sight(board, hb, ha), overlay)
    assert (back.clear, back.hindrance) == (r.clear, r.hindrance), "LOS must be reciprocal"
    t = LosTable(board, policy).check(ha, hb, overlay)
    assert (t.clear, t.hindrance) == (r.clear, r.hindrance), "table and policy disagree"
    return r


def test_geometry_assumed_by_these_tests() -> None:
    b = mk()
    lab = b.label
    assert [tuple(map(lab, s)) for s in sight(b, b.parse("B5"), b.parse("D5")).trace.steps] == [
        ("B5",),
        ("C5", "C6"),
        ("D5",),
    ]
    t = sight(b, b.parse("B3"), b.parse("F6")).trace
    assert [lab(c.touch_only) for c in t.corners if c.touch_only] == ["C5", "E5"]
    assert all(b.parse("C5") not in s for s in t.steps)


# --- NoLos --------------------------------------------------------------------------------------


def test_no_los_is_always_clear() -> None:
    b = mk({"C3": ["forest"]})
    assert los(b, NoLos(), "C1", "C5") == LosResult(True, 0)


# --- Commands & Colors (003, Ranged Combat step 3) -----------------------------------------------


def test_cnc_intervening_obstruction_blocks() -> None:
    b = mk({"C3": ["forest"]})
    r = los(b, cnc(), "C1", "C5")
    assert not r.clear and r.blocked_by == b.parse("C3")


def test_cnc_terrain_in_firer_and_target_hex_ignored() -> None:
    b = mk({"C1": ["forest"], "C5": ["building"]})
    assert los(b, cnc(), "C1", "C5").clear


def test_cnc_graze_blocked_only_when_both_sides_obstructed() -> None:
    assert los(mk({"C5": ["forest"]}), cnc(), "B5", "D5").clear
    assert los(mk({"C6": ["hill"]}), cnc(), "B5", "D5").clear
    assert not los(mk({"C5": ["forest"], "C6": ["building"]}), cnc(), "B5", "D5").clear


def test_cnc_units_block_through_screen_overlay() -> None:
    b = mk({"C5": ["forest"]})
    assert not los(b, cnc(), "C1", "C5", Overlay.of(b, screen=[b.parse("C3")])).clear
    # a unit on one side of the grazed hexside is not enough ...
    assert not los(b, cnc(), "B5", "D5", Overlay.of(b, screen=[b.parse("C6")])).clear  # forest + unit
    b2 = mk()
    assert los(b2, cnc(), "B5", "D5", Overlay.of(b2, screen=[b2.parse("C6")])).clear
    # ... but units on both sides are
    both = Overlay.of(b2, screen=[b2.parse("C5"), b2.parse("C6")])
    assert not los(b2, cnc(), "B5", "D5", both).clear
    # units in the firer's or target's hex never block
    assert los(b2, cnc(), "C1", "C5", Overlay.of(b2, screen=[b2.parse("C1"), b2.parse("C5")])).clear


def test_cnc_half_hexes_obstruct() -> None:
    b = mk({"C3": {"half": True}})
    assert not los(b, cnc(), "C1", "C5").clear
    assert los(b, CommandsColorsLos({"forest"}, half_hexes_block=False), "C1", "C5").clear


def test_cnc_corner_touch_does_not_block() -> None:
    assert los(mk({"C5": ["forest"], "E5": ["forest"]}), cnc(), "B3", "F6").clear
    assert not los(mk({"D5": ["forest"]}), cnc(), "B3", "F6").clear


def test_cnc_off_board_side_of_a_graze_is_clear() -> None:
    b = mk({"B1": ["forest"]})
    s = sight(b, b.parse("A1"), b.parse("C1"))
    assert s.ids[1][0] == -1  # the line runs along the map edge, beside an off-map hex
    assert los(b, cnc(), "A1", "C1").clear


# --- Combat Infantry (004 6.4, 6.41) -------------------------------------------------------------


def test_ci_blocking_terrain_anywhere_on_the_line_blocks() -> None:
    assert not los(mk({"C3": ["orchard"]}), ci(), "C1", "C5").clear
    assert los(mk({"C3": ["cemetery"]}), ci(), "C1", "C5").clear
    assert los(mk({"C1": ["woods"], "C5": ["town"]}), ci(), "C1", "C5").clear  # end hexes ignored


def test_ci_graze_blocks_on_any_side() -> None:
    r = los(mk({"C6": ["farm"]}), ci(), "B5", "D5")
    assert not r.clear and r.blocked_by == mk().parse("C6")


def test_ci_corner_touch_blocks_by_default() -> None:
    b = mk({"C5": ["woods"]})
    assert not los(b, ci(), "B3", "F6").clear
    lenient = CombatInfantryLos({"woods"}, corner_touch_blocks=False)
    assert los(b, lenient, "B3", "F6").clear


def test_ci_hexside_terrain_blocks_even_on_end_hex_sides() -> None:
    b = mk(hexsides={"C4/C5": ["hedge"]})
    r = los(b, ci(), "C1", "C5")
    assert not r.clear and r.blocked_edge == (b.parse("C4"), b.parse("C5"))


def test_ci_adjacent_hexes_see_each_other_except_through_hedges() -> None:
    b = mk(hexsides={"C1/C2": ["woods"], "C2/C3": ["hedge"]})
    assert los(b, ci(), "C1", "C2").clear  # woods hexside: fire from adjacent only (TEC note 3)
    assert not los(b, ci(), "C2", "C3").clear  # hedges block even adjacent fire
    r = los(b, ci(), "C1", "C3")  # two hexes away the woods hexside blocks
    assert not r.clear and r.blocked_edge == (b.parse("C1"), b.parse("C2"))


def test_ci_higher_ground_between_blocks() -> None:
    b = mk({"C3": {"elevation": 1}})
    r = los(b, ci(), "C1", "C5")
    assert not r.clear and r.blocked_by == b.parse("C3")
    assert los(
        mk({"C1": {"elevation": 1}, "C3": {"elevation": 1}, "C5": {"elevation": 1}}), ci(), "C1", "C5"
    ).clear


def test_ci_blind_hexes_behind_a_slope() -> None:
    # C1 at the back of a level-1 plateau (C1..C3); C4.. below. The plateau edge C3 is two hexes
    # from C1, so lower targets must be at least two hexes beyond it (6.41).
    b = mk({"C1": {"elevation": 1}, "C2": {"elevation": 1}, "C3": {"elevation": 1}})
    assert not los(b, ci(), "C1", "C4").clear
    assert los(b, ci(), "C1", "C5").clear
    assert los(b, ci(), "C2", "C4").clear  # from the hex nearer the edge: equidistant is enough


def test_ci_lower_blocking_terrain_casts_a_shadow() -> None:
    b = mk({"C1": {"elevation": 1}, "C2": ["woods"]})
    assert los(b, ci(), "C1", "C3").clear  # one hex behind woods that is one hex away
    b = mk({"C1": {"elevation": 1}, "C3": ["woods"]})
    assert not los(b, ci(), "C1", "C4").clear
    assert los(b, ci(), "C1", "C5").clear
    assert not los(
        mk({"C1": {"elevation": 1}, "C3": {"terrain": ["woods"], "elevation": 1}}), ci(), "C1", "C6"
    ).clear


def test_ci_smoke_blocks_in_out_and_through() -> None:
    b = mk()
    smoke = Overlay.of(b, block_ends=[b.parse("C5")])
    assert not los(b, ci(), "C1", "C5", smoke).clear
    assert not los(b, ci(), "C4", "C5", smoke).clear
    assert not los(b, ci(), "C4", "C6", smoke).clear
    assert los(b, ci(), "C1", "C4", smoke).clear


def test_ci_friendly_units_screen_but_not_when_adjacent_and_lower() -> None:
    b = mk({"C1": {"elevation": 1}})
    friends = Overlay.of(b, screen=[b.parse("C2")])
    assert los(b, ci(), "C1", "C5", friends).clear  # firing over an adjacent lower unit (6.41)
    assert not los(b, ci(), "C1", "C5", Overlay.of(b, screen=[b.parse("C3")])).clear
    flat = mk()
    assert not los(flat, ci(), "C1", "C5", Overlay.of(flat, screen=[flat.parse("C2")])).clear
    assert los(flat, ci(), "B5", "D5", Overlay.of(flat, screen=[flat.parse("C5")])).clear
    assert not los(
        flat, ci(), "B5", "D5", Overlay.of(flat, screen=[flat.parse("C5"), flat.parse("C6")])
    ).clear


def test_ci_table_fast_path_without_precomputed_smoke() -> None:
    b = mk({"C3": {"elevation": 1}})
    t = LosTable(b, ci())
    assert t.clear_hex(b.parse("C4"), b.parse("C6"))
    assert not t.check(b.parse("C4"), b.parse("C6"), Overlay.of(b, block_ends=[b.parse("C6")])).clear


# --- Combat Commander (000 rule 10 and T88) ------------------------------------------------------


def test_cc_obstacle_blocks_and_end_hexes_ignored() -> None:
    r = los(mk({"C3": ["woods"]}), cc(), "C1", "C5")
    assert not r.clear and r.blocked_by == mk().parse("C3")
    assert los(mk({"C1": ["woods"], "C5": ["building"]}), cc(), "C1", "C5").clear  # 10.1


def test_cc_only_the_largest_hindrance_counts() -> None:
    # CC 10.3.3 example: two Brush hexes hinder by 3, not 6; a "4" Smoke makes it 4; a "5" Smoke
    # in the firer's own hex makes it 5 (10.3.4).
    b = mk({"C2": ["brush"], "C3": ["brush"]})
    assert los(b, cc(), "C1", "C4") == LosResult(True, 3)
    assert los(b, cc(), "C1", "C4", Overlay.of(b, hinder={b.parse("C3"): 4})) == LosResult(True, 4)
    two = Overlay.of(b, hinder={b.parse("C2"): 4, b.parse("C3"): 4})
    assert los(b, cc(), "C1", "C4", two) == LosResult(True, 4)
    own = Overlay.of(b, hinder={b.parse("C1"): 5})
    assert los(b, cc(), "C1", "C4", own) == LosResult(True, 5)
    assert los(mk({"C2": ["orchard"], "C3": ["brush"]}), cc(), "C1", "C4").hindrance == 3


def test_cc_los_example_h_wall_blocks_where_smoke_only_hinders() -> None:
    # LOS example H: Smoke 7 hinders; a Wall on an intervening hexside would block instead.
    b = mk()
    smoke = Overlay.of(b, hinder={b.parse("C3"): 7})
    assert los(b, cc(), "C1", "C5", smoke) == LosResult(True, 7)
    walled = mk(hexsides={"C3/C4": ["wall"]})
    r = los(walled, cc(), "C1", "C5", Overlay.of(walled, hinder={walled.parse("C3"): 7}))
    assert not r.clear and r.blocked_edge == (walled.parse("C3"), walled.parse("C4"))


def test_cc_wall_on_a_side_of_an_end_hex_is_ignored() -> None:
    assert los(mk(hexsides={"C1/C2": ["wall"], "C4/C5": ["hedge"]}), cc(), "C1", "C5").clear
    assert los(mk(hexsides={"C1/C2": ["fence"]}), cc(), "C1", "C5").hindrance == 0
    assert los(mk(hexsides={"C2/C3": ["fence"]}), cc(), "C1", "C5").hindrance == 1


def test_cc_graze_ties() -> None:
    # obstacle artwork on one side of the hexspine only: clear; on both sides: blocked
    assert los(mk({"C5": ["woods"]}), cc(), "B5", "D5").clear
    assert not los(mk({"C5": ["woods"], "C6": ["building"]}), cc(), "B5", "D5").clear
    # hindrance: only what lies on both sides counts, the smaller value
    assert los(mk({"C5": ["brush"]}), cc(), "B5", "D5").hindrance == 0
    assert los(mk({"C5": ["brush"], "C6": ["orchard"]}), cc(), "B5", "D5").hindrance == 2
    assert los(mk({"C5": ["woods"], "C6": ["orchard"]}), cc(), "B5", "D5").hindrance == 2
    # 10.1 box: a wall not on an end hex's sides blocks even exactly along its hexspine
    r = los(mk(hexsides={"C5/C6": ["wall"]}), cc(), "B5", "D5")
    assert not r.clear and r.blocked_edge is not None


def test_cc_blaze_and_smoke_fill_their_hex_including_hexsides() -> None:
    b = mk()
    blaze = Overlay.of(b, block=[b.parse("C5")])
    assert not los(b, cc(), "B5", "D5", blaze).clear  # 10.2.1
    assert los(b, cc(), "B5", "D5", Overlay.of(b, hinder={b.parse("C6"): 3})) == LosResult(True, 3)  # 10.3.4
    assert not los(b, cc(), "B3", "F6", blaze).clear  # even a corner of the blazing hex


def test_cc_corner_touch_of_obstacle_artwork_is_clear() -> None:
    assert los(mk({"C5": ["woods"], "E5": ["building"]}), cc(), "B3", "F6").clear


def test_cc_hill_blocks_between_two_lower_hexes() -> None:
    b = mk({"C3": {"elevation": 1}})
    r = los(b, cc(), "C1", "C5")
    assert not r.clear and r.blocked_by == b.parse("C3")  # T88.3.3


def test_cc_same_level_hill_top_is_clear() -> None:
    flat_top = {x: {"elevation": 1} for x in ("C1", "C2", "C3", "C4", "C5")}
    assert los(mk(flat_top), cc(), "C1", "C5").clear


def test_cc_example_b_crest_at_observer_level_blocks_looking_down() -> None:
    # LOS example B: the intervening hill at the observer's level blocks the view down; from a
    # level-2 hex the same level-1 hill no longer does.
    hill = {"C1": {"elevation": 1}, "C2": {"elevation": 1}, "C3": {"elevation": 1}}
    assert not los(mk(hill), cc(), "C1", "C5").clear
    higher = {**hill, "C1": {"elevation": 2}}
    assert los(mk(higher), cc(), "C1", "C5").clear


@pytest.mark.parametrize(
    ("between", "target", "clear"),
    [(2, 2, True), (2, 1, False), (2, 3, True), (2, 4, True), (3, 3, False), (3, 4, True), (3, 2, False)],
)
def test_cc_t88_3_3_observer_on_level_2(between: int, target: int, clear: bool) -> None:
    # T88.3.3 example: past an intervening level-2 hill a level-2 observer sees only hexes at
    # level 2-4; past a level-3 hill only a level-4 hex.
    b = mk({"C1": {"elevation": 2}, "C3": {"elevation": between}, "C5": {"elevation": target}})
    assert los(b, cc(), "C1", "C5").clear is clear


def test_cc_t88_4_hill_sees_over_lower_obstacles() -> None:
    # T88.4 example: a level-1 observer sees over a level-0 building to a distant level-1 hill;
    # the same building standing on level 1 blocks.
    ends = {"C1": {"elevation": 1}, "C6": {"elevation": 1}}
    assert los(mk({**ends, "C3": ["building"]}), cc(), "C1", "C6").clear
    assert not los(mk({**ends, "C3": {"terrain": ["building"], "elevation": 1}}), cc(), "C1", "C6").clear
    # LOS example C: down over lower woods to a ground-level hex further on
    assert los(mk({"C1": {"elevation": 1}, "C3": ["woods"]}), cc(), "C1", "C6").clear


def test_cc_t88_4_1_blind_hex_examples_d_e() -> None:
    # LOS examples D/E: a lower woods hides only the one hex directly behind it.
    b = mk({"C1": {"elevation": 1}, "C3": ["woods"]})
    r = los(b, cc(), "C1", "C4")
    assert not r.clear and r.blocked_by == b.parse("C3")
    assert los(b, cc(), "C1", "C5").clear
    # the hex behind is blind only if it is no higher than the woods
    assert los(mk({"C1": {"elevation": 2}, "C3": ["woods"], "C4": {"elevation": 1}}), cc(), "C1", "C4").clear
    # walls and hedges are obstacles that make no blind hex
    assert los(mk({"C1": {"elevation": 1}}, hexsides={"C3/C4": ["wall"]}), cc(), "C1", "C5").clear


def test_cc_t88_4_1_level_1_building_between_level_1_and_level_2() -> None:
    # T88.4.1 example: level-1 observer past a level-1 building to a level-2 hex: visible unless
    # the building is the first intervening hex.
    near = mk(
        {"C1": {"elevation": 1}, "C2": {"terrain": ["building"], "elevation": 1}, "C5": {"elevation": 2}}
    )
    assert not los(near, cc(), "C1", "C5").clear
    far = mk(
        {"C1": {"elevation": 1}, "C3": {"terrain": ["building"], "elevation": 1}, "C5": {"elevation": 2}}
    )
    assert los(far, cc(), "C1", "C5").clear


def test_cc_t88_5_lower_hindrances_do_not_hinder_hill_lines() -> None:
    assert los(mk({"C1": {"elevation": 1}, "C3": ["brush"]}), cc(), "C1", "C5").hindrance == 0
    on_hill: dict[str, Any] = {x: {"elevation": 1} for x in ("C1", "C5")}
    on_hill["C3"] = {"terrain": ["brush"], "elevation": 1}
    assert los(mk(on_hill), cc(), "C1", "C5").hindrance == 3
    # smoke hinders at every elevation
    b = mk({"C1": {"elevation": 1}})
    assert los(b, cc(), "C1", "C5", Overlay.of(b, hinder={b.parse("C3"): 2})).hindrance == 2


def test_cc_example_f_line_along_a_road_past_woods() -> None:
    road = [["C1", "C2", "C3", "C4", "C5"]]
    assert los(mk({"C3": ["woods"]}, roads=road), cc(), "C1", "C5").clear
    assert not los(mk({"C3": ["woods"]}), cc(), "C1", "C5").clear
    assert los(mk({"C3": ["woods"]}, roads=road), cc(), "C2", "C4").clear
    # a line that crosses the road hex without following the road does not benefit (T93)
    bend = [["B3", "C3", "C4", "C5"]]
    assert not los(mk({"C3": ["woods"]}, roads=bend), cc(), "C1", "C5").clear


def test_cc_gully() -> None:
    b = mk({"C1": ["gully"], "C6": {"elevation": 1}})
    assert not los(b, cc(), "C1", "C4").clear
    assert los(b, cc(), "C1", "C2").clear
    assert los(b, cc(), "C1", "C6").clear


def test_cc_trace_explains_with_rule_numbers() -> None:
    b = mk({"C1": {"elevation": 1}, "C3": ["woods"]})
    t = LosTable(b, cc()).trace(b.parse("C1"), b.parse("C4"))
    assert not t.result.clear
    assert t.steps == (("C1",), ("C2",), ("C3",), ("C4",))
    assert any("T88.4.1" in n and "C4" in n for n in t.notes)
    t2 = LosTable(b, cc()).trace(b.parse("B5"), b.parse("D5"))
    assert t2.steps[1] == ("C5", "C6")


# --- the table ----------------------------------------------------------------------------------


def test_table_on_sample_map() -> None:
    board = load_board(SAMPLE)
    table = LosTable(board, cc())
    n = len(board)
    p = board.parse
    assert len(table) == n
    for i in range(0, n, 7):
        for j in range(0, n, 5):
            r = table.result(i, j)
            assert table.clear(i, j) == r.clear == table.clear_hex(board.hexes[i], board.hexes[j])
            assert table.hindrance(i, j) == r.hindrance == table.hindrance_hex(board.hexes[i], board.hexes[j])
    assert table.check(p("A5"), p("A5")) == LosResult(True, 0)
    assert table.check(p("B4"), p("E4")) == LosResult(False, 0, p("C4"))  # woods
    # the level-2 top G4 looks down over the lower level-1 rim G5 (T88.3.2) ...
    assert table.check(p("G4"), p("G7")).clear
    # ... but from the level-1 F3 the level-1 F4 is a crest of the observer's own height
    assert table.check(p("F3"), p("F6")) == LosResult(False, 0, p("F4"))
    # the hedge J4/K4 blocks I4-L4, but is a side of J4 for J4-L4 (10.1)
    assert table.check(p("I4"), p("L4")).blocked_edge == (p("J4"), p("K4"))
    assert table.check(p("J4"), p("L4")).clear
    assert table.check(p("E7"), p("E8")).clear  # adjacent across a wall
    # the road along row 6 zigzags along hexsides; nothing on it blocks
    assert table.check(p("A6"), p("O6")).clear


def test_table_overlay_fast_path() -> None:
    board = mk({"C3": ["brush"]})
    table = LosTable(board, cc())
    p = board.parse
    far = Overlay.of(board, hinder={p("H9"): 6}, block=[p("H10")])
    assert table.check(p("C1"), p("C5"), far) == LosResult(True, 3)
    smoke = Overlay.of(board, hinder={p("C4"): 5})
    assert table.check(p("C1"), p("C5"), smoke) == LosResult(True, 5)
    assert table.check(p("C1"), p("C5"), Overlay.of(board, hinder={p("C4"): 2})) == LosResult(True, 3)
    blaze = Overlay.of(board, block=[p("C4")])
    assert table.check(p("C1"), p("C5"), blaze) == LosResult(False, 0, p("C4"))
    assert table.result(board.idx(p("C1")), board.idx(p("C5")), blaze).clear is False
    # a marker in an end hex: blocks only via block_ends; smoke there still hinders
    assert table.check(p("C1"), p("C5"), Overlay.of(board, block=[p("C5")])).clear
    assert not table.check(p("C1"), p("C5"), Overlay.of(board, block_ends=[p("C5")])).clear
    assert not table.check(p("C5"), p("C5"), Overlay.of(board, block_ends=[p("C5")])).clear


def test_overlay_equality_and_hash() -> None:
    b = mk()
    o1 = Overlay.of(b, hinder={b.parse("C3"): 2}, block=[b.parse("C4")])
    o2 = Overlay(block=1 << b.idx(b.parse("C4")), hinder={b.idx(b.parse("C3")): 2})
    assert o1 == o2 and hash(o1) == hash(o2)
    assert Overlay(hinder={3: 0}).hmask == 0


# --- properties ---------------------------------------------------------------------------------

TERRAIN = ["open", "woods", "building", "brush", "orchard", "forest", "hill", "town", "gully"]


@st.composite
def random_boards(draw: st.DrawFn) -> Board:
    cols, rows = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    lay_hexes: dict[str, Any] = {}
    letters = "ABCDEFG"
    for c in range(cols):
        for r in range(rows):
            lab = f"{letters[c]}{r + 1}"
            feats = draw(st.lists(st.sampled_from(TERRAIN), max_size=2, unique=True))
            lay_hexes[lab] = {
                "terrain": feats,
                "elevation": draw(st.integers(0, 3)),
                "half": draw(st.booleans()),
            }
    sides: dict[str, list[str]] = {}
    board = mk(lay_hexes, cols=cols, rows=rows)
    for _ in range(draw(st.integers(0, 6))):
        h = draw(st.sampled_from(board.hexes))
        n = draw(st.sampled_from(board.neighbors(h)))
        key = "/".join(sorted((board.label(h), board.label(n))))
        sides[key] = [draw(st.sampled_from(["wall", "hedge", "fence", "woods"]))]
    return mk(lay_hexes, hexsides=sides, cols=cols, rows=rows)


POLICIES: list[LosPolicy] = [
    NoLos(),
    cnc(),
    ci(),
    cc(),
    CombatInfantryLos({"woods"}, corner_touch_blocks=False),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards(), st.data())
def test_los_is_reciprocal_and_table_matches_policy(board: Board, data: st.DataObject) -> None:
    for policy in POLICIES:
        table = LosTable(board, policy)
        for _ in range(15):
            a = data.draw(st.sampled_from(board.hexes))
            b = data.draw(st.sampled_from(board.hexes))
            if a == b:
                continue
            ab = policy.evaluate(board, sight(board, a, b))
            ba = policy.evaluate(board, sight(board, b, a))
            assert (ab.clear, ab.hindrance) == (ba.clear, ba.hindrance)
            assert (ab.clear, ab.hindrance) == (table.check(a, b).clear, table.check(a, b).hindrance)
            if not ab.clear:
                assert (ab.blocked_by is None) != (ab.blocked_edge is None)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards(), st.data())
def test_overlay_fast_path_matches_policy(board: Board, data: st.DataObject) -> None:
    picks = st.lists(st.sampled_from(board.hexes), max_size=3)
    overlay = Overlay.of(
        board,
        block=data.draw(picks),
        block_ends=data.draw(st.lists(st.sampled_from(board.hexes), max_size=1)),
        screen=data.draw(picks),
        hinder={h: data.draw(st.integers(1, 6)) for h in data.draw(picks)},
    )
    for policy in POLICIES[1:]:
        table = LosTable(board, policy)
        for _ in range(15):
            a = data.draw(st.sampled_from(board.hexes))
            b = data.draw(st.sampled_from(board.hexes))
            if a == b:
                continue
            fast = table.check(a, b, overlay)
            slow = policy.evaluate(board, sight(board, a, b), overlay)
            assert (fast.clear, fast.hindrance) == (slow.clear, slow.hindrance)
            back = policy.evaluate(board, sight(board, b, a), overlay)
            assert (back.clear, back.hindrance) == (slow.clear, slow.hindrance)


def test_table_and_overlay_pickle() -> None:
    import pickle

    b = mk({"C3": ["brush"]})
    table = pickle.loads(pickle.dumps(LosTable(b, cc())))
    smoke = pickle.loads(pickle.dumps(Overlay.of(b, hinder={b.parse("C4"): 5})))
    assert table.check(b.parse("C1"), b.parse("C5")) == LosResult(True, 3)
    assert table.check(b.parse("C1"), b.parse("C5"), smoke) == LosResult(True, 5)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sets(st.integers(min_value=0, max_value=149), max_size=25), st.data())
def test_clear_screened_fast_path_agrees_with_the_policy(units, data):
    """C&C units as a screen: the bitmask fast path answers exactly as the policy does."""
    table = _screen_table()
    screen = 0
    for u in units:
        screen |= 1 << u
    for _ in range(40):
        i = data.draw(st.integers(min_value=0, max_value=149))
        j = data.draw(st.integers(min_value=0, max_value=149))
        if i == j:
            continue
        assert table.clear_screened(i, j, screen) == table.result(i, j, Overlay(screen=screen)).clear


_SCREEN_TABLE: list[LosTable] = []


def _screen_table() -> LosTable:
    if not _SCREEN_TABLE:
        b = load_board(SAMPLE)
        _SCREEN_TABLE.append(LosTable(b, CommandsColorsLos({"woods", "building"})))
    return _SCREEN_TABLE[0]


def _screens_traced(table: LosTable, i: int, j: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Pair i, j's screen masks worked out from its own line, traced from i to j."""
    b = table.board
    s = sight(b, b.hexes[i], b.hexes[j])
    m, prs = 0, []
    for ids in s.ids[1:-1]:
        if len(ids) == 1:
            m |= 1 << ids[0] if ids[0] >= 0 else 0
        elif min(ids) >= 0:
            x, y = ids
            if table.policy.obstructed(b, x, 0):  # type: ignore[attr-defined]
                m |= 1 << y
            elif table.policy.obstructed(b, y, 0):  # type: ignore[attr-defined]
                m |= 1 << x
            else:
                prs.append((1 << x, 1 << y))
    return m, tuple(prs)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_screen_masks_noted_once_per_pair_are_those_of_each_directions_own_line(orientation):
    """The table traces each unordered pair once and gives the reverse direction the same mask
    and its hexside pairs reversed: exactly what tracing that direction gives, for every pair."""
    b = load_board(SAMPLE) if orientation == "flat" else load_board({
        "version": 1, "geometry": {"orientation": "pointy", "offset": "odd-r", "labels": "letter-number",
                                   "cols": 9, "rows": 7},
        "hexes": {"C3": ["woods"], "E4": ["woods"], "A1": {"half": True}, "A3": {"half": True}}},
        source_name="pointy")
    table = LosTable(b, CommandsColorsLos({"woods", "building"}, half_hexes_block=True))
    n, grazes = len(b), 0
    for i in range(n):
        for j in range(n):
            if i != j and table.clear(i, j):
                m, prs = _screens_traced(table, i, j)
                assert (table._screen_single[i * n + j], table._screen_pairs[i * n + j]) == (m, prs)
                grazes += bool(prs)
    assert grazes > 0  # lines along hexsides are among them


def test_trace_explains_a_line_along_the_map_edge():
    """A line running along the board edge has an off-map side; the explanation names it."""
    b = mk({"C1": ["woods"], "E1": ["woods"]}, cols=8, rows=4)
    t = LosTable(b, cc())
    for a, z in (("A1", "G1"), ("G1", "A1")):
        tr = t.trace(b.parse(a), b.parse(z))
        r = t.check(b.parse(a), b.parse(z))
        assert (tr.result.clear, tr.result.hindrance) == (r.clear, r.hindrance)
        assert any(name.startswith("off-map") for step in tr.steps for name in step)


def test_combat_infantry_los_with_derived_hexside_terrain() -> None:
    """004 6.4 with hexsides the map derives from its hexes: a woods hex's sides block lines to
    and from it beyond adjacent hexes, adjacent hexes still see through them, a hedge blocks even
    adjacent hexes, and a slope only matters through elevation."""
    data = {
        "version": 1,
        "geometry": {"orientation": "flat", "offset": "odd-q", "labels": "letter-number",
                     "cols": 6, "rows": 3},
        "defaults": {"terrain": ["clear"]},
        "hexes": {"C2": ["woods"], "E2": {"elevation": 1}},
        "hexsides": {"A2/A3": ["hedge"]},
        "derived_hexsides": {"from_terrain": {"woods": "woods"}, "from_elevation": "slope"},
    }
    board = load_board(data)
    policy = CombatInfantryLos({"woods"}, {"woods", "hedge"}, adjacent_blocking_hexsides={"hedge"})
    table = LosTable(board, policy)
    p = board.parse
    assert table.clear_hex(p("B2"), p("C2"))  # adjacent, across the woods hexside
    assert not table.clear_hex(p("A2"), p("C2"))  # two hexes away: the woods hexside blocks
    r = table.check(p("C2"), p("E2"))
    assert not r.clear and r.blocked_edge is not None  # out of the woods: its own side blocks
    assert not table.clear_hex(p("A2"), p("A3"))  # the hedge blocks adjacent hexes too
    assert table.clear_hex(p("E2"), p("C3"))  # a slope hexside blocks only through elevation
    assert not table.clear_hex(p("D2"), p("F2"))  # the hill between two lower hexes blocks


def gwc_like() -> CombatCommanderLos:
    """The Combat Commander policy with the two options Great War Commander turns on."""
    p = cc()
    return CombatCommanderLos(
        p.obstacles, p.hindrances, hexside_obstacles=p.hexside_obstacles,
        hexside_hindrances=p.hexside_hindrances, blind=p.blind, sunken=p.sunken,
        road_kinds=p.road_kinds, hexside_fill=True, edge_mirror=True,
    )


def test_hexside_fill_hinders_a_line_along_one_hindering_hex() -> None:
    """GWC 10.3: hindering terrain fills its hex, its hexsides included; CC's reading (both
    sides must hinder) stays the default."""
    b = mk({"C5": {"terrain": ["orchard"]}, "C6": {"terrain": ["brush"]}})  # B5->D5 along C5/C6
    assert los(b, gwc_like(), "B5", "D5").hindrance == 3  # the larger of the two
    assert los(b, cc(), "B5", "D5").hindrance == 2
    b = mk({"C5": {"terrain": ["orchard"]}})
    assert los(b, gwc_like(), "B5", "D5").hindrance == 2
    assert los(b, cc(), "B5", "D5").hindrance == 0
    b = mk({"C5": {"terrain": ["woods"]}, "C6": {"terrain": ["field"]}})
    r = los(b, gwc_like(), "B5", "D5")
    assert r.clear and r.hindrance == 1  # one side blocks, the other hinders
    b = mk({"C5": {"terrain": ["woods"]}, "C6": {"terrain": ["building"]}})
    assert not los(b, gwc_like(), "B5", "D5").clear  # both block


def test_edge_mirror_repeats_the_edge_hex_off_the_map() -> None:
    """GWC 10.4: a line along the map edge's outer hexside meets the edge hex's terrain on both
    sides. In an odd-q map, A1->C1 runs along the top side of B1 (off the map above it)."""
    s = sight(mk(), mk().parse("A1"), mk().parse("C1"))
    assert any(-1 in ids for ids in s.ids[1:-1])  # the line grazes the board's edge
    woods = mk({"B1": {"terrain": ["woods"]}})
    assert not los(woods, gwc_like(), "A1", "C1").clear
    assert los(woods, cc(), "A1", "C1").clear  # Combat Commander: nothing off the map
    brush = mk({"B1": {"terrain": ["brush"]}})
    assert los(brush, gwc_like(), "A1", "C1").hindrance == 3


def test_derive_gives_the_table_a_fresh_build_gives() -> None:
    """LosTable.derive re-evaluates only the lines touching the changed hexes (GWC markers)."""
    b = mk({"C3": {"terrain": ["woods"]}, "D4": {"terrain": ["building"]}, "E5": {"terrain": ["brush"]},
            "F2": {"terrain": ["gully"]}}, cols=7, rows=7)
    table = LosTable(b, gwc_like())
    changes = {b.index[b.parse("C3")]: ("shellhole",), b.index[b.parse("E5")]: ("woods",),
               b.index[b.parse("F2")]: ()}
    marked = b.with_terrain(changes)
    derived = table.derive(marked, changes)
    fresh = LosTable(marked, gwc_like())
    n = len(b)
    assert [derived.result(i, j) for i in range(n) for j in range(n)] == \
        [fresh.result(i, j) for i in range(n) for j in range(n)]
    assert derived.result(0, 5) is not None and table.board is b  # the original is untouched
    ov = Overlay.of(marked, hinder={marked.parse("D3"): 2})
    assert all(derived.result(i, j, ov) == fresh.result(i, j, ov) for i in range(n) for j in range(n))


def test_hinder_between_counts_only_between_the_ends() -> None:
    """GWC 10.1.1: a Tank hinders a line through its hex, not one from or to it."""
    b = mk()
    ov = Overlay.of(b, hinder_between={b.parse("C4"): 1})
    t = LosTable(b, cc())
    assert t.check(b.parse("C2"), b.parse("C6"), ov).hindrance == 1
    assert t.check(b.parse("C4"), b.parse("C6"), ov).hindrance == 0
    assert t.check(b.parse("C2"), b.parse("C4"), ov).hindrance == 0
    assert los(b, cc(), "C2", "C6", ov).hindrance == 1  # the policy's own path agrees


def test_derive_chains_give_the_tables_fresh_builds_give() -> None:
    """Markers added one after the other (derive of a derive), lines asked for in between, and
    hexes turned back: every answer is the fresh table's (GWC marked boards)."""
    import random

    rng = random.Random(7)
    kinds = ["woods", "building", "brush", "orchard", "gully", "field"]
    hexes = {f"{c}{r}": {"terrain": [rng.choice(kinds)]} for c in "ABCDEFG" for r in range(1, 8)
             if rng.random() < 0.45}
    b = mk({**hexes, "D4": {"terrain": ["woods"], "elevation": 1}}, cols=7, rows=7)
    policy = gwc_like()
    table: LosTable = LosTable(b, policy, derivable=True)
    board, n = b, len(b)
    for step in range(6):
        changes = {i: (rng.choice(["shellhole", "rubble", "brush", "woods"]),)
                   for i in rng.sample(range(n), 3)}
        board = board.with_terrain(changes)
        table = table.derive(board, changes)
        fresh = LosTable(board, policy)
        picks = rng.sample(range(n), 10) if step % 2 else range(n)  # some lines asked, then all
        for i in picks:
            for j in range(n):
                assert table.result(i, j) == fresh.result(i, j), (step, i, j)


def test_derive_names_the_pairs_that_may_differ_from_its_parent() -> None:
    """A derived table's ``derived_from(i)`` gives its parent and the row's pairs that may answer
    differently; every other pair answers as the parent does (per-row caches start from the
    parent's), and clear lines kept clear still get their new hindrance (Rubble on open ground)."""
    import pickle
    import random

    rng = random.Random(11)
    kinds = ["woods", "building", "brush", "orchard", "gully", "field"]
    hexes = {f"{c}{r}": {"terrain": [rng.choice(kinds)]} for c in "ABCDEFG" for r in range(1, 8)
             if rng.random() < 0.45}
    b = mk(hexes, cols=7, rows=7)
    policy = gwc_like()
    table: LosTable = LosTable(b, policy, derivable=True)
    board, n = b, len(b)
    assert table.derived_from(0) == (None, 0)
    seen_differs = False
    for step in range(5):
        changes = {i: (rng.choice(["shellhole", "rubble", "brush", "woods"]),)
                   for i in rng.sample(range(n), 3)}
        board = board.with_terrain(changes)
        parent, table = table, table.derive(board, changes)
        fresh = LosTable(board, policy)
        for i in range(n):
            up, differs = table.derived_from(i)
            assert up is parent
            seen_differs = seen_differs or bool(differs)
            for j in range(n):
                if not differs >> j & 1:
                    assert table.clear(i, j) == parent.clear(i, j), (step, i, j)
                assert table.clear(i, j) == fresh.clear(i, j), (step, i, j)  # clear asked first
                assert table.hindrance(i, j) == fresh.hindrance(i, j), (step, i, j)
    assert seen_differs
    copy = pickle.loads(pickle.dumps(table))
    assert copy.derived_from(0)[0] is None
    assert [copy.result(i, j) for i in range(n) for j in range(n)] == \
        [fresh.result(i, j) for i in range(n) for j in range(n)]
