"""The scenario editor in a real Chromium (docs/editor.md): build a small scenario on a blank
board (terrain, units of both sides, an objective, its name), see the loader refuse a unit on a
half hex, save it, reload the page and find it, then play a Turn of it against the AI; and a file
exported from the editor imports back. Every wait is for what the page shows."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
import yaml

from tactica.games.great_war.scenarios import __file__ as scenarios_py

from .driver import open_page, play_turn_by_clicking, set_up_by_clicking
from .editor_steps import (
    WAIT,
    click_hex,
    hex_,
    new_blank,
    open_editor,
    play_against_ai,
    save_and_reload,
    status,
)
from .test_accessibility import DOCS

pytestmark = pytest.mark.browser
GW = "great_war"


def build_small(page):
    new_blank(page, 7, 5, 33)  # 7 x 5 less the two hexes off the short rows
    page.click("[data-testid=tool-terrain]")
    page.select_option("[data-testid=ed-terrain]", "forest")
    click_hex(page, "D3")
    click_hex(page, "E3")
    page.click("[data-testid=tool-unit]")
    page.select_option("[data-testid=ed-side]", "allies")
    page.select_option("[data-testid=ed-unit]", "infantry")
    click_hex(page, "C5")
    click_hex(page, "E4")
    page.select_option("[data-testid=ed-side]", "central")
    page.select_option("[data-testid=ed-unit]", "machine_gun")
    click_hex(page, "D1")
    page.click("[data-testid=tool-objective]")
    page.select_option("[data-testid=ed-side]", "allies")
    click_hex(page, "D3")
    page.click("[data-testid=tool-section]")
    assert hex_(page, "C5").get_attribute("data-sections") == "centre"
    page.select_option("[data-testid=ed-section]", "left")
    click_hex(page, "C5")  # C5 now lies on the line between left and centre: in both
    assert hex_(page, "C5").get_attribute("data-sections") == "left centre"
    page.fill("[data-testid=ed-name]", "Little wood")


def test_build_a_scenario_save_reload_find_it_and_play_a_turn_against_the_ai(browser, server, shots):
    page = open_editor(browser, server, GW, from_home=True)
    build_small(page)
    # the loader's own message for a unit on a half hex, and nothing saved
    page.select_option("[data-testid=ed-side]", "central")
    page.click("[data-testid=tool-unit]")
    click_hex(page, "A1")
    page.click("[data-testid=ed-check]")
    status(page, "error", "unit c2: hex 'A1' is not a playable hex")
    page.click("[data-testid=ed-save]")
    status(page, "error", "Not saved: scenario: unit c2: hex 'A1' is not a playable hex")
    assert page.locator("[data-testid=my-scenarios] a").count() == 0
    click_hex(page, "A1")  # the same side's unit clicked again goes
    assert page.locator("[data-testid=ed-map] .eunit").count() == 3
    shots(page, "built")
    saved_id = save_and_reload(page, "Little wood")
    assert f"#/editor/{saved_id}" in page.url
    assert page.locator("[data-testid=ed-name]").input_value() == "Little wood"
    assert hex_(page, "D3").get_attribute("data-terrain") == "forest"
    assert hex_(page, "E3").get_attribute("data-terrain") == "forest"
    units = page.eval_on_selector_all("[data-testid=ed-map] .eunit",
                                      "els => els.map(e => [e.dataset.side, e.dataset.kind]).sort()")
    assert units == [["allies", "infantry"], ["allies", "infantry"], ["central", "machine_gun"]]
    assert page.locator("[data-testid=ed-map] .eobjective[data-objective=D3][data-for=allies]").count() == 1
    shots(page, "reloaded")
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / "great_war-editor.png"))
    play_against_ai(page, "random")
    set_up_by_clicking(page)
    page.wait_for_selector("svg.map .counter", timeout=WAIT)
    assert page.locator("svg.map .counter").count() == 3
    clicked = play_turn_by_clicking(page, shots)
    assert clicked["card"] == 1, clicked
    page.wait_for_selector("[data-testid=prompt-text]", timeout=WAIT)  # the AI has played its turn
    log = page.locator("[data-testid=log] li").all_text_contents()
    assert any("Scenario Little wood" in line for line in log)
    assert any("central plays" in line for line in log), "the AI's turn shows in the log"
    shots(page, "after-ai")
    games = httpx.get(server + "/api/games").json()["games"]
    assert len(games) == 1 and games[0]["scenario"].startswith("custom-")
    saved = httpx.get(server + "/api/editor/scenarios/" + saved_id).json()
    assert saved["content_id"] == games[0]["scenario"]
    assert "C5" in saved["scenario"]["map"]["sections"]["left"]
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=games] tbody tr:has-text('Little wood (custom)')", timeout=WAIT)
    assert not page.errors, page.errors


def test_an_exported_file_imports_back_into_the_editor(browser, server, tmp_path):
    page = open_editor(browser, server, GW)
    build_small(page)
    page.click("[data-testid=ed-save]")
    page.wait_for_selector("[data-testid=ed-export]:not([hidden])", timeout=WAIT)
    with page.expect_download(timeout=WAIT) as dl:
        page.click("[data-testid=ed-export]")
    path = tmp_path / "little.yaml"
    dl.value.save_as(str(path))
    text = path.read_text()
    assert "name: Little wood" in text and "kind: machine_gun" in text
    # an unsaved change is saved before the export
    page.fill("[data-testid=ed-name]", "Little wood, renamed")
    with page.expect_download(timeout=WAIT) as dl:
        page.click("[data-testid=ed-export]")
    renamed = tmp_path / "renamed.yaml"
    dl.value.save_as(str(renamed))
    assert "name: Little wood, renamed" in renamed.read_text()
    status(page, "okmsg", "Saved Little wood, renamed")
    page.click("[data-testid=ed-blank]")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=ed-map] .eunit').length === 0",
                           timeout=WAIT)
    assert page.locator("[data-testid=ed-export]").is_hidden()  # a new draft has no saved file yet
    page.set_input_files("[data-testid=ed-import]", str(path))
    status(page, "okmsg", "the loader accepts it")
    assert page.locator("[data-testid=ed-map] .eunit").count() == 3
    assert page.locator("[data-testid=ed-name]").input_value() == "Little wood"
    path.write_text(text.replace("kind: machine_gun", "kind: cannon"))
    page.set_input_files("[data-testid=ed-import]", str(path))
    status(page, "error", "the loader refuses it: little.yaml: unit")
    assert not page.errors, page.errors


def test_the_yaml_pane_play_by_link_keyboard_and_accessibility(browser, other_browser, server):
    from .test_accessibility import serious_violations

    page = open_editor(browser, server, GW)
    build_small(page)
    violations = serious_violations(page)
    assert violations == [], violations
    # keyboard: the focused hex takes the tool with Enter
    page.click("[data-testid=tool-terrain]")
    page.select_option("[data-testid=ed-terrain]", "wire")
    hex_(page, "B4").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=ed-map] g.hex[data-hex=B4][data-terrain=wire]", timeout=WAIT)
    page.click("[data-testid=ed-undo]")  # Undo: B4 is clear again, the rest stays
    page.wait_for_selector("[data-testid=ed-map] g.hex[data-hex=B4][data-terrain=clear]", timeout=WAIT)
    assert hex_(page, "D3").get_attribute("data-terrain") == "forest"
    assert page.locator("[data-testid=ed-map] .eunit").count() == 3
    hex_(page, "B4").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=ed-map] g.hex[data-hex=B4][data-terrain=wire]", timeout=WAIT)
    # the YAML pane: the whole file, edited and applied through the loader
    page.locator("[data-testid=ed-yaml-pane] summary").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=ed-yaml]').value.includes('Little wood')", timeout=WAIT)
    text = page.locator("[data-testid=ed-yaml]").input_value()
    assert "B4:\n    - wire" in text or "B4: [wire]" in text or "B4:\n      - wire" in text, text
    page.fill("[data-testid=ed-yaml]", text.replace("turn_limit: 30", "turn_limit: 12"))
    page.click("[data-testid=ed-yaml-apply]")
    status(page, "okmsg", "the loader accepts it")
    assert page.locator("[data-param=turn_limit]").input_value() == "12"
    page.fill("[data-testid=ed-yaml]", "name: [unclosed")
    page.click("[data-testid=ed-yaml-apply]")
    status(page, "error", "scenario.yaml: not valid YAML: line 1")
    assert page.locator("[data-param=turn_limit]").input_value() == "12"  # nothing changed
    # play by link: the other seat's link opens the game in another browser
    page.click("[data-testid=ed-play-link]")
    page.wait_for_selector("[data-testid=ed-play-out] [data-testid=seat-link] input", timeout=WAIT)
    link = page.locator("[data-testid=ed-play-out] [data-testid=seat-link] input").input_value()
    guest = open_page(other_browser, link)
    guest.wait_for_selector("svg.map .counter", timeout=WAIT)
    assert guest.locator("svg.map .counter").count() == 3
    assert not page.errors and not guest.errors, page.errors + guest.errors


def test_start_from_a_built_in_remove_a_unit_save_and_delete(browser, server):
    """The other buttons a designer uses: start from a built-in scenario, the Remove and Half hex
    tools, and Delete in My scenarios (after the browser's confirmation)."""
    data = yaml.safe_load((Path(scenarios_py).parent / "data/scenarios/ridge_trench.yaml").read_text())
    first = data["units"]["allies"][0]["hex"]
    page = open_editor(browser, server, GW, from_home=True)
    page.select_option("[data-testid=ed-from]", "ridge_trench")
    page.click("[data-testid=ed-open-builtin]")
    total = sum(len(v) for v in data["units"].values())
    page.wait_for_function("n => document.querySelectorAll('[data-testid=ed-map] .eunit').length === n",
                           arg=total, timeout=WAIT)
    page.click("[data-testid=tool-erase]")
    click_hex(page, first)
    assert page.locator("[data-testid=ed-map] .eunit").count() == total - 1
    page.click("[data-testid=tool-half]")
    click_hex(page, first)  # the emptied hex made a half hex, then whole again
    assert "half" in hex_(page, first).get_attribute("class").split()
    click_hex(page, first)
    assert "half" not in hex_(page, first).get_attribute("class").split()
    page.fill("[data-testid=ed-name]", "Thinner ridge")
    page.click("[data-testid=ed-save]")
    status(page, "okmsg", "Saved Thinner ridge")
    mine = page.locator("[data-testid=my-scenarios] a:has-text('Thinner ridge')")
    mine.wait_for(timeout=WAIT)  # the list is fetched again after the save message shows
    assert mine.count() == 1
    page.once("dialog", lambda d: d.accept())
    page.click("[data-testid=ed-delete]")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=my-scenarios] a').length === 0",
                           timeout=WAIT)
