"""Strategy Cards played (1.S, S98): +1 on any roll but Sudden Death, inactive player first, one
per player per Turn, none in a Turn its owner passes; Situations; Reminder Cards; hidden hands."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family.state import side
from tactica.games.great_war_commander import RULES, artillery, strategy

from .gwc_helpers import pass_windows, position, run_out

Hands = tuple[str | None, str | None]


def scene(scenario: str = "verdun_gas_1916", hands: Hands = ("GES2", "FRS2"),
          active: int | None = None) -> studio.Position:
    """``scenario`` at its first Turn (its first side active, or ``active``), no unit yet, with
    these Strategy Cards held."""
    p = position(scenario)
    for seat, cid in enumerate(hands):
        p.hand(seat, [cid] if cid else [], kind="strategy")
    if active is not None:
        p.turn(active)
    return p


def game(scenario: str = "verdun_gas_1916", hands: Hands = ("GES2", "FRS2"),
         active: int | None = None) -> Game:
    return scene(scenario, hands, active).game(seed=1)


def roll(g: Game, seat: int, purpose: str = "test") -> None:
    g.push("roll", roller=seat, purpose=purpose, store="test_roll")
    g.refresh()
    pass_windows(g, ("initiative",))


def result(g: Game) -> dict[str, Any]:
    out: dict[str, Any] = g.top().pop("test_roll")
    return out


def test_S98_2_plus_one_inactive_player_first_then_active() -> None:
    g = game()
    assert int(g.state["active"]) == 0
    roll(g, 0)
    d = g.decision()
    assert d.step == "sc_modifier" and d.seat == 1  # the inactive player first
    g.apply("sc:FRS2")
    d = g.decision()
    assert d.step == "sc_modifier" and d.seat == 0
    g.apply("sc:GES2")
    r = result(g)
    assert r["total"] == r["white"] + r["colored"] + 2 and r["drm"] == 2
    assert side(g.state, 0)["sc_discard"] == ["GES2"] and side(g.state, 1)["sc_discard"] == ["FRS2"]


def test_S98_one_per_player_per_turn_and_never_on_sudden_death() -> None:
    g = game()
    roll(g, 0)
    g.apply("pass")  # France keeps its card
    g.apply("sc:GES2")
    result(g)
    side(g.state, 0)["sc_hand"].append(side(g.state, 0)["sc_draw"].pop())  # a new card, same Turn
    roll(g, 1)
    assert g.decision().step == "sc_modifier" and g.decision().seat == 1  # only France may still
    g.apply("pass")
    assert g.decision().step == "turn"
    result(g)
    roll(g, 0, "sudden death")
    assert g.decision().step == "turn"  # no window at all


def test_1S_a_card_drawn_this_turn_waits_for_the_next() -> None:
    g = game()
    side(g.state, 1)["sc_drawn"] = g.state["turn"]
    roll(g, 0)
    assert g.decision().seat == 0  # France's card came this Turn: only Germany is asked


def test_1S_no_pass_after_a_strategy_card_and_none_after_passing() -> None:
    p = scene()  # Units to give Orders to: a pass is then a choice, not the only option
    p.unit(0, "ger-ldr-bertin", "H5"), p.unit(0, "ger-infanterie", "H5"), p.unit(1, "fr-poilus", "H9")
    g = p.game(seed=1)
    assert "pass" in [o.id for o in g.legal_options()]
    roll(g, 0)
    g.apply("pass")
    g.apply("sc:GES2")
    result(g)
    assert "pass" not in [o.id for o in g.legal_options()]
    g2 = game()
    g2.apply("pass")  # Germany passes: no Strategy Card for it this Turn
    assert not strategy.may_play(g2, 0) and strategy.may_play(g2, 1)


def test_S98_2_window_does_not_depend_on_which_card_is_held() -> None:
    """Hidden information: any held card gives the +1, so the window is the same whatever it is."""
    seen = set()
    for cid in ("FRS1", "FRS5", "FRS9"):
        g = game(hands=("GES2", cid))
        roll(g, 0)
        seen.add((g.decision().step, g.decision().seat, len(g.legal_options())))
    assert len(seen) == 1


def test_1_2_the_held_card_is_hidden_from_the_other_seat() -> None:
    g = game()
    v = g.view(1)["board"]["sides"]
    assert v[0]["sc_hand"] is None and v[0]["sc_hand_count"] == 1 and v[1]["sc_hand"] == ["FRS2"]
    assert any("FRS2" in z for z in RULES.hidden_zones(g, 0))


def test_S98_3_6_french_75s_breaks_the_enemy_telephone() -> None:
    g = (scene(hands=("GES2", "FRS6"), active=1)
         .marker("sr", "H6", 0).marker("impact", "H5", 0).marker("impact", "H7", 0).game(seed=1))
    assert "sc:FRS6:0" in [o.id for o in g.legal_options()]
    g.apply("sc:FRS6:0")
    assert artillery.telephone_of(g, 0)["broken"] and g.state["barrages"][0] is None
    assert side(g.state, 1)["sc_discard"] == ["FRS6"]
    assert "sc:FRS6:0" not in [o.id for o in g.legal_options()]


def test_S98_1_2_period_and_S98_1_1_reminder_anti_gas() -> None:
    g = game("frontieres_1914", hands=("GES1", None))
    assert not [o for o in g.legal_options() if o.id.startswith("sc:")]  # 1916-1918 only
    p = scene(hands=("GES1", None))
    sup = p.unit(0, "ger-infanterie", "H9", suppressed=True)
    foe = p.unit(1, "fr-poilus", "H9", suppressed=True)
    g = p.game(seed=1)
    g.apply("sc:GES1:0")
    assert side(g.state, 0)["sc_reminders"] == ["GES1"] and not side(g.state, 0)["sc_hand"]
    assert g.view(1)["board"]["sides"][0]["sc_reminders"] == ["GES1"]
    # O19.2.1.3 with the Reminder: a Suppressed German Formation is not broken by Gas
    artillery.gas_attack(g, 1, "H9")
    assert not g.state["units"][sup]["broken"] and g.state["units"][foe]["broken"]


def test_S98_5_4_firepower_adds_one_to_fire_attacks_with_a_weapon() -> None:
    p = scene("belleau_wood_1918", hands=(None, "USS4"), active=1)
    marines = p.unit(1, "us-marines", "F6", weapon="us-chauchat")
    g = p.game(seed=1)
    g.apply("sc:USS4:0")
    wid = g.state["units"][marines]["weapon"]
    g.state["stack"].append({"step": "fire_attack", "args": {"pieces": [wid]}})
    a: dict[str, Any] = {"purpose": "fire attack", "roller": 1}
    g.state["stack"].append({"step": "roll", "args": a})
    strategy.after_roll(g, a)
    assert a["drm"] == 1
    g.state["stack"][-2]["args"]["pieces"] = []
    b: dict[str, Any] = {"purpose": "fire attack", "roller": 1}
    strategy.after_roll(g, b)
    assert "drm" not in b


def test_S98_4_4_forward_observer_no_drift_on_an_fao_hit() -> None:
    from .test_artillery import dice, keep, pick

    g = game(hands=("GES4", None))
    artillery.push_request(g, 0)
    g.refresh()
    pick(g, "space:local", "spotter:FAO")
    dice(g, 0, (6, 6))
    target = [o.id for o in g.legal_options()][-1]  # a hex the FAO sees, far off
    pick(g, target)
    assert g.decision().step == "sc_modifier"  # the Accuracy roll is a roll: +1 first (kept)
    pick(g, "pass")
    assert g.decision().step == "sc_situation"
    pick(g, "sc:GES4")
    keep(g)
    log = [e[1].format(**e[2]) for e in g.log]
    assert any("Forward Observer: no drift" in t for t in log)
    assert any(f"Impact area: {target[5:]}," in t for t in log)


def test_S98_5_2_battle_morale_rallies_a_leader_and_his_units() -> None:
    p = scene("belleau_wood_1918", hands=(None, "USS2"), active=1)
    kelly = p.unit(1, RULES.components.leader_id("America", "Kelly"), "F5", broken=True)
    near = p.unit(1, "us-infantry", "F6", broken=True)
    far = p.unit(1, "us-infantry", "L9", broken=True)
    g = p.game(seed=1)
    opts = [o.id for o in g.legal_options() if o.id.startswith("sc:USS2")]
    assert opts == [f"sc:USS2:0:{kelly}"]
    g.apply(opts[0])
    u = g.state["units"]
    assert not u[kelly]["broken"] and not u[near]["broken"] and u[far]["broken"]


def test_S98_4_9_walter_rathenau_swaps_the_telephone_and_keeps_the_area() -> None:
    g = (scene(hands=("GES9", None))  # Germany holds ger-tel-10
         .side(0, telephone={"type": "ger-tel-10", "space": "standing_creeping"})
         .marker("sr", "H6", 0).marker("impact", "H5", 0).marker("impact", "H7", 0).game(seed=1))
    g.apply("sc:GES9:0")
    t = artillery.telephone_of(g, 0)
    assert t == {"type": "ger-tel-9", "broken": False, "space": "standing_creeping"}
    assert g.state["barrages"][0] == {"sr": "H6", "impacts": ["H5", "H7"]}


def test_S98_3_9_under_shot_shifts_the_enemy_barrage_toward_his_edge_and_fires_it() -> None:
    p = scene(hands=("GES2", "FRS9"), active=1)
    # Germany's registered Standing barrage along column H (its edge is north: direction 1)
    p.side(0, telephone={"type": "ger-tel-10", "space": "standing_creeping"}).marker("sr", "H6", 0)
    for h in ("H5", "H4", "H3", "H7", "H8", "H9"):
        p.marker("impact", h, 0)
    foe = p.unit(0, "ger-infanterie", "H2")
    g = p.game(seed=1)
    g.apply("sc:FRS9:0")
    assert g.state["barrages"][0] == {"sr": "H4", "impacts": ["H3", "H2", "H1", "H5", "H6", "H7"]}
    run_out(g, "artillery_request")
    log = [e[1].format(**e[2]) for e in g.log]
    assert any("Artillery Impact on H2: Telephone ger-tel-10" in t for t in log)
    assert any(f"{foe} Defense Total" in t for t in log)
    rolls = [e for e in g.log if str(e[2].get("purpose", "")).startswith("artillery impact")]
    assert rolls and all(e[2]["nation"] == "France" for e in rolls)  # the SC player draws


def test_S98_3_7_gabions_et_fascines_adds_one_in_trenches_and_foxholes() -> None:
    from tactica.games.commander_family.stats import best_cover

    p = scene(hands=("GES2", "FRS7"), active=1).marker("trench", "E5").marker("trench", "E7")
    p.unit(1, "fr-poilus", "E5")
    p.unit(0, "ger-infanterie", "E7")
    g = p.game(seed=1)
    before = best_cover(g, "E5")[0]
    g.apply("sc:FRS7:0")
    assert best_cover(g, "E5")[0] == before + 1  # French Formations in the Trench
    assert best_cover(g, "E7")[0] == 4  # not the German ones


def test_S98_4_3_drachen_draw_two_keep_one_the_other_under_the_pile() -> None:
    g = game(hands=("GES3", None))
    pile = side(g.state, 0)["sc_draw"]
    top2 = [pile[-1], pile[-2]]
    g.refresh()
    g.apply("sc:GES3:3")
    assert g.decision().step == "sc_keep" and [o.id for o in g.legal_options()] == [f"keep:{c}" for c in top2]
    g.apply(f"keep:{top2[1]}")
    sd = side(g.state, 0)
    assert sd["sc_hand"] == [top2[1]] and sd["sc_draw"][0] == top2[0]
    assert not strategy.may_play(g, 0)  # one a Turn, and the kept card waits for the next Turn
    assert g.view(1)["board"]["sides"][0]["sc_hand"] is None


def test_S98_3_1_aerial_reconnaissance_fao_request_and_discarding_the_held_card() -> None:
    g = game(hands=("GES2", "FRS1"), active=1)
    ids = [o.id for o in g.legal_options() if o.id.startswith("sc:FRS1")]
    assert ids == ["sc:FRS1:0", "sc:FRS1:1", "sc:FRS1:3"]  # no German Reminder to discard
    g.apply("sc:FRS1:0")
    assert g.frame_names()[-1] == "artillery_request"
    g.apply(g.legal_options()[0].id)  # a space; the FAO spots (fixed)
    assert g.legal_options()[0].id.startswith("spot:") and g.state["fao_spotted"][1] == g.state["turn"]
    g2 = game(hands=("GES2", "FRS1"), active=1)
    g2.apply("sc:FRS1:1")
    assert side(g2.state, 0)["sc_hand"] == [] and side(g2.state, 0)["sc_discard"] == ["GES2"]
    peeks = [e for e in g2.log if "peek" in e[1]]
    assert len(peeks) == 2 and all(e[3] == (1,) for e in peeks)  # only France reads them


def test_S98_2_plus_one_helps_the_roller_but_not_on_a_rally_roll() -> None:
    g = game()
    assert strategy.plus_one_helps(g, 0, {"roller": 0, "purpose": "fire attack"})
    assert not strategy.plus_one_helps(g, 1, {"roller": 0, "purpose": "fire attack"})
    assert not strategy.plus_one_helps(g, 0, {"roller": 0, "purpose": "rally of x"})
