"""The scenario editor on Combat Commander in a real Chromium (docs/editor.md): on a blank 15 x 10
board, paint terrain, a level, a wall and a road, mark a two-hex building, place stacks of both nations
from their rosters (a weapon carried), move an objective and give it a holder, see the loader
refuse a unit on impassable water, save, reload and find it all, then play against the AI until
the human has played a Turn. Every wait is for what the page shows."""

from __future__ import annotations

import httpx
import pytest

from .editor_steps import WAIT, click_hex, hex_, open_editor, place, play_a_turn_against_the_ai, status
from .test_accessibility import DOCS, serious_violations

pytestmark = pytest.mark.browser


def click_side(page, label, where):
    """A click on hex ``label`` by its north or south side, then the redraw it causes."""
    before = page.locator("[data-testid=ed-map]").element_handle()
    box = hex_(page, label).bounding_box()
    y = {"north": 0.1, "south": 0.85}[where] * box["height"]  # inside the hex, near that side
    hex_(page, label).click(position={"x": box["width"] / 2, "y": y})
    page.wait_for_function("el => !el.isConnected", arg=before, timeout=WAIT)


def units(page):
    return sorted(page.eval_on_selector_all(
        "[data-testid=ed-map] .eunit", "els => els.map(e => [e.dataset.side, e.dataset.kind])"))


def test_build_a_combat_commander_scenario_save_reload_and_play_against_the_ai(browser, server, shots):
    page = open_editor(browser, server, "combat_commander", 150)  # rule 2: every Random Hex A1-O10
    page.click("[data-testid=tool-terrain]")
    page.select_option("[data-testid=ed-terrain]", "woods")
    click_hex(page, "E4")
    page.select_option("[data-testid=ed-terrain]", "building")
    click_hex(page, "H5")
    click_hex(page, "H6")
    page.click("[data-testid=tool-level]")
    page.select_option("[data-testid=ed-level-value]", "1")
    click_hex(page, "G5")
    assert hex_(page, "G5").get_attribute("data-level") == "1"
    page.click("[data-testid=tool-hexside]")
    page.select_option("[data-testid=ed-hexside]", "wall")
    click_side(page, "D5", "north")  # D4/D5
    assert page.locator("[data-testid=ed-map] line.ehexside[data-features=wall]").get_attribute(
        "data-side") in ("D5/D4", "D4/D5")
    # a road from C6 south through C7 to C8: each click near a side crosses it into the next hex
    page.click("[data-testid=tool-road]")
    page.select_option("[data-testid=ed-road]", "road")
    for label in ("C6", "C7"):
        click_side(page, label, "south")
    steps = "[data-testid=ed-map] line.eroad.road"
    drawn = page.eval_on_selector_all(steps, "els => els.map(e => e.dataset.road)")
    assert sorted(drawn) == ["C6/C7", "C7/C8"]
    click_side(page, "C8", "south")  # one more step, then taken off again
    click_side(page, "C8", "south")
    assert page.locator(steps).count() == 2
    page.click("[data-testid=tool-building]")
    page.fill("[data-testid=ed-building]", "farm")
    click_hex(page, "H5")
    click_hex(page, "H6")
    assert hex_(page, "H6").get_attribute("data-buildings") == "farm"
    page.click("[data-testid=tool-unit]")
    place(page, "axis", "ger-rifle-squad", "H5", weapon="ger-lmg")
    place(page, "axis", "ger-ldr-bolter", "H5", weapon="")  # stacked with the squad
    place(page, "allies", "us-rifle-squad", "F9")
    place(page, "allies", "us-rifle-squad", "J9")
    page.click("[data-testid=tool-marker]")
    page.select_option("[data-testid=ed-marker]", "foxholes")
    click_hex(page, "G4")
    assert page.locator("[data-testid=ed-map] .emarker[data-marker=G4][data-kind=foxholes]").count() == 1
    page.click("[data-testid=tool-objective]")
    page.select_option("[data-testid=ed-objective]", "3")
    click_hex(page, "E4")  # Objective 3 moves into the woods
    page.select_option("[data-param='objectives.3']", label="Axis")
    page.fill("[data-testid=ed-name]", "Farm fight")
    # forces the American player sets up in his zone (south-edge), from the roster
    page.select_option("[data-testid=ed-forces-allies]", label="Rifle Team (team)")
    page.click("[data-testid=ed-forces-add-allies]")
    page.click("[data-testid=ed-forces-add-allies]")
    item = "[data-forces=allies] [data-testid=ed-forces-item]"
    page.wait_for_selector(f"{item}:has-text('2 × Rifle Team (team)')", timeout=WAIT)
    page.click(item)  # one taken off again
    page.wait_for_selector(f"{item}:has-text('1 × Rifle Team (team)')", timeout=WAIT)
    # a German reinforcement group on Time space 3: a leader by name
    page.click("[data-testid=ed-reinf-add-axis]")
    page.fill("[data-param='sides.axis.reinforcements.0.time']", "3")
    page.select_option("[data-testid=ed-forces-axis-r0]", label="Capt. Herzog (leader)")
    page.click("[data-testid=ed-forces-add-axis-r0]")
    page.wait_for_selector("[data-reinforcement=axis-0] [data-testid=ed-forces-item]:has-text('Herzog')",
                           timeout=WAIT)
    # the loader's own message for a unit on impassable water, and nothing saved
    page.click("[data-testid=tool-terrain]")
    page.select_option("[data-testid=ed-terrain]", "water_barrier")
    click_hex(page, "L9")
    page.click("[data-testid=tool-unit]")
    click_hex(page, "L9")
    page.click("[data-testid=ed-check]")
    status(page, "error", "sides.allies.placed[2].hex: L9 is impassable")
    page.click("[data-testid=ed-save]")
    status(page, "error", "Not saved: scenario: sides.allies.placed[2].hex: L9 is impassable")
    assert page.locator("[data-testid=my-scenarios] a").count() == 0
    page.click("[data-testid=tool-erase]")
    click_hex(page, "L9")
    page.click("[data-testid=ed-check]")
    status(page, "okmsg", "The loader accepts this scenario")
    violations = serious_violations(page)
    assert violations == [], violations
    shots(page, "cc-built")
    page.click("[data-testid=ed-save]")
    status(page, "okmsg", "Saved Farm fight")
    saved_id = page.url.rsplit("/", 1)[1]
    page.reload()
    page.wait_for_selector("[data-testid=my-scenarios] a:has-text('Farm fight')", timeout=WAIT)
    status(page, "okmsg", "Opened Farm fight")
    assert page.locator("[data-testid=ed-module]").input_value() == "combat_commander"
    assert hex_(page, "E4").get_attribute("data-terrain") == "woods"
    assert hex_(page, "G5").get_attribute("data-level") == "1"
    assert page.locator("[data-testid=ed-map] line.eroad.road").count() == 2  # the road, reloaded
    assert units(page) == [["allies", "us-rifle-squad"], ["allies", "us-rifle-squad"],
                           ["axis", "ger-ldr-bolter"], ["axis", "ger-rifle-squad"]]
    objective = "[data-testid=ed-map] .eobjective[data-objective=E4][data-id='3'][data-for=axis]"
    assert page.locator(objective).count() == 1
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / "combat_commander-editor.png"))
    saved = httpx.get(server + "/api/editor/scenarios/" + saved_id).json()["scenario"]
    assert saved["map"]["combat_commander"]["buildings"] == {"farm": ["H5", "H6"]}
    assert saved["map"]["roads"] == [{"kind": "road", "path": ["C6", "C7", "C8"]}]
    assert saved["sides"]["allies"]["forces"]["units"] == {"us-rifle-team": 1}
    assert saved["fortifications"] == [{"hex": "G4", "type": "foxholes"}]
    assert saved["sides"]["axis"]["reinforcements"] == [{"time": 3, "units": {}, "leaders": ["Herzog"]}]
    squad = {"unit": "ger-rifle-squad", "hex": "H5", "weapon": "ger-lmg"}
    assert saved["sides"]["axis"]["placed"][0] == squad
    play_a_turn_against_the_ai(page, server, shots, "combat_commander", "Farm fight", "America")
