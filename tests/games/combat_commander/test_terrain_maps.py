"""Combat Commander Terrain Chart and maps: the chart matches rules T79-T99, every built-in map
loads and meets rule 2 and the decks' needs, and designed sight lines behave as the map headers
say. Malformed maps are refused naming the file, the entry and the problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tactica.core.los import CombatCommanderLos
from tactica.games.combat_commander import maps as ccmaps
from tactica.games.combat_commander import terrain as ter
from tactica.games.combat_commander.components import builtin_pack
from tactica.games.combat_commander.maps import MapError, builtin_map, builtin_map_ids, load_map

MAP_IDS = ("hill_road", "village_crossing", "orchard_farms")
MAPS_DIR = Path(ccmaps.__file__).parent / "data" / "maps"


def los(map_id: str, a: str, b: str) -> tuple[bool, int]:
    board = builtin_map(map_id).board
    r = ter.los_table(board).check(board.parse(a), board.parse(b))
    back = ter.los_table(board).check(board.parse(b), board.parse(a))
    assert (back.clear, back.hindrance) == (r.clear, r.hindrance), "LOS is reciprocal (10.1.1)"
    return r.clear, r.hindrance


# ---------------------------------------------------------------------------------------------
# Terrain Chart
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tid", "rule", "move", "cover", "los", "hindrance"),
    [
        ("building", "T82", 2, 3, "obstacle", 0),
        ("woods", "T99", 2, 2, "obstacle", 0),
        ("brush", "T81", 2, 1, "hindrance", 3),
        ("orchard", "T91", 1, 1, "hindrance", 2),
        ("field", "T85", 1, 0, "hindrance", 1),
        ("gully", "T86", 2, 1, "clear", 0),
        ("marsh", "T89", 3, 0, "hindrance", 1),
        ("stream", "T95", 3, -1, "clear", 0),
        ("open", "T90", 1, 0, "clear", 0),
        ("bridge_minor", "T80.2", None, 2, "hindrance", 1),
    ],
)
def test_chart_values(tid: str, rule: str, move: int | None, cover: int, los: str, hindrance: int) -> None:
    e = ter.terrain_chart().entries[tid]
    assert (e.rule, e.move, e.cover, e.los, e.hindrance) == (rule, move, cover, los, hindrance)


def test_chart_hexsides_paths_and_flags() -> None:
    ch = ter.terrain_chart().entries
    assert (ch["wall"].move, ch["wall"].alt_cover, ch["wall"].los) == (1, 2, "obstacle")  # T97
    assert (ch["hedge"].move, ch["hedge"].alt_cover, ch["hedge"].los) == (1, 1, "obstacle")  # T87
    assert (ch["fence"].move, ch["fence"].los, ch["fence"].hindrance) == (1, "hindrance", 1)  # T84
    assert ch["cliff"].move_impassable and ch["cliff"].los == "clear"  # T83
    assert ch["water_barrier"].move_impassable and ch["water_barrier"].water  # T98
    assert ch["road"].road_cover == -1 and ch["road"].clear_along  # T93
    assert ch["woods"].airburst == 2 and ch["woods"].blind_hex and ch["building"].blind_hex  # T99, T82
    assert {e.id for e in ter.terrain_chart().of_kind("type") if e.water} == {
        "marsh",
        "stream",
        "water_barrier",
    }


def test_hierarchy_bridge_over_stream_and_open_last() -> None:
    """T78.1: the higher on the chart governs; a bridge over a stream is a bridge hex."""
    types = ter.terrain_chart().of_kind("type")
    rank = {e.id: e.rank for e in types}
    assert rank["bridge_minor"] < rank["stream"] and rank["bridge_major"] < rank["stream"]
    assert types[-1].id == "open"
    board = builtin_map("hill_road").board
    assert ter.hex_type(board, board.parse("C9")).id == "bridge_minor"
    assert ter.hex_type(board, board.parse("D9")).id == "stream"


def test_policy_configuration() -> None:
    p = ter.cc_los_policy()
    assert isinstance(p, CombatCommanderLos)
    assert p.obstacles == {"woods", "building"}
    assert p.hindrances["brush"] == 3 and p.hindrances["orchard"] == 2 and p.hindrances["field"] == 1
    assert p.hexside_obstacles == {"wall", "hedge"} and p.hexside_hindrances == {"fence": 1}
    assert p.blind == {"woods", "building"} and p.sunken == {"gully"}
    assert "road" in p.road_kinds and "trail" not in p.road_kinds


def test_los_table_is_cached_per_board() -> None:
    board = builtin_map("hill_road").board
    assert ter.los_table(board) is ter.los_table(board)


def test_cover_and_move_costs() -> None:
    b = builtin_map("hill_road").board
    h = b.parse
    assert ter.cover(b, h("K3")) == 2  # Building + Road (T93 example)
    assert ter.cover(b, h("C2")) == -1  # Open Ground + Road
    assert ter.cover(b, h("D9")) == -1  # Stream
    assert ter.move_cost(b, h("C8"), h("C9")) == 1  # along the road onto the bridge
    assert ter.move_cost(b, h("B9"), h("C9")) == 3  # minor bridge off the road: the stream's cost
    assert ter.move_cost(b, h("E4"), h("D4")) == 3  # Building 2 + Wall 1
    assert ter.move_cost(b, h("F7"), h("G7")) == 2  # Open 1 + uphill 1 (T88.1)
    assert ter.move_cost(b, h("G7"), h("F7")) == 1  # downhill
    vc = builtin_map("village_crossing").board
    assert ter.move_cost(vc, vc.parse("H2"), vc.parse("I2")) is None  # Cliff (T83)


# ---------------------------------------------------------------------------------------------
# Maps
# ---------------------------------------------------------------------------------------------


def test_builtin_map_ids() -> None:
    assert set(MAP_IDS) <= set(builtin_map_ids())


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_map_loads_with_required_features(map_id: str) -> None:
    m = builtin_map(map_id)
    b = m.board
    assert len(b) == 150 and b.layout.cols == 15 and b.layout.rows == 10
    assert sorted(b.objectives) == ["1", "2", "3", "4", "5"]
    assert max(b.elevation) >= 2 and 1 in b.elevation
    kinds = {t for i in range(len(b)) for t in b.terrain[i]}
    assert {"woods", "building", "brush", "orchard", "stream"} <= kinds
    sides = {f for fs in b.hexsides.values() for f in fs}
    assert {"wall", "hedge"} <= sides
    assert b.roads.get("road")
    assert any(len(h) >= 2 for h in m.buildings.values())
    assert set(m.friendly_edges) in ({"north", "south"}, {"west", "east"})
    corners = set(m.artillery_boxes)
    assert corners in ({"northwest", "southeast"}, {"northeast", "southwest"})
    for edge in m.friendly_edges:
        assert m.artillery_box(edge) in corners


@pytest.mark.parametrize("map_id", MAP_IDS)
@pytest.mark.parametrize("nation", ["Germany", "America", "Russia"])
def test_every_random_hex_exists(map_id: str, nation: str) -> None:
    b = builtin_map(map_id).board
    for card in builtin_pack().decks[nation].cards.values():
        assert b.parse(card.hex) in b


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_setup_zones_non_empty_and_on_their_edge(map_id: str) -> None:
    m = builtin_map(map_id)
    b = m.board
    for edge in m.friendly_edges:
        assert any(e == edge for e in m.setup_zones.values())
    for zone, edge in m.setup_zones.items():
        hexes = m.zone(zone)
        assert hexes
        for h in hexes:
            col, row = b.layout.to_offset(h)
            pos, size = (row, 10) if edge in ("north", "south") else (col, 15)
            near = pos if edge in ("north", "west") else size - 1 - pos
            assert near < size / 2 - 0.5, (zone, b.label(h))


def test_multi_hex_building_objective() -> None:
    """7.3.1.1, T82: an Objective in a multi-hex Building is the whole Building."""
    m = builtin_map("village_crossing")
    assert {m.board.label(h) for h in m.objective_hexes(3)} == {"J3", "J4", "K3"}
    assert {m.board.label(h) for h in m.objective_hexes("2")} == {"H5"}


# ---------------------------------------------------------------------------------------------
# Designed sight lines (each is described in the map's header)
# ---------------------------------------------------------------------------------------------


def test_woods_blocks_same_level() -> None:
    assert los("orchard_farms", "F5", "F8") == (False, 0)  # copse F6-F7 (10.2)


def test_orchard_hinders_two() -> None:
    assert los("orchard_farms", "N2", "N5") == (True, 2)  # orchard N3, N4: the largest counts once


def test_hill_blocks_two_lower_hexes() -> None:
    assert los("hill_road", "E5", "J5") == (False, 0)  # Hill 2 between two level-0 hexes (T88.3.3)


def test_crown_sees_over_lower_obstacles_except_blind_hex() -> None:
    assert los("hill_road", "G5", "C4") == (False, 0)  # blind hex behind the farmhouse (T88.4.1)
    assert los("hill_road", "G5", "B4") == (True, 0)  # one hex further: visible
    assert los("hill_road", "H6", "K8") == (False, 0)  # blind hex behind the copse
    assert los("hill_road", "H6", "L8") == (True, 0)


def test_lower_hindrance_ignored_from_hill() -> None:
    assert los("hill_road", "L3", "L6") == (True, 0)  # orchard below the knoll (T88.5)


def test_wall_hexside_blocks(tmp_path: Path) -> None:
    assert los("hill_road", "I3", "F1") == (False, 0)  # wall G2/H2, a side of neither end (10.1)
    data = _map_data("hill_road")
    del data["hexsides"]["G2/H2"]
    board = load_map(_write(data, tmp_path)).board
    r = ter.LosTable(board, ter.cc_los_policy()).check(board.parse("I3"), board.parse("F1"))
    assert (r.clear, r.hindrance) == (True, 1)  # without the wall only the field hinders


# ---------------------------------------------------------------------------------------------
# Malformed maps
# ---------------------------------------------------------------------------------------------


def _map_data(map_id: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((MAPS_DIR / f"{map_id}.yaml").read_text(encoding="utf-8"))
    return data


def _write(data: dict[str, Any], folder: Path) -> Path:
    p = folder / "broken.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return p


@pytest.mark.parametrize(
    ("change", "entry", "problem"),
    [
        (lambda d: d["objectives"].pop("5"), "objectives", "Objectives 1-5"),
        (lambda d: d["hexes"].update({"C3": {"terrain": ["jungle"]}}), "hex C3", "unknown terrain"),
        (lambda d: d["geometry"].update({"exclude": ["O5"]}), "geometry.exclude", "Random Hex"),
        (lambda d: d["geometry"].update({"rows": 9}), "", "off the"),
        (
            lambda d: d["combat_commander"]["setup_zones"].update({"south-deep": "north"}),
            "combat_commander.setup_zones.south-deep: A7",
            "nearer north",
        ),
        (
            lambda d: d["combat_commander"]["setup_zones"].update({"nowhere": "north"}),
            "combat_commander.setup_zones.nowhere",
            "no zone",
        ),
        (
            lambda d: d["combat_commander"].update(
                {"artillery_boxes": {"northwest": "north", "northeast": "south"}}
            ),
            "combat_commander.artillery_boxes",
            "opposite corners",
        ),
        (
            lambda d: d["combat_commander"]["buildings"].update({"split": ["K3", "B6"]}),
            "combat_commander.buildings.split",
            "hexes of a building must be connected",
        ),
        (
            lambda d: d["combat_commander"]["buildings"].update({"field": ["F1", "F2"]}),
            "combat_commander.buildings.field: F1",
            "no building terrain",
        ),
        (
            lambda d: d["combat_commander"].update({"friendly_edges": ["north", "west"]}),
            "combat_commander.friendly_edges",
            "not opposite",
        ),
        (lambda d: d.pop("combat_commander"), "combat_commander", "missing"),
    ],
)
def test_malformed_map_rejected(change: Any, entry: str, problem: str, tmp_path: Path) -> None:
    data = _map_data("hill_road")
    change(data)
    with pytest.raises(MapError) as err:
        load_map(_write(data, tmp_path))
    msg = str(err.value)
    assert msg.startswith("broken.yaml: "), msg
    assert entry in msg and problem in msg, msg


def test_duplicate_key_rejected(tmp_path: Path) -> None:
    text = (MAPS_DIR / "hill_road.yaml").read_text(encoding="utf-8")
    p = tmp_path / "dup.yaml"
    p.write_text(text.replace("  D5/D6: [wall]\n", "  D5/D6: [wall]\n  D5/D6: [hedge]\n"), encoding="utf-8")
    with pytest.raises(MapError, match=r"^dup\.yaml: .*duplicate key"):
        load_map(p)
