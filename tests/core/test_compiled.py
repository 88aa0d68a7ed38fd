"""The optional compiled build (tactica.compiled): a compiled module loads only when it was built
from the very source beside it, the pure path can always be asked for, and the build plays
exactly as the sources do."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tactica
from tactica import compiled, compiled_loader
from tactica.core import game as core_game

ROOT = Path(__file__).resolve().parents[2]
TWIN = importlib.machinery.EXTENSION_SUFFIXES[0]


def _package(tmp_path: Path, text: str = "X = 1\n", twin: bool = True) -> tuple[Path, Path]:
    folder = tmp_path / "pkg"
    folder.mkdir()
    source = folder / "mod.py"
    source.write_text(text, encoding="utf-8")
    if twin:
        (folder / ("mod" + TWIN)).write_bytes(b"")  # only its presence is read
    return folder, source


def test_a_twin_built_from_this_source_is_left_to_the_usual_finders(tmp_path: Path) -> None:
    folder, source = _package(tmp_path)
    manifest = {"pkg.mod": compiled_loader.source_hash(source)}
    finder = compiled_loader.SourceUnlessFresh("pkg", manifest, pure=False)
    assert finder.find_spec("pkg.mod", [str(folder)]) is None
    assert finder.loaded_from_source == []


@pytest.mark.parametrize("case", ["edited", "not in the manifest", "pure asked for"])
def test_a_stale_or_unwanted_twin_loads_the_source_instead(tmp_path: Path, case: str) -> None:
    folder, source = _package(tmp_path)
    manifest = {"pkg.mod": compiled_loader.source_hash(source)}
    if case == "edited":
        source.write_text("X = 2\n", encoding="utf-8")
    elif case == "not in the manifest":
        manifest = {}
    finder = compiled_loader.SourceUnlessFresh("pkg", manifest, pure=case == "pure asked for")
    spec = finder.find_spec("pkg.mod", [str(folder)])
    assert spec is not None and spec.origin == str(source)
    assert isinstance(spec.loader, importlib.machinery.SourceFileLoader)
    assert finder.loaded_from_source == ["pkg.mod"]


def test_without_a_twin_or_outside_the_package_the_finder_declines(tmp_path: Path) -> None:
    folder, _ = _package(tmp_path, twin=False)
    finder = compiled_loader.SourceUnlessFresh("pkg", {}, pure=True)
    assert finder.find_spec("pkg.mod", [str(folder)]) is None
    assert finder.find_spec("other.mod", [str(folder)]) is None
    assert finder.find_spec("pkg", None) is None


def test_a_compiled_module_whose_source_is_gone_is_refused_with_the_reason(tmp_path: Path) -> None:
    folder, source = _package(tmp_path)
    source.unlink()
    finder = compiled_loader.SourceUnlessFresh("pkg", {"pkg.mod": "whatever"}, pure=False)
    with pytest.raises(ModuleNotFoundError, match="source is gone"):
        finder.find_spec("pkg.mod", [str(folder)])


def test_a_manifest_of_another_python_or_damaged_is_no_build(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"python": "cpython-00", "modules": {"a.b": "x"}}), encoding="utf-8")
    assert compiled_loader.read_manifest(path) == {}
    path.write_text("{not json", encoding="utf-8")
    assert compiled_loader.read_manifest(path) == {}
    path.write_text(json.dumps({"python": sys.implementation.cache_tag, "modules": {"a.b": "x"}}),
                    encoding="utf-8")
    assert compiled_loader.read_manifest(path) == {"a.b": "x"}


def test_a_change_of_build_settings_forces_a_full_rebuild(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Cython and setuptools reuse a C file or object newer than its source, so a build made with
    other directives, flags, Cython or interpreter would otherwise be kept module by module."""
    work = tmp_path / "m.json"
    assert compiled.needs_full_rebuild(work)  # nothing built there yet
    work.write_text(json.dumps({"python": sys.implementation.cache_tag, "modules": {},
                                "settings": compiled.settings_key()}), encoding="utf-8")
    assert not compiled.needs_full_rebuild(work)
    key = compiled.settings_key()
    monkeypatch.setitem(compiled._DIRECTIVES, "infer_types", not compiled._DIRECTIVES["infer_types"])
    assert compiled.settings_key() != key
    assert compiled.needs_full_rebuild(work)
    monkeypatch.undo()
    monkeypatch.setattr(compiled, "_FLAGS", ["-O1"])
    assert compiled.needs_full_rebuild(work)
    monkeypatch.undo()
    assert not compiled.needs_full_rebuild(work)
    monkeypatch.setattr(sys, "version", "3.11.2 (main, another build) [GCC 12.2.0]")
    assert compiled.needs_full_rebuild(work)  # a venv made from another Python 3.11


def test_the_manifest_names_the_settings_of_its_build(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    assert compiled.built_settings(path) is None
    path.write_text(json.dumps({"python": sys.implementation.cache_tag, "modules": {},
                                "settings": "abc"}), encoding="utf-8")
    assert compiled.built_settings(path) == "abc"
    path.write_text(json.dumps({"python": sys.implementation.cache_tag, "modules": {}}),
                    encoding="utf-8")
    assert compiled.built_settings(path) is None  # a build from before settings were recorded


def test_what_is_compiled_leaves_out_initialisers_schemas_and_the_loader_itself() -> None:
    names = {compiled.module_name(p) for p in compiled.compilable()}
    assert {"tactica.core.game", "tactica.ai.ismcts", "tactica.games.commander_family.turn",
            "tactica.games.combat_commander.events_all"} <= names
    assert not names & {"tactica.compiled", "tactica.compiled_loader", "tactica.core.schema",
                        "tactica.core.map_schema", "tactica.games.combat_commander.data_models"}
    assert not any(n.endswith("__init__") for n in names)


def test_the_package_installs_one_finder_in_front() -> None:
    finders = [f for f in sys.meta_path if isinstance(f, compiled_loader.SourceUnlessFresh)]
    assert len(finders) == 1 and sys.meta_path[0] is finders[0]
    assert compiled_loader.install() is finders[0]
    assert tactica.new_game is not None


def _fingerprints(pure: bool) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    env.pop(compiled_loader.PURE_ENV, None)
    if pure:
        env[compiled_loader.PURE_ENV] = "1"
    probe = ("import tactica.core.game as g, tactica.compiled_loader as c; "
             "print('compiled' if c.is_compiled(g) else 'source')")
    where = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True,
                           check=True).stdout.strip()
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "fingerprint.py"), "--all", "--games", "20"],
                         env=env, capture_output=True, text=True, check=True).stdout
    return [where] + [line for line in out.splitlines() if "fingerprint" in line]


def test_the_compiled_build_plays_exactly_as_the_sources() -> None:
    """Run where a build exists (``make test`` builds one): 20 fixed-seed games of every module
    hash alike compiled and from source, and the compiled run really loaded compiled modules."""
    built = compiled.status()
    if "tactica.core.game" not in built["compiled"]:
        pytest.skip("no compiled build of this tree (python -m tactica.compiled build)")
    assert compiled_loader.is_compiled(core_game) or os.environ.get(compiled_loader.PURE_ENV)
    fast, pure = _fingerprints(pure=False), _fingerprints(pure=True)
    assert fast[0] == "compiled" and pure[0] == "source"
    assert [line.split(":")[0] for line in fast[1:]] == [
        "combat_commander", "combat_infantry", "commandos_europe", "great_war", "great_war_commander"]
    assert fast[1:] == pure[1:]
