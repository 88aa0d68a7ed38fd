"""The map's view tools and the table's own Resign: zoom in and out, pan by dragging (a drag
never picks a hex), turn the map by hand; resigning ends the game for the other side."""

from __future__ import annotations

import pytest

from .driver import create_game, open_page, renders, wait_drawn_after, wait_my_turn

pytestmark = pytest.mark.browser


def _box(page):
    return [float(x) for x in page.locator("svg.map").get_attribute("viewBox").split()]


def test_zoom_pan_and_turn_the_map_without_picking_anything(browser, server):
    page = open_page(browser, server + "/")
    create_game(page, "great_war", "ridge_trench", ["here", "ai:random"])
    wait_my_turn(page)
    whole = _box(page)
    page.click("[data-testid=zoom-in]")
    page.click("[data-testid=zoom-in]")
    zoomed = _box(page)
    assert zoomed[2] < whole[2] * 0.7 and zoomed[3] < whole[3] * 0.7
    svg = page.locator("svg.map").bounding_box()
    x, y = svg["x"] + svg["width"] / 2, svg["y"] + svg["height"] / 2
    log = page.locator("[data-testid=log] li").count()
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 150, y - 100, steps=8)
    page.mouse.up()
    panned = _box(page)
    assert panned[0] > zoomed[0] and panned[2] == zoomed[2], (zoomed, panned)
    assert page.locator(".chip").count() == 0 and page.locator("[data-testid=log] li").count() == log
    page.mouse.wheel(0, 400)  # the wheel zooms out again
    page.wait_for_function("w => Number(document.querySelector('svg.map').getAttribute('viewBox')"
                           ".split(' ')[2]) > w", arg=panned[2])
    before = renders(page)
    page.click("[data-testid=turn-map]")
    wait_drawn_after(page, before)
    assert page.locator("svg.map").get_attribute("data-turned") == "yes"
    assert _box(page) == whole, "turning shows the whole map again"
    assert not page.errors, page.errors


def test_resigning_at_the_table_ends_the_game_for_the_other_side(browser, server):
    page = open_page(browser, server + "/")
    create_game(page, "great_war", "ridge_trench", ["here", "ai:random"])
    wait_my_turn(page)
    page.once("dialog", lambda d: d.accept())
    page.click("[data-testid=resign]")
    page.wait_for_selector("[data-testid=result]")
    assert "Central Powers win" in page.locator("[data-testid=result]").inner_text()
    assert "resigned" in page.locator("[data-testid=result]").inner_text()
    assert page.locator("[data-testid=prompt-text]").count() == 0
    assert page.locator("[data-testid=resign]").count() == 0
    assert not page.errors, page.errors
