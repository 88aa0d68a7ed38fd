"""Loading and validating map files."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tactica.core.board import Board, BoardError, load_board
from tactica.core.hexgrid import adjacent

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "sample_15x10.yaml"
SAMPLE_TERRAIN = {"open", "woods", "building", "brush", "orchard", "field", "marsh"}
SAMPLE_HEXSIDES = {"wall", "hedge", "fence", "stream", "cliff"}


@pytest.fixture(scope="module")
def sample() -> Board:
    return load_board(SAMPLE, SAMPLE_TERRAIN, SAMPLE_HEXSIDES)


def test_sample_geometry_and_index(sample: Board) -> None:
    assert sample.name == "sample-15x10"
    assert sample.source == "sample_15x10.yaml"
    assert len(sample) == 150
    assert sample.hexes[0] == (0, 0) and sample.labels[0] == "A1"
    assert sample.labels[149] == "O10"
    for i, h in enumerate(sample.hexes):
        assert sample.idx(h) == i
        assert sample.parse(sample.label(h)) == h
    assert sample.layout.orientation == "flat"


def test_sample_terrain_and_elevation(sample: Board) -> None:
    g4, h4, c3, a2 = (sample.parse(x) for x in ("G4", "H4", "C3", "A2"))
    assert sample.level(g4) == 2
    assert sample.terrain[sample.idx(h4)] == ("woods",) and sample.level(h4) == 1
    assert sample.has(c3, "woods") and not sample.has(c3, "open")
    assert sample.terrain[sample.idx(a2)] == ("open",) and sample.level(a2) == 0
    assert sample.half[sample.idx(sample.parse("A1"))] is True
    assert sum(sample.half) == 1
    assert sample.catalogue["hexside"] == frozenset(SAMPLE_HEXSIDES)


def test_sample_hexsides_roads_and_areas(sample: Board) -> None:
    p = sample.parse
    assert sample.hexside(p("E8"), p("E7")) == {"wall"}
    assert sample.hexside(p("E7"), p("E8")) == {"wall"}
    assert sample.hexside(p("A1"), p("A2")) == frozenset()
    assert sample.road(p("C6"), p("B6")) and not sample.road(p("C6"), p("C7"))
    assert sample.road(p("F6"), p("F7"), "trail") and not sample.road(p("F6"), p("F7"))
    assert len(sample.roads["road"]) == 14
    assert sample.objectives["1"] == p("G4")
    assert len(sample.zones["west-setup"]) == 20
    assert sample.zones["west-setup"][0] == p("A1")
    assert {sample.label(h) for h in sample.edges["north"]} == {f"{c}1" for c in "ABCDEFGHIJKLMNO"}
    assert len(sample.edges["east"]) == 10
    assert sample.sections["left"] | sample.sections["centre"] | sample.sections["right"] == set(sample.hexes)
    assert set(sample.neighbors(p("A1"))) == {p("A2"), p("B1")}
    assert sample.mask([p("A1"), p("A3")]) == 0b101


def test_board_is_immutable(sample: Board) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        sample.name = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        sample.hexsides[((0, 0), (0, 1))] = frozenset()  # type: ignore[index]
    with pytest.raises(TypeError):
        sample.objectives["9"] = (0, 0)  # type: ignore[index]
    assert isinstance(sample.terrain, tuple) and isinstance(sample.elevation, tuple)


def test_parse_rejects_hex_not_on_board() -> None:
    b = load_board(_base(geometry={**GEO, "exclude": ["B2"]}))
    with pytest.raises(ValueError, match="not a hex of board"):
        b.parse("B2")
    assert len(b) == 15
    with pytest.raises(ValueError, match="off the"):
        b.parse("Z2")


# --- building maps from data ---------------------------------------------------------------------

GEO = {"orientation": "flat", "offset": "odd-q", "labels": "letter-number", "cols": 4, "rows": 4}


def _base(**extra: Any) -> dict[str, Any]:
    return {"version": 1, "name": "t", "geometry": dict(GEO), **extra}


def test_load_from_mapping_and_defaults() -> None:
    b = load_board(
        _base(
            defaults={"terrain": ["grass"], "elevation": 1},
            hexes={"B2": {"terrain": ["woods", "hill"], "elevation": 3}, "C3": ["town"]},
        )
    )
    assert b.source == "<map data>"
    assert b.terrain[b.idx(b.parse("A1"))] == ("grass",)
    assert b.terrain[b.idx(b.parse("B2"))] == ("woods", "hill")
    assert b.level(b.parse("B2")) == 3 and b.level(b.parse("C3")) == 1


def test_four_digit_labels_need_no_quotes(tmp_path: Path) -> None:
    f = tmp_path / "fd.yaml"
    f.write_text(
        textwrap.dedent(
            """
            version: 1
            geometry: {orientation: pointy, offset: odd-r, labels: four-digit, cols: 5, rows: 9}
            hexes:
              0307: [woods]
              0101: {elevation: 2}
            hexsides:
              0307/0308: [hedge]
            objectives:
              1: 0505
            """
        )
    )
    b = load_board(f)
    assert b.has(b.parse("0307"), "woods")
    assert b.level(b.parse("0101")) == 2
    assert b.hexside(b.parse("0307"), b.parse("0308")) == {"hedge"}
    assert b.objectives == {"1": b.parse("0505")}


def test_allowed_sets_come_from_the_game() -> None:
    data = _base(hexes={"B2": ["woods"]}, hexsides={"B2/B3": ["wall"]})
    load_board(data, allowed_terrain={"woods"}, allowed_hexside={"wall"})
    with pytest.raises(BoardError, match=r"hex B2 terrain: unknown terrain 'woods' \(allowed: forest\)"):
        load_board(data, allowed_terrain={"forest"})
    with pytest.raises(BoardError, match="hexside B2/B3: unknown hexside feature 'wall'"):
        load_board(data, allowed_hexside={"hedge"})
    with pytest.raises(BoardError, match=r"terrain\.hex: unknown terrain 'jungle'"):
        load_board(_base(terrain={"hex": ["jungle"]}), allowed_terrain={"woods"})


def test_exclude_and_ranges() -> None:
    b = load_board(
        _base(
            geometry={**GEO, "exclude": ["A1", "D1..D4"]},
            zones={"z": ["A1..B2"]},
            edges={"friendly": ["A2..C2"]},
        )
    )
    assert len(b) == 16 - 1 - 4
    assert {b.label(h) for h in b.zones["z"]} == {"A2", "B1", "B2"}  # excluded A1 skipped
    assert {b.label(h) for h in b.edges["east"]} == set()
    assert [b.label(h) for h in b.edges["friendly"]] == ["A2", "B2", "C2"]


# --- malformed maps: each error names the file, the entry and the problem --------------------------


def _write(tmp_path: Path, body: str) -> Path:
    f = tmp_path / "broken.yaml"
    head = (
        "version: 1\ngeometry: {orientation: flat, offset: odd-q, labels: letter-number, cols: 4, rows: 4}\n"
    )
    f.write_text(head + textwrap.dedent(body))
    return f


@pytest.mark.parametrize(
    ("body", "fragments"),
    [
        ("hexes:\n  E1: [woods]\n", ["E1", "off the 4x4 map"]),
        ("hexes:\n  1A: [woods]\n", ["1A", "bad hex label"]),
        ("hexes:\n  B2: [wood]\n", ["hex B2", "unknown terrain 'wood'"]),
        ("hexes:\n  B2: {elevation: high}\n", ["hexes.B2.elevation", "expected an integer"]),
        ("hexes:\n  B2: {elevation: 1.5}\n", ["hexes.B2.elevation", "expected an integer"]),
        ("hexes:\n  B2: {height: 1}\n", ["hexes.B2", "unknown key 'height'"]),
        ("hexes:\n  B2: {half: yes}\n", ["line 7, column 14", "'yes' is a YAML 1.1 boolean"]),
        ("hexes:\n  B2: woods\n", ["hexes.B2", "expected a"]),
        ("hexes:\n  B2: [woods, woods]\n", ["hex B2", "'woods' listed twice"]),
        ("hexes:\n  B2: [woods]\n  B2: [brush]\n", ["duplicate key 'B2'"]),
        ("hexes:\n  B2: [woods]\n  b2: [brush]\n", ["hex b2", "duplicate entry"]),
        ("hexsides:\n  B2/B4: [wall]\n", ["hexside B2/B4", "not adjacent"]),
        ("hexsides:\n  B2/B3: [wall]\n  B3/B2: [hedge]\n", ["hexside B3/B2", "duplicate"]),
        ("hexsides:\n  B2-B3: [wall]\n", ["hexside B2-B3", "separated by '/'"]),
        ("hexsides:\n  B2/B9: [wall]\n", ["B9", "off the 4x4 map"]),
        ("hexsides:\n  B2/B3: [moat]\n", ["hexside B2/B3", "unknown hexside feature 'moat'"]),
        ("roads:\n  - {path: [A1, C1]}\n", ["roads[0] path", "A1 and C1 are not adjacent"]),
        ("roads:\n  - {path: [A1]}\n", ["roads[0] path", "at least two"]),
        ("objectives:\n  '1': Q9\n", ["objective 1", "Q9"]),
        ("zones:\n  setup: [A1, A1]\n", ["zones.setup", "A1", "listed twice"]),
        ("zones:\n  setup: A1\n", ["zones.setup", "expected a list"]),
        ("colour: red\n", ["top level", "unknown key 'colour'"]),
        ("hexes: [B2]\n", ["hexes", "expected a mapping"]),
        ("hexes:\n  B2: [woods\n", ["not valid YAML"]),
    ],
)
def test_malformed_map_names_file_entry_and_problem(tmp_path: Path, body: str, fragments: list[str]) -> None:
    f = _write(tmp_path, "terrain:\n  hex: [woods, brush]\n  hexside: [wall, hedge]\n" + body)
    with pytest.raises(BoardError) as exc:
        load_board(f)
    msg = str(exc.value)
    assert msg.startswith("broken.yaml: ")
    for frag in fragments:
        assert frag in msg, msg


@pytest.mark.parametrize(
    ("data", "fragments"),
    [
        ({"geometry": GEO}, ["version", "missing"]),
        ({"version": 2, "geometry": GEO}, ["version", "expected 1, got 2"]),
        ({"version": 1}, ["geometry", "missing"]),
        ({"version": 1, "geometry": {**GEO, "offset": "odd-r"}}, ["geometry", "offset for flat hexes"]),
        ({"version": 1, "geometry": {**GEO, "cols": "4"}}, ["geometry.cols", "integer"]),
        ({"version": 1, "geometry": {**GEO, "rows": True}}, ["geometry.rows", "integer"]),
        ({"version": 1, "geometry": {**GEO, "exclude": ["A1..D4"]}}, ["excludes every hex"]),
        (
            {"version": 1, "geometry": {**GEO, "exclude": ["A1"]}, "hexes": {"A1": ["x"]}},
            ["A1", "excluded from the map"],
        ),
        ({"version": 1, "geometry": GEO, "format": "other"}, ["format"]),
    ],
)
def test_malformed_mapping(data: Any, fragments: list[str]) -> None:
    with pytest.raises(BoardError) as exc:
        load_board(data, source_name="m.yaml")
    msg = str(exc.value)
    assert msg.startswith("m.yaml: ")
    for frag in fragments:
        assert frag in msg, msg


def test_top_level_must_be_a_mapping(tmp_path: Path) -> None:
    f = tmp_path / "list.yaml"
    f.write_text("- A1\n- B2\n")
    with pytest.raises(BoardError, match=r"list\.yaml: top level: expected a mapping"):
        load_board(f)


def test_missing_file() -> None:
    with pytest.raises(BoardError, match=r"nope\.yaml: cannot read map file"):
        load_board(DATA / "nope.yaml")


def test_board_error_is_a_value_error() -> None:
    assert issubclass(BoardError, ValueError)


def test_hexsides_on_the_map_edge_are_allowed() -> None:
    b = load_board(_base(geometry={**GEO, "exclude": ["A1"]}, hexsides={"A1/A2": ["wall"]}))
    a1, a2 = b.layout.parse("A1"), b.parse("A2")
    assert adjacent(a1, a2)
    assert b.hexside(a1, a2) == {"wall"}


def test_board_pickles_for_worker_processes(sample: Board) -> None:
    import pickle

    copy: Board = pickle.loads(pickle.dumps(sample))
    assert copy.hexes == sample.hexes and copy.labels == sample.labels
    assert dict(copy.hexsides) == dict(sample.hexsides)
    assert copy.zones == sample.zones and copy.layout == sample.layout
    with pytest.raises(TypeError):
        copy.objectives["9"] = (0, 0)  # type: ignore[index]


# ---------------------------------------------------------------------------------------------
# derived_hexsides: hexside terrain the hexes imply (Combat Infantry 3.1), and the side queries
# ---------------------------------------------------------------------------------------------


def _derived_map(**extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "version": 1,
        "geometry": {"orientation": "flat", "offset": "odd-q", "labels": "letter-number",
                     "cols": 4, "rows": 4},
        "defaults": {"terrain": ["clear"]},
        "hexes": {"B2": ["woods"], "C3": {"elevation": 1}},
        "hexsides": {"B2/B3": ["hedge"], "B2/B1": []},
        "derived_hexsides": {"from_terrain": {"woods": "woods"}, "from_elevation": "slope"},
    }
    data.update(extra)
    return data


def test_derived_hexsides_from_terrain_and_elevation_unless_listed() -> None:
    b = load_board(_derived_map())
    p = b.parse
    woods_sides = {b.label(n) for n, f in b.sides(p("B2")) if "woods" in f}
    # every side of the woods hex is a woods hexside, except the two the file lists itself
    assert woods_sides == {b.label(n) for n in b.neighbors(p("B2"))} - {"B3", "B1"}
    assert b.hexside(p("B2"), p("B3")) == {"hedge"}
    assert b.hexside(p("B2"), p("B1")) == frozenset()
    assert b.hexside(p("B2"), p("C3")) == {"woods", "slope"}
    # C3 is one level up: each of its sides is a slope, and climb gives the direction
    for n, feats in b.sides(p("C3")):
        assert "slope" in feats
        assert b.climb(n, p("C3")) == 1 and b.climb(p("C3"), n) == -1
    assert b.hexside(p("A4"), p("A3")) == frozenset()


def test_derived_hexsides_absent_leaves_maps_unchanged() -> None:
    data = _derived_map()
    del data["derived_hexsides"]
    b = load_board(data)
    p = b.parse
    assert dict(b.hexsides) == {(p("B2"), p("B3")) if p("B2") < p("B3") else (p("B3"), p("B2")): {"hedge"},
                                (p("B1"), p("B2")) if p("B1") < p("B2") else (p("B2"), p("B1")): frozenset()}


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ({"from_terrain": {"jungle": "woods"}}, "unknown terrain 'jungle'"),
        ({"from_terrain": {"woods": "wall"}}, "unknown hexside feature 'wall'"),
        ({"from_elevation": "ramp"}, "unknown hexside feature 'ramp'"),
        ({"slopes": "slope"}, "unknown key 'slopes'"),
    ],
)
def test_derived_hexsides_errors_name_the_entry(spec: dict[str, Any], problem: str) -> None:
    data = _derived_map(derived_hexsides=spec)
    data["terrain"] = {"hex": ["clear", "woods"], "hexside": ["woods", "hedge", "slope"]}
    with pytest.raises(BoardError, match=problem):
        load_board(data)
