"""The lobby's catalogue (server/catalogue.py): kept on disk per code version, and built at
normal priority once a request waits for it."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from tactica.games import BUILTIN
from tactica.server import catalogue
from tactica.server.catalogue import Catalogue, _Child

from .helpers import client


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """No catalogue built in this process yet, and the built-in modules only (the suite
    registers a test module, which makes the server build in a thread and cache nothing)."""
    monkeypatch.setattr(catalogue, "_built", {})
    monkeypatch.setattr(catalogue, "all_ids", lambda: sorted(BUILTIN))


def test_the_catalogue_is_cached_on_disk_and_read_back_by_the_next_server(tmp_path: Path,
                                                                          fresh: None) -> None:
    cache = tmp_path / "cache"
    with client(tmp_path / "a.db", cache_dir=cache) as c:
        built = c.get("/api/modules").content
    files = list(cache.glob("catalogue-*.json"))
    assert [f.name for f in files] == [f"catalogue-{catalogue.code_key()}.json"]
    assert files[0].read_bytes() == built
    assert not list(cache.glob(".*.tmp"))  # written whole, by a rename

    # the next server (a new process: nothing in memory) serves the file, with no build
    marked = json.loads(built)
    marked["modules"][0]["name"] = "read from the cache"
    files[0].write_bytes(json.dumps(marked).encode())
    catalogue._built.clear()
    with client(tmp_path / "b.db", cache_dir=cache, warm_catalogue=True) as c:
        assert c.get("/api/modules").json()["modules"][0]["name"] == "read from the cache"


def test_another_code_version_does_not_read_the_old_file(tmp_path: Path, fresh: None,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "catalogue-0000.json").write_bytes(b'{"modules": [], "agents": []}')
    monkeypatch.setattr(catalogue, "code_key", lambda: "1111")
    with client(tmp_path / "a.db", cache_dir=cache) as c:
        assert c.get("/api/modules").json()["modules"]  # built, not the other version's file
    assert (cache / "catalogue-1111.json").exists()


def test_a_damaged_cache_file_is_built_again_and_old_versions_are_pruned(tmp_path: Path, fresh: None) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    for i in range(catalogue.KEEP + 3):  # other code versions' files
        (cache / f"catalogue-old{i:02}.json").write_bytes(b'{"modules": [], "agents": []}')
    mine = catalogue.cache_file(cache)
    mine.write_bytes(b'{"modules": [{"id": "cut short')
    with client(tmp_path / "a.db", cache_dir=cache) as c:
        served = c.get("/api/modules").json()
    assert served["modules"] and json.loads(mine.read_bytes()) == served
    kept = list(cache.glob("catalogue-*.json"))
    assert len(kept) == catalogue.KEEP and mine in kept


def test_an_unwritable_cache_folder_still_serves_the_catalogue(tmp_path: Path, fresh: None) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    with client(tmp_path / "a.db", cache_dir=blocker / "cache") as c:
        r = c.get("/api/modules")
    assert r.status_code == 200 and r.json()["modules"]


# A stand-in build for the child: it first gives the parent up to 2 s to lower its priority (the
# parent renices it just after it starts; on a loaded machine the child may run before that), then
# waits until its niceness is 0 again (at most 60 s) and writes the niceness it ran at, so a test
# sees whether a waiting request got it back to normal.
WAIT_FOR_NORMAL = ('exec("import time\\nstart = time.time()'
                   '\\nwhile os.nice(0) == 0 and time.time() < start + 2:\\n    time.sleep(0.01)'
                   '\\nend = time.time() + 60\\nwhile os.nice(0) > 0 and time.time() < end:'
                   '\\n    time.sleep(0.02)\\nsys.stdout.write(str(os.nice(0)))")')


async def _build_while_a_request_waits(cat: Catalogue) -> bytes | None:
    job = asyncio.ensure_future(cat._by_child())
    while not cat._children:  # the warming child has started, at WARM_NICE
        if job.done():  # ended (or never started a child) before we saw it: fail, never hang
            raise AssertionError(f"the build ended before its child was seen: {job.result()!r}")
        await asyncio.sleep(0.01)
    cat._urgent.set()  # what Catalogue.get does
    return await job


def test_a_waiting_request_puts_the_warming_build_back_to_normal_priority(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogue, "BUILD", WAIT_FOR_NORMAL)
    cat = Catalogue()
    assert asyncio.run(_build_while_a_request_waits(cat)) == b"0"
    assert not cat._children


def test_where_renicing_is_refused_a_normal_priority_child_races_the_warming_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogue, "BUILD", WAIT_FOR_NORMAL)
    renice = _Child.renice
    monkeypatch.setattr(_Child, "renice", lambda self, nice: nice > 0 and renice(self, nice))
    started: list[_Child] = []
    start = _Child.start.__func__  # type: ignore[attr-defined]

    async def spy(cls: type[_Child], nice: int) -> _Child:
        child = await start(cls, nice)
        started.append(child)
        return child

    monkeypatch.setattr(_Child, "start", classmethod(spy))
    cat = Catalogue()
    # the second child's answer: it starts at the server's own niceness (0 unless the suite
    # itself runs under nice), since no renice reaches it
    assert asyncio.run(_build_while_a_request_waits(cat)) == str(os.nice(0)).encode()
    assert len(started) == 2
    assert [c.proc.returncode for c in started] == [-9, 0]  # the warming one was stopped
