"""The studio's Commandos: Europe adapter: pieces placed on a mission map with values of their own,
enemies from the cup, awareness and bases, whose phase it is, forced d6/d10 rolls; the position
plays on by the module's rules (noise and detection 12.0, combat 13.0)."""

from __future__ import annotations

import pytest

from tactica import studio
from tactica.core.game import Game
from tactica.core.record import replay_record
from tactica.games.commandos_europe.data import squads
from tactica.studio import StudioError


def moved_squad(face: int, stats: dict[str, int] | None = None) -> Game:
    """Squad 0-1 (printed noise 2) moves one hex, 1010 -> 1011 (mountain), with awareness 2 on the
    track: the noise check at its halt rolls the forced d10 ``face``."""
    p = studio.Position("commandos_europe")
    p.unit("commandos", "0-1", "1010", stats=stats)
    p.setting(bases={"base-1": "0101"}).track("awareness", 2).turn("commandos", "movement")
    g = p.roll(("d10", face)).game(seed=3)
    for choice in ["move:0-1", "go", "to:1011", "halt"]:
        g.apply(choice)
    return g


def test_rule_12_0_noise_check_reads_a_squads_own_noise() -> None:
    g = moved_squad(5, {"noise": 3})
    check = studio.entries(g, "12.0")[0]
    assert (check["n"], check["r"]) == (5, 5)  # noise 3 + awareness 2 (stealthy: terrain 0)
    assert g.state["pieces"]["0-1"]["detected"] is True
    assert g.decision().step == "escape"  # 12.4 is offered before enemies appear
    g = moved_squad(5)  # the printed noise 2: 4 < 5, not detected
    assert studio.entries(g, "12.0")[0]["n"] == 4
    assert g.state["pieces"]["0-1"]["detected"] is False
    assert g.decision().step == "movement"
    assert squads()["0-1"].noise == 2  # the table is untouched


def attack(ra: int, rd: int, fp: int | None = None) -> Game:
    """Squad 0-1 with a Bren (FP 10) in 1010 attacks a rifle section (attack 20) in 1011, mountain
    (-10 to the attacker, 13.0), in the friendly combat phase."""
    p = studio.Position("commandos_europe")
    p.unit("commandos", "0-1", "1010", stats={"fp": fp} if fp is not None else None)
    p.unit("commandos", "bren", "1010")
    p.marker("enemy", "1011", "rifle_section")
    g = p.setting(bases={"base-1": "0101"}).turn("commandos", "combat").roll(ra, rd).game(seed=3)
    assert [o.id for o in g.legal_options()] == ["attack:1010:rifle_section#1", "done"]
    g.apply("attack:1010:rifle_section#1")
    return g


def test_rule_13_0_friendly_attack_with_forced_dice() -> None:
    g = attack(4, 3)  # 10x4 + 20 + 10 - 10 = 60 against 10x3 + 20 = 50
    shot = studio.entries(g, "13.0")[0]
    assert (shot["att"], shot["dfn"]) == (60, 50)
    assert studio.entries(g, "13.0", "is eliminated")[0]["eid"] == "rifle_section#1"
    assert "rifle_section#1" in g.state["cups"]["enemy"]["items"]  # back to the cup
    assert studio.entries(g, "12.8")[0]["why"] == "combat"  # 12.5: the fight is heard
    g = attack(4, 3, fp=9)  # 40 + 9 + 10 - 10 = 49 < 50: a casualty, the section stays
    assert studio.entries(g, "13.0")[0]["att"] == 49
    assert not studio.entries(g, "13.0", "rifle_section#1 is eliminated")
    assert studio.entries(g, "13.1")[0]["text"].startswith("0-1 takes a casualty")


def test_rule_13_0_enemy_attack_in_the_enemy_phase() -> None:
    """A detected squad next to a rifle section when the enemy phase starts: the section does
    not move (engaged) and attacks; forced 1 against 3 and the defence wins, the section is
    eliminated, and the next turn (4.0) starts with a mission placed (7.0)."""
    p = studio.Position("commandos_europe")
    p.unit("commandos", "0-1", "1010", detected=True)
    p.marker("enemy", "1011", "rifle_section")
    g = p.setting(bases={"base-1": "0101"}).turn("commandos", "enemy").roll(1, 3).game(seed=3)
    shot = studio.entries(g, "13.0")[0]
    assert (shot["eid"], shot["att"], shot["dfn"]) == ("rifle_section#1", 20, 50)  # 10+20-10; 30+20
    assert g.state["enemies"] == {} and g.state["turn"] == 2
    assert studio.entries(g, "7.0") and g.decision().step == "purchase"


def test_position_is_part_of_the_setup_and_replays() -> None:
    g = moved_squad(5, {"noise": 3})
    assert replay_record(g.rules, g.record).state == g.state


def test_set_state_as_the_module_keeps_it() -> None:
    p = studio.Position("commandos_europe")
    p.unit("commandos", "E-1", "1010", detected=True, marker="shaken")
    p.unit("commandos", "cdr-0", "1010")
    p.marker("enemy", "1012", "rifle_section#3")
    g = (p.setting(map="norway", bases={"base-1": "0101", "base-2": "0102"},
                   mission={"id": "blow_bridge", "hex": "0145"})
         .track("pp", 7).track("awareness", 1).track("resolved", 2).game(seed=1))
    s = g.state
    assert s["enemies"] == {"rifle_section#3": "1012"}
    assert "rifle_section#3" not in s["cups"]["enemy"]["items"]
    assert s["mission"]["id"] == "blow_bridge" and "blow_bridge" not in s["cups"]["missions"]["items"]
    assert (s["pp"], s["awareness"], s["resolved"], s["owned_bases"]) == (7, 1, 2, ["base-1", "base-2"])
    assert s["pieces"]["E-1"]["detected"] and s["pieces"]["E-1"]["marker"] == "shaken"
    assert g.decision().step == "movement"  # a mission is open: no placement, no purchases (7.0)


@pytest.mark.parametrize(("build", "message"), [
    (lambda p: p.unit("commandos", "0-9", "1010"), "no such squad"),
    (lambda p: p.unit("commandos", "0-1", "9999"), "not a hex"),
    (lambda p: p.unit("commandos", "bren", "1010", stats={"fp": 3}), "a squad may change"),
    (lambda p: p.unit("commandos", "0-1", "1010", stats={"range": 3}), "a squad may change"),
    (lambda p: p.unit("commandos", "0-1", "1010", detected="yes"), "field detected"),
    (lambda p: p.unit("commandos", "0-1", "1010", id="0-2"), "differs"),
    (lambda p: p.marker("enemy", "1010", "panzer_division"), "not in the norway enemy cup"),
    (lambda p: p.marker("smoke", "1010"), "markers are enemies"),
    (lambda p: p.track("vp", 3), "track vp"),
    (lambda p: p.setting(map="mars"), "map 'mars'"),
    (lambda p: p.setting(mission={"id": "nope"}), "mission"),
    (lambda p: p.turn("commandos", "lunch"), "phase 'lunch'"),
])
def test_bad_input_is_refused(build, message) -> None:  # type: ignore[no-untyped-def]
    p = studio.Position("commandos_europe")
    build(p)
    with pytest.raises(StudioError, match=message):
        p.game()


def test_bad_board_and_rolls_are_refused() -> None:
    with pytest.raises(StudioError, match="inline board"):
        studio.Position("commandos_europe", studio.board(3, 3)).game()
    g = studio.Position("commandos_europe").setting(bases={"base-1": "0101"}).game()
    for bad in [(7,), (3, 7), (("d10", 10),), (("d8", 3),), (True,)]:
        with pytest.raises(StudioError, match="rolls a d6"):
            studio.force_roll(g, *bad)
        assert g.state["chance"]["forced"] == []  # nothing forced, not even the good values
    studio.force_roll(g, 3, ("d10", 0))
    assert g.state["chance"]["forced"] == [2, 0]
