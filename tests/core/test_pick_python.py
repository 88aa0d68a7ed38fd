"""tools/pick_python.py: the Python that ``make`` builds .venv from (the fastest 3.11+ found)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "pick_python.py"


@pytest.fixture()
def picker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pick_python", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_this_interpreter_qualifies(picker: ModuleType) -> None:
    real, version = picker.qualify(sys.executable)
    assert real == os.path.realpath(sys.executable)
    assert version == ".".join(map(str, sys.version_info[:3]))


def test_what_is_not_a_usable_python_does_not_qualify(picker: ModuleType, tmp_path: Path) -> None:
    old = tmp_path / "python3"
    old.write_text("#!/bin/sh\necho python3.9; echo 3.9.0; exit 1\n")
    old.chmod(0o755)
    assert picker.qualify(str(old)) is None
    assert picker.qualify(str(tmp_path / "absent")) is None


def test_the_workload_runs_and_takes_time(picker: ModuleType) -> None:
    assert 0 < picker.seconds(sys.executable) < float("inf")
    assert picker.seconds("/nonexistent/python3") == float("inf")


def _two_pythons(picker: ModuleType, monkeypatch: pytest.MonkeyPatch, first: float, second: float) -> None:
    """Two made-up interpreters, found in that order, whose workload takes those seconds."""
    found = {"/a/python3": ("/a/python3.11", "3.11.7"), "/b/python3.11": ("/b/python3.11", "3.11.2")}
    monkeypatch.setattr(picker, "candidates", lambda: [*found, "/a/python3.11"])
    monkeypatch.setattr(picker, "qualify", lambda p: found.get(p, found["/a/python3"]))
    monkeypatch.setattr(picker, "seconds", {"/a/python3.11": first, "/b/python3.11": second}.get)


def test_a_clearly_faster_python_is_picked(picker: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    _two_pythons(picker, monkeypatch, first=0.050, second=0.040)
    assert picker.pick() == "/b/python3.11"


def test_a_near_tie_keeps_the_first_python_found(picker: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    _two_pythons(picker, monkeypatch, first=0.050, second=0.048)
    assert picker.pick() == "/a/python3.11"


def test_the_pick_on_this_machine_is_a_qualifying_python(picker: ModuleType) -> None:
    chosen = picker.pick()
    assert chosen is not None
    assert picker.qualify(chosen) is not None
