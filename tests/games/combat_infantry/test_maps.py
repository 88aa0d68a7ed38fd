"""3.0: the two geomorphic sheets join side by side or end to end, either way round, and a
scenario plays on the joined map (sheets.py)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from ci_helpers import activate, at, ids, play, scene

import tactica
from tactica.core.rules import RulesError
from tactica.games.combat_infantry.geo import geo_for
from tactica.games.combat_infantry.scenarios import DIR, check_scenario, load_scenario
from tactica.games.combat_infantry.sheets import SheetError, joined_map, map_key


def _seam_roads(key: str) -> set[tuple[str, str]]:
    b = geo_for(key).board
    out = set()
    for edges in b.roads.values():
        for a, c in edges:
            if b.layout.to_offset(a)[0] // 14 != b.layout.to_offset(c)[0] // 14:
                out.add((b.layout.label(a), b.layout.label(c)))
    return out


def test_3_0_two_sheets_join_side_by_side_labels_continue_and_the_road_crosses_the_seam() -> None:
    west, east = geo_for("saint_martin"), geo_for("bois_du_blaireau")
    g = geo_for("saint_martin+bois_du_blaireau")
    assert g.n == west.n + east.n == 280
    b = g.board
    # the east sheet's G5 (in Ballan, town) is the joined map's U5, its objective H5 is V5,
    # its hill top K2 (level 2) is Y2
    assert b.features[g.index["U5"]] == east.board.features[east.index["G5"]] == {"town"}
    assert b.elevation[g.index["Y2"]] == 2
    assert b.objectives["ballan"] == b.parse("V5") and b.objectives["town"] == b.parse("H5")
    # the seam hexes are no longer map edges (9.4, 10.4: units leave the map only at its edge)
    assert west.edge[west.index["N5"]] and not g.edge[g.index["N5"]] and not g.edge[g.index["O5"]]
    assert g.edge[g.index["AB5"]]
    # 8.4: the paved road runs on across the seam: clear hexside 2 MP, 1 along the road
    assert _seam_roads("saint_martin+bois_du_blaireau") == {("N5", "O5")}
    n5, o5, o6 = g.index["N5"], g.index["O5"], g.index["O6"]
    assert g.cost(n5, o5) == 1 and g.cost(n5, o6) == 2


def test_3_0_a_sheet_turned_half_a_circle_keeps_its_hexes_and_hexsides_and_the_road_still_meets() -> None:
    g = geo_for("saint_martin+bois_du_blaireau@180")
    b = g.board
    # the turned sheet's K2 (col 10, row 1 from 0) lands at col 13-10+14 = R, row 10-1-1+1 = 9
    assert b.objectives["hill-174"] == b.parse("R9") and b.elevation[g.index["R9"]] == 2
    # its cliff K3/K4 is now between R8 and R7, and still a cliff
    assert "cliff" in b.hexside(b.parse("R8"), b.parse("R7"))
    # the east sheet's road leaves its (now west) edge in row 6, beside Saint-Martin's N5
    assert _seam_roads("saint_martin+bois_du_blaireau@180") == {("N5", "O6")}


def test_3_0_sheets_join_end_to_end_rows_continue() -> None:
    g = geo_for("saint_martin/bois_du_blaireau")
    b = g.board
    assert g.n == 280 and b.layout.rows == 20
    assert b.objectives["ballan"] == b.parse("H15")  # H5 of the south sheet, ten rows down
    assert not g.edge[g.index["C10"]] and g.edge[g.index["C20"]]
    # a woods hex on the seam's south side gives its hexside to the north: the derived terrain
    # of the seam hexsides is worked out on the joined map (3.1)
    assert "woods" in b.hexside(b.parse("E19"), b.parse("E20"))


@pytest.mark.parametrize(("spec", "problem"), [
    ([["saint_martin", "saint_martin"]], "used twice"),
    ([["saint_martin", "nowhere"]], "no map sheet 'nowhere'"),
    ([["saint_martin", "bois_du_blaireau"], ["saint_martin"]], "same number of sheets"),
    ([["saint_martin", {"sheet": "bois_du_blaireau", "turned": "yes"}]],
     r"ballan.yaml: map\[0\]\[1\].turned: expected true or false, got 'yes'"),
    ([], "ballan.yaml: map: List should have at least 1 item"),
    (5, "ballan.yaml: map: expected a non-empty string, got 5"),
])
def test_3_0_bad_layouts_are_refused_with_the_problem_named(spec: Any, problem: str) -> None:
    d = yaml.safe_load((DIR / "ballan.yaml").read_text(encoding="utf-8"))
    d["map"] = spec
    with pytest.raises(RulesError, match=problem):
        check_scenario(d, "ballan.yaml", "ballan")


def test_3_0_a_sheet_that_would_lose_adjacency_when_turned_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tactica.games.combat_infantry import sheets

    odd = yaml.safe_load((sheets.MAPS / "bois_du_blaireau.yaml").read_text(encoding="utf-8"))
    odd["geometry"]["cols"] = 13  # turning 13 columns of a flat-top grid flips the column shift
    odd = {**odd, "hexes": {}, "hexsides": {}, "roads": [], "objectives": {}}
    monkeypatch.setattr(sheets, "sheet_data", lambda sid: odd)
    with pytest.raises(SheetError, match="would not stay adjacent"):
        joined_map("one@180")
    assert joined_map("one")["geometry"]["cols"] == 13


def test_3_0_the_map_key_names_rows_and_turned_sheets() -> None:
    with pytest.raises(SheetError, match="expected a sheet id or a list of rows"):
        map_key([])
    spec = [["saint_martin", {"sheet": "bois_du_blaireau", "turned": True}]]
    assert map_key(spec) == "saint_martin+bois_du_blaireau@180"
    assert map_key([["saint_martin"], ["bois_du_blaireau"]]) == "saint_martin/bois_du_blaireau"
    assert load_scenario("ballan")["map"] == "saint_martin+bois_du_blaireau"


def test_3_0_ballan_units_move_across_the_seam_and_games_replay() -> None:
    g = scene({"US-B1-PHQ": "N5", "US-B1-IN1": "N5", "GE-B1-IN1": "Y2"}, scenario="ballan")
    activate(g, "US-B1-PHQ")
    play(g, "cmd:US-B1-IN1")
    play(g, "move")
    assert "to:O5" in ids(g) and "to:O6" in ids(g)  # into the east sheet
    play(g, "to:O5")
    assert at(g, "US-B1-IN1") == "O5"
    g2 = tactica.new_game("combat_infantry", "ballan", seed=5)
    import random

    rng = random.Random(5)
    while not g2.is_terminal():
        g2.apply(rng.choice(g2.legal_options()).id)
    assert g2.record is not None
    assert tactica.replay(g2.record.to_dict()).log_lines() == g2.log_lines()
