"""Combat Infantry in a real Chromium: the lobby's solitaire control seats the chit-pull side
(10.5) with the Scripted AI, the table draws blocks as blocks (own labels face on with their step
rotation, the other side's as backs), the active HQ's command range shows, and a person plays a
few activations against the solitaire agent by clicking."""

from __future__ import annotations

from typing import Any

import pytest

from .driver import SEED, open_page, renders, wait_drawn_after, wait_my_turn

pytestmark = pytest.mark.browser


def _click_option(page: Any, oid: str) -> None:
    page.locator(f"[data-option='{oid}']").first.dispatch_event("click")


def _buttons(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("[data-option]", "els => els.map(e => e.dataset.option)"))


def one_click(page: Any, moved: dict[str, int]) -> str:
    """One decision as a person makes it: activate a highlighted HQ, stay, command one unit and
    move it one hex, then end the activation. Returns what was done."""
    prompt = page.locator("[data-testid=prompt-text]").inner_text()
    ids = _buttons(page)
    pieces = page.locator("g.stack:has(.counter.target)")  # a stack opens a menu of its pieces
    hexes = page.locator("polygon.target")
    if page.locator("[data-testid=stack]").count():
        pick = page.locator("[data-testid=stack] .stackpiece:has(.counter.target)")
        (pick if pick.count() else page.locator("[data-testid=stack] .stackpiece")).first.click()
        return "stack"
    if prompt.startswith("Activate") and pieces.count():
        moved["commanded"] = 0
        pieces.first.click(force=True)
        return "activate"
    if "stay" in ids:
        _click_option(page, "stay")
        return "stay"
    if prompt.startswith("Command") and pieces.count() and moved["commanded"] == 0:
        moved["commanded"] = 1
        pieces.first.click(force=True)
        return "command"
    if prompt.startswith("Action") and "move" in ids:
        moved["hexes"] = 0
        _click_option(page, "move")
        return "move"
    if prompt.startswith("Move") and hexes.count() and moved["hexes"] == 0:
        moved["hexes"] = 1
        key = hexes.first.get_attribute("data-target").split(":", 1)[1]
        page.locator(f"g.hex[data-hex='{key}']").click(force=True)
        return "hex"
    for oid in ("stop", "hold", "end", "done", "pass"):
        if oid in ids:
            _click_option(page, oid)
            return oid
    _click_option(page, ids[0])
    return ids[0]


def test_play_night_patrol_against_the_chit_pull_solitaire_agent(browser, server, shots):
    page = open_page(browser, server + "/")
    page.wait_for_selector("[data-testid=create]")
    page.select_option("[data-testid=module]", "combat_infantry")
    page.select_option("[data-testid=scenario]", "night_patrol")
    control = page.locator("[data-testid=option-chit_pull]")
    assert control.input_value() == "", "two players unless the solitaire control is set"
    page.select_option("[data-testid=seat-0]", "here")
    page.select_option("[data-testid=seat-1]", "ai:scripted")
    page.select_option("[data-testid=option-chit_pull]", "ger")
    page.locator("details summary", has_text="More").click()
    page.fill("#seed", str(SEED))
    shots(page, "lobby")
    page.click("[data-testid=create]")
    wait_my_turn(page)

    # 1.0: my blocks face me (labels, strength on the edges), the German blocks show their backs
    page.wait_for_selector("svg.map .block")
    own = page.locator(".block[data-facing=face]")
    backs = page.locator(".block[data-facing=back]")
    assert own.count() >= 4 and backs.count() >= 3
    assert page.locator(".block[data-facing=back] .blocklabel").count() == 0, "no label on a back"
    assert page.locator(".block[data-facing=face] .cedge").count() >= 4

    did: list[str] = []
    moved = {"commanded": 0, "hexes": 0}
    saw_range = False
    for _ in range(80):
        if sum(d == "activate" for d in did) >= 3:
            break
        try:
            wait_my_turn(page)
        except Exception:
            shots(page, "stuck")
            raise AssertionError(f"no prompt after {did}") from None
        if page.locator("path.zone-command").count():
            saw_range = True
            if "command-range" not in did:
                shots(page, "command-range")
                did.append("command-range")
        before = renders(page)
        did.append(one_click(page, moved))
        wait_drawn_after(page, before)
    assert sum(d == "activate" for d in did) >= 3 and "hex" in did, did
    assert saw_range, "the active HQ's command range is drawn (4.1)"
    wait_my_turn(page)
    page.locator("summary", has_text="Whole log").click()
    log = page.locator("[data-testid=log] li").all_text_contents()
    assert any("draws the chit" in line for line in log), "the chit-pull draws the German HQs (10.5)"
    assert sum("ger activates" in line for line in log) >= 2, "the solitaire agent has played"
    shots(page, "after-activations")
    assert not page.errors, page.errors
