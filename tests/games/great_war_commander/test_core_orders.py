"""GWC's own core Orders and hooks: O22 HMG Suppress, O27 Runner (placing, moving alone; never
exiting by the enemy edge, O27.2.1), O25.2 Recover leaving Suppression in Gas, O20 Command
Confusion as a dud."""

from __future__ import annotations

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family.movement import can_step
from tactica.games.commander_family.state import new_weapon, side
from tactica.games.great_war_commander import RULES
from tactica.games.great_war_commander.core_orders import hmgs, runner_legal, runners_free

from .gwc_helpers import active, log_rules, pass_windows, position


def fresh_scene(scenario: str = "frontieres_1914") -> studio.Position:
    """``scenario`` at its first Turn with no unit yet (gwc_helpers.position)."""
    return position(scenario)


def fresh(scenario: str = "frontieres_1914") -> Game:
    return fresh_scene(scenario).game(seed=1)


def active_scene(scenario: str = "frontieres_1914") -> tuple[Game, studio.Position, int, bool]:
    """A :func:`fresh_scene` of ``scenario`` and what its tests ask first: (a game on it to look
    things up in, the position, the seat whose Turn it starts at, whether that seat is France)."""
    look = fresh(scenario)
    p = fresh_scene(scenario)
    seat = active(p)
    return look, p, seat, look.state["sides"][seat]["nation"] == "France"


def hand_order(g: Game, seat: int, order: str) -> str:
    """Put a card of ``order`` in ``seat``'s hand (from its draw pile) and return its id."""
    sd = side(g.state, seat)
    for pile in (sd["hand"], sd["deck"]["draw"], sd["deck"]["discard"]):
        for c in pile:
            if RULES.card(c).order == order:
                pile.remove(c)
                sd["hand"].append(c)
                return c
    raise AssertionError(order)


def give_order(p: studio.Position, seat: int, order: str) -> str:
    """A card of ``order`` joins the hand ``seat`` is dealt in ``p`` (taken from its draw pile,
    as :func:`hand_order` takes it), set through the studio; returns its id."""
    sd = p.game(seed=1).state["sides"][seat]
    held = list(sd["hand"])
    card = next(c for c in [*held, *sd["deck"]["draw"], *sd["deck"]["discard"]]
                if RULES.card(c).order == order)
    p.hand(seat, held if card in held else [*held, card])
    return str(card)


def arm(g: Game, uid: str, wtype: str) -> str:
    wid = f"{uid}-w"
    seat = int(g.state["units"][uid]["seat"])
    g.state["weapons"][wid] = new_weapon(wtype, seat, uid)
    g.state["units"][uid]["weapon"] = wid
    return wid


def test_O22_hmg_suppress_two_adjacent_hexes_no_roll() -> None:
    g = fresh()
    seat = int(g.state["active"])
    enemy = 1 - seat
    nat = "fr" if side(g.state, seat)["nation"] == "France" else "ger"
    carrier = studio.arrive(g, seat, f"{nat}-{'poilus' if nat == 'fr' else 'landwehr'}", "H6")
    wid = arm(g, carrier, "fr-hotchkiss" if nat == "fr" else "ger-mg08")
    e_nat = "ger-landwehr" if nat == "fr" else "fr-poilus"
    a = studio.arrive(g, enemy, e_nat, "H4")
    b = studio.arrive(g, enemy, e_nat, "H3")
    already = studio.arrive(g, enemy, e_nat, "H3", suppressed=True)
    assert hmgs(g, seat) == [wid]
    card = hand_order(g, seat, "HMG Suppress")
    g.refresh()
    draws = len(side(g.state, seat)["deck"]["draw"])
    g.apply(f"order:{card}")
    g.apply(f"hmg:{wid}")
    ids = [o.id for o in g.legal_options()]
    assert "hex:H4" in ids and "hexes:H3:H4" in ids
    g.apply("hexes:H3:H4")
    units = g.state["units"]
    assert units[a]["suppressed"] and units[b]["suppressed"] and units[already]["suppressed"]
    assert carrier in g.state["activated"]
    assert len(side(g.state, seat)["deck"]["draw"]) == draws  # no roll: no card revealed
    assert {"O22", "O22.2"} <= log_rules(g)
    assert hmgs(g, seat) == []  # its carrier is activated now


def test_O22_only_a_functioning_hmg_not_an_lmg() -> None:
    look = fresh()
    p = fresh_scene()
    seat = active(p)
    nat = look.state["sides"][seat]["nation"]
    unit = p.unit(seat, "fr-poilus" if nat == "France" else "ger-landwehr", "H6")
    g = p.game(seed=1)
    wid = arm(g, unit, "fr-chauchat" if nat == "France" else "ger-mg0815")
    studio.arrive(g, 1 - seat, "ger-landwehr" if nat == "France" else "fr-poilus", "H4")
    assert hmgs(g, seat) == []
    g.state["weapons"][wid]["type"] = "fr-hotchkiss" if nat == "France" else "ger-mg08"
    assert hmgs(g, seat) == [wid]
    g.state["weapons"][wid]["broken"] = True
    assert hmgs(g, seat) == []


def test_O27_runner_placed_with_the_hrl_then_moves_alone() -> None:
    look, p, seat, fr = active_scene()
    p.unit(seat, "fr-ldr-barnier" if fr else "ger-ldr-bertin", "H8")
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1")
    free = runners_free(look, seat)
    g = p.game(seed=1)
    assert free >= 1 and runner_legal(g, seat, "")
    card = hand_order(g, seat, "Runner")
    g.refresh()
    g.apply(f"order:{card}")
    g.apply("place")
    placed = [u for u, v in g.state["units"].items()
              if v["hex"] == "H8" and v["type"].endswith(("agent", "bote"))]
    assert len(placed) == 1 and g.state["units"][placed[0]]["hex"] == "H8"
    assert placed[0] in g.state["activated"] and runners_free(g, seat) == free - 1
    assert "O27.1" in log_rules(g)


def test_O27_2_1_a_runner_never_exits_by_the_enemy_edge() -> None:
    _look, q, seat, fr = active_scene()
    enemy_edge_hex = "H1" if fr else "H11"
    r = q.unit(seat, "fr-agent" if fr else "ger-bote", enemy_edge_hex)
    p = q.unit(seat, "fr-poilus" if fr else "ger-landwehr", enemy_edge_hex)
    g = q.game(seed=1)
    assert not RULES.may_exit(g, r) and RULES.may_exit(g, p)
    assert can_step(g, r)  # it can still move along the edge


def test_O25_2_recover_leaves_suppression_in_gas() -> None:
    _look, p, seat, fr = active_scene("verdun_gas_1916")
    t = "fr-poilus" if fr else "ger-landwehr"
    gassed = p.unit(seat, t, "E6", suppressed=True)
    clear = p.unit(seat, t, "E7", suppressed=True)
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1")
    g = p.game(seed=1)
    g.state["gas"] = ["E6"]
    card = hand_order(g, seat, "Recover")
    g.refresh()
    g.apply(f"order:{card}")
    assert g.state["units"][gassed]["suppressed"] and not g.state["units"][clear]["suppressed"]


def test_O20_command_confusion_is_never_given_as_an_order() -> None:
    g = fresh()
    seat = int(g.state["active"])
    card = hand_order(g, seat, "Command Confusion")
    g.refresh()
    assert f"order:{card}" not in {o.id for o in g.legal_options()}
    assert RULES.orders["Command Confusion"].rule == "O20"


def test_O16_4_1_E41_a_lone_runner_in_a_melee_is_lost_at_once() -> None:
    _look, p, seat, fr = active_scene()
    p.unit(seat, "fr-poilus" if fr else "ger-landwehr", "A1")
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "O1")
    runner = p.unit(1 - seat, "ger-bote" if fr else "fr-agent", "E5")
    attacker = p.unit(seat, "fr-poilus" if fr else "ger-landwehr", "E5")
    g = p.game(seed=1)
    g.state["chits_open"] = []
    vp = g.state["vp"]
    draws = len(side(g.state, 1 - seat)["deck"]["draw"]) + len(side(g.state, seat)["deck"]["draw"])
    RULES.after_order(g)
    g.refresh()
    assert g.state["units"][runner]["where"] == "out"  # a Runner leaves play (4.3)
    assert g.state["units"][attacker]["where"] == "map"
    gain = 1 if seat == 0 else -1
    assert g.state["vp"] == vp + gain  # the Runner's 1 VP (7.1) to the other side
    assert len(side(g.state, 1 - seat)["deck"]["draw"]) + len(side(g.state, seat)["deck"]["draw"]) == draws
    assert "O16.4.1" in log_rules(g)


def test_O26_5_tanks_are_never_routed() -> None:
    p = fresh_scene("soissons_tanks_1918")
    tank = p.unit(1, "fr-schneider", "E8", broken=True)
    p.unit(0, "ger-landwehr", "A1")
    g = p.game(seed=1)
    assert not RULES.routable(g, tank)
    from tactica.games.commander_family.rout import routed_units

    assert routed_units(g, 1) == []
    poilu = studio.arrive(g, 1, "fr-poilus", "E9", broken=True)
    assert routed_units(g, 1) == [poilu]


def test_O27_2_1_a_runner_exits_by_its_friendly_edge_for_one_vp() -> None:
    _look, p, seat, fr = active_scene()
    home = "H11" if fr else "H1"
    r = p.unit(seat, "fr-agent" if fr else "ger-bote", home)
    p.unit(seat, "fr-poilus" if fr else "ger-landwehr", "E6")
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "A3" if fr else "A9")
    g = p.game(seed=1)
    g.state["vp"] = 0
    card = hand_order(g, seat, "Runner")
    g.refresh()
    g.apply(f"order:{card}")
    g.apply(f"move:{r}")
    while f"unit:{r}" in {o.id for o in g.legal_options()}:
        g.apply(f"unit:{r}")
    assert "exit_home" in {o.id for o in g.legal_options()}
    g.apply("exit_home")
    assert g.state["units"][r]["where"] == "out"
    assert g.state["vp"] == (1 if seat == 0 else -1)
    assert "O27.2.1" in log_rules(g)


def test_O26_4_no_positive_cover_on_a_rout_roll_in_gas() -> None:
    _look, p, seat, fr = active_scene("verdun_gas_1916")
    uid = p.unit(seat, "fr-poilus" if fr else "ger-landwehr", "C2", broken=True)  # Woods
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "A9")
    g = p.game(seed=1)
    from tactica.games.commander_family.stats import morale

    m = morale(g, uid)
    cover = m.parts[-1][1]
    assert cover == 2
    g.state["gas"] = ["C2"]
    assert RULES.roll_morale(g, uid, "rally") == m.value
    assert RULES.roll_morale(g, uid, "rout") == m.value - 2
    g.state["gas"] = []
    assert RULES.roll_morale(g, uid, "rout") == m.value


def test_O23_1_1_a_weapon_goes_only_from_a_platoon_to_a_team() -> None:
    q = fresh_scene()
    p = q.unit(0, "ger-landwehr", "E5", weapon="ger-mg08")
    t = q.unit(0, "ger-abteilung", "E5")
    p2 = q.unit(0, "ger-landwehr", "E5")
    leader = q.unit(0, "ger-ldr-ebel", "E5")
    g = q.game(seed=1)
    wid = g.state["units"][p]["weapon"]
    assert RULES.may_transfer(g, p, t, wid)
    assert not RULES.may_transfer(g, p, p2, wid) and not RULES.may_transfer(g, p, leader, wid)
    assert not RULES.may_transfer(g, t, p, wid)


def test_O24_1_E23_the_line_is_adjacent_unbroken_formations_with_a_leader() -> None:
    """E23: a broken Unit cannot be activated and does not link the line past it."""
    from tactica.games.great_war_commander.offensive import leaders, next_to

    _look, p, seat, fr = active_scene()
    plt, ldr = ("fr-poilus", "fr-ldr-durant") if fr else ("ger-landwehr", "ger-ldr-ebel")
    lead = p.unit(seat, ldr, "I9")
    a = p.unit(seat, plt, "J9")
    b = p.unit(seat, plt, "K10")
    broken = p.unit(seat, plt, "H9", broken=True)
    beyond = p.unit(seat, plt, "G10")
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1")
    g = p.game(seed=1)
    assert leaders(g, seat) == [lead]
    line = [lead]
    assert set(next_to(g, seat, line)) == {a}
    line.append(a)
    assert b in next_to(g, seat, line) and broken not in next_to(g, seat, line)
    line.append(b)
    assert beyond not in next_to(g, seat, line)


def test_O24_2_offensive_moves_without_overstacking_or_reentering_then_fires_once() -> None:
    _look, q, seat, fr = active_scene()
    plt, ldr = ("fr-poilus", "fr-ldr-barnier") if fr else ("ger-landwehr", "ger-ldr-bertin")
    lead = q.unit(seat, ldr, "H6")
    p = q.unit(seat, plt, "I6")
    q.unit(seat, plt, "I7")  # a friend the Platoon may not join: 4 + 4 figures would overstack
    enemy = q.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "H3")
    card = give_order(q, seat, "Offensive")
    g = q.game(seed=1)
    g.refresh()
    g.apply(f"order:{card}")
    g.apply(f"add:{lead}")
    g.apply(f"add:{p}")
    ids = {o.id for o in g.legal_options()}
    assert "done" in ids
    g.apply("done")
    pass_windows(g)  # S98.4.5: Germany may answer a French Offensive with Red Trousers
    assert {lead, p} <= set(g.state["activated"])
    g.apply(f"unit:{p}")
    ids = {o.id for o in g.legal_options()}
    assert "to:I7" not in ids  # O24.2: never overstacked
    step = next(i for i in ids if i.startswith("to:") and i != "to:I7")
    g.apply(step)
    while g.frame_names()[-1] != "move_order":
        g.apply("pass" if "pass" in {o.id for o in g.legal_options()} else g.legal_options()[-1].id)
    ids = {o.id for o in g.legal_options()}
    assert "to:I6" not in ids  # O24.2: not back into its start hex
    assert "O24.1" in log_rules(g)
    assert g.state["units"][enemy]["where"] == "map"


def test_3_1_9_an_engineer_digs_foxholes_or_removes_wire_with_any_order_card() -> None:
    _look, p, seat, fr = active_scene("verdun_gas_1916")
    eng = p.unit(seat, "fr-genie" if fr else "ger-pioniere", "E6")
    p.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1")
    dud = give_order(p, seat, "Command Confusion")
    move = give_order(p, seat, "Move")
    g = p.game(seed=1)
    g.refresh()
    ids = {o.id for o in g.legal_options()}
    assert f"engineer:{move}:{eng}:foxholes" in ids
    assert not any(i.startswith(f"engineer:{dud}:") for i in ids)  # not Command Confusion
    from tactica.games.commander_family.movement import find_frame
    from tactica.games.great_war_commander.engineers import engineers

    given = g.top()["given"]
    g.apply(f"engineer:{move}:{eng}:foxholes")
    turn = find_frame(g, "turn")
    assert turn is not None and turn["given"] == given + 1  # it counts as an Order (5.1)
    assert g.state["fortifications"]["E6"] == "foxholes"
    assert eng in g.state["activated"] and move not in side(g.state, seat)["hand"]
    assert "3.1.9" in log_rules(g)
    assert "3.1.9: Foxholes placed in E6" in g.log_lines()  # through the family's place
    g2 = fresh("verdun_gas_1916")
    s2 = int(g2.state["active"])
    fr2 = side(g2.state, s2)["nation"] == "France"
    e2 = studio.arrive(g2, s2, "fr-genie" if fr2 else "ger-pioniere", "E6", broken=False)
    studio.arrive(g2, 1 - s2, "ger-landwehr" if fr2 else "fr-poilus", "A1")
    g2.state.setdefault("fortifications", {})["E6"] = "wire"
    card = hand_order(g2, s2, "Fire")
    g2.refresh()
    g2.apply(f"engineer:{card}:{e2}:wire")
    assert "E6" not in g2.state["fortifications"]
    assert "3.1.9: The Wire in E6 is eliminated" in g2.log_lines()  # the family's remove
    e3 = studio.arrive(g2, s2, "fr-genie" if fr2 else "ger-pioniere", "E7", broken=True)
    assert e2 not in engineers(g2, s2) and e3 not in engineers(g2, s2)  # activated; broken


def test_O27_2_1_a_runner_advances_off_its_friendly_edge_and_T107_gas_on_advancing() -> None:
    g = fresh("verdun_gas_1916")
    seat = int(g.state["active"])
    fr = side(g.state, seat)["nation"] == "France"
    edge = g.state["edges"][seat]
    home = {"north": "H1", "south": "H11", "west": "A6", "east": "O6"}[edge]
    r = studio.arrive(g, seat, "fr-agent" if fr else "ger-bote", home)
    p = studio.arrive(g, seat, "fr-poilus" if fr else "ger-landwehr", "E5")
    studio.arrive(g, 1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1" if edge != "north" else "A11")
    g.state["gas"] = ["E6"]
    g.state["vp"] = 0
    card = hand_order(g, seat, "Advance")
    g.refresh()
    g.apply(f"order:{card}")
    g.apply(f"activate:{r}")
    ids = {o.id for o in g.legal_options()}
    assert f"home:{r}" in ids and f"exit:{r}" not in ids
    g.apply(f"home:{r}")
    assert g.state["units"][r]["where"] == "out" and g.state["vp"] == (1 if seat == 0 else -1)
    card = hand_order(g, seat, "Advance")
    g.refresh()
    assert side(g.state, seat)["order_cap"] >= 2
    g.apply(f"order:{card}")
    g.apply(f"activate:{p}")
    g.apply(f"adv:{p}:E6")
    assert g.state["units"][p]["suppressed"]  # T107.1 on an Advance too


def test_A41_engineering_works_removes_wire_next_to_a_boxed_mover() -> None:
    """A41 in a real Move Order: a Formation with boxed Movement activated to Move (Chasseurs,
    Pioniere); the Wire next to it goes at the first Action window of the Order."""
    from tactica.games.commander_family import fortifications as fam

    g = fresh()
    for sd in g.state["sides"]:  # no Strategy Card windows here
        sd["sc_draw"].extend(sd["sc_hand"])
        sd["sc_hand"].clear()
    seat = int(g.state["active"])
    fr = side(g.state, seat)["nation"] == "France"
    u = studio.arrive(g, seat, "fr-chasseurs" if fr else "ger-pioniere", "H6")
    plain = studio.arrive(g, seat, "fr-poilus" if fr else "ger-landwehr", "C3")
    studio.arrive(g, 1 - seat, "ger-landwehr" if fr else "fr-poilus", "A1")
    fam.table(g)["H5"] = "wire"
    fam.table(g)["C4"] = "wire"  # next to the plain Platoon (Movement not boxed) only
    card = hand_order(g, seat, "Move")
    sd = side(g.state, seat)
    ew = next(c for c in sd["deck"]["draw"] + sd["deck"]["discard"]
              if RULES.card(c).action == "Engineering Works")
    for pile in (sd["deck"]["draw"], sd["deck"]["discard"]):
        if ew in pile:
            pile.remove(ew)
    sd["hand"].append(ew)
    g.refresh()
    g.apply(f"order:{card}")
    assert {o.id for o in g.legal_options()} == {f"activate:{u}", f"activate:{plain}"}
    g.apply(f"activate:{u}")
    assert f"action:{ew}" in {o.id for o in g.legal_options()}
    g.apply(f"action:{ew}")
    assert {o.id for o in g.legal_options()} == {"hex:H5"}
    g.apply("hex:H5")
    assert fam.kind_at(g, "H5") is None and fam.kind_at(g, "C4") == "wire"
    assert "A41: The Wire in H5 is eliminated" in g.log_lines()


def test_O24_2_E64_a_team_detached_during_the_move_joins_the_line_without_a_start_hex() -> None:
    """E64.2 adds a Team detached mid-move to every list of the frames under way, the Offensive's
    line too, but not to its start hexes: the fire step must not fail on it (a search playout
    found the KeyError), and the Team, which entered no new hex itself, does not count as moved."""
    _look, q, seat, fr = active_scene()
    plt, ldr = ("fr-poilus", "fr-ldr-barnier") if fr else ("ger-landwehr", "ger-ldr-bertin")
    lead = q.unit(seat, ldr, "H6")
    p = q.unit(seat, plt, "I6")
    q.unit(1 - seat, "ger-landwehr" if fr else "fr-poilus", "H3")
    card = give_order(q, seat, "Offensive")
    g = q.game(seed=1)
    g.refresh()
    g.apply(f"order:{card}")
    g.apply(f"add:{lead}")
    g.apply(f"add:{p}")
    if "done" in {o.id for o in g.legal_options()}:
        g.apply("done")
    pass_windows(g)  # the opponent's answer to an activated line (S98.4.5), if any
    assert g.frame_names()[-1] == "move_order"
    team = studio.arrive(g, seat, plt, "I6")
    offensive = next(f for f in g.state["stack"] if f["step"] == "offensive_order")
    offensive["args"]["line"].append(team)  # what E64.2 does to the lists of the frames
    g.refresh()
    for _ in range(200):
        if "offensive_order" not in g.frame_names() or g.is_terminal():
            break
        pass_windows(g)
        ids = [o.id for o in g.legal_options()]
        g.apply("stop" if "stop" in ids else "done" if "done" in ids else "none" if "none" in ids else ids[0])
    assert "offensive_order" not in g.frame_names()
