"""The game as a whole: turn sequence (1.1-1.3), victory (10.4), night (10.3), scenario files
(10.1), and random-vs-random games of every scenario that end and replay byte for byte."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
import yaml
from ci_helpers import activate, dice, ids, log_text, play, scene

import tactica
from tactica.core.options import IllegalOption
from tactica.core.rules import RulesError
from tactica.games import all_ids, get_rules
from tactica.games.combat_infantry import RULES
from tactica.games.combat_infantry.blocks import DATA, parse_sheet, sheet
from tactica.games.combat_infantry.scenarios import DIR, check_scenario, scenario_ids

FUZZ_GAMES = int(os.environ.get("TACTICA_CI_FUZZ_GAMES", "30"))


def _play(scenario: str, seed: int) -> tactica.Game:  # type: ignore[name-defined]
    g = tactica.new_game("combat_infantry", scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if g.is_terminal():
            return g
        g.apply(rng.choice(g.legal_options()).id)
    raise AssertionError("runaway game")


def test_module_is_registered_with_its_scenarios() -> None:
    assert "combat_infantry" in all_ids()
    assert {s.id for s in get_rules("combat_infantry").scenarios()} == set(scenario_ids())
    assert len(scenario_ids()) >= 3


def test_random_games_of_every_scenario_end_and_replay_byte_for_byte() -> None:
    """Random-vs-random games spread over every scenario; each replays from its record to the
    same bytes: log, record and final state. CI plays TACTICA_CI_FUZZ_GAMES (30) games; the
    issue's 2,000-game run is the same test with TACTICA_CI_FUZZ_GAMES=2000 (RULES.md)."""
    per = max(1, FUZZ_GAMES // len(scenario_ids()))
    for sc in scenario_ids():
        for seed in range(per):
            g = _play(sc, seed)
            assert g.is_terminal() and sorted(g.returns()) in ([-1.0, 1.0], [0.0, 0.0])
            json.dumps(g.view(None))
            assert g.record is not None
            again = tactica.replay(g.record.to_dict())
            assert again.log_lines() == g.log_lines()
            assert again.record is not None
            assert _bytes(again.record.to_dict()) == _bytes(g.record.to_dict())
            assert _bytes(again.state) == _bytes(g.state)


def _bytes(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, separators=(",", ":")).encode()


def test_1_1_player_turns_alternate_four_each_then_the_game_turn_ends() -> None:
    g = tactica.new_game("combat_infantry", "saint_martin", seed=3)
    seen = []
    rng = random.Random(0)
    while g.state["gt"] == 1:
        if g.decision().step == "activate":
            seen.append((g.state["pt"], g.state["active"]))
            play(g, "pass")
        else:
            g.apply(rng.choice(g.legal_options()).id)
    assert [a for _, a in dict(seen).items()] == [0, 1, 0, 1, 0, 1, 0, 1]
    assert "Game turn 2: first player roll" in log_text(g)


def test_1_1_first_player_of_a_later_game_turn_is_the_high_d10_ties_rerolled() -> None:
    g = scene({"US-A1-PHQ": "A1", "GE-A1-PHQ": "N10"})
    g.state["pt"] = 8
    g.state["stack"] = [{"step": "game_turn", "args": {}}]
    dice(g, 4, 4, 3, 7)
    g.refresh()
    assert "roll 4 (usa) against 4 (ger)" in log_text(g) and "roll 3 (usa) against 7 (ger)" in log_text(g)
    assert g.state["first"] == 1 and g.state["active"] == 1 and g.state["gt"] == 2


def test_1_3_end_of_game_turn_blocks_stand_upright_and_smoke_goes() -> None:
    g = scene({"US-A1-PHQ": ("A1", 1, "up"), "US-A1-IN1": ("A2", 4, "down"), "GE-A1-PHQ": "N10"})
    g.state["smoke"] = [5]
    g.state["pt"] = 8
    g.state["stack"] = [{"step": "game_turn", "args": {}}]
    g.refresh()
    assert all(r["posture"] == "upright" and not r["acted"] for r in g.state["blocks"].values())
    assert g.state["smoke"] == []


def test_10_4_victory_objectives_held_plus_eliminated_units() -> None:
    g = scene({"US-A1-PHQ": "H5", "US-A1-IN1": "I5", "GE-A1-PHQ": "M5", "GE-A1-IN1": "K8"})
    g.state["vp"] = [1, 3]
    g.state["gt"] = g.state["game_turns"]
    g.state["pt"] = 8
    g.state["stack"] = [{"step": "game_turn", "args": {}}]
    g.refresh()
    # usa: 1 + town 2 + village-east 1 = 4; ger: 3 + farm 1 + hill 1 = 5
    assert g.is_terminal() and g.returns() == [-1.0, 1.0]
    assert "Victory points: usa 4, ger 5" in log_text(g)


def test_10_3_night_limits_range_to_two_and_halves_movement() -> None:
    g = scene({"US-A3-PHQ": "J1", "US-A3-IN1": "J2", "GE-A1-IN1": "J5", "GE-A1-PHQ": "N10"})
    g.state["night"] = True
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    assert "fire:J5" not in ids(g)  # three hexes: beyond the night range of 2
    play(g, "move")
    assert "3 MP left" in g.decision().prompt  # move 6 halved


def _scenario_data(sid: str) -> dict[str, Any]:
    return yaml.safe_load((DIR / f"{sid}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("change", "problem"), [
    (lambda d: d["setup"]["ger"].update({"GE-BN-ART": "N1"}), "stays off the map"),
    (lambda d: d.update(support={"usa": {"artillery": 5}}), "support usa artillery"),
    (lambda d: d["setup"]["usa"].update({"US-BN-TK1": "A1"}), "must be attached"),
    (lambda d: d["setup"]["usa"].update({"US-A1-IN1": "Z9"}), "is not a hex"),
    (lambda d: d["setup"]["usa"].update({"GE-A1-IN1": "A1"}), "not a block of this side"),
    (lambda d: d.update(game_turns=0), "saint_martin.yaml: game_turns: 0 is below the minimum 1"),
    (lambda d: d.update(objectives={"nowhere": 1}), "objective 'nowhere'"),
    (lambda d: d.update(colour="red"), "saint_martin.yaml: top level: unknown key 'colour'"),
])
def test_10_1_bad_scenario_files_are_refused_with_the_entry_named(change: Any, problem: str) -> None:
    d = _scenario_data("saint_martin")
    change(d)
    with pytest.raises(RulesError, match=problem):
        check_scenario(d, "saint_martin.yaml", "saint_martin")


def test_10_1_overstacked_set_up_is_refused() -> None:
    d = _scenario_data("saint_martin")
    d["setup"]["usa"].update({"US-A1-IN1": "C2", "US-A1-IN2": "C2", "US-A1-IN3": "C2"})
    with pytest.raises(RulesError, match="overstacked"):
        check_scenario(d, "saint_martin.yaml", "saint_martin")


def test_2_0_label_sheet_has_66_blocks_a_side_with_the_books_counts() -> None:
    labels = sheet()
    for side in (0, 1):
        mine = [b for b in labels.values() if b.side == side]
        assert len(mine) == 66
        assert sum(b.type == "rifle" for b in mine) == 27 and sum(b.type == "phq" for b in mine) == 9
    assert all(b.steps == 4 for b in labels.values() if b.type == "rifle" and b.side == 0)  # 2.3
    assert all(b.steps == 3 for b in labels.values() if b.type == "rifle" and b.side == 1)
    d = yaml.safe_load((DATA / "blocks.yaml").read_text(encoding="utf-8"))
    d["blocks"][0]["steps"] = "four"
    with pytest.raises(RulesError, match=r"blocks\.yaml: block US-A-CHQ: steps: expected an integer"):
        parse_sheet(d, "blocks.yaml")


def test_illegal_option_changes_nothing() -> None:
    g = tactica.new_game("combat_infantry", "saint_martin", seed=1)
    before = json.dumps(g.state, sort_keys=True)
    with pytest.raises(IllegalOption):
        play(g, "fire:A1")
    assert json.dumps(g.state, sort_keys=True) == before
    assert RULES.id == "combat_infantry"


def test_10_4_unit_values_break_a_vp_tie() -> None:
    g = scene({"US-A1-PHQ": "A1", "GE-A1-PHQ": "N10"})
    g.state["vp"] = [0, 0]
    g.state["lost"] = [3, 7]
    g.state["gt"] = g.state["game_turns"]
    g.state["pt"] = 8
    g.state["stack"] = [{"step": "game_turn", "args": {}}]
    g.refresh()
    assert g.is_terminal() and g.returns() == [1.0, -1.0]
    assert "unit values lost (3 to 7)" in g.state["result"]["reason"]


def test_10_4_step_losses_count_their_unit_values() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "GE-A1-IN3": "J5", "GE-A1-PHQ": "N10"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:J5")
    assert g.state["lost"] == [0, 3]  # one step of an F3 squad: 3 points
    assert RULES.view(g, 0, False)["unit_values_lost"] is None  # hidden until the end


def test_10_1_players_set_up_in_or_next_to_the_named_hexes_at_least_one_in_each() -> None:
    g = tactica.new_game("combat_infantry", "hill_74", seed=3)
    d = g.decision()
    assert d is not None and d.step == "set_up" and d.seat == 0  # the Americans move second: first to set up
    from tactica.games.combat_infantry.scenarios import geo_of

    geo = geo_of(g.state)
    near = {geo.label(j) for a in ("G2", "G8") for j in (geo.index[a], *geo.nbrs[geo.index[a]])}
    assert {o.args["hex"] for o in d.options} <= near
    # place all but the last block away from G8: the last one must go to the still empty G8
    rng = random.Random(1)
    while len(g.state["to_deploy"][0]) > 1:
        opts = [o for o in g.legal_options() if o.args["hex"] != "G8"]
        g.apply(rng.choice(opts).id)
    assert {o.args["hex"] for o in g.legal_options()} == {"G8"}
    play(g, g.legal_options()[0].id)
    assert g.decision().seat == 1 and g.decision().step == "set_up"
    ger = RULES.view(g, 1, False)
    assert len(ger["hidden_blocks"]) == 13 and ger["to_set_up"] == [0, 14]  # with the drawn weapons (2.5)
    assert not any(b["side"] == "usa" for b in ger["blocks"])
    assert not any("US-B" in e["text"] for e in g.visible_log(1))


def test_10_5_chit_pull_games_end_and_replay() -> None:
    for sc in scenario_ids():
        g = tactica.new_game("combat_infantry", sc, seed=9, options={"chit_pull": "ger"})
        rng = random.Random(9)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_options()).id)
        assert g.record is not None
        assert tactica.replay(g.record.to_dict()).log_lines() == g.log_lines()


def test_10_5_the_lobby_offers_the_chit_pull_choices_every_one_of_which_starts_a_game() -> None:
    for info in get_rules("combat_infantry").scenarios():
        (opt,) = info.extra["options"]
        assert opt["id"] == "chit_pull" and opt["default"] == RULES.option_defaults["chit_pull"]
        assert [v for v, _ in opt["choices"]] == ["", "ger", "usa"]
        for value, _ in opt["choices"]:
            g = tactica.new_game("combat_infantry", info.id, seed=2, options={"chit_pull": value})
            assert g.state["chit"] == (["usa", "ger"].index(value) if value else -1)
