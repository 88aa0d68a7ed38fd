"""What the players see and who plays: the terminal text, the browser drawing (hidden
Strategy Card and Fate hands stay hidden), the line-of-sight tool and fire odds, and the scripted
policy (it beats random play)."""

from __future__ import annotations

import json
import random
from typing import Any

import tactica
from tactica.ai.scripted import ScriptedAgent
from tactica.games.great_war_commander import RULES

from .gwc_helpers import SCENARIOS, new, position, to_first_turn


def test_describe_shows_the_map_units_tracks_and_only_the_own_hand() -> None:
    g = to_first_turn(new("frontieres_1914", 2), 2)
    text = RULES.describe(g, 0)
    assert "Time 0/10" in text and "Casualties" in text and "Stacks:" in text
    assert "Germany's Fate cards:" in text and "France: 6 Fate cards (hidden)" in text
    assert "Germany Strategy Card: " in text and "France Strategy Card: 1 held (hidden)" in text


def test_drawing_has_gwc_styles_gas_and_hides_the_other_hands() -> None:
    g = to_first_turn(new("verdun_gas_1916", 4), 4)
    g.state["gas"] = ["E5"]
    for seat in (0, 1):
        d = RULES.drawing(g, seat, g.view(seat))
        assert "open_ground" in d["terrain"]["styles"]
        assert {s["name"] for s in d["sides"]} == {"Germany", "France"}
        assert any(m["kind"] == "gas" and m["hex"] == "E5" for m in d["markers"])
        hands = {h["seat"]: h for h in d["hands"]}
        assert hands[seat]["cards"] is not None and hands[1 - seat]["cards"] is None
        own = g.state["sides"][seat]["sc_hand"][0]
        other = g.state["sides"][1 - seat]["sc_hand"][0]
        words = str(d["info"])
        assert own in words and other not in words


def test_line_of_sight_tool_uses_the_gwc_chart() -> None:
    g = new("frontieres_1914")
    r = RULES.line_of_sight(g, "H2", "H6")
    assert r is not None and r["distance"] == 4 and r["path"][0] == "H2"
    assert RULES.line_of_sight(g, "H2", "Z99") is None


def test_scripted_policy_beats_random_play() -> None:
    wins = 0
    games = 0
    for scenario in SCENARIOS:
        for seed in range(2):
            g = tactica.new_game("great_war_commander", scenario, seed=seed)
            rng = random.Random(seed)
            me = seed % 2
            agent = ScriptedAgent(seed)
            while not g.is_terminal():
                seat = g.current_player()
                g.apply(agent.choose(g, seat) if seat == me else rng.choice(g.legal_options()).id)
            wins += g.returns()[me] > 0
            games += 1
    assert wins >= games * 3 // 4, f"scripted won {wins} of {games}"


def _artillery_scene(seed: int = 4) -> Any:
    g = to_first_turn(new("verdun_gas_1916", seed), seed)
    g.state["telephones"] = [{"type": "ger-tel-10", "broken": True, "space": "standing_creeping"}, None]
    g.state["barrages"] = [{"sr": "E5", "impacts": ["E5", "E4", "E6"]}, None]
    g.state["terrain_markers"] = {"D3": "shellhole"}
    g.state["fortifications"] = {"C2": "trench"}
    return g


def test_drawing_shows_telephones_barrages_fortifications_and_terrain_markers() -> None:
    g = _artillery_scene()
    for seat in (0, 1):
        d = RULES.drawing(g, seat, g.view(seat))
        marks = {(m["kind"], m["hex"]) for m in d["markers"]}
        assert {("spotting_round", "E5"), ("impact", "E4"), ("impact", "E6"),
                ("shellhole", "D3"), ("fortification", "C2")} <= marks
        assert ("impact", "E5") not in marks  # the SR's hex carries the SR, not also an Impact
        assert d["terrain"]["changes"]["D3"] == ["shellhole"]
        info = {i["label"]: i["value"] for i in d["info"]}
        assert info["Germany Telephone"] == ("Feldtelefon 10 (FP 10), broken, "
                                             "in the Standing/Creeping Barrage space")
        assert info["France Telephone"] == "none"
        assert "spotting_round" in d["legend"]


def test_strategy_hand_is_a_card_face_for_its_owner_and_nothing_for_the_other_seat() -> None:
    g = _artillery_scene()
    for seat in (0, 1):
        own = g.state["sides"][seat]["sc_hand"][0]
        other = g.state["sides"][1 - seat]["sc_hand"][0]
        d = RULES.drawing(g, seat, g.view(seat))
        sc = {h["seat"]: h for h in d["hands"] if h["title"] == "Strategy Card"}
        assert sc[seat]["cards"] is not None and sc[seat]["cards"][0]["id"] == own
        assert sc[seat]["cards"][0]["text"]
        assert sc[1 - seat]["cards"] is None and sc[1 - seat]["size"] == 1
        assert other not in json.dumps(d)  # the hidden card is nowhere in this seat's drawing


def test_reminder_cards_are_public_in_both_drawings() -> None:
    card = "GES1"  # Anti-Gas Strategy, played earlier and in force (S98.1.1)
    g = position("verdun_gas_1916").side("germany", reminders=[card]).game(seed=4)
    for seat in (0, 1):
        info = {i["label"]: i["value"] for i in RULES.drawing(g, seat, g.view(seat))["info"]}
        assert card in info["Germany Reminder Cards"]


def test_tanks_carry_the_tank_flag() -> None:
    g = to_first_turn(new("soissons_tanks_1918", 3), 3)
    d = RULES.drawing(g, 1, g.view(1))
    tanks = [p for p in d["pieces"] if "tank" in p["flags"]]
    infantry = [p for p in d["pieces"] if "tank" not in p["flags"]]
    assert tanks and infantry
    assert all("TANK" in p["label"] for p in tanks)
    assert "tank" in RULES.describe(g, 1)


def test_terminal_shows_telephones_barrages_and_the_strategy_card_hand() -> None:
    g = _artillery_scene()
    text = RULES.describe(g, 0)
    own = g.state["sides"][0]["sc_hand"][0]
    other = g.state["sides"][1]["sc_hand"][0]
    assert "Germany Telephone: Feldtelefon 10 (FP 10), broken" in text
    assert "E5: Germany Spotting Round" in text and "E4: Germany Artillery Impact" in text
    assert "Germany's Strategy Card:" in text and "France: 1 Strategy Card (hidden)" in text
    assert own in text and other not in text
