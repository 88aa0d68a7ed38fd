"""The scenario editor on Combat Infantry in a real Chromium (docs/editor.md): on a blank 10 x 6
board, paint woods and a town, a level and a hedge, place blocks of both sides from the label
sheet, make a named objective worth 2 VP, mark a German set-up area and wire, choose the blocks
the Germans set up in play and attach a tank, see the loader refuse an overstacked hex, save, reload
and find it all, then play against the AI until it has activated an HQ of its own."""

from __future__ import annotations

import httpx
import pytest

from .driver import renders, wait_drawn_after, wait_my_turn
from .editor_steps import (
    WAIT,
    check,
    click_hex,
    hex_,
    new_blank,
    open_editor,
    place,
    play_against_ai,
    save_and_reload,
    status,
)
from .test_accessibility import DOCS, serious_violations
from .test_combat_infantry import one_click

pytestmark = pytest.mark.browser


def blocks(page):
    return sorted(page.eval_on_selector_all(
        "[data-testid=ed-map] .eunit", "els => els.map(e => [e.dataset.side, e.dataset.kind])"))


def test_build_a_combat_infantry_scenario_save_reload_and_play_against_the_ai(browser, server, shots):
    page = open_editor(browser, server, "combat_infantry")
    new_blank(page, 10, 6, 60)
    page.click("[data-testid=tool-terrain]")
    page.select_option("[data-testid=ed-terrain]", "woods")
    click_hex(page, "D3")
    page.select_option("[data-testid=ed-terrain]", "town")
    click_hex(page, "F4")
    page.click("[data-testid=tool-level]")
    page.select_option("[data-testid=ed-level-value]", "1")
    click_hex(page, "G3")
    assert hex_(page, "G3").get_attribute("data-level") == "1"
    page.click("[data-testid=tool-hexside]")
    page.select_option("[data-testid=ed-hexside]", "hedge")
    before = page.locator("[data-testid=ed-map]").element_handle()
    box = hex_(page, "E3").bounding_box()
    hex_(page, "E3").click(position={"x": box["width"] / 2, "y": 4})  # by its north side: E2/E3
    page.wait_for_function("el => !el.isConnected", arg=before, timeout=WAIT)
    assert page.locator("[data-testid=ed-map] line.ehexside[data-features=hedge]").get_attribute(
        "data-side") in ("E2/E3", "E3/E2")
    page.click("[data-testid=tool-unit]")
    place(page, "usa", "US-A-CHQ", "B3")
    place(page, "usa", "US-A1-PHQ", "B4")
    place(page, "usa", "US-A1-IN1", "B4")
    place(page, "usa", "US-BN-TK1", "C5")
    place(page, "ger", "GE-A-CHQ", "I3")
    place(page, "ger", "GE-A1-IN1", "I4")
    place(page, "ger", "GE-A1-IN2", "H3")
    place(page, "ger", "GE-A1-IN2", "H4")  # a block is placed once: it moves
    page.click("[data-testid=tool-objective]")
    page.fill("[data-testid=ed-objective]", "village")
    page.fill("[data-testid=ed-objective-value]", "2")
    click_hex(page, "F4")  # replaces the blank board's "centre" there
    assert page.locator("[data-testid=ed-map] .eobjective[data-objective=F4][data-id=village]").count() == 1
    page.click("[data-testid=tool-zone]")
    page.select_option("[data-testid=ed-zone]", "ger")
    click_hex(page, "H2")
    assert hex_(page, "H2").get_attribute("data-zones") == "ger"
    page.click("[data-testid=tool-wire]")
    page.select_option("[data-testid=ed-wire]", "ger")
    click_hex(page, "G5")
    page.fill("[data-testid=ed-name]", "Village fight")
    page.fill("[data-param=game_turns]", "3")
    # the German platoon HQ and a squad are set up in play, one in each set-up hex at least (10.1);
    # the tank serves company A (2.5)
    for block in ("GE-A1-PHQ", "GE-A1-IN3"):
        page.select_option("[data-testid='ed-list-deploy.ger.blocks']", block)
        page.click("[data-testid='ed-list-add-deploy.ger.blocks']")
        item = f"[data-list='deploy.ger.blocks'] [data-testid=ed-list-item]:has-text('{block}')"
        page.wait_for_selector(item, timeout=WAIT)
    page.select_option("[data-testid=ed-pairs-key-attached]", "US-BN-TK1")
    page.select_option("[data-testid=ed-pairs-value-attached]", label="company A")
    page.click("[data-testid=ed-pairs-add-attached]")
    page.wait_for_selector("[data-pairs=attached] [data-testid=ed-pairs-item]:has-text('company A')",
                           timeout=WAIT)
    # the loader's own message for three blocks in woods (8.2: two at most), and nothing saved
    page.click("[data-testid=tool-unit]")
    place(page, "usa", "US-A1-IN2", "D3")
    place(page, "usa", "US-A1-IN3", "D3")
    place(page, "usa", "US-A-MG", "D3")
    check(page, "error", "setup: hex D3 overstacked (8.2 limit 2)")
    page.click("[data-testid=ed-save]")
    status(page, "error", "Not saved: scenario: setup: hex D3 overstacked")
    assert page.locator("[data-testid=my-scenarios] a").count() == 0
    page.click("[data-testid=tool-erase]")
    click_hex(page, "D3")
    check(page, "okmsg", "The loader accepts this scenario")
    violations = serious_violations(page)
    assert violations == [], violations
    shots(page, "ci-built")
    saved_id = save_and_reload(page, "Village fight")
    assert page.locator("[data-testid=ed-module]").input_value() == "combat_infantry"
    assert hex_(page, "D3").get_attribute("data-terrain") == "woods"
    assert hex_(page, "G3").get_attribute("data-level") == "1"
    assert blocks(page) == [["ger", "GE-A-CHQ"], ["ger", "GE-A1-IN1"], ["ger", "GE-A1-IN2"],
                            ["usa", "US-A-CHQ"], ["usa", "US-A1-IN1"], ["usa", "US-A1-IN2"],
                            ["usa", "US-A1-IN3"], ["usa", "US-A1-PHQ"], ["usa", "US-BN-TK1"]]  # MG removed
    assert page.locator("[data-testid=ed-map] .eobjective[data-objective=F4][data-id=village]").count() == 1
    page.click("[data-testid=tool-zone]")
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / "combat_infantry-editor.png"))
    saved = httpx.get(server + "/api/editor/scenarios/" + saved_id).json()["scenario"]
    assert saved["map"]["objectives"] == {"village": "F4"} and saved["objectives"] == {"village": 2}
    assert saved["setup"]["ger"] == {"GE-A-CHQ": "I3", "GE-A1-IN1": "I4", "GE-A1-IN2": "H4"}
    assert saved["deploy"]["ger"] == {"areas": ["H2", "J4"], "blocks": ["GE-A1-PHQ", "GE-A1-IN3"]}
    assert saved["wire"] == {"ger": ["G5"]} and saved["attached"] == {"US-BN-TK1": "A"}
    assert saved["game_turns"] == 3
    assert saved["map"]["hexsides"] in ({"E2/E3": ["hedge"]}, {"E3/E2": ["hedge"]})

    play_against_ai(page)  # the Germans (the AI) set up their two blocks first, then the Americans move
    page.wait_for_selector("svg.map .block", timeout=WAIT)
    assert page.locator(".block[data-facing=back] .blocklabel").count() == 0, "no label on a back (1.0)"
    did: list[str] = []
    moved = {"commanded": 0, "hexes": 0}
    for _ in range(60):  # American activations by clicking (4.0), then a pass: the AI's turn
        wait_my_turn(page)
        if any("ger activates" in line for line in page.locator("[data-testid=log] li").all_text_contents()):
            break
        before = renders(page)
        did.append(one_click(page, moved))
        wait_drawn_after(page, before)
    assert "activate" in did, did
    page.locator("summary", has_text="Whole log").click()
    log = page.locator("[data-testid=log] li").all_text_contents()
    assert any("Scenario Village fight" in line for line in log)
    assert any("ger activates" in line for line in log), "the AI has activated an HQ of its own"
    shots(page, "ci-after-ai")
    games = httpx.get(server + "/api/games").json()["games"]
    assert [(g["module"], g["scenario_name"]) for g in games] == [("combat_infantry", "Village fight")]
    assert not page.errors, page.errors
