"""Leaders and command (3.3.1, O14.2), cohesion (3.3.2), stacking by figures (8.2) and the
victory rules GWC adds (7.1, 7.2.1, 7.3.1.2, 7.3.1.3, chits Y and Z): each with the digest's
worked example where it has one (E5, E6, E7, E36, E37, E38)."""

from __future__ import annotations

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family.activation import may_activate, radius_units
from tactica.games.commander_family.board_state import overstacked, update_objectives
from tactica.games.commander_family.state import new_weapon
from tactica.games.commander_family.stats import unit_stat, weapon_stat
from tactica.games.commander_family.victory import eliminate, objective_value
from tactica.games.great_war_commander import RULES
from tactica.games.great_war_commander.cohesion import check, in_cohesion
from tactica.games.great_war_commander.command import commanders, hrl

from .gwc_helpers import log_rules, position


def fresh_scene(scenario: str = "frontieres_1914") -> studio.Position:
    """``scenario`` at its first Turn with no unit yet (gwc_helpers.position)."""
    return position(scenario)


def fresh(scenario: str = "frontieres_1914") -> Game:
    g = fresh_scene(scenario).game(seed=1)
    return g


def test_3_3_1_3_hrl_by_rank_then_command_then_morale() -> None:
    p = fresh_scene()
    lt = p.unit(1, "fr-ldr-degrasse", "C3")
    hero = p.unit(1, "fr-hero", "C4")
    assert hrl(p.game(seed=1), 1) == lt  # Lieutenant outranks Hero
    cne = p.unit(1, "fr-ldr-barnier", "J9")
    g = p.game(seed=1)
    assert hrl(g, 1) == cne  # Captain outranks Lieutenant, wherever he is
    g.state["units"][cne]["broken"] = True
    assert hrl(g, 1) == cne  # printed (unbroken) values: a broken Captain is still the HRL
    eliminate(g, cne, "test", check=False)
    assert hrl(g, 1) == lt  # found again at once
    assert hero != hrl(g, 1)


def test_O14_2_E6_hrl_activation_chain_reaches_leaders_violette_is_left_out() -> None:
    """E6: Barnier (K6, HRL) activates De Grasse (I7), De Grasse Durant (G6), Durant Verdier
    (G5); Violette (I4) is outside every activated Leader's radius."""
    p = fresh_scene()
    at = {"fr-ldr-barnier": "K6", "fr-ldr-degrasse": "I7", "fr-ldr-durant": "G6",
          "fr-ldr-verdier": "G5", "fr-ldr-violette": "I4"}
    ids = {t: p.unit(1, t, h) for t, h in at.items()}
    near = p.unit(1, "fr-poilus", "F5")  # in Verdier's radius only
    g = p.game(seed=1)
    barnier = ids["fr-ldr-barnier"]
    assert hrl(g, 1) == barnier
    activated = [barnier]
    while True:
        more = [u for u in radius_units(g, barnier, activated) if u not in activated]
        if not more:
            break
        activated.append(more[0])
    names = {RULES.unit_type(g.state["units"][u]["type"]).name for u in activated}
    assert {"Barnier", "De Grasse", "Durant", "Verdier"} <= names
    assert "Violette" not in names
    assert near in activated  # each activated Leader brings the Units of his own radius


def test_O14_2_a_leader_who_is_not_the_hrl_activates_units_only() -> None:
    p = fresh_scene()
    p.unit(1, "fr-ldr-barnier", "A1")  # the HRL, far away
    lt = p.unit(1, "fr-ldr-degrasse", "G6")
    other = p.unit(1, "fr-ldr-durant", "G6")
    unit = p.unit(1, "fr-poilus", "G7")
    tank = p.unit(1, "fr-schneider", "G5")
    g = p.game(seed=1)
    got = radius_units(g, lt)
    assert unit in got and other not in got and tank not in got  # 3.1.6: no Tanks
    assert may_activate(g, unit)


def test_3_3_1_5_one_leaders_command_not_cumulative_and_E5_weapons() -> None:
    """E5: a Leader raises an MG carried by a Platoon in his hex, never a Mortar (Ordnance);
    a Unit adds one Leader's Command (the best), not the sum; Leaders and Tanks add none."""
    q = fresh_scene()
    a = q.unit(0, "ger-ldr-bertin", "E5")  # Command 2
    q.unit(0, "ger-ldr-ebel", "E5")  # Command 1
    p = q.unit(0, "ger-infanterie-1914", "E5")
    team = q.unit(0, "ger-abteilung", "E5")
    tank = q.unit(0, "ger-a7v", "E5")
    g = q.game(seed=1)
    for uid, wtype in ((p, "ger-mg08"), (team, "ger-lmw")):
        wid = f"{uid}-w"
        g.state["weapons"][wid] = new_weapon(wtype, 0, uid)
        g.state["units"][uid]["weapon"] = wid
    assert commanders(g, p) == [a]
    assert unit_stat(g, p, "fp").value == 5 + 2  # printed 5 + Bertin's 2, not + Ebel's 1 too
    assert unit_stat(g, p, "fp").parts[1][2] == "3.3.1.5"
    assert weapon_stat(g, f"{p}-w", "fp").value == 8 + 2  # 3.3.1.7
    assert weapon_stat(g, f"{team}-w", "fp").value == 5  # Ordnance: no Command
    assert commanders(g, tank) == [] and commanders(g, a) == []


def test_3_3_2_E7_cohesion_at_the_end_of_the_turn() -> None:
    """E7: a Unit in a Leader's radius, in a friendly Objective hex, carrying an unbroken Weapon,
    on the friendly edge, or a Runner is in cohesion; one with none of these is Suppressed."""
    p = fresh_scene()
    seat = 1  # France: south edge
    p.unit(seat, "fr-ldr-durant", "H9")  # Command radius of his own
    radius = p.unit(seat, "fr-poilus", "H9")
    obj_hex = fresh().state["objectives"]["4"]["hex"]
    p.objective("4", seat)
    on_obj = p.unit(seat, "fr-poilus", obj_hex)
    armed = p.unit(seat, "fr-specialistes", "B6", weapon="fr-hotchkiss")
    edge = p.unit(seat, "fr-poilus", "M11")
    runner = p.unit(seat, "fr-agent", "N4")
    alone = p.unit(seat, "fr-poilus", "N5")
    leader_alone = p.unit(seat, "fr-ldr-verdier", "A4")
    g = p.game(seed=1)
    for u in (radius, on_obj, armed, edge, runner, leader_alone):
        assert in_cohesion(g, u), u
    assert not in_cohesion(g, alone)
    g.state["weapons"][g.state["units"][armed]["weapon"]]["broken"] = True
    assert not in_cohesion(g, armed)  # only an unbroken Weapon keeps a Unit in cohesion
    check(g)
    assert g.state["units"][alone]["suppressed"] and g.state["units"][armed]["suppressed"]
    assert not g.state["units"][edge]["suppressed"] and not g.state["units"][leader_alone]["suppressed"]
    assert "3.3.2.1" in log_rules(g)


def test_3_3_2_1_the_end_of_every_turn_runs_the_check_for_both_sides() -> None:
    p = fresh_scene()
    p.unit(0, "ger-landwehr", "A1")  # on Germany's north edge: in cohesion
    lone_g = p.unit(0, "ger-landwehr", "D5")
    lone_f = p.unit(1, "fr-poilus", "L6")
    g = p.game(seed=1)
    g.apply("end") if any(o.id == "end" for o in g.legal_options()) else g.apply("pass")
    while g.frame_names()[-1] in ("discard", "action_window"):
        g.apply(g.legal_options()[-1].id)
    assert g.state["units"][lone_g]["suppressed"] and g.state["units"][lone_f]["suppressed"]


def test_8_2_E36_two_broken_platoons_overstack_and_8_2_1_two_tanks() -> None:
    p = fresh_scene("soissons_tanks_1918")
    p.unit(0, "ger-landwehr", "E5", broken=True)
    p.unit(0, "ger-landwehr", "E5", broken=True)
    p.unit(1, "fr-schneider", "E8")
    p.unit(1, "fr-poilus", "E8")  # 3 + 4 = 7 figures: legal
    g = p.game(seed=1)
    assert overstacked(g, 0) == ["E5"]  # 8 figures
    assert overstacked(g, 1) == []
    p.unit(1, "fr-renault-ft", "E8")  # a second Tank (and 10 figures)
    assert overstacked(p.game(seed=1), 1) == ["E8"]
    p.unit(1, "fr-schneider", "F8")
    p.unit(1, "fr-saint-chamond", "F8")  # 6 figures, but two Tanks
    g = p.game(seed=1)
    assert RULES.stack_ok(g, [u for u, v in g.state["units"].items() if v["hex"] == "F8"]) is False


def test_7_3_1_2_E37_a_tank_taking_an_objective_scores_one_vp() -> None:
    p = fresh_scene("soissons_tanks_1918")
    p.unit(0, "ger-landwehr", "A1")
    g = p.game(seed=1)
    obj = g.state["objectives"]["3"]
    g.state["chits_open"] = []  # Objective 3 worth 0 now
    obj["owner"] = 0
    vp = g.state["vp"]
    tank = studio.arrive(g, 1, "fr-schneider", obj["hex"])
    update_objectives(g)
    assert obj["owner"] == 1 and g.state["vp"] == vp - 1  # +1 VP France (seat 1)
    g.state["units"][tank].update(where="out", hex=None)
    studio.arrive(g, 0, "ger-landwehr", obj["hex"])
    update_objectives(g)
    assert obj["owner"] == 0 and g.state["vp"] == vp - 1  # a non-Tank recapture: +0


def test_7_3_1_3_a_runner_cannot_take_an_objective_but_keeps_one() -> None:
    p = fresh_scene().objective("2", None)
    r = p.unit(1, "fr-agent", fresh().state["objectives"]["2"]["hex"])
    g = p.game(seed=1)
    obj = g.state["objectives"]["2"]
    update_objectives(g)
    assert obj["owner"] is None
    obj["owner"] = 1
    g.state["units"][r]["hex"] = obj["hex"]
    update_objectives(g)
    assert obj["owner"] == 1


def test_7_3_2_E38_chits_c_g_k_make_objective_3_worth_six() -> None:
    g = fresh()
    assert objective_value(g, "3", ["C", "G", "K"]) == 6


def test_7_1_and_chit_z_elimination_vp_plus_one() -> None:
    q = fresh_scene()
    q.unit(1, "fr-poilus", "J9")
    p = q.unit(0, "ger-landwehr", "A1")
    q.unit(0, "ger-landwehr", "A2")
    leader = q.unit(0, "ger-ldr-bertin", "A2")
    g = q.game(seed=1)
    g.state["chits_open"] = []
    vp = g.state["vp"]
    eliminate(g, p, "test")
    assert g.state["vp"] == vp - 2  # Platoon 2 to France
    g.state["chits_open"] = ["Z"]
    eliminate(g, leader, "test")
    assert g.state["vp"] == vp - 2 - (1 + 2) - 1  # Leader 1 + Command 2, + 1 for Z
