"""Shared helpers of the server tests: an app on a temporary store (an SQLite file, or a
database of the suite's own PostgreSQL: the ``store_url`` fixture), and small waits."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tactica.core.custom import CustomScenarios, content_id
from tactica.server import Settings, create_app

HUMAN: dict[str, Any] = {"kind": "human"}
AI: dict[str, Any] = {"kind": "ai", "level": "random"}


def store(db: Path | str) -> str:
    """An SQLAlchemy URL: a Path is an SQLite file, a string is already a URL."""
    return f"sqlite:///{db}" if isinstance(db, Path) else db


@contextmanager
def client(db: Path | str, run_agents: bool = True, **settings: Any) -> Iterator[TestClient]:
    settings.setdefault("allowed_hosts", ("testserver",))  # the host name TestClient sends
    settings.setdefault("warm_catalogue", False)  # built when a test asks for the lobby
    app = create_app(Settings(database_url=store(db), run_agents=run_agents, **settings))
    with TestClient(app) as c:
        yield c


def new_game(c: TestClient, seats: list[dict[str, Any]], module: str = "great_war",
             scenario: str = "ridge_trench", seed: int = 5) -> dict[str, Any]:
    r = c.post("/api/games", json={"module": module, "scenario": scenario, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    return dict(r.json())


def view(c: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}", headers={"X-Seat-Token": token} if token else {})
    assert r.status_code == 200, r.text
    return dict(r.json())


def decide(c: TestClient, gid: str, token: str, index: int, option: str) -> Any:
    return c.post(f"/api/games/{gid}/decisions", json={"index": index, "option": option},
                  headers={"X-Seat-Token": token})


def wait_until(pred: Callable[[], bool], timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


def editor_refuses(db: Path | str, module: str, draft: Callable[[], dict[str, Any]],
                   change: Callable[[dict[str, Any]], Any], message: str,
                   registry: CustomScenarios[Any]) -> None:
    """A draft (``draft()``) spoilt by ``change`` is refused by the editor with the loader's
    ``message`` on check and on save, makes no author key, stores nothing (saving the unspoilt
    draft afterwards leaves exactly one scenario) and is registered nowhere in ``registry``."""
    bad = draft()
    change(bad)
    with client(db, run_agents=False) as c:
        r = c.post("/api/editor/check", json={"module": module, "scenario": bad})
        assert r.status_code == 422 and r.json()["detail"].startswith(message), r.json()
        r = c.post("/api/editor/scenarios", json={"module": module, "scenario": bad})
        assert r.status_code == 422 and r.json()["detail"].startswith(message)
        assert "author_key" not in r.json()
        r = c.post("/api/editor/scenarios", json={"module": module, "scenario": draft()},
                   headers={"X-Author-Key": "k"})
        assert r.status_code == 201  # the store held nothing but this one
        assert len(c.get("/api/editor/scenarios", headers={"X-Author-Key": "k"}).json()["scenarios"]) == 1
    assert not registry.is_registered(content_id(bad))
