"""Strategy Card Situations played inside a procedure (S98.1): during a friendly Move or Offensive
(S98.3.4, S98.4.7, S98.5.6, S98.5.3), as an answer to the opponent (S98.4.5, S98.4.6, S98.5.7),
in a Melee (S98.3.8); Field Reports (S98.3.5), Woods Fighting (S98.5.9) and Anti-Gas Strategy on
entering Gas (S98.3.3); every card playable as a Situation; windows that do not depend on the
card held."""

from __future__ import annotations

from typing import Any

import pytest

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family import fortifications as fam
from tactica.games.commander_family.activation import activate
from tactica.games.commander_family.fire import push_fire_attack
from tactica.games.commander_family.state import side
from tactica.games.commander_family.stats import stat_value
from tactica.games.great_war_commander import RULES, strategy, strategy_timing

from .cards_helpers import (
    ENT,
    GER,
    card,
    card_with,
    hand,
    hexes_of,
    op_fire_example_f,
    opts,
    scene,
    settle,
    text,
    top,
)
from .gwc_helpers import KEEP, pass_windows, run_out

PASSING = (*KEEP, "action_window", "op_fire")
"""A test's players pass every window but the one it looks at."""


def row(g: Game) -> tuple[str, str, str]:
    """Three Open Ground hexes in a row (each next to the one before), off the map edges."""
    rules: Any = g.rules
    opens = set(hexes_of(g, "open_ground"))
    for x in sorted(opens):
        if x[0] in "AO" or x[1:] in ("1", "11"):
            continue
        for y in sorted(rules.adjacent_hexes(g, x)):
            if y not in opens:
                continue
            for z in sorted(rules.adjacent_hexes(g, y)):
                if z in opens and z != x and z not in rules.adjacent_hexes(g, x) and z[0] not in "AO":
                    return x, y, z
    raise AssertionError("no row of Open Ground")


def with_card_scene(scenario: str, seat: int, cid: str | None,
                    other: str | None = None) -> studio.Position:
    """``scenario`` at its first Turn with no unit yet, ``seat`` active and holding the Strategy
    Card ``cid`` (the other seat ``other``)."""
    p = scene(scenario).turn(seat)
    p.hand(seat, [cid] if cid else [], kind="strategy")
    return p.hand(1 - seat, [other] if other else [], kind="strategy")


def with_card(scenario: str, seat: int, cid: str | None, other: str | None = None) -> Game:
    return with_card_scene(scenario, seat, cid, other).game(seed=1)


def move(g: Game, seat: int, units: list[str], offensive: bool = False) -> None:
    """``seat``'s Move Order (or the Offensive's Move step) with ``units`` activated, at the
    choice of the first group."""
    activate(g, units)
    g.push("hold")
    extra: dict[str, Any] = {}
    if offensive:
        extra = {"offensive": True, "visited": {u: [g.state["units"][u]["hex"]] for u in units}}
    g.push("move_order", seat=seat, phase="pick", activated=list(units), leader=None, last=None,
           moved=[], group=[], hex=None, spent={}, road=[], steps=0, crossed=False, op_units=[], **extra)
    g.refresh()


def step(g: Game, *ids: str) -> None:
    for i in ids:
        g.apply(i)
        pass_windows(g, PASSING)


def lines(g: Game) -> str:
    return text(g)


# ---------------------------------------------------------------- during a friendly Move Order
def test_S98_3_4_assaults_movers_enter_an_enemy_hex_suppressed_and_stop() -> None:
    look = with_card("verdun_gas_1916", ENT, "FRS4")
    p = with_card_scene("verdun_gas_1916", ENT, "FRS4")
    x, y, _ = row(look)
    fr = p.unit(ENT, "fr-poilus", x)
    ger = p.unit(GER, "ger-infanterie", y)
    g = p.game(seed=1)
    move(g, ENT, [fr])
    step(g, f"unit:{fr}")
    assert f"to:{y}" not in opts(g)  # without the card no enemy hex is entered
    assert "sc:FRS4:0" in opts(g)
    step(g, "sc:FRS4:0")
    assert side(g.state, ENT)["sc_discard"] == ["FRS4"] and f"to:{y}" in opts(g)
    step(g, f"to:{y}")
    u = g.state["units"][fr]
    assert u["hex"] == y and u["suppressed"] and g.state["units"][ger]["hex"] == y
    assert not [o for o in opts(g) if o.startswith("to:")]  # no MP left: the group's Move is over
    assert "Assaults: " in lines(g) and "S98.3.4" in {e[0] for e in g.log}


def test_S98_4_7_sturmtruppen_enter_an_enemy_hex_not_suppressed_and_only_from_1916() -> None:
    look = with_card("verdun_gas_1916", GER, "GES7")
    p = with_card_scene("verdun_gas_1916", GER, "GES7")
    x, y, _ = row(look)
    ger = p.unit(GER, "ger-infanterie", x)
    p.unit(ENT, "fr-poilus", y)
    g = p.game(seed=1)
    move(g, GER, [ger])
    step(g, f"unit:{ger}")
    assert {"sc:GES7:0", "sc:GES7:1"} <= set(opts(g))
    step(g, "sc:GES7:1", f"to:{y}")
    assert g.state["units"][ger]["hex"] == y and not g.state["units"][ger]["suppressed"]
    p = with_card_scene("frontieres_1914", GER, "GES7")  # S98.1.2: from 1916 only
    ger = p.unit(GER, "ger-infanterie", x)
    g = p.game(seed=1)
    move(g, GER, [ger])
    assert not [o for o in opts(g) if o.startswith("sc:")]


def _wire_move(scenario: str, seat: int, cid: str, unit: str) -> tuple[Game, str, tuple[str, str, str]]:
    look = with_card(scenario, seat, cid)
    p = with_card_scene(scenario, seat, cid)
    x, y, z = row(look)
    uid = p.unit(seat, unit, x)
    p.unit(1 - seat, "ger-infanterie" if seat else "fr-poilus", "A1" if seat else "O11")
    g = p.game(seed=1)
    fam.place(g, y, "wire", "test")
    move(g, seat, [uid])
    return g, uid, (x, y, z)


def test_S98_5_6_hidden_path_movers_ignore_wire_until_the_order_ends() -> None:
    g, us, (_, y, z) = _wire_move("belleau_wood_1918", ENT, "USS6", "us-infantry")
    step(g, f"unit:{us}", f"to:{y}")
    assert "Wire" in lines(g) and g.state["units"][us]["hex"] == y
    assert f"to:{z}" not in opts(g)  # F131.2: the Wire ended the move
    g, us, (_, y, z) = _wire_move("belleau_wood_1918", ENT, "USS6", "us-infantry")
    printed = stat_value(g, us, "morale")
    step(g, "sc:USS6:0", f"unit:{us}", f"to:{y}")
    assert stat_value(g, us, "morale") == printed  # the Wire's -1 is ignored too
    assert "Wire ignored" in morale_explained(g, us)
    step(g, f"to:{z}")
    assert g.state["units"][us]["hex"] == z
    assert stat_value(g, us, "morale") == printed


def morale_explained(g: Game, uid: str) -> str:
    from tactica.games.commander_family.stats import unit_stat

    return unit_stat(g, uid, "morale").explain()


def test_S98_4_7_sturmtruppen_first_use_ignores_wire() -> None:
    g, ger, (_, y, z) = _wire_move("verdun_gas_1916", GER, "GES7", "ger-infanterie")
    step(g, f"unit:{ger}", "sc:GES7:0", f"to:{y}", f"to:{z}")
    assert g.state["units"][ger]["hex"] == z


# ---------------------------------------------------------------- S98.5.3 Doughboy Surge
def test_S98_5_3_doughboy_surge_op_fire_does_not_break_units_near_an_activated_leader() -> None:
    look = with_card("belleau_wood_1918", ENT, "USS3")
    p = with_card_scene("belleau_wood_1918", ENT, "USS3")
    x, y, _ = row(look)
    ldr = p.unit(ENT, RULES.components.leader_id("America", "Kelly"), x)
    near = p.unit(ENT, "us-infantry", y)
    ger = p.unit(GER, "ger-infanterie", "A1")
    g = p.game(seed=1)
    move(g, ENT, [ldr, near], offensive=True)
    assert "sc:USS3:0" in opts(g)
    step(g, "sc:USS3:0")
    for seat, (w, c) in ((GER, (6, 6)), (ENT, (1, 1))):
        hand(g, seat, [])
        top(g, seat, card(g, seat, w, c))
    g.push("hold")
    push_fire_attack(g, GER, [ger], y, moving=[ldr, near], op_fire=True)
    g.refresh()
    settle(g)
    run_out(g, "fire_attack", PASSING)
    assert "would break but does not" in lines(g) and not g.state["units"][near]["broken"]
    # outside the Leader's radius the roll breaks as usual
    p = with_card_scene("belleau_wood_1918", ENT, "USS3")
    far_ldr = p.unit(ENT, RULES.components.leader_id("America", "Kelly"), "O11")
    near = p.unit(ENT, "us-infantry", y)
    g = p.game(seed=1)
    move(g, ENT, [far_ldr, near], offensive=True)
    step(g, "sc:USS3:0")
    assert strategy_timing.break_spared(g, {"op_fire": True}, near) is None
    assert strategy_timing.break_spared(g, {"op_fire": False}, near) is None


# ---------------------------------------------------------------- answers to the opponent
def _french_offensive(german_card: str, spent: str | None = None) -> tuple[Game, list[str]]:
    """France gives an Offensive with a Leader and two Platoons; Germany holds ``german_card``
    (and has ``spent`` in its public Strategy discards)."""
    from .test_core_orders import hand_order

    g = with_card("frontieres_1914", ENT, None, german_card)
    if spent is not None:
        side(g.state, GER)["sc_draw"].remove(spent)
        side(g.state, GER)["sc_discard"].append(spent)
    lead = studio.arrive(g, ENT, "fr-ldr-barnier", "H6")
    p1 = studio.arrive(g, ENT, "fr-ligne-1914", "I6")
    p2 = studio.arrive(g, ENT, "fr-ligne-1914", "H7")
    studio.arrive(g, GER, "ger-landwehr", "A1")
    c = hand_order(g, ENT, "Offensive")
    g.push("turn", phase="choose", given=0)
    g.refresh()
    for i in (f"order:{c}", f"add:{lead}", f"add:{p1}", f"add:{p2}"):
        if i in opts(g):
            g.apply(i)
    if "done" in opts(g):
        g.apply("done")
    return g, [lead, p1, p2]


def test_S98_4_5_red_trousers_cancels_a_french_offensive_and_suppresses_half() -> None:
    g, line = _french_offensive("GES5")
    d = g.decision()
    assert d.step == "sc_situation" and d.seat == GER and "sc:GES5" in opts(g)
    g.apply("sc:GES5")
    assert g.decision().step == "sc_suppress" and set(opts(g)) == {f"suppress:{u}" for u in line[1:]}
    g.apply(f"suppress:{line[1]}")  # two Units: one, rounded up, is Suppressed
    assert "offensive_order" not in g.frame_names() and "move_order" not in g.frame_names()
    assert g.state["units"][line[1]]["suppressed"] and not g.state["units"][line[2]]["suppressed"]
    assert not set(line) & set(g.state["activated"])
    turn = next(f for f in g.state["stack"] if f["step"] == "turn")
    assert turn["args"]["given"] == 0  # the cancelled Order does not count
    assert "S98.4.5" in {e[0] for e in g.log}


def test_S98_4_5_the_answer_window_does_not_depend_on_the_card_held() -> None:
    """Hidden information: Germany is asked whatever it holds; only the card itself may be played."""
    seen = set()
    for cid in ("GES5", "GES2", "GES8"):
        g, _ = _french_offensive(cid)
        d = g.decision()
        seen.add((d.step, d.seat))
        assert ("sc:GES5" in opts(g)) is (cid == "GES5") and "pass" in opts(g)
    assert seen == {("sc_situation", GER)}
    g, _ = _french_offensive("GES2", spent="GES5")  # Red Trousers publicly spent: no window
    assert g.decision().step != "sc_situation"


def test_S98_4_6_sturmabteilung_vor_cancels_an_op_fire_activation() -> None:
    look = with_card("verdun_gas_1916", GER, "GES6")
    p = with_card_scene("verdun_gas_1916", GER, "GES6")
    x, y, _ = row(look)
    ger = p.unit(GER, "ger-infanterie", x)
    g = p.game(seed=1)
    rules: Any = g.rules
    b = rules.board(g)
    fr_hex = next(h for h in sorted(b.label(q) for q in b.index)
                  if h not in (x, y) and 2 <= _dist(g, h, y) <= 3 and _sees(g, h, y))
    fr = studio.arrive(g, ENT, "fr-poilus", fr_hex)
    fire_card = card_with(g, ENT, action="Fire")
    hand(g, ENT, [fire_card])
    move(g, GER, [ger])
    g.apply(f"unit:{ger}")
    g.apply(f"to:{y}")
    pass_windows(g, (*KEEP, "action_window"))
    assert g.decision().step == "op_fire" and f"action:{fire_card}" in opts(g)
    g.apply(f"action:{fire_card}")
    g.apply(f"activate:{fr}")
    if "done" in opts(g):
        g.apply("done")
    d = g.decision()
    assert d.step == "sc_situation" and d.seat == GER and "sc:GES6" in opts(g)
    g.apply("sc:GES6")
    assert not g.state["units"][fr]["op_fired"]
    mv = next(f["args"] for f in g.state["stack"] if f["step"] == "move_order")
    assert mv["op_units"] == [] and "attack" not in opts(g)
    assert "Sturmabteilung Vor" in lines(g) and fire_card in side(g.state, ENT)["deck"]["discard"]


def _dist(g: Game, a: str, b: str) -> int:
    from tactica.games.commander_family.board_state import hex_distance

    return int(hex_distance(g, a, b))


def _sees(g: Game, a: str, b: str) -> bool:
    from tactica.games.commander_family.board_state import los

    return bool(los(g, a, b).clear)


def test_S98_5_7_scout_negates_concealment() -> None:
    from .test_actions import building_and_neighbour

    look = with_card("belleau_wood_1918", ENT, "USS7")
    p = with_card_scene("belleau_wood_1918", ENT, "USS7")
    b, n = building_and_neighbour(look)
    p.unit(GER, "ger-infanterie", b)
    us = p.unit(ENT, "us-infantry", n)
    conceal = card_with(look, GER, action="Concealment")
    p.hand(GER, [conceal])
    p.hand(ENT, [])
    p.deck(ENT, top=[card(look, ENT, 5, 4)])
    p.deck(GER, top=[card(look, GER, 2, 3)])
    g = p.game(seed=1)
    g.push("hold")
    push_fire_attack(g, ENT, [us], b)
    g.refresh()
    while not (g.decision().step == "action_window" and g.decision().seat == GER):
        g.apply("pass")
    g.apply(f"action:{conceal}")
    d = g.decision()
    assert d.step == "sc_situation" and d.seat == ENT and "sc:USS7" in opts(g)
    g.apply("sc:USS7")
    settle(g)
    assert "Scout: Germany's Concealment" in lines(g) and "drops by the Cover" not in lines(g)
    assert conceal in side(g.state, GER)["deck"]["discard"]


def test_S98_3_8_la_force_noire_is_an_ambush_in_the_french_turn() -> None:
    from .test_actions import start_melee

    look = with_card("frontieres_1914", ENT, "FRS8")
    p = with_card_scene("frontieres_1914", ENT, "FRS8")
    h = hexes_of(look, "open_ground")[5]
    lw = p.unit(GER, "ger-landwehr", h)
    fr = p.unit(ENT, "fr-ligne-1914", h)
    p.hand(GER, [])
    p.hand(ENT, [])
    g = p.game(seed=1)
    start_melee(g)
    d = g.decision()
    assert d.step == "sc_situation" and d.seat == ENT and "sc:FRS8" in opts(g)
    g.apply("sc:FRS8")
    assert g.state["units"][lw]["broken"] and not g.state["units"][fr]["broken"]
    assert "La Force Noire" in lines(g)
    p = with_card_scene("frontieres_1914", GER, "GES2", "FRS8")  # Germany's Turn: not offered (S98.1)
    p.unit(GER, "ger-landwehr", h)
    p.unit(ENT, "fr-ligne-1914", h)
    g = p.game(seed=1)
    start_melee(g)
    assert not any(f["step"] == "sc_situation" for f in g.state["stack"])


# ---------------------------------------------------------------- at the Turn decision
def test_S98_3_5_field_reports_the_opponent_discards_redraws_three_and_reveals_chits() -> None:
    g = with_card("verdun_gas_1916", ENT, "FRS5", "GES2")
    sd = side(g.state, GER)
    old = list(sd["hand"])
    sd["chits_secret"] = [c for c in g.state["chit_pool"][:1]]
    for c in sd["chits_secret"]:
        g.state["chit_pool"].remove(c)
    secret = list(sd["chits_secret"])
    g.push("turn", phase="choose", given=0)
    g.refresh()
    assert "sc:FRS5:0" in opts(g)
    g.apply("sc:FRS5:0")
    assert len(sd["hand"]) == 3 and not set(sd["hand"]) & set(old)
    assert set(old) <= set(sd["deck"]["discard"]) and sd["sc_hand"] == [] and "GES2" in sd["sc_discard"]
    assert sd["chits_secret"] == [] and set(secret) <= set(g.state["chits_open"])
    assert g.view(ENT)["board"]["sides"][GER]["hand"] is None  # the new hand stays hidden


def test_S98_5_9_woods_fighting_adds_one_to_leaders_morale_in_woods() -> None:
    look = with_card("belleau_wood_1918", ENT, "USS9")
    p = with_card_scene("belleau_wood_1918", ENT, "USS9")
    woods = hexes_of(look, "woods")[0]
    in_woods = p.unit(ENT, RULES.components.leader_id("America", "Kelly"), woods)
    in_open = p.unit(ENT, RULES.components.leader_id("America", "Knox"), hexes_of(look, "open_ground")[3])
    platoon = p.unit(ENT, "us-infantry", hexes_of(look, "woods")[1])
    g = p.game(seed=1)
    before = {u: stat_value(g, u, "morale") for u in (in_woods, in_open, platoon)}
    g.push("turn", phase="choose", given=0)
    g.refresh()
    g.apply("sc:USS9:0")
    assert side(g.state, ENT)["sc_reminders"] == ["USS9"]
    after = {u: stat_value(g, u, "morale") for u in before}
    assert after == {in_woods: before[in_woods] + 1, in_open: before[in_open], platoon: before[platoon]}


def test_S98_3_3_anti_gas_strategy_a_suppressed_formation_entering_gas_does_not_break() -> None:
    for reminder in (False, True):
        look = with_card("verdun_gas_1916", GER, None)
        p = with_card_scene("verdun_gas_1916", GER, None)
        x, y, _ = row(look)
        ger = p.unit(GER, "ger-infanterie", x, suppressed=True)
        p.unit(ENT, "fr-poilus", "O11")
        p.marker("gas", y)
        if reminder:
            p.side(GER, reminders=["GES1"])  # played earlier, in force this Turn (S98.1.1)
        g = p.game(seed=1)
        move(g, GER, [ger])
        step(g, f"unit:{ger}", f"to:{y}")
        assert g.state["units"][ger]["broken"] is not reminder
        assert ("ignores the break: Anti-Gas Strategy" in lines(g)) is reminder


def test_S98_1_every_strategy_card_can_be_played_as_a_situation() -> None:
    """Each of the 27 cards has a Situation this engine carries out (at the Turn decision, in a
    Move or Offensive, or as an answer)."""
    answering = {"Forward Observer", "Battle Morale", "Air Dominance", "Dog Fights",
                 *strategy_timing.ANSWERS}
    names = {c.name for c in RULES.components.pack.strategy.cards}
    covered = (set(strategy.SITUATIONS) | set(strategy_timing.MOVE_USES)
               | set(strategy_timing.OFFENSIVE_USES) | answering)
    assert len(names) == 23 and names <= covered, names - covered


def test_intro_three_players_not_offered() -> None:
    """Reading R5: the book gives no three-player rules; the game keeps two seats and the French
    contingent of belleau_wood_1918's ``three_player`` note never enters play."""
    import tactica

    assert RULES.seats == ("germany", "entente") and not RULES.option_defaults
    sc = RULES.components.pack.scenarios["belleau_wood_1918"]
    assert sc.three_player is not None and sc.three_player.nation == "France"
    g = tactica.new_game("great_war_commander", "belleau_wood_1918", seed=1)
    nations = {RULES.unit_type(u["type"]).nation for u in g.state["units"].values()}
    assert nations == {"Germany", "America"} and len(g.state["sides"]) == 2


def test_1S_the_drawing_makes_the_strategy_card_a_click_for_its_owner_only() -> None:
    """The table: the held Strategy Card is a card face in its owner's hand, and its Situation
    and its +1 are picked by clicking it; the other seat's drawing has neither the face nor the
    card's id anywhere."""
    g = with_card("verdun_gas_1916", GER, "GES1", "FRS6")
    g.push("turn", phase="choose", given=0)
    g.refresh()
    mine = RULES.drawing(g, GER, g.view(GER))
    assert mine["options"]["sc:GES1:0"]["path"] == [{"card": "GES1"}]
    assert any(c["id"] == "GES1" for h in mine["hands"] for c in (h["cards"] or []))
    theirs = RULES.drawing(g, ENT, g.view(ENT))
    assert "GES1" not in str(theirs) and "GES1" not in str(g.view(ENT))
    g.push("roll", roller=GER, purpose="test", store="test_roll")
    g.refresh()
    pass_windows(g, ("initiative",))
    d = g.decision()
    assert d.step == "sc_modifier" and d.seat == ENT
    opts_drawn = RULES.drawing(g, ENT, g.view(ENT))["options"]
    assert opts_drawn["sc:FRS6"]["path"] == [{"card": "FRS6"}]


def test_S98_2_E16_op_fire_example_F_the_strategy_card_turns_17_into_18() -> None:
    """Digest E16, Op Fire example F: the Landwehr (5 + Müller's 2) with two Crossfire fires at
    11 FP; the roll 4-2 makes 17 and the German plays his Strategy Card as +1: 18. The moving US
    Platoon in a Shellhole (Morale 7 + 1) rolls 5-5 = 18: the tie breaks a moving unit."""
    from .cards_helpers import attack

    # the Americans move: Germany is inactive
    g, us, c1, c2 = op_fire_example_f(with_card_scene("verdun_gas_1916", ENT, None, "GES8"))
    attack(g)["fp"] = 7  # the example's Landwehr with Müller
    g.apply(f"action:{c1}")
    g.apply(f"action:{c2}")
    pass_windows(g, ("initiative", "action_window"))
    d = g.decision()
    assert d.step == "sc_modifier" and d.seat == GER and "sc:GES8" in opts(g)
    g.apply("sc:GES8")
    settle(g)
    log = lines(g)
    assert "Attack Total 18 (11 FP + roll 7)" in log  # the roll 6 and the card's +1
    assert "as +1 on the fire attack roll" in log
    assert "Defense Total 18 (Morale 8" in log and "Tie against a moving unit: it breaks" in log
    assert g.state["units"][us]["broken"]


@pytest.mark.parametrize(("scenario", "seat", "cid", "unit", "foe"), [
    ("verdun_gas_1916", ENT, "FRS4", "fr-poilus", "ger-infanterie"),      # S98.3.4 Assaults
    ("verdun_gas_1916", GER, "GES7", "ger-infanterie", "fr-poilus")])     # S98.4.7 Sturmtruppen
def test_O21_3_S98_3_4_S98_4_7_no_op_fire_at_or_from_a_hex_holding_both_sides(
        scenario: str, seat: int, cid: str, unit: str, foe: str) -> None:
    """Reading SC5: a hex the card let movers into holds both sides, so (O21.3) no Op Fire is
    made at it and its defenders fire not, even those activated for Op Fire before."""
    from tactica.games.commander_family.op_fire import may_op_activate, ready_pieces

    look = with_card(scenario, seat, cid)
    p = with_card_scene(scenario, seat, cid)
    x, y, z = row(look)
    mover = p.unit(seat, unit, x)
    defender = p.unit(1 - seat, foe, y)
    g = p.game(seed=1)
    move(g, seat, [mover])
    g.top()["op_units"].append(defender)  # activated for Op Fire earlier in this Order
    assert defender in ready_pieces(g, 1 - seat, z)
    use = f"sc:{cid}:1" if cid == "GES7" else f"sc:{cid}:0"  # the entering use
    step(g, use, f"unit:{mover}")
    g.apply(f"to:{y}")
    assert g.state["units"][mover]["hex"] == y
    assert not any(f["step"] == "op_fire" for f in g.state["stack"])  # none at the hex
    assert not may_op_activate(g, defender) and defender not in ready_pieces(g, 1 - seat, z)
    assert "O21.3" in {e[0] for e in g.log}
