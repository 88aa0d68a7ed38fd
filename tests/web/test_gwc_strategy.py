"""Great War Commander's Strategy Card at the table, two people in two browsers: the card held is
drawn in its owner's hand and only counted for the other seat; its owner plays it as a Situation
by clicking it; the other seat then sees the public result (the log line, the Reminder Card face
up) and, before that, never received the card in anything the server sent it."""

from __future__ import annotations

import time
from typing import Any

import pytest

import tactica

from .driver import click_set_up, create_game, my_turn, renders, wait_drawn_after
from .test_table import open_by_link, whose_turn

pytestmark = pytest.mark.browser

SCENARIO = "verdun_gas_1916"
CARD, NAME = "GES1", "Anti-Gas Strategy"
"""Germany's card in this test: a Reminder (S98.1.1), playable as a Situation at the first Turn
(1916 is in its period, S98.1.2), so the result stays on the table for both to see."""


LOGGED = "t => document.querySelector('[data-testid=log]').textContent.includes(t)"
"""The game's log holds this line (read as text: the log may be folded away)."""


def seed_dealing(card: str) -> int:
    """The first game seed whose set-up deals Germany ``card`` (the deal is the rules', from the
    seed: the lobby's seed field gives the same game)."""
    for seed in range(1, 500):
        g = tactica.new_game("great_war_commander", SCENARIO, seed=seed)
        if g.state["sides"][0]["sc_hand"] == [card]:
            return seed
    raise AssertionError(f"no seed deals {card}")


def listening_page(browser: Any, frames: list[str]) -> Any:
    """A page that keeps every WebSocket frame it receives (what the server sent this seat) and
    counts script errors as the driver's pages do."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(str(data))))
    page.errors = errors
    return page


def set_up_both(a: Any, b: Any, timeout_s: float = 180) -> None:
    """Both seats place their units by clicking until Germany (page ``a``) may give its first
    Order: its Fate cards are highlighted."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        page = whose_turn([a, b])
        if page is a and a.locator(".cardface.target").count():
            return
        click_set_up(page)
    raise AssertionError("the set-up did not end")


def test_a_strategy_card_played_by_clicking_is_hidden_until_played(browser, other_browser, server, shots):
    seed = seed_dealing(CARD)
    a = listening_page(browser, [])
    a.goto(server + "/")
    create_game(a, "great_war_commander", SCENARIO, ["here", "link"], wait=False, seed=seed)
    a.wait_for_selector("[data-testid=seat-link]")
    frames: list[str] = []
    b = listening_page(other_browser, frames)
    b.goto(server + "/")
    open_by_link(a, b, server)
    set_up_both(a, b)
    assert my_turn(a) and not my_turn(b)

    # the owner's hand shows the Strategy Card as a card face; the other seat only counts it
    face = a.locator(f".cardface[data-card='{CARD}']")
    assert face.count() == 1 and NAME in face.inner_text()
    assert "target" in (face.get_attribute("class") or ""), "its Situation is offered: highlighted"
    b.wait_for_selector("[data-testid=hand]")
    assert "Germany: 1 strategy card (hidden)" in b.locator("[data-testid=hand]").inner_text()
    face.scroll_into_view_if_needed()
    shots(a, "strategy-card-in-hand")
    assert CARD not in b.content() and NAME not in b.content()
    assert frames and not any(CARD in f for f in frames), "the server never sent the card to France"

    # Germany plays it by clicking the card: a Situation (the card has one use)
    before = renders(a)
    face.click()
    wait_drawn_after(a, before)
    if a.locator(".menu button").count():  # a card of several uses asks which
        a.locator(".menu button").first.click()
    played = f"Germany plays the Strategy Card {NAME} ({CARD}) as a Situation"
    a.wait_for_function(LOGGED, arg=played, timeout=30000)
    assert a.locator(f".cardface[data-card='{CARD}']").count() == 0, "no longer held"

    # the public result reaches the other seat: the log line and the Reminder Card face up
    b.wait_for_function(LOGGED, arg=played, timeout=30000)
    assert "Germany Reminder Cards" in b.locator(".panel.piles").inner_text()
    assert NAME in b.locator(".panel.piles").inner_text()
    assert "Germany: 0 strategy card (hidden)" in b.locator("[data-testid=hand]").inner_text()
    b.locator(".panel.piles").scroll_into_view_if_needed()
    shots(b, "strategy-card-played-seen-by-the-other-seat")
    assert not a.errors and not b.errors, (a.errors, b.errors)
