"""Combat Commander's "Choose another target" at the table, clicked as a person would: in a Fire
Order (O20.3: the target chosen, its group not fired yet) and in an Assault Fire played during a
Move (A26). Each goes back to the choice of targets, and the page shows the targets again.

The position: a custom scenario (docs/editor.md) with a German Elite Squad three hexes from an
American Squad, Germany taking the first Turn, saved through the editor's routes; a game on it
with the first seed that deals Germany a Fire card, a Move card and another card whose Action is
Assault Fire (the deal is the rules', from the seed). Germany's seat is opened by its secret
link; nothing up to the clicks tested is the other seat's to decide."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import tactica
from tactica.games.combat_commander import custom
from tactica.server import custom_scenarios as cs

from .driver import open_page, renders, wait_drawn_after, wait_my_turn

pytestmark = pytest.mark.browser

SQUAD, TARGET = "axis-1", "E8"


def scenario() -> dict[str, Any]:
    c = cs.blank("combat_commander", 15, 10)
    c["sides"]["axis"]["placed"] = [{"hex": "E5", "unit": "ger-elite-squad"}]  # boxed FP: Assault Fire
    c["sides"]["allies"]["placed"] = [{"hex": TARGET, "unit": "us-rifle-squad"}]
    c["first"] = "axis"
    c["name"] = "Three hexes of open ground"
    return c


def dealing(data: dict[str, Any]) -> tuple[int, dict[str, str]]:
    """The first seed that deals Germany a Fire card, a Move card and a card (not that one)
    whose Action is Assault Fire; the seed and the three cards."""
    sid = custom.register_scenario(data)
    try:
        for seed in range(1, 500):
            g = tactica.new_game("combat_commander", sid, seed=seed)
            cards = [(c, g.rules.card(c)) for c in g.state["sides"][0]["hand"]]
            fire = [c for c, k in cards if k.order == "Fire"]
            for move in (c for c, k in cards if k.order == "Move"):
                af = [c for c, k in cards if k.action == "Assault Fire" and c != move]
                if fire and af:
                    return seed, {"fire": fire[0], "move": move, "assault": af[0]}
    finally:
        custom.REGISTRY.forget()
    raise AssertionError("no seed deals a Fire card, a Move card and an Assault Fire")


def germany_at_the_table(browser: Any, server: str, content_id: str, seed: int) -> Any:
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = httpx.post(server + "/api/games", json={"module": "combat_commander", "scenario": content_id,
                                                "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    page = open_page(browser, server + r.json()["seats"][0]["link"])
    wait_my_turn(page)
    return page


def click(page: Any, selector: str) -> None:
    """Click what the page shows, then wait for the table's answer to be drawn."""
    before = renders(page)
    page.locator(selector).first.click(force=True)
    wait_drawn_after(page, before)


def prompt(page: Any) -> str:
    return str(page.locator("[data-testid=prompt-text]").inner_text())


def target_shown(page: Any) -> bool:
    return page.locator(f"polygon.target[data-target='hex:{TARGET}']").count() == 1


def choose_the_target_then_go_back(page: Any, shots: Any, label: str) -> None:
    """The target hex is highlighted: click it, see the group's choice with its way back, click
    "Choose another target" and see the target highlighted again."""
    assert target_shown(page), prompt(page)
    click(page, f"g.hex[data-hex='{TARGET}']")
    assert f"at {TARGET}" in prompt(page)
    back = page.locator("[data-testid=prompt] .buttons [data-option=back]")
    assert back.count() == 1 and back.inner_text() == "Choose another target"
    assert not target_shown(page)
    assert page.locator(f".counter[data-unit='{SQUAD}'].target").count() == 1  # add the Squad
    shots(page, f"{label}-group")
    click(page, "[data-testid=prompt] .buttons [data-option=back]")
    assert "choose" in prompt(page) and "target" in prompt(page), prompt(page)
    assert target_shown(page)
    assert page.locator("[data-option=back]").count() == 0
    assert page.locator(f".counter[data-unit='{SQUAD}'].target").count() == 0
    shots(page, f"{label}-targets-again")
    assert not page.errors, page.errors


def test_choose_another_target_in_a_fire_order_and_an_assault_fire(browser, server, shots):
    data = scenario()
    seed, cards = dealing(data)
    r = httpx.post(server + "/api/editor/scenarios", json={"module": "combat_commander", "scenario": data},
                   headers={"X-Author-Key": "k"})
    assert r.status_code == 201, r.text
    content_id = r.json()["content_id"]

    # a Fire Order: the card, the Squad activated, its target, then back (O20.3)
    page = germany_at_the_table(browser, server, content_id, seed)
    click(page, f".cardface.target[data-card='{cards['fire']}']")
    click(page, f".counter.target[data-unit='{SQUAD}']")
    assert prompt(page).startswith("Fire: choose a target hex"), prompt(page)
    choose_the_target_then_go_back(page, shots, "fire-order")
    page.close()

    # an Assault Fire played by the Squad activated to Move, then back (A26)
    page = germany_at_the_table(browser, server, content_id, seed)
    click(page, f".cardface.target[data-card='{cards['move']}']")
    click(page, f".counter.target[data-unit='{SQUAD}']")
    click(page, f".cardface.target[data-card='{cards['assault']}']")
    assert prompt(page).startswith("Assault Fire: choose the target hex"), prompt(page)
    choose_the_target_then_go_back(page, shots, "assault-fire")
