"""Actions A25-A41 (not Op Fire A33, not the Fortification Actions): each played in a real
position, and each refused when its prerequisite fails; the rulebook's override cases (A24.1
cumulative effects, A36 box, A40 note, A41 box) and the Fire example E (digest §5 row 33)."""

from __future__ import annotations

from typing import Any

import pytest
from cc_helpers import play_randomly
from fire_helpers import attack_total, game, go, hand, opts, roll_cards, rolls, skip, text, top

from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander.components import builtin_pack
from tactica.games.commander_family.actions import open_windows
from tactica.games.commander_family.board_state import neighbours
from tactica.games.commander_family.fire import push_fire_attack


def rules() -> CombatCommanderRules:
    return CombatCommanderRules()  # every Order and Action is wired in by default


def cards(nation: str, action: str) -> list[str]:
    return [c.id for c in builtin_pack().decks[nation].cards.values() if c.action == action]


def new(axis: list[Any], allies: list[Any], **kw: Any) -> Game:
    return game(axis, allies, rules(), **kw)


def attack(g: Game, seat: int, pieces: list[str], target: str, dice: list[Any],
           ax: list[str] | None = None, us: list[str] | None = None, **kw: Any) -> None:
    """Set hands (Actions only), force the firer's rolls (``(white, colored)`` tuples; card ids
    are stacked as they are) and push one Fire Attack; stops at the first decision (the Action
    windows are not passed)."""
    hand(g, 0, ax or [])
    hand(g, 1, us or [])
    if all(isinstance(d, tuple) for d in dice):
        rolls(g, seat, *dice)
    else:
        top(g, seat, *dice)
    push_fire_attack(g, seat, pieces, target, **kw)
    g.refresh()


def window(g: Game, seat: int) -> bool:
    d = g.decision()
    return d is not None and d.step == "action_window" and d.seat == seat


def offers(g: Game, seat: int, *cards: str) -> bool:
    """``seat`` is asked in an Action window that offers one of ``cards``. A window asked with
    nothing but pass is no offer: it opens by public facts, whatever the hand holds."""
    return window(g, seat) and any(f"action:{c}" in opts(g) for c in cards)


def play(g: Game, *ids: str) -> None:
    for i in ids:
        g.apply(i)


SF = cards("Germany", "Sustained Fire")


# ---------------------------------------------------------------- A41 Sustained Fire
def test_A41_fire_example_E_two_sustained_fires() -> None:
    # digest row 33: HMG 8 + Bolter 1 = 9; two Sustained Fire +4 = 13; roll 1+6 -> 20, no doubles
    g = new([{"type": "ger-ldr-bolter", "hex": "L8"},
             {"type": "ger-rifle-squad", "hex": "L8", "weapon": "ger-hmg"}],
            [{"type": "us-rifle-squad", "hex": "M6"}])
    sf = [c for c in SF if builtin_pack().decks["Germany"].cards[c].white != 1][:2]
    attack(g, 0, ["axis-2-w"], "M6", [(1, 6), (3, 4)], ax=sf)
    assert window(g, 0) and {f"action:{c}" for c in sf} <= set(opts(g))
    play(g, f"action:{sf[0]}")
    assert window(g, 0)  # A24.1: another one may follow
    play(g, f"action:{sf[1]}")
    skip(g)
    assert attack_total(g) == (13, 7, 20)
    assert not g.state["weapons"]["axis-2-w"]["broken"]


def test_A41_doubles_break_the_mg_and_jammed_breaks_it_again() -> None:
    # A41 box: Jammed! breaks the HMG, Sustained Fire's doubles break it again: eliminated
    g = new([{"type": "ger-rifle-squad", "hex": "L8", "weapon": "ger-hmg"}],
            [{"type": "us-rifle-squad", "hex": "M6"}])
    attack(g, 0, ["axis-1-w"], "M6", ["G-64", *roll_cards("Germany", (6, 5))], ax=["G-66"])
    play(g, "action:G-66")
    skip(g)
    assert g.state["weapons"]["axis-1-w"]["where"] == "casualties"
    assert "breaks again and is eliminated" in text(g)


def test_A41_doubles_firer_picks_which_mg_breaks() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "L8", "weapon": "ger-hmg"},
             {"type": "ger-rifle-squad", "hex": "L7", "weapon": "ger-mmg"}],
            [{"type": "us-rifle-squad", "hex": "M6"}])
    attack(g, 0, ["axis-1-w", "axis-2-w"], "M6", ["G-30", *roll_cards("Germany", (6, 5))], ax=["G-66"])
    play(g, "action:G-66")
    skip(g)
    d = g.decision()
    assert d is not None and d.step == "sustained_break" and d.seat == 0
    assert set(opts(g)) == {"break:axis-1-w", "break:axis-2-w"}
    g.apply("break:axis-2-w")
    assert g.state["weapons"]["axis-2-w"]["broken"] and not g.state["weapons"]["axis-1-w"]["broken"]


def test_A41_refused_without_mg_or_mortar() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "L8"}], [{"type": "us-rifle-squad", "hex": "M6"}])
    attack(g, 0, ["axis-1"], "M6", [(1, 6), (3, 4)], ax=["G-66"])
    assert not offers(g, 0, "G-66")
    skip(g)
    assert "Attack Total" in text(g)


# ---------------------------------------------------------------- A27 Bore Sighting
BORE_US = cards("America", "Bore Sighting")


def test_A27_bore_sighting_defender_weapon_fp_five() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}],
            [{"type": "us-rifle-squad", "hex": "L8", "weapon": "us-mmg"}])
    attack(g, 1, ["allies-1-w"], "M6", [(1, 6), (3, 4)], us=BORE_US[:1])
    assert window(g, 1)
    play(g, f"action:{BORE_US[0]}")
    skip(g)
    assert attack_total(g) == (7, 7, 14)  # MMG 5 +2


def test_A27_refused_for_attacker_and_small_weapon() -> None:
    bore_ger = cards("Germany", "Bore Sighting")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "L8", "weapon": "ger-hmg"}],
            [{"type": "us-rifle-squad", "hex": "M6"}])
    attack(g, 0, ["axis-1-w"], "M6", [(1, 6), (3, 4)], ax=[bore_ger])
    assert not offers(g, 0, bore_ger)  # the Germans are the Attacker here
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}],
            [{"type": "us-rifle-squad", "hex": "L8", "weapon": "us-lmg"}])
    attack(g, 1, ["allies-1-w"], "M6", [(1, 6), (3, 4)], us=BORE_US[:1])
    assert not offers(g, 1, BORE_US[0])  # LMG printed FP 3


# ---------------------------------------------------------------- A30 Crossfire
def test_A30_crossfire_against_a_moving_unit_and_refused_otherwise() -> None:
    cf = cards("America", "Crossfire")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}], [{"type": "us-rifle-squad", "hex": "M9"}])
    attack(g, 1, ["allies-1"], "M6", [(1, 6), (3, 4)], us=[cf], moving=["axis-1"])
    assert window(g, 1)
    play(g, f"action:{cf}")
    skip(g)
    assert attack_total(g) == (8, 7, 15)
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}], [{"type": "us-rifle-squad", "hex": "M9"}])
    attack(g, 1, ["allies-1"], "M6", [(1, 6), (3, 4)], us=[cf])
    assert not offers(g, 1, cf)


# ---------------------------------------------------------------- A34 Hand Grenades
def test_A34_hand_grenades_adjacent_only() -> None:
    hg = cards("America", "Hand Grenades")[:2]
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}], [{"type": "us-rifle-squad", "hex": "M7"}])
    attack(g, 1, ["allies-1"], "M6", [(1, 6), (3, 4)], us=hg)
    play(g, f"action:{hg[0]}", f"action:{hg[1]}")  # cumulative (A24.1)
    skip(g)
    assert attack_total(g) == (10, 7, 17)
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}], [{"type": "us-rifle-squad", "hex": "M8"}])
    attack(g, 1, ["allies-1"], "M6", [(1, 6), (3, 4)], us=hg)
    assert not offers(g, 1, *hg)


def test_A34_multi_hex_group_needs_only_one_adjacent_hex() -> None:
    hg = cards("America", "Hand Grenades")[:1]
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}],
            [{"type": "us-rifle-squad", "hex": "M7"}, {"type": "us-rifle-squad", "hex": "M8"}])
    attack(g, 1, ["allies-2", "allies-1"], "M6", [(1, 6), (3, 4)], us=hg)
    assert window(g, 1)


# ---------------------------------------------------------------- A37 Marksmanship
def test_A37_marksmanship_needs_a_firing_squad_of_the_nation() -> None:
    mk = cards("Germany", "Marksmanship")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "L8", "weapon": "ger-lmg"}],
            [{"type": "us-rifle-squad", "hex": "M6"}])
    attack(g, 0, ["axis-1", "axis-1-w"], "M6", [(1, 6), (3, 4)], ax=[mk])
    assert window(g, 0)
    play(g, f"action:{mk}")
    skip(g)
    assert attack_total(g) == (8, 7, 15)  # 5 + 1 other piece + 2
    g = new([{"type": "ger-rifle-squad", "hex": "L8", "weapon": "ger-lmg"}],
            [{"type": "us-rifle-squad", "hex": "M6"}])
    attack(g, 0, ["axis-1-w"], "M6", [(1, 6), (3, 4)], ax=[mk])
    assert not offers(g, 0, mk)  # only the LMG fires (our reading: a Weapon is not the Squad)


# ---------------------------------------------------------------- A40 Spray Fire
def test_A40_spray_fire_one_roll_two_hexes_not_cumulative() -> None:
    sp = cards("Germany", "Spray Fire")
    g = new([{"type": "ger-elite-squad", "hex": "J6"}],
            [{"type": "us-rifle-squad", "hex": "M6"}, {"type": "us-rifle-squad", "hex": "M7"},
             {"type": "us-rifle-squad", "hex": "M9"}])
    hand(g, 0, sp[:2])
    hand(g, 1, [])
    rolls(g, 0, (1, 6), (3, 4))
    rolls(g, 1, (6, 5), (6, 4))
    push_fire_attack(g, 0, ["axis-1"], "M6")
    g.refresh()
    assert window(g, 0)
    play(g, f"action:{sp[0]}")
    d = g.decision()
    if d is not None and d.step == "spray_hex":
        g.apply("hex:M7")
    assert not offers(g, 0, sp[1])  # A40 note: the second Spray Fire is not offered (still two hexes)
    finish(g)
    log = text(g)
    assert "Spray Fire: the attack also hits M7" in log
    assert "allies-1 Defense Total" in log and "allies-2 Defense Total" in log
    assert "allies-3 Defense Total" not in log
    assert log.count("Attack Total") == 1


def test_A40_refused_without_boxed_range_or_second_enemy_hex() -> None:
    sp = cards("Germany", "Spray Fire")[:1]
    g = new([{"type": "ger-volksgrenadier-squad", "hex": "J6"}],
            [{"type": "us-rifle-squad", "hex": "M6"}, {"type": "us-rifle-squad", "hex": "M7"}])
    attack(g, 0, ["axis-1"], "M6", [(1, 6), (3, 4)], ax=sp)
    assert not offers(g, 0, *sp)  # Range not boxed
    g = new([{"type": "ger-elite-squad", "hex": "J6"}], [{"type": "us-rifle-squad", "hex": "M6"}])
    attack(g, 0, ["axis-1"], "M6", [(1, 6), (3, 4)], ax=sp)
    assert not offers(g, 0, *sp)  # no enemy in an adjacent hex


# ---------------------------------------------------------------- A29 Concealment
def test_A29_concealment_lowers_attack_total_by_cover() -> None:
    cc = cards("America", "Concealment")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "G5"}], [{"type": "us-rifle-squad", "hex": "G3"}])  # Woods
    attack(g, 0, ["axis-1"], "G3", [(1, 6), (3, 4)], us=[cc])
    skip_to(g, "fire_defense_roll")
    assert window(g, 1) and g.decision().prompt.startswith("Play an Action (fire_defense_roll)")
    play(g, f"action:{cc}")
    skip(g)
    log = text(g)
    assert "Attack Total 12" in log and "drops by the Cover 2 to 10" in log
    assert "against 10" in log


def test_A29_refused_in_open_ground_and_for_the_firer() -> None:
    cc = cards("America", "Concealment")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "M8"}], [{"type": "us-rifle-squad", "hex": "M6"}])  # Road: -1
    attack(g, 0, ["axis-1"], "M6", [(1, 6), (3, 4)], us=[cc])
    skip_to(g, "fire_defense_roll")
    assert not offers(g, 1, cc)
    cg = cards("Germany", "Concealment")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "G5"}], [{"type": "us-rifle-squad", "hex": "G3"}])
    attack(g, 0, ["axis-1"], "G3", [(1, 6), (3, 4)], ax=[cg])
    skip_to(g, "fire_defense_roll")
    assert not offers(g, 0, cg)


# ---------------------------------------------------------------- A36 Light Wounds
LW_US = cards("America", "Light Wounds")


def test_A36_light_wounds_squad_becomes_team() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "M7", "weapon": "ger-hmg"}],
            [{"type": "us-rifle-squad", "hex": "M6", "weapon": "us-lmg"}])
    g.state["units"]["allies-1"]["suppressed"] = True
    attack(g, 0, ["axis-1-w"], "M6", [(6, 5)], us=LW_US[:1])
    rolls(g, 1, (1, 2))
    skip_to_squad_break(g)
    assert window(g, 1) and f"action:{LW_US[0]}" in opts(g)
    play(g, f"action:{LW_US[0]}")
    skip(g)
    s = g.state
    assert s["units"]["allies-1"]["where"] == "out"
    team = s["units"]["allies-1.w"]
    assert team["type"] == "us-rifle-team" and team["hex"] == "M6" and not team["broken"]
    assert team["weapon"] == "allies-1-w" and team["suppressed"]
    assert s["weapons"]["allies-1-w"]["carrier"] == "allies-1.w"
    assert s["vp"] == 1  # the Allies lose 1 VP


def test_A36_light_wounds_on_a_broken_squad_gives_a_broken_team() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "M7", "weapon": "ger-hmg"}],
            [{"type": "us-rifle-squad", "hex": "M6"}])
    g.state["units"]["allies-1"]["broken"] = True
    attack(g, 0, ["axis-1-w"], "M6", [(6, 5)], us=LW_US[:1])
    rolls(g, 1, (1, 2))
    skip_to_squad_break(g)
    play(g, f"action:{LW_US[0]}")
    skip(g)
    assert g.state["units"]["allies-1.w"]["broken"] and g.state["units"]["allies-1"]["where"] == "out"
    assert "allies-1" not in g.state["sides"][1]["casualties"]


def test_A36_refused_for_teams_and_outright_elimination() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "M7", "weapon": "ger-hmg"}],
            [{"type": "us-rifle-team", "hex": "M6"}])
    attack(g, 0, ["axis-1-w"], "M6", [(6, 5)], us=LW_US[:1])
    rolls(g, 1, (1, 2))
    skip_to_squad_break(g)
    assert g.state["units"]["allies-1"]["broken"]  # broke with no window
    # A36 box: a lost Melee eliminates outright: no window
    g = new([{"type": "ger-elite-squad", "hex": "M6"}], [{"type": "us-rifle-squad", "hex": "M6"}])
    hand(g, 0, [])
    hand(g, 1, LW_US[:1])
    rolls(g, 1, (1, 2))
    rolls(g, 0, (6, 5))
    g.push("melee", phase="pick", hex=None, quiet=False)
    g.refresh()
    skip_to_squad_break(g)
    assert g.state["units"]["allies-1"]["where"] == "casualties"


def finish(g: Game) -> None:
    """Pass every window and take the first option of any other decision until none is left."""
    while not g.is_terminal():
        skip(g)
        d = g.decision()
        if d is None or d.step in ("turn", "order", "orders"):
            return
        if d.step != "fire_attack":
            return
        g.apply(d.options[0].id)


def skip_to(g: Game, kind: str) -> None:
    """Pass windows and the Initiative until a window of ``kind`` (or no window) is up."""
    while not g.is_terminal():
        d = g.decision()
        if d is None or d.step not in ("initiative", "action_window"):
            return
        if d.step == "action_window" and f"({kind})" in d.prompt:
            return
        g.apply("pass")


def skip_to_squad_break(g: Game) -> None:
    skip_to(g, "squad_breaks")


# ---------------------------------------------------------------- A25 Ambush
def test_A25_ambush_inactive_first_opponent_picks_the_unit() -> None:
    amb_us = cards("America", "Ambush")[0]
    amb_ger = cards("Germany", "Ambush")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}, {"type": "ger-rifle-team", "hex": "M6"}],
            [{"type": "us-rifle-squad", "hex": "M6"}])
    hand(g, 0, [amb_ger])
    hand(g, 1, [amb_us])
    g.push("melee", phase="pick", hex=None, quiet=False)
    g.refresh()
    assert window(g, 1)  # the inactive player plays his Ambushes first (A25, A24.2)
    play(g, f"action:{amb_us}")
    d = g.decision()
    assert d is not None and d.step == "ambush_pick" and d.seat == 0
    assert set(opts(g)) == {"break:axis-1", "break:axis-2"}
    g.apply("break:axis-2")
    assert g.state["units"]["axis-2"]["broken"]
    assert window(g, 0)  # the Allies have no Ambush left: now the active player  # now the active player
    play(g, f"action:{amb_ger}")
    assert g.state["units"]["allies-1"]["broken"]  # one unit: no choice


def test_A25_both_sides_wiped_out_before_dice_and_refused_outside_melee() -> None:
    amb_us = cards("America", "Ambush")[0]
    amb_ger = cards("Germany", "Ambush")[0]
    g = new([{"type": "ger-rifle-team", "hex": "M6"}, {"type": "ger-rifle-team", "hex": "A1"}],
            [{"type": "us-rifle-team", "hex": "M6"}, {"type": "us-rifle-team", "hex": "O10"}])
    g.state["units"]["axis-1"]["broken"] = True
    hand(g, 0, [amb_ger])
    hand(g, 1, [amb_us])
    g.push("melee", phase="pick", hex=None, quiet=False)
    g.refresh()
    play(g, f"action:{amb_us}")  # the broken German Team breaks again: eliminated
    skip(g)
    assert g.state["units"]["axis-1"]["where"] == "casualties"
    assert "the Melee ends" in text(g)
    # never offered in a Fire Attack window
    g = new([{"type": "ger-rifle-squad", "hex": "M7"}], [{"type": "us-rifle-squad", "hex": "M6"}])
    attack(g, 0, ["axis-1"], "M6", [(1, 6)], ax=[amb_ger], us=[amb_us])
    assert not offers(g, 0, amb_ger) and not offers(g, 1, amb_us)


# ---------------------------------------------------------------- A38 No Quarter
def test_A38_no_quarter_nationality_and_survivor() -> None:
    nq = cards("Russia", "No Quarter")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "M6"}], [{"type": "us-rifle-squad", "hex": "O10"}],
            allies_nation="Russia")
    hand(g, 0, [])
    hand(g, 1, [nq])
    g.state["units"]["allies-1"]["hex"] = "M6"
    open_windows(g, "melee_end", {"hex": "M6"}, seats=(1,))
    g.refresh()
    assert window(g, 1)
    play(g, f"action:{nq}")
    assert g.state["vp"] == -2
    # German against Russia qualifies too; against America it does not
    r = rules()
    adef = r.actions["No Quarter"]
    g.state["sides"][0]["hand"] = [nq]
    assert adef.offered(g, 0, nq, "melee_end", {"hex": "M6"})
    g.state["sides"][1]["nation"] = "America"
    assert not adef.offered(g, 0, nq, "melee_end", {"hex": "M6"})
    # no survivor in the hex
    g.state["sides"][1]["nation"] = "Russia"
    assert not adef.offered(g, 1, nq, "melee_end", {"hex": "A1"})


# ---------------------------------------------------------------- A39 Smoke Grenades, A26 Assault Fire
MOVE = [c.id for c in builtin_pack().decks["Germany"].cards.values()
        if c.order == "Move" and c.action not in ("Smoke Grenades", "Assault Fire")]


def test_A39_smoke_grenades_by_a_boxed_movement_unit() -> None:
    sg = cards("Germany", "Smoke Grenades")[0]
    g = new([{"type": "ger-rifle-team", "hex": "B5"}], [{"type": "us-rifle-squad", "hex": "O10"}])
    hand(g, 0, [MOVE[0], sg])
    hand(g, 1, [])
    go(g, f"order:{MOVE[0]}", "activate:axis-1", "unit:axis-1")
    g.apply("to:B6")
    assert window(g, 0) and f"action:{sg}" in opts(g)
    play(g, f"action:{sg}")
    d = g.decision()
    assert d is not None and d.step == "smoke_grenades"
    here = {f"hex:{h}" for h in ["B6", *neighbours(g, "B6")]}
    assert set(opts(g)) == here  # its hex or an adjacent one
    g.apply("hex:C6")
    assert g.state["smoke"].get("C6", 0) >= 1 and "Smoke Grenades: Smoke" in text(g)


def test_A39_refused_without_boxed_movement_or_outside_own_move() -> None:
    sg = cards("Germany", "Smoke Grenades")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "B5"}], [{"type": "us-rifle-squad", "hex": "O10"}])
    hand(g, 0, [MOVE[0], sg])
    hand(g, 1, [])
    go(g, f"order:{MOVE[0]}", "activate:axis-1", "unit:axis-1")
    g.apply("to:B6")
    assert not window(g, 0)
    r = rules()
    assert not r.actions["Smoke Grenades"].offered(g, 1, sg, "move_entry", {})


def test_A26_assault_fire_by_boxed_fp_movers() -> None:
    af = cards("Germany", "Assault Fire")[0]
    g = new([{"type": "ger-elite-squad", "hex": "B5"}], [{"type": "us-rifle-squad", "hex": "B9"}])
    hand(g, 0, [MOVE[0], af])
    hand(g, 1, [])
    rolls(g, 0, (1, 6))
    go(g, f"order:{MOVE[0]}", "activate:axis-1", "unit:axis-1")
    g.apply("to:B6")
    assert window(g, 0) and f"action:{af}" in opts(g)
    play(g, f"action:{af}")
    assert opts(g) == ["target:B9"]
    play(g, "target:B9", "add:axis-1", "fire")
    skip(g)
    assert "Assault Fire by axis-1 at B9" in text(g)
    assert "Attack Total" in text(g)


def assault_behind_smoke() -> Game:
    """A Lieutenant's Move: the Elite Squad (B5 to B6) and the Elite Team (D5, two hexes from
    it) activated, Smoke of Hindrance 4 in C8 before the American Squad in C9; Assault Fire
    played, its target not yet chosen."""
    af = cards("Germany", "Assault Fire")[0]
    g = new([{"type": "ger-ldr-bolter", "hex": "C5"}, {"type": "ger-elite-squad", "hex": "B5"},
             {"type": "ger-elite-team", "hex": "D5"}], [{"type": "us-rifle-squad", "hex": "C9"}],
            smoke={"C8": 4})
    hand(g, 0, [MOVE[0], af])
    hand(g, 1, [])
    go(g, f"order:{MOVE[0]}", "activate:axis-1", "add:axis-2", "add:axis-3", "unit:axis-2")
    g.apply("to:B6")
    play(g, f"action:{af}")
    return g


def test_A26_a_group_that_cannot_fire_goes_back_to_the_targets() -> None:
    """O20.3 / O20.3.1: Smoke (Hindrance 4) cancels the Elite Team's FP 3 at C9, and the Team is
    two hexes from the Elite Squad, so no group starting with it can fire. Choosing it first
    must not leave the step without an option (a search once reached that dead end): the
    target can be chosen again, and the Squad then fires."""
    g = assault_behind_smoke()
    assert opts(g) == ["target:C9"]
    play(g, "target:C9")
    assert sorted(opts(g)) == ["add:axis-2", "add:axis-3", "back"]
    play(g, "add:axis-3")
    assert opts(g) == ["back"]  # the Team alone has FP below 1, the Squad is not adjacent
    play(g, "back", "target:C9", "add:axis-2")
    assert "fire" in opts(g)
    play(g, "fire")
    skip(g)
    assert "Assault Fire by axis-2 at C9" in text(g)


def test_A26_scripted_policy_fires_with_the_piece_that_can() -> None:
    """The scripted policy's Assault Fire: the target its pieces do most at, then the Squad
    (the Team's FP is cancelled by the Smoke), then fire; never the dead end of the test above."""
    from tactica.ai.scripted import ScriptedAgent

    g = assault_behind_smoke()
    picks = []
    for seed in range(6):
        agent = ScriptedAgent(seed)
        c = g.clone(log=True)
        while c.decision() is not None and c.decision().step == "assault_fire":  # type: ignore[union-attr]
            o = agent.choose(c, 0)
            picks.append(o)
            c.apply(o)
        assert "Assault Fire by axis-2 at C9" in text(c)
    assert "target:C9" in picks and "add:axis-3" not in picks and "back" not in picks


def test_A26_refused_without_boxed_fp() -> None:
    af = cards("Germany", "Assault Fire")[0]
    g = new([{"type": "ger-rifle-squad", "hex": "B5"}], [{"type": "us-rifle-squad", "hex": "B9"}])
    hand(g, 0, [MOVE[0], af])
    hand(g, 1, [])
    go(g, f"order:{MOVE[0]}", "activate:axis-1", "unit:axis-1")
    g.apply("to:B6")
    assert not window(g, 0)


# ---------------------------------------------------------------- A28 Command Confusion
def test_A28_command_confusion_is_never_an_action() -> None:
    r = rules()
    g = new([{"type": "ger-rifle-squad", "hex": "B5"}], [{"type": "us-rifle-squad", "hex": "O10"}])
    adef = r.actions["Command Confusion"]
    for kind in ("fire_attack_roll", "fire_defense_roll", "move_entry", "melee_ambush", "squad_breaks"):
        assert not adef.offered(g, 0, cards("Germany", "Command Confusion")[0], kind, {})


# ---------------------------------------------------------------- random play
@pytest.mark.parametrize("scenario,seed", [("hill_2_crown", 11), ("orchard_meeting", 12), ("ridge_1941", 13)])
def test_random_games_with_these_actions(scenario: str, seed: int) -> None:
    g = Game.new(rules(), scenario, seed)
    play_randomly(g, seed)


# ---------------------------------------------------------------- A24 windows open by public facts
def test_A24_window_is_asked_by_public_facts_whatever_the_hand_holds() -> None:
    """Core contract (docs/architecture.md, Reaction windows): a German Squad fires alone, out of
    Hand Grenade range, without an MG. Holding only an unplayable Sustained Fire, the Germans
    are still asked (pass only), because a Marksmanship card of their deck is not in public
    view; with every Marksmanship card in their discards, or an empty hand, nobody could play
    anything and the window passes by itself."""
    def attacked(ax: list[str], discard: tuple[str, ...] = ()) -> Game:
        g = new([{"type": "ger-rifle-squad", "hex": "L8"}], [{"type": "us-rifle-squad", "hex": "M6"}])
        sd = g.state["sides"][0]
        for c in discard:
            (sd["hand"] if c in sd["hand"] else sd["deck"]["draw"]).remove(c)
            sd["deck"]["discard"].append(c)
        attack(g, 0, ["axis-1"], "M6", [(1, 6), (3, 4)], ax=ax)
        return g

    mk = [c for c in cards("Germany", "Marksmanship")
          if builtin_pack().decks["Germany"].cards[c].marksmanship == "Germany"]
    assert mk
    g = attacked(["G-66"])
    assert window(g, 0) and opts(g) == ["pass"]
    g = attacked([mk[0]])
    assert window(g, 0) and opts(g) == [f"action:{mk[0]}", "pass"]
    g = attacked([])
    assert g.decision() is not None and g.decision().step == "initiative"  # closed: rolled at once
    g = attacked(["G-66"], discard=tuple(c for c in mk if c not in roll_cards("Germany", (1, 6), (3, 4))))
    assert not window(g, 0) and g.decision().step == "initiative"
    g = attacked(["G-66"])
    g.set_auto_pass(0, True)  # the published convenience: pass-only windows pass by themselves
    g.refresh()
    assert not window(g, 0) and g.decision().step == "initiative"
