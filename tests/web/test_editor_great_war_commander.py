"""The scenario editor on Great War Commander in a real Chromium (docs/editor.md): on a blank
15 x 11 map, paint woods and a building, a level and a wall, place a German stack (a Platoon with
an MG 08 and a Leader) and a French Tank from the nations' rosters, lay Wire, move an objective
and give it a holder, add French forces for the set-up zone, set the date, see the loader refuse
a second Tank in a hex, save, reload and find it all, then play against the AI until the human
has played a Turn. Every wait is for what the page shows."""

from __future__ import annotations

import httpx
import pytest

from .editor_steps import WAIT, click_hex, hex_, open_editor, place, play_a_turn_against_the_ai, status
from .test_accessibility import DOCS, serious_violations

pytestmark = pytest.mark.browser


def units(page):
    return sorted(page.eval_on_selector_all(
        "[data-testid=ed-map] .eunit", "els => els.map(e => [e.dataset.side, e.dataset.kind])"))


def test_build_a_great_war_commander_scenario_save_reload_and_play_against_the_ai(browser, server, shots):
    page = open_editor(browser, server, "great_war_commander", 165)  # 2.1: A1-O11
    page.click("[data-testid=tool-terrain]")
    page.select_option("[data-testid=ed-terrain]", "woods")
    click_hex(page, "E4")
    page.select_option("[data-testid=ed-terrain]", "building")
    click_hex(page, "H6")
    assert hex_(page, "H6").get_attribute("data-terrain") == "building"
    page.click("[data-testid=tool-level]")
    page.select_option("[data-testid=ed-level-value]", "1")
    click_hex(page, "H6")
    page.click("[data-testid=tool-hexside]")
    page.select_option("[data-testid=ed-hexside]", "wall")
    before = page.locator("[data-testid=ed-map]").element_handle()
    box = hex_(page, "D5").bounding_box()
    hex_(page, "D5").click(position={"x": box["width"] / 2, "y": 4})  # by its north side: D4/D5
    page.wait_for_function("el => !el.isConnected", arg=before, timeout=WAIT)
    page.click("[data-testid=tool-unit]")
    place(page, "germany", "ger-infanterie", "H6", weapon="ger-mg08")
    place(page, "germany", "ger-ldr-vogel", "H6", weapon="")  # stacked with the Platoon
    place(page, "entente", "fr-schneider", "F9")
    page.click("[data-testid=tool-marker]")
    page.select_option("[data-testid=ed-marker]", "wire")
    click_hex(page, "G5")
    assert page.locator("[data-testid=ed-map] .emarker[data-marker=G5][data-kind=wire]").count() == 1
    page.click("[data-testid=tool-objective]")
    page.select_option("[data-testid=ed-objective]", "1")
    click_hex(page, "E4")  # Objective 1 moves from H6 into the woods
    page.select_option("[data-param='objectives.1']", label="Germany")
    page.fill("[data-testid=ed-name]", "Farm in the wire")
    page.fill("[data-testid=ed-date]", "1918-08")
    # forces the French player sets up in his zone (south-edge), from the roster
    page.select_option("[data-testid=ed-forces-entente]", label="Poilus (platoon, 1915-1918)")
    page.click("[data-testid=ed-forces-add-entente]")
    page.click("[data-testid=ed-forces-add-entente]")
    item = "[data-forces=entente] [data-testid=ed-forces-item]"
    page.wait_for_selector(f"{item}:has-text('2 × Poilus')", timeout=WAIT)
    page.select_option("[data-testid=ed-forces-entente]", label="Ltn Durant (leader)")
    page.click("[data-testid=ed-forces-add-entente]")
    page.wait_for_selector(f"{item}:has-text('Durant')", timeout=WAIT)
    # the loader's own message for a second Tank in a hex, and nothing saved
    page.click("[data-testid=tool-unit]")
    place(page, "entente", "fr-renault-ft", "F9")
    page.click("[data-testid=ed-check]")
    status(page, "error", "sides.entente.placed[1].hex: F9 holds a second Tank: one Tank a hex (8.2.1)")
    page.click("[data-testid=ed-save]")
    status(page, "error", "Not saved: scenario: sides.entente.placed[1].hex: F9 holds a second Tank")
    assert page.locator("[data-testid=my-scenarios] a").count() == 0
    page.click("[data-testid=tool-erase]")
    click_hex(page, "F9")  # the last unit of the stack goes
    page.click("[data-testid=ed-check]")
    status(page, "okmsg", "The loader accepts this scenario")
    violations = serious_violations(page)
    assert violations == [], violations
    shots(page, "gwc-built")
    page.click("[data-testid=ed-save]")
    status(page, "okmsg", "Saved Farm in the wire")
    saved_id = page.url.rsplit("/", 1)[1]
    page.reload()
    page.wait_for_selector("[data-testid=my-scenarios] a:has-text('Farm in the wire')", timeout=WAIT)
    status(page, "okmsg", "Opened Farm in the wire")
    assert page.locator("[data-testid=ed-module]").input_value() == "great_war_commander"
    assert hex_(page, "E4").get_attribute("data-terrain") == "woods"
    assert hex_(page, "H6").get_attribute("data-level") == "1"
    assert units(page) == [["entente", "fr-schneider"], ["germany", "ger-infanterie"],
                           ["germany", "ger-ldr-vogel"]]
    objective = "[data-testid=ed-map] .eobjective[data-objective=E4][data-id='1'][data-for=germany]"
    assert page.locator(objective).count() == 1
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / "great_war_commander-editor.png"))
    saved = httpx.get(server + "/api/editor/scenarios/" + saved_id).json()["scenario"]
    assert saved["date"] == "1918-08" and saved["fortifications"] == [{"hex": "G5", "type": "wire"}]
    assert saved["sides"]["entente"]["forces"]["formations"] == {"fr-poilus": 2}
    assert saved["sides"]["entente"]["forces"]["leaders"] == ["Durant"]
    platoon = {"unit": "ger-infanterie", "hex": "H6", "weapon": "ger-mg08"}
    assert saved["sides"]["germany"]["placed"][0] == platoon
    assert isinstance(saved["map"], dict) and saved["map"]["geometry"]["rows"] == 11
    play_a_turn_against_the_ai(page, server, shots, "great_war_commander", "Farm in the wire", "France")
