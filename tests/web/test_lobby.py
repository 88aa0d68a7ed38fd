"""The lobby as a host and a player use it: the games list refreshes after creating a game and
marks the ones waiting for you (and the tab's title); the host issues a new link (the old one
stops working) and revokes one; a player resigns; the host deletes the game. Every wait is for
what the page shows."""

from __future__ import annotations

import time

import httpx
import pytest

from .driver import create_game, open_page, renders, wait_drawn_after
from .test_accessibility import serious_violations

pytestmark = pytest.mark.browser


def test_links_are_reissued_and_revoked_then_the_game_is_resigned_and_deleted(browser, other_browser,
                                                                               server, shots):
    host = open_page(browser, server + "/")
    create_game(host, "great_war", "ridge_trench", ["here", "link"], wait=False)
    host.wait_for_selector("[data-testid=seat-link]")
    first = host.locator("[data-testid=seat-link] input").first.input_value()
    # the list has taken the new game in without a reload, marked as waiting for its first seat
    host.wait_for_selector("[data-testid=games] tbody tr [data-testid=your-turn]")
    host.wait_for_function("() => document.title.includes('your turn')")
    row = host.locator("[data-testid=games] tbody tr").first
    row.locator("details.links summary").click()
    row.locator("[data-testid=reissue-1]").click()
    host.wait_for_selector("[data-testid=games] tbody tr details.links [data-testid=seat-link]")
    second = row.locator("details.links [data-testid=seat-link] input").input_value()
    assert second != first and "/seat/" in second
    shots(host, "links")
    guest = open_page(other_browser, first)
    guest.wait_for_selector("text=This seat link does not open")
    guest.goto(second)
    guest.wait_for_selector("[data-testid=prompt]")
    guest.wait_for_selector("svg.map[data-turned=yes]")
    # revoked: the guest's link opens nothing any more
    host.once("dialog", lambda d: d.accept())
    row.locator("[data-testid=revoke-1]").click()
    host.wait_for_selector("[data-testid=revoked]")
    guest.goto(server + "/")
    guest.goto(second)
    guest.wait_for_selector("text=This seat link does not open")
    # the host's own seat resigns from the lobby: the game is over, the other side wins
    host.once("dialog", lambda d: d.accept())
    host.locator("[data-testid=games] tbody tr [data-testid=resign]").first.click()
    host.wait_for_selector("[data-testid=games] tbody tr:has-text('resigned')")
    host.once("dialog", lambda d: d.accept())
    host.locator("[data-testid=games] tbody tr [data-testid=delete]").first.click()
    host.wait_for_selector("text=No game yet.")
    assert not host.errors, host.errors


def test_the_games_list_pages(browser, server):
    page = open_page(browser, server + "/")
    for seed in range(11):
        page.evaluate("""async (seed) => {
            await fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({module: 'great_war', scenario: 'ridge_trench', seed,
                                    seats: [{kind: 'human'}, {kind: 'human'}]})});
        }""", seed)
    page.reload()
    page.wait_for_selector("text=1–10 of 11")
    assert page.locator("[data-testid=games] tbody tr").count() == 10
    page.click("[data-testid=next-page]")
    page.wait_for_selector("text=11–11 of 11")
    assert page.locator("[data-testid=games] tbody tr").count() == 1


def test_a_pickable_piece_is_reached_and_picked_with_the_keyboard(browser, server):
    page = open_page(browser, server + "/")
    create_game(page, "great_war", "ridge_trench", ["here", "ai:random"])
    page.wait_for_selector("[data-testid=prompt-text]")
    page.locator(".cardface.target").first.click()
    page.wait_for_selector("svg.map g.stack[role=button]")
    stack = page.locator("svg.map g.stack[role=button]").first
    label = stack.get_attribute("aria-label")
    assert label and "pick" in label and any(w in label for w in ("Infantry", "Machine gun", "Mortar"))
    log = page.locator("[data-testid=log] li").count()
    before = renders(page)
    stack.focus()
    page.keyboard.press("Enter")
    wait_drawn_after(page, before)
    shown = ("[data-testid=stack]", "[data-testid=confirm-box]", ".menu button")
    picked = page.locator("[data-testid=log] li").count() > log or any(page.locator(x).count() for x in shown)
    assert picked, "Enter picks the focused piece as a click would"
    assert page.locator("[data-testid=error]").count() == 0


def test_a_finished_game_replays_with_autoplay_in_words(browser, server):
    page = open_page(browser, server + "/")
    gid = page.evaluate("""async () => {
        const r = await fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({module: 'great_war', scenario: 'ridge_trench', seed: 4,
                                seats: [{kind: 'ai', level: 'random'}, {kind: 'ai', level: 'random'}]})});
        return (await r.json()).id;
    }""")
    end = time.monotonic() + 120  # the server's two AI seats play it out
    while httpx.get(f"{server}/api/games/{gid}").json()["status"] != "over":
        assert time.monotonic() < end, "the AI game did not end"
        time.sleep(0.2)
    page.goto(f"{server}/#/game/{gid}")  # this browser sees the game (and its commitment)
    page.wait_for_selector("[data-testid=prompt]")
    page.goto(f"{server}/#/game/{gid}/replay")
    page.wait_for_selector("[data-testid=replay]", timeout=60000)
    assert "decision 0 of" in page.locator("[data-testid=replay]").inner_text()
    fair = httpx.get(f"{server}/api/games/{gid}").json()["fairness"]
    assert fair["verified"] is True and fair["seed"] == "4"
    shown = page.locator("[data-testid=fairness]").inner_text()
    assert f"matches the commitment {fair['commitment'][:12]}" in shown
    assert "the commitment this browser was shown" in page.locator("[data-testid=fairness-seen]").inner_text()
    page.locator("[data-testid=fairness] summary").click()
    assert page.locator("[data-testid=revealed-seed]").inner_text() == "seed 4"
    page.click("[data-testid=replay-autoplay]")
    page.wait_for_selector("text=Replay: decision 2 of")
    page.click("[data-testid=replay-autoplay]")  # pause
    log = " ".join(page.locator("[data-testid=log] li").all_inner_texts())
    assert "Scenario The Ridge Trench" in log
    assert serious_violations(page) == []
    assert not page.errors, page.errors


def test_the_client_runs_under_the_servers_content_security_policy(browser, server):
    """The browser tests run with the server's guard on: the page is served with its CSP, the
    lobby draws without a refusal, and a refusal would be caught (an inline script and an
    inline style element are refused and recorded as page errors)."""
    csp = httpx.get(server + "/").headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    page = open_page(browser, server + "/")
    page.wait_for_selector("[data-testid=create]")
    assert not page.errors, page.errors
    ran = page.evaluate("""() => {
        const sc = document.createElement('script'); sc.textContent = 'window.inlineRan = true';
        document.body.append(sc);
        const st = document.createElement('style'); st.textContent = 'body { color: red }';
        document.head.append(st);
        return window.inlineRan === true;
    }""")
    assert ran is False
    for _ in range(100):  # the console message arrives asynchronously
        if page.errors:
            break
        page.wait_for_timeout(50)
    assert len(page.errors) >= 1 and all("Content Security Policy" in e for e in page.errors), page.errors
    page.close()
