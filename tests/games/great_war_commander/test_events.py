"""Great War Commander's Events E56-E97 (the rule numbers in the test names): each registered
Event's effect and its limits, run as an Event! trigger runs it (cards_helpers.event), and the
Support Table procedure of E72/E87/E91 and A45.3."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.game import Game
from tactica.games.great_war_commander._schema import EVENTS
from tactica.games.great_war_commander.rules import GreatWarCommanderRules

from .cards_helpers import (
    ENT,
    GER,
    card_with,
    choose,
    event,
    game,
    held,
    hexes_of,
    opts,
    scene,
    settle,
    top,
)
from .gwc_helpers import pass_windows
from .test_actions import far_hexes

NOT_YET: set[str] = set()


def text(g: Game) -> str:
    return "\n".join(g.log_lines())


def unit(g: Game, uid: str) -> dict:
    return g.state["units"][uid]


def spare(p: studio.Position, look: Game, near: str) -> None:
    """One unit per side far away, so neither side runs out of units (``look``: a game on the
    same map, to find the hexes)."""
    far = far_hexes(look, near)
    p.unit(GER, "ger-landwehr", far[0])
    p.unit(ENT, "fr-poilus", far[1])


def open_scene(scenario: str = "frontieres_1914") -> tuple[Game, studio.Position, str]:
    """``scenario`` with no unit yet but the :func:`spare` ones, and an Open Ground hex for the
    test's units: (a game on that map to find hexes with, the position, the hex)."""
    look = game(scenario)
    p = scene(scenario)
    h = hexes_of(look, "open_ground")[8]
    spare(p, look, h)
    return look, p, h


def leader(g: Game, nation: str) -> str:
    return next(u.id for u in g.rules.components.of_nation(nation, "leader") if u.special != "hero")


def test_E56_every_event_registered_with_its_gwc_number() -> None:
    r = GreatWarCommanderRules()
    for name, rule in EVENTS.items():
        assert r.events[name].rule == rule, name
        assert r.events[name].implemented == (name not in NOT_YET), name


def test_E57_air_support_suppresses_the_units_of_a_hex_and_breaks_them_for_germany_from_1917() -> None:
    look, p, h = open_scene()
    a = p.unit(GER, "ger-landwehr", h)
    ldr = p.unit(GER, leader(look, "Germany"), h)
    g = p.game(seed=1)
    event(g, ENT, "Air Support")
    choose(g, f"hex:{h}")
    assert unit(g, a)["suppressed"] and not unit(g, a)["broken"] and not unit(g, ldr)["suppressed"]
    _look2, p2, h2 = open_scene("soissons_tanks_1918")
    b = p2.unit(ENT, "fr-poilus", h2)
    g2 = p2.game(seed=1)
    event(g2, GER, "Air Support")
    choose(g2, f"hex:{h2}")
    while not held(g2):
        choose(g2, opts(g2)[-1])
    assert unit(g2, b)["broken"]


def test_E58_auftragstaktik_moves_a_leader_and_his_units_to_an_adjacent_hex() -> None:
    look, p, h = open_scene()
    a = p.unit(GER, "ger-landwehr", h)
    ldr = p.unit(GER, leader(look, "Germany"), h)
    g = p.game(seed=1)
    event(g, GER, "Auftragstaktik")
    choose(g, f"hex:{h}")
    to = opts(g)[0].split(":")[1]
    choose(g, f"hex:{to}")
    assert unit(g, a)["hex"] == unit(g, ldr)["hex"] == to and held(g)
    assert f"move from {h} to {to}" in text(g)  # the log renders for every seat


def blaze_pairs(g: Game, direction: int) -> list[tuple[str, str]]:
    """(hex, its neighbour towards compass ``direction``) for every hex of the map."""
    from tactica.core.hexgrid import neighbor
    from tactica.games.commander_family.board_state import label_map
    from tactica.games.commander_family.events_map import COMPASS

    b = g.rules.board(g)
    m = label_map(b)
    return [(h, b.label(n)) for h in sorted(m) if (n := neighbor(m[h], COMPASS[direction])) in b.index]


def test_E59_battlefield_attrition_vp_then_smoke_and_gas_go_then_blaze_spreads_to_woods_only() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    g = p.game(seed=1)
    g.state["sides"][ENT]["casualties"].extend(["x1", "x2"])
    g.state["gas"] = ["C3"]
    g.state["smoke"]["D4"] = 2
    woods, opened = set(hexes_of(g, "woods")), set(hexes_of(g, "open_ground"))
    cid = card_with(g, GER, event="Battlefield Attrition / Breeze")
    pairs = blaze_pairs(g, g.rules.card(cid).direction)
    to_woods = next((h, t) for h, t in pairs if t in woods and h not in woods)
    to_open = next((h, t) for h, t in pairs if t in opened and t != to_woods[0] and h != to_woods[1])
    g.state["blaze"] = [to_woods[0], to_open[0]]
    vp = g.state["vp"]
    event(g, GER, "Battlefield Attrition / Breeze", cid)
    assert g.state["vp"] == vp + 2  # Germany is seat 0: + on the track
    assert g.state["gas"] == [] and g.state["smoke"] == {}
    assert to_woods[1] in g.state["blaze"] and to_open[1] not in g.state["blaze"]
    assert {"E59"} <= {e[0] for e in g.log}


def test_E60_blaze_goes_to_the_building_or_woods_hex_nearest_the_random_hex() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    g = p.game(seed=1)
    from tactica.games.commander_family.board_state import hex_distance

    og = hexes_of(g, "open_ground")
    burn = hexes_of(g, "woods") + hexes_of(g, "building")
    on_cards = {g.rules.card(c).hex for c in g.rules.components.decks["France"]}
    h = next(x for x in og if x in on_cards and len([b for b in burn if hex_distance(g, x, b) == min(
        hex_distance(g, x, c) for c in burn)]) == 1)
    want = min(burn, key=lambda b: hex_distance(g, h, b))
    top(g, ENT, card_with(g, ENT, hex=h))
    event(g, ENT, "Blaze")
    assert g.state["blaze"] == [want]


def test_E62_captured_papers_discard_one_then_reveal_a_secret_chit_blind() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    cards = [c for c in look.rules.components.decks["France"]][:2]
    p.hand(ENT, cards)
    g = p.game(seed=1)
    chit = next(c for c in g.state["chit_pool"] if g.rules.chit(c).secret_side)
    g.state["chit_pool"].remove(chit)
    g.state["sides"][ENT]["chits_secret"] = [chit]
    event(g, GER, "Captured Papers")
    assert "none" not in opts(g) and len(opts(g)) == 2  # a discard is compulsory
    choose(g, f"card:{cards[0]}")
    assert opts(g) == ["chit:1"]  # blind: a position, not the chit
    choose(g, "chit:1")
    assert cards[0] in g.state["sides"][ENT]["deck"]["discard"] and chit in g.state["chits_open"]


def test_E64_detachment_a_team_takes_the_platoons_weapon() -> None:
    look, p, h = open_scene()
    pl = p.unit(GER, "ger-infanterie-1914", h, broken=True, suppressed=True, weapon="ger-mg08")
    p.unit(GER, leader(look, "Germany"), h)
    g = p.game(seed=1)
    mg = unit(g, pl)["weapon"]
    event(g, GER, "Detachment")
    choose(g, f"unit:{pl}")
    team = next(u for u in g.state["units"] if u.startswith("germany-d"))
    assert unit(g, team)["weapon"] == mg and unit(g, pl)["weapon"] is None
    assert unit(g, team)["broken"] and not unit(g, team)["suppressed"] and unit(g, team)["hex"] == h


def test_E66_en_avant_rally_a_unit_or_raise_the_surrender_level() -> None:
    _look, p, h = open_scene()
    a = p.unit(ENT, "fr-poilus", h, broken=True)
    g = p.game(seed=1)
    event(g, ENT, "En Avant")
    assert set(opts(g)) == {f"unit:{a}", "surrender"}
    choose(g, f"unit:{a}")
    assert not unit(g, a)["broken"]
    before = g.state["sides"][ENT]["surrender"]
    event(g, ENT, "En Avant")
    choose(g, "surrender")
    assert g.state["sides"][ENT]["surrender"] == before + 1


def _french_tank_hit_by(seat: int, name: str) -> tuple[Any, str]:
    """A French Tank alone on soissons_tanks_1918's open ground at the Random Hex of the next
    card, and ``seat``'s Event ``name`` played on it: the game and the Tank's id."""
    look, p, h = open_scene("soissons_tanks_1918")
    tank = next(u.id for u in look.rules.components.units.values()
                if u.nation == "France" and u.type == "tank")
    t = p.unit(ENT, tank, h)
    p.deck(seat, top=[card_with(look, seat, hex=h)])
    g = p.game(seed=1)
    event(g, seat, name)
    return g, t


def test_E67_engine_down_breaks_the_tank_nearest_the_random_hex() -> None:
    g, t = _french_tank_hit_by(GER, "Engine Down")
    assert unit(g, t)["broken"]


def test_E68_fatigue_suppresses_the_friendly_hex_closest_to_the_enemy_edge() -> None:
    from tactica.games.commander_family.board_state import enemy_edge_hexes, hex_distance

    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    edge = enemy_edge_hexes(look, GER)
    og = hexes_of(look, "open_ground")
    d = {h: min(hex_distance(look, h, e) for e in edge) for h in og}
    near = min(og, key=lambda h: (d[h], h))
    far = max(og, key=lambda h: (d[h], h))
    a = p.unit(GER, "ger-landwehr", near)
    b = p.unit(GER, "ger-landwehr", far)
    g = p.game(seed=1)
    event(g, GER, "Fatigue")
    while not held(g):
        choose(g, f"hex:{near}")
    assert unit(g, a)["suppressed"] and not unit(g, b)["suppressed"]


def test_E69_field_promotion_veteran_on_a_leader_only() -> None:
    look, p, h = open_scene()
    ldr = p.unit(GER, leader(look, "Germany"), h)
    g = p.game(seed=1)
    event(g, GER, "Field Promotion")
    assert opts(g) == [f"unit:{ldr}"]
    choose(g, f"unit:{ldr}")
    assert unit(g, ldr)["veteran"]


def test_E72_infiltration_steps_toward_the_red_x_until_every_item_is_free() -> None:
    """E72 step 2: row 7 (a Landwehr) has none left in the countermix, so the next row toward the
    Red X (8: an Abteilung; Infiltration takes no Telephone) gives the reinforcement."""
    from tactica.games.great_war_commander import support
    from tactica.games.great_war_commander.countermix import free_units

    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    for _i in range(free_units(p.game(seed=1), "ger-landwehr")):  # the countermix emptied
        p.unit(GER, "ger-landwehr", "H6")
    g = p.game(seed=1)
    assert free_units(g, "ger-landwehr") == 0
    got = support.select(g, GER, 7, telephones=False, rule="E72")
    assert [i["formation"] for i in got] == ["ger-abteilung"]
    assert support.select(g, GER, 12, telephones=False, rule="E72") == []  # the Red X
    assert "one row toward the Red X" in text(g) and "is the Red X: nothing arrives" in text(g)


def test_R9_S98_2_a_support_roll_of_12_plus_one_reads_the_red_x_row() -> None:
    """S98.2 allows +1 on any roll: Infiltration's Support Table roll of 6-6 with Germany's
    Strategy Card played is 13, read on the last row (the Red X, reading R9), and the Event ends
    with nothing arriving."""
    from tactica.games.great_war_commander.countermix import free_units

    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    g = p.game(seed=1)
    for seat in (GER, ENT):
        sd = g.state["sides"][seat]
        sd["sc_draw"].extend(sd["sc_hand"])
        sd["sc_hand"].clear()
    ger = g.state["sides"][GER]
    sc = ger["sc_draw"].pop(0)
    ger["sc_hand"].append(sc)
    ger["sc_drawn"] = int(g.state["turn"]) - 1
    before = free_units(g, "ger-landwehr")
    top(g, GER, card_with(g, GER, white=6, colored=6))
    rules: Any = g.rules
    g.push("hold")
    rules.events["Infiltration"].run(g, GER, card_with(g, GER, event="Infiltration"))
    g.refresh()
    pass_windows(g, ("initiative",))
    assert g.decision().step == "sc_modifier" and g.decision().seat == GER
    choose(g, f"sc:{sc}")
    assert "Support Table roll 13 is off the table: row 12 is read" in text(g)
    assert "is the Red X: nothing arrives" in text(g)
    assert held(g) and free_units(g, "ger-landwehr") == before


def test_E87_reinforcements_a_telephone_replaces_the_one_in_the_artillery_box() -> None:
    """E87 step 3 (verdun_gas_1916: Germany's Telephone 10 in its box): row 8 brings the
    Telephone 8, which replaces it; row 2-3's Telephone 10 is not in the countermix (it is in the
    box), so that row is passed over toward the Red X (step 2)."""
    from tactica.games.great_war_commander import artillery, support

    look = game("verdun_gas_1916")
    p = scene("verdun_gas_1916")
    spare(p, look, "H6")
    g = p.game(seed=1)
    assert artillery.telephone_of(g, GER)["type"] == "ger-tel-10"
    assert artillery.free_telephones(g, "ger-tel-10") == 0
    got = support.select(g, GER, 2, telephones=True, rule="E87")
    assert all(i.get("telephone") != "ger-tel-10" for i in got) and "Red X" in text(g)
    g.state["barrages"][GER] = {"sr": "H6", "impacts": ["H5", "H7"]}
    g.push("hold")
    support._support_roll(g, {"seat": GER, "rule": "E87", "roll": {"total": 8}, "kind": "Reinforcements",
                              "telephones": True, "where": "edge", "suppress": False}, None)
    assert artillery.telephone_of(g, GER) == {"type": "ger-tel-8", "broken": False, "space": "local"}
    assert g.state["barrages"][GER] is None
    assert "E87: Germany Telephone ger-tel-8 (FP 8) is placed in its Artillery Box" in text(g)


def test_E73_intelligence_the_receiver_must_discard_one_enemy_card() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    cards = list(look.rules.components.decks["Germany"][:3])
    p.hand(GER, cards)
    g = p.game(seed=1)
    event(g, ENT, "Intelligence")
    assert sorted(opts(g)) == sorted(f"card:{c}" for c in cards)
    choose(g, f"card:{cards[1]}")
    assert cards[1] in g.state["sides"][GER]["deck"]["discard"] and held(g)


def test_E76_machine_gun_nest_only_from_the_card_date() -> None:
    look, p, h = open_scene()
    a = p.unit(GER, "ger-landwehr", h)
    cid = card_with(look, GER, event="Machine Gun Nest")
    date = look.rules.card(cid).date
    g = p.game(seed=1)
    g.state["date"] = "1914-08"
    event(g, GER, "Machine Gun Nest", cid)
    if date and date > "1914-08":
        assert held(g) and "E76.1" in text(g)
    g.state["date"] = "1918-06"
    event(g, GER, "Machine Gun Nest", cid)
    assert any(o.startswith(f"arm:{a}:") for o in opts(g))
    choose(g, next(o for o in opts(g) if o.startswith(f"arm:{a}:")))
    assert unit(g, a)["weapon"] is not None


def test_E77_malfunction_a_nearest_tank_is_suppressed() -> None:
    g, t = _french_tank_hit_by(GER, "Malfunction")
    assert unit(g, t)["suppressed"] and not unit(g, t)["broken"]


def test_E81_new_mission_a_chit_and_a_strategy_card_if_none_held() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    g = p.game(seed=1)
    sd = g.state["sides"][GER]
    sd["sc_draw"].extend(sd["sc_hand"])
    sd["sc_hand"].clear()
    secret, openc = len(sd["chits_secret"]), len(g.state["chits_open"])
    event(g, GER, "New Mission")
    assert len(sd["sc_hand"]) == 1
    assert len(sd["chits_secret"]) + len(g.state["chits_open"]) == secret + openc + 1


def test_E83_raid_breaks_an_enemy_unit_within_two_hexes_of_a_unit_with_a_leader() -> None:
    from tactica.games.commander_family.board_state import hex_distance

    look, p, h = open_scene()
    p.unit(GER, "ger-landwehr", h)
    p.unit(GER, leader(look, "Germany"), h)
    near = next(x for x in hexes_of(look, "open_ground") if hex_distance(look, h, x) == 2)
    far = next(x for x in hexes_of(look, "open_ground") if hex_distance(look, h, x) == 4)
    e1 = p.unit(ENT, "fr-poilus", near)
    e2 = p.unit(ENT, "fr-poilus", far)
    g = p.game(seed=1)
    event(g, GER, "Raid")
    assert f"unit:{e1}" in opts(g) and f"unit:{e2}" not in opts(g)
    choose(g, f"unit:{e1}")
    while not held(g):
        choose(g, opts(g)[-1])
    assert unit(g, e1)["broken"]


def test_E85_recall_leader_goes_to_the_next_time_space_in_good_order() -> None:
    look, p, h = open_scene()
    ldr = p.unit(GER, leader(look, "Germany"), h, suppressed=True, veteran=True)
    g = p.game(seed=1)
    event(g, GER, "Recall Leader")
    space = int(g.state["time"]["space"]) + 1
    assert unit(g, ldr)["where"] == "time_track" and ldr in g.state["reinforcements"][str(space)]
    assert not unit(g, ldr)["suppressed"] and not unit(g, ldr)["veteran"]


def test_E89_sappers_place_or_remove_wire_next_to_a_good_order_unit() -> None:
    from tactica.games.commander_family import fortifications as fam

    look, p, h = open_scene()
    p.unit(GER, "ger-landwehr", h)
    near = sorted(h2 for h2 in look.rules.adjacent_hexes(look, h) if fam.refusal(look, h2, "wire") is None)
    p.unit(ENT, "fr-poilus", near[1])  # enemy there: no Wire
    g = p.game(seed=1)
    fam.table(g)[near[2]] = "wire"
    event(g, GER, "Sappers")
    assert f"place:{near[0]}" in opts(g) and f"remove:{near[2]}" in opts(g)
    assert not any(near[1] in o for o in opts(g))
    choose(g, f"place:{near[0]}")
    assert fam.kind_at(g, near[0]) == "wire" and "E89: Wire placed in" in text(g)
    event(g, GER, "Sappers")
    choose(g, f"remove:{near[2]}")
    assert fam.kind_at(g, near[2]) is None and held(g)
    for x in g.state["units"].values():
        if x["seat"] == GER:
            x["suppressed"] = True  # no Unit in Good Order: nothing to do
    event(g, GER, "Sappers")
    assert held(g) and "No effect" in text(g).splitlines()[-1]


def test_E90_scrounge_only_the_receivers_own_weapons() -> None:
    from tactica.games.commander_family.state import new_weapon

    _look, p, h = open_scene()
    p.unit(GER, "ger-landwehr", h)
    w = new_weapon("ger-mg08", GER, None)
    g = p.game(seed=1)
    w["where"] = "casualties"
    g.state["weapons"]["dead-mg"] = w
    g.state["sides"][GER]["casualty_weapons"].append("dead-mg")
    event(g, ENT, "Scrounge")
    assert held(g) and "E90" in text(g)  # France may not take the German MG
    event(g, GER, "Scrounge")
    assert "weapon:dead-mg" in opts(g)


def test_E91_stragglers_arrive_suppressed_near_the_random_hex() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    h = hexes_of(look, "open_ground")[3]
    rules = look.rules
    roll = next(c for c in rules.components.decks["Germany"]
                if rules.card(c).white + rules.card(c).colored == 7 and rules.card(c).trigger is None)
    g = p.deck(GER, top=[roll, card_with(look, GER, hex=h, avoid=(roll,))]).game(seed=1)
    before = set(g.state["units"])
    event(g, GER, "Stragglers")
    while not held(g):
        choose(g, opts(g)[0])
    new = [u for u in g.state["units"] if u not in before]
    assert new and all(unit(g, u)["suppressed"] for u in new)


def test_E93_surrender_a_broken_unit_next_to_an_enemy() -> None:
    look, p, h = open_scene()
    a = p.unit(GER, "ger-landwehr", h, broken=True)
    n = sorted(look.rules.adjacent_hexes(look, h))[0]
    p.unit(ENT, "fr-poilus", n)
    g = p.game(seed=1)
    event(g, GER, "Surrender")
    choose(g, f"unit:{a}")
    assert unit(g, a)["where"] == "casualties"


def test_E94_telephone_wires_cut_breaks_then_eliminates_the_enemy_telephone() -> None:
    from tactica.games.great_war_commander import artillery

    g = game("verdun_gas_1916")
    g.state["barrages"][ENT] = {"sr": "H6", "impacts": ["H5", "H7"]}
    event(g, GER, "Telephone Wires Cut")
    assert artillery.telephone_of(g, ENT)["broken"] and g.state["barrages"][ENT] is None
    assert not artillery.telephone_of(g, GER)["broken"]
    event(g, GER, "Telephone Wires Cut")
    assert artillery.telephone_of(g, ENT) is None and "E94" in text(g)
    event(g, GER, "Telephone Wires Cut")
    assert "No effect" in text(g).splitlines()[-1]


def test_E94_an_artillery_attack_under_way_runs_to_its_end_before_the_cut() -> None:
    from tactica.games.great_war_commander import artillery

    g = game("verdun_gas_1916")
    g.push("hold")
    g.push("artillery_request", seat=ENT, phase="impact", rule="O19", spotter=None, runner=None,
           space="local", sr="H6", range=0, hindrance=0, hit=True, gas=False, registered=False,
           area=[], done=[], vacant_done=False)
    artillery.cut_wires(g, ENT, "E94")
    assert not artillery.telephone_of(g, ENT)["broken"]  # not yet: the attack goes on
    g.refresh()
    settle(g)
    assert held(g) and artillery.telephone_of(g, ENT)["broken"]
    lines = text(g).splitlines()
    assert lines.index("O19.2.1.4.2: The barrage is over: the Spotting Round is removed") < len(lines) - 1
    assert any(x.startswith("E94:") and "breaks" in x for x in lines)


def test_E95_trommelfeuer_eliminates_tanks_and_breaks_units_in_three_hexes() -> None:
    look, p, h = open_scene("soissons_tanks_1918")
    tank = next(u.id for u in look.rules.components.units.values()
                if u.nation == "France" and u.type == "tank")
    t = p.unit(ENT, tank, h)
    a = p.unit(GER, "ger-landwehr", sorted(look.rules.adjacent_hexes(look, h))[0])
    p.deck(GER, top=[card_with(look, GER, hex=h)])
    g = p.game(seed=1)
    event(g, GER, "Trommelfeuer")
    pick = next(o for o in opts(g) if sorted(g.rules.adjacent_hexes(g, h))[0] in o)
    choose(g, pick)
    while not held(g):
        choose(g, opts(g)[-1])
    assert unit(g, t)["where"] == "casualties" and unit(g, a)["broken"]
    assert f"Shellhole marker placed in {h}" in text(g)


def test_E95_trommelfeuer_downgrades_trench_building_and_open_ground() -> None:
    """Step 3, no roll: the Trench becomes Foxholes, Open Ground a Shellhole; a Building becomes
    Rubble, a Pillbox Rubble, Wire goes and leaves a Shellhole (reading R33)."""
    from tactica.games.commander_family import fortifications as fam
    from tactica.games.great_war_commander import terrain_state

    look, p, h = open_scene()
    near = sorted(look.rules.adjacent_hexes(look, h))
    n0, n1 = near[0], near[1]
    g = p.marker("trench", n0).deck(GER, top=[card_with(look, GER, hex=h)]).game(seed=1)
    event(g, GER, "Trommelfeuer")
    choose(g, next(o for o in opts(g) if n0 in o and n1 in o))
    while not held(g):
        choose(g, opts(g)[-1])
    assert fam.kind_at(g, n0) == "foxholes" and terrain_state.marker(g, h) == "shellhole"
    assert "E95" in text(g) and "not carried out" not in text(g)
    b, o1, o2 = hexes_of(g, "building")[0], *hexes_of(g, "open_ground")[20:22]
    fam.table(g)[o1] = "pillbox"
    fam.table(g)[o2] = "wire"
    for x in (b, o1, o2):
        terrain_state.bombard(g, x, "E95")
    assert terrain_state.marker(g, b) == "rubble" and terrain_state.marker(g, o1) == "rubble"
    assert fam.kind_at(g, o2) is None and terrain_state.marker(g, o2) == "shellhole"


def test_E96_valor_veteran_on_a_unit_next_to_an_enemy() -> None:
    look, p, h = open_scene()
    a = p.unit(GER, "ger-landwehr", h)
    p.unit(ENT, "fr-poilus", sorted(look.rules.adjacent_hexes(look, h))[0])
    g = p.game(seed=1)
    event(g, GER, "Valor")
    choose(g, f"unit:{a}")
    assert unit(g, a)["veteran"]


def test_E97_walking_wounded_returns_broken_in_or_next_to_the_random_hex() -> None:
    look, p, h = open_scene()
    a = p.unit(ENT, "fr-poilus", h)
    g = p.deck(GER, top=[card_with(look, GER, hex=h)]).game(seed=1)
    unit(g, a).update(where="casualties", hex=None)
    g.state["sides"][ENT]["casualties"].append(a)
    event(g, GER, "Walking Wounded")
    choose(g, f"unit:{a}")
    choose(g, f"hex:{h}")
    assert unit(g, a)["where"] == "map" and unit(g, a)["broken"] and unit(g, a)["hex"] == h


def test_A45_3_hidden_unit_after_a_pass_with_discards_in_the_setup_area() -> None:
    from tactica.games.commander_family.actions import open_windows
    from tactica.games.commander_family.event_steps import setup_area

    look = game("frontieres_1914")  # Germany defends
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    hu = card_with(look, GER, action="Hidden Unit")
    p.hand(GER, [hu])
    rules = look.rules
    roll = next(c for c in rules.components.decks["Germany"]
                if rules.card(c).white + rules.card(c).colored == 7 and rules.card(c).trigger is None
                and c != hu)
    g = p.deck(GER, top=[roll]).game(seed=1)
    g.push("hold")
    open_windows(g, "after_pass_discard", {"discards": 1}, seats=(GER,))
    g.refresh()
    choose(g, f"action:{hu}")
    before = set(g.state["units"])
    while not held(g):
        choose(g, opts(g)[0])
    new = [u for u in g.state["units"] if u not in before]
    assert new and all(unit(g, u)["hex"] in setup_area(g, GER) for u in new)
    assert "A45.3" in text(g)


def test_E75_kia_eliminates_a_broken_formation_of_either_side() -> None:
    _look, p, h = open_scene()
    a = p.unit(ENT, "fr-poilus", h, broken=True)
    g = p.game(seed=1)
    event(g, GER, "KIA")
    assert f"unit:{a}" in opts(g)
    choose(g, f"unit:{a}")
    assert unit(g, a)["where"] == "casualties" and "E75" in {e[0] for e in g.log}


def test_E70_hero_enters_a_friendly_hex_and_may_rally_there() -> None:
    _look, p, h = open_scene()
    a = p.unit(ENT, "fr-poilus", h, broken=True)
    g = p.game(seed=1)
    event(g, ENT, "Hero")
    choose(g, f"hex:{h}")
    hero = next(u for u, x in g.state["units"].items() if g.rules.unit_type(x["type"]).special == "hero"
                and x["hex"] == h)
    assert opts(g) == [f"unit:{a}", "none"]
    choose(g, f"unit:{a}")
    assert hero and not unit(g, a)["broken"]


def test_E78_marseillaise_rallies_every_french_unit_and_leader_in_one_hex() -> None:
    look, p, h = open_scene()
    a = p.unit(ENT, "fr-poilus", h, broken=True)
    ldr = p.unit(ENT, leader(look, "France"), h, broken=True)
    g = p.game(seed=1)
    event(g, ENT, "Marseillaise")
    choose(g, f"hex:{h}")
    assert not unit(g, a)["broken"] and not unit(g, ldr)["broken"]


def test_E79_meccano_mends_a_friendly_tank() -> None:
    look, p, h = open_scene("soissons_tanks_1918")
    tank = next(u.id for u in look.rules.components.units.values()
                if u.nation == "France" and u.type == "tank")
    t = p.unit(ENT, tank, h, broken=True, suppressed=True)
    g = p.game(seed=1)
    event(g, ENT, "Meccano")
    assert set(opts(g)) == {f"unsuppress:{t}", f"rally:{t}"}
    choose(g, f"rally:{t}")
    assert not unit(g, t)["broken"] and unit(g, t)["suppressed"]


def test_E80_mobile_firepower_a_chauchat_from_may_1916() -> None:
    _look, p, h = open_scene()
    a = p.unit(ENT, "fr-poilus", h)
    g = p.game(seed=1)
    event(g, ENT, "Mobile Firepower")
    assert held(g) and "E80.1" in text(g)
    g.state["date"] = "1916-05"
    event(g, ENT, "Mobile Firepower")
    arm = next(o for o in opts(g) if o.startswith(f"arm:{a}:"))
    choose(g, arm)
    assert "chauchat" in g.state["weapons"][unit(g, a)["weapon"]]["type"]


def test_E82_petard_raquette_breaks_an_enemy_next_to_a_french_unit_in_good_order() -> None:
    look, p, h = open_scene()
    p.unit(ENT, "fr-poilus", h)
    e = p.unit(GER, "ger-landwehr", sorted(look.rules.adjacent_hexes(look, h))[0])
    g = p.game(seed=1)
    event(g, ENT, "Pétard-Raquette")
    choose(g, f"unit:{e}")
    while not held(g):
        choose(g, opts(g)[-1])
    assert unit(g, e)["broken"]


def test_E86_reconnaissance_a_blind_pick_opens_an_enemy_chit() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    spare(p, look, "H6")
    g = p.game(seed=1)
    chits = [c for c in g.state["chit_pool"] if g.rules.chit(c).secret_side][:2]
    for c in chits:
        g.state["chit_pool"].remove(c)
    g.state["sides"][ENT]["chits_secret"] = list(chits)
    event(g, GER, "Reconnaissance")
    assert opts(g) == ["chit:1", "chit:2"]
    choose(g, "chit:2")
    assert sorted(chits)[1] in g.state["chits_open"]
    assert g.state["sides"][ENT]["chits_secret"] == [sorted(chits)[0]]


def test_E92_suppressing_fire_an_enemy_in_reach_of_a_friendly_mg() -> None:
    look, p, h = open_scene()
    p.unit(GER, "ger-infanterie-1914", h, weapon="ger-mg08")
    e = p.unit(ENT, "fr-poilus", sorted(look.rules.adjacent_hexes(look, h))[0])
    g = p.game(seed=1)
    event(g, GER, "Suppressing Fire")
    assert f"unit:{e}" in opts(g)
    choose(g, f"unit:{e}")
    assert unit(g, e)["suppressed"]


def test_E74_interdiction_then_breeze() -> None:
    _look, p, h = open_scene()
    a = p.unit(ENT, "fr-poilus", h)
    g = p.game(seed=1)
    g.state["gas"] = ["C3"]
    event(g, GER, "Interdiction / Breeze")
    assert f"unit:{a}" in opts(g)
    choose(g, f"unit:{a}")
    assert unit(g, a)["suppressed"] and g.state["gas"] == [] and held(g)
    assert {"E74"} <= {e[0] for e in g.log}


def test_E56_both_commander_games_load_together() -> None:
    """The Event continuations of both games share one table by name: loading both must not
    collide (a duplicate name raises at import)."""
    from tactica.games.combat_commander import CombatCommanderRules
    from tactica.games.commander_family.event_steps import CONTINUATIONS

    cc, gwc = CombatCommanderRules(), GreatWarCommanderRules()
    assert cc.events["Hero"].execute is gwc.events["Hero"].execute  # the family's, shared
    assert "gwc_support_roll" in CONTINUATIONS and "support_roll" in CONTINUATIONS


def test_E84_raid_prisoners_an_enemy_out_of_cohesion_next_to_an_unbroken_unit() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    h = next(x for x in hexes_of(look, "open_ground") if x[0] in "GHI" and x[1:] in ("5", "6"))
    spare(p, look, h)
    e = p.unit(ENT, "fr-poilus", h)
    p.unit(GER, "ger-landwehr", sorted(look.rules.adjacent_hexes(look, h))[0])
    g = p.game(seed=1)
    from tactica.games.great_war_commander.cohesion import in_cohesion

    assert not in_cohesion(g, e)
    event(g, GER, "Raid Prisoners")
    choose(g, f"unit:{e}")
    assert unit(g, e)["where"] == "casualties"


def test_E88_runner_joins_the_highest_ranking_leader() -> None:
    look, p, h = open_scene()
    p.unit(GER, leader(look, "Germany"), h)
    g = p.game(seed=1)
    before = set(g.state["units"])
    event(g, GER, "Runner")
    choose(g, f"hex:{h}")
    new = [u for u in g.state["units"] if u not in before]
    assert len(new) == 1 and unit(g, new[0])["hex"] == h
    assert g.rules.unit_type(unit(g, new[0])["type"]).type == "runner"


def test_E63_deserters_the_nearest_unit_out_of_cohesion_retreats() -> None:
    look = game("frontieres_1914")
    on_cards = {look.rules.card(c).hex for c in look.rules.components.decks["Germany"]}
    h = next(x for x in hexes_of(look, "open_ground") if x[0] in "FGHIJ" and x[1:] in ("4", "5", "6", "7")
             and x in on_cards)
    p = scene("frontieres_1914")
    spare(p, look, h)
    a = p.unit(GER, "ger-landwehr", h)
    g = p.deck(GER, top=[card_with(look, GER, hex=h)]).game(seed=1)
    event(g, GER, "Deserters")
    while not held(g):
        choose(g, opts(g)[0])
    assert unit(g, a)["hex"] != h and "E63" in {e[0] for e in g.log}
