"""Play in a real Chromium: create a game against the AI in the lobby, give orders by clicking
the map and the hand, see the AI answer, reload and find the game as it was; hot-seat hand-over.

Parametrized by module: a new module joins with one line in MODULES (any module whose drawing
marks its options with paths is played by the same clicks)."""

from __future__ import annotations

from typing import Any

import pytest

from .driver import (
    create_game,
    open_page,
    play_turn_by_clicking,
    renders,
    set_up_by_clicking,
    wait_drawn_after,
)

pytestmark = pytest.mark.browser

MODULES = [
    ("great_war", "ridge_trench"),
    ("combat_commander", "bridge_at_dawn"),
    ("great_war_commander", "frontieres_1914"),
]
AI_SAYS = {"great_war": "central plays", "combat_commander": "America", "great_war_commander": "France"}
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


def _option(page: Any, oid: str, timeout_ms: int = 15000) -> None:
    """Click one option by its id (through the options list, as the driver's fallback does) and
    wait for the table to draw its answer."""
    page.wait_for_selector(f"[data-option='{oid}']", state="attached", timeout=timeout_ms)
    before = renders(page)
    page.locator(f"[data-option='{oid}']").first.dispatch_event("click")
    wait_drawn_after(page, before)


def test_solitaire_commandos_map_first_turn_by_clicking_then_reload(browser, server, shots):
    """One seat against the rules (Commandos: Europe): place the base, buy, move a squad, see the
    noise roll and the mission in the log and on the map, then reload and find the same table."""
    page = open_page(browser, server + "/")
    create_game(page, "commandos_europe", "norway", ["here"])
    _option(page, "col:05")
    _option(page, "hex:0505")
    page.wait_for_selector("svg.map .counter")
    _option(page, "buy:demolitions@base-1")
    _option(page, "done")
    _option(page, "move:0-1")
    _option(page, "add:demolitions")
    _option(page, "go")
    _option(page, "to:0506")
    if page.locator("[data-option='halt']").count():
        _option(page, "halt")
    for _ in range(10):  # an escape offer after a detection, then the end of the phase
        ids = [b.get_attribute("data-option") for b in page.locator("[data-option]").all()]
        if "done" in ids and any(i.startswith("move:") for i in ids):
            break
        _option(page, "stay" if "stay" in ids else ids[-1])
    shots(page, "commandos-moved")
    log = page.locator("[data-testid=log] li").all_text_contents()
    assert any("Noise in 0506" in line for line in log), "the noise roll shows in the log"
    assert any("Mission 1:" in line for line in log), "the mission shows in the log"
    assert page.locator("[data-testid=log] li .rule").count() > 0, "rules are cited"
    prompt = page.locator("[data-testid=prompt-text]").inner_text()
    page.reload()
    page.wait_for_selector("[data-testid=prompt-text]")
    assert page.locator("[data-testid=log] li").all_text_contents() == log
    assert page.locator("[data-testid=prompt-text]").inner_text() == prompt
    assert page.locator("svg.map .counter").count() > 0
    assert not page.errors, page.errors


def _options_shown(page: Any) -> tuple[str, ...]:
    """The option ids on the table now, read in one go (the table may re-render meanwhile)."""
    return tuple(page.eval_on_selector_all("[data-option]", "els => els.map(e => e.dataset.option)"))


def test_solitaire_commandos_first_mission_accomplished_in_the_browser(browser, server, shots):
    """The scripted commando policy, choosing on a local copy of the game (same seed, same
    decisions), plays Norway in the browser by clicking each option until the first mission is
    accomplished; the table's log and tracks show it."""
    import tactica
    from tactica.ai.scripted import ScriptedAgent

    seed = 8
    local = tactica.new_game("commandos_europe", "norway", seed=seed)
    agent = ScriptedAgent(0)
    page = open_page(browser, server + "/")
    create_game(page, "commandos_europe", "norway", ["here"], seed=seed)
    page.wait_for_selector("[data-option]", state="attached")
    for _ in range(80):
        if local.state["accomplished"]:
            break
        oid = agent.choose(local, 0)
        shown = _options_shown(page)
        assert oid in shown, (oid, shown)
        page.locator(f"[data-option='{oid}']").first.dispatch_event("click")
        local.apply(oid)
        for _ in range(100):  # until the table shows the next decision
            page.wait_for_timeout(50)
            if _options_shown(page) != shown:
                break
    assert local.state["accomplished"] == 1
    page.wait_for_timeout(300)
    shots(page, "commandos-mission-accomplished")
    log = page.locator("[data-testid=log] li").all_text_contents()
    assert any("accomplished in" in line for line in log), "the accomplished mission shows in the log"
    assert local.log_lines()[-1].split(": ", 1)[1] in log[-1], "the table follows the game move for move"
    tracks = page.locator("[data-testid=tracks]").first.inner_text()
    assert f"{local.state['pp']}" in tracks and "Purchase points" in tracks
    assert not page.errors, page.errors
