"""Rules-fidelity audit: the Terrain Chart rules (T78-T99), the map border (2.2), boxed stats
(3.1.6) and Water/Blaze limits, checked through the real terrain, LOS, movement, fire and
fortification code on a small board built here with one terrain sample per column.

Layout of the audit board (flat-top, odd-q, letter-number; every hex Open Ground level 0 unless
listed): row 2 holds one hex type per column (C Brush, D Field, E Marsh, F Orchard, G Woods,
H Building, I Stream), so a line X1 -> X3 runs straight through it; J3 is a Gully; K2/K3 Fence,
L2/L3 Wall, M2/M3 Hedge and E7/E8 Cliff hexsides; G6 a Major Bridge over a Stream on the road
G5-G7; I6-I8 Woods along a trail; a railway runs down column N (N3-N9); D7/D8 Woods on levels 1/2;
B7 a level-1 hill two hexes above the Gully B9; O2 a Water Barrier."""

from __future__ import annotations

from typing import Any

import pytest
from fire_helpers import OBJECTIVES, ZONES, go, hand, opts, position, text, top
from test_actions import MOVE, cards
from test_stage3_move_op_fire import rolls

from tactica import studio
from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander import terrain as ter
from tactica.games.combat_commander.fortifications import refusal
from tactica.games.commander_family.advance import advance_ok
from tactica.games.commander_family.board_state import update_objectives
from tactica.games.commander_family.fire import able, crossed_cover
from tactica.games.commander_family.melee import melee_fp
from tactica.games.commander_family.movement import step_cost
from tactica.games.commander_family.rout import retreat_ok
from tactica.games.commander_family.stats import morale
from tactica.games.commander_family.victory import break_unit, eliminate

CHART = ter.terrain_chart()
RAIL = ["N3", "N4", "N5", "N6", "N7", "N8", "N9"]
AUDIT = studio.board(
    15, 10, name="cc-rules-audit", objectives=OBJECTIVES, zones=ZONES,
    hexes={
        "C2": ["brush"], "D2": ["field"], "E2": ["marsh"], "F2": ["orchard"], "G2": ["woods"],
        "H2": ["building"], "I2": ["stream"], "J3": ["gully"], "O2": ["water_barrier"],
        "G6": ["bridge_major", "stream"], "F6": ["stream"], "H6": ["stream"],
        "I6": ["woods"], "I7": ["woods"], "I8": ["woods"],
        "D7": {"terrain": ["woods"], "elevation": 1}, "D8": {"terrain": ["woods"], "elevation": 2},
        "B7": {"elevation": 1}, "B9": ["gully"],
        **{h: ["railway"] for h in RAIL},
    },
    hexsides={"K2/K3": ["fence"], "L2/L3": ["wall"], "M2/M3": ["hedge"], "E7/E8": ["cliff"]},
    roads=[{"kind": "road", "path": ["G5", "G6", "G7"]},
              {"kind": "trail", "path": ["I6", "I7", "I8"]},
              {"kind": "railway", "path": RAIL}])
BOARD = AUDIT.load(CHART.allowed_terrain, CHART.allowed_hexside, CHART.allowed_roads)


def los(a: str, b: str) -> tuple[bool, int]:
    t = ter.los_table(BOARD)
    r = t.check(BOARD.parse(a), BOARD.parse(b))
    back = t.check(BOARD.parse(b), BOARD.parse(a))
    assert (back.clear, back.hindrance) == (r.clear, r.hindrance)  # reciprocal (10.1)
    return r.clear, r.hindrance


def cost(a: str, b: str) -> int | None:
    return ter.move_cost(BOARD, BOARD.parse(a), BOARD.parse(b))


def cover(h: str) -> int | None:
    return ter.cover(BOARD, BOARD.parse(h))


def kind(h: str) -> str:
    return ter.hex_type(BOARD, BOARD.parse(h)).id


def new(axis: list[Any], allies: list[Any], **kw: Any) -> Game:
    return position(axis, allies, CombatCommanderRules(), AUDIT, **kw).game()


FAR = [{"type": "us-rifle-squad", "hex": "O10"}]


# --------------------------------------------------------------------------- T78 general rules


def test_T78_1_major_bridge_over_a_stream_is_a_bridge_hex_not_water() -> None:
    assert kind("G6") == "bridge_major" and not ter.hex_type(BOARD, BOARD.parse("G6")).water
    assert kind("F6") == "stream" and ter.hex_type(BOARD, BOARD.parse("F6")).water
    assert kind("N6") == "open"  # a railway is a feature: the hex stays Open Ground


def test_T78_2_move_cost_is_paid_to_enter_the_hex_or_cross_the_hexside() -> None:
    assert cost("C1", "C2") == 2  # entering Brush
    assert cost("C2", "C1") == 1  # leaving it costs nothing extra: Open Ground 1
    assert cost("L2", "L3") == 1 + 1  # Open Ground plus the Wall crossed


def test_T78_4_terrain_of_the_sighting_and_target_hexes_is_ignored() -> None:
    assert los("G1", "G2") == (True, 0)  # Woods target hex
    assert los("C1", "C2") == (True, 0)  # Brush target hex: no hindrance
    assert los("C2", "C4") == (True, 0)  # Brush sighting hex


# --------------------------------------------------------------------------- T79 - T99


def test_T79_blaze_is_impassable_to_move_advance_and_retreat() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C4"}], FAR)
    assert step_cost(g, "C4", "C5") == 1
    g.state["blaze"] = ["C5"]
    assert step_cost(g, "C4", "C5") is None
    assert not advance_ok(g, "axis-1", "C4", "C5")
    assert not retreat_ok(g, 0, "C4", "C5")
    assert refusal(g, "C5", "foxholes") == "a Blaze (8.1.5)"


def test_T80_1_major_bridge_entered_and_left_only_along_its_road_cover_1() -> None:
    assert cost("G5", "G6") == 1 and cost("G6", "G7") == 1  # along the road
    assert cost("F6", "G6") is None  # entering off the road
    assert cost("G6", "F6") is None and cost("G6", "H6") is None  # leaving off the road
    assert cover("G6") == 2 - 1  # Bridge 2, Road -1 (T80, digest example 58)
    assert los("G5", "G7") == (True, 0)  # traced along the road: the Bridge does not hinder


def test_T80_1_advance_and_retreat_keep_to_the_major_bridge_road() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "F6"}], FAR)
    assert not advance_ok(g, "axis-1", "F6", "G6") and not retreat_ok(g, 0, "F6", "G6")
    assert advance_ok(g, "axis-1", "G5", "G6") and retreat_ok(g, 0, "G5", "G6")


def test_T81_brush_move_2_cover_1_hindrance_3() -> None:
    assert (cost("C1", "C2"), cover("C2"), los("C1", "C3")) == (2, 1, (True, 3))


def test_T82_building_move_2_cover_3_obstacle() -> None:
    assert (cost("H1", "H2"), cover("H2"), los("H1", "H3")) == (2, 3, (False, 0))


def test_T83_cliff_stops_moves_and_retreats_but_not_a_weaponless_advance() -> None:
    assert cost("E7", "E8") is None and cost("E8", "E7") is None
    assert los("E6", "E9") == (True, 0)  # LOS Clear
    g = new([{"type": "ger-rifle-squad", "hex": "E7"},
             {"type": "ger-rifle-squad", "hex": "E7", "weapon": "ger-lmg"}], FAR)
    assert step_cost(g, "E7", "E8") is None
    assert advance_ok(g, "axis-1", "E7", "E8")  # climbing without a Weapon
    assert not advance_ok(g, "axis-2", "E7", "E8")  # not with one
    assert not retreat_ok(g, 0, "E7", "E8")  # a Retreat across it is an elimination (O23.3.5)


def test_T84_fence_plus_1_hindrance_1_unless_a_side_of_an_end_hex() -> None:
    assert cost("K2", "K3") == 1 + 1
    assert los("K1", "K4") == (True, 1)  # K2/K3 lies between the ends
    assert los("K1", "K3") == (True, 0)  # a side of the target hex: Clear
    g = new([{"type": "us-rifle-squad", "hex": "K2"}], [{"type": "ger-rifle-squad", "hex": "K3"}])
    assert crossed_cover(g, ["axis-1"], "K3") is None  # no alternate Cover


def test_T85_field_move_1_cover_0_hindrance_1() -> None:
    assert (cost("D1", "D2"), cover("D2"), los("D1", "D3")) == (1, 0, (True, 1))


def test_T86_gully_move_2_cover_1_seen_only_from_adjacent_or_higher() -> None:
    assert (cost("J2", "J3"), cover("J3")) == (2, 1)
    assert los("J1", "J3") == (False, 0)  # same level, not adjacent
    assert los("J2", "J3") == (True, 0)  # adjacent
    assert los("B7", "B9") == (True, 0)  # from a higher hex
    assert los("B6", "B9") == (False, 0)


def test_T87_hedge_plus_1_obstacle_alternate_cover_1_when_crossed() -> None:
    assert cost("M2", "M3") == 1 + 1
    assert los("M1", "M4") == (False, 0)
    assert los("M1", "M3") == (True, 0)  # a side of the target hex: Clear
    g = new([{"type": "ger-rifle-squad", "hex": "M2"}, {"type": "ger-rifle-squad", "hex": "M5"}],
            [{"type": "us-rifle-squad", "hex": "M3"}])
    assert crossed_cover(g, ["axis-1"], "M3") == 1
    assert crossed_cover(g, ["axis-2"], "M3") is None  # that line does not cross the Hedge
    assert morale(g, "allies-1", 1).value == morale(g, "allies-1").value + 1


def test_T88_1_uphill_woods_level_1_to_level_2_costs_3_back_2() -> None:
    assert cost("D7", "D8") == 3 and cost("D8", "D7") == 2  # digest example 59


def test_T89_marsh_move_3_cover_0_hindrance_1() -> None:
    assert (cost("E1", "E2"), cover("E2"), los("E1", "E3")) == (3, 0, (True, 1))


@pytest.mark.parametrize("water", ["E2", "I2"])
def test_T89_T95_no_weapon_fires_from_marsh_or_stream(water: str) -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "A5", "weapon": "ger-lmg"}], FAR)
    assert able(g, "axis-1-w")
    g.state["units"]["axis-1"]["hex"] = water
    assert not able(g, "axis-1-w")
    assert able(g, "axis-1")  # the unit itself still fires


@pytest.mark.parametrize("water", ["E2", "I2", "O2"])
def test_T89_T95_T98_no_fortification_in_water(water: str) -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "A5"}], FAR)
    assert refusal(g, water, "foxholes") == "Water (F100.3)"
    assert refusal(g, "G6", "foxholes") is None  # the Bridge hex is not Water (T78.1)


def test_T90_open_ground_move_1_cover_0_clear() -> None:
    assert (cost("A1", "A2"), cover("A2"), los("A1", "A4")) == (1, 0, (True, 0))


def test_T91_orchard_move_1_cover_1_hindrance_2() -> None:
    assert (cost("F1", "F2"), cover("F2"), los("F1", "F3")) == (1, 1, (True, 2))


def test_T92_railway_move_1_along_hindrance_1_unless_traced_along_it() -> None:
    assert cost("N5", "N6") == 1 and cost("M6", "N6") == 1  # Open Ground either way here
    assert cover("N6") == 0  # the other terrain's Cover
    assert los("N4", "N8") == (True, 0)  # exactly along the rail
    assert los("M6", "O7") == (True, 1)  # across it


def test_T94_smoke_leaves_move_cost_and_cover_to_the_other_terrain() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C4"}, {"type": "ger-rifle-squad", "hex": "C5"}], FAR)
    before = morale(g, "axis-2").value
    g.state["smoke"]["C5"] = 5
    assert step_cost(g, "C4", "C5") == 1
    assert morale(g, "axis-2").value == before


def test_T95_stream_move_3_cover_minus_1_clear() -> None:
    assert (cost("I1", "I2"), cover("I2"), los("I1", "I3")) == (3, -1, (True, 0))


def test_T96_trail_move_1_along_else_the_other_terrain_its_cover_and_los() -> None:
    assert cost("I6", "I7") == 1  # along the trail
    assert cost("H7", "I7") == 2  # across: Woods
    assert cover("I7") == 2  # Woods Cover, no Road -1
    assert los("I5", "I9") == (False, 0)  # a trail does not clear the Woods


def test_T97_wall_plus_1_obstacle_clear_on_an_end_hexside() -> None:
    assert cost("L2", "L3") == 2
    assert los("L1", "L4") == (False, 0)
    assert los("L1", "L3") == (True, 0)


def test_T98_water_barrier_impassable_with_no_cover() -> None:
    assert cost("N1", "O2") is None and cost("O1", "O2") is None
    assert cover("O2") is None
    assert los("O1", "O3") == (True, 0)


def test_T99_woods_move_2_cover_2_obstacle() -> None:
    assert (cost("G1", "G2"), cover("G2"), los("G1", "G3")) == (2, 2, (False, 0))


# --------------------------------------------------------------------------- 2.2, 3.1.6


def test_2_2_no_exit_off_a_flank_edge() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "F1"}], [{"type": "us-rifle-squad", "hex": "A10"}])
    hand(g, 0, ["G-1"])
    go(g, "order:G-1", "activate:axis-1", "unit:axis-1")
    assert "exit" not in opts(g) and any(o.startswith("to:") for o in opts(g))
    g = new([{"type": "ger-rifle-squad", "hex": "O5"}], [{"type": "us-rifle-squad", "hex": "A10"}])
    hand(g, 0, ["G-1"])
    go(g, "order:G-1", "activate:axis-1", "unit:axis-1")
    assert "exit" in opts(g)  # the enemy edge


def test_3_1_6_boxed_fp_adds_one_in_melee_only() -> None:
    g = new([{"type": "ger-volksgrenadier-squad", "hex": "C4"}, {"type": "ger-rifle-squad", "hex": "C4"}],
            FAR)
    assert melee_fp(g, ["axis-1"])[0] == 4 + 1
    assert melee_fp(g, ["axis-2"])[0] == 5
    assert melee_fp(g, ["axis-1", "axis-2"])[0] == 10


# --------------------------------------------------------------------------- Fortifications in Orders


def forts(g: Game, marks: dict[str, str]) -> None:
    g.state["fortifications"] = dict(marks)
    g.refresh()


def test_F103_2_a_unit_broken_leaving_a_mines_hex_still_enters_the_next_hex() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C4"}], FAR)  # digest example 66
    forts(g, {"C4": "mines"})
    hand(g, 0, ["G-1"])
    top(g, 1, *rolls("America", [], (6, 6)))  # Mine Attack 6 + 12 = 18
    top(g, 0, *rolls("Germany", ["G-1"], (1, 1)))  # defense 7 + 0 + 2 = 9: breaks
    g.refresh()
    go(g, "order:G-1", "activate:axis-1", "unit:axis-1", "to:C5")
    assert "Mine Attack in C4" in text(g)
    u = g.state["units"]["axis-1"]
    assert u["broken"] and u["hex"] == "C5"


def test_F106_2_a_move_starting_in_wire_stops_in_the_first_hex_entered() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "G4"}], FAR)  # digest example 65, onto a road
    forts(g, {"G4": "wire"})
    hand(g, 0, ["G-1"])
    go(g, "order:G-1", "activate:axis-1", "unit:axis-1", "to:G5")
    assert g.state["units"]["axis-1"]["hex"] == "G5"
    assert not any(o.startswith("to:") for o in opts(g))


def test_F105_2_trench_line_costs_1_mp_in_a_move() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "G1"}], FAR)
    assert step_cost(g, "G1", "G2") == 2  # Woods
    forts(g, {"G1": "trench", "G2": "trench"})
    assert step_cost(g, "G1", "G2") == 1
    forts(g, {"G1": "trench", "G2": "foxholes"})
    assert step_cost(g, "G1", "G2") == 2


def test_F104_pillbox_holder_survives_a_tied_melee() -> None:
    g = new([{"type": "ger-rifle-team", "hex": "C3"}, {"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-team", "hex": "C4"}, {"type": "us-rifle-squad", "hex": "O9"}],
            fortifications=[{"hex": "C4", "type": "pillbox", "holder": "allies"}])  # held alone
    hand(g, 0, ["G-2"])
    ger = melee_fp(g, ["axis-1"])[0]
    us = melee_fp(g, ["allies-1"])[0]
    top(g, 1, *rolls("America", [], (3, 3)))
    top(g, 0, *rolls("Germany", ["G-2"], (3, us + 6 - ger - 3)))
    g.refresh()
    go(g, "order:G-2", "activate:axis-1", "adv:axis-1:C4")
    assert "held the fortification and survives" in text(g)
    assert g.state["units"]["axis-1"]["where"] == "casualties"
    assert g.state["units"]["allies-1"]["hex"] == "C4"


def test_F103_2_an_advance_out_of_a_mines_hex_is_attacked_before_it_leaves() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C4"}], FAR)
    forts(g, {"C4": "mines"})
    hand(g, 0, ["G-2"])
    top(g, 1, *rolls("America", [], (6, 6)))
    top(g, 0, *rolls("Germany", ["G-2"], (1, 1)))
    g.refresh()
    go(g, "order:G-2", "activate:axis-1", "adv:axis-1:C5")
    assert "Mine Attack in C4" in text(g)
    u = g.state["units"]["axis-1"]
    assert u["broken"] and u["hex"] == "C5"


def _retreat(mark: dict[str, str], rout: tuple[int, int], axis: list[tuple[int, int]],
             allies: list[tuple[int, int]]) -> Game:
    g = new([{"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-squad", "hex": "K5"}, {"type": "us-rifle-squad", "hex": "O9"}])
    g.state["units"]["allies-1"]["broken"] = True  # broken Morale 8 in Open Ground
    forts(g, mark)
    hand(g, 0, ["G-32"])
    top(g, 0, *rolls("Germany", ["G-32"], rout, *axis))
    top(g, 1, *rolls("America", [], *allies))
    g.refresh()
    go(g, "order:G-32", "player:1")
    while not g.is_terminal() and g.decision() is not None and g.decision().step == "retreat":
        go(g, opts(g)[0])
    return g


def test_O23_3_3_a_retreat_goes_through_wire_without_stopping() -> None:
    g = _retreat({"L5": "wire", "L6": "wire"}, (5, 5), [], [])  # 10 - 8: Retreat 2
    assert g.state["units"]["allies-1"]["hex"][0] == "M"


def test_O23_3_4_mines_attack_a_unit_retreating_out_of_their_hex() -> None:
    g = _retreat({"K5": "mines"}, (4, 5), [(1, 1)], [(6, 6)])  # Retreat 1; Mines 6 + 2 vs 8 + 12
    assert "Mine Attack in K5" in text(g)
    assert g.state["units"]["allies-1"]["hex"][0] == "L"
    g = _retreat({"K5": "mines"}, (4, 5), [(6, 6)], [(1, 1)])  # Mines 18 vs 10: broken again
    assert g.state["units"]["allies-1"]["where"] == "casualties"


# --------------------------------------------------------------------------- windows the Orders open


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every frame pushed (action windows by their kind)."""
    seen: list[str] = []
    push = Game.push

    def spy(self: Game, step: str, **args: Any) -> None:
        seen.append(args["kind"] if step == "action_window" else step)
        push(self, step, **args)

    monkeypatch.setattr(Game, "push", spy)
    return seen


def test_F105_2_no_op_fire_in_a_hex_entered_along_a_trench_line(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy(monkeypatch)
    for marks, op_fire in (({"G1": "trench", "G2": "trench"}, False), ({}, True)):
        seen.clear()
        g = new([{"type": "ger-rifle-squad", "hex": "G1"}], [{"type": "us-rifle-squad", "hex": "G5"}])
        forts(g, marks)
        hand(g, 0, ["G-1"])
        go(g, "order:G-1", "activate:axis-1", "unit:axis-1", "to:G2")
        assert ("op_fire" in seen) is op_fire
        assert "move_turn" in seen  # A26/A39: the window before any unit of the Order moves


def test_A38_melee_opens_the_melee_end_window_for_both_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy(monkeypatch)
    g = new([{"type": "ger-rifle-team", "hex": "C3"}, {"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-team", "hex": "C4"}, {"type": "us-rifle-squad", "hex": "O9"}])
    hand(g, 0, ["G-2"])
    go(g, "order:G-2", "activate:axis-1", "adv:axis-1:C4")
    assert seen.count("melee_ambush") == 2 and seen.count("melee_end") == 2
    assert seen.index("melee_ambush") < seen.index("melee_end")


def test_3_2_2_markers_and_weapon_stay_when_a_unit_breaks() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C4", "weapon": "ger-lmg"}], FAR)
    u = g.state["units"]["axis-1"]
    u["suppressed"] = True
    u["veteran"] = True
    break_unit(g, "axis-1", "test")
    assert u["broken"] and u["suppressed"] and u["veteran"] and u["weapon"] == "axis-1-w"
    assert not g.state["weapons"]["axis-1-w"]["broken"]  # 3.2.3: the Weapon does not break with it


def test_7_3_1_1_a_multi_hex_building_objective_goes_to_the_side_alone_in_the_building() -> None:
    g = Game.new(CombatCommanderRules(), "bridge_at_dawn", 7)  # Objective 3: Building J3-J4-K3
    obj = g.state["objectives"]["3"]
    assert obj["hexes"] == ["J3", "J4", "K3"] and obj["owner"] == 1
    units = g.state["units"]
    for u in units.values():
        u.update(where="pool", hex=None)
    a = next(k for k, u in units.items() if u["seat"] == 0)
    b = next(k for k, u in units.items() if u["seat"] == 1)
    units[a].update(where="map", hex="K3")  # a hex of the Building other than the numbered one
    units[b].update(where="map", hex="A1")
    update_objectives(g)
    assert obj["owner"] == 0
    units[b]["hex"] = "J3"  # both sides in the Building: control does not change
    update_objectives(g)
    assert obj["owner"] == 0


def test_E58_1_a_hero_is_worth_no_vp_and_leaves_play_instead_of_the_casualty_track() -> None:
    g = new([{"type": "ger-hero", "hex": "C4"}, {"type": "ger-rifle-squad", "hex": "C4"}], FAR)
    eliminate(g, "axis-1", "test")
    assert g.state["vp"] == 0 and g.state["units"]["axis-1"]["where"] == "out"
    assert "axis-1" not in g.state["sides"][0]["casualties"]
    eliminate(g, "axis-2", "test")
    assert g.state["vp"] == -2  # an ordinary Squad: 2 VP to the Allies


def test_O14_3_the_squad_moves_and_throws_smoke_grenades_before_its_leader_moves() -> None:
    sg = cards("Germany", "Smoke Grenades")[0]  # digest example 23 (a Team with boxed Movement)
    g = new([{"type": "ger-ldr-bolter", "hex": "B5"}, {"type": "ger-rifle-team", "hex": "B5"}],
            [{"type": "us-rifle-squad", "hex": "O10"}])
    hand(g, 0, [MOVE[0], sg])
    hand(g, 1, [])
    go(g, f"order:{MOVE[0]}", "activate:axis-1", "add:axis-2", "unit:axis-2")
    g.apply("to:B6")
    assert f"action:{sg}" in opts(g)
    g.apply(f"action:{sg}")
    g.apply("hex:C6")
    assert g.state["smoke"].get("C6", 0) >= 1
    go(g, "stop")
    assert "unit:axis-1" in opts(g)  # the Leader has not moved yet and still may
    assert not any(o.startswith("order:") for o in opts(g))  # O14.2 box (example 22): no new Order
    go(g, "unit:axis-1", "to:B4")
    assert g.state["units"]["axis-1"]["hex"] == "B4" and g.state["units"]["axis-2"]["hex"] == "B6"
