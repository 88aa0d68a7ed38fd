"""The Terrain chart as the game uses it (T99-T124): the governing type of a mixed hex (T99.1,
E29, reading R4), move costs (T99.2, T110.1 E22, T102, T116, T105/T109/T122, T114), Cover with
the Road's -1 only in Open Ground (T99.3, T116, E27, E28) and the LOS the chart implies."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.board import Board, load_board
from tactica.games.commander_family.stats import morale
from tactica.games.great_war_commander import RULES, terrain
from tactica.games.great_war_commander.data import builtin_pack

from .gwc_helpers import log_rules, position

CHART = terrain.terrain_chart()


def board(hexes: dict[str, Any], hexsides: dict[str, list[str]] | None = None,
          roads: list[list[str]] | None = None) -> Board:
    doc = {"version": 1, "name": "t", "geometry": {"orientation": "flat", "offset": "odd-q",
                                                   "labels": "letter-number", "cols": 6, "rows": 6},
           "defaults": {"terrain": ["open_ground"], "elevation": 0},
           "hexes": hexes, "hexsides": hexsides or {},
           "roads": [{"kind": "road", "path": p} for p in roads or []]}
    return load_board(doc, source_name="t")


def at(b: Board, label: str) -> Any:
    return b.parse(label)


def test_T99_1_E29_building_governs_woods_and_a_bridge_is_not_water() -> None:
    b = board({"B2": {"terrain": ["woods", "building"]}, "C3": {"terrain": ["stream", "bridge"]},
               "D4": {"terrain": ["orchard", "brush"]}})
    assert terrain.hex_type(b, at(b, "B2")).id == "building"
    t = terrain.hex_type(b, at(b, "C3"))
    assert t.id == "bridge" and not t.water
    assert terrain.hex_type(b, at(b, "D4")).id == "brush"  # reading R4: Brush above Orchard
    assert terrain.hex_type(b, at(b, "A1")).id == "open_ground"


def test_T110_1_E22_uphill_costs_one_more_the_road_waives_it() -> None:
    b = board({"B2": {"terrain": ["woods"], "elevation": 1}, "B3": {"terrain": ["woods"], "elevation": 2},
               "D2": {"elevation": 0}, "D3": {"elevation": 1}}, roads=[["D2", "D3"]])
    assert terrain.move_cost(b, at(b, "B2"), at(b, "B3")) == 3  # Woods 2 + 1 uphill
    assert terrain.move_cost(b, at(b, "B3"), at(b, "B2")) == 2
    assert terrain.move_cost(b, at(b, "D2"), at(b, "D3")) == 1  # T116: along the Road, no uphill


def test_T99_2_hexsides_bridge_quarry_and_water_barrier() -> None:
    b = board({"B2": {"terrain": ["brush"]}, "C3": {"terrain": ["bridge"]}, "C4": {"terrain": ["stream"]},
               "E2": {"terrain": ["quarry"]}, "E3": {"terrain": ["quarry"]},
               "A5": {"terrain": ["water_barrier"]}},
              hexsides={"B1/B2": ["wall"]}, roads=[["C2", "C3"]])
    assert terrain.move_cost(b, at(b, "B1"), at(b, "B2")) == 3  # Brush 2 + Wall 1 (T122)
    assert terrain.move_cost(b, at(b, "C2"), at(b, "C3")) == 1  # T102: along its road
    assert terrain.move_cost(b, at(b, "B3"), at(b, "C3")) is None  # T102: not off the road
    assert terrain.move_cost(b, at(b, "C3"), at(b, "C4")) is None  # and not left off it
    assert terrain.move_cost(b, at(b, "E2"), at(b, "E3")) == 1  # T114: Quarry to Quarry
    assert terrain.move_cost(b, at(b, "D2"), at(b, "E2")) == 2
    assert terrain.move_cost(b, at(b, "A4"), at(b, "A5")) is None  # T123


def test_T116_E28_road_cover_only_in_open_ground() -> None:
    b = board({"B2": {"terrain": ["building"]}, "B4": {"terrain": ["woods"]}},
              roads=[["B1", "B2", "B3", "B4", "B5"]])
    assert terrain.hex_cover(b, at(b, "B2"))[0] == 3  # Building + Road: 3
    assert terrain.hex_cover(b, at(b, "B3"))[0] == -1  # Open Ground + Road: -1
    assert terrain.hex_cover(b, at(b, "B4"))[0] == 2  # Woods + Road: 2


def test_T99_3_E27_morale_with_brush_cover_on_a_builtin_map() -> None:
    p = position()
    uid = p.unit(0, "ger-landwehr", "G6")  # Brush on marne_farms (and a road runs through G6)
    g = p.game(seed=1)
    assert morale(g, uid).value == 7 + 1
    assert morale(g, uid).parts[-1][2] == "T99.3"


def test_10_los_obstacles_and_hindrances_from_the_chart() -> None:
    policy = terrain.los_table(builtin_pack().maps["marne_farms"]).policy
    assert {"woods", "building", "boulders"} <= set(policy.obstacles)
    assert policy.hindrances["brush"] == 3 and policy.hindrances["orchard"] == 2
    assert "wall" in policy.hexside_obstacles and policy.hexside_hindrances["fence"] == 1
    assert {"gully", "quarry"} <= set(policy.sunken)
    assert "road" in policy.road_kinds


def test_T107_gas_costs_one_more_hinders_one_and_suppresses_then_breaks() -> None:
    from tactica.games.commander_family.board_state import los
    from tactica.games.commander_family.movement import step_cost

    bare = position("verdun_gas_1916").setting(clear=["gas"]).game(seed=1)
    base = step_cost(bare, "E5", "E6")
    assert base is not None
    before = los(bare, "E4", "E8")
    assert before.clear and before.hindrance == 0  # trench_line: open between them
    gassed = position("verdun_gas_1916").marker("gas", "E6")
    g = gassed.game(seed=1)
    assert step_cost(g, "E5", "E6") == base + 1
    seen = los(g, "E4", "E8")
    assert seen.clear and seen.hindrance == 1  # through the Gas hex
    fresh_unit = gassed.unit(0, "ger-landwehr", "E6")
    tired = gassed.unit(0, "ger-landwehr", "E6", suppressed=True)
    g = gassed.game(seed=1)
    RULES.entered(g, [fresh_unit, tired], "E6")
    assert g.state["units"][fresh_unit]["suppressed"] and not g.state["units"][fresh_unit]["broken"]
    assert g.state["units"][tired]["broken"]


def _move_cost_options(g: Any) -> dict[str, int]:
    """The hexes the moving group may enter now, with their MP cost (answering windows first)."""
    while g.frame_names()[-1] != "move_order" or g.top()["phase"] != "step":
        ids = [o.id for o in g.legal_options()]
        g.apply("pass" if "pass" in ids else "go" if "go" in ids else ids[0])
    return {o.id[3:]: int(o.args["cost"]) for o in g.legal_options() if o.id.startswith("to:")}


def _start_move(p: studio.Position, uid: str, seat: int = 0) -> Any:
    """``seat`` (its Turn) gives a Move Order to ``uid`` alone, the Move card added to its dealt
    hand; returns the game at the choice of the group's first step."""
    from .test_core_orders import give_order

    card = give_order(p.turn(seat), seat, "Move")
    g = p.game(seed=1)
    g.apply(f"order:{card}")
    g.apply(f"activate:{uid}")
    ids = [o.id for o in g.legal_options()]
    if "done" in ids:
        g.apply("done")
    g.apply(f"unit:{uid}")
    return g


def _trench_scene() -> studio.Position:
    """The Verdun map bare (no unit, Gas or Fortification), no Strategy Card windows."""
    return (position("verdun_gas_1916").setting(clear=True)
            .hand(0, [], kind="strategy").hand(1, [], kind="strategy"))


def _trench_line() -> Any:
    return _trench_scene().game(seed=1)


def test_O23_T118_the_first_shellhole_of_a_move_costs_one_more_then_one() -> None:
    p = _trench_scene()  # trench_line: E9 Open Ground, E8 and E7 printed Shellholes
    uid = p.unit(0, "ger-landwehr", "E9")
    p.unit(1, "fr-poilus", "O11")
    g = _start_move(p, uid)
    assert _move_cost_options(g)["E8"] == 2  # T118: 1, +1 for the first Shellhole
    g.apply("to:E8")
    costs = _move_cost_options(g)
    assert costs["E7"] == 1  # the next Shellhole of the same Order: 1
    assert "T118" in log_rules(g)


def test_O23_T124_1_the_first_destroyed_woods_costs_one_more_and_apart_from_shellholes() -> None:
    p = _trench_scene()  # C8 Shellhole, C7 and C6 Destroyed Woods
    uid = p.unit(0, "ger-landwehr", "C9")
    p.unit(1, "fr-poilus", "O11")
    g = _start_move(p, uid)
    g.apply("to:C8")  # its first Shellhole: 2 MP
    costs = _move_cost_options(g)
    assert costs["C7"] == 2  # T124.1: 1, +1 for the first Destroyed Woods (the Shellhole's is apart)
    assert costs["D8"] == 1  # another Shellhole: paid already


def test_T118_2_T121_1_a_trail_in_a_printed_shellhole_waives_the_extra_mp_until_a_marker_lands(
        monkeypatch: Any) -> None:
    from tactica.games.great_war_commander import terrain_state

    doc = {"version": 1, "name": "t", "geometry": {"orientation": "flat", "offset": "odd-q",
                                                   "labels": "letter-number", "cols": 6, "rows": 6},
           "defaults": {"terrain": ["open_ground"], "elevation": 0},
           "hexes": {"B2": {"terrain": ["shellhole"]}, "C2": {"terrain": ["shellhole"]}},
           "roads": [{"kind": "trail", "path": ["B1", "B2", "B3"]}]}
    b = load_board(doc, source_name="t")
    g = _trench_line()
    monkeypatch.setattr(terrain_state, "board_of", lambda _g: b)
    assert terrain_state.move_surcharge(g, "C2", ()) == 1  # T118: a printed Shellhole
    assert terrain_state.move_surcharge(g, "B2", ()) == 0  # T118.2: with a Trail, no +1
    assert terrain_state.takes_impact(g, "B2") and not terrain_state.takes_impact(g, "C2")
    terrain_state.impact_downgrade(g, "B2", 17)
    assert "B2" not in (g.state.get("terrain_markers") or {})
    terrain_state.impact_downgrade(g, "B2", 18)  # T121.1: vulnerability 18 with the Trail
    assert g.state["terrain_markers"] == {"B2": "shellhole"} and "T121.1" in log_rules(g)
    assert terrain_state.move_surcharge(g, "B2", ()) == 1  # the marker ends the Trail's help


def test_R21_T117_T118_markers_change_line_of_sight_and_move_costs() -> None:
    from tactica.games.commander_family.board_state import board_of, los
    from tactica.games.commander_family.movement import step_cost

    g = _trench_line()  # Woods C1/C2, Building H10
    assert not los(g, "C3", "C1").clear and not los(g, "H9", "H11").clear
    assert step_cost(g, "C3", "C2") == 2  # Woods
    g.state["terrain_markers"] = {"C2": "shellhole", "H10": "rubble"}
    assert los(g, "C3", "C1").clear and los(g, "C3", "C1").hindrance == 0  # T118: Clear
    seen = los(g, "H9", "H11")
    assert seen.clear and seen.hindrance == 2  # T117: Rubble hinders 2
    b = board_of(g)
    assert b is not None and terrain.move_cost(b, b.parse("C3"), b.parse("C2")) == 1  # T118: 1
    assert step_cost(g, "C3", "C2") == 2  # 1, +1 for a fresh group's first Shellhole
    assert terrain.printed_board(b).has(b.parse("C2"), "woods")  # the printed map stays
    assert terrain.marked_board(terrain.printed_board(b), dict(g.state["terrain_markers"])) is b
    g.state["terrain_markers"] = {}
    assert not los(g, "C3", "C1").clear  # markers gone (a fresh game): printed again


def test_2_4_the_fao_looks_from_level_2_over_lower_terrain() -> None:
    from tactica.core.los import LosResult, sight
    from tactica.games.commander_family.board_state import los
    from tactica.games.great_war_commander.artillery import FAO, fao_hex, spotter_los

    g = _trench_line()  # FAO H11; Building H10 at level 0, hill H6-H7 at level 1, H4 level 0
    seat = next(s for s in (0, 1) if fao_hex(g, s) == "H11")
    assert not los(g, "H11", "H4").clear  # from the ground the Building blocks
    seen = spotter_los(g, FAO, seat, "H4")
    assert seen.clear and seen.hindrance == 0  # O19.2.1.1: over the Building, the hill and its Brush
    assert not spotter_los(g, FAO, seat, "H9").clear  # T110.4.1: the blind hex behind H10
    g.state["terrain_markers"] = {"H10": "rubble"}  # R21: no Building left to hide H9
    seen = spotter_los(g, FAO, seat, "H9")
    assert seen.clear and seen.hindrance == 0  # Rubble below the FAO's level: no hindrance (T110.5)
    assert spotter_los(g, FAO, seat, "H4") == LosResult(True)  # a line the marker misses: as before
    b = g.rules.board(g)
    for lab in ("A1", "C8", "H7", "O11"):  # the view derived from the printed map's = traced afresh
        fb = terrain.fao_board(b, b.parse("H11"))
        assert spotter_los(g, FAO, seat, lab) == terrain.los_policy().evaluate(
            fb, sight(fb, fb.parse("H11"), fb.parse(lab)))
