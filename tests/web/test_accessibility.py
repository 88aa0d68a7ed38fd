"""An automated accessibility check (axe-core, shipped inside the axe-playwright-python wheel,
never fetched at run time) of the lobby and of each module's table: no serious or critical
violation. The table's screenshots for docs/ are taken here, so they stay current."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .driver import create_game, open_page, set_up_by_clicking, wait_my_turn

pytestmark = pytest.mark.browser

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screens"
SERIOUS = ("serious", "critical")


def serious_violations(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    out = []
    for v in results.response["violations"]:
        if v.get("impact") in SERIOUS:
            where = "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"])
                              for n in v["nodes"][:4])
            out.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']} at {where}")
    return out


def test_the_lobby_has_no_serious_accessibility_violation(browser, server):
    page = open_page(browser, server + "/")
    page.wait_for_selector("[data-testid=create]")
    page.wait_for_selector("[data-testid=games]")
    assert serious_violations(page) == []


@pytest.mark.parametrize(("module", "scenario"), [("great_war", "ridge_trench"),
                                                  ("combat_commander", "bridge_at_dawn"),
                                                  ("great_war_commander", "verdun_gas_1916")])
def test_each_table_has_no_serious_accessibility_violation_and_is_pictured(browser, server, module,
                                                                          scenario):
    page = open_page(browser, server + "/")
    create_game(page, module, scenario, ["here", "ai:random"])
    set_up_by_clicking(page)
    wait_my_turn(page)
    page.wait_for_selector("svg.map .counter")
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / f"{module}-table.png"))
    assert serious_violations(page) == []
