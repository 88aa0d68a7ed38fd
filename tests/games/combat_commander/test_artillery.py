"""Radios (12, 8.1.2), Artillery Denied (O17) and Artillery Request (O18: Battery Access, Fire For
Effect with Spotting, Accuracy, drift and Impact), played through real Turns on the test map."""

from __future__ import annotations

import marshal
from typing import Any

from fire_helpers import card, game, go, hand, opts, text, top

from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander.artillery import (
    arrive_radios,
    drift,
    impact_area,
    place_radio,
    radio_of,
    radio_view,
    setup_radios,
)
from tactica.games.combat_commander.maps import builtin_map

REQUEST = "G-35"    # German Artillery Request cards
REQUEST_2 = "G-50"
DENIED = "G-25"     # German Artillery Denied cards
DENIED_2 = "G-58"
FILLER = ["G-31", "G-66", "G-1", "G-2"]
SPOTTER = {"type": "ger-ldr-bolter", "hex": "E8"}   # axis-1 sees E5 at range 3, clear
FAR = [{"type": "us-rifle-squad", "hex": "O1"}]


def rules() -> CombatCommanderRules:
    return CombatCommanderRules()  # artillery is registered by default


def arty(axis: list[Any], allies: list[Any], radio: str | None = "ger-radio-10",
         allied_radio: str | None = None, cards: list[str] | None = None) -> Game:
    g = game(axis, allies, rules())
    if radio:
        place_radio(g, 0, radio)
    if allied_radio:
        place_radio(g, 1, allied_radio)
    hand(g, 0, cards or [REQUEST, *FILLER, "G-3"])
    return g


HAND = (REQUEST, REQUEST_2, DENIED, DENIED_2, *FILLER, "G-3")


def plain(nation: str, *rolls: tuple[int, int]) -> list[str]:
    """Cards showing these rolls without a trigger, none of them a card a test puts in hand."""
    out: list[str] = []
    for w, c in rolls:
        out.append(card(nation, w, c, None, HAND + tuple(out)))
    return out


def one(nation: str, w: int, c: int) -> str:
    return card(nation, w, c, None, HAND)


# ---------------------------------------------------------------- 12, 8.1.2
def test_12_scenario_radios_go_to_the_artillery_box_by_the_friendly_edge() -> None:
    r = rules()
    g = Game.new(r, "bridge_at_dawn", 1)
    sc = r.all_scenarios()["bridge_at_dawn"]
    sc = {**sc, "sides": {**sc["sides"], "allies": {**sc["sides"]["allies"], "radios": [],
                                                   "reinforcement_radios": {"5": ["us-radio-13"]}}}}
    setup_radios(g, sc)
    box = builtin_map("village_crossing").artillery_box("west")
    assert box == "northwest"
    assert radio_of(g, 0) == {"type": "ger-radio-8", "broken": False, "box": box}
    assert radio_of(g, 1) is None
    assert g.state["radio_reinforcements"] == {"5": [{"seat": 1, "type": "us-radio-13"}]}
    arrive_radios(g, 5)  # 6.1.2 step 5: into the (empty) box of its owner
    assert radio_of(g, 1) == {"type": "us-radio-13", "broken": False, "box": "southeast"}
    assert radio_view(g)[1] == {"type": "us-radio-13", "broken": False, "box": "southeast"}
    marshal.dumps(g.state)  # still plain data


def test_8_1_2_one_radio_per_artillery_box_the_first_stays() -> None:
    g = arty([SPOTTER], FAR)
    assert not place_radio(g, 0, "ger-radio-12")
    assert radio_of(g, 0)["type"] == "ger-radio-10"  # type: ignore[index]
    assert "already holds ger-radio-10" in text(g)


def test_12_a_game_without_radios_offers_no_artillery_order() -> None:
    g = arty([SPOTTER], FAR, radio=None, cards=[REQUEST, DENIED, *FILLER])
    assert radio_view(g) == [None, None]
    assert "order:G-35" not in opts(g) and "order:G-25" not in opts(g)


# ---------------------------------------------------------------- O17
def test_O17_artillery_denied_breaks_then_eliminates_the_enemy_radio() -> None:
    g = arty([SPOTTER], FAR, radio=None, allied_radio="us-radio-10",
             cards=[DENIED, DENIED_2, *FILLER])
    activated = list(g.state["activated"])
    go(g, "order:G-25")
    assert radio_of(g, 1) == {"type": "us-radio-10", "broken": True, "box": None}
    assert g.state["activated"] == activated  # nothing is activated
    go(g, "order:G-58")
    assert radio_of(g, 1) is None
    # back to the counter mix, not the Casualty Track: a Radio is not a Weapon (12)
    assert g.state["sides"][1]["casualty_weapons"] == [] and g.state["sides"][1]["casualties"] == []
    assert "goes back to the counter mix" in text(g)
    assert g.decision().step == "turn"  # type: ignore[union-attr]


def test_O17_refused_without_an_enemy_radio() -> None:
    g = arty([SPOTTER], FAR, radio="ger-radio-10", cards=[DENIED, *FILLER, "G-3"])
    assert "order:G-25" not in opts(g)  # only our own Radio is in play


# ---------------------------------------------------------------- O18.1
def test_O18_1_battery_access_then_fire_for_effect_in_the_same_turn() -> None:
    # digest §5 row 25: a broken Radio and two Artillery Request cards
    g = arty([SPOTTER, {"type": "ger-rifle-squad", "hex": "A1"}], FAR,
             cards=[REQUEST, REQUEST_2, *FILLER])
    radio_of(g, 0)["broken"] = True  # type: ignore[index]
    g.refresh()
    go(g, "order:G-35")
    assert radio_of(g, 0)["broken"] is False  # type: ignore[index]
    assert g.state["activated"] == []  # Battery Access activates nothing
    assert "Battery Access" in text(g)
    assert "order:G-50" in opts(g)
    go(g, "order:G-50")
    assert opts(g) == ["spotter:axis-1"]  # Fire For Effect: Leaders only


def test_O18_refused_when_its_prerequisite_fails() -> None:
    # no Radio at all
    g = arty([SPOTTER], FAR, radio=None)
    assert "order:G-35" not in opts(g)
    # an unbroken Radio but no Leader: Fire For Effect needs a Spotter
    g = arty([{"type": "ger-rifle-squad", "hex": "E8"}], FAR)
    assert "order:G-35" not in opts(g)
    # a broken Leader cannot spot
    g = arty([SPOTTER], FAR)
    g.state["units"]["axis-1"]["broken"] = True
    g.refresh()
    assert "order:G-35" not in opts(g)
    # a Leader already activated this Turn cannot spot
    g = arty([SPOTTER], FAR)
    g.state["activated"].append("axis-1")
    g.refresh()
    assert "order:G-35" not in opts(g)
    # the Leader is off the map (a reinforcement): no Spotter
    g = arty([SPOTTER], FAR)
    g.state["units"]["axis-1"].update(where="time_track", hex=None)
    g.refresh()
    assert "order:G-35" not in opts(g)


# ---------------------------------------------------------------- O18.2.1
def test_O18_2_1_spotting_any_hex_in_the_spotters_los_smoke_only_with_a_smoke_radio() -> None:
    g = arty([{"type": "ger-ldr-bolter", "hex": "E3"}], FAR, radio="ger-radio-12")  # no Smoke
    go(g, "order:G-35", "spotter:axis-1")
    o = set(opts(g))
    assert {"spot:E3", "spot:G3", "spot:O10", "spot:A1"} <= o  # own hex; woods; no range limit
    assert "spot:H3" not in o and "spot:H2" not in o  # behind the woods in G3
    assert not any(x.startswith("smoke:") for x in o)
    assert g.state["activated"] == ["axis-1"]
    g = arty([{"type": "ger-ldr-bolter", "hex": "G4"}], FAR)  # Radio 10 has Smoke
    go(g, "order:G-35", "spotter:axis-1")
    o = set(opts(g))
    assert {"spot:H2", "smoke:H2", "spot:G4", "smoke:G4"} <= o  # an impassable-ish Marsh is fine


def test_O18_2_the_spotter_cannot_spot_again_this_turn() -> None:
    g = arty([SPOTTER], FAR, cards=[REQUEST, REQUEST_2, *FILLER])
    top(g, 0, *plain("Germany", (6, 6), (1, 1)))  # accurate; drift 1 then 1: two hexes up
    go(g, "order:G-35", "spotter:axis-1", "spot:E5")
    assert g.decision().step == "turn"  # type: ignore[union-attr]  # E3 area is empty: no attack
    assert "order:G-50" not in opts(g)  # Bolter is activated; no other Leader


# ---------------------------------------------------------------- O18.2.2
def test_O18_2_2_accuracy_is_a_targeting_roll_with_the_hindrance() -> None:
    # digest §5 rows 28-29: range 5 with Brush (3) on the line needs a product of at least 9
    for (w, c), hit in (((2, 4), False), ((3, 3), True)):
        g = arty([{"type": "ger-ldr-bolter", "hex": "B5"}], FAR)
        top(g, 0, one("Germany", w, c), one("Germany", 1, 4))
        go(g, "order:G-35", "spotter:axis-1", "spot:G5")
        log = text(g)
        net = w * c - 3
        assert f"Accuracy {w * c} - hindrance 3 = {net} against range 5" in log
        assert log.split("against range 5: ")[1].startswith("accurate" if hit else "inaccurate")
        # hit: 1 hex up then 1 hex down = back to G5; miss: 4 hexes up from G5 = G1
        assert ("G5 -> G4 -> G5" if hit else "G5 -> G4 -> G3 -> G2 -> G1") in log


def test_O18_2_2_1_accurate_drift_can_bring_the_round_back_and_is_not_a_roll() -> None:
    # digest §5 row 56: white 1 (up) then colored 4 (down) lands where the SR was placed.
    # The drift card G-38 shows Sniper!, ignored: revealing for drift is not a roll.
    g = arty([SPOTTER], [{"type": "us-rifle-squad", "hex": "E5"}])
    top(g, 0, one("Germany", 2, 3), "G-38", one("Germany", 6, 5))
    top(g, 1, one("America", 1, 1))
    go(g, "order:G-35", "spotter:axis-1", "spot:E5")
    log = text(g)
    assert "E5 -> E4 -> E5" in log and "Sniper" not in log
    assert "Impact Total 21 (10 FP + roll 11)" in log
    assert g.state["units"]["allies-1"]["broken"]  # Morale 6 + Cover 0 + 2 = 8 < 21


def test_O18_2_2_2_inaccurate_drift_can_land_on_own_troops() -> None:
    # digest §5 row 56: a miss moves the SR colored-die hexes in the white die's direction
    g = arty([SPOTTER, {"type": "ger-rifle-squad", "hex": "E7"}], [{"type": "us-rifle-squad", "hex": "E5"}])
    top(g, 0, one("Germany", 1, 2), one("Germany", 4, 2), one("Germany", 6, 6),
        one("Germany", 1, 1))
    go(g, "order:G-35", "spotter:axis-1", "spot:E5")
    log = text(g)
    assert "Accuracy 2 - hindrance 0 = 2 against range 3: inaccurate" in log
    assert "2 hex(es) toward 4: E5 -> E6 -> E7" in log
    # area of E7 holds the German squad (E7) and the Spotter (E8): the active player orders them
    assert set(opts(g)) == {"impact:E7", "impact:E8"}
    go(g, "impact:E7")
    assert "Impact Total 22 (10 FP + roll 12)" in text(g)
    assert g.state["units"]["axis-2"]["broken"]  # Morale 7 + 2 = 9 < 22, own troops


def test_O18_2_2_3_a_round_that_leaves_the_map_even_briefly_is_removed() -> None:
    g = arty([{"type": "ger-ldr-bolter", "hex": "A4"}], [{"type": "us-rifle-squad", "hex": "A2"}])
    assert drift(g, "A2", 6, 3, True) == ([], False)  # NW off the board, though SE would come back
    top(g, 0, one("Germany", 6, 6), one("Germany", 6, 3))
    go(g, "order:G-35", "spotter:axis-1", "spot:A2")
    log = text(g)
    assert "errs off the map and is removed; the Order ends" in log
    assert "Impact" not in log.split("errs off the map")[1]
    assert not g.state["units"]["allies-1"]["broken"]
    assert g.decision().step == "turn"  # type: ignore[union-attr]


# ---------------------------------------------------------------- O18.2.3
def test_O18_2_3_1_smoke_barrage_places_seven_random_smoke_markers() -> None:
    g = arty([{"type": "ger-ldr-bolter", "hex": "G4"}], [{"type": "us-rifle-squad", "hex": "H3"}])
    g.state["smoke"]["G3"] = 10  # the larger Smoke stays (8.1.4)
    top(g, 0, one("Germany", 6, 6), one("Germany", 1, 4))
    go(g, "order:G-35", "spotter:axis-1", "smoke:H3")
    area = impact_area(g, "H3")
    assert len(area) == 7 and "H2" in area
    smoke = g.state["smoke"]
    assert set(smoke) == set(area) - {"H2"}  # the Marsh in H2 takes no Smoke (T89)
    assert smoke["G3"] == 10
    assert "Smoke barrage" in text(g) and "Impact Total" not in text(g)
    assert not g.state["units"]["allies-1"]["broken"]  # no Impact Rolls
    assert g.decision().step == "turn"  # type: ignore[union-attr]


def test_O18_2_3_2_barrage_attacks_each_occupied_hex_once_in_the_active_players_order() -> None:
    # SR lands back on E5 (accurate, drift 1 then 4). Area: E5 E4 F4 F5 E6 D5 D4.
    g = arty([SPOTTER, {"type": "ger-rifle-squad", "hex": "F4"}],
             [{"type": "us-rifle-squad", "hex": "E5"}, {"type": "us-rifle-squad", "hex": "D5"},
              {"type": "us-rifle-team", "hex": "H8"}])
    # Germany: Accuracy 2x3, drift 1-4, Impact D5 3+3, Impact F4 1+2, German defense 6+6,
    # Impact E5 6+5; America: defense in D5 4+5, in E5 1+1
    top(g, 0, one("Germany", 2, 3), one("Germany", 1, 4),
        *plain("Germany", (3, 3), (1, 2), (6, 6), (6, 5)))
    top(g, 1, *plain("America", (4, 5), (1, 1)))
    go(g, "order:G-35", "spotter:axis-1", "spot:E5")
    assert set(opts(g)) == {"impact:E5", "impact:F4", "impact:D5"}  # empty hexes are not attacked
    go(g, "impact:D5")
    log = text(g)
    # D5 Brush: 10 + 6 = 16 against Morale 6 + Cover 1 + 9 = 16: a tie suppresses
    assert "Impact Total 16 (10 FP + roll 6)" in log
    assert g.state["units"]["allies-2"]["suppressed"] and not g.state["units"]["allies-2"]["broken"]
    assert set(opts(g)) == {"impact:E5", "impact:F4"}
    go(g, "impact:F4")
    # own squad: 10 + 3 = 13 against Morale 7 + 12 = 19: unaffected
    assert "Impact Total 13 (10 FP + roll 3)" in text(g)
    assert not g.state["units"]["axis-2"]["broken"]
    # the last hex needs no choice: 10 + 11 = 21 against 6 + 2 = 8, the squad breaks
    assert "Impact Total 21 (10 FP + roll 11)" in text(g)
    assert g.state["units"]["allies-1"]["broken"]
    assert not g.state["units"]["allies-3"]["broken"]  # outside the blast area
    assert g.decision().step == "turn"  # type: ignore[union-attr]
    assert "the Spotting Round is removed" in text(g)


def test_O18_2_3_2_no_hindrance_airburst_in_woods_and_no_wall_cover() -> None:
    # Smoke 3 in the target hex hinders Accuracy (10.3.1) but not the Impact; Woods add +2 (T99);
    # a Wall hexside gives no alternate Cover against Artillery (T97).
    g = arty([{"type": "ger-ldr-bolter", "hex": "E3"}],
             [{"type": "us-rifle-squad", "hex": "G3"}, {"type": "us-rifle-squad", "hex": "D6"}])
    g.state["smoke"]["G3"] = 3
    top(g, 0, one("Germany", 2, 3), one("Germany", 2, 5), *plain("Germany", (3, 4)))
    top(g, 1, *plain("America", (5, 5)))
    go(g, "order:G-35", "spotter:axis-1", "spot:G3")
    log = text(g)
    assert "Accuracy 6 - hindrance 3 = 3 against range 2: accurate" in log
    assert "G3 -> H2 -> G3" in log
    assert "Impact Total 19 (10 FP + roll 7 + 2 airburst (T99))" in log
    assert g.state["units"]["allies-1"]["broken"]  # Morale 6 + Woods 2 + 10 = 18 < 19
    # now the Wall: D6 Brush (Cover 1) with a Wall on C6/D6 (alternate Cover 2, not vs Artillery)
    g = arty([{"type": "ger-ldr-bolter", "hex": "A6"}], [{"type": "us-rifle-squad", "hex": "D6"}])
    top(g, 0, one("Germany", 6, 6), one("Germany", 1, 4), *plain("Germany", (1, 2)))
    top(g, 1, *plain("America", (3, 3)))
    go(g, "order:G-35", "spotter:axis-1", "spot:D6")
    log = text(g)
    assert "Impact Total 13 (10 FP + roll 3)" in log
    assert "Cover (brush +1)" in log or "brush +1" in log
    assert g.state["units"]["allies-1"]["suppressed"]  # 6 + 1 + 6 = 13: a tie (with the Wall: 14)


def test_O18_2_3_2_jammed_does_not_break_the_radio() -> None:
    g = arty([SPOTTER], [{"type": "us-rifle-squad", "hex": "E5"}])
    top(g, 0, one("Germany", 2, 3), one("Germany", 1, 4), "G-64")  # G-64: 1-1 Jammed!
    top(g, 1, *plain("America", (6, 6)))
    go(g, "order:G-35", "spotter:axis-1", "spot:E5")
    log = text(g)
    assert "Jammed! does not break a Radio" in log
    assert radio_of(g, 0)["broken"] is False  # type: ignore[index]
    assert "Impact Total 12 (10 FP + roll 2)" in log


def test_O18_2_3_2_both_sides_in_a_hex_defend_inactive_player_first() -> None:
    g = arty([SPOTTER, {"type": "ger-rifle-squad", "hex": "E5"}, {"type": "ger-rifle-team", "hex": "E5"}],
             [{"type": "us-rifle-squad", "hex": "E5"}])
    top(g, 0, one("Germany", 2, 3), one("Germany", 1, 4), *plain("Germany", (1, 2), (6, 6), (5, 5)))
    top(g, 1, *plain("America", (6, 6)))
    go(g, "order:G-35", "spotter:axis-1", "spot:E5")
    # the US squad rolled first (automatic: the only inactive unit); now Germany picks its order
    assert "allies-1 Defense Total" in text(g)
    assert set(opts(g)) == {"defend:axis-2", "defend:axis-3"}
    go(g, "defend:axis-3")
    log = text(g)
    assert log.index("allies-1 Defense Total") < log.index("axis-3 Defense Total") < log.index(
        "axis-2 Defense Total")
    # the Order is over; the hex still holds both sides, so the O16.4 Melee check follows
    assert log.index("axis-2 Defense Total") < log.index("Melee in E5")


# ---------------------------------------------------------------- random play
def test_O18_random_games_with_radios_reach_an_end() -> None:
    """Random play of a built-in scenario with both Radios: no dead end, plain data, every offered
    option applies, and the artillery Orders really come up."""
    import random

    seen: set[str] = set()
    for seed in range(3):
        r = rules()
        g = Game.new(r, "bridge_at_dawn", seed)
        setup_radios(g, r.all_scenarios()["bridge_at_dawn"])
        place_radio(g, 1, "us-radio-10")
        g.refresh()
        rng = random.Random(seed)
        for n in range(20_000):
            if g.is_terminal():
                break
            options = g.legal_options()
            assert options, f"dead end: {g.frame_names()}"
            if n % 11 == 0:
                marshal.dumps(g.state)
                for o in rng.sample(options, min(3, len(options))):
                    g.clone().apply(o.id)
            g.apply(rng.choice(options).id)
        assert g.is_terminal()
        log = text(g)
        seen |= {rule for rule in ("O17:", "O18.1:", "O18.2.2:", "O18.2.3.2:") if rule in log}
    assert {"O17:", "O18.2.2:"} <= seen
