"""The table as two people at two screens see it: a seat by secret link in a second browser, a
few Turns of each module played by clicking, the other side's last move highlighted, the map
turned for the second seat; irreversible options ask first; undo shows the older position."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .driver import (
    click_set_up,
    create_game,
    my_turn,
    open_page,
    play_turn_by_clicking,
    renders,
    wait_drawn_after,
    wait_my_turn,
)

pytestmark = pytest.mark.browser

MODULES = [
    ("great_war", "ridge_trench", "central"),
    ("combat_commander", "bridge_at_dawn", "America"),
]
"""Module, scenario, and words of the second seat's name in the log once it has played."""


def whose_turn(pages: list[Any], timeout_s: float = 90) -> Any:
    """The page whose prompt shows (waits on each page in turn for what it shows)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        for p in pages:
            try:
                p.wait_for_selector("[data-testid=prompt-text]", timeout=300)
                return p
            except PlaywrightTimeout:  # not this screen yet: look at the other
                continue
    raise AssertionError("nobody's turn came")


def open_by_link(page: Any, other: Any, server: str) -> str:
    """Read the second seat's link where the lobby shows it, and open it in the other browser."""
    link = page.locator("[data-testid=seat-link] input").first.input_value()
    assert link.startswith(server + "/#/game/") and "/seat/" in link, link
    assert "[object" not in page.locator("[data-testid=created]").inner_text()
    page.click("text=Go to the table")
    other.goto(link)
    other.wait_for_selector("[data-testid=prompt]")
    assert "/seat/" not in other.url, "the token leaves the address bar once kept"
    return link


class Deliveries:
    """The states one page receives: the answers to its decisions and its WebSocket's pushes
    (the server leaves out the WebSocket a decision names, so none should come twice)."""

    def __init__(self, page: Any) -> None:
        self.pushed: list[int] = []
        self.posts: list[Any] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        page.on("requestfinished", self._request)

    def _frame(self, payload: str | bytes) -> None:
        m = json.loads(payload)
        if m.get("type") == "view":
            self.pushed.append(m["rev"])

    def _request(self, request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/decisions"):
            self.posts.append(request)

    def answered(self) -> list[int]:
        """The states the decisions' answers brought (read outside Playwright's callbacks)."""
        return [r.response().json()["rev"] for r in self.posts]


def hex_box(page: Any, hex_id: str) -> dict[str, float]:
    box = page.locator(f"g.hex[data-hex='{hex_id}'] polygon.terrain").bounding_box()
    assert box is not None
    return box


@pytest.mark.parametrize(("module", "scenario", "second"), MODULES)
def test_two_people_play_by_secret_link_in_two_browsers(browser, other_browser, server, shots,
                                                        module, scenario, second):
    a = open_page(browser, server + "/")
    got = {id(a): Deliveries(a)}
    create_game(a, module, scenario, ["here", "link"], wait=False)
    a.wait_for_selector("[data-testid=seat-link]")
    shots(a, "link")
    b = open_page(other_browser, server + "/")
    got[id(b)] = Deliveries(b)
    open_by_link(a, b, server)
    a.wait_for_selector("[data-testid=prompt]")
    # the map faces each player: the first seat's corner A1 is top left, the second's bottom right
    a.wait_for_selector("svg.map[data-turned=no]")
    b.wait_for_selector("svg.map[data-turned=yes]")
    ta, tb = hex_box(a, "A1"), hex_box(b, "A1")
    assert ta["y"] < 300 and tb["y"] > 400 and tb["x"] > ta["x"], (ta, tb)
    played = {id(a): 0, id(b): 0}
    saw_highlight = False
    for _ in range(80):
        if min(played.values()) >= 2:
            break
        page = whose_turn([a, b])
        other = b if page is a else a
        if page.locator("svg.map .lastmove .trail, svg.map [data-lastmove]").count():
            saw_highlight = saw_highlight or played[id(other)] > 0
        clicked = play_turn_by_clicking(page)
        if clicked["card"]:
            played[id(page)] += 1
    assert min(played.values()) >= 2, played
    assert saw_highlight, "the other side's last move is highlighted on the map"
    shots(a, "first-seat")
    shots(b, "second-seat")
    log_a = a.locator("[data-testid=log] li").all_text_contents()
    assert any(second in line for line in log_a), "the second seat's moves reach the first"
    assert a.locator("[data-testid=feed] li").count() > 0
    assert not a.errors and not b.errors, (a.errors, b.errors)
    for d in got.values():  # each state reached each screen once: in an answer or pushed
        answered = d.answered()
        assert answered and d.pushed
        assert len(set(d.pushed)) == len(d.pushed) and not set(d.pushed) & set(answered), (d.pushed, answered)


def test_the_other_sides_last_move_is_highlighted_with_its_path(browser, other_browser, server):
    a = open_page(browser, server + "/")
    create_game(a, "great_war", "ridge_trench", ["here", "link"], wait=False)
    a.wait_for_selector("[data-testid=seat-link]")
    b = open_page(other_browser, server + "/")
    open_by_link(a, b, server)
    # the first seat plays a card, orders a unit and moves it one hex: the second sees the path
    for _ in range(40):
        wait_my_turn(a)
        before = renders(a)
        if a.locator(".cardface.target").count() and not a.locator(".chip").count() \
                and a.locator("[data-testid=prompt-text]").inner_text().startswith("Play"):
            a.locator(".cardface.target").first.click()
        elif a.locator("[data-option^='order:']").count():
            a.locator("[data-option^='order:']").first.dispatch_event("click")
        elif a.locator("[data-option^='move:']").count():
            a.locator("[data-option^='move:']").first.dispatch_event("click")
            wait_drawn_after(a, before)
            break
        else:
            a.locator("[data-option=done]").first.dispatch_event("click")
        wait_drawn_after(a, before)
    b.wait_for_selector("svg.map .lastmove .trail-move", state="attached")
    arrow = b.locator("svg.map .lastmove .trail-move").first
    assert arrow.get_attribute("data-from") != arrow.get_attribute("data-to")
    moved_to = arrow.get_attribute("data-to")
    assert b.locator(f"svg.map [data-lastmove='{moved_to}']").count() == 1
    feed = " ".join(b.locator("[data-testid=feed] li").all_text_contents())
    assert "moves to" in feed and any(w in feed for w in ("Infantry", "Machine gun", "Mortar")), feed


def test_eliminating_a_weapon_sits_in_a_menu_and_asks_first(browser, server, shots):
    page = open_page(browser, server + "/")
    create_game(page, "combat_commander", "bridge_at_dawn", ["here", "here"])
    for _ in range(200):
        page.wait_for_selector("[data-testid=prompt-text], [data-testid=handover]")
        if page.locator("[data-testid=handover]").count():
            before = renders(page)
            page.click("[data-testid=take-seat]")
            wait_drawn_after(page, before)
            continue
        if page.locator("[data-option^='drop:']").count():
            break
        click_set_up(page)
    drop = page.locator("[data-option^='drop:']").first
    option = drop.get_attribute("data-option")
    weapon = option.split(":", 1)[1]
    # the carrier is not a target for it: no click on a unit eliminates a Weapon
    assert page.locator(f".counter[data-unit='{weapon}'].target").count() == 0
    assert drop.locator("xpath=ancestor::details[contains(@class,'optgroup')]").count() == 1
    assert "(" not in drop.inner_text() or weapon not in drop.inner_text(), "named in words"
    drops = page.locator("[data-option^='drop:']").count()
    page.locator("[data-testid=option-group] summary").first.click()
    before = renders(page)
    drop.click()
    wait_drawn_after(page, before)
    box = page.locator("[data-testid=confirm-box]")
    assert box.count() == 1 and "for good" in box.inner_text()
    shots(page, "confirm")
    before = renders(page)
    page.click("[data-testid=confirm-no]")
    wait_drawn_after(page, before)
    assert page.locator(f"[data-option='{option}']").count() == 1, "nothing was done"
    assert page.locator("[data-option^='drop:']").count() == drops
    log = " ".join(page.locator("[data-testid=log] li").all_text_contents())
    assert "eliminated by its owner" not in log
    assert not page.errors, page.errors


def test_undo_shows_the_older_position_and_the_next_click_is_accepted(browser, server):
    page = open_page(browser, server + "/")
    create_game(page, "great_war", "ridge_trench", ["here", "ai:random"])
    wait_my_turn(page)
    before = renders(page)
    page.locator(".cardface.target").first.click()
    wait_drawn_after(page, before)
    page.wait_for_selector("[data-option^='order:']", state="attached")
    order = page.locator("[data-option^='order:']").first.get_attribute("data-option")
    prompt = page.locator("[data-testid=prompt-text]").inner_text()
    before = renders(page)
    page.locator(f"[data-option='{order}']").first.dispatch_event("click")
    wait_drawn_after(page, before)
    assert page.locator(f"[data-option='{order}']").count() == 0, "the unit is ordered"
    before = renders(page)
    page.click("[data-testid=undo]")
    wait_drawn_after(page, before)
    page.wait_for_selector(f"[data-option='{order}']", state="attached")
    assert page.locator("[data-testid=prompt-text]").inner_text() == prompt
    before = renders(page)
    page.locator(f"[data-option='{order}']").first.dispatch_event("click")
    wait_drawn_after(page, before)
    errors = page.locator("[data-testid=error]")
    assert errors.count() == 0, errors.all_inner_texts()
    assert page.locator(f"[data-option='{order}']").count() == 0
    page.reload()  # a reconnect shows the same, current position
    page.wait_for_selector("[data-testid=prompt-text]")
    assert page.locator(f"[data-option='{order}']").count() == 0 and my_turn(page)
    assert not page.errors, page.errors


def test_after_a_server_restart_the_table_reconnects_and_shows_the_current_state(browser, tmp_path):
    """The server goes down while the other seat is to move; it comes back, the other seat
    decides (over HTTP, from its link), and the open table shows that decision by itself."""
    import httpx

    from live_server import free_port, start_server

    db, port = tmp_path / "store.sqlite3", free_port()
    server = f"http://127.0.0.1:{port}"
    proc = start_server(db, port)
    try:
        page = open_page(browser, server + "/")
        create_game(page, "great_war", "ridge_trench", ["here", "link"], wait=False)
        page.wait_for_selector("[data-testid=seat-link]")
        token = page.locator("[data-testid=seat-link] input").first.input_value().rsplit("/", 1)[1]
        page.click("text=Go to the table")
        for _ in range(40):  # the first seat plays its turn out
            if not my_turn(page) and page.locator("[data-testid=waiting]").count():
                break
            play_turn_by_clicking(page)
        page.wait_for_selector("[data-testid=waiting]")
        proc.kill()
        proc.wait(timeout=10)
        page.wait_for_selector("#conn.off")  # the table sees the connection drop
        proc = start_server(db, port)
        seat = {"X-Seat-Token": token}
        v = httpx.get(f"{server}/api/games/{page.url.rsplit('/', 1)[1]}", headers=seat).json()
        card = v["view"]["decision"]["options"][0]
        r = httpx.post(f"{server}/api/games/{v['game_id']}/decisions", headers=seat,
                       json={"index": v["index"], "option": card["id"]})
        assert r.status_code == 200, r.text
        page.wait_for_selector("#conn.on")
        page.wait_for_function("() => [...document.querySelectorAll('[data-testid=log] li')]"
                               ".some(li => li.textContent.includes('central plays'))")
        assert not page.errors, page.errors
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_auto_pass_is_switched_at_the_table_and_the_other_side_is_told(browser, other_browser, server, shots):
    """The opt-in convenience auto-pass: a seat switches it with its toggle, and the other
    person's table says at once that this seat uses it (so a window it is not asked tells
    that its hand had no playable card); switched off, the note goes."""
    a = open_page(browser, server + "/")
    create_game(a, "great_war", "ridge_trench", ["here", "link"], wait=False)
    a.wait_for_selector("[data-testid=seat-link]")
    b = open_page(other_browser, server + "/")
    open_by_link(a, b, server)
    a.wait_for_selector("[data-testid=auto-pass][aria-pressed=false]")
    b.wait_for_selector("[data-testid=auto-pass][aria-pressed=false]")
    assert a.locator("[data-testid=auto-pass-note]").count() == 0
    assert b.locator("[data-testid=auto-pass-note]").count() == 0
    a.click("[data-testid=auto-pass]")
    a.wait_for_selector("[data-testid=auto-pass][aria-pressed=true]")
    note = b.wait_for_selector("[data-testid=auto-pass-note]")  # pushed over the WebSocket
    assert "Auto-pass is on for Allies" in note.inner_text()
    assert a.locator("[data-testid=auto-pass-note]").count() == 0  # its own switch says it
    assert b.locator("[data-testid=auto-pass][aria-pressed=false]").count() == 1  # b's own is off
    shots(b, "told-of-auto-pass")
    a.click("[data-testid=auto-pass]")
    a.wait_for_selector("[data-testid=auto-pass][aria-pressed=false]")
    b.wait_for_selector("[data-testid=auto-pass-note]", state="detached")
    assert not a.errors and not b.errors, (a.errors, b.errors)
