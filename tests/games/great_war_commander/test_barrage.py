"""Great War Commander artillery and air as pure functions (O17, O19, T99.5, F125.3): dates,
Accuracy by the product of the dice, barrage patterns on the 15x11 flat-topped map, the Creeping
shift, downgrades, the Gas effect, the aircraft row. The procedures are tested in test_artillery."""

from __future__ import annotations

import pytest

from tactica.games.great_war_commander import air, barrage
from tactica.games.great_war_commander.data import builtin_pack

PACK = builtin_pack()
BOARD = PACK.maps["trench_line"]


def test_O19_2_table_box_spaces_by_date_and_nation() -> None:
    assert barrage.spaces_open("1914-09", "Germany") == ("local",)
    assert barrage.spaces_open("1915-01", "France") == ("local", "standing_creeping")
    assert barrage.spaces_open("1915-06", "Germany") == ("local", "standing_creeping", "gas")
    assert barrage.spaces_open("1915-06", "France") == ("local", "standing_creeping")
    assert barrage.spaces_open("1915-07", "France") == ("local", "standing_creeping", "gas")
    assert barrage.spaces_open("1917-03", "America") == ("local", "standing_creeping")
    assert barrage.spaces_open("1918-06", "America") == ("local", "standing_creeping", "gas")


def test_O21_2_1_1_accuracy_is_the_product_against_the_range() -> None:
    """Digest E12/E13: 1x6 = 6 misses at range 6 and hits at 5; 6x6 hits anything; 1x1 misses
    everything; Brush 3 in the way needs 9 at range 5."""
    assert not barrage.accurate(1 * 6, 0, 6)
    assert barrage.accurate(1 * 6, 0, 5)
    assert barrage.accurate(6 * 6, 0, 30)
    assert not barrage.accurate(1 * 1, 0, 1)
    assert not barrage.accurate(2 * 4, 3, 5) and barrage.accurate(3 * 3, 3, 5)


def test_O19_2_1_2_fao_spotting_its_own_hex_counts_range_one() -> None:
    assert barrage.spotting_range(0, fao=True) == 1
    assert barrage.spotting_range(0, fao=False) == 0
    assert barrage.spotting_range(4, fao=True) == 4


def test_O19_2_1_4_local_pattern_is_seven_hexes_fewer_at_the_edge() -> None:
    area = barrage.local_pattern(BOARD, "H6")
    assert len(area) == 7 and area[0] == "H6"
    assert {"H5", "H7"} <= set(area)  # straight up and down the column
    assert len(barrage.local_pattern(BOARD, "A1")) < 7


@pytest.mark.parametrize("axis", [1, 2, 3])
def test_O19_2_1_4_line_pattern_is_a_straight_row_of_seven(axis: int) -> None:
    row = barrage.line_pattern(BOARD, "H6", axis)
    assert len(row) == 7 and row[0] == "H6"
    hexes = [BOARD.parse(x) for x in row]
    # a straight row: every hex lies on the line through the centre along one axis
    (q0, r0) = hexes[0]
    steps = {((q - q0), (r - r0)) for q, r in hexes[1:]}
    unit = {(dq // max(abs(dq), abs(dr), abs(dq + dr)), dr // max(abs(dq), abs(dr), abs(dq + dr)))
            for dq, dr in steps}
    assert len(unit) == 2  # two opposite directions only


def test_O19_2_1_4_line_pattern_vertical_axis_and_edge_cut() -> None:
    assert barrage.line_pattern(BOARD, "H6", 1) == ["H6", "H5", "H4", "H3", "H7", "H8", "H9"]
    assert barrage.line_pattern(BOARD, "H2", 1) == ["H2", "H1", "H3", "H4", "H5"]
    with pytest.raises(ValueError):
        barrage.line_pattern(BOARD, "H6", 4)


def test_O19_2_2_2_creeping_shift_moves_every_marker_one_hex_and_drops_those_off_map() -> None:
    """Digest E44: the SR and all six Impact markers shift one hex in one direction."""
    row = barrage.line_pattern(BOARD, "H3", 1)  # H3 H2 H1 H4 H5 H6
    assert barrage.shifted(BOARD, row, 4) == ["H4", "H3", "H2", "H5", "H6", "H7"]
    assert barrage.shifted(BOARD, row, 1) == ["H2", "H1", None, "H3", "H4", "H5"]


def test_T99_5_terrain_downgrade_at_18_building_and_bridge_to_rubble() -> None:
    chart = {t.id: t for t in PACK.terrain.terrain}

    def vuln(tid: str) -> tuple[int, str] | None:
        v = chart[tid].vulnerability
        return None if v is None else (v.threshold, v.becomes)

    assert barrage.downgrade_terrain(vuln("woods"), 17) is None
    assert barrage.downgrade_terrain(vuln("woods"), 18) == "shellhole"
    assert barrage.downgrade_terrain(vuln("building"), 21) == "rubble"
    assert barrage.downgrade_terrain(vuln("bridge"), 18) == "rubble"
    assert barrage.downgrade_terrain(vuln("rubble"), 18) == "shellhole"
    assert barrage.downgrade_terrain(vuln("stream"), 25) is None  # Water: no vulnerability
    assert barrage.downgrade_terrain(vuln("shellhole"), 25) is None  # cannot go further


def test_F125_3_fortification_downgrades_match_the_chart() -> None:
    assert barrage.downgrade_fortification("pillbox", 19) == (False, "pillbox")
    assert barrage.downgrade_fortification("pillbox", 20) == (True, "rubble")
    assert barrage.downgrade_fortification("trench", 18) == (True, "foxholes")
    assert barrage.downgrade_fortification("foxholes", 18) == (True, None)
    for f in PACK.fortifications.fortifications:
        need, becomes = barrage.FORT_STEPS[f.id]
        assert need == f.vulnerability.threshold, f.id
        # what the chart leaves: our None means "the terrain's own downgrade" (Shellhole)
        assert (becomes or "shellhole") == f.vulnerability.becomes, f.id


def test_O19_2_1_3_gas_breaks_the_suppressed_and_suppresses_the_rest() -> None:
    assert barrage.gas_effect(suppressed=True) == "break"
    assert barrage.gas_effect(suppressed=False) == "suppress"


def test_O17_1_air_fp_by_date_and_nation() -> None:
    """Digest E42/E43: Strafing 5; Bombing 6 in 1918, 3 in 1914."""
    assert air.bombing_fp("1914-09") == 3
    assert air.bombing_fp("1918-06") == 6
    assert air.strafing_fp("1918-06", "Germany") == 5
    assert air.strafing_fp("1915-07", "Germany") is None
    assert air.strafing_fp("1915-08", "Germany") == 5
    assert air.strafing_fp("1916-01", "France") is None
    assert air.strafing_fp("1916-02", "France") == 5
    assert air.strafing_fp("1918-06", "America") == 5


def test_O17_1_air_assault_examples_rows_from_g11() -> None:
    """Digest E42/E43: from Random Hex G11 the nose can trace a row through G8 (Bombing) and a
    row holding J9 and K9 side by side (Strafing)."""
    rows = {d: air.row(BOARD, "G11", d) for d in range(1, 7)}
    assert "G8" in rows[1]
    strafe = [d for d, r in rows.items() if ("J9", "K9") in air.strafing_pairs(r)]
    assert strafe, rows
    assert all(r[0] == "G11" for r in rows.values())
