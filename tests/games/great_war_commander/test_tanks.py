"""Tanks on the move (O23.5): the Immobilization check before Op Fire and Mines, its roll against
the bog number, no check with a friendly Unit in the hex, one Shellhole a Move, Wire crushed."""

from __future__ import annotations

from typing import Any

import pytest

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family import fortifications as fam
from tactica.games.great_war_commander import RULES, tanks, terrain_state

from .gwc_helpers import first
from .test_artillery import dice, keep, pick, scene

TANK = "fr-schneider"  # bog 8 unbroken
SCENARIO = "soissons_tanks_1918"
SEAT = first(SCENARIO)  # France: its Tanks take the first Turn


def tank_scene() -> studio.Position:
    """The Soissons map at France's first Turn, no unit, no Strategy Card windows."""
    return scene(SCENARIO)


def game() -> tuple[Game, int]:
    return tank_scene().game(seed=1), SEAT


def move_into(g: Game, seat: int, uid: str, to: str) -> None:
    RULES.orders["Move"].start(g, seat, "x")
    g.refresh()
    pick(g, f"activate:{uid}", f"unit:{uid}")
    step = next(o.id for o in g.legal_options() if o.id.endswith(f":{to}"))
    pick(g, step)


def to_the_roll(g: Game) -> dict[str, Any]:
    """The Fire Attack's frame once its defenders are fixed (at its roll): the Action windows
    before the roll (A44 Hand Grenades and the like) are passed."""
    while True:
        frame: dict[str, Any] = next(f["args"] for f in reversed(g.state["stack"])
                                     if f["step"] == "fire_attack")
        if "defenders" in frame:
            return frame
        d = g.decision()
        assert d is not None and d.step == "action_window", d
        g.apply("pass")


def log(g: Game) -> list[str]:
    return [e[1].format(**e[2]) for e in g.log]


def test_O23_5_4_immobilization_passes_above_the_bog_number() -> None:
    assert tanks.immobilization_passes(9, 8) and not tanks.immobilization_passes(8, 8)


@pytest.mark.parametrize(("roll", "bogged"), [((6, 3), False), ((4, 4), True)])
def test_O23_5_4_foxholes_check_before_op_fire(roll: tuple[int, int], bogged: bool) -> None:
    p, seat = tank_scene().marker("foxholes", "E6"), SEAT
    t = p.unit(seat, TANK, "E5")
    g = p.game(seed=1)
    dice(g, seat, roll)
    move_into(g, seat, t, "E6")
    keep(g)
    text = log(g)
    assert any("Immobilization check against bog 8" in x and "F127.1" in x for x in text)
    assert g.state["units"][t]["broken"] == bogged
    if bogged:
        assert any("bogged down (O23.5.4)" in x for x in text)


def test_O23_5_6_no_check_with_a_friendly_unit_there() -> None:
    p, seat = tank_scene().marker("foxholes", "E6"), SEAT
    t = p.unit(seat, TANK, "E5")
    p.unit(seat, "fr-poilus", "E6")
    g = p.game(seed=1)
    assert tanks.check_reason(g, t, "E5", "E6", True) is None
    move_into(g, seat, t, "E6")
    keep(g)
    assert not any("Immobilization check" in x for x in log(g))


def test_O23_5_2_first_shellhole_only_and_rubble() -> None:
    p, seat = tank_scene().marker("shellhole", "E6"), SEAT
    t = p.unit(seat, TANK, "E5")
    g = p.game(seed=1)
    assert tanks.check_reason(g, t, "E5", "E6", True) == "T118"
    assert tanks.check_reason(g, t, "E5", "E6", False) is None
    p = tank_scene().marker("rubble", "E6")
    t = p.unit(seat, TANK, "E5")
    assert tanks.check_reason(p.game(seed=1), t, "E5", "E6", False) == "T117"


def test_O23_5_7_a_tank_crushes_wire_and_stops() -> None:
    p, seat = tank_scene().marker("wire", "E6"), SEAT
    t = p.unit(seat, TANK, "E5")
    g = p.game(seed=1)
    move_into(g, seat, t, "E6")
    keep(g)
    while g.decision() is not None and g.decision().step == "action_window":
        pick(g, "pass")  # the Defender's Hidden Wire window (A45.4) after the entry
    assert fam.kind_at(g, "E6") is None
    assert any("crushed the Wire" in x for x in log(g))


def test_O16_3_an_advancing_tank_checks_too() -> None:
    p, seat = tank_scene().marker("trench", "E6"), SEAT
    t = p.unit(seat, TANK, "E5")
    g = p.game(seed=1)
    dice(g, seat, (2, 2))
    RULES.orders["Advance"].start(g, seat, "x")
    g.refresh()
    pick(g, f"activate:{t}")
    step = next(o.id for o in g.legal_options() if o.id.endswith("E6"))
    pick(g, step)
    keep(g)
    assert any("Immobilization check" in x and "F130.3" in x for x in log(g))
    assert g.state["units"][t]["broken"]


def test_O21_3_7_1_a_tank_defends_without_cover() -> None:
    from tactica.games.commander_family.stats import morale

    empty, seat = game()
    b = RULES.board(empty)
    woods = next(b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "woods")
    p = tank_scene()
    t = p.unit(seat, TANK, woods)
    inf = p.unit(seat, "fr-poilus", woods)
    g = p.game(seed=1)
    assert morale(g, t).value == 7  # the Schneider's printed Morale, no Woods Cover
    assert morale(g, inf).value > RULES.unit_type("fr-poilus").unbroken.morale


def test_O21_3_3_only_weapons_and_tanks_attack_a_tank() -> None:
    from tactica.games.commander_family.fire import push_fire_attack

    p, seat = tank_scene().turn(1 - SEAT), 1 - SEAT  # the Germans shoot
    t = p.unit(1 - seat, TANK, "E6")
    inf = p.unit(1 - seat, "fr-poilus", "E6")
    shooter = p.unit(seat, "ger-infanterie", "E5")
    g = p.game(seed=1)
    push_fire_attack(g, seat, [shooter], "E6")
    g.refresh()
    frame = to_the_roll(g)
    assert inf in frame["defenders"] and t not in frame["defenders"]
    assert any("cannot be attacked without a Weapon or a Tank" in x for x in log(g))
    p2, seat2 = tank_scene().turn(1 - SEAT), 1 - SEAT
    t2 = p2.unit(1 - seat2, TANK, "E6")
    carrier = p2.unit(seat2, "ger-infanterie", "E5", weapon="ger-mg0815")
    g2 = p2.game(seed=1)
    gun = g2.state["units"][carrier]["weapon"]
    assert not RULES.weapon_type(g2.state["weapons"][gun]["type"]).ordnance
    push_fire_attack(g2, seat2, [gun], "E6")
    g2.refresh()
    frame2 = to_the_roll(g2)
    assert t2 in frame2["defenders"]


def test_O23_5_8_restricted_terrain_for_tanks() -> None:
    p, seat = tank_scene(), SEAT  # marne_farms
    t = p.unit(seat, TANK, "E5")
    inf = p.unit(seat, "fr-poilus", "E5")
    g = p.game(seed=1)
    b = RULES.board(g)
    woods_road = "F9"  # Woods on a Road
    m = {b.label(x): x for x in b.hexes}
    along = [b.label(n) for n in b.neighbors(m[woods_road]) if b.road(n, m[woods_road], "road")]
    off = [b.label(n) for n in b.neighbors(m[woods_road]) if not b.road(n, m[woods_road], "road")]
    assert along and off
    assert tanks.may_enter(g, [t], along[0], woods_road)
    assert not tanks.may_enter(g, [t], off[0], woods_road)
    stream = next(b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "stream")
    assert not tanks.may_enter(g, [t], "E5", stream)
    assert tanks.may_enter(g, [inf], off[0], woods_road)  # only Tanks are held back


def test_F131_4_a_tank_advancing_into_wire_crushes_it() -> None:
    p, seat = tank_scene().marker("wire", "E6"), SEAT
    t = p.unit(seat, TANK, "E5")
    g = p.game(seed=1)
    RULES.orders["Advance"].start(g, seat, "x")
    g.refresh()
    pick(g, f"activate:{t}")
    pick(g, next(o.id for o in g.legal_options() if o.id.endswith("E6")))
    while g.decision() is not None and g.decision().step == "action_window":
        pick(g, "pass")
    assert g.state["units"][t]["hex"] == "E6" and fam.kind_at(g, "E6") is None
    assert any(e[0] == "F131.4" for e in g.log)


def exit_options(g: Game, seat: int, uid: str) -> list[str]:
    RULES.orders["Move"].start(g, seat, "x")
    g.refresh()
    pick(g, f"activate:{uid}", f"unit:{uid}")
    return [o.id for o in g.legal_options()]


def test_7_2_1_1_a_tank_exits_only_once_and_reenters_on_the_opponents_edge() -> None:
    from tactica.games.commander_family.board_state import edge_hexes, enemy_edge_hexes
    from tactica.games.commander_family.victory import exit_unit

    empty, seat = game()
    far = enemy_edge_hexes(empty, seat)[3]
    p = tank_scene()
    t = p.unit(seat, TANK, far)
    assert "exit" in exit_options(p.game(seed=1), seat, t)
    p2 = tank_scene()
    t2 = p2.unit(seat, TANK, far)
    p2.unit(seat, "fr-poilus", edge_hexes(empty, seat)[5])  # neither side runs out of units
    p2.unit(1 - seat, "ger-infanterie", "H6")
    inf = p2.unit(seat, "fr-poilus", arrives=6)  # on the Time track
    g2 = p2.game(seed=1)
    exit_unit(g2, t2, 3)
    assert g2.state["units"][t2]["reentry"] and any(e[0] == "7.2.1.1" for e in g2.log)
    RULES.reinforce(g2, seat, [t2, inf])
    frames = [f["args"] for f in g2.state["stack"] if f["step"] == "place"]
    by_unit = {tuple(f["units"]): f["hexes"] for f in frames}
    assert by_unit[(t2,)] == enemy_edge_hexes(g2, seat)  # the far edge (6.1.2 step 5)
    assert by_unit[(inf,)] == edge_hexes(g2, seat)
    g2.state["stack"] = [f for f in g2.state["stack"] if f["step"] != "place"]
    g2.state["units"][t2].update(where="map", hex=far)
    g2.state["activated"].clear()
    assert "exit" not in exit_options(g2, seat, t2)  # 7.2.1.1: never a second exit


def test_F130_2_no_trench_move_for_a_tank_and_F130_3_its_check() -> None:
    from tactica.games.commander_family.movement import find_frame, step_cost

    p, seat = tank_scene().marker("trench", "E5").marker("trench", "E6"), SEAT
    t = p.unit(seat, TANK, "E5")
    inf = p.unit(seat, "fr-poilus", "E5")
    g = p.game(seed=1)
    RULES.orders["Move"].start(g, seat, "x")
    g.refresh()
    frame = find_frame(g, "move_order")
    assert frame is not None
    frame["group"] = [inf]
    assert RULES.trench_step(g, "E5", "E6") and step_cost(g, "E5", "E6") == 1
    frame["group"] = [t]
    assert not RULES.trench_step(g, "E5", "E6")  # a Tank pays the map's cost and draws Op Fire
    assert tanks.check_reason(g, t, "E5", "E6", True) == "F130.3"


def test_O23_5_1_O14_2_1_a_tank_leader_activates_tanks_in_his_radius_for_a_move_or_an_advance_only() -> None:
    p, seat = tank_scene(), SEAT
    ldr = p.unit(seat, "fr-renault-ft", "E5")  # Tank Command 1
    near = p.unit(seat, TANK, "E6")
    far = p.unit(seat, TANK, "E8")
    other_ldr = p.unit(seat, "fr-renault-ft", "F5")
    inf = p.unit(seat, "fr-poilus", "E4")
    p.unit(1 - seat, "ger-infanterie", "H9")
    g = p.game(seed=1)
    RULES.orders["Move"].start(g, seat, "x")
    g.refresh()
    pick(g, f"activate:{ldr}")
    ids = [o.id for o in g.legal_options()]
    assert f"add:{near}" in ids and f"add:{far}" not in ids  # within his Tank Command only
    assert f"add:{other_ldr}" not in ids and f"add:{inf}" not in ids  # no Tank Leader, no Unit
    pick(g, f"add:{near}")
    if "done" in [o.id for o in g.legal_options()]:
        pick(g, "done")
    assert near in g.state["activated"] and ldr in g.state["activated"]
    assert any("activates" in x and near in x for x in log(g))
    # an Advance too (3.3.1.6)
    p3, seat3 = tank_scene(), SEAT
    ldr3 = p3.unit(seat3, "fr-renault-ft", "E5")
    near3 = p3.unit(seat3, TANK, "E6")
    p3.unit(1 - seat3, "ger-infanterie", "H9")
    g3 = p3.game(seed=1)
    RULES.orders["Advance"].start(g3, seat3, "x")
    g3.refresh()
    pick(g3, f"activate:{ldr3}")
    assert f"add:{near3}" in [o.id for o in g3.legal_options()]
    # a Fire Order: the Tank Leader activates himself only (O14.2.1)
    p2, seat2 = tank_scene(), SEAT
    ldr2 = p2.unit(seat2, "fr-renault-ft", "E5")
    p2.unit(seat2, TANK, "E6")
    p2.unit(1 - seat2, "ger-infanterie", "E8")
    g2 = p2.game(seed=1)
    RULES.orders["Fire"].start(g2, seat2, "x")
    g2.refresh()
    pick(g2, f"activate:{ldr2}")
    assert not any(o.id.startswith("add:") for o in g2.legal_options())


def test_3_1_6_once_a_tank_is_lost_tank_leaders_command_only_themselves() -> None:
    p, seat = tank_scene(), SEAT
    ldr = p.unit(seat, "fr-renault-ft", "E5")
    near = p.unit(seat, TANK, "E6")
    lost = p.unit(seat, TANK, "A1")
    g = p.game(seed=1)
    g.state["units"][lost].update(where="casualties", hex=None)
    RULES.orders["Move"].start(g, seat, "x")
    g.refresh()
    assert tanks.leader_reach(g, ldr, [ldr], lambda g, u: True) == [near]
    g.state["sides"][seat]["casualties"].append(lost)
    assert tanks.leader_reach(g, ldr, [ldr], lambda g, u: True) == []
    pick(g, f"activate:{ldr}")
    assert not any(o.id == f"add:{near}" for o in g.legal_options())


# ---------------------------------------------------------------- Tank fire (O21.2, O21.3.2)
def fire_game() -> tuple[Game, str, str, str]:
    """Germany's A7V (gun 8/10 in a white box, MG 6/6) in E5 with French Poilus three hexes off
    in E8 and next door in E6."""
    return fire_scene().game(seed=1), "germany-1", "entente-1", "entente-2"


def fire_scene() -> studio.Position:
    """:func:`fire_game`'s position, Germany to play, still open to more calls."""
    p = tank_scene().turn(0)
    p.unit(0, "ger-a7v", "E5"), p.unit(1, "fr-poilus", "E8"), p.unit(1, "fr-poilus", "E6")
    return p


def test_O21_3_2_a_tank_fires_its_gun_and_its_mg_as_two_pieces_never_in_a_group() -> None:
    from tactica.games.commander_family import fire as F

    g, t, _, _ = fire_game()
    gun = t + tanks.GUN
    assert F.pieces_of(g, t) == [t, gun]
    assert F.is_ordnance(g, gun) and not F.is_ordnance(g, t)
    assert (F.piece_fp(g, t), F.piece_range(g, t)) == (6, 6)
    assert (F.piece_fp(g, gun), F.piece_range(g, gun)) == (8, 10)
    assert F.op_fire_pieces(g, [t]) == [t]  # 11.6: the gun never Op Fires
    RULES.orders["Fire"].start(g, 0, "x")
    g.refresh()
    pick(g, f"activate:{t}", "target:E8")
    ids = [o.id for o in g.legal_options()]
    assert f"add:{t}" in ids and f"add:{gun}" in ids
    pick(g, f"add:{t}")
    assert f"add:{gun}" not in [o.id for o in g.legal_options()]  # O21.3.2: no Fire Group
    pick(g, "back", "target:E8", f"add:{gun}")
    assert f"add:{t}" not in [o.id for o in g.legal_options()]
    pick(g, "fire")
    while (d := g.decision()) is not None and d.step != "fire_order":
        pick(g, "pass" if "pass" in [o.id for o in d.options] else d.options[0].id)
    assert any(e[0] == "O21.2" and gun in str(e[2]) for e in g.log)  # the gun rolled to Target
    frame = g.top()
    assert frame["fired"] == [gun] and "target:E6" in [o.id for o in g.legal_options()]
    pick(g, "target:E6")
    assert f"add:{t}" in [o.id for o in g.legal_options()]  # the MG still has its shot


def test_O21_3_2_plus_two_for_an_unbroken_tank_at_an_adjacent_hex_with_the_star() -> None:
    from tactica.games.commander_family import fire as F

    p = tank_scene()
    s = p.unit(1, TANK, "E5")  # Schneider: gun 6* in a white box, MG 4 (no star)
    p.unit(0, "ger-infanterie", "E6")
    p.unit(0, "ger-infanterie", "E8")
    g = p.game(seed=1)
    gun = s + tanks.GUN
    assert F.strength(g, [gun], "E6")["fp"] == 8 and F.strength(g, [gun], "E8")["fp"] == 6
    assert F.strength(g, [s], "E6")["fp"] == 4
    assert any(r == "O21.3.2" for _, _, r in F.strength(g, [gun], "E6")["parts"])
    g.state["units"][s]["broken"] = True  # broken side: gun 3, no bonus
    assert F.strength(g, [gun], "E6")["fp"] == 3


def test_O21_3_2_the_plus_two_of_an_ordnance_gun_is_in_its_firing_entry() -> None:
    """The gun's +2 at an adjacent hex (O21.3.2) is part of the FP its hit attacks with: the
    Ordnance firing entry lists it among the FP terms with its rule number, as the firing entry
    of a non-Ordnance shot does."""
    p = tank_scene().turn(1)
    s = p.unit(1, TANK, "E5")  # Schneider: gun 6* in a white box
    p.unit(0, "ger-infanterie", "E6")
    g = p.game(seed=1)
    gun = s + tanks.GUN
    RULES.orders["Fire"].start(g, 1, "x")
    g.refresh()
    pick(g, f"activate:{s}", "target:E6", f"add:{gun}", "fire")
    entry = next(e for e in g.log if e[0] == "O21.2" and "Ordnance" in e[1].format(**e[2]))
    text = entry[1].format(**entry[2])
    assert "unbroken Tank firing * at an adjacent hex +2 (O21.3.2)" in text, text
    assert text.endswith("= 8 FP") and f"{gun} FP +6" in text, text


def test_O21_2_a_tank_with_only_a_gun_fires_it_as_ordnance() -> None:
    from tactica.games.commander_family import fire as F

    p = tank_scene()
    ft = p.unit(1, "fr-renault-ft", "E5")  # one armament: a 5* gun in a white box
    p.unit(0, "ger-infanterie", "E7")
    g = p.game(seed=1)
    assert F.pieces_of(g, ft) == [ft] and F.is_ordnance(g, ft)
    st = F.strength(g, [ft], "E7")
    assert st["ordnance"] and st["fp"] == 5
    assert F.op_fire_pieces(g, [ft]) == []


def test_O21_3_2_tank_leaders_add_no_command_and_infantry_leaders_none_to_a_tank() -> None:
    from tactica.games.commander_family import fire as F

    p, t = fire_scene(), "germany-1"
    ldr = next(u.id for u in RULES.components.of_nation("Germany", "leader") if u.special != "hero")
    p.unit(0, ldr, "E5")
    g = p.game(seed=1)
    assert (F.piece_fp(g, t), F.piece_fp(g, t + tanks.GUN)) == (6, 8)  # 3.3.1.7
    g.state["units"][t]["suppressed"] = True  # 13: -1 FP and Range on both armaments
    assert (F.piece_fp(g, t), F.piece_range(g, t + tanks.GUN)) == (5, 9)


def test_O21_3_3_a_tanks_gun_attacks_a_tank() -> None:
    p, t = fire_scene(), "germany-1"
    enemy = p.unit(1, TANK, "E7")
    g = p.game(seed=1)
    assert tanks.attack_defenders(g, {"pieces": [t + tanks.GUN]}, [enemy]) == [enemy]
    g.state["units"][t]["type"] = "ger-infanterie"  # the same shot by a Platoon cannot
    assert tanks.attack_defenders(g, {"pieces": [t]}, [enemy]) == []


def test_E92_suppressing_fire_from_a_tanks_machine_gun() -> None:
    from .cards_helpers import event, held
    from .cards_helpers import scene as event_scene

    p = event_scene("soissons_tanks_1918")
    a7v = p.unit(0, "ger-a7v", "E5")  # its MG: 6 FP, Range 6
    target = p.unit(1, "fr-poilus", "E9")
    p.unit(1, "fr-poilus", "O11")  # out of reach
    g = p.game(seed=1)
    assert tanks.mg_tanks(g, 0) == [a7v]
    event(g, 0, "Suppressing Fire")
    assert [o.id for o in g.legal_options()] == [f"unit:{target}", "none"]
    g.apply(f"unit:{target}")
    assert g.state["units"][target]["suppressed"] and held(g)
    g.state["units"][a7v]["broken"] = True  # a broken Tank's MG does not function (reading AE10)
    assert tanks.mg_tanks(g, 0) == []
    q = event_scene("soissons_tanks_1918")
    q.unit(0, "ger-a7v", "E5", broken=True)
    ft = q.unit(0, "ger-beutepanzer", "E6")
    assert tanks.mg_tanks(q.game(seed=1), 0) == [ft]


def test_O21_3_7_1_a_tank_defends_without_a_leaders_command() -> None:
    from tactica.games.commander_family.stats import morale, stat_value, unit_stat

    p = tank_scene()
    t = p.unit(1, TANK, "E5")
    ldr = next(u.id for u in RULES.components.of_nation("France", "leader") if u.special != "hero")
    p.unit(1, ldr, "E5")
    g = p.game(seed=1)
    assert morale(g, t).value == 7  # the Schneider's printed Morale: no Command, no Cover
    assert stat_value(g, t, "morale") == unit_stat(g, t, "morale").value == 7


def test_T118_2_a_trail_in_a_printed_shellhole_waives_the_tank_check(monkeypatch: Any) -> None:
    """T118.2: no Immobilization check in a printed Shellhole with a Trail, and it is not the
    Tank's first Shellhole of the Order: the plain Shellhole after it still calls for the check;
    a Shellhole marker on the Trail hex ends the waiver (T121.1)."""
    from tactica.core.board import load_board

    p, seat = tank_scene(), SEAT
    t = p.unit(seat, TANK, "E5")
    g = p.game(seed=1)
    doc = {"version": 1, "name": "t", "geometry": {"orientation": "flat", "offset": "odd-q",
                                                   "labels": "letter-number", "cols": 12, "rows": 12},
           "defaults": {"terrain": ["open_ground"], "elevation": 0},
           "hexes": {"E6": {"terrain": ["shellhole"]}, "E7": {"terrain": ["shellhole"]}},
           "roads": [{"kind": "trail", "path": ["E5", "E6", "F6"]}]}
    monkeypatch.setattr(terrain_state, "board_of", lambda _g: load_board(doc, source_name="t"))
    assert tanks.check_reason(g, t, "E5", "E6", True) is None  # T118.2
    assert tanks.check_reason(g, t, "E6", "E7", True) == "T118"
    a: dict[str, Any] = {"group": [t], "seat": seat}
    depth = len(g.state["stack"])
    tanks.after_entry(g, a, "E5", "E6")
    assert len(g.state["stack"]) == depth and a["tank_shellholes"] == []
    tanks.after_entry(g, a, "E6", "E7")  # the first Shellhole that counts
    top = g.state["stack"][-1]
    assert top["step"] == "immobilization" and top["args"]["why"] == "T118"
    assert a["tank_shellholes"] == [t]
    terrain_state.set_marker(g, "E6", "shellhole", "test")  # T121.1: the marker ends the Trail's help
    assert tanks.check_reason(g, t, "E5", "E6", True) == "T118"
