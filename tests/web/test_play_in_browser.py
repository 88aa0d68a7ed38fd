"""Play in a real Chromium: create a game against the AI in the lobby, give orders by clicking
the map and the hand, see the AI answer, reload and find the game as it was; hot-seat hand-over.

Parametrized by module: a new module joins with one line in MODULES (any module whose drawing
marks its options with paths is played by the same clicks)."""

from __future__ import annotations

import pytest

from .driver import create_game, open_page, play_turn_by_clicking, set_up_by_clicking

pytestmark = pytest.mark.browser

MODULES = [
    ("great_war", "ridge_trench"),
    ("combat_commander", "bridge_at_dawn"),
]
AI_SAYS = {"great_war": "central plays", "combat_commander": "America"}
"""Words of the AI seat's name in the log once it has played."""


@pytest.mark.parametrize(("module", "scenario"), MODULES)
def test_play_against_the_ai_by_clicking_then_reload(browser, server, shots, module, scenario):
    page = open_page(browser, server + "/")
    page.wait_for_selector("[data-testid=create]")
    shots(page, "lobby")
    create_game(page, module, scenario, ["here", "ai:random"])
    set_up_by_clicking(page)
    page.wait_for_selector("svg.map .counter")
    shots(page, "table-start")
    assert page.locator(".cardface.target").count() > 0, "the cards to play are highlighted"
    clicked = play_turn_by_clicking(page, shots)
    assert clicked["card"] >= 1 and clicked["piece"] >= 1, clicked
    page.wait_for_selector("[data-testid=prompt-text]", timeout=30000)  # the AI has answered
    log = page.locator("[data-testid=log] li").all_text_contents()
    assert any(AI_SAYS[module] in line for line in log), "the AI's turn shows in the log"
    assert page.locator("[data-testid=log] li .rule").count() > 0, "rules are cited"
    shots(page, "after-ai")
    url = page.url
    prompt = page.locator("[data-testid=prompt-text]").inner_text()
    page.reload()
    page.wait_for_selector("[data-testid=prompt-text]")
    assert page.url == url
    assert page.locator("[data-testid=log] li").all_text_contents() == log
    assert page.locator("[data-testid=prompt-text]").inner_text() == prompt
    assert page.locator(".cardface").count() > 0
    shots(page, "after-reload")
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=games] tbody tr")
    assert page.locator("[data-testid=games] tbody tr").count() == 1
    assert not page.errors, page.errors


@pytest.mark.parametrize(("module", "scenario"), MODULES)
def test_hot_seat_hides_each_hand_behind_a_hand_over(browser, server, shots, module, scenario):
    page = open_page(browser, server + "/")
    create_game(page, module, scenario, ["here", "here"])
    page.wait_for_selector("[data-testid=handover]")
    assert page.locator(".cardface").count() == 0, "no hand shows on the hand-over screen"
    page.click("[data-testid=take-seat]")
    page.wait_for_selector("[data-testid=prompt-text]")
    first = page.locator(".cardface b").all_inner_texts()
    play_turn_by_clicking(page)
    page.wait_for_selector("[data-testid=handover]")
    shots(page, "handover")
    assert page.locator(".cardface").count() == 0
    page.click("[data-testid=take-seat]")
    page.wait_for_selector("[data-testid=prompt-text]")
    assert page.locator(".cardface b").all_inner_texts() != first
    assert not page.errors, page.errors


def test_line_of_sight_tool_draws_the_line(browser, server, shots):
    page = open_page(browser, server + "/")
    create_game(page, "great_war", "ridge_trench", ["here", "ai:random"])
    page.wait_for_selector("svg.map .counter")
    page.click("[data-testid=los]")
    page.locator("g.hex[data-hex='B8']").click(force=True)
    page.locator("g.hex[data-hex='G3']").click(force=True)
    page.wait_for_selector(".los-line")
    assert "B8 → G3" in page.locator(".tools").inner_text()
    shots(page, "line-of-sight")
