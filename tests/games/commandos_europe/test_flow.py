"""The phases of a turn with forced dice: movement, missions, noise, escape, pursuit, combat,
casualties, suppression, naval gunfire, bases, purchases and bad input."""

from __future__ import annotations

from typing import Any

import pytest
from ce_helpers import arena, ids, new

from tactica import studio
from tactica.core.game import Game
from tactica.core.options import IllegalOption
from tactica.games.commandos_europe import enemy as E
from tactica.games.commandos_europe.geo import geo

NORWAY = geo("norway")


def test_10_8_minimum_move_uses_all_ma_and_is_stealthy() -> None:
    # 0-1 (MA 4) hauling the Bofors (-4): MA 0, yet it may enter one adjacent hex
    g = arena({"0-1": ("squad", "0610"), "bofors": ("gear", "0610")})
    g.apply("move:0-1")
    g.apply("add:bofors")
    g.apply("go")
    assert g.top()["mp"] == 0
    assert "to:0710" in ids(g)
    g.chance.force_dice([9], sides=10)
    g.apply("to:0710")
    assert g.decision() is not None and g.top().get("mp") is None  # the move ended by itself
    assert any("minimum move" in x for x in g.log_lines())
    assert any("(stealthy)" in x and "d10 = 9" in x for x in g.log_lines())


def test_7_1_mission_needs_a_squad_halting_with_the_gear() -> None:
    # Destroy Power Plant in 0745 needs demolitions
    g = arena({"0-1": ("squad", "0744")}, mission=("destroy_power_plant", "0745"))
    g.apply("move:0-1")
    g.apply("go")
    g.chance.force_dice([10], sides=10)  # noise roll 0: never detected
    g.apply("to:0745")
    g.apply("halt")
    assert g.state["accomplished"] == 0
    assert any("the mission needs demolitions" in x for x in g.log_lines())
    g = arena({"0-1": ("squad", "0744"), "demolitions": ("gear", "0744")},
              mission=("destroy_power_plant", "0745"))
    pp = g.state["pp"]
    g.apply("move:0-1")
    g.apply("add:demolitions")
    g.apply("go")
    g.chance.force_dice([10], sides=10)
    g.apply("to:0745")
    g.apply("halt")
    s = g.state
    assert s["accomplished"] == 1 and s["pp"] == pp + 6 and s["awareness"] == 1 and s["resolved"] == 1


def test_10_10_moving_through_the_objective_does_not_count() -> None:
    g = arena({"0-1": ("squad", "0744"), "demolitions": ("gear", "0744")},
              mission=("destroy_power_plant", "0745"))
    g.apply("move:0-1")
    g.apply("add:demolitions")
    g.apply("go")
    g.apply("to:0745")
    g.chance.force_dice([10], sides=10)
    g.apply("to:0844")  # MA 3: 1 + 2 spent, the move ends by itself
    assert g.state["accomplished"] == 0 and g.state["pieces"]["0-1"]["hex"] == "0844"


def test_7_2_forfeit_counts_as_one_of_six_and_excuses_squads_lost_on_it() -> None:
    g = arena({"0-1": ("squad", "0610"), "0-2": ("squad", "0610")}, mission=("hide_drop", "0217"))
    s = g.state
    s["lost_current"] = 1
    s["squads_lost"] = 1
    g.apply("forfeit")
    assert s["forfeited"] == 1 and s["resolved"] == 1 and s["excused"] == 1
    assert "forfeit" not in ids(g)


def test_12_4_escape_to_a_base_abandons_the_gear() -> None:
    g = arena({"0-1": ("squad", "0610"), "cdr-0": ("leader", "0610"), "bren": ("gear", "0610")})
    g.apply("move:0-1")
    g.apply("add:cdr-0")
    g.apply("add:bren")
    g.apply("go")
    g.chance.force_dice([1], sides=10)  # detected
    g.apply("to:0710")  # MA 3 (Bren -1), 2 spent: nothing left to enter, the move ends
    assert "escape:base-1" in ids(g) and "stay" in ids(g)
    g.apply("escape:base-1")
    s = g.state
    assert s["pieces"]["0-1"]["hex"] == "0505" and s["pieces"]["cdr-0"]["hex"] == "0505"
    assert "bren" not in s["pieces"] and not s["pieces"]["0-1"]["detected"] and not s["enemies"]


def test_12_4_no_escape_without_a_base() -> None:
    g = arena({"0-1": ("squad", "0610")}, bases={})
    g.apply("move:0-1")
    g.apply("go")
    g.apply("to:0710")
    g.chance.force_dice([1], sides=10)
    g.chance.force_dice([1])  # one enemy
    g.apply("halt")
    assert not any(o.startswith("escape") for o in ids(g))
    assert any("d6 = 1 enemy units appear" in x for x in g.log_lines())


def test_12_10_lower_cost_hex_wins_a_tie() -> None:
    g = new()
    s = g.state
    s["enemies"] = {"rifle_section#1": "0605"}
    # from 0605 towards 0805, 0705 (road from 0605) and 0706 are equally closer? pick by cost
    assert E.rank(s, NORWAY, "rifle_section#1", "0605", ["0705", "0706"]) == ["0705"]


def test_12_5_equal_cost_hex_closer_to_the_nearest_base_wins() -> None:
    g = new()
    s = g.state
    s["bases"]["base-1"] = "0505"
    got = E.rank(s, NORWAY, "rifle_section#1", "0510", ["0609", "0610"])
    assert got == ["0609"]  # both mountain (2 MP); 0609 is nearer the base in 0505


def test_12_5_player_breaks_a_full_tie() -> None:
    g = arena({"0-1": ("squad", "0710", {"detected": True})}, enemies={"rifle_section#1": "0510"},
              bases={}, step="enemy_move")
    assert g.decision() is not None
    assert sorted(ids(g)) == ["hex:0609", "hex:0610"]
    g.apply("hex:0610")
    assert g.state["enemies"]["rifle_section#1"] == "0610"


def test_12_5_player_picks_between_equally_close_squads() -> None:
    g = arena({"0-1": ("squad", "0710", {"detected": True}), "0-2": ("squad", "0310", {"detected": True})},
              enemies={"rifle_section#1": "0510"}, bases={}, step="enemy_move")
    assert sorted(ids(g)) == ["target:0310", "target:0710"]
    g.apply("target:0310")
    assert sorted(ids(g)) == ["hex:0409", "hex:0410"]  # then the hex tie, also the player's
    g.apply("hex:0410")
    assert g.state["enemies"]["rifle_section#1"] == "0410"


def test_10_6_static_and_already_adjacent_enemies_do_not_move() -> None:
    g = arena({"0-1": ("squad", "0710", {"detected": True})},
              enemies={"mg_nest#1": "0410", "rifle_section#1": "0610"}, bases={}, step="movement")
    g.state["stack"][-1] = {"step": "enemy_move", "args": {}}
    g.state["stack"].insert(1, {"step": "enemy_end", "args": {}})
    g.refresh()
    assert g.state["enemies"] == {"mg_nest#1": "0410", "rifle_section#1": "0610"}


def test_11_0_land_enemy_never_enters_all_sea() -> None:
    g = new()
    rifle = E.etype(g.state, "rifle_section#1")
    boat = E.etype(g.state, "e_boat#1")
    sea = next(lab for lab in NORWAY.labels if NORWAY.all_sea(lab) and lab[:2] == "20")
    land = next(n for n in NORWAY.labels if not NORWAY.has_sea(n))
    assert not E.can_enter(g.state, NORWAY, rifle, "1920", sea)
    assert E.can_enter(g.state, NORWAY, boat, "1920", sea)
    assert not E.can_enter(g.state, NORWAY, boat, "0101", land)
    assert not E.valid_placement(NORWAY, rifle, sea) and E.valid_placement(NORWAY, boat, sea)


def test_12_5_enemy_destroys_unoccupied_base_and_unstacked_gear() -> None:
    g = arena({"0-1": ("squad", "0710"), "radio": ("gear", "0505"), "cdr-0": ("leader", "0505")})
    g.state["enemies"]["rifle_section#1"] = "0505"
    E.arrive(g, "rifle_section#1", "0505", "12.5")
    s = g.state
    assert s["bases"]["base-1"] is None and "base-1" in s["destroyed"]
    assert "radio" not in s["pieces"] and "cdr-0" not in s["pieces"] and "cdr-0" in s["lost_leaders"]


def test_12_6_sweep_when_the_last_detected_squad_enters_a_base() -> None:
    g = arena({"0-1": ("squad", "0506", {"detected": True})}, enemies={"rifle_section#1": "0810"})
    g.apply("move:0-1")
    g.apply("go")
    g.apply("to:0505")
    g.apply("halt")
    s = g.state
    assert not s["enemies"] and "rifle_section#1" in s["cups"]["enemy"]["items"]
    assert not s["pieces"]["0-1"]["detected"]


def _enemy_attack(pieces: dict[str, Any], enemies: dict[str, str], dice: list[int], marker: str | None = None,
                  loss: int = 1) -> Game:
    """An enemy attack (9.0) with its d6s, then the casualties marker drawn and the gear-loss roll."""
    if marker is None:
        return arena(pieces, enemies=enemies, step="enemy_combat", rolls=tuple(dice))
    return arena(pieces, enemies=enemies, step="enemy_combat", rolls=(*dice, ("draw", 0), loss),
                 cups={"casualties": [marker]})


def test_13_3_anti_tank_gear_doubles_against_a_vehicle() -> None:
    g = _enemy_attack({"0-1": ("squad", "0610"), "boys": ("gear", "0610")}, {"armoured_car#1": "0710"},
                      [1, 1])
    assert any("10x1 + 40 (anti-tank doubled) = 50" in x for x in g.log_lines())  # 20 + 2 x 10
    g = _enemy_attack({"0-1": ("squad", "0610"), "boys": ("gear", "0610")}, {"rifle_section#1": "0710"},
                      [1, 1])
    assert any("10x1 + 30 = 40" in x for x in g.log_lines())


def test_13_1_second_casualty_eliminates_the_squad_and_its_line() -> None:
    g = _enemy_attack({"0-1": ("squad", "0610", {"marker": "shaken#1"}), "0-2": ("squad", "0310")},
                      {"jaeger_squad#1": "0710"}, [6, 1], marker="wounded#1", loss=1)
    s = g.state
    assert "0-1" not in s["pieces"] and s["squads_lost"] == 1
    assert {"E-1", "V-1"} <= set(s["ever"])  # its E and V successors leave the game
    assert sorted(s["cups"]["casualties"]["items"]) == ["shaken#1", "wounded#1"]


def test_13_1_commander_killed_takes_the_commander_not_a_squad() -> None:
    g = _enemy_attack({"0-1": ("squad", "0610"), "cdr-0": ("leader", "0610")}, {"jaeger_squad#1": "0710"},
                      [6, 1], marker="commander_killed#1")
    s = g.state
    assert "cdr-0" not in s["pieces"] and s["pieces"]["0-1"]["marker"] is None


def test_13_0_step_8_gear_loss_is_the_players_choice() -> None:
    g = _enemy_attack({"0-1": ("squad", "0610"), "bren": ("gear", "0610"), "radio": ("gear", "0610"),
                       "camera": ("gear", "0610")}, {"jaeger_squad#1": "0710"}, [6, 1], marker="wounded#1",
                      loss=2)
    assert sorted(ids(g)) == ["lose:bren", "lose:camera", "lose:radio"]
    g.apply("lose:camera")
    g.apply("lose:radio")
    assert "bren" in g.state["pieces"] and "radio" not in g.state["pieces"]


def test_5_0_last_squad_eliminated_is_immediate_defeat() -> None:
    g = _enemy_attack({"0-1": ("squad", "0610", {"marker": "shaken#1"})}, {"jaeger_squad#1": "0710"},
                      [6, 1], marker="wounded#1")
    assert g.is_terminal() and g.state["final"]["defeat"]
    assert "immediate defeat" in g.state["result"]["reason"]


def test_13_1_a_drawn_marker_ends_that_enemys_attacks() -> None:
    # the jaeger is next to two squad hexes; after its first attack draws a marker it stops
    g = _enemy_attack({"0-1": ("squad", "0610"), "0-2": ("squad", "0810")}, {"jaeger_squad#1": "0710"},
                      [6, 1], marker="wounded#1")
    attacks = [x for x in g.log_lines() if "jaeger_squad#1 (Jaeger squad) in 0710 attacks" in x]
    assert len(attacks) == 1


def test_13_0_friendly_attack_detects_and_draws_enemies() -> None:
    g = arena({"0-1": ("squad", "0610")}, enemies={"rifle_section#1": "0710"}, step="friendly_combat")
    assert "attack:0610:rifle_section#1" in ids(g)
    g.chance.force_dice([6, 1])  # 60 + 20 against 10 + 20: the enemy is eliminated
    g.chance.force_dice([1])  # combat noise: one enemy appears
    g.apply("attack:0610:rifle_section#1")
    s = g.state
    assert s["pieces"]["0-1"]["detected"]
    assert any("rifle_section#1 is eliminated" in x for x in g.log_lines())
    assert any("(combat): d6 = 1 enemy units appear" in x for x in g.log_lines())


def test_14_0_naval_gunfire_scatters_after_combat() -> None:
    g = arena({"0-1": ("squad", "0610"), "naval_gunfire": ("gear", "0610")},
              enemies={"rifle_section#1": "0710", "rifle_section#2": "0709"}, step="friendly_combat")
    g.chance.force_dice([6, 1])  # the attack wins
    g.chance.force_dice([1])  # scatter: direction 1 from 0710 is 0709
    g.apply("attack:0610:rifle_section#1")
    g.apply("fight")  # 9.0: the squad chooses to use the naval gunfire
    assert any("Naval gunfire scatter: d6 = 1 from 0710: 0709" in x for x in g.log_lines())
    assert any("rifle_section#2 is eliminated by the stray shells" in x for x in g.log_lines())


@pytest.mark.parametrize(("roll", "held"), [(4, True), (3, False)])
def test_15_0_suppression_succeeds_when_the_d6_beats_the_distance(roll: int, held: bool) -> None:
    g = arena({"0-1": ("squad", "0610", {"detected": True}), "bren": ("gear", "0610")},
              enemies={"rifle_section#1": "0613"}, bases={}, step="suppression")
    assert "fire:bren:rifle_section#1" in ids(g)
    g.apply("fire:bren:rifle_section#1")
    g.chance.force_dice([roll])
    g.apply("resolve")  # the turn plays on: the enemy phases, then its end (15.0: bren flips back)
    shot = studio.entries(g, "15.0")[0]
    assert (shot["w"], shot["r"], shot["res"] == "suppressed") == ("bren", roll, held)
    assert (g.state["enemies"]["rifle_section#1"] == "0613") is held  # 10.6: suppressed, it stays


def test_6_0_purchase_places_gear_in_a_base_and_not_twice() -> None:
    g = new()
    s = g.state
    pp = s["pp"]
    g.apply("buy:demolitions@base-1")
    assert s["pieces"]["demolitions"]["hex"] == "0505" and s["pp"] == pp - 3
    assert not any(o.startswith("buy:demolitions") for o in ids(g))
    assert all(int(o.split("(")[1].split(" ")[0]) <= s["pp"] for o in
               [x.label for x in g.legal_options() if x.id.startswith("buy:") and "@" in x.id])


def test_3_2_eliminated_squad_is_never_bought_again() -> None:
    g = new()
    s = g.state
    s["pp"] = 40
    s["ever"].append("A")
    g.refresh()
    assert not any(o.startswith("buy:A@") for o in ids(g)) and any(o.startswith("buy:B@") for o in ids(g))


def test_12_12_moving_a_base_costs_a_d10() -> None:
    g = new()
    s = g.state
    s["pp"] = 5
    g.chance.force_dice([10], sides=10)  # reads 10: more than 5 PP, the base stays
    g.apply("move_base:base-1")
    assert s["bases"]["base-1"] == "0505" and s["pp"] == 5
    g.chance.force_dice([3], sides=10)
    g.apply("move_base:base-1")
    assert s["pp"] == 2 and g.decision().step == "place_base"  # type: ignore[union-attr]


def test_3_1_base_never_in_or_next_to_a_building() -> None:
    g = new()
    s = g.state
    s["stack"].append({"step": "place_base", "args": {"base": "base-2", "col": "07", "rule": "12.11"}})
    g.refresh()
    hexes = {o.id[4:] for o in g.legal_options() if o.id.startswith("hex:")}
    assert "0705" not in hexes and "0704" not in hexes and "0710" in hexes


def test_11_1_all_sea_needs_a_blue_piece_and_boats_pay_one() -> None:
    coast = next(lab for lab in NORWAY.labels if NORWAY.coastal(lab) and not NORWAY.has(lab, "building")
                 and any(NORWAY.all_sea(n) for n in NORWAY.nbrs[lab]))
    sea = next(n for n in NORWAY.nbrs[coast] if NORWAY.all_sea(n))
    g = arena({"0-1": ("squad", coast)})
    g.apply("move:0-1")
    g.apply("go")
    assert f"to:{sea}" not in ids(g)
    g = arena({"0-1": ("squad", coast), "dinghy": ("gear", coast)})
    g.apply("move:0-1")
    g.apply("add:dinghy")
    g.apply("go")
    opt = next(o for o in g.legal_options() if o.id == f"to:{sea}")
    assert opt.args["cost"] == 1


def test_bad_input_is_refused_and_changes_nothing() -> None:
    g = arena({"0-1": ("squad", "0610")})
    before = repr(g.state)
    with pytest.raises(IllegalOption):
        g.apply("move:0-2")
    with pytest.raises(IllegalOption):
        g.apply("to:0101")
    assert repr(g.state) == before


def test_10_11_gear_stripped_in_an_all_sea_hex_is_lost() -> None:
    sea = next(lab for lab in NORWAY.labels
               if NORWAY.all_sea(lab) and not any(NORWAY.coastal(n) for n in NORWAY.nbrs[lab]))
    g = arena({"0-1": ("squad", sea), "dinghy": ("gear", sea), "radio": ("gear", sea)})
    g.apply("move:0-1")
    g.apply("add:dinghy")
    g.apply("go")  # the radio is stripped and stays in the sea: lost
    assert "radio" not in g.state["pieces"] and "dinghy" in g.state["pieces"]
    g = arena({"0-1": ("squad", "0610"), "radio": ("gear", "0610")})
    g.apply("move:0-1")
    g.apply("go")  # stripped on land: it stays there
    assert g.state["pieces"]["radio"]["hex"] == "0610"


def test_9_4_a_squad_in_a_base_uses_all_its_gear() -> None:
    from tactica.games.commandos_europe.stacks import usable_gear

    kit = ["bren", "radio", "camera", "mines", "demolitions", "boys", "piat", "mortar"]
    g = arena({"0-1": ("squad", "0505"), **{k: ("gear", "0505") for k in kit}})
    assert sorted(usable_gear(g.state, "0505", False)) == sorted(kit)
    g = arena({"0-1": ("squad", "0610"), **{k: ("gear", "0610") for k in kit}})
    used = usable_gear(g.state, "0610", False)
    assert len(used) == 6 and {"boys", "piat", "bren", "mortar"} <= set(used)  # the strongest six


def test_12_9_enemy_landing_on_an_undetected_squad_detects_it() -> None:
    g = arena({"0-1": ("squad", "0610"), "0-2": ("squad", "0612")}, bases={})
    s = g.state
    sim = s["cups"]["enemy"]["items"]
    g.chance.force_dice([1])  # one unit
    g.chance.force([sim.index("rifle_section#3")])
    g.chance.force_dice([4])  # direction 4: south
    g.chance.force_dice([2], sides=10)  # two hexes: onto 0612
    E.generate(g, NORWAY, "0610", "noise")
    assert s["enemies"]["rifle_section#3"] == "0612" and s["pieces"]["0-2"]["detected"]
    assert any("lands on undetected 0-2: it is detected" in x for x in g.log_lines())


def test_10_3_a_squad_halts_on_the_way_and_each_halt_hex_rolls_for_noise() -> None:
    g = arena({"0-1": ("squad", "0410"), "0-2": ("squad", "0410"), "jeep": ("gear", "0410")})
    g.apply("move:0-1")
    g.apply("add:0-2")
    g.apply("add:jeep")
    g.apply("go")
    g.apply("to:0510")
    assert "halt:0-2" in ids(g) and "halt:jeep" in ids(g)
    g.apply("halt:0-2")
    assert g.state["pieces"]["0-2"]["moved"] and g.state["pieces"]["0-2"]["hex"] == "0510"
    g.chance.force_dice([9, 8], sides=10)
    g.apply("to:0610")  # MA 4, all spent: the move ends
    noise = [x for x in g.log_lines() if x.startswith("12.0")]
    assert len(noise) == 2 and "Noise in 0510" in noise[0] and "(stealthy)" in noise[0]
    assert "Noise in 0610" in noise[1] and "(stealthy)" not in noise[1]
    assert "move:0-2" not in ids(g)  # halted pieces move no more this turn


def test_10_4_the_plus_bonus_leaves_with_its_piece() -> None:
    g = arena({"0-1": ("squad", "0410"), "jeep": ("gear", "0410")})
    g.apply("move:0-1")
    g.apply("add:jeep")
    g.apply("bonus:jeep")
    g.apply("go")  # MA 8
    g.apply("to:0510")  # mountain: 6 left
    g.apply("halt:jeep")
    assert g.top()["mp"] == 2


def test_terminal_description_shows_mission_pieces_and_enemies() -> None:
    g = arena({"0-1": ("squad", "0610", {"detected": True, "marker": "wounded#2"}),
               "radio": ("gear", "0610")}, enemies={"rifle_section#1": "0710"}, mission=("hide_drop", "0217"))
    text = g.rules.describe(g, 0)
    assert "Mission: Hide Drop in 0217 (3 PP, needs none)" in text
    assert "0610: 0-1!(wounded) radio" in text and "0710: <rifle_section#1>" in text
    assert "0505: [base-1]" in text


def test_drawing_shows_pieces_enemies_bases_mission_and_how_to_pick() -> None:
    g = arena({"0-1": ("squad", "0610", {"detected": True}), "radio": ("gear", "0610")},
              enemies={"armoured_car#1": "0710"}, mission=("hide_drop", "0217"))
    v = g.view(0)
    d = g.rules.drawing(g, 0, v)
    ps = {p["id"]: p for p in d["pieces"]}
    assert ps["0-1"]["hex"] == "0610" and "detected" in ps["0-1"]["flags"] and ps["0-1"]["side"] == 0
    assert ps["armoured_car#1"]["side"] == 1 and "vehicle" in ps["armoured_car#1"]["flags"]
    assert {"hex": "0505", "kind": "base"}.items() <= d["markers"][0].items()
    assert any(m["kind"] == "objective" and m["hex"] == "0217" for m in d["markers"])
    assert d["options"]["move:0-1"]["path"] == [{"unit": "0-1"}]
    g.apply("move:0-1")
    g.apply("go")
    d = g.rules.drawing(g, 0, g.view(0))
    assert d["options"]["to:0611"]["path"] == [{"hex": "0611"}]


def test_11_2_boat_borne_stack_in_a_coastal_hex_goes_on_by_water_or_lands() -> None:
    def fits(c: str) -> bool:
        ns = NORWAY.nbrs[c]
        return (NORWAY.coastal(c) and any(NORWAY.all_sea(n) for n in ns)
                and any(not NORWAY.has_sea(n) and not NORWAY.water(n) for n in ns)
                and sum(NORWAY.water(n) for n in ns) >= 2 and not NORWAY.has(c, "building"))

    coast = next(lab for lab in NORWAY.labels if fits(lab))
    sea = next(n for n in NORWAY.nbrs[coast] if NORWAY.all_sea(n))
    land = next(n for n in NORWAY.nbrs[coast] if not NORWAY.water(n))
    g = arena({"0-1": ("squad", sea), "dinghy": ("gear", sea)})
    g.apply("move:0-1")
    g.apply("add:dinghy")
    g.apply("go")
    g.apply(f"to:{coast}")
    steps = [o for o in ids(g) if o.startswith("to:")]
    assert f"to:{land}" not in steps and steps and all(NORWAY.water(o[3:]) for o in steps)


def test_12_10_boats_go_round_land_by_the_water() -> None:
    # a squad on the fjord's shore; an E-boat out at sea must stay on water all the way
    shore = next(lab for lab in NORWAY.labels if NORWAY.coastal(lab) and lab[2:] in ("36", "41")
                 and int(lab[:2]) < 12 and not NORWAY.has(lab, "building"))
    g = arena({"0-1": ("squad", shore, {"detected": True})}, enemies={"e_boat#1": "2530"}, bases={},
              step="enemy_move")
    while g.decision() is not None and g.decision().step == "enemy_move":  # type: ignore[union-attr]
        g.apply(g.legal_options()[0].id)
    path = [x.split("-> ")[1].split(" ")[0] for x in g.log_lines() if x.startswith("12.10: e_boat#1")]
    assert len(path) == 8  # MA 8, one MP a sea hex
    assert all(NORWAY.has_sea(h) for h in path)
    before = E.boat_distance(g.state, NORWAY, E.etype(g.state, "e_boat#1"), shore)
    assert before[path[-1]] == before["2530"] - 8


def test_reading_13_0_defender_gets_the_largest_penalty_of_its_terrains() -> None:
    assert NORWAY.terrains["0227"] == ("building", "woods")
    assert NORWAY.penalty("0227") == -30  # building -30 beats woods -20


def test_reading_12_8_an_empty_enemy_cup_gives_no_more_units() -> None:
    g = arena({"0-1": ("squad", "0610")}, bases={})
    g.state["cups"]["enemy"]["items"] = []
    g.chance.force_dice([4])
    E.generate(g, NORWAY, "0610", "noise")
    assert not g.state["enemies"] and any("enemy cup is empty" in x for x in g.log_lines())


def test_reading_12_5_other_detected_squads_stay_detected_when_one_reaches_a_base() -> None:
    g = arena({"0-1": ("squad", "0506", {"detected": True}), "0-2": ("squad", "0810", {"detected": True})},
              enemies={"rifle_section#1": "1010"})
    g.apply("move:0-1")
    g.apply("go")
    g.apply("to:0505")
    g.apply("halt")
    s = g.state
    assert not s["pieces"]["0-1"]["detected"] and s["pieces"]["0-2"]["detected"]
    assert s["enemies"] == {"rifle_section#1": "1010"}  # no sweep: 0-2 is still out and detected


def test_13_1_the_player_picks_which_of_two_commanders_is_killed() -> None:
    g = _enemy_attack({"0-1": ("squad", "0610"), "cdr-0": ("leader", "0610"), "cdr-P": ("leader", "0610")},
                      {"jaeger_squad#1": "0710"}, [6, 1], marker="commander_killed#2")
    assert sorted(ids(g)) == ["leader:cdr-0", "leader:cdr-P"]
    g.apply("leader:cdr-P")
    assert "cdr-P" not in g.state["pieces"] and "cdr-0" in g.state["pieces"]


def test_13_0_attack_odds_are_exact() -> None:
    # 0-1 (20) against a rifle section (20) in mountain (-10): A = 10a + 10, D = 10d + 20
    g = arena({"0-1": ("squad", "0610")}, enemies={"rifle_section#1": "0710"}, step="friendly_combat")
    o = g.rules.odds(g, 0, "attack:0610:rifle_section#1")
    assert o is not None
    p = [x["p"] for x in o["outcomes"]]
    assert p == [10 / 36, 5 / 36, 21 / 36]  # a >= d + 2: 10 pairs; a = d + 1: 5; the rest: 21
    assert g.rules.odds(g, 0, "done") is None
