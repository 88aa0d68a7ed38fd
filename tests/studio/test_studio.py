"""The studio's API: boards inline, positions through each module's adapter, forced rolls,
structured log entries, and the refusals that leave nothing built."""

from __future__ import annotations

import pytest

from tactica import studio
from tactica.core.board import BoardError
from tactica.core.game import Game
from tactica.games import get_rules
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander.artillery import artillery_box
from tactica.games.commander_family.stats import unit_stat
from tactica.studio import StudioError


def cc(board: studio.BoardSpec | None = None) -> studio.Position:
    return studio.Position("combat_commander", board or studio.board(5, 5))


def fire(g: Game, *choices: str) -> None:
    for c in choices:
        g.apply(c)
        while (d := g.decision()) is not None and d.step in ("initiative", "action_window"):
            g.apply("pass")


def test_board_errors_name_the_entry() -> None:
    with pytest.raises(BoardError, match="B2/D4"):
        cc(studio.board(5, 5, hexsides={"B2/D4": ["wall"]})).game()
    with pytest.raises(BoardError, match="feature church"):
        cc(studio.board(5, 5, hexes={"B2": ["building"]}, features={"church": ["B2", "Z9"]})).game()
    with pytest.raises(ValueError, match="no building terrain"):
        cc(studio.board(5, 5, hexes={"B2": ["building"]}, features={"church": ["B2", "B3"]})).game()


def test_same_spec_same_board_by_content() -> None:
    a = studio.board(4, 4, hexes={"B2": ["woods"]})
    assert a.load() is studio.board(4, 4, hexes={"B2": ["woods"]}).load()
    assert a.load() is not studio.board(4, 4, hexes={"B2": ["brush"]}).load()
    g1, g2 = cc(a).game(), cc(a).game(seed=1)
    assert g1.rules.board(g1) is g2.rules.board(g2)


def test_T82_multi_hex_building_is_one_objective_on_a_small_board() -> None:
    b = studio.board(4, 3, hexes={"B2": ["building"], "C2": ["building"]}, features={"inn": ["B2", "C2"]},
                     objectives={"1": "B2", "2": "A1"})
    g = cc(b).objective(1, "allies").game()
    assert g.state["objectives"]["1"]["hexes"] == ["B2", "C2"]
    assert g.state["objectives"]["2"]["hexes"] == ["A1"]


def test_unit_stats_are_the_units_own_and_tables_stay() -> None:
    p = cc()
    p.unit("axis", "ger-rifle-squad", "A1", stats={"fp": 9, "morale": 9, "broken_morale": 8})
    p.unit("axis", "ger-rifle-squad", "A2")
    g = p.game()
    assert unit_stat(g, "axis-1", "fp").value == 9 and unit_stat(g, "axis-2", "fp").value == 5
    assert unit_stat(g, "axis-1", "morale").value == 9
    g.state["units"]["axis-1"]["broken"] = True
    assert unit_stat(g, "axis-1", "morale").value == 8
    assert get_rules("combat_commander").unit_type("ger-rifle-squad").unbroken.fp == 5  # type: ignore[attr-defined]
    with pytest.raises(StudioError, match="no stat 'speed'"):
        bad = cc()
        bad.unit("axis", "ger-rifle-squad", "A1", stats={"speed": 3})
        bad.game()


def test_unit_fields_and_markers() -> None:
    p = cc()
    p.unit("axis", "ger-rifle-squad", "A1", weapon="ger-lmg", weapon_broken=True, veteran=True)
    p.marker("smoke", "C3", 4).marker("blaze", "D4").marker("foxholes", "B2")
    g = p.game()
    u = g.state["units"]["axis-1"]
    assert u["veteran"] and g.state["weapons"][u["weapon"]]["broken"]
    assert g.state["smoke"] == {"C3": 4} and g.state["blaze"] == ["D4"]
    assert g.state["fortifications"] == {"B2": "foxholes"}
    with pytest.raises(StudioError, match="no unit field 'shiny'"):
        q = cc()
        q.unit("axis", "ger-rifle-squad", "A1", shiny=True)
        q.game()


def test_unit_ids_follow_the_set_up_numbering() -> None:
    p = cc()
    assert p.unit("allies", "us-rifle-squad", "E5") == "allies-1"
    assert p.unit("allies", "us-rifle-squad", arrives=3) == "allies-2"
    p.unit("allies", "us-rifle-squad", "E4")
    with pytest.raises(StudioError, match="before its reinforcements"):
        p.game()
    with pytest.raises(StudioError, match="next axis unit is axis-1"):
        cc().unit("axis", "ger-rifle-squad", "A1", id="axis-7")


def test_hands_decks_and_whose_turn() -> None:
    p = cc()
    p.unit("axis", "ger-rifle-squad", "A1")
    p.hand("allies", ["A-1", "A-2"]).deck("allies", top=["A-3", "A-4"], discard=["A-5"]).turn("allies")
    g = p.game()
    sd = g.state["sides"][1]
    assert sd["hand"] == ["A-1", "A-2"] and sd["deck"]["draw"][-2:] == ["A-4", "A-3"]
    assert sd["deck"]["discard"] == ["A-5"]
    assert g.decision() is not None and g.decision().seat == 1  # type: ignore[union-attr]
    with pytest.raises(StudioError, match="'G-1' is not in America's deck"):
        cc().hand("allies", ["G-1"]).game()


def test_objective_chits_named_score_at_once() -> None:
    b = studio.board(5, 5, objectives={"1": "A1", "2": "E5"})
    p = cc(b).objective(1, "axis").objective(2, "allies")
    g = p.objective_chits(open=["A"], secret={"allies": ["F"]}).game()
    assert g.state["chits_open"] == ["A"] and g.state["sides"][1]["chits_secret"] == ["F"]
    assert "A" not in g.state["chit_pool"] and "F" not in g.state["chit_pool"]
    assert g.state["vp"] == 1  # chit A: Objective 1 worth 1 VP, held by the axis


def test_tracks() -> None:
    g = cc().track("time", 4).track("sudden_death", 7).track("vp", -3).track("surrender", 2, "axis") \
        .track("initiative", "axis").game()
    assert g.state["time"]["space"] == 4 and g.state["time"]["sudden_death"] == 7
    assert g.state["vp"] == -3 and g.state["sides"][0]["surrender"] == 2 and g.state["initiative"] == 0


def test_1_9_forced_roll_with_time_trigger_advances_time() -> None:
    p = cc()
    p.unit("axis", "ger-rifle-squad", "A2")
    p.unit("allies", "us-rifle-squad", "C3")
    g = p.hand("axis", ["G-13"]).game()
    studio.force_roll(g, "axis", (2, 3, "Time!"))
    fire(g, "order:G-13", "activate:axis-1", "target:C3", "add:axis-1", "fire")
    assert studio.entries(g, "O20.3.3")[0]["roll"] == 5
    assert g.state["time"]["space"] == 1 and studio.entries(g, "1.9.1.4")
    with pytest.raises(StudioError, match="trigger 'Boom!'"):
        studio.force_roll(g, "axis", (1, 1, "Boom!"))
    with pytest.raises(StudioError, match="1-6"):
        studio.force_roll(g, "axis", (7, 1))


def test_1_9_1_1_forced_event_trigger_and_event_card() -> None:
    """A roll showing Event!, then the card revealed for the Event given by its faces: Élan
    (E54) moves the roller's Surrender marker up one space."""
    p = cc()
    p.unit("axis", "ger-rifle-squad", "A2")
    p.unit("allies", "us-rifle-squad", "C3")
    g = p.hand("axis", ["G-13"]).roll("axis", (3, 3, "Event!"), {"event": "Élan"}).game()
    fire(g, "order:G-13", "activate:axis-1", "target:C3", "add:axis-1", "fire")
    assert g.state["sides"][0]["surrender"] == 11
    assert studio.entries(g, contains="Élan")
    with pytest.raises(StudioError, match="no face"):
        studio.force_roll(g, "axis", {"colour": "red"})


def test_forced_roll_refused_on_the_shared_rules() -> None:
    g = Game.new(get_rules("combat_commander"), "bridge_at_dawn", 1)
    with pytest.raises(StudioError, match="shared"):
        studio.force_roll(g, "axis", (1, 1))
    with pytest.raises(StudioError, match="shared"):
        studio.Position("combat_commander", rules=get_rules("combat_commander")).game()


def test_positions_on_one_rules_instance_keep_their_own_boards() -> None:
    r = CombatCommanderRules()
    a = studio.Position("combat_commander", studio.board(3, 3, hexes={"B2": ["woods"]}), rules=r).game()
    b = studio.Position("combat_commander", studio.board(4, 4), rules=r).game()
    ba, bb = r.board(a), r.board(b)
    assert ba is not None and bb is not None and ba is not bb
    assert ba.has(ba.parse("B2"), "woods") and len(bb) == 16


def test_artillery_box_on_a_studio_board() -> None:
    b = studio.board(6, 6, extra={"friendly_edges": ["west", "east"],
                                  "artillery_boxes": {"northwest": "west", "southeast": "east"}})
    g = cc(b).setting(sides={"axis": {"radios": ["ger-radio-10"]}}).game()
    assert artillery_box(g, 0) == "northwest" and artillery_box(g, 1) == "southeast"


def test_undo_rebuilds_the_position() -> None:
    p = cc()
    p.unit("axis", "ger-rifle-squad", "A2")
    p.unit("allies", "us-rifle-squad", "C3")
    g = p.hand("axis", ["G-13"]).marker("smoke", "B3", 1).game()
    g.apply("order:G-13")
    before = g.clone().state
    g.apply("activate:axis-1")
    assert g.can_undo()
    g.undo()  # rebuilt from the record: the staged position comes back with it
    assert g.state == before and g.state["smoke"] == {"B3": 1}


def test_unknown_module_and_seat() -> None:
    with pytest.raises(StudioError, match="no adapter for 'chess'"):
        studio.Position("chess")
    with pytest.raises(StudioError, match="no seat 'russians'"):
        cc().unit("russians", "ru-rifle-squad", "A1")


def test_entries_read_results_as_values() -> None:
    p = cc()
    p.unit("axis", "ger-rifle-squad", "A2")
    p.unit("allies", "us-rifle-squad", "B2")
    g = p.hand("axis", ["G-13"]).roll("axis", (4, 4)).roll("allies", (6, 6)).game()
    fire(g, "order:G-13", "activate:axis-1", "target:B2", "add:axis-1", "fire")
    shot = studio.entries(g, "O20.3.3")[0]
    assert (shot["fp"], shot["roll"], shot["total"]) == (5, 8, 13)
    d = studio.entries(g, contains="Defense Total")[0]
    assert (d["m"], d["r"], d["total"], d["att"]) == (6, 12, 18, 13)
    assert not g.state["units"]["allies-1"]["broken"]


# ------------------------------------------------------------------------------ The Great War
def gw(**hexes: str) -> studio.Position:
    return studio.Position("great_war", studio.board(14, 9, hexes={k: [v] for k, v in hexes.items()}))


def test_great_war_same_calls() -> None:
    p = gw(F5="wire")
    p.unit(0, "infantry", "F6", id="a")
    p.unit(1, "machine_gun", "F5", figs=2)
    p.track("medals", 2, "allies").track("hq", 3, "central").objective("G3", "allies").turn("central")
    g = p.game(seed=3)
    s = g.state
    assert sorted(s["units"]) == ["a", "central-1"] and s["units"]["central-1"]["figs"] == 2
    assert s["medals"][0] == 2 and s["hq"][1] == 3 and s["active"] == 1
    assert s["terrain"][s["units"]["central-1"]["hex"]] == "wire"
    assert len(s["objectives"]) == 1 and g.decision() is not None and g.decision().step == "play_card"  # type: ignore[union-attr]


def test_great_war_refuses_what_it_cannot_do_yet() -> None:
    with pytest.raises(StudioError, match="per-unit stats"):
        q = gw()
        q.unit(0, "infantry", "F6", stats={"close": 5})
        q.game()
    with pytest.raises(StudioError, match="14 x 9"):
        studio.Position("great_war", studio.board(6, 6)).game()
    with pytest.raises(StudioError, match="dice show"):
        g = gw().game()
        studio.force_roll(g, "six")


def test_arrivals_in_a_running_game() -> None:
    """A unit brought onto the map mid-game: numbered after its side's units (reinforcements on
    the Time track included), with its own stats, fields and Weapon; bad entries change nothing."""
    p = cc()
    p.unit("axis", "ger-rifle-squad", "A1")
    p.unit("axis", "ger-rifle-squad", arrives=3)
    g = p.game()
    uid = studio.arrive(g, "axis", "ger-rifle-squad", "B2", stats={"fp": 9}, veteran=True,
                        weapon="ger-lmg")
    assert uid == "axis-3"
    u = g.state["units"][uid]
    assert (u["hex"], u["where"], u["seat"], u["veteran"]) == ("B2", "map", 0, True)
    assert g.state["weapons"][u["weapon"]] == {"type": "ger-lmg", "seat": 0, "carrier": uid,
                                               "broken": False, "where": "map"}
    assert unit_stat(g, uid, "fp").value == 9 + 1 and unit_stat(g, "axis-1", "fp").value == 5  # Veteran +1
    before = g.state
    g_copy = g.clone()
    for bad, match in ((("axis", "ger-tiger", "B2"), "no such unit type"),
                       (("axis", "ger-rifle-squad", "Z9"), "not on the board"),
                       (("ussr", "ger-rifle-squad", "B2"), "not a side")):
        with pytest.raises(StudioError, match=match):
            studio.arrive(g, *bad)
    with pytest.raises(StudioError, match="no unit field 'shiny'"):
        studio.arrive(g, "axis", "ger-rifle-squad", "B2", shiny=True)
    assert g.state is before and g.state == g_copy.state
    with pytest.raises(StudioError, match="no arrivals"):
        studio.arrive(studio.Position("great_war").game(), 0, "infantry", "F5")


def test_F101_the_holder_of_a_bunker_is_the_markers_value() -> None:
    """Without a value the set-up works the holder out from the units (the sole occupant); with
    one, the position says it (an empty Bunker held last by the Americans)."""
    p = cc()
    p.unit("allies", "us-rifle-squad", "C3")
    assert p.marker("bunker", "C3").marker("pillbox", "D4").game().state["fort_holders"] == {"C3": 1}
    assert cc().marker("pillbox", "D4", "allies").game().state["fort_holders"] == {"D4": 1}
    with pytest.raises(StudioError, match="'russia' is not a side"):
        cc().marker("bunker", "D4", "russia").game()
    with pytest.raises(ValueError, match="cannot be placed"):  # one a hex (F100.3)
        cc().marker("bunker", "D4", "axis").marker("pillbox", "D4", "axis").game()
