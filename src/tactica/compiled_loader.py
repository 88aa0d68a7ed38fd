"""Which of tactica's modules load compiled (issue 18; the build itself is tactica.compiled).

A compiled twin (an extension module beside its source) loads only when the build's manifest
holds the hash of the very source text beside it: an edited module loads from source until the
next build, and ``TACTICA_PURE=1`` loads every module from source. ``tactica/__init__`` installs
the finder before anything else of the package loads.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_compiled.json"
PURE_ENV = "TACTICA_PURE"


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension_files(source: Path) -> list[Path]:
    return [source.with_name(source.stem + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES]


def read_manifest(path: Path = MANIFEST) -> dict[str, str]:
    """Module name -> hash of the source it was compiled from; empty when there is no usable build
    (none, a damaged manifest, or one written by another Python)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("python") != sys.implementation.cache_tag:
        return {}
    modules = data.get("modules")
    return {k: v for k, v in modules.items() if isinstance(v, str)} if isinstance(modules, dict) else {}


class SourceUnlessFresh(importlib.abc.MetaPathFinder):
    """Placed first on ``sys.meta_path``: for a module of the package that has a compiled twin
    beside its source, load the source unless the twin was built from exactly this source (and
    the pure path was not asked for). Otherwise it declines and the usual finders take over, which
    prefer the extension module."""

    def __init__(self, package: str, manifest: dict[str, str], pure: bool) -> None:
        self.prefix = package + "."
        self.manifest = manifest
        self.pure = pure
        self.loaded_from_source: list[str] = []

    def fresh(self, fullname: str, source: Path) -> bool:
        want = self.manifest.get(fullname)
        return not self.pure and want is not None and want == source_hash(source)

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if path is None or not fullname.startswith(self.prefix):
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = Path(folder) / (leaf + ".py")
            if not source.is_file():
                if any(f.is_file() for f in extension_files(source)):
                    raise ModuleNotFoundError(
                        f"{fullname}: a compiled module is left whose source is gone "
                        "(python -m tactica.compiled clean, then build)", name=fullname)
                continue
            if not any(f.is_file() for f in extension_files(source)) or self.fresh(fullname, source):
                return None
            self.loaded_from_source.append(fullname)
            return importlib.util.spec_from_file_location(fullname, source)
        return None


def install() -> SourceUnlessFresh:
    """Put the finder in front (once); called by ``tactica/__init__`` before anything else loads."""
    for finder in sys.meta_path:
        if isinstance(finder, SourceUnlessFresh):
            return finder
    pure = os.environ.get(PURE_ENV, "") not in ("", "0")
    finder = SourceUnlessFresh(PACKAGE.name, read_manifest(), pure)
    sys.meta_path.insert(0, finder)
    return finder


def is_compiled(module: ModuleType) -> bool:
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def loaded_as() -> str:
    """How this process loaded the engine, for benchmarks to print beside their figures."""
    from tactica.core import game

    return "compiled" if is_compiled(game) else "from source"
