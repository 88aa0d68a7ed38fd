"""Time track (6), Sudden Death (6.2), game end and victory (6.3, 7, 9.2)."""

from __future__ import annotations

from cc_helpers import deck, lines, new, position, settle

from tactica.games.commander_family.victory import (
    break_unit,
    check_sudden_loss,
    eliminate,
    final_decision,
    objective_value,
    set_control,
)

AXIS, ALLIES = 0, 1


def _deck_of(g, seat: int, cards: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Leave only ``cards`` in draw + discard (the rest removed), so a reshuffle is known."""
    d = deck(g, seat)
    d["removed"] = [c for c in d["draw"] + d["discard"] if c not in cards]
    d["draw"] = [c for c in d["draw"] + d["discard"] if c in cards]
    d["discard"] = []


def _advance(g, seat: int) -> None:  # type: ignore[no-untyped-def]
    g.push("hold")
    g.push("time_advance", seat=seat, cause="test", phase="advance")
    g.refresh()


def test_6_2_2_sudden_death_ends_when_roll_is_below_the_time_space() -> None:
    g = new()
    g.state["time"].update(space=2, sudden_death=3)
    _deck_of(g, AXIS, ["G-43", "G-64"])  # both 1-1: the roll is 2 whatever the shuffle
    _advance(g, AXIS)
    settle(g)
    assert g.is_terminal()
    assert any("Sudden Death roll 2 < 3" in line for line in lines(g))


def test_6_2_2_sudden_death_roll_not_below_goes_on() -> None:
    g = new()
    g.state["time"].update(space=2, sudden_death=3)
    _deck_of(g, AXIS, ["G-30", "G-14"])  # both 6-6 (G-14's Event! is ignored inside Time)
    _advance(g, AXIS)
    settle(g)
    assert not g.is_terminal()
    assert g.state["time"]["space"] == 3
    assert any("Event! ignored" in line for line in lines(g))


def test_6_2_2_no_sudden_death_roll_before_the_marker() -> None:
    g = new()
    _advance(g, AXIS)
    assert g.state["time"]["space"] == 1
    assert not any("sudden death" in line for line in lines(g))


def test_6_1_2_reshuffle_only_the_triggering_deck_and_defender_vp() -> None:
    g = new()
    deck(g, AXIS)["discard"].append(deck(g, AXIS)["draw"].pop())
    deck(g, ALLIES)["discard"].append(deck(g, ALLIES)["draw"].pop())
    vp = g.state["vp"]
    _advance(g, AXIS)
    assert deck(g, AXIS)["discard"] == [] and len(deck(g, ALLIES)["discard"]) == 1
    assert g.state["vp"] == vp - 1  # the American Defender gains 1 VP (negative favours allies)


def test_6_1_2_triggering_player_removes_a_smoke_marker() -> None:
    g = position().marker("smoke", "C5", 3).marker("smoke", "D4", 2).game()
    _advance(g, ALLIES)
    d = g.decision()
    assert d is not None and d.seat == ALLIES and {o.id for o in d.options} == {"smoke:C5", "smoke:D4"}
    g.apply("smoke:D4")
    assert g.state["smoke"] == {"C5": 3}


def test_6_1_2_reinforcements_enter_on_their_time_space() -> None:
    g = new()
    waiting = g.state["reinforcements"]["2"]
    _advance(g, AXIS)
    assert g.state["units"][waiting[0]]["where"] == "time_track"
    g.apply("go")
    _advance(g, AXIS)
    assert g.state["units"][waiting[0]]["where"] == "map"


def test_3_2_4_a_broken_unit_that_breaks_again_is_eliminated_7_1_vp() -> None:
    g = position().objective_chits().game()
    vp = g.state["vp"]
    break_unit(g, "allies-2", "test")
    assert g.state["units"]["allies-2"]["broken"]
    break_unit(g, "allies-2", "test")
    assert g.state["units"]["allies-2"]["where"] == "casualties"
    assert g.state["vp"] == vp + 2  # a Squad is worth 2 to the Germans (7.1)


def test_7_1_leader_worth_one_plus_command() -> None:
    g = position().objective_chits().game()
    vp = g.state["vp"]
    eliminate(g, "axis-1", "test")  # Lt. Bolter, Command 1
    assert g.state["vp"] == vp - 2


def test_7_3_2_elimination_points_doubled_chit() -> None:
    g = position().objective_chits(open=["V"]).game()
    vp = g.state["vp"]
    eliminate(g, "allies-2", "test")
    assert g.state["vp"] == vp + 4


def test_6_3_surrender_when_a_casualty_reaches_the_marker() -> None:
    g = position().track("surrender", 2, ALLIES).game()
    eliminate(g, "allies-2", "test")
    assert not g.is_terminal()
    eliminate(g, "allies-3", "test")
    assert g.is_terminal() and g.returns() == [1.0, -1.0]


def test_6_3_last_unit_on_the_map_eliminated_loses() -> None:
    g = position().track("surrender", 99, ALLIES).game()
    for uid in ("allies-1", "allies-2", "allies-3", "allies-4"):
        eliminate(g, uid, "test")
    assert g.is_terminal() and g.returns() == [1.0, -1.0]


def test_6_3_1_both_lose_at_once_initiative_holder_wins() -> None:
    g = position().track("surrender", 1, AXIS).track("surrender", 1, ALLIES).game()
    eliminate(g, "axis-2", "test", check=False)
    eliminate(g, "allies-2", "test", check=False)
    assert check_sudden_loss(g)
    assert g.returns() == [-1.0, 1.0]  # the Americans hold the Initiative card


def test_7_3_2_chits_c_g_k_make_objective_3_worth_six() -> None:
    g = new()
    assert objective_value(g, "3", ["C", "G", "K"]) == 6


def test_7_3_3_open_objective_worth_4_swings_8() -> None:
    # chits A and J: Objective 1 worth 1 + 2; P: all five +1, so Objective 1 worth 4
    g = position().objective(1, ALLIES).objective_chits(open=["A", "J", "P"]).game()
    assert objective_value(g, "1", g.state["chits_open"]) == 4
    vp = g.state["vp"]
    set_control(g, "1", AXIS)
    assert g.state["vp"] - vp == 8


def test_6_3_2_secret_chits_revealed_and_scored_at_the_end() -> None:
    # secret chit D: Objective 4 worth 1, held by the Germans
    g = position().track("vp", 0).objective_chits(secret={AXIS: ["D"]}).game()
    assert g.state["vp"] == 0
    final_decision(g, "test", "6.3.2")
    assert g.returns() == [1.0, -1.0]


def test_9_2_vp_zero_goes_to_the_initiative_holder() -> None:
    g = position().track("vp", 0).objective_chits().game()
    assert g.state["vp"] == 0
    final_decision(g, "test", "6.3.2")
    assert g.returns() == [-1.0, 1.0]


def test_7_3_2_control_all_five_wins_before_the_sudden_death_roll() -> None:
    p = position().objective_chits(open=["T"]).track("time", 2).track("sudden_death", 3)
    for o in range(1, 6):
        p.objective(o, AXIS)
    g = p.game()
    _advance(g, ALLIES)
    assert g.is_terminal() and g.returns() == [1.0, -1.0]


def test_6_1_2_step_6_dig_in_windows_inactive_first() -> None:
    from cc_helpers import rules

    from tactica.games.commander_family.actions import ActionDef

    r = rules()
    played: list[int] = []
    r.actions["Dig In"] = ActionDef("Dig In", "A32", implemented=True, windows=frozenset({"dig_in"}),
                                    play=lambda g, seat, card, ctx: played.append(seat))
    g = new(r)
    for seat in (AXIS, ALLIES):
        nation = g.state["sides"][seat]["nation"]
        hand = g.state["sides"][seat]["hand"]
        card = next(c.id for c in r.pack.decks[nation].cards.values() if c.action == "Dig In")
        if card not in hand:
            deck(g, seat)["draw"].remove(card)
            hand.append(card)
    _advance(g, AXIS)  # the Germans are active: the Americans (inactive) are asked first
    d = g.decision()
    assert d is not None and d.step == "action_window" and d.seat == ALLIES
    g.apply(next(o.id for o in d.options if o.kind == "action"))
    d = g.decision()  # nothing more in hand, but its window stays open: asked by public facts
    assert d is not None and d.step == "action_window" and d.seat == ALLIES
    assert [o.id for o in d.options] == ["pass"]
    g.apply("pass")
    d = g.decision()
    assert d is not None and d.step == "action_window" and d.seat == AXIS
    g.apply(next(o.id for o in d.options if o.kind == "action"))
    assert played == [ALLIES, AXIS]
