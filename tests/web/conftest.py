"""Browser fixtures: Debian's Chromium driven by Playwright (its own browser download is not
used), a live server, and the artifacts folder where screenshots are kept."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from live_server import free_port, start_server

CHROMIUM = os.environ.get("TACTICA_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _need_browser() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests, but {CHROMIUM} is missing "
                        "(make test installs Debian's chromium)")
        pytest.skip(f"{CHROMIUM} is missing (install Debian's chromium package); CI is not set")


@pytest.fixture(scope="module")
def playwright_driver() -> Iterator[Any]:
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


def _context(pw: Any) -> Iterator[Any]:
    """One Chromium profile: its own localStorage, so its own seats (a person at one screen)."""
    profile = tempfile.mkdtemp(prefix="tactica-chromium-")
    ctx = pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
        viewport={"width": 1400, "height": 900})
    try:
        yield ctx
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browser(playwright_driver: Any) -> Iterator[Any]:
    yield from _context(playwright_driver)


@pytest.fixture(scope="module")
def other_browser(playwright_driver: Any) -> Iterator[Any]:
    """A second person's browser (another profile), for play by secret link."""
    yield from _context(playwright_driver)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    p = start_server(tmp_path / "store.sqlite3", port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        p.kill()
        p.wait(timeout=10)


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Any:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = request.node.name.replace("[", "-").replace("]", "").replace("/", "-")

    def shot(page: Any, label: str) -> Path:
        path = ARTIFACTS / f"{name}-{label}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return shot
