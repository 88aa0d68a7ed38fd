"""Steps the Commander games' editor tests share (Combat Commander, Great War Commander): open the
editor on a module's blank map, and play the saved scenario against the AI until the human has
played a Turn, finding the game named in the games list. Every wait is for what the page shows."""

from __future__ import annotations

from typing import Any

import httpx

from .driver import open_page, play_turn_by_clicking, set_up_by_clicking
from .test_editor import WAIT


def open_editor_on(browser: Any, server: str, module: str, hexes: int) -> Any:
    """The editor on ``module``'s blank map of ``hexes`` hexes (the module's fixed frame)."""
    page = open_page(browser, server + "/#/editor")
    page.wait_for_selector("[data-testid=ed-map] g.hex", timeout=WAIT)
    page.select_option("[data-testid=ed-module]", module)
    page.wait_for_function("n => document.querySelectorAll('[data-testid=ed-map] g.hex').length === n",
                           arg=hexes, timeout=WAIT)
    return page


def play_a_turn_against_the_ai(page: Any, server: str, shots: Any, module: str, name: str, ai: str) -> None:
    """Play the saved scenario against the random AI: the set-up, then a Turn of the human's
    (a card played); the AI's side (``ai``: its nation) shows in the log and the games list
    names the scenario, cited by its content id."""
    page.select_option("[data-testid=ed-level]", "random")
    page.click("[data-testid=ed-play-ai]")
    page.wait_for_selector("[data-testid=prompt], [data-testid=handover]", timeout=WAIT)
    set_up_by_clicking(page)
    page.wait_for_selector("svg.map .counter", timeout=WAIT)
    clicked = play_turn_by_clicking(page, shots)
    assert clicked["card"] == 1, clicked
    log = page.locator("[data-testid=log] li").all_text_contents()
    assert any(ai in line for line in log), "the AI's turn shows in the log"
    games = httpx.get(server + "/api/games").json()["games"]
    assert [(g["module"], g["scenario_name"]) for g in games] == [(module, name)]
    assert games[0]["scenario"].startswith("custom-")
    assert not page.errors, page.errors
