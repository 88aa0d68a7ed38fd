"""Combat Commander's scripted policy, habits a player would call bad (issue 18), each shown in a
built position: a stack that must move or advance never walks into an overstack (8.2), an Event's
question never hurts our own units when it could hurt the enemy's (E43, E60, E62), and a move
goes round through Cover rather than across open ground an enemy gun covers (A33, O20.3.4)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tactica.core.game import Game
from tactica.games.combat_commander.scripted import POLICY

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "combat_commander"))
from event_helpers import AXIS, happen, hex_card
from event_helpers import game as event_game
from fire_helpers import game, hand, skip

SEEDS = range(20)
"""Ties among equal options go to the agent's seed (the options are shuffled): every choice
below is asked under many seeds, so a choice that is only "the first one offered" shows."""


def _choices(g: Game, seat: int) -> set[str]:
    return {POLICY.explain(g, seat, random.Random(s))[0].id for s in SEEDS}


def _order_cards(g: Game, order: str, n: int) -> list[str]:
    """The first ``n`` German cards whose Order is ``order``."""
    rules: Any = g.rules
    return [c for c in rules.pack.decks["Germany"].cards if rules.card(c).order == order][:n]


def _ordering(g: Game, order: str, in_hand: int, *steps: str) -> None:
    """Hand the Germans ``in_hand`` cards of ``order``, give that Order with the first and carry
    out ``steps`` (activate, pick the unit ...)."""
    cards = _order_cards(g, order, in_hand)
    hand(g, 0, cards)
    skip(g)
    for s in (f"order:{cards[0]}", *steps):
        g.apply(s)
        skip(g)


def _moving(g: Game, *steps: str) -> None:
    """Give a Move Order and carry out ``steps``."""
    _ordering(g, "Move", 2, *steps)


def test_8_2_a_stack_that_must_move_never_walks_into_an_overstack() -> None:
    """O21: a unit that has just been picked to move must enter a hex ("stop" is not offered
    yet). The Squad (4 figures) stands on an Objective we hold, so every hex scores below
    staying; H4 holds a Squad and a Team of ours (6 figures): entering it overstacks the hex
    (more than 7 figures, 8.2), which costs a unit at the end of the Turn. The policy used to
    take the first hex offered then."""
    g = game([{"type": "ger-rifle-squad", "hex": "H5"},
              {"type": "ger-rifle-squad", "hex": "H4"}, {"type": "ger-rifle-team", "hex": "H4"}],
             [{"type": "us-rifle-squad", "hex": "O1"}], objectives={"3": "axis"})
    _moving(g, "activate:axis-1", "unit:axis-1")
    ids = {o.id for o in g.legal_options()}
    assert "to:H4" in ids and "stop" not in ids
    picks = _choices(g, 0)
    assert "to:H4" not in picks and picks <= ids


def test_O16_8_2_an_advance_that_must_be_made_never_goes_into_an_overstack() -> None:
    """O16: an activated unit must advance before the Order may end ("end" is not offered
    yet). The Squad stands on an Objective we hold, so no advance is worth anything; H4 holds
    a Squad and a Team of ours (6 figures): entering it overstacks the hex (8.2), and the
    policy, which took the first advance offered, lost two units that way in its games."""
    g = game([{"type": "ger-rifle-squad", "hex": "H5"},
              {"type": "ger-rifle-squad", "hex": "H4"}, {"type": "ger-rifle-team", "hex": "H4"}],
             [{"type": "us-rifle-squad", "hex": "O1"}], objectives={"3": "axis"})
    _ordering(g, "Advance", 2, "activate:axis-1")
    ids = {o.id for o in g.legal_options()}
    assert "adv:axis-1:H4" in ids and "end" not in ids
    picks = _choices(g, 0)
    assert "adv:axis-1:H4" not in picks and picks <= ids


def test_E43_air_support_is_declined_when_it_would_break_our_own_stack() -> None:
    """Air Support's Random Hex (E4) is empty: the closest occupied hex is our own stack (E6).
    Breaking every unit there is worse than "none"."""
    g = event_game([{"type": "ger-rifle-squad", "hex": "E6"}, {"type": "ger-rifle-team", "hex": "E6"}],
                   [{"type": "us-rifle-squad", "hex": "N8"}])
    happen(g, AXIS, "Air Support", hex_card("Germany", "E4"))
    assert {o.id for o in g.legal_options()} == {"hex:E6", "none"}
    assert _choices(g, AXIS) == {"none"}


def test_E60_interdiction_suppresses_the_enemy_not_our_own() -> None:
    """Interdiction offers any unit of either side in Cover below 1: the enemy's."""
    g = event_game([{"type": "ger-rifle-squad", "hex": "E4"}], [{"type": "us-rifle-squad", "hex": "N8"}])
    happen(g, AXIS, "Interdiction")
    assert {o.id for o in g.legal_options()} == {"unit:allies-1", "unit:axis-1"}
    assert _choices(g, AXIS) == {"unit:allies-1"}


def test_E62_kia_eliminates_the_enemy_broken_unit() -> None:
    """KIA offers a broken unit of either side: the enemy's (its elimination scores, 7.1)."""
    g = event_game([{"type": "ger-rifle-squad", "hex": "E4"}], [{"type": "us-rifle-squad", "hex": "N8"}])
    g.state["units"]["axis-1"]["broken"] = True
    g.state["units"]["allies-1"]["broken"] = True
    happen(g, AXIS, "KIA")
    assert {o.id for o in g.legal_options()} == {"unit:allies-1", "unit:axis-1"}
    assert _choices(g, AXIS) == {"unit:allies-1"}


def test_A33_a_move_goes_round_the_open_ground_an_enemy_covers() -> None:
    """The Squad in D3 heads for the only Objective it does not hold (C8): D4 and C4 are both a
    hex nearer, both open ground. An American Rifle Squad in G7 (FP 6, Range 4) has D4 in Range
    and LOS, not C4: a mover in D4 faces Op Fire that breaks it even on a tie (O20.3.4). The
    policy used to take either; now it goes by C4."""
    g = game([{"type": "ger-rifle-squad", "hex": "D3"}], [{"type": "us-rifle-squad", "hex": "G7"}],
             objectives={"1": "axis", "2": "axis", "3": "axis", "5": "axis"})
    _moving(g, "activate:axis-1", "unit:axis-1")
    assert {"to:C4", "to:D4"} <= {o.id for o in g.legal_options()}
    assert _choices(g, 0) == {"to:C4"}


def test_O20_3_1_1_a_fire_order_is_valued_with_the_mortar_firing_alone() -> None:
    """A Leader and a Rifle Team with a Light Mortar in C3, an American Rifle Squad in the open
    at G4. Ordnance always fires alone (O20.3.1.1), so the best Fire Group is the Team (with
    the Leader) or the Mortar, each a poor shot. The policy used to count the Mortar's FP into
    the Team's group and gave a Fire Order worth twice what any group could do."""
    from tactica.games.commander_family.scripted import FIRE_ODDS, _Ctx

    g = game([{"type": "ger-ldr-biermann", "hex": "C3"},
              {"type": "ger-rifle-team", "hex": "C3", "weapon": "ger-light-mortar"}],
             [{"type": "us-rifle-squad", "hex": "G4"}])
    rules: Any = g.rules
    hand(g, 0, [c for c in rules.pack.decks["Germany"].cards if rules.card(c).order == "Fire"][:3])
    skip(g)
    ctx = _Ctx(g, 0)
    mortar = g.state["units"]["axis-2"]["weapon"]
    assert ctx.pieces_reaching(["axis-1", "axis-2"], "G4") == ["axis-2", mortar]  # not the Leader
    alone = [ctx.shot_value(["axis-2"], "G4"), ctx.shot_value([mortar], "G4")]
    assert 0 < ctx.fire_value()[0] == max(alone) < ctx.shot_value(["axis-2", mortar], "G4")
    assert ctx.fire_value()[0] < FIRE_ODDS
    picks = {POLICY.explain(g, 0, random.Random(s))[0] for s in SEEDS}
    assert not any(o.kind == "order" and o.args["order"] == "Fire" for o in picks)


def test_O22_3_a_lone_broken_unit_is_rallied() -> None:
    """A lone broken Rifle Squad (broken Morale 8 in the open, no enemy in reach), three Recover
    cards in hand: a Rally Roll below 8 (21 in 36) gives the unit back. The Recover Order was
    valued 0.35 a broken unit less 0.15 for a lone one, exactly the pass threshold, so the
    policy passed and its unit stayed broken for good."""
    from tactica.games.commander_family.scripted import PASS_BELOW, _Ctx

    g = game([{"type": "ger-rifle-squad", "hex": "B2", "broken": True}],
             [{"type": "us-rifle-squad", "hex": "O10"}])
    hand(g, 0, _order_cards(g, "Recover", 3))
    skip(g)
    rules: Any = g.rules
    assert rules.roll_morale(g, "axis-1", "rally") == 8
    v, _ = POLICY.order_values(g, _Ctx(g, 0), {"Recover"})["Recover"]
    assert v == pytest.approx(21 / 36) and v > PASS_BELOW
    picks = {POLICY.explain(g, 0, random.Random(s))[0] for s in SEEDS}
    assert {o.args.get("order") for o in picks} == {"Recover"}


def test_O22_2_a_broken_leader_rolls_first_and_its_command_counts() -> None:
    """A broken Leader (Command 1 unbroken, 0 broken; broken Morale 6) and a broken Rifle Squad
    (Morale 8 with the broken Leader's Command 0) in B2. If the Leader rallies first, the
    Squad's Morale is 9 for its own roll (3.3.1.2): the Order's value counts that chance, and
    the Leader's roll is made first."""
    from tactica.games.commander_family.scripted import LEADER_WORTH, _Ctx

    g = game([{"type": "ger-rifle-squad", "hex": "B2", "broken": True},
              {"type": "ger-ldr-biermann", "hex": "B2", "broken": True}],
             [{"type": "us-rifle-squad", "hex": "O10"}])
    cards = _order_cards(g, "Recover", 3)
    hand(g, 0, cards)
    skip(g)
    p_leader, p8, p9 = 10 / 36, 21 / 36, 26 / 36
    v, _ = POLICY.order_values(g, _Ctx(g, 0), {"Recover"})["Recover"]
    assert v == pytest.approx(LEADER_WORTH * p_leader + p_leader * p9 + (1 - p_leader) * p8)
    g.apply(f"order:{cards[0]}")
    skip(g)
    assert {o.id for o in g.legal_options()} == {"rally:axis-1", "rally:axis-2"}
    assert _choices(g, 0) == {"rally:axis-2"}


def test_O14_1_an_advance_is_valued_by_the_units_still_free_to_act() -> None:
    """The Squad in D2 has just moved to D3 (a Move Order): it is activated for the Turn
    (O14.1) and cannot Advance now. The other Squad holds the Objective in H5, so advancing it
    is worth nothing, and an Advance must be made once given (O14.4). The Advance Order was
    valued for the moved Squad's step toward C8; the policy gave it, and the Squad in H5 had
    to walk off its Objective. Now nothing is worth a card: the Turn ends."""
    g = game([{"type": "ger-rifle-squad", "hex": "D2"}, {"type": "ger-rifle-squad", "hex": "H5"}],
             [{"type": "us-rifle-squad", "hex": "O1"}],
             objectives={"1": "axis", "2": "axis", "3": "axis", "5": "axis"})
    rules: Any = g.rules
    mv = _order_cards(g, "Move", 1)
    adv = [c for c in rules.pack.decks["Germany"].cards if rules.card(c).order == "Advance"][:2]
    hand(g, 0, mv + adv)
    skip(g)
    for s in (f"order:{mv[0]}", "activate:axis-1", "unit:axis-1", "to:D3", "stop"):
        g.apply(s)
        skip(g)
    assert g.state["activated"] == ["axis-1"]
    assert {o.id for o in g.legal_options()} == {*(f"order:{c}" for c in adv), "end"}
    assert _choices(g, 0) == {"end"}


def test_O20_3_1_a_fire_order_is_valued_with_groups_that_can_form() -> None:
    """Grein (Command 2) in L3 has a Rifle Squad in his radius at J3 and another at N3, four
    hexes apart, both in Range and LOS of an American Elite Squad at M6; Grein himself is not
    (Range 1). A Fire Group's hexes must form a chain of adjacent hexes (O20.3.1), so the two
    Squads fire apart, each a poor shot (0.24 expected breaks, below FIRE_ODDS). The policy used
    to count them as one group of 6 FP (0.34) and gave the Fire Order for a shot no group could
    make; with two Fire cards (the Op Fire reserve) it now keeps them."""
    from tactica.games.commander_family import fire as F
    from tactica.games.commander_family.scripted import FIRE_ODDS, _Ctx

    g = game([{"type": "ger-ldr-grein", "hex": "L3"}, {"type": "ger-rifle-squad", "hex": "J3"},
              {"type": "ger-rifle-squad", "hex": "N3"}],
             [{"type": "us-elite-squad", "hex": "M6"}])
    rules: Any = g.rules
    hand(g, 0, [c for c in rules.pack.decks["Germany"].cards if rules.card(c).order == "Fire"][:2])
    skip(g)
    ctx = _Ctx(g, 0)
    squads = ctx.pieces_reaching(["axis-1", "axis-2", "axis-3"], "M6")
    assert squads == ["axis-2", "axis-3"] and F.chains(g, squads) == [["axis-2"], ["axis-3"]]
    alone = ctx.shot_value(["axis-2"], "M6")
    assert ctx.fire_value()[0] == alone < FIRE_ODDS <= ctx.shot_value(squads, "M6")
    picks = {POLICY.explain(g, 0, random.Random(s))[0] for s in SEEDS}
    assert {o.id for o in picks} == {"pass"}


def test_O20_3_a_second_shot_is_valued_with_the_pieces_that_have_not_fired() -> None:
    """Biermann, a Rifle Squad and a Rifle Team with a Light Mortar in C3 are activated to
    Fire; the Squad and the Team have shot at an Elite Squad in the woods at G3. Each piece
    fires once an Order (O20.3): only the Mortar is left, a 0.01 shot that must hit first and
    breaks the Mortar on a Jammed! roll (O20.3.3.1). The policy valued the target with the
    pieces that had already fired and sent the Mortar; now it ends the Order."""
    g = game([{"type": "ger-ldr-biermann", "hex": "C3"}, {"type": "ger-rifle-squad", "hex": "C3"},
              {"type": "ger-rifle-team", "hex": "C3", "weapon": "ger-light-mortar"}],
             [{"type": "us-elite-squad", "hex": "G3"}])
    rules: Any = g.rules
    cards = [c for c in rules.pack.decks["Germany"].cards if rules.card(c).order == "Fire"][:3]
    hand(g, 0, cards)
    skip(g)
    for s in (f"order:{cards[0]}", "activate:axis-1", "add:axis-2", "add:axis-3", "target:G3",
              "add:axis-2", "add:axis-3", "fire"):
        g.apply(s)
        skip(g)
    assert g.top()["fired"] == ["axis-2", "axis-3"]
    assert {"target:G3", "end"} <= {o.id for o in g.legal_options()}
    assert _choices(g, 0) == {"end"}


def test_O20_3_4_a_leader_rolls_for_fire_defense_last() -> None:
    """A German Squad fires at Moreno and a Rifle Squad in F3: the Americans pick the order of
    their Fire Defense Rolls. The Squad's Morale counts Moreno's Command only while he is
    unbroken (a broken Leader's Command is 0), so Moreno rolls last; the policy's fallback
    used to pick either."""
    g = game([{"type": "ger-rifle-squad", "hex": "C3"}],
             [{"type": "us-ldr-moreno", "hex": "F3"}, {"type": "us-rifle-squad", "hex": "F3"}])
    rules: Any = g.rules
    cards = [c for c in rules.pack.decks["Germany"].cards if rules.card(c).order == "Fire"][:3]
    hand(g, 0, cards)
    skip(g)
    for s in (f"order:{cards[0]}", "activate:axis-1", "target:F3", "add:axis-1", "fire"):
        g.apply(s)
        skip(g)
    d = g.decision()
    assert d is not None and d.step == "fire_attack" and d.seat == 1
    assert {o.id for o in g.legal_options()} == {"defend:allies-1", "defend:allies-2"}
    assert _choices(g, 1) == {"defend:allies-2"}


def test_E58_the_hero_appears_where_he_fits_and_can_rally() -> None:
    """Hero: he appears in a friendly hex we choose and may rally a broken unit there (E58).
    E4 holds a Squad, a Team and a Leader (7 figures): one more overstacks it (8.2, a unit lost
    at the Turn's end; a watched game lost one that way). E6 holds a broken Team: there he
    fits and rallies it."""
    g = event_game([{"type": "ger-rifle-squad", "hex": "E4"}, {"type": "ger-rifle-team", "hex": "E4"},
                    {"type": "ger-ldr-biermann", "hex": "E4"}, {"type": "ger-rifle-team", "hex": "E6"}],
                   [{"type": "us-rifle-squad", "hex": "N8"}])
    g.state["units"]["axis-4"]["broken"] = True
    happen(g, AXIS, "Hero")
    assert {o.id for o in g.legal_options()} == {"hex:E4", "hex:E6"}
    assert _choices(g, AXIS) == {"hex:E6"}


def test_O14_1_a_leader_activates_every_unit_of_his_radius_it_wants() -> None:
    """Grein (Command 2) in L3 is activated to Fire; the Squads at J3 (axis-2) and N3 (axis-3)
    in his radius both have the American Squad at L6 in Range and LOS. The radius is offered in
    id order, each unit after the last one added: the policy took the first wanted unit of the
    shuffled options, so adding axis-3 first left axis-2 out of the Order."""
    g = game([{"type": "ger-ldr-grein", "hex": "L3"}, {"type": "ger-rifle-squad", "hex": "J3"},
              {"type": "ger-rifle-squad", "hex": "N3"}],
             [{"type": "us-rifle-squad", "hex": "L6"}])
    _ordering(g, "Fire", 3, "activate:axis-1")
    assert {o.id for o in g.legal_options()} == {"add:axis-2", "add:axis-3"}
    for seed in SEEDS:
        c = g.clone()
        rng = random.Random(seed)
        while c.decision() is not None and c.decision().step == "fire_order" and c.top()["phase"] == "more":
            c.apply(POLICY.explain(c, 0, rng)[0].id)
        assert c.state["activated"] == ["axis-1", "axis-2", "axis-3"]
