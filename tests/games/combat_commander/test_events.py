"""Every Event E43-E77 played through its trigger (1.9.1.1: an Event! roll reveals the next card
and its Event is executed) on the Fire test map, with its decisions and no-effect cases (E42)."""

from __future__ import annotations

from event_helpers import (
    ALLIES,
    AXIS,
    choose,
    done,
    event_card,
    game,
    happen,
    hex_card,
    opts,
    put_top,
    roll_card,
    text,
    unit,
)
from fire_helpers import BOARD

from tactica import studio
from tactica.core.hexgrid import neighbor
from tactica.games.commander_family.board_state import label_map
from tactica.games.commander_family.events_map import COMPASS
from tactica.games.commander_family.victory import eliminate

SQ, TEAM, LDR = "ger-rifle-squad", "ger-rifle-team", "ger-ldr-bolter"
US_SQ = "us-rifle-squad"


def u(t: str, h: str, **kw: object) -> dict[str, object]:
    return {"type": t, "hex": h, **kw}


# ---------------------------------------------------------------- E42 general
def test_E42_roll_inside_an_event_ignores_its_trigger() -> None:
    """Commissar's roll is made inside the Event: an Event! on it is ignored (E42, 1.9.1)."""
    g = game([u(SQ, "E4")], [u("ru-rifle-squad", "J7")], allies_nation="Russia")
    unit(g, "allies-1")["broken"] = True
    happen(g, AXIS, "Commissar")
    assert g.decision().seat == ALLIES  # the Russian player picks, whoever received the Event
    sd = g.state["sides"][ALLIES]
    trig = next(c for c in sd["deck"]["draw"] if g.rules.card(c).trigger == "Event!")
    put_top(g, ALLIES, trig)
    choose(g, "unit:allies-1")
    assert "Event! ignored" in text(g)
    assert done(g)


# ---------------------------------------------------------------- E43 Air Support
def test_E43_air_support_empty_hex_hits_the_closest_occupied_hex() -> None:
    g = game([u(SQ, "E6"), u(TEAM, "E6")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Air Support", hex_card("Germany", "E4"))
    assert opts(g) == ["hex:E6", "none"]
    choose(g, "hex:E6")
    assert unit(g, "axis-1")["broken"] and unit(g, "axis-2")["broken"]
    assert done(g) and "E43" in text(g)


def test_E43_air_support_may_be_declined_and_hits_the_hex_itself() -> None:
    g = game([u(SQ, "B4")], [u(US_SQ, "E4")])
    happen(g, AXIS, "Air Support", hex_card("Germany", "E4"))
    assert opts(g) == ["hex:E4", "none"]
    choose(g, "none")
    assert not unit(g, "allies-1")["broken"] and done(g)


# ---------------------------------------------------------------- E44 Battle Harden
def test_E44_battle_harden_veteran_on_a_unit_without_one() -> None:
    g = game([u(SQ, "E4"), u(SQ, "E5")], [u(US_SQ, "N8")])
    unit(g, "axis-2")["veteran"] = True
    happen(g, AXIS, "Battle Harden")
    assert opts(g) == ["unit:axis-1"]
    choose(g, "unit:axis-1")
    assert unit(g, "axis-1")["veteran"] and done(g)


def test_E44_battle_harden_no_unit_without_veteran() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    unit(g, "axis-1")["veteran"] = True
    happen(g, AXIS, "Battle Harden")
    assert done(g) and "No effect" in text(g)


# ---------------------------------------------------------------- E45 Battlefield Integrity
def test_E45_battlefield_integrity_counts_enemy_casualties() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8"), u(US_SQ, "N7"), u("us-rifle-team", "N6")])
    eliminate(g, "allies-2", "test")
    eliminate(g, "allies-3", "test")
    vp = g.state["vp"]
    happen(g, AXIS, "Battlefield Integrity")
    assert g.state["vp"] == vp + 2 and done(g)


# ---------------------------------------------------------------- E46 Blaze
def test_E46_blaze_clears_the_hex_and_units_leave_inactive_first() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "E4")], smoke={"E4": 3},
             fortifications=[{"hex": "E4", "type": "foxholes"}])
    happen(g, AXIS, "Blaze", hex_card("Germany", "E4"))
    assert "E4" in g.state["blaze"] and "E4" not in g.state["smoke"]
    assert "E4" not in g.state["fortifications"]
    d = g.decision()
    assert d.seat == ALLIES  # the inactive player moves his units first (Axis is active)
    assert "hex:E4" not in opts(g) and "hex:E5" in opts(g)
    choose(g, "hex:E5")
    assert g.decision().seat == AXIS
    choose(g, "hex:E3")
    assert unit(g, "allies-1")["hex"] == "E5" and unit(g, "axis-1")["hex"] == "E3" and done(g)


def test_E46_blaze_not_in_water() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Blaze", hex_card("Germany", "H2"))  # H2 is Marsh
    assert g.state["blaze"] == [] and done(g) and "Water" in text(g)


# ---------------------------------------------------------------- E47 Booby Trap
def test_E47_booby_trap_places_mines_and_spares_occupants() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Booby Trap", hex_card("Germany", "E4"))
    assert g.state["fortifications"] == {"E4": "mines"}
    assert not unit(g, "axis-1")["broken"] and done(g)


def test_E47_booby_trap_not_on_a_fortification() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")], fortifications=[{"hex": "E4", "type": "wire"}])
    happen(g, AXIS, "Booby Trap", hex_card("Germany", "E4"))
    assert g.state["fortifications"] == {"E4": "wire"} and done(g)


# ---------------------------------------------------------------- E48 Breeze
def test_E48_breeze_removes_smoke_and_spreads_blaze_downwind() -> None:
    wind = 5  # G-28
    b = BOARD.load()  # the test map's geometry
    m = label_map(b)
    target = b.label(neighbor(m["F5"], COMPASS[wind]))
    g = game([u(SQ, target)], [u(US_SQ, "N8")], blaze=["F5"], smoke={"J7": 4})
    happen(g, AXIS, "Breeze")
    assert g.state["smoke"] == {}
    assert sorted(g.state["blaze"]) == sorted(["F5", target])
    assert g.decision().seat == AXIS  # the caught unit leaves the new Blaze
    assert "hex:F5" not in opts(g)
    choose(g, opts(g)[0])
    assert unit(g, "axis-1")["hex"] != target and done(g)


def test_E48_breeze_without_blaze_only_clears_smoke() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")], smoke={"J7": 4})
    happen(g, AXIS, "Breeze")
    assert g.state["smoke"] == {} and g.state["blaze"] == [] and done(g)


# ---------------------------------------------------------------- E49 Command & Control
def test_E49_command_and_control_counts_own_objectives() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")], objectives={"1": "axis", "4": "axis", "2": "allies"})
    vp = g.state["vp"]
    happen(g, AXIS, "Command & Control")
    assert g.state["vp"] == vp + 2 and done(g)


# ---------------------------------------------------------------- E50 Commissar
def _commissar(total: int) -> object:
    g = game([u(SQ, "E4")], [u("ru-rifle-squad", "J7"), u("ru-rifle-squad", "J8")], allies_nation="Russia")
    unit(g, "allies-1")["broken"] = True
    happen(g, AXIS, "Commissar")
    assert opts(g) == ["unit:allies-1"]
    put_top(g, ALLIES, roll_card("Russia", total))
    choose(g, "unit:allies-1")
    return g


def test_E50_commissar_roll_at_or_below_morale_rallies() -> None:
    g = _commissar(7)  # broken Morale 7 in the open: 7 <= 7
    assert not unit(g, "allies-1")["broken"] and done(g)  # type: ignore[attr-defined]


def test_E50_commissar_roll_above_morale_eliminates() -> None:
    g = _commissar(8)
    assert unit(g, "allies-1")["where"] == "casualties"  # type: ignore[arg-type]


def test_E50_commissar_needs_a_russian_player() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Commissar")
    assert done(g) and "no Russian player" in text(g)


# ---------------------------------------------------------------- E51 Cower
def test_E51_cower_suppresses_squads_outside_leader_radius() -> None:
    g = game([u(LDR, "E4"), u(SQ, "E5"), u(SQ, "J7"), u(TEAM, "J8")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Cower")
    assert not unit(g, "axis-2")["suppressed"]  # within Bolter's Command 1
    assert unit(g, "axis-3")["suppressed"]
    assert not unit(g, "axis-4")["suppressed"]  # Teams are not affected
    assert done(g)


# ---------------------------------------------------------------- E52 Deploy
def test_E52_deploy_two_teams_markers_split() -> None:
    g = game([u(SQ, "E4", weapon="ger-lmg")], [u(US_SQ, "N8")])
    unit(g, "axis-1").update(veteran=True, broken=True)
    g.state["activated"].append("axis-1")
    happen(g, AXIS, "Deploy")
    assert opts(g) == ["unit:axis-1", "none"]
    choose(g, "unit:axis-1")
    assert "split:veteran" in opts(g)
    choose(g, "split:veteran")
    a, b = unit(g, "axis-1.a"), unit(g, "axis-1.b")
    assert a["type"] == b["type"] == "ger-rifle-team" and a["broken"] and b["broken"]
    assert a["weapon"] == "axis-1-w" and not a["veteran"] and b["veteran"] and b["weapon"] is None
    assert {"axis-1.a", "axis-1.b"} <= set(g.state["activated"])
    assert unit(g, "axis-1")["where"] == "out" and done(g)


def test_E52_deploy_pending_results_hit_both_teams() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    g.state["stack"][-1]["args"]["pending"] = ["axis-1"]
    happen(g, AXIS, "Deploy")
    choose(g, "unit:axis-1")
    assert ["axis-1.a", "axis-1.b"] in [f["args"].get("pending") for f in g.state["stack"]]


# ---------------------------------------------------------------- E53 Dust
def test_E53_dust_places_random_smoke() -> None:
    g = game([u(SQ, "B4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Dust", hex_card("Germany", "E4"))
    assert 1 <= g.state["smoke"]["E4"] <= 10 and done(g)


def test_E53_dust_not_on_a_blaze() -> None:
    g = game([u(SQ, "B4")], [u(US_SQ, "N8")], blaze=["E4"])
    happen(g, AXIS, "Dust", hex_card("Germany", "E4"))
    assert g.state["smoke"] == {} and done(g)


# ---------------------------------------------------------------- E54 Élan
def test_E54_elan_moves_the_surrender_marker_up() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Élan")
    assert g.state["sides"][AXIS]["surrender"] == 11 and done(g)


# ---------------------------------------------------------------- E55 Entrench
def test_E55_entrench_foxholes_in_a_friendly_hex() -> None:
    g = game([u(SQ, "E4"), u(SQ, "H2"), u(SQ, "J7")], [u(US_SQ, "N8")],
             fortifications=[{"hex": "J7", "type": "wire"}])
    happen(g, AXIS, "Entrench")
    assert opts(g) == ["hex:E4", "none"]  # not the Marsh, not the Wire hex
    choose(g, "hex:E4")
    assert g.state["fortifications"]["E4"] == "foxholes" and done(g)


def test_E55_entrench_declined_adds_no_fortification_table() -> None:
    """Reads do not write (docs/architecture.md): offering the hexes reads the Fortifications,
    and a state that had none still has no table once the Event placed nothing."""
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    assert "fortifications" not in g.state
    happen(g, AXIS, "Entrench")
    assert opts(g) == ["hex:E4", "none"] and "fortifications" not in g.state
    choose(g, "none")
    assert "fortifications" not in g.state and "places no Foxholes" in text(g) and done(g)


# ---------------------------------------------------------------- E56 Field Promotion
def test_E56_field_promotion_private_joins_a_broken_unit() -> None:
    g = game([u(SQ, "E4"), u(SQ, "J7")], [u(US_SQ, "N8")])
    unit(g, "axis-1")["broken"] = True
    happen(g, AXIS, "Field Promotion")
    assert opts(g) == ["hex:E4", "none"]
    choose(g, "hex:E4")
    pvt = [k for k, v in g.state["units"].items() if v["type"] == "ger-private"]
    assert len(pvt) == 1 and unit(g, pvt[0])["hex"] == "E4" and done(g)


def test_E56_field_promotion_needs_a_broken_unit() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Field Promotion")
    assert done(g) and "No effect" in text(g)


# ---------------------------------------------------------------- E57 Fog of War
def test_E57_fog_of_war_each_loses_a_random_card() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    sides = g.state["sides"]
    before = [len(s["hand"]) for s in sides]
    disc = [len(s["deck"]["discard"]) for s in sides]
    happen(g, AXIS, "Fog of War")
    assert [len(s["hand"]) for s in sides] == [before[0] - 1, before[1] - 1]
    # the Axis discard also got the two cards the Event! roll revealed
    assert len(sides[ALLIES]["deck"]["discard"]) == disc[1] + 1
    assert done(g)


# ---------------------------------------------------------------- E58 Hero
def test_E58_hero_appears_and_rallies_a_unit_in_his_hex() -> None:
    g = game([u(SQ, "E4"), u(SQ, "J7")], [u(US_SQ, "N8")])
    unit(g, "axis-2")["broken"] = True
    happen(g, AXIS, "Hero")
    assert opts(g) == ["hex:E4", "hex:J7"]  # placement is not optional
    choose(g, "hex:J7")
    assert opts(g) == ["unit:axis-2", "none"]
    choose(g, "unit:axis-2")
    hero = [k for k, v in g.state["units"].items() if v["type"] == "ger-hero"]
    assert unit(g, hero[0])["hex"] == "J7" and not unit(g, "axis-2")["broken"] and done(g)


def test_E58_hero_already_on_the_map() -> None:
    g = game([u(SQ, "E4"), u("ger-hero", "E5")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Hero")
    assert done(g) and "No effect" in text(g)


# ---------------------------------------------------------------- E59 Infiltration
def test_E59_infiltration_support_item_near_a_random_hex() -> None:
    g = game([u(SQ, "B4")], [u(US_SQ, "N8")])
    seven = roll_card("Germany", 7, avoid=(hex_card("Germany", "E4"),))
    happen(g, AXIS, "Infiltration", seven, hex_card("Germany", "E4"))
    assert opts(g) == ["item:rifle-squad", "item:lmg-team"]  # column 7, scenario year 1944
    choose(g, "item:lmg-team")
    assert "hex:E4" in opts(g) and "hex:E5" in opts(g) and "hex:J7" not in opts(g)
    choose(g, "hex:E5")
    new = [k for k, v in g.state["units"].items() if v["hex"] == "E5"]
    assert len(new) == 1 and g.state["weapons"][unit(g, new[0])["weapon"]]["type"] == "ger-lmg"
    assert done(g)


def test_E59_infiltration_never_offers_a_radio() -> None:
    g = game([u(SQ, "B4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Infiltration", roll_card("Germany", 8), hex_card("Germany", "E4"))
    assert opts(g) == ["item:rifle-team", "item:panzerfaust-team"]


# ---------------------------------------------------------------- E60 Interdiction
def test_E60_interdiction_only_units_in_cover_below_1() -> None:
    g = game([u(SQ, "E4"), u(SQ, "C5")], [u(US_SQ, "N8")])  # C5 Brush (Cover 1)
    unit(g, "axis-1")["broken"] = True
    happen(g, AXIS, "Interdiction")
    assert opts(g) == ["unit:allies-1", "unit:axis-1"]  # either side, broken or not
    choose(g, "unit:allies-1")
    assert unit(g, "allies-1")["suppressed"] and done(g)


def test_E60_interdiction_foxholes_give_cover() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")],
             fortifications=[{"hex": "E4", "type": "foxholes"}, {"hex": "N8", "type": "foxholes"}])
    happen(g, AXIS, "Interdiction")
    assert done(g) and "No effect" in text(g)


# ---------------------------------------------------------------- E61 Interrogation
def test_E61_interrogation_discard_one_enemy_card() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    hand = sorted(g.state["sides"][ALLIES]["hand"])
    happen(g, AXIS, "Interrogation")
    assert g.decision().seat == AXIS and opts(g) == [*[f"card:{c}" for c in hand], "none"]
    choose(g, f"card:{hand[0]}")
    assert hand[0] in g.state["sides"][ALLIES]["deck"]["discard"] and done(g)
    # the hand was shown to the Axis only
    assert any(hand[1] in line for line in g.log_lines(AXIS, everything=False))
    assert not any(hand[1] in line for line in g.log_lines(None, everything=False))


# ---------------------------------------------------------------- E62 KIA, E64 Medic!
def test_E62_kia_eliminates_a_broken_unit_of_either_side() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8"), u(US_SQ, "N7")])
    unit(g, "allies-1")["broken"] = True
    vp = g.state["vp"]
    happen(g, AXIS, "KIA")
    assert opts(g) == ["unit:allies-1"]
    choose(g, "unit:allies-1")
    assert unit(g, "allies-1")["where"] == "casualties" and g.state["vp"] == vp + 2 and done(g)


def test_E62_kia_no_broken_unit() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "KIA")
    assert done(g) and "No effect" in text(g)


def test_E64_medic_rallies_a_broken_unit_of_either_side() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    unit(g, "allies-1")["broken"] = True
    unit(g, "axis-1")["broken"] = True
    happen(g, AXIS, "Medic!")
    assert opts(g) == ["unit:allies-1", "unit:axis-1"]
    choose(g, "unit:axis-1")
    assert not unit(g, "axis-1")["broken"] and unit(g, "allies-1")["broken"] and done(g)


# ---------------------------------------------------------------- E63 Malfunction, E72 Shell Shock
def test_E63_malfunction_breaks_the_closest_unbroken_weapon() -> None:
    g = game([u(SQ, "E6", weapon="ger-lmg"), u(SQ, "B4", weapon="ger-mmg")],
             [u(US_SQ, "N8", weapon="us-lmg")])
    happen(g, AXIS, "Malfunction", hex_card("Germany", "E4"))
    assert g.state["weapons"]["axis-1-w"]["broken"] and not g.state["weapons"]["axis-2-w"]["broken"]
    assert done(g)


def test_E72_shell_shock_tie_lets_the_receiver_choose() -> None:
    g = game([u(SQ, "E3")], [u(US_SQ, "E5")])
    happen(g, AXIS, "Shell Shock", hex_card("Germany", "E4"))
    assert opts(g) == ["unit:allies-1", "unit:axis-1"]
    choose(g, "unit:allies-1")
    assert unit(g, "allies-1")["broken"] and not unit(g, "axis-1")["broken"] and done(g)


# ---------------------------------------------------------------- E65, E67, E74 chits
def test_E65_mission_objective_draws_another_chit() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    pool = len(g.state["chit_pool"])
    n = len(g.state["sides"][AXIS]["chits_secret"]) + len(g.state["chits_open"])
    happen(g, AXIS, "Mission Objective")
    assert len(g.state["chit_pool"]) == pool - 1
    assert len(g.state["sides"][AXIS]["chits_secret"]) + len(g.state["chits_open"]) == n + 1 and done(g)


def test_E67_reconnaissance_opponent_reveals_a_secret_chit() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "O10")], secret_chits=1)
    secret = list(g.state["sides"][ALLIES]["chits_secret"])
    if not secret:  # drawn chit had no secret side: give one
        c = next(c for c in g.state["chit_pool"] if g.rules.chit(c).secret_side)
        g.state["chit_pool"].remove(c)
        g.state["sides"][ALLIES]["chits_secret"].append(c)
        secret = [c]
    happen(g, AXIS, "Reconnaissance")
    assert g.decision().seat == ALLIES and opts(g) == [f"chit:{secret[0]}"]
    choose(g, f"chit:{secret[0]}")
    assert secret[0] in g.state["chits_open"] and done(g)


def test_E67_reconnaissance_no_secret_chit() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Reconnaissance")
    assert done(g) and "No effect" in text(g)


def test_E74_strategic_objective_opens_a_chit_and_scores_it() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")], objectives={str(i): "axis" for i in range(1, 6)})
    pool = g.state["chit_pool"]
    c = next(c for c in pool if g.rules.chit(c).condition == "all_objectives_vp")
    pool.remove(c)
    pool.append(c)
    g.chance.force([len(pool) - 1])
    vp = g.state["vp"]
    happen(g, AXIS, "Strategic Objective")
    assert c in g.state["chits_open"] and g.state["vp"] == vp + 5 * g.rules.chit(c).vp and done(g)


# ---------------------------------------------------------------- E66 Prisoners of War
def test_E66_prisoners_of_war_broken_unit_next_to_the_enemy() -> None:
    g = game([u(SQ, "E4"), u(SQ, "J7")], [u(US_SQ, "E5")])
    unit(g, "axis-1")["broken"] = True
    unit(g, "axis-2")["broken"] = True
    happen(g, AXIS, "Prisoners of War")
    assert opts(g) == ["unit:axis-1"]
    choose(g, "unit:axis-1")
    assert unit(g, "axis-1")["where"] == "casualties" and done(g)


def test_E66_prisoners_of_war_none_near_the_enemy() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    unit(g, "axis-1")["broken"] = True
    happen(g, AXIS, "Prisoners of War")
    assert done(g) and unit(g, "axis-1")["where"] == "map"


# ---------------------------------------------------------------- E68 Reinforcements
def test_E68_reinforcements_unit_on_the_friendly_edge() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Reinforcements", roll_card("Germany", 7))
    choose(g, "item:rifle-squad")
    assert all(o.startswith("hex:A") for o in opts(g))  # the west edge
    choose(g, "hex:A5")
    assert [k for k, v in g.state["units"].items() if v["hex"] == "A5"] and done(g)


def test_E68_reinforcements_radio_into_the_artillery_box() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Reinforcements", roll_card("Germany", 8))
    assert "item:radio-8" in opts(g)
    choose(g, "item:radio-8")
    assert g.state["radios"][AXIS]["type"] == "ger-radio-8" and done(g)


def test_E68_reinforcements_no_radio_if_the_box_is_taken() -> None:
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    g.state["radios"] = [{"type": "ger-radio-12", "broken": False, "box": None}, None]
    happen(g, AXIS, "Reinforcements", roll_card("Germany", 8))
    assert "item:radio-8" not in opts(g) and "item:rifle-team" in opts(g)


# ---------------------------------------------------------------- E69, E70, E73 Fortifications
def test_E69_rubble_places_wire() -> None:
    g = game([u(SQ, "B4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Rubble", hex_card("Germany", "E4"))
    assert g.state["fortifications"] == {"E4": "wire"} and done(g)


def test_E70_sappers_remove_mines_or_wire() -> None:
    g = game([u(SQ, "B4")], [u(US_SQ, "N8")],
             fortifications=[{"hex": "E4", "type": "wire"}, {"hex": "E5", "type": "foxholes"},
                             {"hex": "E6", "type": "mines"}])
    happen(g, AXIS, "Sappers")
    assert opts(g) == ["hex:E4", "hex:E6", "none"]
    choose(g, "hex:E6")
    assert g.state["fortifications"] == {"E4": "wire", "E5": "foxholes"} and done(g)


def test_E70_sappers_with_nothing_to_remove_add_no_fortification_table() -> None:
    g = game([u(SQ, "B4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Sappers")
    assert "no Mines or Wire on the map" in text(g) and done(g)
    assert "fortifications" not in g.state  # the read found none and wrote nothing


def test_E73_shellholes_foxholes_but_not_on_wire() -> None:
    """8.1.3 example: Shellholes would put Foxholes in a hex with Wire: not placed."""
    g = game([u(SQ, "B4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Shellholes", hex_card("Germany", "E4"))
    assert g.state["fortifications"] == {"E4": "foxholes"}
    g2 = game([u(SQ, "B4")], [u(US_SQ, "N8")])
    g2.state["fortifications"] = {"E4": "wire"}
    happen(g2, AXIS, "Shellholes", hex_card("Germany", "E4"))
    assert g2.state["fortifications"] == {"E4": "wire"} and done(g2)


# ---------------------------------------------------------------- E71 Scrounge
def test_E71_scrounge_takes_an_eliminated_enemy_weapon() -> None:
    g = game([u(SQ, "E4"), u(SQ, "E5", weapon="ger-lmg")],
             [u(US_SQ, "N8", weapon="us-mmg"), u(US_SQ, "N7")])
    eliminate(g, "allies-1", "test")
    happen(g, AXIS, "Scrounge")
    assert opts(g) == ["weapon:allies-1-w", "none"]
    choose(g, "weapon:allies-1-w")
    assert opts(g) == ["unit:axis-1"]  # only units without a Weapon
    choose(g, "unit:axis-1")
    w = g.state["weapons"]["allies-1-w"]
    assert w["carrier"] == "axis-1" and w["seat"] == AXIS and unit(g, "axis-1")["weapon"] == "allies-1-w"
    assert g.state["sides"][ALLIES]["casualty_weapons"] == [] and done(g)


# ---------------------------------------------------------------- E75 Suppressing Fire
def test_E75_suppressing_fire_needs_a_usable_mg_in_range_and_los() -> None:
    g = game([u(SQ, "E4", weapon="ger-lmg")], [u(US_SQ, "E8"), u(US_SQ, "O1")])
    happen(g, AXIS, "Suppressing Fire")
    assert opts(g) == ["unit:allies-1", "none"]  # O1 is out of the LMG's Range
    choose(g, "unit:allies-1")
    assert unit(g, "allies-1")["suppressed"] and done(g)


def test_E75_suppressing_fire_suppressed_carrier_cannot() -> None:
    g = game([u(SQ, "E4", weapon="ger-lmg")], [u(US_SQ, "E8")])
    unit(g, "axis-1")["suppressed"] = True
    happen(g, AXIS, "Suppressing Fire")
    assert done(g) and "No effect" in text(g)


# ---------------------------------------------------------------- E76 Walking Wounded
def test_E76_walking_wounded_returns_an_enemy_unit_if_only_enemies_fell() -> None:
    """Intro example A: only the opponent has eliminated units: one of his must come back."""
    g = game([u(SQ, "B4")], [u(US_SQ, "N8"), u(US_SQ, "N7")])
    eliminate(g, "allies-2", "test")
    happen(g, AXIS, "Walking Wounded", hex_card("Germany", "E4"))
    assert opts(g) == ["unit:allies-2"]
    choose(g, "unit:allies-2")
    assert "hex:E4" in opts(g)
    choose(g, "hex:E4")
    a = unit(g, "allies-2")
    assert a["where"] == "map" and a["hex"] == "E4" and a["broken"]
    assert g.state["sides"][ALLIES]["casualties"] == [] and done(g)


# ---------------------------------------------------------------- E77 White Phosphorus
def test_E77_white_phosphorus_each_player_breaks_one_unit_there() -> None:
    g = game([u(SQ, "E4"), u(SQ, "E5")], [u(US_SQ, "E5"), u(US_SQ, "N8")])
    happen(g, AXIS, "White Phosphorus")
    assert "hex:E5" in opts(g) and "hex:E4" in opts(g) and "none" in opts(g)
    choose(g, "hex:E5")
    assert "E5" in g.state["smoke"]
    assert g.decision().seat == ALLIES  # inactive player first (our reading)
    choose(g, "unit:allies-1")
    assert g.decision().seat == AXIS
    choose(g, "unit:axis-2")
    log = g.log_lines()
    breaks = log.index("E77: allies-1 breaks"), log.index("E77: axis-2 breaks")
    # O16.4: the hex holds both sides, so a Melee follows the trigger once the Event is done
    assert breaks[0] < breaks[1] < log.index("O16.4: Melee in E5: allies-1, axis-2")
    assert unit(g, "allies-1")["broken"] and done(g)


# ---------------------------------------------------------------- inside a real Fire attack
def test_E60_interdiction_during_fire_example_F() -> None:
    """Fire example E-G with the real Event and Actions: the HMG's roll 1·6 shows Event!, Interdiction is
    revealed, the Axis player Suppresses the broken US Squad before its Defense Roll, which then
    fails (Morale 8 - 1 Road - 1 Suppressed + 1·2 = 9 < 20)."""
    import fire_helpers as fh
    from test_fire_example import ALLIES as F_ALLIES
    from test_fire_example import AXIS as F_AXIS

    from tactica.games.combat_commander import CombatCommanderRules

    r = CombatCommanderRules()  # the real Sustained Fire (A41) and Interdiction (E60)
    g = fh.game(F_AXIS, F_ALLIES, r)
    g.state["units"]["allies-1"]["broken"] = True
    fh.hand(g, 0, ["G-13", "G-31", "G-66", "G-1", "G-2", "G-3"])
    fh.top(g, 0, "G-61", "G-8")   # 1·6 Event!; the Interdiction card
    fh.top(g, 1, "A-3")           # 1·2
    fh.go(g, "order:G-13", "activate:axis-4", "target:M6", "add:axis-4-w")
    g.apply("fire")
    g.apply("action:G-31")
    g.apply("action:G-66")
    fh.skip(g)
    assert g.rules.card("G-8").event == "Interdiction"
    assert g.decision().step == "event_ask" and g.decision().seat == AXIS
    assert "unit:allies-1" in opts(g)
    fh.go(g, "unit:allies-1")
    log = text(g)
    assert "Attack Total 20" in log and "allies-1 Defense Total 9" in log
    assert g.state["units"]["allies-1"]["where"] == "casualties" and g.state["vp"] == 2


def test_E61_interrogated_hand_stays_known_when_search_redeals() -> None:
    """After Interrogation the receiver knows the enemy hand: a re-deal for search keeps those
    cards in place (only what the seat has not seen is redrawn), so the pending choice of a card
    to discard stays valid."""
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")])
    happen(g, AXIS, "Interrogation")
    hand = list(g.state["sides"][ALLIES]["hand"])
    assert g.decision().seat == AXIS and f"card:{hand[0]}" in opts(g)
    for seed in range(5):
        r = g.resample_from_infostate(AXIS, seed)
        assert r.state["sides"][ALLIES]["hand"] == hand
        r.apply(f"card:{hand[0]}")


def test_E52_deploy_while_an_advance_waits_for_the_mines_sends_both_teams_on() -> None:
    """A Squad advancing out of a mined hex waits for that hex's Mine Attack (F103.2). Its
    Fire Defense roll shows Event! and the Event is Deploy (E52): the Squad becomes two Teams,
    and both go on into the hex it was bound for (E52.2, the Advance's pending unit counts as a
    result pending against it). A strength run found this position: the pending advance held
    the Squad's id beside the hex, Deploy put both Teams there, and the Advance crashed."""
    g = game([u(SQ, "E4")], [u(US_SQ, "N8")], fortifications=[{"hex": "E4", "type": "mines"}])
    g.push("hold")
    g.push("advance_order", seat=AXIS, phase="units", activated=["axis-1"], leader=None,
           last=None, done=[])
    g.refresh()
    ev = event_card("Germany", "Deploy")
    put_top(g, AXIS, roll_card("Germany", 12, avoid=(ev,)), ev)
    studio.force_roll(g, AXIS, {"trigger": "Event!"})  # the Germans' next roll: their defence
    choose(g, "adv:axis-1:E5")
    assert opts(g) == ["unit:axis-1", "none"]  # the Deploy question, mid Mine Attack
    choose(g, "unit:axis-1")
    teams = ["axis-1.a", "axis-1.b"]
    units = g.state["units"]
    assert units["axis-1"]["where"] != "map"  # replaced by its Teams
    assert [units[t]["hex"] for t in teams] == ["E5", "E5"]
    assert "axis-1.a advances from E4 into E5" in text(g) and "axis-1.b advances from E4 into E5" in text(g)
