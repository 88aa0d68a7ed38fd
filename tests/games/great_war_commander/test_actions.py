"""Great War Commander's Actions A28-A55 (the rule numbers in the test names): each registered
Action's prerequisite and effect, the worked examples of digest §5 that concern Actions (E9 D and
F, E16 F, E40), and the hidden-information rule for Action windows."""

from __future__ import annotations

import pytest

from tactica import studio
from tactica.core.game import Game
from tactica.games.great_war_commander._schema import ACTIONS
from tactica.games.great_war_commander.rules import GreatWarCommanderRules

from .cards_helpers import (
    ENT,
    GER,
    attack,
    card,
    card_with,
    choose,
    fire,
    game,
    hand,
    held,
    hexes_of,
    op_fire_example_f,
    opts,
    scene,
    settle,
    top,
)

NOT_YET: set[str] = set()


def lines(g: Game) -> list[str]:
    return g.log_lines()


def building_and_neighbour(g: Game) -> tuple[str, str]:
    rules = g.rules
    b = hexes_of(g, "building")[0]
    return b, sorted(rules.adjacent_hexes(g, b))[0]


def test_A28_every_action_registered_with_its_gwc_number() -> None:
    r = GreatWarCommanderRules()
    for name, rule in ACTIONS.items():
        d = r.actions[name]
        assert d.rule == rule, name
        assert d.implemented == (name not in NOT_YET), name


def test_A29_A52_duds_are_never_offered() -> None:
    look = game("belleau_wood_1918")
    p = scene("belleau_wood_1918")
    b, n = building_and_neighbour(look)
    p.unit(ENT, "us-infantry", b)
    p.unit(ENT, "us-infantry", "O11")
    lw = p.unit(GER, "ger-landwehr", n)
    dud = card_with(look, GER, action="Ach Komm!")
    p.hand(GER, [dud])
    g = p.game(seed=1)
    fire(g, GER, [lw], b)
    assert g.decision().seat == GER and opts(g) == ["pass"]  # asked (public facts), nothing to play


def test_E9_A44_A55_fire_example_F_to_H_hand_grenades_unternehmungslustig_valor() -> None:
    """Fire example F-H: 7 FP (5 + MG + Lt Ebel: set as the example computes it) + Hand Grenades
    + Unternehmungslustig = 11; roll 5-5 Event!: Valor puts a Veteran on the Landwehr and the
    Attack Total stays 21; the broken US Platoon (Morale 8 - 1 + 3 Building = 10) rolls 3-5 = 18
    and is eliminated: Germany +2 VP."""
    look = game("belleau_wood_1918")
    p = scene("belleau_wood_1918")
    b, n = building_and_neighbour(look)
    us = p.unit(ENT, "us-infantry", b, broken=True, suppressed=True)
    p.unit(ENT, "us-infantry", "O11")
    lw = p.unit(GER, "ger-landwehr", n)
    hg = card_with(look, GER, action="Hand Grenades")
    un = card_with(look, GER, action="Unternehmungslustig", avoid=(hg,))
    valor = card_with(look, GER, event="Valor", avoid=(hg, un))
    p.hand(GER, [hg, un])
    p.deck(GER, top=[card(look, GER, 5, 5, "Event!"), valor])
    p.deck(ENT, top=[card(look, ENT, 3, 5)])
    g = p.game(seed=1)
    vp = g.state["vp"]
    fire(g, GER, [lw], b)
    attack(g)["fp"] = 7
    choose(g, f"action:{hg}", f"action:{un}")
    assert g.decision().step == "event_ask" and opts(g) == [f"unit:{lw}"]  # E96 Valor
    choose(g, f"unit:{lw}")
    text = "\n".join(lines(g))
    assert "the attack now has 11 FP" in text and "Attack Total 21 (11 FP + roll 10)" in text
    assert g.state["units"][lw]["veteran"]
    assert "Defense Total 18 (Morale 10" in text
    assert g.state["units"][us]["where"] == "casualties" and g.state["vp"] == vp + 2
    assert {"A44", "A55", "E96"} <= {e[0] for e in g.log}


def test_E9_A36_fire_example_D_concealment_takes_the_building_cover_off() -> None:
    """Fire example D: Attack Total 18; Concealment takes the Building's 3 off: 15; the US Platoon
    (Morale 7 - 1 Suppressed + 3 Building = 9) rolls 2-3: 14 < 15, it breaks."""
    look = game("belleau_wood_1918")
    p = scene("belleau_wood_1918")
    b, n = building_and_neighbour(look)
    us = p.unit(ENT, "us-infantry", b, suppressed=True)
    p.unit(ENT, "us-infantry", "O11")
    lw = p.unit(GER, "ger-landwehr", n)
    conceal = card_with(look, ENT, action="Concealment")
    p.hand(ENT, [conceal])
    p.hand(GER, [card_with(look, GER, action="Ach Komm!")])  # the firer's window opens (public facts)
    p.deck(GER, top=[card(look, GER, 5, 4)])
    p.deck(ENT, top=[card(look, ENT, 2, 3)])
    g = p.game(seed=1)
    fire(g, GER, [lw], b)
    assert g.decision().seat == GER and opts(g) == ["pass"]
    attack(g)["fp"] = 9  # the example's Fire Group: 11 - 2 Orchard
    choose(g, "pass")
    assert g.decision().step == "action_window" and g.decision().seat == ENT
    assert f"action:{conceal}" in opts(g)
    choose(g, f"action:{conceal}")
    text = "\n".join(lines(g))
    assert "Attack Total 18" in text and "drops by the Cover 3 to 15" in text
    assert "Defense Total 14 (Morale 9" in text and "against 15" in text
    assert g.state["units"][us]["broken"]


# ---------------------------------------------------------------- Melee Actions
def melee_game(active: int = GER) -> tuple[Game, str, str, str]:
    """A Melee hex with a German Landwehr and Leader against a French Platoon, not yet begun."""
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    p.turn(active)
    h = hexes_of(look, "open_ground")[5]
    lw = p.unit(GER, "ger-landwehr", h)
    ldr = p.unit(GER, look.rules.components.of_nation("Germany", "leader")[0].id, h)
    fr = p.unit(ENT, "fr-ligne-1914", h)
    p.unit(GER, "ger-landwehr", "A1")
    p.unit(ENT, "fr-ligne-1914", "O11")
    g = p.game(seed=1)
    assert ldr
    return g, h, lw, fr


def start_melee(g: Game) -> None:
    from tactica.games.commander_family.melee import push_melee

    g.push("hold")
    push_melee(g, quiet=False)
    g.refresh()


def test_A35_A40_charge_and_elan_add_two_to_the_melee_roll() -> None:
    g, _, _, _ = melee_game(active=GER)
    charge = card_with(g, GER, action="Charge")
    hand(g, GER, [charge])
    elan = card_with(g, ENT, action="Élan")
    hand(g, ENT, [elan])
    top(g, ENT, card(g, ENT, 3, 3))
    top(g, GER, card(g, GER, 2, 2))
    start_melee(g)
    # Ambush windows first (inactive France, then Germany): nothing to play there
    while g.decision().step == "action_window" and "melee_ambush" in g.decision().prompt:
        choose(g, "pass")
    d = g.decision()
    assert d.seat == ENT and "melee_roll" in d.prompt and f"action:{elan}" in opts(g)
    choose(g, f"action:{elan}")  # the hand is empty now: the window closes by itself
    assert g.decision().seat == GER and "melee_roll" in g.decision().prompt
    choose(g, f"action:{charge}")
    text = "\n".join(lines(g))
    assert "A40: Élan: +2 to France's Melee Roll" in text
    assert "A35: Charge: +2 to Germany's Melee Roll" in text
    assert "+ roll 6 + Actions 2 = " in text and "+ roll 4 + Actions 2 = " in text


def test_A35_charge_needs_a_friendly_leader_in_the_melee_hex() -> None:
    g, h, _, _ = melee_game(active=GER)
    ger_charge = card_with(g, GER, action="Charge")
    hand(g, GER, [ger_charge])
    start_melee(g)
    while not (g.decision().seat == GER and "melee_roll" in g.decision().prompt):
        choose(g, "pass")
    assert f"action:{ger_charge}" in opts(g)  # Germany's Leader is in the hex
    leader = next(u for u in g.state["units"] if g.state["units"][u]["seat"] == GER
                  and g.state["units"][u]["hex"] == h
                  and g.rules.unit_type(g.state["units"][u]["type"]).type == "leader")
    g.state["units"][leader].update(where="out", hex=None)
    g.refresh()
    assert f"action:{ger_charge}" not in opts(g)


def test_A30_ambush_inactive_side_first_the_opponent_breaks_his_own_unit() -> None:
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    p.turn(GER)
    h = hexes_of(look, "open_ground")[5]
    lw = p.unit(GER, "ger-landwehr", h, broken=True)
    fr = p.unit(ENT, "fr-ligne-1914", h)
    p.unit(GER, "ger-landwehr", "A1")
    p.unit(ENT, "fr-ligne-1914", "O11")
    a_ger = card_with(look, GER, action="Ambush")
    a_fr = card_with(look, ENT, action="Ambush")
    p.hand(GER, [a_ger])
    p.hand(ENT, [a_fr])
    g = p.game(seed=1)
    start_melee(g)
    assert g.decision().seat == ENT and f"action:{a_fr}" in opts(g)  # the inactive side first
    choose(g, f"action:{a_fr}")  # the German Platoon, broken already, breaks again: eliminated
    assert g.state["units"][lw]["where"] == "casualties" and g.state["units"][fr]["where"] == "map"
    assert "A30" in {e[0] for e in g.log}
    assert held(g)  # the Melee ended: Germany had no unit left to ambush with


def test_E40_a_melee_hex_emptied_of_both_sides_stays_with_its_last_holder() -> None:
    """E40 (A30): when a Melee leaves an Objective hex with neither side, the side that held it
    before the Melee still controls it. Our Ambushes resolve one at a time, so they cannot empty
    both sides at once; a tied Melee does (O16.4.3), and the same control rule applies."""
    from tactica.games.commander_family.melee import melee_fp

    g = game("frontieres_1914")
    g.state["active"] = GER
    obj = next(o for o, v in g.state["objectives"].items() if v.get("hex"))
    h = g.state["objectives"][obj]["hex"]
    g.state["objectives"][obj]["owner"] = ENT
    lw = studio.arrive(g, GER, "ger-landwehr", h)
    fr = studio.arrive(g, ENT, "fr-ligne-1914", h)
    studio.arrive(g, GER, "ger-landwehr", "A1")
    studio.arrive(g, ENT, "fr-ligne-1914", "O11")
    hand(g, GER, [])
    hand(g, ENT, [])
    fg, ff = melee_fp(g, [lw])[0], melee_fp(g, [fr])[0]
    rf = 7
    rg = ff + rf - fg
    assert 2 <= rg <= 12
    top(g, ENT, card(g, ENT, 3, 4))
    top(g, GER, card(g, GER, rg // 2, rg - rg // 2))
    start_melee(g)
    settle(g)
    assert held(g)
    assert "both sides are eliminated" in "\n".join(lines(g))
    assert g.state["units"][lw]["where"] == g.state["units"][fr]["where"] == "casualties"
    assert g.state["objectives"][obj]["owner"] == ENT


# ---------------------------------------------------------------- Fire Actions
def test_E16_A38_op_fire_example_F_G_two_crossfires_and_the_moving_tie() -> None:
    """Op Fire example F-G: the Landwehr (5 + Müller's 2) and two Crossfire: 11 FP; roll 4-2 = 17,
    +1 Strategy Card = 18 (the Strategy Card's +1 is the artillery work's: counted into the FP
    here); the moving US Platoon in a Shellhole (Morale 7 + 1) rolls 5-5 = 18: a tie against a
    moving unit breaks it (O21.3.7)."""
    g, us, c1, c2 = op_fire_example_f(scene("verdun_gas_1916"))
    attack(g)["fp"] = 8  # 5 + Müller 2, + the Strategy Card's 1
    choose(g, f"action:{c1}", f"action:{c2}")
    text = "\n".join(lines(g))
    assert text.count("Crossfire: +2 FP (firing at a moving unit)") == 2
    assert "Attack Total 18 (12 FP + roll 6)" in text
    assert "Defense Total 18 (Morale 8" in text and "Tie against a moving unit: it breaks" in text
    assert g.state["units"][us]["broken"]


def test_A38_crossfire_needs_a_moving_target() -> None:
    look = game("verdun_gas_1916")
    p = scene("verdun_gas_1916")
    sh = hexes_of(look, "shellhole")[0]
    n = sorted(look.rules.adjacent_hexes(look, sh))[0]
    p.unit(ENT, "us-infantry", sh)
    p.unit(ENT, "us-infantry", "O11")
    lw = p.unit(GER, "ger-landwehr", n)
    c1 = card_with(look, GER, action="Crossfire")
    p.hand(GER, [c1])
    g = p.game(seed=1)
    fire(g, GER, [lw], sh)
    assert g.decision().seat == GER and opts(g) == ["pass"]


def tank_game() -> tuple[Game, str, str, str]:
    look = game("soissons_tanks_1918")
    p = scene("soissons_tanks_1918")
    h = hexes_of(look, "open_ground")[10]
    n = sorted(look.rules.adjacent_hexes(look, h))[0]
    tank = next(u.id for u in look.rules.components.units.values()
                if u.nation == "France" and u.type == "tank")
    t = p.unit(ENT, tank, h)
    p.unit(ENT, "fr-poilus", "O11")
    g = p.game(seed=1)
    return g, h, n, t


def test_A33_bayonets_plus_two_fp_only_for_a_german_weapon_against_an_adjacent_tank() -> None:
    g, h, n, _t = tank_game()
    lw = studio.arrive(g, GER, "ger-infanterie", n)
    mg = next(w.id for w in g.rules.components.weapons.values() if w.nation == "Germany" and w.kind == "hmg")
    from tactica.games.commander_family.state import new_weapon

    g.state["weapons"]["mg1"] = new_weapon(mg, GER, lw)
    g.state["units"][lw]["weapon"] = "mg1"
    bay = card_with(g, GER, action="Bayonets / Grenade Bundle")
    hand(g, GER, [bay])
    fire(g, GER, ["mg1"], h)
    assert g.decision().seat == GER and f"action:{bay}" in opts(g)
    choose(g, f"action:{bay}")
    text = "\n".join(lines(g))
    assert "A33: Bayonets / Grenade Bundle: +2 FP (a German Weapon fires at an adjacent Tank)" in text
    # the Platoon alone (no Weapon) gets nothing from it
    g2, h2, n2, _ = tank_game()
    lw2 = studio.arrive(g2, GER, "ger-infanterie", n2)
    hand(g2, GER, [bay])
    fire(g2, GER, [lw2], h2)
    assert g2.decision().seat == GER and opts(g2) == ["pass"]


# ---------------------------------------------------------------- Defense-Roll Actions
def far_hexes(g: Game, h: str, n: int = 2) -> list[str]:
    """``n`` hexes far from ``h`` (for the spare units that keep both sides on the map)."""
    from tactica.games.commander_family.board_state import hex_distance

    b = g.rules.board(g)
    labels = sorted((b.label(x) for x in b.index), key=lambda x: (-hex_distance(g, h, x), x))
    return labels[:n]


def defense_game() -> tuple[Game, str, str, str, str]:
    """A French Platoon in Woods attacked by an adjacent German Platoon; France to defend."""
    look = game("frontieres_1914")
    p = scene("frontieres_1914")
    w = next(h for h in hexes_of(look, "woods") if h[0] not in "AO" and h[1:] not in ("1", "11"))
    n = sorted(look.rules.adjacent_hexes(look, w))[0]
    fr = p.unit(ENT, "fr-ligne-1914", w)
    far = far_hexes(look, w)
    p.unit(ENT, "fr-ligne-1914", far[0])
    ger = p.unit(GER, "ger-landwehr", n)
    p.unit(GER, "ger-landwehr", far[1])
    p.hand(GER, [])
    g = p.game(seed=1)
    return g, w, n, fr, ger


def test_A37_counterattack_suppresses_an_adjacent_attacker() -> None:
    g, w, _n, _fr, ger = defense_game()
    ca = card_with(g, ENT, action="Counterattack")
    hand(g, ENT, [ca])
    top(g, GER, card(g, GER, 1, 2))
    fire(g, GER, [ger], w)
    assert g.decision().seat == ENT and f"action:{ca}" in opts(g)
    choose(g, f"action:{ca}")
    assert opts(g) == [f"unit:{ger}"]
    choose(g, f"unit:{ger}")
    assert g.state["units"][ger]["suppressed"] and "A37" in {e[0] for e in g.log}


def test_A37_counterattack_needs_an_unbroken_unit_next_to_the_attackers() -> None:
    g, w, _n, fr, ger = defense_game()
    g.state["units"][fr]["broken"] = True
    ca = card_with(g, ENT, action="Counterattack")
    hand(g, ENT, [ca])
    top(g, GER, card(g, GER, 1, 2))
    fire(g, GER, [ger], w)
    assert held(g)  # every window passed with nothing to offer: Counterattack never was
    assert "A37" not in {e[0] for e in g.log} and ca in g.state["sides"][ENT]["hand"]


def test_A46_intersect_machine_guns_minus_one_per_mg_in_reach() -> None:
    from tactica.games.commander_family.state import new_weapon

    g, w, n, _, ger = defense_game()
    hmg = next(x.id for x in g.rules.components.weapons.values() if x.nation == "France" and x.kind == "hmg")
    taken = {u["hex"] for u in g.state["units"].values() if u["where"] == "map"}
    free = [h for h in sorted(g.rules.adjacent_hexes(g, w)) if h not in taken and h != n][:2]
    mgs = []
    for i, h in enumerate(free):
        u = studio.arrive(g, ENT, "fr-poilus", h)
        g.state["weapons"][f"hmg{i}"] = new_weapon(hmg, ENT, u)
        g.state["units"][u]["weapon"] = f"hmg{i}"
        mgs.append(f"hmg{i}")
    im = card_with(g, ENT, action="Intersect Machine Guns")
    hand(g, ENT, [im])
    top(g, GER, card(g, GER, 3, 3))
    fire(g, GER, [ger], w)
    before = attack(g)["total"]
    assert f"action:{im}" in opts(g)
    choose(g, f"action:{im}")
    text = "\n".join(lines(g))
    assert f"Intersect Machine Guns: {', '.join(mgs)} reach the attackers" in text
    assert f"drops by 2 (the Attack Total counts {before - 2})" in text and f"against {before - 2}" in text


def test_A46_intersect_machine_guns_needs_two() -> None:
    from tactica.games.commander_family.state import new_weapon
    from tactica.games.great_war_commander.actions_defense import intersect_playable

    g, w, _n, fr, ger = defense_game()
    hmg = next(x.id for x in g.rules.components.weapons.values() if x.nation == "France" and x.kind == "hmg")
    g.state["weapons"]["hmg0"] = new_weapon(hmg, ENT, fr)
    g.state["units"][fr]["weapon"] = "hmg0"
    im = card_with(g, ENT, action="Intersect Machine Guns")
    hand(g, ENT, [im])
    top(g, GER, card(g, GER, 3, 3))
    fire(g, GER, [ger], w)
    assert held(g) and "A46" not in {e[0] for e in g.log}  # one MG: never offered
    assert im in g.state["sides"][ENT]["hand"]
    assert not intersect_playable(g, ENT, im, {"unit": fr})


def test_A53_probe_rallies_a_unit_that_just_failed_its_defense_roll() -> None:
    g, w, _n, fr, ger = defense_game()
    probe = card_with(g, ENT, action="Probe")
    hand(g, ENT, [probe])
    attack_card = card(g, GER, 6, 6)
    top(g, GER, attack_card)
    top(g, ENT, card(g, ENT, 1, 1))
    fire(g, GER, [ger], w)
    d = g.decision()
    if d.seat == ENT and "fire_defense_roll" in d.prompt:
        choose(g, "pass")
    d = g.decision()
    assert d.seat == ENT and "defense_broke" in d.prompt and f"action:{probe}" in opts(g)
    assert g.state["units"][fr]["broken"]
    choose(g, f"action:{probe}")
    assert not g.state["units"][fr]["broken"] and "A53" in {e[0] for e in g.log}


def fired_on(g: Game, hex_label: str, action: str) -> tuple[str, str, str]:
    """A German Platoon arrives in ``hex_label`` and an American one next to it (a spare unit of
    each far away); Germany holds only a card with ``action``, the Americans nothing, and the
    American Platoon fires at the hex. Returns the German Platoon, the American and the card."""
    near = sorted(g.rules.adjacent_hexes(g, hex_label))[0]
    ger = studio.arrive(g, GER, "ger-landwehr", hex_label)
    far = far_hexes(g, hex_label)
    studio.arrive(g, GER, "ger-landwehr", far[0])
    us = studio.arrive(g, ENT, "us-infantry", near)
    studio.arrive(g, ENT, "us-infantry", far[1])
    held_card = card_with(g, GER, action=action)
    hand(g, GER, [held_card])
    hand(g, ENT, [])
    top(g, ENT, card(g, ENT, 1, 2))
    fire(g, ENT, [us], hex_label)
    return ger, us, held_card


def test_A45_2_hidden_position_reveals_a_team_and_gun_that_defends_too() -> None:
    g = game("belleau_wood_1918")  # Germany defends
    from tactica.games.commander_family.event_steps import setup_area

    area = setup_area(g, GER)
    cover2 = set(hexes_of(g, "woods")) | set(hexes_of(g, "building"))
    w = next(h for h in area if h in cover2)
    ger, _, hp = fired_on(g, w, "Hidden Position")
    assert g.decision().seat == GER and f"action:{hp}" in opts(g)
    choose(g, f"action:{hp}")
    new = [u for u in g.state["units"] if u.startswith("germany-hp")]
    assert len(new) == 1 and g.state["units"][new[0]]["hex"] == w
    assert g.state["weapons"][g.state["units"][new[0]]["weapon"]]["type"] == "ger-77mm"
    while not held(g):
        choose(g, opts(g)[-1])
    assert f"{new[0]} Defense Total" in "\n".join(lines(g))
    assert ger


def test_A45_2_hidden_position_only_for_the_scenario_defender() -> None:
    g = game("belleau_wood_1918")
    hp = card_with(g, ENT, action="Hidden Position")
    from tactica.games.great_war_commander.actions_defense import position_playable

    ent_unit = studio.arrive(g, ENT, "us-infantry", "O1")
    assert not position_playable(g, ENT, hp, {"unit": ent_unit})


def test_A47_light_wounds_a_platoon_becomes_a_team_for_one_vp() -> None:
    g, w, _n, fr, ger = defense_game()
    lw_card = card_with(g, ENT, action="Light Wounds")
    hand(g, ENT, [lw_card])
    top(g, GER, card(g, GER, 6, 6))
    top(g, ENT, card(g, ENT, 1, 1))
    vp = g.state["vp"]
    fire(g, GER, [ger], w)
    while g.decision().step == "action_window" and "squad_breaks" not in g.decision().prompt:
        choose(g, "pass")
    assert f"action:{lw_card}" in opts(g)
    choose(g, f"action:{lw_card}")
    team = f"{fr}.w"
    assert g.state["units"][fr]["where"] == "out"
    assert g.state["units"][team]["type"] == g.rules.team_for("fr-ligne-1914")
    assert g.state["vp"] == vp + 1  # France (seat 1) loses 1 VP: the track moves toward Germany


def test_A47_the_team_takes_the_platoons_place_in_procedures_under_way() -> None:
    """Light Wounds during an Order in progress: the Team replaces the Platoon in the lists and
    in the id-keyed tables of the frames below (an Offensive keeps each unit's start hex by id,
    O24.2: a Platoon wounded by Op Fire during the move once left its Team without one)."""
    g, w, _n, fr, ger = defense_game()
    lw_card = card_with(g, ENT, action="Light Wounds")
    hand(g, ENT, [lw_card])
    top(g, GER, card(g, GER, 6, 6))
    top(g, ENT, card(g, ENT, 1, 1))
    g.push("hold", line=[fr], start={fr: "A1"})
    fire(g, GER, [ger], w)
    while g.decision().step == "action_window" and "squad_breaks" not in g.decision().prompt:
        choose(g, "pass")
    choose(g, f"action:{lw_card}")
    team = f"{fr}.w"
    below = next(f for f in g.state["stack"] if f["args"].get("start") is not None)
    assert below["args"]["line"] == [team] and below["args"]["start"] == {team: "A1"}


def test_A51_no_quarter_german_and_american_only() -> None:
    from tactica.games.great_war_commander.actions import no_quarter_nations

    assert no_quarter_nations("Germany", "France") and no_quarter_nations("America", "Germany")
    assert not no_quarter_nations("France", "Germany")


def test_A28_a_melee_roll_window_is_asked_whatever_the_hand_holds() -> None:
    """Hidden information: the Melee Roll window is asked on public facts (a card in hand and a
    +2 card not in public view), so a hand with nothing playable is asked just like one with
    Charge; only the options differ."""
    seen = []
    for playable in (True, False):
        g, _, _, _ = melee_game(active=GER)
        c = card_with(g, GER, action="Charge" if playable else "Ach Komm!")
        hand(g, GER, [c])
        hand(g, ENT, [])
        start_melee(g)
        for _ in range(20):
            d = g.decision()
            if (d.step == "action_window" and "melee_roll" in d.prompt) or d.step == "hold":
                break
            g.apply(opts(g)[-1])
        seen.append((g.decision().seat, g.decision().prompt, f"action:{c}" in opts(g)))
    assert seen[0][:2] == seen[1][:2] and seen[0][2] and not seen[1][2]


def test_A34_A50_bore_sighting_for_the_defender_and_marksmanship_for_its_nation() -> None:
    look = game("frontieres_1914")  # Germany defends
    p = scene("frontieres_1914")
    h = hexes_of(look, "open_ground")[8]
    n = sorted(look.rules.adjacent_hexes(look, h))[0]
    far = far_hexes(look, h)
    p.unit(ENT, "fr-poilus", h)
    p.unit(ENT, "fr-poilus", far[0])
    pl = p.unit(GER, "ger-infanterie-1914", n, weapon="ger-mg08")
    p.unit(GER, "ger-landwehr", far[1])
    bore = card_with(look, GER, action="Bore Sighting")
    marks = card_with(look, GER, action="Marksmanship", marksmanship="Germany")
    g = p.hand(GER, [bore, marks]).game(seed=1)
    fire(g, GER, [pl, g.state["units"][pl]["weapon"]], h)
    assert {f"action:{bore}", f"action:{marks}"} <= set(opts(g))
    choose(g, f"action:{bore}", f"action:{marks}")
    text = "\n".join(lines(g))
    assert "A34: Bore Sighting: +2 FP" in text
    assert "A50: Marksmanship: +2 FP (a Germany Platoon or Team fires)" in text


def test_A31_assault_fire_moving_pieces_with_boxed_fp_tanks_never_in_its_group() -> None:
    """A31: one Fire Attack by pieces activated to Move with boxed FP. A Tank never joins the
    group (``loner_kinds``); no Tank of ours has a boxed FP either, so none can even fire it."""
    look = game("belleau_wood_1918")
    p = scene("belleau_wood_1918")
    h = hexes_of(look, "open_ground")[20]
    n = sorted(look.rules.adjacent_hexes(look, h))
    far = far_hexes(look, h)
    m1 = p.unit(ENT, "us-marines", n[0])
    m2 = p.unit(ENT, "us-marines", n[1])
    p.unit(ENT, "us-infantry", far[0])
    p.unit(GER, "ger-landwehr", h)
    p.unit(GER, "ger-landwehr", far[1])
    p.turn(ENT)
    g = p.game(seed=1)
    g.push("hold")
    g.push("move_order", seat=ENT, phase="pick", activated=[m1, m2], leader=None, last=None, moved=[],
           group=[], hex=None, spent={}, road=[], steps=0, crossed=False, op_units=[])
    g.push("assault_fire", seat=ENT, target=None, group=[])
    g.refresh()
    assert f"target:{h}" in opts(g)
    g.apply(f"target:{h}")
    g.apply(f"add:{m1}")
    assert f"add:{m2}" in opts(g)
    g.rules.loner_kinds = frozenset({"platoon"})  # the mechanism, shown on Platoons
    g.refresh()
    assert f"add:{m2}" not in opts(g) and "fire" in opts(g)
    assert GreatWarCommanderRules().loner_kinds == frozenset({"tank"})
    assert not any("fp" in u.unbroken.boxed for u in g.rules.components.units.values() if u.type == "tank")


def no_strategy_cards(g: Game) -> None:
    """Strategy Cards back into their draw piles: no ``sc_modifier`` window in these tests."""
    for sd in g.state["sides"]:
        sd["sc_draw"].extend(sd["sc_hand"])
        sd["sc_hand"].clear()


def open_fight(scenario: str) -> tuple[Game, str, str]:
    """A French Platoon in Open Ground attacked by an adjacent German Platoon."""
    g = game(scenario)
    no_strategy_cards(g)
    o = next(h for h in hexes_of(g, "open_ground") if h[0] not in "AO" and h[1:] not in ("1", "11"))
    n = sorted(g.rules.adjacent_hexes(g, o))[0]
    studio.arrive(g, ENT, "fr-ligne-1914", o)
    far = far_hexes(g, o)
    studio.arrive(g, ENT, "fr-ligne-1914", far[0])
    ger = studio.arrive(g, GER, "ger-landwehr", n)
    studio.arrive(g, GER, "ger-landwehr", far[1])
    hand(g, GER, [])
    return g, o, ger


def test_A43_go_to_ground_a_shellhole_gives_its_cover_to_this_attack() -> None:
    from tactica.games.great_war_commander import terrain_state

    g, o, ger = open_fight("frontieres_1914")
    gtg = card_with(g, ENT, action="Go to Ground")
    hand(g, ENT, [gtg])
    top(g, GER, card(g, GER, 1, 2))
    fire(g, GER, [ger], o)
    while g.decision().seat == GER or f"action:{gtg}" not in opts(g):
        choose(g, opts(g)[-1] if "pass" not in opts(g) else "pass")
    choose(g, f"action:{gtg}")
    assert terrain_state.marker(g, o) == "shellhole"
    while not held(g):
        choose(g, opts(g)[-1])
    text = "\n".join(lines(g))
    assert "A43: Shellhole marker placed in" in text
    assert "+1 Cover (shellhole marker +1)" in text


def test_A43_go_to_ground_not_for_a_tank_nor_in_woods_or_a_fortification() -> None:
    from tactica.games.commander_family import fortifications as fam
    from tactica.games.great_war_commander.actions_ground import ground_playable

    g, o, ger = open_fight("frontieres_1914")
    gtg = card_with(g, ENT, action="Go to Ground")
    fr = next(u for u, x in g.state["units"].items() if x["hex"] == o)
    fire(g, GER, [ger], o)
    assert ground_playable(g, ENT, gtg, {"unit": fr})
    fam.table(g)[o] = "wire"
    assert not ground_playable(g, ENT, gtg, {"unit": fr})
    g2, w, _, fr2, ger2 = defense_game()
    no_strategy_cards(g2)
    fire(g2, GER, [ger2], w)
    assert not ground_playable(g2, ENT, gtg, {"unit": fr2})  # Woods


def test_A39_dig_in_foxholes_with_a_friendly_formation_at_the_end_of_a_time_advance() -> None:
    from tactica.games.commander_family import fortifications as fam
    from tactica.games.great_war_commander.actions_ground import dig_in_hexes

    g, o, ger = open_fight("frontieres_1914")
    di = card_with(g, GER, action="Dig In")
    hand(g, GER, [di])
    hand(g, ENT, [])
    g.push("hold")
    from tactica.games.commander_family.actions import open_windows

    open_windows(g, "dig_in")
    g.refresh()
    while g.decision().step == "action_window" and g.decision().seat != GER:
        g.apply("pass")
    ger_hex = g.state["units"][ger]["hex"]
    assert f"action:{di}" in opts(g)
    choose(g, f"action:{di}")
    assert f"hex:{ger_hex}" in opts(g) and f"hex:{o}" not in opts(g)
    choose(g, f"hex:{ger_hex}")
    while not held(g):
        choose(g, "pass")
    assert fam.kind_at(g, ger_hex) == "foxholes" and "A39: Foxholes placed in" in "\n".join(lines(g))
    assert ger_hex not in dig_in_hexes(g, GER)  # one Fortification a hex


def test_A45_1_hidden_pillbox_for_the_defender_on_an_objective_hex() -> None:
    from tactica.games.commander_family import fortifications as fam
    from tactica.games.commander_family.board_state import objective_hex_labels
    from tactica.games.great_war_commander.actions_ground import PILLBOX_MARKERS, pillbox_playable

    g = game("belleau_wood_1918")  # Germany defends
    no_strategy_cards(g)
    obj = sorted(h for h in objective_hex_labels(g) if fam.refusal(g, h, "pillbox") is None)[0]
    de, us, pb = fired_on(g, obj, "Hidden Pillbox")
    while g.decision().seat != GER or f"action:{pb}" not in opts(g):
        choose(g, "pass" if "pass" in opts(g) else opts(g)[-1])
    others = far_hexes(g, obj, 6)[2:2 + PILLBOX_MARKERS]
    for h in others:
        fam.table(g)[h] = "pillbox"
    assert not pillbox_playable(g, GER, pb, {"unit": de})  # none left in the countermix (R34)
    for h in others:
        fam.remove(g, h, "test")
    choose(g, f"action:{pb}")
    assert fam.kind_at(g, obj) == "pillbox"
    while not held(g):
        choose(g, opts(g)[-1])
    assert "Pillbox" in "\n".join(x for x in lines(g) if "Defense Total" in x)
    pb_us = card_with(g, ENT, action="Hidden Pillbox")
    assert not pillbox_playable(g, ENT, pb_us, {"unit": us})  # not the scenario Defender


def test_10_3_2_1_fp_lift_counts_the_firers_own_plus_two_fire_cards() -> None:
    """10.3.2.1: a hindered shot the +2 FP Actions in hand could lift to 1 FP may be declared: the
    GWC hook counts Élan (France) and Unternehmungslustig (Germany) on any Fire Attack, not
    Charge (a Melee card), and Bayonets only for a German Weapon next to a targeted Tank."""
    g, o, ger = open_fight("frontieres_1914")
    fr = next(u for u, x in g.state["units"].items() if x["hex"] == o)
    n = g.state["units"][ger]["hex"]
    elan, charge = card_with(g, ENT, action="Élan"), card_with(g, ENT, action="Charge")
    bay = card_with(g, ENT, action="Bayonets / Grenade Bundle")
    hand(g, ENT, [charge, bay])
    assert g.rules.fp_lift(g, ENT, [fr], n) == 0
    hand(g, ENT, [elan, charge, card_with(g, ENT, action="Élan", avoid=(elan,))])
    assert g.rules.fp_lift(g, ENT, [fr], n) == 4
    hand(g, GER, [card_with(g, GER, action="Unternehmungslustig")])
    assert g.rules.fp_lift(g, GER, [ger], o) == 2


def test_A45_4_hidden_wire_for_the_defender_just_after_an_entry() -> None:
    from tactica.games.commander_family import fortifications as fam
    from tactica.games.commander_family.actions import open_windows
    from tactica.games.great_war_commander.actions_ground import wire_playable

    g = game("belleau_wood_1918")  # Germany defends
    no_strategy_cards(g)
    h = hexes_of(g, "open_ground")[8]
    far = far_hexes(g, h)
    studio.arrive(g, GER, "ger-landwehr", far[0])
    us = studio.arrive(g, ENT, "us-infantry", h)
    studio.arrive(g, ENT, "us-infantry", far[1])
    hw = card_with(g, GER, action="Hidden Wire")
    hand(g, GER, [hw])
    hand(g, ENT, [])
    assert not wire_playable(g, ENT, card_with(g, ENT, action="Hidden Wire"), {"hex": h})  # the Attacker
    g.push("hold")
    open_windows(g, "move_entry", {"hex": h, "movers": [us]})
    g.refresh()
    while g.decision().seat != GER:
        g.apply("pass")
    choose(g, f"action:{hw}")
    assert fam.kind_at(g, h) == "wire" and "A45.4: Wire placed in" in "\n".join(lines(g))
    assert not wire_playable(g, GER, hw, {"hex": h})  # one Fortification a hex
    assert g.rules.wire_halts(g, far[1], h)  # F131.2: the Move ends there


def give_strategy_card(g: Game, seat: int) -> str:
    sd = g.state["sides"][seat]
    sc = sd["sc_draw"].pop()
    sd["sc_hand"].append(sc)
    sd["sc_drawn"] = -1  # held since before this Turn (1.S)
    return str(sc)


@pytest.mark.parametrize("plays", [True, False])
def test_10_3_2_1_a_strategy_card_plus_one_lifts_a_zero_fp_shot(plays: bool) -> None:
    """10.3.2.1 with S98.2: a shot cut to 0 FP may be declared by a player who may still play his
    Strategy Card (fp_lift counts +1); the roll is made, and the attack stands only if the card
    is played as +1 on it."""
    g, o, ger = open_fight("frontieres_1914")
    hand(g, ENT, [])
    assert g.rules.fp_lift(g, GER, [ger], o) == 0
    sc = give_strategy_card(g, GER)
    assert g.rules.fp_lift(g, GER, [ger], o) == 1
    hand(g, GER, [card_with(g, GER, action="Unternehmungslustig")])  # his window stops the attack
    fire(g, GER, [ger], o)
    attack(g)["fp"] = 0  # as if a hindrance had cut the shot to 0 FP
    while (d := g.decision()) is not None and not (d.step == "sc_modifier" and d.seat == GER):
        assert d.step in ("action_window", "initiative"), d.step
        g.apply("pass")
    g.apply(f"sc:{sc}" if plays else "pass")
    settle(g)
    text = "\n".join(lines(g))
    assert "10.3.2.1: Final FP 0 is below 1: the attack stands only if the roll gets +1" in text
    assert ("Attack Total" in text) == plays
    assert ("not the +1 the FP needed: the attack cannot be made" in text) == (not plays)


def test_10_3_2_1_without_a_strategy_card_a_zero_fp_shot_is_called_off_before_its_roll() -> None:
    g, o, ger = open_fight("frontieres_1914")
    hand(g, ENT, [])
    hand(g, GER, [card_with(g, GER, action="Unternehmungslustig")])
    fire(g, GER, [ger], o)
    attack(g)["fp"] = 0
    while (d := g.decision()) is not None and d.step == "action_window":
        g.apply("pass")
    text = "\n".join(lines(g))
    assert "Final FP 0 is below 1: the attack cannot be made" in text and "fire attack" not in text
