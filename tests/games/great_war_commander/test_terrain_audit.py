"""Rules the engine already played whose rows said "data" or "not yet": Broken Formations
(3.2), Suppression's effect (13.2), die triggers (1.9.1), and the Terrain Chart's Blaze (T100),
Building (T104), Railway (T115), Road bonus (T116), Smoke (T119) and Trail (T121)."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.board import Board, load_board
from tactica.core.game import Game
from tactica.games.commander_family.board_state import los
from tactica.games.commander_family.events_units import rally
from tactica.games.commander_family.fire import able
from tactica.games.commander_family.movement import remaining, step_cost
from tactica.games.commander_family.state import new_weapon, side
from tactica.games.commander_family.stats import morale, stat_value
from tactica.games.commander_family.victory import break_unit
from tactica.games.great_war_commander import RULES, terrain, terrain_state

from .gwc_helpers import log_rules, position
from .test_terrain import _move_cost_options, _start_move, _trench_scene


def fresh_scene() -> studio.Position:
    """The Verdun map at Germany's first Turn, bare: no unit, no Gas, no Fortifications."""
    return position("verdun_gas_1916").setting(clear=True)


def fresh() -> Game:
    return fresh_scene().game(seed=1)


def arm(g: Game, uid: str, wtype: str) -> str:
    wid = f"{uid}-w"
    g.state["weapons"][wid] = new_weapon(wtype, int(g.state["units"][uid]["seat"]), uid)
    g.state["units"][uid]["weapon"] = wid
    return wid


def small_board(hexes: dict[str, Any], paths: dict[str, list[str]]) -> Board:
    doc = {"version": 1, "name": "t", "geometry": {"orientation": "flat", "offset": "odd-q",
                                                   "labels": "letter-number", "cols": 6, "rows": 6},
           "defaults": {"terrain": ["open_ground"], "elevation": 0}, "hexes": hexes,
           "roads": [{"kind": k, "path": p} for k, p in paths.items()]}
    return load_board(doc, source_name="t")


def test_3_2_a_broken_formation_flips_to_its_broken_side_keeps_its_markers_and_rallies() -> None:
    p = fresh_scene()
    # Landwehr: 5-4-4-7, broken 2-1-3-8
    uid = p.unit(0, "ger-landwehr", "E9", suppressed=True, weapon="ger-mg08")
    g = p.game(seed=1)
    wid = g.state["units"][uid]["weapon"]
    assert stat_value(g, uid, "fp") == 5 - 1 and able(g, wid) is False  # 13.2 while Suppressed
    g.state["units"][uid]["suppressed"] = False
    assert able(g, wid)
    break_unit(g, uid, "O21.3.7")
    u = g.state["units"][uid]
    assert u["broken"] and u["weapon"] == wid  # 3.2.2: the Weapon stays with it
    assert (stat_value(g, uid, "fp"), stat_value(g, uid, "range")) == (2, 1)
    bare = studio.arrive(g, 0, "ger-landwehr", "E8")
    break_unit(g, bare, "O21.3.7")
    assert stat_value(g, bare, "movement") == 3  # (the MG08 slows its carrier, 11.1)
    assert morale(g, uid).value == 8  # the broken side's Morale, Open Ground 0
    assert not able(g, wid) and not g.state["weapons"][wid]["broken"]  # 3.2.3
    rally(g, uid, "O25.3")  # 3.2.5: back to its unbroken side
    assert not u["broken"] and stat_value(g, uid, "fp") == 5
    break_unit(g, uid, "O21.3.7")
    break_unit(g, uid, "O21.3.7")  # 3.2.4: broken again, eliminated
    assert u["where"] != "map"


def test_13_2_suppressed_is_minus_one_fp_range_movement_morale_and_no_weapon_fire() -> None:
    p = fresh_scene()
    uid = p.unit(0, "ger-landwehr", "E9", weapon="ger-mg08")
    ldr = p.unit(0, "ger-ldr-bertin", "A1")
    g = p.game(seed=1)
    wid = g.state["units"][uid]["weapon"]
    before = {s: stat_value(g, uid, s) for s in ("fp", "range", "movement")}
    m0 = morale(g, uid).value
    command0 = stat_value(g, ldr, "command")
    g.state["units"][uid]["suppressed"] = True
    g.state["units"][ldr]["suppressed"] = True
    assert {s: stat_value(g, uid, s) for s in before} == {s: v - 1 for s, v in before.items()}
    assert morale(g, uid).value == m0 - 1
    assert not able(g, wid)  # a Suppressed Unit fires no Weapon
    assert stat_value(g, ldr, "command") == command0  # Command unaffected


def test_1_9_1_3_a_sniper_trigger_breaks_a_formation_in_or_next_to_the_random_hex() -> None:
    g = fresh()
    seat = int(g.state["active"])
    draw = side(g.state, seat)["deck"]["draw"]
    assert len(draw) > 1
    label = RULES.card(draw[-1]).hex  # the top card's Random Hex
    target = studio.arrive(g, 1 - seat, "fr-poilus" if seat == 0 else "ger-landwehr", label)
    g.push("trigger_sniper", seat=seat, phase="reveal")
    g.refresh()
    d = g.decision()
    assert d is not None and d.step == "trigger_sniper"
    assert f"break:{target}" in {o.id for o in d.options}
    g.apply(f"break:{target}")
    assert g.state["units"][target]["broken"] and "1.9.1.3" in log_rules(g)


def test_T100_blaze_is_impassable_blocks_lines_and_takes_no_gas() -> None:
    g = fresh()  # trench_line: open E9, E8 a Shellhole
    assert step_cost(g, "E9", "E8") is not None
    g.state["blaze"] = ["E8"]
    assert step_cost(g, "E9", "E8") is None  # impassable
    assert not los(g, "E9", "E7").clear and not los(g, "E7", "E9").clear  # an Obstacle
    assert not terrain_state.add_gas(g, "E8")  # no other marker in a Blaze hex
    assert "E8" not in g.state["gas"]


def test_T104_building_costs_two_covers_three_blocks_and_falls_to_rubble() -> None:
    g = fresh()  # trench_line: Building H10, its neighbours H9 (open) and the whole Objective 5
    assert step_cost(g, "H9", "H10") == 2
    uid = studio.arrive(g, 0, "ger-landwehr", "H10")
    assert morale(g, uid).value == 7 + 3
    assert not los(g, "H9", "H11").clear
    b = g.rules.board(g)
    assert terrain.hex_type(b, b.parse("H10")).blind_hex
    assert terrain.hex_type(b, b.parse("H10")).vulnerability == (18, "rubble")
    whole = {b.label(h) for h in RULES.objective_hexes(b, "5")}
    assert {"H10", "I10", "G11", "H11", "I11"} <= whole  # T104: the whole Building
    terrain_state.impact_downgrade(g, "H10", 18)
    assert g.state["terrain_markers"]["H10"] == "rubble"
    b = g.rules.board(g)
    assert whole == {b.label(h) for h in RULES.objective_hexes(b, "5")}  # Rubble: still the Objective


def test_T115_railway_one_mp_along_it_hinders_one_and_is_clear_along() -> None:
    b = small_board({"B2": {"terrain": ["brush"]}, "B3": {"terrain": ["brush"]},
                     "D2": {"terrain": ["brush"]}},
                    {"railway": ["B1", "B2", "B3", "B4"]})
    assert terrain.move_cost(b, b.parse("B1"), b.parse("B2")) == 1  # along the Railway
    assert terrain.move_cost(b, b.parse("A2"), b.parse("B2")) == 2  # across it: the Brush
    table = terrain.los_table(b)
    assert table.check(b.parse("B1"), b.parse("B4")).hindrance == 0  # clear along it
    c = small_board({}, {"railway": ["C1", "C2", "C3"]})
    assert terrain.los_table(c).check(c.parse("B2"), c.parse("D2")).hindrance == 1  # across: 1


def test_T121_trail_one_mp_along_it_and_los_of_the_other_terrain() -> None:
    b = small_board({"B2": {"terrain": ["brush"]}, "B3": {"terrain": ["brush"]}},
                    {"trail": ["B1", "B2", "B3", "B4"]})
    assert terrain.move_cost(b, b.parse("B1"), b.parse("B2")) == 1  # along the Trail
    assert terrain.move_cost(b, b.parse("A2"), b.parse("B2")) == 2
    assert terrain.los_table(b).check(b.parse("B1"), b.parse("B4")).hindrance == 3  # the Brush
    assert terrain.hex_cover(b, b.parse("B2"))[0] == 1


def test_T116_plus_one_movement_once_a_move_entered_a_road_hex() -> None:
    p = _trench_scene()  # a Road runs down column I; H9 and I9 are Open Ground
    uid = p.unit(0, "ger-landwehr", "H9")
    p.unit(1, "fr-poilus", "O1")
    full = stat_value(p.game(seed=1), uid, "movement")
    g = _start_move(p, uid)
    _move_cost_options(g)
    assert remaining(g, g.top()) == full
    g.apply("to:I9")  # 1 MP, into a Road hex (not along it)
    _move_cost_options(g)
    assert remaining(g, g.top()) == full - 1 + 1  # T116: +1 Movement from now on
    g.apply("to:H9")  # leaving the Road keeps the bonus for the Order
    _move_cost_options(g)
    assert remaining(g, g.top()) == full - 2 + 1


def test_T119_smoke_fills_its_hex_hindering_into_out_of_and_through() -> None:
    g = fresh()
    g.state["smoke"] = {"E6": 3}  # no card of this volume places Smoke (1.S note); a scenario may
    assert los(g, "E4", "E8").hindrance == 3
    assert los(g, "E6", "E8").hindrance == 3 and los(g, "E8", "E6").hindrance == 3
    assert step_cost(g, "E5", "E6") == step_cost(g, "E5", "E4")  # Move: the other terrain
