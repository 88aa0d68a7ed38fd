"""The lobby shows each scenario's measured balance, from the packaged figures `tactica balance`
writes (docs/balance/): the first seat's win rate with its interval, the games and the verdict;
"not measured yet" for a scenario without results; a figure from older rules marked stale."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tactica.games import BUILTIN, get_rules
from tactica.sim.balance_data import load

from .driver import open_page

pytestmark = pytest.mark.browser

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def _pct(x: float) -> int:
    return math.floor(100 * x + 0.5)  # JavaScript's Math.round


def _measured() -> tuple[str, str, dict]:
    for module in sorted(BUILTIN):
        for sid, entry in load(module).items():
            if not entry["solitaire"]:
                return module, sid, entry
    pytest.fail("no scenario of a two-seat module has packaged balance figures (run `tactica balance`)")


def _unmeasured() -> tuple[str, str] | None:
    for module in sorted(BUILTIN):
        measured = load(module)
        for s in get_rules(module).scenarios():
            if s.id not in measured:
                return module, s.id
    return None


def test_the_lobby_shows_a_scenarios_measured_balance(browser, server):
    module, sid, e = _measured()
    page = open_page(browser, server + "/")
    page.wait_for_selector("[data-testid=create]")
    page.select_option("[data-testid=module]", module)
    page.select_option("[data-testid=scenario]", sid)
    seat = e["first_seat"].replace("_", " ").title()
    want = (f"Balance: first seat ({seat}) wins {_pct(e['win_rate'])}% "
            f"[{_pct(e['ci95'][0])}–{_pct(e['ci95'][1])}%]")
    line = page.locator("[data-testid=balance]")
    line.filter(has_text=want).wait_for()
    text = line.inner_text()
    assert f"{e['games']} {e['agents'][0]} mirror games; {e['verdict']}" in text
    assert ("stale" in text) == (e["rules_version"] != get_rules(module).version)
    DOCS.mkdir(parents=True, exist_ok=True)
    page.locator("[data-testid=new-game]").screenshot(path=str(DOCS / "lobby-balance.png"))

    other = _unmeasured()
    if other is not None:
        page.select_option("[data-testid=module]", other[0])
        page.select_option("[data-testid=scenario]", other[1])
        page.locator("[data-testid=balance]", has_text="Balance: not measured yet").wait_for()

    # a figure measured under older rules is shown, marked stale
    stale = page.evaluate("""async (e) => {
        const m = await import('/js/lobby.js');
        return m.balanceText({...e, measured: true, stale: true, current_version: e.rules_version + '.1'});
    }""", e)
    assert stale.startswith(want)
    v = e["rules_version"]
    assert stale.endswith(f"stale: measured under rules version {v}, now {v}.1")
    assert not page.errors, page.errors
