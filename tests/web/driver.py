"""Driving the table as a person would: open a page, create a game in the lobby, set up and play
a turn by clicking what the table highlights. Every wait is for something the page shows."""

from __future__ import annotations

import time
from typing import Any


def open_page(browser: Any, url: str) -> Any:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the server's Content-Security-Policy is on in these tests: a refused script, style or
    # connection is a console error, and counts as a page error
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and "Content Security Policy" in m.text else None)
    page.errors = errors
    page.goto(url)
    return page


SEED = 3
"""A fixed game seed (the lobby's "More" field), so the hand dealt and the AI's answers, and so
the clicks the driver makes, are the same on every run."""


def create_game(page: Any, module: str, scenario: str, seats: list[str], wait: bool = True,
                seed: int = SEED) -> None:
    page.wait_for_selector("[data-testid=create]")
    page.select_option("[data-testid=module]", module)
    page.select_option("[data-testid=scenario]", scenario)
    for i, s in enumerate(seats):
        page.select_option(f"[data-testid=seat-{i}]", s)
    page.locator("details summary", has_text="More").click()
    page.fill("#seed", str(seed))
    page.click("[data-testid=create]")
    if wait:
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


def renders(page: Any) -> int:
    """How many times the table has drawn itself (the client counts them on #app)."""
    return int(page.locator("#app").get_attribute("data-render") or 0)


def wait_drawn_after(page: Any, before: int, timeout_ms: int = 60000) -> None:
    """Wait until the table has drawn itself again after a click (its answer, or the next
    view pushed by the server): a wait for what the page shows, whatever the machine's load."""
    page.wait_for_function("n => Number(document.getElementById('app').dataset.render || 0) > n",
                           arg=before, timeout=timeout_ms)


def wait_my_turn(page: Any, timeout_ms: int = 60000) -> None:
    page.wait_for_selector("[data-testid=prompt-text]", timeout=timeout_ms)


def _option_ids(page: Any) -> list[str]:
    """The option buttons, menus of irreversible extras (e.g. eliminating a Weapon) last."""
    grab = "els => els.map(e => e.dataset.option)"  # in one go: the table may redraw meanwhile
    plain: list[str] = page.eval_on_selector_all(":not(.optgroup) > [data-option]", grab)
    return plain or list(page.eval_on_selector_all("[data-option]", grab))


FIRST_HAND_TARGETS = "[data-testid=hand] div.hand:first-of-type .cardface.target"
"""The highlighted cards of the first hand, the Fate cards (the Orders): a game's own hands after
it (GWC's Strategy Card, playable in windows of the other side's Turn) are played only by the
tests that mean to."""


def set_up_by_clicking(page: Any, timeout_ms: int = 60000) -> int:
    """A set-up before the first card (placing units in their zones): click the highlighted hexes
    and the buttons until a card of the hand is to be played. Returns the clicks made."""
    clicks = 0
    end = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < end:
        wait_my_turn(page, timeout_ms)
        if page.locator(FIRST_HAND_TARGETS).count():
            return clicks
        click_set_up(page)
        clicks += 1
    raise AssertionError("the set-up did not end")


def click_set_up(page: Any) -> None:
    """One set-up click: the first highlighted hex, or the button that ends the step."""
    before = renders(page)
    hexes = page.locator("polygon.target")
    if hexes.count():
        key = hexes.first.get_attribute("data-target").split(":", 1)[1]
        page.locator(f"g.hex[data-hex='{key}']").click(force=True)
    else:
        ids = _option_ids(page)
        if not ids:
            return
        page.locator(f"[data-option='{_fallback(ids)}']").first.dispatch_event("click")
    wait_drawn_after(page, before)


def play_turn_by_clicking(page: Any, shots: Any | None = None, max_steps: int = 120) -> dict[str, int]:
    """Play one turn as a person would: a highlighted card, then a highlighted piece and its
    highlighted target on the map (confirming the odds when shown), then finish every remaining
    step with the option that ends it. Returns what was clicked."""
    done = {"card": 0, "piece": 0, "hex": 0, "odds": 0, "button": 0, "confirm": 0}
    for _ in range(max_steps):
        if not my_turn(page):
            return done
        before = renders(page)
        cards = page.locator(FIRST_HAND_TARGETS)
        pieces = page.locator(".counter.target:not(.under)")
        hexes = page.locator("polygon.target")
        selected = page.locator(".chip").count() > 0
        if page.locator("[data-testid=stack]").count():
            pick = page.locator("[data-testid=stack] .stackpiece:has(.counter.target)")
            (pick if pick.count() else page.locator("[data-testid=stack] .stackpiece")).first.click()
        elif page.locator("[data-testid=confirm-box]").count():
            done["confirm"] += 1
            page.click("[data-testid=confirm-yes]")
        elif page.locator("[data-testid=odds]").count():
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
            ids = _option_ids(page)
            if not ids:  # only map picks left, all tried: take one from the list
                ids = page.eval_on_selector_all("[data-option]", "els => els.map(e => e.dataset.option)")
            if not ids:
                raise AssertionError("no option to click: " + page.locator(".side").inner_text()[:1500])
            pick = _fallback(ids)
            # buttons in the closed "all options" list are clicked through the DOM
            page.locator(f"[data-option='{pick}']").first.dispatch_event("click")
            done["button"] += 1
        wait_drawn_after(page, before)
    raise AssertionError(f"the turn did not end: {done}")
