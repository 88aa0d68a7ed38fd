"""The studio's Great War Commander adapter: positions built with the family's calls plus GWC's
own (Strategy Cards in hand, Telephones, Tanks, terrain markers, Leader ranks), then played on
by the ordinary rules."""

from __future__ import annotations

import pytest

from tactica import studio
from tactica.core.game import Game
from tactica.core.record import replay_record
from tactica.games import get_rules
from tactica.games.commander_family.stats import unit_stat
from tactica.studio import StudioError


def farm(**more: object) -> studio.Position:
    """A German platoon and its Captain in C3, a French platoon in the woods of E3."""
    p = studio.Position("great_war_commander",
                        studio.board(8, 6, hexes={"E3": ["woods"]}, objectives={"1": "E3"}))
    p.unit("germany", "ger-infanterie-1914", "C3")
    p.unit("germany", "ger-ldr-bertin", "C3", **more)
    p.unit("entente", "fr-ligne-1914", "E3")
    return p.hand("germany", ["G-1", "G-6"]).hand("entente", []).turn("germany")


def fire_at_e3(g: Game, strategy: bool) -> None:
    """A Fire Order by germany-1 on E3; the Germans play their Strategy Card as +1 if asked."""
    for c in ("order:G-1", "activate:germany-1", "target:E3", "add:germany-1", "fire"):
        g.apply(c)
    while (d := g.decision()) is not None and d.step != "turn":
        opts = [o.id for o in g.legal_options()]
        if d.step == "sc_modifier" and d.seat == 0 and strategy:
            g.apply(next(o for o in opts if o.startswith("sc:")))
        else:
            g.apply("pass" if "pass" in opts else opts[0])


def test_o21_fire_with_forced_rolls_and_strategy_card_played_as_plus_one() -> None:
    """O21.3 with the rolls forced by value, S98.2: the Strategy Card put in hand is playable at
    once and adds 1 to the Attack Total; 1.S: it goes to the discards."""
    p = farm().hand("germany", ["GES8"], kind="strategy").hand("entente", [], kind="strategy")
    g = p.roll("germany", (6, 5)).roll("entente", (1, 2)).game(seed=3)
    fire_at_e3(g, strategy=True)
    shot = studio.entries(g, "O21.3.6")[0]
    fp = unit_stat(g, "germany-1", "fp").value  # its printed FP with its Captain's Command
    assert (shot["fp"], shot["roll"], shot["total"]) == (fp, 6 + 5 + 1, fp + 12)
    defense = studio.entries(g, "O21.3.7")[0]
    assert (defense["r"], defense["total"]) == (3, defense["m"] + 3)
    assert defense["m"] == unit_stat(g, "entente-1", "morale").value + 2  # woods Cover
    assert g.state["units"]["entente-1"]["broken"] is (shot["total"] > defense["total"])
    sd = g.state["sides"][0]
    assert (sd["sc_hand"], "GES8" in sd["sc_discard"]) == ([], True)


def test_o21_without_the_card_the_roll_is_the_forced_dice() -> None:
    g = farm().hand("germany", ["GES8"], kind="strategy").hand("entente", [], kind="strategy") \
        .roll("germany", (2, 1)).roll("entente", (6, 6)).game(seed=3)
    fire_at_e3(g, strategy=False)
    shot = studio.entries(g, "O21.3.6")[0]
    assert shot["roll"] == 3
    assert g.state["units"]["entente-1"]["broken"] is False
    assert g.state["sides"][0]["sc_hand"] == ["GES8"]


def test_3_3_1_3_leader_rank_and_command_as_stats_of_its_own() -> None:
    """A Leader's rank and Command changed for this unit alone; the roster stays as printed."""
    g = farm(stats={"rank": "Lieutenant", "command": 0}).game(seed=3)
    t = g.rules.unit_type(g.state["units"]["germany-2"]["type"])
    assert (t.rank, unit_stat(g, "germany-2", "command").value) == ("Lieutenant", 0)
    printed = get_rules("great_war_commander").unit_type("ger-ldr-bertin")
    assert (printed.rank, printed.unbroken.command) == ("Captain", 2)
    h = farm().roll("germany", (3, 3)).roll("entente", (1, 1)).game(seed=3)
    g2 = farm(stats={"command": 0}).roll("germany", (3, 3)).roll("entente", (1, 1)).game(seed=3)
    fire_at_e3(h, strategy=False)
    fire_at_e3(g2, strategy=False)
    assert studio.entries(h, "O21.3.6")[0]["fp"] - studio.entries(g2, "O21.3.6")[0]["fp"] == 2


def test_markers_telephone_time_track_and_tank() -> None:
    """T107 Gas, T118 Shellhole (the hex becomes Shellhole terrain), F131 Wire, 12 Telephone,
    the Time track, and a Tank (3.1) on the map, all from the position."""
    p = farm()
    assert p.unit("germany", "ger-a7v", "B4") == "germany-3"
    g = (p.marker("gas", "B2").marker("shellhole", "D3").marker("wire", "F4")
         .side("germany", telephone="ger-tel-10").track("time", 3).track("sudden_death", 7)
         .game(seed=3))
    s = g.state
    assert s["gas"] == ["B2"] and s["telephones"] == [
        {"type": "ger-tel-10", "broken": False, "space": "local"}, None]
    rules = g.rules
    board = rules.board(g)
    assert rules.hex_type(board, board.parse("D3")).id == "shellhole"
    assert rules.in_wire(g, "F4") and not rules.in_wire(g, "F3")
    assert (s["time"]["space"], s["time"]["sudden_death"]) == (3, 7)
    assert rules.unit_type(s["units"]["germany-3"]["type"]).type == "tank"
    g.apply("order:G-1")
    assert "activate:germany-3" in [o.id for o in g.legal_options()]


def test_positions_replay() -> None:
    p = farm().hand("germany", ["GES8"], kind="strategy").marker("shellhole", "D3")
    g = p.roll("germany", (6, 5)).roll("entente", (1, 2)).game(seed=3)
    fire_at_e3(g, strategy=True)
    assert replay_record(g.rules, g.record).state == g.state


def test_bad_entries_are_refused() -> None:
    with pytest.raises(StudioError, match="not one of Germany's Strategy Cards"):
        farm().hand("germany", ["FRS1"], kind="strategy").game()
    with pytest.raises(StudioError, match="at most one Strategy Card"):
        farm().hand("germany", ["GES1", "GES2"], kind="strategy").game()
    with pytest.raises(StudioError, match="marker 'smoke'"):
        farm().marker("smoke", "C3").game()
    with pytest.raises(StudioError, match="base scenario"):
        farm().setting(base="nowhere").game()
    from tactica.games.great_war_commander.rules import GreatWarCommanderRules

    shared_tables = studio.Position("great_war_commander", rules=GreatWarCommanderRules())
    with pytest.raises(StudioError, match="components of their own"):
        shared_tables.game()
    p = farm()
    p.unit("entente", "ger-tiger", "A1")
    with pytest.raises(StudioError, match="no such unit type"):
        p.game()


def test_6_1_2_time_trigger_draws_the_stacked_strategy_card() -> None:
    """A forced roll with a Time! trigger advances the Time track (6.1.2); the Germans, holding no
    Strategy Card, draw the one stacked on top of their Strategy pile (step 7)."""
    p = farm().hand("germany", [], kind="strategy").deck("germany", top=["GES3"], kind="strategy")
    g = p.roll("germany", (6, 5, "Time!")).roll("entente", (1, 2)).track("time", 1).game(seed=3)
    fire_at_e3(g, strategy=False)
    assert g.state["time"]["space"] == 2
    assert g.state["sides"][0]["sc_hand"] == ["GES3"]


def test_S98_1_1_reminder_cards_played_earlier() -> None:
    """``side(seat, reminders=[...])``: face up, public, out of the Strategy pile and hand; a card
    of another nation, one that is no Reminder Card or one also put in hand is refused."""
    g = farm().side("germany", reminders=["GES1"]).game(seed=2)
    sd = g.state["sides"][0]
    assert sd["sc_reminders"] == ["GES1"]
    assert "GES1" not in sd["sc_draw"] + sd["sc_hand"] + sd["sc_discard"]
    assert g.view(1)["board"]["sides"][0]["sc_reminders"] == ["GES1"]
    for cards, match in ((["USS5"], "not one of Germany's"), (["GES2"], "no Reminder Card")):
        with pytest.raises(StudioError, match=match):
            farm().side("germany", reminders=cards).game()
    with pytest.raises(StudioError, match="given twice"):
        farm().side("germany", reminders=["GES1"]).hand("germany", ["GES1"], kind="strategy").game()


def test_arrive_numbers_after_the_side() -> None:
    g = farm().game(seed=2)
    uid = studio.arrive(g, "entente", "fr-ligne-1914", "E4", suppressed=True)
    assert uid == "entente-2" and g.state["units"][uid]["suppressed"]
    assert studio.arrive(g, 1, "fr-ldr-barnier", "E4") == "entente-3"
    assert [u for u, x in g.state["units"].items() if x["hex"] == "E4"] == ["entente-2", "entente-3"]
