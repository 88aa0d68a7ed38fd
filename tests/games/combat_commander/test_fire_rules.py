"""Fire (O20), hindrance (10.3), height (T88.2), Cover (T78.3, T93), command (3.3.1),
suppression (13), Jammed! (O20.3.3.1) and one-use Weapons (11.6) on the test map."""

from __future__ import annotations

from typing import Any

from fire_helpers import game, go, hand, opts, rolls, text

from tactica.core.game import Game
from tactica.games.commander_family.fire import break_weapon, crossed_cover, push_fire_attack, strength
from tactica.games.commander_family.stats import morale, unit_stat, weapon_stat

FIRE = "G-13"  # a German Fire card
FAR = [{"type": "us-rifle-squad", "hex": "O1"}]


def fire_attack(g: Game, seat: int, pieces: list[str], target: str, axis_rolls: list[tuple[Any, ...]],
                allies_rolls: list[tuple[Any, ...]], **kw: object) -> None:
    """Push one Fire Attack with the rolls forced: the axis's, then the allies' (studio)."""
    rolls(g, 0, *axis_rolls)
    rolls(g, 1, *allies_rolls)
    push_fire_attack(g, seat, pieces, target, **kw)  # type: ignore[arg-type]
    g.refresh()
    go(g)


def test_O20_1_fire_needs_an_enemy_in_los_and_range() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "A1"}], FAR)
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    assert "order:G-13" not in opts(g)  # O1 is 14 hexes away
    g.state["units"]["allies-1"]["hex"] = "A4"
    g.refresh()
    assert "order:G-13" in opts(g)


def test_O20_1_leader_may_activate_the_squad_that_has_the_target() -> None:
    # O20.1 box: Leader A has no target, Squad B in its radius has one; a 4-Range Team with an
    # HMG (Range 12) may fire at an enemy 8 hexes away
    g = game([{"type": "ger-ldr-borbe", "hex": "A1"}, {"type": "ger-rifle-squad", "hex": "A3"},
              {"type": "ger-rifle-team", "hex": "H9", "weapon": "ger-hmg"}],
             [{"type": "us-rifle-squad", "hex": "A6"}, {"type": "us-rifle-team", "hex": "O9"}])
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13")
    assert set(opts(g)) == {"activate:axis-1", "activate:axis-2", "activate:axis-3"}
    go(g, "activate:axis-1")
    assert opts(g) == ["add:axis-2"]  # O20.1: the activated set must include a shooter
    go(g, "add:axis-2")
    assert "target:A6" in opts(g)


def test_3_3_1_1_command_radius() -> None:
    # Command 2 reaches 2 hexes; a Leader never activates another Leader
    g = game([{"type": "ger-ldr-borbe", "hex": "E5"}, {"type": "ger-rifle-squad", "hex": "E7"},
              {"type": "ger-rifle-squad", "hex": "E8"}, {"type": "ger-ldr-bolter", "hex": "E5"}],
             [{"type": "us-rifle-squad", "hex": "H5"}])
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13", "activate:axis-1")
    assert opts(g) == ["add:axis-2"]  # E7 is 2 hexes away, E8 is 3; Bolter is a Leader


def test_3_3_1_2_leader_command_adds_to_squads_and_teams_only() -> None:
    g = game([{"type": "ger-ldr-borbe", "hex": "E5"}, {"type": "ger-ldr-bolter", "hex": "E5"},
              {"type": "ger-rifle-squad", "hex": "E5"}], FAR)
    for stat, printed in (("fp", 5), ("range", 4), ("movement", 4), ("morale", 7)):
        assert unit_stat(g, "axis-3", stat).value == printed + 3  # Borbe 2 + Bolter 1, cumulative
    assert unit_stat(g, "axis-1", "morale").value == 9  # Leaders never boost Leaders
    g.state["units"]["axis-1"]["broken"] = True  # a broken Leader's Command is 0 (O20.3.4)
    assert unit_stat(g, "axis-3", "fp").value == 6


def test_3_3_1_3_weapon_command_not_for_ordnance_or_leader_carried() -> None:
    g = game([{"type": "ger-ldr-bolter", "hex": "E5", "weapon": "ger-lmg"},
              {"type": "ger-rifle-squad", "hex": "E5", "weapon": "ger-hmg"},
              {"type": "ger-rifle-team", "hex": "E5", "weapon": "ger-mortar"}], FAR)
    assert weapon_stat(g, "axis-2-w", "fp").value == 9       # HMG 8 + Bolter 1
    assert weapon_stat(g, "axis-2-w", "range").value == 13
    assert weapon_stat(g, "axis-1-w", "fp").value == 3       # carried by the Leader: no bonus
    assert weapon_stat(g, "axis-3-w", "fp").value == 6       # Mortar (white band): no bonus


def test_13_2_suppressed_unit_loses_one_and_cannot_fire_its_weapon() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B5", "weapon": "ger-lmg", "suppressed": True}],
             [{"type": "us-rifle-squad", "hex": "B3"}])
    assert [unit_stat(g, "axis-1", s).value for s in ("fp", "range", "movement", "morale")] == [4, 3, 3, 6]
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13", "activate:axis-1", "target:B3")
    assert opts(g) == ["add:axis-1", "back"]  # no LMG


def test_10_3_3_only_the_largest_hindrance_counts() -> None:
    # digest row 11: Squad fires 3 hexes past two Brush hexes (3 each): -3, not -6
    g = game([{"type": "ger-rifle-squad", "hex": "B5"}], [{"type": "us-rifle-team", "hex": "E5"}])
    assert strength(g, ["axis-1"], "E5")["fp"] == 5 - 3
    g.state["smoke"]["C5"] = 4  # Smoke 4 on one of them: -4
    assert strength(g, ["axis-1"], "E5")["fp"] == 5 - 4
    g.state["smoke"]["D5"] = 4  # two Smoke 4: still -4
    assert strength(g, ["axis-1"], "E5")["fp"] == 5 - 4


def test_10_3_4_smoke_in_the_firers_hex_hinders() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B5"}], [{"type": "us-rifle-team", "hex": "E5"}],
             smoke={"B5": 5})
    assert strength(g, ["axis-1"], "E5")["fp"] == 5 - 5


def test_10_3_2_1_shot_below_one_fp_is_not_offered() -> None:
    g = game([{"type": "ger-rifle-team", "hex": "B5"}], [{"type": "us-rifle-team", "hex": "E5"}])
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13", "activate:axis-1")
    assert opts(g) == ["end"]  # 2 FP - 3 Brush < 1


def test_O20_3_1_2_a_target_only_the_fire_group_reaches_is_offered() -> None:
    """Three Teams (2 FP) fire past two Brush hexes (hindrance 3): each alone has 2 - 3 = -1 FP,
    the group 2 + 2 - 3 = 1 (O20.3.1.2, O20.3.2, 10.3.2.1), so the target is offered and the
    group fires at 1 FP; with two Teams (0 FP) it is not."""
    teams = [{"type": "ger-rifle-team", "hex": "B5"}] * 3
    g = game([{"type": "ger-ldr-borbe", "hex": "A5"}, *teams], [{"type": "us-rifle-team", "hex": "E5"}])
    assert [strength(g, [p], "E5")["fp"] for p in ("axis-2", "axis-3", "axis-4")] == [-1, -1, -1]
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])  # no Action card that adds FP
    go(g, "order:G-13", "activate:axis-1", "add:axis-2", "add:axis-3", "add:axis-4")
    assert opts(g) == ["target:E5"]
    go(g, "target:E5", "add:axis-2", "add:axis-3")
    assert "fire" not in opts(g)  # two Teams: 2 + 1 - 3 = 0
    go(g, "add:axis-4")
    fire = next(o for o in g.legal_options() if o.id == "fire")
    assert fire.args["fp"] == 1

    g = game([{"type": "ger-ldr-borbe", "hex": "A5"}, *teams[:2]], [{"type": "us-rifle-team", "hex": "E5"}])
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13", "activate:axis-1", "add:axis-2", "add:axis-3")
    assert opts(g) == ["end"]


def test_T88_2_height_advantage_both_ways() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "E9"}, {"type": "ger-rifle-squad", "hex": "F8"}],
             [{"type": "us-rifle-squad", "hex": "F9"}, {"type": "us-rifle-squad", "hex": "E8"}])
    assert strength(g, ["axis-1"], "F9")["fp"] == 6      # firing down from level 1
    assert strength(g, ["axis-2"], "E9")["fp"] == 4      # firing up at level 1
    mixed = strength(g, ["axis-1", "axis-2"], "E8")      # E8 is level 0: only E9 is higher
    assert mixed["fp"] == 5 + 1 + 1


def test_O20_3_1_fire_group_must_form_a_chain() -> None:
    g = game([{"type": "ger-ldr-borbe", "hex": "H4"}, {"type": "ger-rifle-squad", "hex": "H3"},
              {"type": "ger-rifle-squad", "hex": "H5"}, {"type": "ger-rifle-squad", "hex": "H4"}],
             [{"type": "us-rifle-squad", "hex": "K4"}])
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13", "activate:axis-1", "add:axis-2", "add:axis-3", "add:axis-4", "target:K4",
       "add:axis-2")
    assert "add:axis-3" not in opts(g)   # H5 is not adjacent to H3
    go(g, "add:axis-4")                   # H4 joins H3 ...
    assert "add:axis-3" in opts(g)        # ... and now H5 links to H4


def test_T78_3_best_cover_wall_alternate_and_T93_road() -> None:
    # T78.3 example: Team Morale 7 in Brush = 8; fired on across a Wall: may use 2 = 9
    g = game([{"type": "ger-rifle-team", "hex": "D6"}],
             [{"type": "us-rifle-squad", "hex": "C6"}, {"type": "us-rifle-squad", "hex": "D8"}])
    assert morale(g, "axis-1").value == 8
    assert crossed_cover(g, ["allies-1"], "D6") == 2
    assert morale(g, "axis-1", crossed_cover(g, ["allies-1"], "D6")).value == 9
    assert crossed_cover(g, ["allies-2"], "D6") is None  # that line does not cross the Wall
    # T93: Open Ground with a Road is Cover -1
    g.state["units"]["axis-1"]["hex"] = "M6"
    assert morale(g, "axis-1").value == 6


def test_O20_3_4_tie_suppresses_but_breaks_a_moving_unit() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B3"}], [{"type": "us-rifle-squad", "hex": "B5"},
                                                          {"type": "us-rifle-team", "hex": "O9"}])
    # Attack 5 + 2·2 = 9 against Morale 6 + 1·2 = 9: a tie
    fire_attack(g, 0, ["axis-1"], "B5", [(2, 2)], [(1, 2)])
    assert g.state["units"]["allies-1"]["suppressed"] and not g.state["units"]["allies-1"]["broken"]
    g.state["units"]["allies-1"]["suppressed"] = False
    fire_attack(g, 0, ["axis-1"], "B5", [(2, 2)],
                [(1, 2)], moving=["allies-1"])
    assert g.state["units"]["allies-1"]["broken"]


def test_O20_3_3_1_jammed_breaks_every_firing_weapon_and_the_attack_goes_on() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B3", "weapon": "ger-lmg"}],
             [{"type": "us-rifle-squad", "hex": "B5"}, {"type": "us-rifle-team", "hex": "O9"}])
    fire_attack(g, 0, ["axis-1", "axis-1-w"], "B5", [(5, 4, "Jammed!")],
                [(1, 1)])
    assert g.state["weapons"]["axis-1-w"]["broken"]
    assert "Attack Total 15" in text(g)  # 5 + 1 other piece + roll 9
    assert g.state["units"]["allies-1"]["broken"]  # 6 + 2 = 8 < 15


def test_11_6_one_use_weapon_is_eliminated_after_its_roll() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B4", "weapon": "ger-satchel"}],
             [{"type": "us-rifle-squad", "hex": "B5"}, {"type": "us-rifle-team", "hex": "O9"}])
    fire_attack(g, 0, ["axis-1-w"], "B5", [(1, 2)], [(6, 6)])
    assert g.state["weapons"]["axis-1-w"]["where"] == "casualties"
    assert g.state["units"]["axis-1"]["weapon"] is None


def test_T99_mortar_attack_into_woods_gains_two() -> None:
    # digest row 64: a 6-FP Mortar into Woods with a roll of 7: Attack Total 15
    g = game([{"type": "ger-rifle-team", "hex": "E7", "weapon": "ger-mortar"}],
             [{"type": "us-rifle-squad", "hex": "G3"}, {"type": "us-rifle-team", "hex": "O9"}])
    fire_attack(g, 0, ["axis-1-w"], "G3", [(6, 6), (3, 4)],
                [(1, 1)])
    assert "Attack Total 15" in text(g)


def test_O20_2_2_mortar_minimum_range() -> None:
    g = game([{"type": "ger-rifle-team", "hex": "B4", "weapon": "ger-light-mortar"}],
             [{"type": "us-rifle-squad", "hex": "B5"}])
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13", "activate:axis-1", "target:B5")
    assert opts(g) == ["add:axis-1", "back"]  # the Mortar cannot fire at an adjacent hex


def test_O20_2_3_targeting_needs_more_than_the_range_after_hindrance() -> None:
    # O20.2.3: range 5 past Brush (3): a physical 9 hits, 8 misses
    g = game([{"type": "ger-rifle-team", "hex": "A5", "weapon": "ger-mortar"}],
             [{"type": "us-rifle-squad", "hex": "F5"}, {"type": "us-rifle-team", "hex": "O9"}])
    fire_attack(g, 0, ["axis-1-w"], "F5", [(2, 4)], [])
    assert "Targeting 8 - hindrance 3 = 5 against range 5: miss" in text(g)
    fire_attack(g, 0, ["axis-1-w"], "F5", [(3, 3), (1, 1)],
                [(6, 6)])
    assert "Targeting 9 - hindrance 3 = 6 against range 5: hit" in text(g)
    assert "Attack Total 8" in text(g)  # 6 FP + 2, the hindrance no longer counts (10.3.1)


def test_O20_2_1_smoke_round_places_smoke_in_any_hex() -> None:
    g = game([{"type": "ger-rifle-team", "hex": "A5", "weapon": "ger-mortar"}], FAR)
    hand(g, 0, [FIRE, "G-31", "G-66", "G-1", "G-2", "G-3"])
    g.state["units"]["allies-1"]["hex"] = "A8"
    g.refresh()
    rolls(g, 0, (6, 6))
    go(g, "order:G-13", "activate:axis-1")
    assert "smoke:E2" in opts(g)  # an empty hex
    go(g, "smoke:E2", "add:axis-1-w", "fire")
    assert g.state["smoke"].get("E2", 0) >= 1


def test_O20_3_4_owner_picks_the_defense_order_leader_last() -> None:
    # O20.3.4 box: the Squad rolls first, so it still has the Leader's Command (Morale 6 + 2)
    g = game([{"type": "ger-rifle-squad", "hex": "B3"}],
             [{"type": "us-ldr-harris", "hex": "B5"}, {"type": "us-rifle-squad", "hex": "B5"}])
    rolls(g, 0, (6, 6))  # Attack Total 5 + 12 = 17
    rolls(g, 1, (6, 2), (1, 1))
    push_fire_attack(g, 0, ["axis-1"], "B5")
    g.refresh()
    go(g)
    d = g.decision()
    assert d.step == "fire_attack" and d.seat == 1
    assert opts(g) == ["defend:allies-1", "defend:allies-2"]
    go(g, "defend:allies-2")
    assert "allies-2 Defense Total 16" in text(g)  # 6 + 2 Harris + 8: breaks (< 17)
    assert g.state["units"]["allies-1"]["broken"]  # then Harris: 9 + 2 = 11


def test_O14_1_a_unit_activated_this_turn_cannot_fire_again() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B3"}, {"type": "ger-rifle-squad", "hex": "A3"}],
             [{"type": "us-rifle-squad", "hex": "B5"}, {"type": "us-rifle-team", "hex": "O9"}])
    hand(g, 0, [FIRE, "G-9", "G-66", "G-1", "G-2", "G-3"])
    rolls(g, 0, (1, 1))
    rolls(g, 1, (6, 6))
    go(g, "order:G-13", "activate:axis-1", "target:B5", "add:axis-1", "fire", "end")
    assert "order:G-9" in opts(g)  # axis-2 in A3 also reaches B5
    go(g, "order:G-9")
    assert opts(g) == ["activate:axis-2"]


def test_10_2_1_blaze_blocks_the_line() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "H4"}], [{"type": "us-rifle-squad", "hex": "K4"}])
    assert strength(g, ["axis-1"], "K4")["hindrance"] == 0
    g.state["blaze"] = ["I4", "J4", "I5", "J5"]
    assert strength(g, ["axis-1"], "K4")["hindrance"] is None


def test_O20_3_3_1_jammed_ordnance_breaks_and_its_attack_goes_on() -> None:
    g = game([{"type": "ger-rifle-team", "hex": "A5", "weapon": "ger-mortar"}],
             [{"type": "us-rifle-squad", "hex": "A8"}, {"type": "us-rifle-team", "hex": "O9"}])
    fire_attack(g, 0, ["axis-1-w"], "A8", [(6, 6), (1, 1, "Jammed!")],
                [(6, 6)])
    assert g.state["weapons"]["axis-1-w"]["broken"]
    assert "Attack Total 8" in text(g)  # 6 FP + 2


def test_11_4_a_broken_weapon_that_breaks_again_is_eliminated() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B3", "weapon": "ger-lmg"}],
             [{"type": "us-rifle-squad", "hex": "B5"}])
    break_weapon(g, "axis-1-w", "test")
    assert g.state["weapons"]["axis-1-w"]["broken"]
    break_weapon(g, "axis-1-w", "test")
    assert g.state["weapons"]["axis-1-w"]["where"] == "casualties"
    assert g.state["sides"][0]["casualty_weapons"] == ["axis-1-w"]
    assert g.state["units"]["axis-1"]["weapon"] is None


def test_10_3_2_1_hindered_shot_lifted_by_marksmanship() -> None:
    """Digest §5 row 68: a shot hindered to 0 FP or less may be declared when a Fire Action in
    hand can lift it to 1 or more; Marksmanship (+2) takes the Team's 2 - 3 Brush = -1 to 1."""
    g = game([{"type": "ger-rifle-team", "hex": "B5"}], [{"type": "us-rifle-team", "hex": "E5"}])
    hand(g, 0, [FIRE, "G-47", "G-66", "G-1", "G-2", "G-3"])  # G-47: Marksmanship (Germany)
    go(g, "order:G-13", "activate:axis-1")
    assert "target:E5" in opts(g)
    for choice in ("target:E5", "add:axis-1", "fire"):
        g.apply(choice)
    d = g.decision()
    assert d is not None and d.step == "action_window" and d.seat == 0
    g.apply(next(o for o in opts(g) if "G-47" in o))
    go(g)
    log = text(g)
    assert "Marksmanship: +2 FP" in log and "the attack now has 1 FP" in log
    assert "cannot be made" not in log


def test_10_3_2_1_hindered_shot_called_off_if_not_lifted() -> None:
    """Declared on the strength of a Marksmanship card that is then not played: the attack is
    called off at the roll (10.3.2.1), without a Fire Attack Roll."""
    g = game([{"type": "ger-rifle-team", "hex": "B5"}], [{"type": "us-rifle-team", "hex": "E5"}])
    hand(g, 0, [FIRE, "G-47", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13", "activate:axis-1", "target:E5", "add:axis-1", "fire")
    assert "Final FP -1 is below 1: the attack cannot be made" in text(g)


def test_11_3_owner_eliminates_a_weapon_at_his_turn() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "C3", "weapon": "ger-lmg"}],
             [{"type": "us-rifle-squad", "hex": "O9", "weapon": "us-lmg"}])
    wid = g.state["units"]["axis-1"]["weapon"]
    assert f"drop:{wid}" in opts(g)
    assert not any(o.startswith("drop:allies") for o in opts(g))  # only one's own Weapons
    g.apply(f"drop:{wid}")
    assert g.state["units"]["axis-1"]["weapon"] is None
    assert g.state["weapons"][wid]["where"] == "casualties"
    assert "11.3: " + wid + " is eliminated by its owner" in text(g)
    assert g.decision() is not None and g.decision().step == "turn"  # still the same Turn
