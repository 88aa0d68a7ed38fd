"""What the players see and who plays: the terminal text, the browser drawing (hidden
Strategy Card and Fate hands stay hidden), the line-of-sight tool and fire odds, and the scripted
policy (it beats random play)."""

from __future__ import annotations

import random

import tactica
from tactica.ai.scripted import ScriptedAgent
from tactica.games.great_war_commander import RULES

from .gwc_helpers import SCENARIOS, new, to_first_turn


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
