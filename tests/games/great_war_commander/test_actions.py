"""Great War Commander's Actions A28-A55 (the rule numbers in the test names): each registered
Action's prerequisite and effect, the worked examples of digest §5 that concern Actions (E9 D and
F, E16 F, E40), and the hidden-information rule for Action windows."""

from __future__ import annotations

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
    opts,
    settle,
    top,
)
from .gwc_helpers import put

NOT_YET = {"Barrage", "Dig In", "Engineering Works", "Go to Ground", "Hidden Pillbox", "Hidden Wire",
           "Major Gas Attack", "Storm Troops"}


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
    g = game("belleau_wood_1918")
    b, n = building_and_neighbour(g)
    put(g, ENT, "us-infantry", b)
    put(g, ENT, "us-infantry", "O11")
    lw = put(g, GER, "ger-landwehr", n)
    dud = card_with(g, GER, action="Ach Komm!")
    hand(g, GER, [dud])
    fire(g, GER, [lw], b)
    assert g.decision().seat == GER and opts(g) == ["pass"]  # asked (public facts), nothing to play


def test_E9_A44_A55_fire_example_F_to_H_hand_grenades_unternehmungslustig_valor() -> None:
    """Fire example F-H: 7 FP (5 + MG + Lt Ebel: set as the example computes it) + Hand Grenades
    + Unternehmungslustig = 11; roll 5-5 Event!: Valor puts a Veteran on the Landwehr and the
    Attack Total stays 21; the broken US Platoon (Morale 8 - 1 + 3 Building = 10) rolls 3-5 = 18
    and is eliminated: Germany +2 VP."""
    g = game("belleau_wood_1918")
    b, n = building_and_neighbour(g)
    us = put(g, ENT, "us-infantry", b, broken=True, suppressed=True)
    put(g, ENT, "us-infantry", "O11")
    lw = put(g, GER, "ger-landwehr", n)
    hg = card_with(g, GER, action="Hand Grenades")
    un = card_with(g, GER, action="Unternehmungslustig", avoid=(hg,))
    valor = card_with(g, GER, event="Valor", avoid=(hg, un))
    hand(g, GER, [hg, un])
    top(g, GER, card(g, GER, 5, 5, "Event!"), valor)
    top(g, ENT, card(g, ENT, 3, 5))
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
    g = game("belleau_wood_1918")
    b, n = building_and_neighbour(g)
    us = put(g, ENT, "us-infantry", b, suppressed=True)
    put(g, ENT, "us-infantry", "O11")
    lw = put(g, GER, "ger-landwehr", n)
    conceal = card_with(g, ENT, action="Concealment")
    hand(g, ENT, [conceal])
    hand(g, GER, [card_with(g, GER, action="Ach Komm!")])  # the firer's window opens (public facts)
    top(g, GER, card(g, GER, 5, 4))
    top(g, ENT, card(g, ENT, 2, 3))
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
    g = game("frontieres_1914")
    g.state["active"] = active
    h = hexes_of(g, "open_ground")[5]
    lw = put(g, GER, "ger-landwehr", h)
    ldr = put(g, GER, g.rules.components.of_nation("Germany", "leader")[0].id, h)
    fr = put(g, ENT, "fr-ligne-1914", h)
    put(g, GER, "ger-landwehr", "A1")
    put(g, ENT, "fr-ligne-1914", "O11")
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
    g = game("frontieres_1914")
    g.state["active"] = GER
    h = hexes_of(g, "open_ground")[5]
    lw = put(g, GER, "ger-landwehr", h, broken=True)
    fr = put(g, ENT, "fr-ligne-1914", h)
    put(g, GER, "ger-landwehr", "A1")
    put(g, ENT, "fr-ligne-1914", "O11")
    a_ger = card_with(g, GER, action="Ambush")
    a_fr = card_with(g, ENT, action="Ambush")
    hand(g, GER, [a_ger])
    hand(g, ENT, [a_fr])
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
    lw = put(g, GER, "ger-landwehr", h)
    fr = put(g, ENT, "fr-ligne-1914", h)
    put(g, GER, "ger-landwehr", "A1")
    put(g, ENT, "fr-ligne-1914", "O11")
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
