"""Hex maths, exact lines and map layouts."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactica.core.hexgrid import (
    DIRECTIONS,
    Layout,
    _cube_round,
    adjacent,
    column_index,
    column_letters,
    cube,
    direction,
    disc,
    distance,
    edge,
    edges_of,
    line,
    neighbor,
    neighbors,
    ring,
    spiral,
    trace_line,
)

coords = st.integers(-40, 40)
hexes = st.tuples(coords, coords)
small = st.tuples(st.integers(-9, 9), st.integers(-9, 9))

LAYOUTS = [
    Layout("flat", "odd-q", "letter-number", 15, 10),
    Layout("flat", "even-q", "letter-number", 30, 12, first_row=0),
    Layout("flat", "odd-q", "four-digit", 12, 9),
    Layout("pointy", "odd-r", "four-digit", 20, 14, first_col=0, first_row=0),
    Layout("pointy", "even-r", "letter-number", 13, 9),
    Layout("flat", "even-q", "four-digit", 99, 99),
]


# --- basic maths ------------------------------------------------------------------------------


def test_neighbors_follow_direction_order() -> None:
    assert neighbors((0, 0)) == DIRECTIONS
    assert [neighbor((2, 3), d) for d in range(6)] == list(neighbors((2, 3)))
    assert neighbor((0, 0), 7) == DIRECTIONS[1]


def test_direction_between_adjacent_hexes() -> None:
    for d, n in enumerate(neighbors((4, -2))):
        assert direction((4, -2), n) == d
        assert direction(n, (4, -2)) == (d + 3) % 6
    with pytest.raises(ValueError, match="not adjacent"):
        direction((0, 0), (2, 0))


def test_distance_examples() -> None:
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (3, -1)) == 3
    assert distance((0, 0), (2, 2)) == 4
    assert distance((-1, 4), (2, -3)) == 7
    assert cube((2, -5)) == (2, -5, 3)


def test_ring_spiral_disc() -> None:
    assert ring((1, 1), 0) == [(1, 1)]
    assert ring((0, 0), 1)[0] == DIRECTIONS[0]  # starts in direction 0, then clockwise
    assert ring((0, 0), 1) == [DIRECTIONS[i] for i in range(6)]
    assert spiral((0, 0), 2)[:7] == [(0, 0), *ring((0, 0), 1)]
    assert len(disc((5, 5), 3)) == 37
    with pytest.raises(ValueError):
        ring((0, 0), -1)


def test_edges_are_canonical() -> None:
    assert edge((1, 0), (0, 0)) == ((0, 0), (1, 0)) == edge((0, 0), (1, 0))
    assert len(set(edges_of((3, 3)))) == 6
    assert all((3, 3) in e for e in edges_of((3, 3)))
    with pytest.raises(ValueError, match="not adjacent"):
        edge((0, 0), (0, 2))


@given(hexes, hexes)
def test_distance_symmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_neighbors_at_distance_one(h: tuple[int, int]) -> None:
    ns = neighbors(h)
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 and adjacent(h, n) for n in ns)


@given(hexes, st.integers(0, 12))
def test_ring_sizes(center: tuple[int, int], r: int) -> None:
    hs = ring(center, r)
    assert len(hs) == (6 * r if r else 1)
    assert len(set(hs)) == len(hs)
    assert all(distance(center, h) == r for h in hs)
    assert all(adjacent(x, y) for x, y in pairwise(hs)) or r == 0
    assert set(spiral(center, r)) == set(disc(center, r))
    assert len(disc(center, r)) == 3 * r * (r + 1) + 1


# --- exact lines -------------------------------------------------------------------------------


def test_line_to_itself() -> None:
    assert line((2, 2), (2, 2)) == (((2, 2),),)


def test_line_along_a_hex_direction_has_no_ties() -> None:
    t = trace_line((0, 0), (0, 4))
    assert t.steps == (((0, 0),), ((0, 1),), ((0, 2),), ((0, 3),), ((0, 4),))
    assert t.along == () and t.corners == ()
    assert t.crossed == (((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3)), ((0, 3), (0, 4)))


def test_line_along_a_hexspine_reports_the_pair_and_its_corners() -> None:
    # (2, -1) is the corner direction: the line runs exactly along the hexside (1,-1)|(1,0).
    t = trace_line((0, 0), (2, -1))
    assert t.steps == (((0, 0),), ((1, -1), (1, 0)), ((2, -1),))
    assert t.along == (((1, -1), (1, 0)),)
    assert t.crossed == ()
    assert [c.before for c in t.corners] == [1, 2]
    assert all(c.touch_only is None for c in t.corners)
    assert t.corners[0].hexes == ((0, 0), (1, -1), (1, 0))


def test_line_through_a_corner_reports_the_hex_touched_only_there() -> None:
    t = trace_line((0, 0), (5, -4))
    assert t.along == ()
    touched = [c.touch_only for c in t.corners]
    assert touched == [(2, -1), (3, -3)]
    assert (2, -1) not in {h for s in t.steps for h in s}
    assert (2, -1) in t.hexes()
    # crossing made exactly at a corner is still a crossing between the two hexes
    assert ((1, -1), (2, -2)) in t.crossed


def test_nearly_parallel_line_clips_extra_hexes() -> None:
    # A geometric line touches every hex it passes through, which can be more than distance + 1.
    t = trace_line((0, 0), (14, 1))
    assert len(t.steps) > distance((0, 0), (14, 1)) + 1
    assert ((5, 1),) in t.steps


def _dense_hexes(a: tuple[int, int], b: tuple[int, int], m: int) -> set[tuple[int, int]]:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return {_cube_round(a[0] + dq * k / m, a[1] + dr * k / m) for k in range(m + 1)}


def test_exact_line_matches_dense_sampling() -> None:
    """Oracle: the hexes containing many points of the segment are the exact line's hexes
    (apart from the second hex of each hexside graze, which sampling sees only as ties, and a
    sample landing on a corner, which may round into the hex touched only there)."""
    for dq in range(-7, 8):
        for dr in range(-7, 8):
            t = trace_line((0, 0), (dq, dr))
            exact = {h for s in t.steps for h in s}
            grazed = {h for s in t.steps if len(s) == 2 for h in s}
            dense = _dense_hexes((0, 0), (dq, dr), 1500)
            assert dense <= t.hexes(), (dq, dr)
            assert exact - dense <= grazed, (dq, dr)


@given(small, small)
def test_line_is_contiguous_from_a_to_b(a: tuple[int, int], b: tuple[int, int]) -> None:
    steps = line(a, b)
    assert steps[0] == (a,) and steps[-1] == (b,)
    assert len(steps) >= distance(a, b) + 1
    for s, t in pairwise(steps):
        assert all(adjacent(x, y) for x in s for y in t)
    for s in steps:
        assert len(s) in (1, 2)
        if len(s) == 2:
            assert adjacent(*s) and s[0] < s[1]


@given(small, small)
def test_line_reversed_is_the_same_line(a: tuple[int, int], b: tuple[int, int]) -> None:
    ab, ba = trace_line(a, b), trace_line(b, a)
    assert ab.steps == tuple(reversed(ba.steps))
    assert {h for s in ab.steps for h in s} == {h for s in ba.steps for h in s}
    assert set(ab.crossed) == set(ba.crossed) and set(ab.along) == set(ba.along)
    assert ab.hexes() == ba.hexes()


@given(small, small)
def test_line_contains_the_classic_sampled_hexes_in_order(a: tuple[int, int], b: tuple[int, int]) -> None:
    n = distance(a, b)
    steps = line(a, b)
    pos = {h: k for k, s in enumerate(steps) for h in s}
    last = -1
    for k in range(n + 1):
        # nudge off ties: the sampled hex is then one of the two hexes of a graze step
        h = _cube_round(
            a[0] + (b[0] - a[0]) * k / max(n, 1) + 1e-7, a[1] + (b[1] - a[1]) * k / max(n, 1) + 2e-7
        )
        assert h in pos
        assert pos[h] >= last
        last = pos[h]


@given(small, small, small)
def test_line_is_translation_invariant(a: tuple[int, int], b: tuple[int, int], d: tuple[int, int]) -> None:
    def shift(h: tuple[int, int]) -> tuple[int, int]:
        return (h[0] + d[0], h[1] + d[1])

    moved = line(shift(a), shift(b))
    assert moved == tuple(tuple(shift(h) for h in s) for s in line(a, b))


# --- layouts, labels, pixels -------------------------------------------------------------------


def test_column_letters() -> None:
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]
    assert all(column_index(column_letters(i)) == i for i in range(800))
    assert column_index("c") == 2
    with pytest.raises(ValueError):
        column_letters(-1)


def test_letter_number_labels() -> None:
    lay = Layout("flat", "odd-q", "letter-number", 15, 10)
    assert lay.label((0, 0)) == "A1"
    assert lay.parse("C7") == lay.to_axial(2, 6)
    assert lay.label(lay.parse("O10")) == "O10"
    assert lay.parse("c7") == lay.parse("C7")
    zero = Layout("flat", "odd-q", "letter-number", 15, 10, first_row=0)
    assert zero.label((0, 0)) == "A0"
    assert zero.parse("B9") == zero.to_axial(1, 9)


def test_four_digit_labels() -> None:
    lay = Layout("flat", "even-q", "four-digit", 30, 20)
    assert lay.label(lay.to_axial(2, 6)) == "0307"
    assert lay.parse("0307") == lay.to_axial(2, 6)
    assert lay.parse("0101") == (0, 0)


@pytest.mark.parametrize(
    ("lay", "bad", "why"),
    [
        (LAYOUTS[0], "7C", "bad hex label"),
        (LAYOUTS[0], "C07", "bad hex label"),
        (LAYOUTS[0], "", "bad hex label"),
        (LAYOUTS[0], "C 7", "bad hex label"),
        (LAYOUTS[0], "P1", "off the 15x10 map"),
        (LAYOUTS[0], "A11", "off the 15x10 map"),
        (LAYOUTS[0], "A0", "off the 15x10 map"),
        (LAYOUTS[2], "307", "four digits"),
        (LAYOUTS[2], "0000", "off the 12x9 map"),
        (LAYOUTS[2], "1301", "off the 12x9 map"),
        (LAYOUTS[2], "A1", "four digits"),
    ],
)
def test_bad_labels_raise(lay: Layout, bad: str, why: str) -> None:
    with pytest.raises(ValueError, match=why) as exc:
        lay.parse(bad)
    assert repr(bad) in str(exc.value)


def test_label_of_off_map_hex_raises() -> None:
    with pytest.raises(ValueError, match="off the"):
        LAYOUTS[0].label((-1, 0))


def test_layout_rejects_inconsistent_geometry() -> None:
    with pytest.raises(ValueError, match="offset"):
        Layout("flat", "odd-r", "letter-number", 3, 3)
    with pytest.raises(ValueError, match="orientation"):
        Layout("round", "odd-q", "letter-number", 3, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="four-digit"):
        Layout("flat", "odd-q", "four-digit", 100, 3)
    with pytest.raises(ValueError, match="cols and rows"):
        Layout("flat", "odd-q", "letter-number", 0, 3)


@pytest.mark.parametrize("lay", LAYOUTS)
def test_every_hex_round_trips(lay: Layout) -> None:
    hs = lay.hexes()
    assert len(hs) == len(set(hs)) == lay.cols * lay.rows
    for h in hs:
        assert lay.contains(h)
        assert lay.parse(lay.label(h)) == h
        assert lay.to_axial(*lay.to_offset(h)) == h


@settings(max_examples=200)
@given(st.sampled_from(LAYOUTS), st.data())
def test_label_round_trip_property(lay: Layout, data: st.DataObject) -> None:
    c = data.draw(st.integers(0, lay.cols - 1))
    r = data.draw(st.integers(0, lay.rows - 1))
    h = lay.to_axial(c, r)
    assert lay.to_offset(h) == (c, r)
    assert lay.parse(lay.label(h)) == h


@pytest.mark.parametrize("offset", ["odd-q", "even-q"])
def test_offset_columns_stay_adjacent(offset: str) -> None:
    lay = Layout("flat", offset, "letter-number", 6, 6)  # type: ignore[arg-type]
    for c in range(6):
        for r in range(5):
            assert adjacent(lay.to_axial(c, r), lay.to_axial(c, r + 1))  # same column, next row
        if c < 5:
            assert adjacent(lay.to_axial(c, 2), lay.to_axial(c + 1, 2))  # same row, next column


def test_flat_pixels() -> None:
    lay = LAYOUTS[0]
    x0, y0 = lay.center((0, 0), 10.0)
    assert (x0, y0) == (0.0, 0.0)
    x, y = lay.center(neighbor((0, 0), 0), 10.0)
    assert x == pytest.approx(0.0) and y < 0  # direction 0 is straight up
    for n in neighbors((0, 0)):
        assert math.dist((x0, y0), lay.center(n, 10.0)) == pytest.approx(10.0 * math.sqrt(3))
    corners = lay.corners((3, 1), 10.0)
    cx, cy = lay.center((3, 1), 10.0)
    assert len(corners) == 6
    assert all(math.dist((cx, cy), p) == pytest.approx(10.0) for p in corners)
    assert corners[0][1] == pytest.approx(cy)  # flat top: a corner straight to the right


def test_pointy_pixels() -> None:
    lay = LAYOUTS[3]
    x, y = lay.center(neighbor((0, 0), 2))
    assert y == pytest.approx(0.0) and x > 0  # direction 2 is east on pointy maps
    x, y = lay.center(neighbor((0, 0), 0))
    assert x < 0 and y < 0  # direction 0 is the upper-left side
    corners = lay.corners((0, 0))
    assert min(p[1] for p in corners) == pytest.approx(-1.0)  # pointy: a corner straight up
