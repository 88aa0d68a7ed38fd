"""Play in a real Chromium: create a game against the AI in the lobby, give orders by clicking
the map and the hand, see the AI answer, reload and find the game as it was; hot-seat hand-over.

Parametrized by module: a new module joins with one line in MODULES (any module whose drawing
marks its options with paths is played by the same clicks)."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytestmark = pytest.mark.browser

MODULES = [
    ("great_war", "ridge_trench"),
    ("combat_commander", "bridge_at_dawn"),
]
AI_SAYS = {"great_war": "central plays", "combat_commander": "America"}
"""Words of the AI seat's name in the log once it has played."""


def open_page(browser: Any, url: str) -> Any:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    return page


SEED = 3
"""A fixed game seed (the lobby's "More" field), so the hand dealt and the AI's answers, and so
the clicks the driver makes, are the same on every run."""


def create_game(page: Any, module: str, scenario: str, seats: list[str], seed: int = SEED) -> None:
    page.wait_for_selector("[data-testid=create]")
    page.select_option("[data-testid=module]", module)
    page.select_option("[data-testid=scenario]", scenario)
    for i, s in enumerate(seats):
        page.select_option(f"[data-testid=seat-{i}]", s)
    page.locator("details summary", has_text="More").click()
    page.fill("#seed", str(seed))
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=prompt], [data-testid=handover]")


def my_turn(page: Any) -> bool:
    return page.locator("[data-testid=prompt-text]").count() > 0


ENDING = ("done", "pass", "none", "stay", "decline", "stop", "end")
"""Option ids that finish a step without doing more: after the first clicks, the driver takes
these so the turn ends in a bounded number of steps whatever the position."""
BACK = ("back",)
"""Option ids that undo the step's progress: never the driver's fallback (it would loop)."""


def _fallback(ids: list[str]) -> str:
    return next((i for i in ids if i in ENDING), next((i for i in ids if i not in BACK), ids[0]))


def set_up_by_clicking(page: Any, timeout_ms: int = 60000) -> int:
    """A set-up before the first card (placing units in their zones): click the highlighted hexes
    and the buttons until a card of the hand is to be played. Returns the clicks made."""
    clicks = 0
    end = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < end:
        if my_turn(page) and page.locator(".cardface.target").count():
            return clicks
        if not my_turn(page):
            page.wait_for_timeout(100)
            continue
        page.wait_for_timeout(100)  # the table may still be taking the last answer in
        if page.locator(".cardface.target").count():
            continue
        before = _snapshot(page)
        hexes = page.locator("polygon.target")
        if hexes.count():
            key = hexes.first.get_attribute("data-target").split(":", 1)[1]
            page.locator(f"g.hex[data-hex='{key}']").click(force=True)
        else:
            ids = [b.get_attribute("data-option") for b in page.locator("[data-option]").all()]
            if ids:
                page.locator(f"[data-option='{_fallback(ids)}']").first.dispatch_event("click")
        clicks += 1
        _settle(page, before)
    raise AssertionError("the set-up did not end")


def _snapshot(page: Any) -> tuple[str, int, int, int]:
    prompt = page.locator("[data-testid=prompt-text]")
    return (prompt.first.inner_text() if prompt.count() else "",
            page.locator("[data-testid=log] li").count(),
            page.locator(".chip").count(),
            page.locator("[data-testid=odds]").count())


def _settle(page: Any, before: tuple[str, int, int, int], timeout_ms: int = 5000) -> None:
    """Wait until the table shows the effect of the last click (or the turn passed on)."""
    waited = 0
    while waited < timeout_ms:
        page.wait_for_timeout(50)
        waited += 50
        if not my_turn(page) or _snapshot(page) != before:
            return


def play_turn_by_clicking(page: Any, shots: Any | None = None, max_steps: int = 120) -> dict[str, int]:
    """Play one turn as a person would: a highlighted card, then a highlighted piece and its
    highlighted target on the map (confirming the odds when shown), then finish every remaining
    step with the option that ends it. Returns what was clicked."""
    done = {"card": 0, "piece": 0, "hex": 0, "odds": 0, "button": 0}
    for _ in range(max_steps):
        if not my_turn(page):
            return done
        before = _snapshot(page)
        cards = page.locator(".cardface.target")
        pieces = page.locator(".counter.target:not(.under)")
        hexes = page.locator("polygon.target")
        selected = before[2] > 0
        if before[3]:
            if shots and done["odds"] == 0:
                shots(page, "odds")
            done["odds"] += 1
            page.click("[data-testid=confirm]")
        elif cards.count() and done["card"] == 0:
            cards.first.click()
            done["card"] += 1
        elif selected and hexes.count() and done["hex"] < 2:
            key = hexes.first.get_attribute("data-target").split(":", 1)[1]
            page.locator(f"g.hex[data-hex='{key}']").click(force=True)
            done["hex"] += 1
        elif selected and pieces.count() and done["piece"] < 4:
            pieces.last.click(force=True)
            done["piece"] += 1
        elif not selected and pieces.count() and done["piece"] < 2:
            pieces.first.click(force=True)
            done["piece"] += 1
        elif page.locator(".menu button").count():
            page.locator(".menu button").first.click()
        else:
            ids = [b.get_attribute("data-option") for b in page.locator("[data-option]").all()]
            if not ids:
                _settle(page, before)
                continue
            pick = _fallback(ids)
            # buttons in the closed "all options" list are clicked through the DOM
            page.locator(f"[data-option='{pick}']").first.dispatch_event("click")
            done["button"] += 1
        _settle(page, before)
    raise AssertionError(f"the turn did not end: {done}")


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
    log = page.locator("[data-testid=log] li").all_inner_texts()
    assert any(AI_SAYS[module] in line for line in log), "the AI's turn shows in the log"
    assert page.locator("[data-testid=log] li .rule").count() > 0, "rules are cited"
    shots(page, "after-ai")
    url = page.url
    prompt = page.locator("[data-testid=prompt-text]").inner_text()
    page.reload()
    page.wait_for_selector("[data-testid=prompt-text]")
    assert page.url == url
    assert page.locator("[data-testid=log] li").all_inner_texts() == log
    assert page.locator("[data-testid=prompt-text]").inner_text() == prompt
    assert page.locator(".cardface").count() > 0
    shots(page, "after-reload")
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=games] tr")
    assert page.locator("[data-testid=games] tr").count() == 1
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
    """Click one option by its id (through the options list, as the fallback above does)."""
    page.wait_for_selector(f"[data-option='{oid}']", state="attached", timeout=timeout_ms)
    before = _snapshot(page)
    page.locator(f"[data-option='{oid}']").first.dispatch_event("click")
    _settle(page, before)


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
    log = page.locator("[data-testid=log] li").all_inner_texts()
    assert any("Noise in 0506" in line for line in log), "the noise roll shows in the log"
    assert any("Mission 1:" in line for line in log), "the mission shows in the log"
    assert page.locator("[data-testid=log] li .rule").count() > 0, "rules are cited"
    prompt = page.locator("[data-testid=prompt-text]").inner_text()
    page.reload()
    page.wait_for_selector("[data-testid=prompt-text]")
    assert page.locator("[data-testid=log] li").all_inner_texts() == log
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
    log = page.locator("[data-testid=log] li").all_inner_texts()
    assert any("accomplished in" in line for line in log), "the accomplished mission shows in the log"
    assert local.log_lines()[-1].split(": ", 1)[1] in log[-1], "the table follows the game move for move"
    tracks = page.locator("[data-testid=tracks]").first.inner_text()
    assert f"{local.state['pp']}" in tracks and "Purchase points" in tracks
    assert not page.errors, page.errors
