"""The scripted policy's own GWC decisions: the Strategy Card as +1 only on a roll where it helps
this side and can change the outcome (S98.2), Artillery Requests (O19) and Air Assaults (O17)
aimed at enemy Units and away from friendly ones, Strategy Card Situations inside a procedure."""

from __future__ import annotations

import random

from tactica import studio
from tactica.core.game import Game
from tactica.games.great_war_commander import RULES, scripted, strategy

from .gwc_helpers import SCENARIOS, new
from .test_air import game as air_game
from .test_air import start
from .test_artillery import BERTIN, keep, pick, request
from .test_artillery import game as art_game

POLICY = scripted.POLICY


def _roll_args(g: Game) -> dict[str, object]:
    found = scripted._roll_and_caller(g)
    assert found is not None
    return found[0]


def test_S98_2_the_policy_never_plays_the_strategy_card_on_a_roll_that_does_not_help_it() -> None:
    windows = plays = foreign = 0
    for scenario in SCENARIOS[:4]:
        g = new(scenario, 5)
        rng = random.Random(5)
        for _ in range(4000):
            if g.is_terminal():
                break
            d = g.decision()
            assert d is not None
            if d.step == "sc_modifier" and any(o.kind == "sc" for o in d.options):
                roll = _roll_args(g)
                choice = POLICY.choose(g, d.seat, random.Random(1))
                windows += 1
                helps = strategy.plus_one_helps(g, d.seat, roll)
                foreign += int(roll["roller"]) != d.seat
                if choice.kind == "sc":
                    plays += 1
                    assert helps and scripted.plus_one_changes(g, d.seat), (roll, d.seat)
                elif helps is False:
                    assert choice.id == "pass"
            g.apply(rng.choice(g.legal_options()).id)
    assert windows > 10 and foreign > 0  # it did meet the opponent's rolls, and kept its card there
    assert plays >= 1, f"never played +1 in {windows} windows"


def test_S98_2_plus_one_on_our_fire_defense_roll_only_when_one_short() -> None:
    """O21.3.6-O21.3.7 read through plus_one_changes: a Defense Total one below the Attack Total
    (broken -> Suppressed) or equal to it (Suppressed -> unaffected) changes; two below does not."""
    g = new("frontieres_1914", 2)
    uid = next(u for u, x in g.state["units"].items() if x["seat"] == 1 and x["where"] == "map")
    m = min(scripted._morales(g, {}, uid))
    deck = g.state["sides"][1]["deck"]
    card = next(c for c in [*deck["draw"], *deck["discard"]] if RULES.card(c).trigger is None)
    total = RULES.card(card).white + RULES.card(card).colored
    roll = {"roller": 1, "purpose": f"fire defense of {uid}", "card": card, "product": False}
    for gap, changes in ((-2, False), (-1, True), (0, True), (1, False)):
        caller = {"unit": uid, "total": m + total - gap}
        g.state["stack"] += [{"step": "fire_attack", "args": caller}, {"step": "roll", "args": roll},
                             {"step": "sc_modifier", "args": {"seat": 1}}]
        try:
            assert scripted.plus_one_changes(g, 1) is changes, gap
            assert scripted.plus_one_changes(g, 0) is False  # not the roller: never
        finally:
            del g.state["stack"][-3:]


def test_O19_policy_spots_the_enemy_stack_not_the_one_next_to_friends() -> None:
    """The Local Barrage hits the SR hex and its neighbours: three enemies beside two friendly
    Units are worth less than two enemies alone."""
    from tactica.games.commander_family.board_state import hex_distance, los

    g = art_game()
    for h in ("H6", "H6", "H6", "K6", "K6"):
        studio.arrive(g, 1, "fr-poilus", h)
    studio.arrive(g, 0, "ger-landwehr", "H5")
    studio.arrive(g, 0, "ger-landwehr", "H5")
    b = RULES.board(g)
    eye = next(lab for lab in b.labels if min(hex_distance(g, lab, h) for h in ("H6", "K6")) >= 3
               and los(g, lab, "H6").clear and los(g, lab, "K6").clear)
    ldr = studio.arrive(g, 0, BERTIN, eye)
    request(g)
    keep(g)
    assert POLICY.choose(g, 0, random.Random(0)).id == "space:local"
    pick(g, "space:local")
    assert POLICY.choose(g, 0, random.Random(0)).id == "spotter:FAO"
    pick(g, f"spotter:{ldr}")
    assert {"spot:H6", "spot:K6"} <= {o.id for o in g.legal_options()}
    assert POLICY.choose(g, 0, random.Random(0)).id == "spot:K6"


def test_O17_policy_bombs_the_enemy_and_spares_its_own() -> None:
    g = air_game()
    studio.arrive(g, 1, "us-infantry", "G8")
    studio.arrive(g, 1, "us-infantry", "G8")
    studio.arrive(g, 0, "ger-landwehr", "J9")
    studio.arrive(g, 1, "us-infantry", "J9")
    start(g, "G11")
    choice = POLICY.choose(g, 0, random.Random(0))
    assert choice.kind in ("bomb", "strafe") and "G8" in choice.args["hexes"]
    assert "J9" not in choice.args["hexes"]


def test_S98_1_the_policy_plays_an_offered_situation_at_its_turn() -> None:
    seen = 0
    for scenario in SCENARIOS:
        g = new(scenario, 7)
        rng = random.Random(7)
        for _ in range(3000):
            if g.is_terminal():
                break
            d = g.decision()
            assert d is not None
            sits = [o for o in d.options if o.kind == "extra" and "sc_card" in o.args]
            if d.step == "turn" and sits and any(scripted.situation_value(o.args["key"]) > 0 for o in sits):
                choice = POLICY.choose(g, d.seat, random.Random(0))
                assert choice in sits, choice.id
                best = max(scripted.situation_value(o.args["key"]) for o in sits)
                assert scripted.situation_value(choice.args["key"]) == best
                seen += 1
            g.apply(rng.choice(g.legal_options()).id)
    assert seen >= 1


def _policy_picks(g: Game, seat: int) -> str:
    return POLICY.choose(g, seat, random.Random(3)).id


def test_S98_4_7_the_policy_plays_sturmtruppen_next_to_an_enemy_and_storms_it() -> None:
    from tactica.games.great_war_commander import strategy_timing as st

    from .test_strategy_timing import ENT, GER, move, row, step, with_card

    g = with_card("verdun_gas_1916", GER, "GES7")
    x, y, z = row(g)
    ger = studio.arrive(g, GER, "ger-infanterie", x)
    fr = studio.arrive(g, ENT, "fr-poilus", y)
    move(g, GER, [ger])
    assert _policy_picks(g, GER) == "sc:GES7:1"  # enter enemy hexes, not the Wire use
    step(g, "sc:GES7:1")
    assert st.enemy_entry(g, g.top()) == "S98.4.7"
    for _ in range(3):
        if g.state["units"][ger]["hex"] == y:
            break
        step(g, _policy_picks(g, GER))
    assert g.state["units"][ger]["hex"] == y == g.state["units"][fr]["hex"]
    # pointless: the enemy is two hexes off, so the card is kept
    g = with_card("verdun_gas_1916", GER, "GES7")
    ger = studio.arrive(g, GER, "ger-infanterie", x)
    studio.arrive(g, ENT, "fr-poilus", z)
    move(g, GER, [ger])
    assert not _policy_picks(g, GER).startswith("sc:")
    step(g, f"unit:{ger}")
    assert not _policy_picks(g, GER).startswith("sc:")


def test_S98_5_6_the_policy_plays_hidden_path_only_with_wire_in_the_way() -> None:
    from tactica.games.commander_family import fortifications as fam

    from .test_strategy_timing import ENT, _wire_move, step

    g, us, (_, y, _) = _wire_move("belleau_wood_1918", ENT, "USS6", "us-infantry")
    step(g, f"unit:{us}")
    assert _policy_picks(g, ENT) == "sc:USS6:0"  # a step into Wire is offered
    g, us, (_, y, _) = _wire_move("belleau_wood_1918", ENT, "USS6", "us-infantry")
    fam.remove(g, y, "test")
    step(g, f"unit:{us}")
    assert not _policy_picks(g, ENT).startswith("sc:")  # no Wire anywhere near: keep it


def test_S98_5_3_the_policy_plays_doughboy_surge_only_with_the_line_in_enemy_range() -> None:
    from .test_strategy_timing import ENT, GER, move, row, with_card

    for foe_hex, plays in (("z", True), ("O11", False)):
        g = with_card("belleau_wood_1918", ENT, "USS3")
        x, y, z = row(g)
        ldr = studio.arrive(g, ENT, RULES.components.leader_id("America", "Kelly"), x)
        near = studio.arrive(g, ENT, "us-infantry", y)
        studio.arrive(g, GER, "ger-infanterie", z if foe_hex == "z" else foe_hex)
        move(g, ENT, [ldr, near], offensive=True)
        assert "sc:USS3:0" in {o.id for o in g.legal_options()}
        assert (_policy_picks(g, ENT) == "sc:USS3:0") is plays


def _offensive_position(enemy: str | None) -> Game:
    """Germany's Leader in B7 with Platoons in B8 and C7, away from the objectives they do not
    hold (F7, I10, E10); a French Platoon in ``enemy``; Germany holds an Offensive (G-38) and a
    Move (G-2) card only, at its first Turn decision."""
    from tactica.games.commander_family.state import side

    from .gwc_helpers import clear_map, to_first_turn

    g = to_first_turn(new("frontieres_1914", 3))
    clear_map(g)
    ldr = next(u.id for u in RULES.components.of_nation("Germany", "leader") if u.special != "hero")
    for type_id, here in ((ldr, "B7"), ("ger-infanterie", "B8"), ("ger-infanterie", "C7")):
        studio.arrive(g, 0, type_id, here)
    if enemy is not None:
        studio.arrive(g, 1, "fr-poilus", enemy)
    g.state["activated"] = []
    g.state["active"] = 0
    g.state["stack"] = [f for f in g.state["stack"] if f["step"] != "turn"]
    g.state["stack"].append({"step": "turn", "args": {"phase": "choose", "given": 0}})
    for sd in g.state["sides"]:  # no Strategy Card windows here
        sd["sc_draw"].extend(sd["sc_hand"])
        sd["sc_hand"].clear()
    side(g.state, 0)["hand"] = ["G-38", "G-2"]
    g.refresh()
    return g


def test_O24_the_policy_gives_an_offensive_when_its_line_can_step_up_and_fire() -> None:
    """A line of three away from the objectives with a French Platoon a few hexes off: the
    Offensive (move, then one Fire Attack, O24.2) is worth more than the Move card; the policy
    forms the whole line, moves it and makes the Fire Attack."""
    g = _offensive_position("E7")
    opt, why = POLICY.explain(g, 0, random.Random(1))
    assert opt.id == "order:G-38", why
    assert "Offensive" in why
    vals = POLICY.order_values(g, scripted._Ctx(g, 0), {"Offensive", "Move"})
    assert vals["Offensive"][0] > vals["Move"][0]
    g.apply(opt.id)
    rng = random.Random(2)
    while "offensive_order" in g.frame_names():
        d = g.decision()
        assert d is not None
        g.apply(POLICY.choose(g, d.seat, rng).id)
    texts = [e[1].format(**e[2]) for e in g.log]
    assert any(e[0] == "O24.1" and "line of 3" in e[1].format(**e[2]) for e in g.log), texts[-12:]
    assert any(e[0] == "O24.2" and "fires" in e[1].format(**e[2]) for e in g.log), texts[-12:]


def test_O24_no_offensive_without_an_enemy_it_could_fire_at() -> None:
    """The same line with the enemy out of reach: the Offensive adds nothing to a Move."""
    g = _offensive_position("N2")
    assert scripted.offensive_value(scripted._Ctx(g, 0))[0] == 0.0
    assert POLICY.choose(g, 0, random.Random(1)).id != "order:G-38"
