"""Every test a RULES.md names exists: each module's table cites tests as ``file::test``, the file
relative to the module's test folder (``tests/games/<id>/``, with or without its ``test_``
prefix) or to tests/ (``core/test_los``) or tests/games/ (``commander_family/test_registries``)."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
GAMES_SRC = TESTS.parent / "src" / "tactica" / "games"
REF = re.compile(r"\b(?:([A-Za-z0-9_][A-Za-z0-9_/]*)::)?(test_[A-Za-z0-9_]*)([…*]?)")
"""``file::test``, or a bare ``test`` after one in the same row (same file); a trailing … or *
makes the name a prefix that at least one test must start with."""
RULES_MD = sorted(GAMES_SRC.glob("*/RULES.md"))


@cache
def defined(path: Path) -> frozenset[str]:
    """The test functions a file defines (top level, or ``Class.test``), by name."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names |= {f"{node.name}.{n.name}" for n in node.body if isinstance(n, ast.FunctionDef)}
    return frozenset(names)


def resolve(module: str, file: str) -> Path | None:
    head, _, last = file.rpartition("/")
    for base in (TESTS / "games" / module, TESTS / "games", TESTS):
        for name in (last, f"test_{last}"):
            p = base / head / f"{name}.py" if head else base / f"{name}.py"
            if p.is_file():
                return p
    return None


def references(md: Path) -> list[tuple[int, str, str, bool]]:
    """(line, file, test name, is a prefix) for each test a table row names."""
    out = []
    for n, line in enumerate(md.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.startswith("|"):  # the table rows; prose may show the ``file::test`` form
            continue
        current = None
        for f, t, star in REF.findall(line):
            current = f or current
            if current is not None:
                out.append((n, current, t, bool(star)))
    return out


def test_there_are_rules_tables_with_references() -> None:
    assert len(RULES_MD) >= 2
    assert all(references(md) for md in RULES_MD)


@pytest.mark.parametrize("md", RULES_MD, ids=lambda p: p.parent.name)
def test_every_test_a_rules_table_names_exists(md: Path) -> None:
    module = md.parent.name
    missing = []
    for n, file, name, prefix in references(md):
        path = resolve(module, file)
        if path is None:
            missing.append(f"line {n}: {file}::{name}: no test file")
        elif not (any(d.startswith(name) for d in defined(path)) if prefix else name in defined(path)):
            missing.append(f"line {n}: {file}::{name}: not in {path.relative_to(TESTS)}")
    assert not missing, "\n".join(missing)


def test_the_resolver_finds_a_known_test_and_refuses_a_made_up_one() -> None:
    p = resolve("combat_commander", "test_fire_rules")
    assert p is not None and "test_O20_3_1_fire_group_must_form_a_chain" in defined(p)
    assert resolve("great_war", "dice") is not None
    assert resolve("combat_commander", "core/test_los") is not None
    assert resolve("combat_commander", "no_such_file") is None
    refs = references(RULES_MD[[p.parent.name for p in RULES_MD].index("great_war")])
    assert any(prefix for *_, prefix in refs) and any(f == "ranged" for _, f, _, _ in refs)
