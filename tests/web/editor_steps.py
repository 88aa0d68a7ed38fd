"""Steps the editor's browser tests share (docs/editor.md): open the editor on a module (its
fixed blank map, for the Commander games; from the home page's button, or by its address), click
a hex, read the status line, place units, start a blank board, check, save and reload, play
against the AI; for the Commander games, play a Turn against the AI. Every wait is for what the
page shows."""

from __future__ import annotations

from typing import Any

import httpx

from .driver import open_page, play_turn_by_clicking, set_up_by_clicking

WAIT = 60000


def hex_(page: Any, label: str) -> Any:
    return page.locator(f"[data-testid=ed-map] g.hex[data-hex='{label}']")


def click_hex(page: Any, label: str) -> None:
    """A click on a hex of the editor's map, then the redraw it causes."""
    before = page.locator("[data-testid=ed-map]").element_handle()
    hex_(page, label).click()
    page.wait_for_function("el => !el.isConnected", arg=before, timeout=WAIT)


def status(page: Any, kind: str, words: str) -> None:
    """Wait until the editor's status line says ``words`` (kind: okmsg or error)."""
    page.wait_for_selector(f"[data-testid=editor-status] .{kind}:has-text(\"{words}\")", timeout=WAIT)


def hex_count(page: Any, n: int) -> None:
    """Wait until the editor's map has ``n`` hexes."""
    page.wait_for_function(f"() => document.querySelectorAll('[data-testid=ed-map] g.hex').length === {n}",
                           timeout=WAIT)


def open_editor(browser: Any, server: str, module: str, hexes: int | None = None,
                from_home: bool = False) -> Any:
    """The editor switched to ``module``: its blank map drawn for that module (the map's
    ``data-module`` mark), of ``hexes`` hexes when given (a Commander game's fixed frame).
    Opened by its address, or ``from_home`` by the home page's button."""
    if from_home:
        page = open_page(browser, server + "/")
        page.click("[data-testid=open-editor]", timeout=WAIT)
    else:
        page = open_page(browser, server + "/#/editor")
    page.wait_for_selector("[data-testid=ed-map] g.hex", timeout=WAIT)
    page.select_option("[data-testid=ed-module]", module)
    page.wait_for_selector(f"[data-testid=ed-map][data-module={module}] g.hex", timeout=WAIT)
    if hexes is not None:
        hex_count(page, hexes)
    status(page, "okmsg", "A blank")
    return page


def place(page: Any, side: str, unit: str, label: str, weapon: str | None = None) -> None:
    """With the unit tool: put ``side``'s ``unit`` (carrying ``weapon``, where the module has
    weapons: "" for none) into hex ``label``."""
    page.select_option("[data-testid=ed-side]", side)
    page.select_option("[data-testid=ed-unit]", unit)
    if weapon is not None:
        page.select_option("[data-testid=ed-weapon]", weapon)
    click_hex(page, label)


def new_blank(page: Any, cols: int, rows: int, hexes: int) -> None:
    """A blank board of ``cols`` x ``rows`` (``hexes`` drawn)."""
    page.fill("[data-testid=ed-cols]", str(cols))
    page.fill("[data-testid=ed-rows]", str(rows))
    page.click("[data-testid=ed-blank]")
    hex_count(page, hexes)


def check(page: Any, kind: str, words: str) -> None:
    """Check the draft; the status says ``words`` (kind: okmsg or error)."""
    page.click("[data-testid=ed-check]")
    status(page, kind, words)


def save_and_reload(page: Any, name: str) -> str:
    """Save the draft (it must pass), reload the page and see it opened; returns its id."""
    page.click("[data-testid=ed-save]")
    status(page, "okmsg", f"Saved {name}")
    saved_id = str(page.url.rsplit("/", 1)[1])
    page.reload()
    page.wait_for_selector(f"[data-testid=my-scenarios] a:has-text('{name}')", timeout=WAIT)
    status(page, "okmsg", f"Opened {name}")
    return saved_id


def play_against_ai(page: Any, level: str = "random") -> None:
    """Play the saved draft against the AI at ``level``: the table, at the first prompt."""
    page.select_option("[data-testid=ed-level]", level)
    page.click("[data-testid=ed-play-ai]")
    page.wait_for_selector("[data-testid=prompt], [data-testid=handover]", timeout=WAIT)


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
