"""Fortifications (F100-F106) and the Actions that make or remove them (A31, A32, A35) on the
Fire test map: every marker and every Action in a real position, and each refused when its
prerequisite fails. Cards give the rolls (the top card of the roller's deck)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from fire_helpers import game, go, hand, opts, roll_cards, text, top

from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander import fortifications as F
from tactica.games.combat_commander.artillery import push_artillery_impact
from tactica.games.combat_commander.mines import push_mine_attack
from tactica.games.combat_commander.scenario_data import ScenarioError, load_scenario
from tactica.games.commander_family.actions import open_windows
from tactica.games.commander_family.fire import push_fire_attack
from tactica.games.commander_family.stats import best_cover, morale, unit_stat

US_FILL = ["A-1", "A-2", "A-4", "A-5", "A-6"]  # no fortification Action among them


FortRules = CombatCommanderRules
"""The module wires the Actions, the vulnerability table and the set-up in by default."""


def new(axis: list[Any], allies: list[Any], **kw: Any) -> Game:
    return game(axis, allies, FortRules(), **kw)


def squad(hex_label: str, nation: str = "us") -> dict[str, Any]:
    return {"type": f"{nation}-rifle-squad", "hex": hex_label}


GER = [squad("A1", "ger")]


def play(g: Game, *choices: str) -> None:
    """Apply ``choices`` in order, passing windows and Initiative re-rolls that do not offer the
    next choice (unlike ``go``, an Action window offering it is answered, not passed)."""
    for c in choices:
        while c not in opts(g):
            d = g.decision()
            assert d is not None and d.step in ("initiative", "action_window"), (c, opts(g))
            g.apply("pass")
        g.apply(c)


def until(g: Game, choice: str) -> bool:
    """Pass windows until ``choice`` is offered (True) or a non-window decision comes (False)."""
    while choice not in opts(g):
        d = g.decision()
        if d is None or d.step not in ("initiative", "action_window"):
            return False
        g.apply("pass")
    return True


def window(g: Game, kind: str, ctx: dict[str, Any] | None = None,
           seats: tuple[int, ...] | None = None) -> None:
    open_windows(g, kind, ctx, seats)
    g.refresh()


# ---------------------------------------------------------------- F100 general / scenario set-up
def test_F100_scenario_fortifications_placed_and_public() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "foxholes"}], mines_fp=7)
    assert g.state["fortifications"] == {"F5": "foxholes"} and F.mines_fp(g) == 7
    assert F.view(g) == {"F5": "foxholes"}


def test_F100_3_water_hex_and_second_fortification_refused() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "wire"}])
    assert not F.place(g, "H2", "foxholes", "test")  # Marsh is Water
    # 8.1.3 example (digest #9): Shellholes would put Foxholes into a Wire hex: not placed
    assert not F.place(g, "F5", "foxholes", "E73")
    assert g.state["fortifications"] == {"F5": "wire"}
    with pytest.raises(ValueError):
        new(GER, [squad("F5")], fortifications=[{"hex": "H2", "type": "mines"}])


def test_F100_scenario_file_checks(tmp_path: Any) -> None:
    from tactica.games.combat_commander.scenario_data import scenarios_dir

    data = yaml.safe_load((scenarios_dir() / "hill_2_crown.yaml").read_text(encoding="utf-8"))

    def write(name: str, forts: list[dict[str, str]], **extra: Any) -> Any:
        path = tmp_path / name
        path.write_text(yaml.safe_dump({**data, "fortifications": forts, **extra}), encoding="utf-8")
        return path

    sc = load_scenario(write("ok.yaml", [{"hex": "C5", "type": "trench"}], mines_fp=8))
    assert sc.fortifications == (("C5", "trench"),) and sc.to_engine()["mines_fp"] == 8
    bad = write("bad.yaml", [{"hex": "C5", "type": "pillbox"}, {"hex": "C6", "type": "pillbox"}])
    with pytest.raises(ScenarioError, match="one Pillbox"):
        load_scenario(bad)


@pytest.mark.parametrize("scenario", ["hill_2_crown", "ridge_1941", "bridge_at_dawn"])
def test_F100_builtin_scenario_fortifications_start_on_the_map(scenario: str) -> None:
    """The designed scenarios' Foxholes (balance, rules version 0.3: the crown hexes of Hill 2) are
    on the map when the game starts, exactly as the file lists them; a file without any has none."""
    import tactica
    from tactica.games.combat_commander.scenario_data import builtin_scenario, scenarios_dir

    data = yaml.safe_load((scenarios_dir() / f"{scenario}.yaml").read_text(encoding="utf-8"))
    want = {f["hex"]: f["type"] for f in data.get("fortifications", [])}
    assert dict(builtin_scenario(scenario).fortifications) == want
    g = tactica.new_game("combat_commander", scenario, seed=1)
    assert F.view(g) == want
    assert bool(want) is (scenario != "bridge_at_dawn")


# ---------------------------------------------------------------- F102 Foxholes (cover, T93 road)
def test_F102_foxholes_cover_and_T93_road_example() -> None:
    # digest #63: German Squad Morale 7 in Open Ground + Road is 6; with Foxholes 9 (7 + 3 - 1)
    g = new([squad("M6", "ger")], [squad("O1")])
    assert morale(g, "axis-1").value == 6
    assert F.place(g, "M6", "foxholes", "test")
    assert morale(g, "axis-1").value == 9
    assert morale(g, "axis-1", heavy=True).value == 10  # 4 vs Mortars/Artillery, Road -1


def test_F102_foxholes_in_a_real_fire_attack() -> None:
    g = new([squad("E5", "ger")], [squad("F5")], fortifications=[{"hex": "F5", "type": "foxholes"}])
    top(g, 0, *roll_cards("Germany", (3, 3)))
    top(g, 1, *roll_cards("America", (2, 2)))
    push_fire_attack(g, 0, ["axis-1"], "F5")
    g.refresh()
    go(g)
    # 5 FP + 6 = 11 against Morale 7 + Foxholes 3 + 4 = 14: unaffected
    assert "Foxholes +3" in text(g) and not g.state["units"]["allies-1"]["broken"]


def test_T78_3_foxholes_not_cumulative_with_better_terrain() -> None:
    # digest #57: the best single instance applies; Building 2 vs Foxholes 3 -> 3, never 5
    g = new(GER, [squad("C5")], fortifications=[{"hex": "C5", "type": "foxholes"}])
    assert best_cover(g, "C5")[0] == 3  # Brush 1 or Foxholes 3


# ---------------------------------------------------------------- F105 Trench
def test_F105_trench_cover_and_one_mp_link() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "trench"},
                                                {"hex": "F6", "type": "bunker"},
                                                {"hex": "F4", "type": "foxholes"}])
    assert best_cover(g, "F5") == (4, "Trench +4") and best_cover(g, "F5", heavy=True)[0] == 5
    assert F.trench_step(g, "F5", "F6") and F.trench_step(g, "F6", "F5")


def test_F105_trench_link_refused_to_foxholes_or_open() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "trench"},
                                                {"hex": "F4", "type": "foxholes"}])
    assert not F.trench_step(g, "F5", "F4") and not F.trench_step(g, "F5", "E5")


# ---------------------------------------------------------------- F101 Bunker / F104 Pillbox
def test_F101_bunker_cover_and_melee_tie_for_the_holder() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "bunker"}])
    assert best_cover(g, "F5")[0] == 6 and best_cover(g, "F5", heavy=True)[0] == 7
    g.state["units"]["axis-1"]["hex"] = "F5"  # the German enters: a Melee there
    F.update_holders(g)
    assert F.melee_tie_winner(g, "F5") == 1  # the Americans held it alone before


def test_F101_melee_tie_needs_bunker_or_pillbox() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "trench"}])
    F.update_holders(g)
    assert F.melee_tie_winner(g, "F5") is None


def test_F104_pillbox_cover_and_only_one() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "pillbox"}])
    assert best_cover(g, "F5")[0] == 5 and best_cover(g, "F5", heavy=True)[0] == 6
    F.update_holders(g)
    assert F.melee_tie_winner(g, "F5") == 1
    assert not F.place(g, "F6", "pillbox", "test")  # F100.1: a single Pillbox


# ---------------------------------------------------------------- F106 Wire
def test_F106_wire_lowers_fp_range_morale_not_command() -> None:
    g = new([squad("E5", "ger"), {"type": "ger-ldr-borbe", "hex": "E5"}], [squad("O1")],
            fortifications=[{"hex": "E5", "type": "wire"}])
    stats = [unit_stat(g, "axis-1", s).value for s in ("fp", "range", "morale")]
    assert stats == [5 + 2 - 1, 4 + 2 - 1, 7 + 2 - 1]  # printed + Borbe 2 - Wire 1
    assert unit_stat(g, "axis-2", "command").value == 2  # Command is never changed by Wire
    assert unit_stat(g, "axis-1", "movement").value == 4 + 2
    assert F.weapon_blocked(g, "E5") and F.group_split(g, "E5", "E6")
    assert F.wire_halts(g, "E5", "E6") and F.wire_halts(g, "D5", "E5")


def test_F106_wire_effects_absent_without_wire() -> None:
    g = new([squad("E5", "ger")], [squad("O1")])
    assert unit_stat(g, "axis-1", "fp").value == 5
    assert not F.weapon_blocked(g, "E5") and not F.group_split(g, "E5", "E6")
    assert not F.wire_halts(g, "D5", "E6") and not F.group_split(g, "E5", "E5")


# ---------------------------------------------------------------- F103 Mines
def test_F103_2_mine_attack_cover_zero_only_movers() -> None:
    # two Germans enter a mined Woods hex where an American already stands: one roll, 6 FP,
    # Cover 0 (not Woods); the American is immune
    g = new([squad("G3", "ger"), squad("G3", "ger")], [squad("G3")],
            fortifications=[{"hex": "G3", "type": "mines"}])
    top(g, 1, *roll_cards("America", (3, 3)))           # attack 6 + 6 = 12
    top(g, 0, *roll_cards("Germany", (2, 2), (6, 6)))   # 7 + 4 = 11 breaks; 7 + 12 = 19 holds
    assert push_mine_attack(g, "G3", ["axis-1", "axis-2"], moving=True)
    g.refresh()
    go(g, "defend:axis-1")
    assert "Mine Attack Total 12" in text(g) and "Mine Attack: Cover 0" in text(g)
    assert g.state["units"]["axis-1"]["broken"] and not g.state["units"]["axis-2"]["broken"]
    assert "allies-1 Defense" not in text(g)


def test_F103_no_mine_attack_without_mines() -> None:
    g = new([squad("G3", "ger")], [squad("O1")])
    assert not push_mine_attack(g, "G3", ["axis-1"])


# ---------------------------------------------------------------- O18.2.3.3 artillery vulnerability
def test_O18_2_3_3_impact_roll_equal_to_vulnerability_destroys() -> None:
    g = new(GER, [squad("O1")], fortifications=[{"hex": "F5", "type": "bunker"}])
    assert F.vulnerability(8) == 3 and F.vulnerability(13) == 6
    top(g, 0, *roll_cards("Germany", (1, 2)))
    push_artillery_impact(g, 0, "F5", 8, "ger-radio-8")
    g.refresh()
    go(g)
    assert "F5" not in g.state["fortifications"]


def test_O18_2_3_3_other_impact_roll_leaves_it() -> None:
    g = new(GER, [squad("O1")], fortifications=[{"hex": "F5", "type": "bunker"}])
    top(g, 0, *roll_cards("Germany", (3, 4)))
    push_artillery_impact(g, 0, "F5", 8, "ger-radio-8")
    g.refresh()
    go(g)
    assert g.state["fortifications"] == {"F5": "bunker"}


# ---------------------------------------------------------------- A32 Dig In
def test_A32_dig_in_at_time_advance_window() -> None:
    g = new(GER, [squad("F5"), squad("H2")])
    hand(g, 1, ["A-8", *US_FILL])
    window(g, "dig_in", seats=(1,))
    assert opts(g)[0] == "action:A-8"
    g.apply("action:A-8")
    assert opts(g) == ["hex:F5"]  # H2 is Marsh (Water)
    g.apply("hex:F5")
    assert g.state["fortifications"] == {"F5": "foxholes"}


def test_A32_dig_in_refused_where_a_fortification_stands() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "wire"}])
    hand(g, 1, ["A-8", *US_FILL])
    window(g, "dig_in", seats=(1,))
    assert "action:A-8" not in opts(g)


# ---------------------------------------------------------------- A31 Demolitions
def test_A31_demolitions_after_a_pass_discard() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F5", "type": "wire"}])
    hand(g, 1, ["A-11", *US_FILL])
    play(g, "pass", "discard:" + g.state["sides"][0]["hand"][0], "done", "action:A-11")
    g.apply("hex:F5")
    assert g.state["fortifications"] == {}


def test_A31_demolitions_needs_a_friendly_unit_in_the_hex() -> None:
    g = new(GER, [squad("F5")], fortifications=[{"hex": "F6", "type": "wire"}])
    hand(g, 1, ["A-11", *US_FILL])
    play(g, "pass", "discard:" + g.state["sides"][0]["hand"][0], "done")
    assert not until(g, "action:A-11")


# ---------------------------------------------------------------- A35.1 Hidden Entrenchments
def skip_to_window(g: Game) -> None:
    """Run the attack up to the first Action window that offers something besides pass."""
    while len(opts(g)) == 1 and opts(g) == ["pass"]:
        g.apply("pass")


def _shoot(g: Game, target: str) -> None:
    top(g, 0, *roll_cards("Germany", (3, 3)))
    push_fire_attack(g, 0, ["axis-1"], target)
    g.refresh()
    skip_to_window(g)


def test_A35_1_hidden_entrenchments_before_the_defense_roll() -> None:
    g = new([squad("E5", "ger")], [squad("F5")])
    hand(g, 1, ["A-54", *US_FILL])
    top(g, 1, *roll_cards("America", (2, 2)))
    _shoot(g, "F5")
    play(g, "action:A-54")
    go(g)
    assert g.state["fortifications"] == {"F5": "foxholes"}
    assert "Foxholes +3" in text(g) and not g.state["units"]["allies-1"]["broken"]  # 14 vs 11


def test_A35_1_hidden_entrenchments_refused_in_a_building_or_for_the_attacker() -> None:
    g = new([squad("J3", "ger")], [squad("K3")])
    hand(g, 1, ["A-54", *US_FILL])
    _shoot(g, "K3")
    assert not until(g, "action:A-54")  # K3 is a Building
    g2 = new([squad("F5", "ger")], [squad("E5")])
    hand(g2, 0, ["G-24", "G-1", "G-2", "G-4", "G-5", "G-6"])
    top(g2, 1, *roll_cards("America", (3, 3)))
    push_fire_attack(g2, 1, ["allies-1"], "F5")
    g2.refresh()
    assert not until(g2, "action:G-24")  # the Germans Attack: no Hidden Actions


# ---------------------------------------------------------------- A35.3 Hidden Pillbox
def test_A35_3_hidden_pillbox_in_an_objective_hex() -> None:
    g = new([squad("G5", "ger")], [squad("H5")])  # H5 is Objective 3
    hand(g, 1, ["A-19", *US_FILL])
    _shoot(g, "H5")
    play(g, "action:A-19")
    go(g)
    assert g.state["fortifications"] == {"H5": "pillbox"}
    assert "Pillbox +5" in text(g)


def test_A35_3_hidden_pillbox_refused_off_objectives_or_when_in_play() -> None:
    g = new([squad("E5", "ger")], [squad("F5")])
    hand(g, 1, ["A-19", *US_FILL])
    _shoot(g, "F5")
    assert not until(g, "action:A-19")
    g2 = new([squad("G5", "ger")], [squad("H5")], fortifications=[{"hex": "O1", "type": "pillbox"}])
    hand(g2, 1, ["A-19", *US_FILL])
    _shoot(g2, "H5")
    assert not until(g2, "action:A-19")


# ---------------------------------------------------------------- A35.2 Hidden Mines / A35.5 Wire
def test_A35_2_hidden_mines_attack_only_the_units_that_entered() -> None:
    # digest #51: units already in the hex are not attacked
    g = new([squad("F4", "ger")], [squad("F5")])
    hand(g, 1, ["A-12", *US_FILL])
    g.state["units"]["axis-1"]["hex"] = "F5"  # the German has just advanced into F5
    top(g, 1, *roll_cards("America", (6, 6)))  # 6 + 12 = 18
    top(g, 0, *roll_cards("Germany", (2, 2)))  # 7 + 0 + 4 = 11
    window(g, "advance_entry", {"hex": "F5", "movers": ["axis-1"]})
    play(g, "action:A-12")
    go(g)
    assert g.state["fortifications"] == {"F5": "mines"}
    assert g.state["units"]["axis-1"]["broken"] and not g.state["units"]["allies-1"]["broken"]
    assert "allies-1 Defense" not in text(g)


def test_A35_2_hidden_mines_refused_in_water_or_fortified_hex() -> None:
    g = new([squad("H2", "ger")], [squad("O1")])
    hand(g, 1, ["A-12", *US_FILL])
    window(g, "advance_entry", {"hex": "H2", "movers": ["axis-1"]})
    assert not until(g, "action:A-12")


def test_A35_5_hidden_wire_after_a_move_entry() -> None:
    g = new([squad("F4", "ger")], [squad("O1")])
    hand(g, 1, ["A-3", *US_FILL])
    g.state["units"]["axis-1"]["hex"] = "F5"
    window(g, "move_entry", {"hex": "F5", "movers": ["axis-1"]})
    play(g, "action:A-3")
    go(g)
    assert g.state["fortifications"] == {"F5": "wire"}
    assert F.wire_halts(g, "F4", "F5")  # digest #52: the Move ends there
    assert unit_stat(g, "axis-1", "fp").value == 4


def test_A35_5_hidden_wire_refused_where_a_fortification_is() -> None:
    g = new([squad("F4", "ger")], [squad("O1")], fortifications=[{"hex": "F5", "type": "foxholes"}])
    hand(g, 1, ["A-3", *US_FILL])
    g.state["units"]["axis-1"]["hex"] = "F5"
    window(g, "move_entry", {"hex": "F5", "movers": ["axis-1"]})
    assert not until(g, "action:A-3")


# ---------------------------------------------------------------- A35.4 Hidden Unit
def _with_setup(fortifications: list[dict[str, str]]) -> Game:
    from fire_helpers import position

    p = position(GER, [squad("N1")], FortRules(), fortifications=fortifications)
    p.side("allies", setup="east")  # the Americans' original set-up area: N1..O10
    return p.game()


def test_A35_4_hidden_unit_enters_an_empty_covered_setup_hex() -> None:
    # the east zone is Open Ground (Cover 0) but for N3's Foxholes; N1 is occupied
    g = _with_setup([{"hex": "N3", "type": "foxholes"}, {"hex": "N1", "type": "trench"}])
    hand(g, 1, ["A-24", *US_FILL])
    top(g, 1, *roll_cards("America", (3, 4)))  # column 7: Rifle Squad, Bazooka Team (1944)
    play(g, "pass", "discard:" + g.state["sides"][0]["hand"][0], "done", "action:A-24")
    assert until(g, "item:rifle-squad")
    assert opts(g) == ["item:rifle-squad", "item:bazooka-team"]
    g.apply("item:bazooka-team")
    assert opts(g) == ["hex:N3"]
    g.apply("hex:N3")
    u = g.state["units"]["allies-h1"]
    w = g.state["weapons"][u["weapon"]]["type"]
    assert (u["type"], u["hex"], w) == ("us-rifle-team", "N3", "us-bazooka")


def test_A35_4_hidden_unit_refused_without_a_covered_empty_setup_hex() -> None:
    g = _with_setup([{"hex": "N1", "type": "trench"}])  # the only covered hex is occupied
    hand(g, 1, ["A-24", *US_FILL])
    play(g, "pass", "discard:" + g.state["sides"][0]["hand"][0], "done")
    assert not until(g, "action:A-24")
