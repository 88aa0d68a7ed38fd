"""Issue 20's audit: at least half of each module's rules test files build their positions through
the studio (directly, or through a helper module of the tests that does), so the count cannot
slip back silently.

A test function *builds a position* when it reaches, through calls inside the module's test
folder (helpers, other test files' functions), a studio position (``studio.Position``), a game
made outside the studio (``tactica.new_game``, ``Game.new``) or pieces written into the state by
hand (``new_unit``, ``new_weapon``, ``clear_map``). It is built through the studio when it
reaches a studio position and none of the others. A test file is a rules test file when some of
its tests build positions, and it counts as built through the studio when at least half of
those tests are. The names are resolved statically from the files' own imports and definitions
(no test is run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).parents[1] / "games"
MODULES = ("combat_commander", "combat_infantry", "commandos_europe", "great_war",
           "great_war_commander")

STUDIO = "studio"
HAND = "hand"
HAND_CALLS = frozenset({"new_game", "new_unit", "new_weapon", "clear_map"})
"""Calls that make a game or write pieces into its state outside the studio."""


def _root(call: ast.Call, studio_names: set[str]) -> str | None:
    """What a call builds at its source: a studio position, a hand-made game, or nothing."""
    f = call.func
    if isinstance(f, ast.Attribute):
        if f.attr == "Position" and isinstance(f.value, ast.Name) and f.value.id == "studio":
            return STUDIO
        if f.attr == "new" and isinstance(f.value, ast.Name) and f.value.id == "Game":
            return HAND
        if f.attr in HAND_CALLS:
            return HAND
    if isinstance(f, ast.Name):
        if f.id in studio_names:
            return STUDIO
        if f.id in HAND_CALLS:
            return HAND
    return None


def _called(node: ast.AST) -> set[str]:
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Name):
                out.add(f.id)
            elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                out.add(f"{f.value.id}.{f.attr}")
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            out.add(n.id)  # a function passed on (a builder given to a driver)
    return out


class _Folder:
    """The call graph of one module's test folder: functions by (file stem, name)."""

    def __init__(self, folder: Path) -> None:
        self.calls: dict[tuple[str, str], set[tuple[str, str]]] = {}
        self.roots: dict[tuple[str, str], set[str]] = {}
        self.tests: dict[str, list[str]] = {}
        trees = {p.stem: ast.parse(p.read_text()) for p in sorted(folder.glob("*.py"))}
        for stem, tree in trees.items():
            names: dict[str, tuple[str, str]] = {}
            modules: dict[str, str] = {}
            studio_names: set[str] = set()
            for node in ast.walk(tree):  # imports inside functions too (one name space a file)
                if isinstance(node, ast.ImportFrom):
                    src = (node.module or "").split(".")[-1]
                    for a in node.names:
                        if src in trees:
                            names[a.asname or a.name] = (src, a.name)
                        elif node.module == "tactica.studio" and a.name == "Position":
                            studio_names.add(a.asname or a.name)
                        elif node.module == "tactica" and a.name == "studio":
                            pass
                        elif node.level and a.name in trees:
                            modules[a.asname or a.name] = a.name
                elif isinstance(node, ast.Import):
                    for a in node.names:
                        if a.name in trees:
                            modules[a.asname or a.name] = a.name
            defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
            for n in tree.body:
                if isinstance(n, ast.ClassDef) and n.name.startswith("Test"):
                    defs += [m for m in n.body if isinstance(m, ast.FunctionDef)]
            local = {d.name for d in defs}
            self.tests[stem] = [d.name for d in defs
                                if isinstance(d, ast.FunctionDef) and d.name.startswith("test")]
            # module-level statements (constants built at import) belong to every function
            top = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.ClassDef))]
            for d in defs:
                key = (stem, d.name)
                body: list[ast.AST] = [d, *top]
                self.roots[key] = {r for b in body for c in ast.walk(b) if isinstance(c, ast.Call)
                                   if (r := _root(c, studio_names)) is not None}
                out = set()
                for name in set().union(*(_called(b) for b in body)):
                    head, _, attr = name.partition(".")
                    if attr and head in modules:
                        out.add((modules[head], attr))
                    elif not attr and name in names:
                        out.add(names[name])
                    elif not attr and name in local and name != d.name:
                        out.add((stem, name))
                self.calls[key] = out

    def reaches(self, key: tuple[str, str]) -> set[str]:
        seen: set[tuple[str, str]] = set()
        todo = [key]
        found: set[str] = set()
        while todo:
            k = todo.pop()
            if k in seen:
                continue
            seen.add(k)
            found |= self.roots.get(k, set())
            todo += self.calls.get(k, set())
        return found


def audit(module: str) -> dict[str, tuple[int, int]]:
    """Per rules test file of ``module``: (tests built through the studio, tests that build a
    position at all)."""
    folder = _Folder(TESTS / module)
    out = {}
    for stem, tests in folder.tests.items():
        if not stem.startswith("test_"):
            continue
        kinds = [folder.reaches((stem, t)) for t in tests]
        building = [k for k in kinds if k]
        if building:
            out[stem] = (sum(k == {STUDIO} for k in building), len(building))
    return out


def studio_built(counts: tuple[int, int]) -> bool:
    return 2 * counts[0] >= counts[1]


@pytest.mark.parametrize("module", MODULES)
def test_at_least_half_of_the_rules_test_files_build_through_the_studio(module: str) -> None:
    files = audit(module)
    built = sorted(f for f, c in files.items() if studio_built(c))
    by_hand = sorted(f"{f} ({c[0]}/{c[1]} tests)" for f, c in files.items() if not studio_built(c))
    assert len(files) >= 3, f"{module}: the audit finds almost no rules test files ({files})"
    assert 2 * len(built) >= len(files), (
        f"{module}: {len(built)} of {len(files)} rules test files build through the studio; "
        f"by hand: {', '.join(by_hand)}")


def test_the_audit_tells_a_hand_made_game_from_a_studio_position(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(
        "from tactica import studio\nimport tactica\n"
        "def scene():\n    return studio.Position('x').game()\n"
        "def old():\n    return tactica.new_game('x', 's')\n")
    (tmp_path / "test_a.py").write_text(
        "from .helpers import scene, old\n"
        "def test_one():\n    scene()\n"
        "def test_two():\n    old()\n"
        "def test_three():\n    assert 1\n")
    (tmp_path / "test_b.py").write_text(
        "from .helpers import old\nfrom .test_a import test_one as borrowed\n"
        "def test_one():\n    old()\n")
    (tmp_path / "test_c.py").write_text(
        "def test_local():\n    from .helpers import scene as built\n    built()\n"
        "def test_by_hand(g):\n    new_unit('t', 0, 'A1', 'map')\n")
    folder = _Folder(tmp_path)
    assert folder.reaches(("test_c", "test_local")) == {STUDIO}
    assert folder.reaches(("test_c", "test_by_hand")) == {HAND}
    assert folder.reaches(("test_a", "test_one")) == {STUDIO}
    assert folder.reaches(("test_a", "test_two")) == {HAND}
    assert folder.reaches(("test_a", "test_three")) == set()
    assert folder.reaches(("test_b", "test_one")) == {HAND}


def report() -> str:
    """The audit's figures, one line per module (``python tests/studio/test_audit.py``)."""
    lines = []
    for m in MODULES:
        files = audit(m)
        built = sorted(f for f, c in files.items() if studio_built(c))
        rest = sorted(f"{f} {c[0]}/{c[1]}" for f, c in files.items() if not studio_built(c))
        lines.append(f"{m}: {len(built)}/{len(files)} rules test files through the studio; "
                     f"not: {', '.join(rest) or '-'}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
