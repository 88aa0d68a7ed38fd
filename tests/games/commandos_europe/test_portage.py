"""Portage (9.0-9.4): what a squad may haul while moving and use in a combat or a mission, the
player's choice of the gear that fights (9.0 "just prior to resolving combat"), and the pieces
that combine their portage staying together (9.3)."""

from __future__ import annotations

from ce_helpers import arena, ids

from tactica.core.game import Game
from tactica.games.commandos_europe.stacks import portage_problem

FIGHTERS = ["bofors", "boys", "bren", "flamethrower", "mortar", "piat", "vickers"]  # 7 pieces, fp > 0
LIGHT = ["radio", "camera", "medical_kit", "silenced_pistols", "sniper_rifle", "naval_gunfire", "mines",
         "demolitions", "bren", "boys", "piat"]  # eleven pieces, -5 MA in all


def _combat_lines(g: Game) -> list[str]:
    return [x for x in g.log_lines() if x.startswith(("9.0", "13.0"))]


def test_9_0_squad_picks_the_gear_it_fights_with_within_portage() -> None:
    g = arena({"0-1": ("squad", "0610"), **{k: ("gear", "0610") for k in FIGHTERS}},
              enemies={"rifle_section#1": "0710"}, step="friendly_combat")
    g.apply("attack:0610:rifle_section#1")
    d = g.decision()
    assert d is not None and d.step == "utilize"  # seven pieces, portage six: the player chooses
    assert not any(x.startswith("13.0") for x in g.log_lines())  # nothing rolled yet
    fight = next(o for o in d.options if o.id == "fight")
    assert fight.args["used"] == ["bofors", "flamethrower", "vickers", "boys", "bren", "mortar"]
    assert "fight" in ids(g) and "aside:bofors" in ids(g)
    g.apply("aside:bofors")
    g.chance.force_dice([1, 6])
    g.apply("fight")
    lines = _combat_lines(g)
    assert lines[0] == ("9.0: 0610 fights with flamethrower, vickers, boys, bren, mortar, piat; "
                        "not used: bofors")
    # 20 (squad) + 15 + 15 + 4 x 10 = 90, the Bofors left out
    assert "10x1 + 90 + terrain" in lines[1]
    assert g.state["pieces"]["bofors"]["hex"] == "0610"  # set aside, not thrown away


def test_9_0_no_choice_is_asked_when_everything_fits_the_portage() -> None:
    g = arena({"0-1": ("squad", "0610"), "bren": ("gear", "0610"), "radio": ("gear", "0610")},
              enemies={"rifle_section#1": "0710"}, step="friendly_combat")
    g.chance.force_dice([6, 1])
    g.apply("attack:0610:rifle_section#1")
    assert "utilize" not in [f["step"] for f in g.state["stack"]]
    assert any("10x6 + 30 + terrain" in x for x in g.log_lines())  # 20 + Bren 10


def test_9_0_naval_gunfire_may_be_left_out_of_a_combat() -> None:
    g = arena({"0-1": ("squad", "0610"), "naval_gunfire": ("gear", "0610")},
              enemies={"rifle_section#1": "0710", "rifle_section#2": "0709"}, step="friendly_combat")
    g.apply("attack:0610:rifle_section#1")
    assert sorted(ids(g)) == ["aside:naval_gunfire", "fight"]
    g.apply("aside:naval_gunfire")
    g.chance.force_dice([6, 1])
    g.apply("fight")
    assert "9.0: 0610 fights with no gear; not used: naval_gunfire" in g.log_lines()
    assert any("10x6 + 20 + terrain" in x for x in g.log_lines())
    assert not any(x.startswith("14.0") for x in g.log_lines())  # no scatter without the gunfire


def test_9_0_enemy_attack_asks_before_the_dice_and_anti_tank_gear_ranks_doubled() -> None:
    g = arena({"0-1": ("squad", "0610"), **{k: ("gear", "0610") for k in FIGHTERS}},
              enemies={"armoured_car#1": "0710"}, step="enemy_combat")
    d = g.decision()
    assert d is not None and d.step == "utilize"
    fight = next(o for o in d.options if o.id == "fight")
    # against a vehicle (13.3): Bofors 40, Flamethrower 30, Boys 20, PIAT 20, Vickers 15, then one
    # of the two 10s (Bren before the mortar by name)
    assert fight.args["used"] == ["bofors", "flamethrower", "boys", "piat", "vickers", "bren"]
    g.chance.force_dice([1, 1])
    g.apply("fight")
    assert any("against 10x1 + 155 (anti-tank doubled)" in x for x in g.log_lines())  # 20 + 135


def test_9_1_a_leader_hauls_one_piece_and_adds_one_to_the_hexs_portage() -> None:
    assert portage_problem(["cdr-0", "radio"]) is None
    assert "portage is 1" in str(portage_problem(["cdr-0", "radio", "camera"]))
    # squad 6 + commander 1: seven pieces fit, nothing to choose
    g = arena({"0-1": ("squad", "0610"), "cdr-0": ("leader", "0610"),
               **{k: ("gear", "0610") for k in FIGHTERS}},
              enemies={"rifle_section#1": "0710"}, step="friendly_combat")
    g.chance.force_dice([6, 1])
    g.apply("attack:0610:rifle_section#1")
    assert "utilize" not in [f["step"] for f in g.state["stack"]]
    assert any("10x6 + 115 + terrain" in x for x in g.log_lines())  # 20 + 5 + 90 of gear


def test_9_3_pieces_combining_portage_stay_together_the_whole_move() -> None:
    # squad 6 + Chevy 5 haul eleven pieces; neither may halt on the way, one piece may be dropped
    g = arena({"0-1": ("squad", "0410"), "chevy": ("gear", "0410"),
               **{k: ("gear", "0410") for k in LIGHT[:11]}})
    g.apply("move:0-1")
    g.apply("add:chevy")
    for k in LIGHT[:11]:
        g.apply(f"add:{k}")
    g.apply("bonus:chevy")
    g.apply("go")
    g.apply("to:0510")
    opts = ids(g)
    assert "halt:chevy" not in opts and "halt:0-1" not in opts
    assert "drop:bren" in opts
    g.apply("drop:bren")
    assert "halt:chevy" not in ids(g)  # ten pieces: still more than the squad's six


def test_9_0_a_stack_above_portage_cannot_set_off() -> None:
    g = arena({"0-1": ("squad", "0410"), **{k: ("gear", "0410") for k in LIGHT[:7]}})
    g.apply("move:0-1")
    for k in LIGHT[:7]:
        g.apply(f"add:{k}")
    assert "go" not in ids(g)  # seven pieces, portage six
    g.apply("leave:camera")
    assert "go" in ids(g)


def test_9_4_in_a_base_every_piece_fights_without_a_choice() -> None:
    g = arena({"0-1": ("squad", "0505"), **{k: ("gear", "0505") for k in FIGHTERS}},
              enemies={"rifle_section#1": "0605"}, step="friendly_combat")
    g.chance.force_dice([6, 1])
    g.apply("attack:0505:rifle_section#1")
    assert "utilize" not in [f["step"] for f in g.state["stack"]]
    assert any("10x6 + 110 + terrain" in x for x in g.log_lines())  # 20 + all 90 of the gear


def test_9_0_gear_left_in_a_hex_is_taken_along_on_the_way_within_portage() -> None:
    # 0-1 (MA 4) walks through 0510 (mountain, 2 MP) where a Bren gun (-1) was left
    g = arena({"0-1": ("squad", "0410"), "bren": ("gear", "0510"), "radio": ("gear", "0510")})
    g.apply("move:0-1")
    g.apply("go")
    assert not any(i.startswith("take:") for i in ids(g))  # nothing to take in the start hex
    g.apply("to:0510")
    assert {"take:bren", "take:radio"} <= set(ids(g))
    g.apply("take:radio")  # -0: nothing off the 2 MP left
    assert g.top()["mp"] == 2 and "radio" in g.top()["members"]
    g.apply("drop:radio")
    assert "take:radio" not in ids(g)  # unloaded this turn: it moves no more (10.1)
    g.apply("take:bren")  # -1: 1 MP left, too little for the next mountain hex, so the move ends
    assert "9.0: bren is taken along in 0510; 1 MP left" in g.log_lines()
    assert g.state["pieces"]["bren"]["moved"] and g.state["pieces"]["radio"]["moved"]
    # a squad already at its portage takes nothing more
    full = arena({"0-1": ("squad", "0410"), **{k: ("gear", "0410") for k in LIGHT[:6]},
                  "bren": ("gear", "0510")})
    full.apply("move:0-1")
    for k in LIGHT[:6]:
        full.apply(f"add:{k}")
    full.apply("go")
    full.apply("to:0510")
    assert "take:bren" not in ids(full)
