"""Every worked example of the digest's §5 (E1-E11) and the oracles drawn from the book's tables,
each named after its rule."""

from __future__ import annotations

import pytest
from ce_helpers import arena, new

import tactica
from tactica.core.rules import RulesError
from tactica.games.commandos_europe import data
from tactica.games.commandos_europe.enemy import can_enter, etype
from tactica.games.commandos_europe.geo import geo
from tactica.games.commandos_europe.results import score, title
from tactica.games.commandos_europe.stacks import detected_by, hex_noise, portage_problem, stack_ma

NORWAY = geo("norway")
MINUS = sorted(k for k, v in data.gear().items() if not v.plus)


def test_2_3_only_the_current_maps_enemy_set_is_in_the_cup() -> None:
    """E1: only this map's enemy units go in the enemy cup."""
    g = new()
    cup = g.state["cups"]["enemy"]["items"]
    assert sorted(cup) == sorted(data.enemy_cup("norway"))
    assert {data.piece_type(e) for e in cup} == set(data.enemies("norway"))
    na = tactica.new_game("commandos_europe", "north_africa", seed=1).state["cups"]["enemy"]["items"]
    assert sorted(na) == sorted(data.enemy_cup("north_africa"))
    types = {data.piece_type(e) for e in na}
    assert "panzer" in types and "ski_patrol" not in types and "e_boat" not in types
    with pytest.raises(RulesError, match="no enemy set for map 'italy'"):
        data.enemies("italy")


def test_9_2_chevy_hauls_at_most_its_noise_value() -> None:
    """E2: a Chevy (noise 5) hauls five non-plus pieces, not six."""
    assert data.gear()["chevy"].noise == 5
    assert portage_problem(["chevy", *MINUS[:5]]) is None
    assert "portage is 5" in str(portage_problem(["chevy", *MINUS[:6]]))


def test_9_2_plus_piece_never_hauls_plus_piece_except_black() -> None:
    assert portage_problem(["chevy", "jeep"]) is not None
    assert portage_problem(["chevy", "skis"]) is None  # skis are printed black
    assert portage_problem(["skis", "scuba"]) is not None  # black never hauls black


def test_9_3_squad_and_chevy_combine_portage_to_eleven() -> None:
    """E3: squad (6) + Chevy (5) moving together haul 11."""
    assert portage_problem(["0-1", "chevy", *MINUS[:11]]) is None
    assert "portage is 11" in str(portage_problem(["0-1", "chevy", *MINUS[:12]]))
    assert "portage is 6" in str(portage_problem(["0-1", *MINUS[:7]]))


def test_10_1_terrain_cost_paid_once_by_the_squad_or_the_lone_plus_piece() -> None:
    """E4: a lone Chevy pays 2 MP into woods; next turn Chevy + squad + radio into mountain cost
    only the squad's 2 MP (the Chevy and the hauled radio pay nothing)."""
    g = arena({"chevy": ("gear", "0510")})
    g.apply("move:chevy")
    g.apply("go")
    assert g.top()["mp"] == 6
    g.apply("to:0511")  # woods
    assert g.top()["mp"] == 4
    g = arena({"chevy": ("gear", "0511"), "0-1": ("squad", "0511"), "radio": ("gear", "0511")})
    g.apply("move:0-1")
    g.apply("add:chevy")
    g.apply("add:radio")
    g.apply("bonus:chevy")
    opts = {o.id: o for o in g.legal_options()}
    assert opts["go"].args["ma"] == 10  # 4 + 6 - 0 (radio is -0)
    g.apply("go")
    g.apply("to:0410")  # mountain (clear on Norway)
    assert g.top()["mp"] == 8


def test_10_4_veteran_squad_chevy_and_bofors() -> None:
    """E5: veteran squad MA 6 + Chevy +6 = 12; hauling a Bofors 37mm (-4) makes 8."""
    g = new()
    s = g.state
    s["pieces"]["V-1"] = {"kind": "squad", "hex": "0505", "moved": False, "detected": False, "marker": None,
                          "flipped": False}
    assert stack_ma(s, ["V-1", "chevy"], "chevy") == 12
    assert stack_ma(s, ["V-1", "chevy", "bofors"], "chevy") == 8
    assert stack_ma(s, ["V-1", "chevy"], None) == 6  # no nomination, no bonus


def test_10_5_squad_jeep_and_vickers_net_five() -> None:
    """E6: 4 + 4 - 3 = 5."""
    g = new()
    assert stack_ma(g.state, ["0-1", "jeep", "vickers"], "jeep") == 5


def test_12_2_awareness_adds_one_per_accomplished_mission() -> None:
    """E7: after two missions accomplished on this map, +2 on later noise checks."""
    g = arena({"0-1": ("squad", "0610")})
    s = g.state
    base, _ = hex_noise(s, NORWAY, "0610", stealthy=False)
    s["awareness"] = 2
    n, parts = hex_noise(s, NORWAY, "0610", stealthy=False)
    assert parts["awareness"] == 2 and n == base + 2
    assert new().state["awareness"] == 0  # a map starts at 0


def test_12_8_detection_draws_d6_enemies_each_with_its_own_drift() -> None:
    """E8: d6 = 3 -> three units drawn blind, each placed by its own direction and distance roll."""
    g = arena({"0-1": ("squad", "0620")}, bases={})
    s = g.state
    sim = list(s["cups"]["enemy"]["items"])
    units = ["rifle_section#1", "rifle_section#2", "jaeger_squad#1"]
    g.apply("move:0-1")
    g.apply("go")
    g.apply("to:0621")
    ch = g.chance
    ch.force_dice([1], sides=10)  # noise roll 1: always detected
    ch.force_dice([3])  # three enemy units
    drifts = [(1, 2), (3, 4), (5, 10)]
    for u, (d, n) in zip(units, drifts, strict=True):
        i = sim.index(u)  # the blind draw takes index i (swapped with the last, then popped)
        sim[i], sim[-1] = sim[-1], sim[i]
        sim.pop()
        ch.force([i])
        ch.force_dice([d])
        ch.force_dice([n], sides=10)
    g.apply("halt")
    want = [NORWAY.drift("0621", d, n) for d, n in drifts]
    placed = [s["enemies"].get(e) for e in units]
    assert placed == want
    assert s["pieces"]["0-1"]["detected"]
    assert any("d6 = 3 enemy units appear" in x for x in g.log_lines())


def test_13_0_step_3_woods_penalty_lowers_the_attackers_total_only() -> None:
    """E9: the defender's woods (-20) turns an attacker's 43 into 23; the defender's roll is not
    changed. Here: rifle section (20) rolls 3 -> 50, -20 = 30; squad 0-1 (20) rolls 1 -> 30."""
    assert NORWAY.penalty("0511") == -20
    # the attack's d6s, the marker draw, the gear-loss roll
    g = arena({"0-1": ("squad", "0511")}, enemies={"rifle_section#1": "0510"}, step="enemy_combat",
              rolls=(3, 1, ("draw", 0), 1), cups={"casualties": ["wounded#1"]})
    text = "\n".join(g.log_lines())
    assert "10x3 + 20 + terrain -20 = 30 against 10x1 + 20 = 30" in text
    assert "rifle_section#1" not in g.state["enemies"]  # tie: both lose (13.0 step 5)
    assert g.state["pieces"]["0-1"]["marker"] == "wounded#1"


def test_11_0_enemy_vehicle_crosses_a_river_hex_with_a_bridge() -> None:
    """E10: 0146 has a bridge: a vehicle is not halted there; 0144 (river, no bridge) halts it."""
    g = new()
    car = etype(g.state, "armoured_car#1")
    assert car.vehicle
    assert can_enter(g.state, NORWAY, car, "0246", "0146")
    assert not can_enter(g.state, NORWAY, car, "0244", "0144")
    rifle = etype(g.state, "rifle_section#1")
    assert can_enter(g.state, NORWAY, rifle, "0244", "0144")


def test_12_1_norway_clear_hex_uses_mountain_values() -> None:
    """E11: a clear non-ridge hex of the Norway map is mountain (MP 2)."""
    assert "clear" in NORWAY.features["0610"]
    assert NORWAY.terrains["0610"] == ("mountain",)
    assert NORWAY.hex_cost("0610") == 2
    assert NORWAY.noise("0610") == data.terrain()["mountain"].noise


@pytest.mark.parametrize(("name", "roll", "hexlab"), [("kill_rommel", 4, "2241"), ("blow_bridge", 6, "0146"),
                                                      ("blow_bridge", 1, "0145"), ("hit_hq", 3, "0134")])
def test_7_0_placement_table(name: str, roll: int, hexlab: str) -> None:
    assert data.placement()[name][1][(roll - 1) // 2] == hexlab


def test_7_0_placement_in_play_uses_the_d6() -> None:
    g2 = arena({"0-1": ("squad", "0505")}, step="mission_placement")
    s = g2.state
    assert s["mission"] is not None  # the arena drew one; check it against the table and its roll
    m = s["mission"]
    line = next(x for x in g2.log_lines() if x.startswith("7.0: Mission 1"))
    roll = int(line.split("d6 = ")[1].split(":")[0])
    assert data.placement()[m["id"]][1][(roll - 1) // 2] == m["hex"]


def test_7_0_objective_placed_on_a_base_is_accomplished_at_once() -> None:
    before = arena({"0-1": ("squad", "0610")}).state
    pp, cup = before["pp"], before["cups"]["missions"]["items"]
    g = arena({"0-1": ("squad", "0610")}, bases={"base-1": "0145"}, step="mission_placement",
              rolls=(("draw", cup.index("blow_bridge")), 1))  # d6 1: 0145, the base's hex
    s = g.state
    assert s["accomplished"] == 1 and s["pp"] == pp + 5 and s["awareness"] == 1
    assert any("Blow Bridge accomplished in 0145" in x for x in g.log_lines())
    assert s["mission"] is not None and s["mission"]["id"] != "blow_bridge"  # the next one is drawn


@pytest.mark.parametrize(("noise", "roll", "hit"), [(7, 0, False), (7, 1, True), (7, 7, True), (7, 8, False),
                                                    (-2, 1, True), (-2, 2, False), (-2, 0, False),
                                                    (0, 1, True)])
def test_12_0_noise_roll_zero_never_one_always(noise: int, roll: int, hit: bool) -> None:
    assert detected_by(roll, noise) is hit


def test_12_9_drift_lands_on_the_edge_at_exactly_ten() -> None:
    """Origin 10 hexes below the north edge, direction 1, d10 0 (= 10): the edge hex."""
    assert NORWAY.drift("0511", 1, 10) == "0501"


def test_12_9_drift_reverses_at_the_edge() -> None:
    """Origin 3 hexes from the north edge, d10 7: 3 to the edge, 4 back, 1 past the origin."""
    assert NORWAY.drift("0504", 1, 7) == "0505"
    assert NORWAY.drift("0505", 4, 2) == "0507"  # direction 4 is south
    assert NORWAY.drift("0505", 2, 1) == "0604"  # direction 2 is north-east (even columns sit lower)


def test_5_0_victory_assessment() -> None:
    """13 accomplished - 2 forfeited - 3 squads lost = 8: Reassignment."""
    s = {"accomplished": 13, "forfeited": 2, "squads_lost": 3, "excused": 0}
    assert score(s) == 8 and title(8) == "Reassignment"
    assert title(0) == "Court-martial" and title(-3) == "Court-martial" and title(24) == "Victoria Cross"
    assert title(5) == "Demotion" and title(23) == "Victoria Cross"
