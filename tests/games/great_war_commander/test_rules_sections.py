"""Great War Commander's numbered sections as the Commander family plays them in this game:
Actions (1.6), the Attack Total (4.2), LOS and hindrances (10), broken, functioning and Ordnance
Weapons (11), Suppression (13)."""

from __future__ import annotations

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family import fortifications as fam
from tactica.games.commander_family.board_state import los
from tactica.games.commander_family.fire import able, break_weapon, op_fire_pieces, strength
from tactica.games.commander_family.state import new_weapon, side
from tactica.games.great_war_commander import RULES

from .gwc_helpers import active, log_rules, position


def fresh_scene(scenario: str = "verdun_gas_1916") -> studio.Position:
    """``scenario`` at its first Turn with no unit and no Gas yet (gwc_helpers.position)."""
    return position(scenario).setting(clear=["gas"])


def fresh(scenario: str = "verdun_gas_1916") -> Game:
    return fresh_scene(scenario).game(seed=1)


def arm(g: Game, uid: str, wtype: str) -> str:
    wid = f"{uid}-w"
    g.state["weapons"][wid] = new_weapon(wtype, int(g.state["units"][uid]["seat"]), uid)
    g.state["units"][uid]["weapon"] = wid
    return wid


def test_10_1_1_units_in_between_neither_block_nor_hinder() -> None:
    g = fresh()
    before = los(g, "E4", "E8")
    assert before.clear and before.hindrance == 0  # trench_line: open between them
    studio.arrive(g, 0, "ger-landwehr", "E6")
    studio.arrive(g, 1, "fr-poilus", "E5")
    seen = los(g, "E4", "E8")
    assert seen.clear and seen.hindrance == 0
    assert los(g, "E8", "E4").hindrance == 0  # 10.1: reciprocal


def test_10_1_10_2_10_3_3_chart_terrain_blocks_and_hinders_between_the_hexes_only() -> None:
    g = fresh()  # trench_line: Woods C1, C2; Rubble L5, L6, M6
    assert not los(g, "C3", "C1").clear and not los(g, "C1", "C3").clear  # 10.2: Woods C2
    assert los(g, "C2", "C1").clear  # 10.1: the sighting and target hexes' own terrain
    assert los(g, "L6", "M6").hindrance == 0
    assert los(g, "K6", "M6").hindrance == 2  # 10.3: Rubble L6 in between
    assert los(g, "K6", "N6").hindrance == 2  # 10.3.3: Rubble L6 and M6 count once


def test_10_2_1_a_blaze_blocks_its_whole_hex() -> None:
    g = fresh()
    assert los(g, "E4", "E8").clear
    g.state["blaze"] = ["E6"]
    assert not los(g, "E4", "E8").clear and not los(g, "E8", "E4").clear
    assert los(g, "E4", "E5").clear  # a line that misses the hex


def test_10_3_4_gas_hinders_lines_into_and_out_of_its_hex() -> None:
    g = fresh()
    g.state["gas"] = ["E8"]
    assert los(g, "E4", "E8").hindrance == 1 and los(g, "E8", "E4").hindrance == 1


def test_10_3_3_hindrances_are_not_cumulative_and_10_3_2_cut_the_fp() -> None:
    g = fresh()
    g.state["gas"] = ["E5", "E6", "E7"]  # three Gas hindrances of 1 between E4 and E8
    seen = los(g, "E4", "E8")
    assert seen.clear and seen.hindrance == 1  # the largest one, not three
    firer = studio.arrive(g, 1, "fr-poilus", "E4")
    studio.arrive(g, 0, "ger-landwehr", "E8")
    st = strength(g, [firer], "E8")
    assert st["hindrance"] == 1
    assert ("largest hindrance", -1, "10.3.2") in st["parts"]
    g.state["gas"] = []
    assert strength(g, [firer], "E8")["fp"] == st["fp"] + 1


def test_11_4_a_random_hex_number_fixes_or_eliminates_a_broken_weapon() -> None:
    p = fresh_scene()
    carrier = p.unit(1, "fr-poilus", "E4", weapon="fr-hotchkiss")
    g = p.game(seed=1)
    wid = g.state["units"][carrier]["weapon"]
    wt = RULES.weapon_type("fr-hotchkiss")
    w = g.state["weapons"][wid]
    break_weapon(g, wid, "O21.3.6.1")
    assert w["broken"] and w["carrier"] == carrier
    RULES.broken_weapon_check(g, wt.fix[1] + 1)  # between Fix and Elim: stays broken
    assert w["broken"] and w["where"] == "map"
    RULES.broken_weapon_check(g, wt.fix[0])
    assert not w["broken"] and w["where"] == "map"
    break_weapon(g, wid, "O21.3.6.1")
    RULES.broken_weapon_check(g, wt.elim[0])
    assert w["where"] == "casualties" and g.state["units"][carrier]["weapon"] is None
    assert wid in side(g.state, 1)["casualty_weapons"]
    assert "11.4" in log_rules(g)
    # a broken Weapon that breaks again is eliminated
    other = studio.arrive(g, 1, "fr-poilus", "E3")
    wid2 = arm(g, other, "fr-hotchkiss")
    break_weapon(g, wid2, "O21.3.6.1")
    break_weapon(g, wid2, "O21.3.6.1")
    assert g.state["weapons"][wid2]["where"] == "casualties"


def test_11_1_a_weapon_slows_its_carrier_and_fires_with_it() -> None:
    from tactica.games.commander_family.stats import unit_stat

    p = fresh_scene()
    carrier = p.unit(1, "fr-poilus", "E4")
    bare = unit_stat(p.game(seed=1), carrier, "movement").value
    armed = fresh_scene()
    armed.unit(1, "fr-poilus", "E4", weapon="fr-hotchkiss")
    g = armed.game(seed=1)
    moved = unit_stat(g, carrier, "movement")
    assert moved.value == bare + RULES.weapon_type("fr-hotchkiss").movement == bare - 2
    assert any(p[1] == -2 and p[2] == "11.1" for p in moved.parts)
    g2 = fresh()
    wid, _ = fire_alone(g2, "fr-hotchkiss")  # activating the carrier offered its Weapon
    assert g2.state["weapons"][wid]["carrier"] in g2.state["activated"]


def test_11_5_a_functioning_weapon_is_unbroken_in_good_order_out_of_wire() -> None:
    p = fresh_scene()
    carrier = p.unit(1, "fr-poilus", "E4", weapon="fr-hotchkiss")
    g = p.game(seed=1)
    wid = g.state["units"][carrier]["weapon"]
    u = g.state["units"][carrier]
    assert able(g, wid)
    g.state["weapons"][wid]["broken"] = True
    assert not able(g, wid)
    g.state["weapons"][wid]["broken"] = False
    u["suppressed"] = True  # 11.1, 13.2: a Suppressed Unit fires no Weapon
    assert not able(g, wid) and able(g, carrier)
    u["suppressed"] = False
    u["broken"] = True
    assert not able(g, wid)
    u["broken"] = False
    assert fam.place(g, "E4", "wire", "test")
    assert not able(g, wid)  # F131.3


def test_11_6_ordnance_ignores_hindrance_and_never_op_fires() -> None:
    g = fresh()
    g.state["gas"] = ["E6"]
    gunner = studio.arrive(g, 1, "fr-poilus", "E4")
    gun = arm(g, gunner, "fr-75mm")
    studio.arrive(g, 0, "ger-landwehr", "E8")
    st = strength(g, [gun], "E8")
    assert st["ordnance"] and st["hindrance"] == 1
    assert not any(label == "largest hindrance" for label, _, _ in st["parts"])  # 10.3.1
    assert op_fire_pieces(g, [gunner]) == [gunner]  # A42: the gun stays silent
    mg_team = studio.arrive(g, 1, "fr-poilus", "E3")
    mg = arm(g, mg_team, "fr-hotchkiss")
    assert op_fire_pieces(g, [mg_team]) == [mg_team, mg]


def fire_alone(g: Game, wtype: str, rolls: tuple[str, str] | None = None) -> tuple[str, int]:
    """The active side's Unit in E4 with a ``wtype`` Weapon fires it alone at an enemy in E9;
    returns the Weapon and where its attack's log entries begin. ``rolls``: the cards on top of
    the firer's and the defender's draw piles (the Fire Attack Roll and the Defense Roll)."""
    from .test_core_orders import hand_order

    seat = int(g.state["active"])
    carrier = studio.arrive(g, seat, "fr-poilus", "E4")
    wid = arm(g, carrier, wtype)
    studio.arrive(g, 1 - seat, "ger-landwehr", "E9")
    card = hand_order(g, seat, "Fire")
    g.refresh()
    g.apply(f"order:{card}")
    start = len(g.log)
    g.apply(f"activate:{carrier}")
    g.apply("target:E9")
    assert [o.id for o in g.legal_options()] == [f"add:{wid}", "back"]  # the Unit cannot reach
    g.apply(f"add:{wid}")
    assert [o.id for o in g.legal_options()] == ["fire", "back"]  # nothing else to add
    g.apply("fire")
    return wid, start


def test_11_6_ordnance_secures_a_hit_by_targeting_first() -> None:
    g = fresh()
    _, start = fire_alone(g, "fr-75mm")
    rules = [e[0] for e in g.log[start:]]
    assert "O21.2" in rules and "O21.3" not in rules  # the Targeting Roll comes first
    assert any(e[2].get("purpose") == "targeting" for e in g.log[start:])
    g2 = fresh()
    _, start2 = fire_alone(g2, "fr-hotchkiss")
    rules2 = [e[0] for e in g2.log[start2:]]
    assert "O21.3" in rules2 and "O21.2" not in rules2  # a plain Weapon attacks at once


def play_to_defense(g: Game, start: int) -> list[tuple]:
    """Pass every window until the Defense Rolls are made; their log entries."""
    for _ in range(50):
        done = [e for e in g.log[start:] if e[0] == "O21.3.7" and "att" in e[2]]
        if done:
            return done
        g.apply("pass" if "pass" in [o.id for o in g.legal_options()] else g.legal_options()[0].id)
    raise AssertionError([e[0] for e in g.log[start:]])


def test_13_1_a_tied_fire_defense_roll_suppresses() -> None:
    from .cards_helpers import card

    probe = fresh()
    seat = int(probe.state["active"])
    _, start = fire_alone(probe, "fr-hotchkiss", (card(probe, seat, 3, 3), card(probe, 1 - seat, 1, 2)))
    d = play_to_defense(probe, start)[0][2]
    att, mod = d["att"], d["total"] - d["r"]
    need = att - mod
    assert 2 <= need <= 12
    g = fresh()
    pair = next((w, need - w) for w in range(1, 7) if 1 <= need - w <= 6)
    _, start = fire_alone(g, "fr-hotchkiss", (card(g, seat, 3, 3), card(g, 1 - seat, *pair)))
    d = play_to_defense(g, start)[0][2]
    assert d["total"] == d["att"] == att
    target = next(u for u, x in g.state["units"].items() if x["hex"] == "E9")
    assert g.state["units"][target]["suppressed"] and not g.state["units"][target]["broken"]
    assert any(e[0] == "13.1" for e in g.log[start:])


def test_4_2_the_attack_total_is_kept_with_the_attack_and_logged() -> None:
    g = fresh()
    _, start = fire_alone(g, "fr-hotchkiss")
    for _ in range(50):
        rolled = [e for e in g.log[start:] if e[0] == "O21.3.6"]
        if rolled and any(e[0] == "O21.3.7" and "att" in e[2] for e in g.log[start:]):
            break
        g.apply("pass" if "pass" in [o.id for o in g.legal_options()] else g.legal_options()[0].id)
    assert rolled, [e[0] for e in g.log[start:]]
    fp = next(e[2]["fp"] for e in g.log[start:] if e[0] == "O21.3")
    total = rolled[0][2]["total"]
    roll = int(rolled[0][2]["parts"].split("roll ")[1])
    assert 2 <= roll <= 12 and total == fp + roll  # the FP plus the Fire Attack Roll
    # the defenders' Defense Rolls are read against that same total
    assert any(e[0] == "O21.3.7" and e[2].get("att") == total for e in g.log[start:])


def test_13_3_recover_removes_suppression_at_its_start() -> None:
    from .test_core_orders import give_order

    look = fresh()
    p = fresh_scene()
    seat = active(p)
    fr = look.state["sides"][seat]["nation"] == "France"
    unit = p.unit(seat, "fr-poilus" if fr else "ger-landwehr", "E7", suppressed=True)
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1")
    card = give_order(p, seat, "Recover")
    g = p.game(seed=1)
    g.refresh()
    g.apply(f"order:{card}")
    assert not g.state["units"][unit]["suppressed"]


def test_13_3_an_eliminated_or_exited_formation_leaves_its_marker() -> None:
    from tactica.games.commander_family.victory import eliminate, exit_unit

    p = fresh_scene()
    gone = p.unit(1, "fr-poilus", "E4", suppressed=True)
    away = p.unit(1, "fr-poilus", "E5", suppressed=True)
    p.unit(1, "fr-poilus", "E6")  # so neither leaves the side without Formations
    p.unit(0, "ger-landwehr", "E9")
    g = p.game(seed=1)
    eliminate(g, gone, "O21.3.7")
    t = g.state["time"]
    exit_unit(g, away, min(int(t["space"]) + 1, int(t["last"])))
    units = g.state["units"]
    assert units[gone]["where"] != "map" and not units[gone]["suppressed"]
    assert units[away]["where"] == "time_track" and not units[away]["suppressed"]


def test_1_6_actions_in_either_players_turn_go_to_the_discard() -> None:
    from .cards_helpers import ENT, GER, card, card_with, choose, hand, opts, top
    from .test_actions import melee_game, start_melee

    g, _, _, _ = melee_game(active=GER)
    charge = card_with(g, GER, action="Charge")
    elan = card_with(g, ENT, action="Élan")
    hand(g, GER, [charge])
    hand(g, ENT, [elan])
    top(g, ENT, card(g, ENT, 3, 3))
    top(g, GER, card(g, GER, 2, 2))
    start_melee(g)
    while not (g.decision().seat == ENT and "melee_roll" in g.decision().prompt):
        choose(g, "pass")
    assert f"action:{elan}" in opts(g)  # the side whose Turn it is not plays too
    choose(g, f"action:{elan}")
    choose(g, f"action:{charge}")
    for seat, cid in ((ENT, elan), (GER, charge)):
        sd = side(g.state, seat)
        assert cid in sd["deck"]["discard"] and cid not in sd["hand"]


def test_10_3_a_line_along_a_hexside_of_a_hindering_hex_is_hindered() -> None:
    g = fresh()  # trench_line: A11 -> C11 runs along the B10/B11 hexside, Orchard B11, open B10
    assert los(g, "A11", "C11").hindrance == 2
    assert los(g, "C11", "A11").hindrance == 2  # reciprocal


def test_10_4_the_map_edge_repeats_its_edge_hex() -> None:
    g = fresh()  # trench_line: C1 -> E1 along the top of Woods D1; B11 -> D11 below Orchard C11
    assert not los(g, "C1", "E1").clear
    assert los(g, "B11", "D11").hindrance == 2


def test_10_1_1_a_tank_in_between_hinders_one_not_in_the_end_hexes() -> None:
    g = fresh("soissons_tanks_1918")
    tank = next(t for t, u in RULES.components.units.items() if u.type == "tank")
    board = g.rules.board(g)
    a, b, mid = "E4", "E8", "E6"
    assert los(g, a, b).clear and los(g, a, b).hindrance == 0, board.name
    studio.arrive(g, 0, tank, mid)
    assert los(g, a, b).hindrance == 1 and los(g, b, a).hindrance == 1
    g.state["units"] = {k: u for k, u in g.state["units"].items() if u["hex"] != mid}
    studio.arrive(g, 1, tank, b)
    assert los(g, a, b).hindrance == 0  # 10.1.1: only an intervening hex


def test_T124_1_destroyed_woods_is_seen_two_hexes_into() -> None:
    g = fresh()  # trench_line: Destroyed Woods C6 and C7 in column C, Shellholes C5 and C8
    assert los(g, "C5", "C7").clear  # one Destroyed Woods hex between: seen into the second
    assert not los(g, "C5", "C8").clear and not los(g, "C8", "C5").clear  # two between: blocked
    g.state["terrain_markers"] = {"C6": "shellhole"}
    assert los(g, "C5", "C8").clear  # a Shellhole marker leaves one
