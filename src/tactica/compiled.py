"""An optional compiled build of the engine, the rules modules and the AI (issue 18).

Cython compiles the plain Python modules exactly as they are written (no second source, no type
declarations) into extension modules beside their sources: the same play for less CPU
(docs/architecture.md, "The compiled build"). The sources stay the authority: which modules load
compiled is decided by tactica.compiled_loader, and without a build (no Cython, no C compiler)
nothing changes.

    python -m tactica.compiled build     # compile (needs the "compile" extra and a C compiler)
    python -m tactica.compiled status    # how many modules load compiled, and which are stale
    python -m tactica.compiled clean     # remove the build
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from pathlib import Path

from tactica.compiled_loader import MANIFEST, PACKAGE, extension_files, read_manifest, source_hash

#: What is compiled: the engine, the AI and every rules module. The web, server, simulation
#: and interop layers spend their time in the engine, in I/O or in other libraries.
COMPILED_PACKAGES = ("core", "ai", "games")


def _defines_models(path: Path) -> bool:
    """A data-file schema: it imports pydantic itself."""
    return any(line.startswith(("from pydantic", "import pydantic"))
               for line in path.read_text(encoding="utf-8").splitlines())


def compilable(root: Path = PACKAGE) -> list[Path]:
    """The source files a build compiles, in a stable order."""
    found: list[Path] = []
    for pkg in COMPILED_PACKAGES:
        for path in sorted((root / pkg).rglob("*.py")):
            if path.name != "__init__.py" and not _defines_models(path):
                found.append(path)
    return found


def module_name(path: Path, root: Path = PACKAGE) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    return ".".join(rel.parts)


def status() -> dict[str, list[str]]:
    """Every compilable module sorted by how it would load now: compiled, stale (built from
    another source), or not built."""
    manifest = read_manifest()
    out: dict[str, list[str]] = {"compiled": [], "stale": [], "not built": []}
    for source in compilable():
        name = module_name(source)
        built = any(f.is_file() for f in extension_files(source)) and name in manifest
        if not built:
            out["not built"].append(name)
        elif manifest[name] == source_hash(source):
            out["compiled"].append(name)
        else:
            out["stale"].append(name)
    return out


def twins() -> list[Path]:
    """Every compiled module in the compiled packages, its source still there or not."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(f for pkg in COMPILED_PACKAGES for f in (PACKAGE / pkg).rglob("*")
                  if f.name.endswith(suffixes))


def clean() -> int:
    """Remove the build: the manifest and every compiled module, orphans of deleted sources too."""
    MANIFEST.unlink(missing_ok=True)
    found = twins()
    for f in found:
        f.unlink()
    return len(found)


_DIRECTIVES = {
    "language_level": 3,
    "binding": True,  # functions keep their Python behaviour (signatures, attributes)
    "annotation_typing": False,  # annotations stay documentation, as in the interpreter
    # Cython's safe inference (its default): a local gets a C type only where that cannot change
    # what the code does (a list built here, a flag only ever True or False); 2% fewer
    # instructions in Combat Commander's random games, the same play (bench_instructions.py)
    "infer_types": None,
    "always_allow_keywords": True,
}

# -O3: a distribution's Python (Debian's) builds extensions at -O2, pyenv's at -O3; -O3 runs
# Combat Commander's random games with 1.3% fewer instructions (bench_instructions.py). gcc's
# array-bounds check misreads CPython's own object-header macros in generated code.
_FLAGS = ["-O3", "-Wno-array-bounds"]


def settings_key() -> str:
    """What the build's output depends on besides the sources: Cython's version, its directives,
    the C flags and the interpreter whose headers it compiles against (``sys.version`` names its
    release and build: another Python 3.11 shares the file names but not every internal the
    generated C reads). Cython and setuptools skip a module whose C file is newer than its
    source, so a change here must force a full rebuild (see ``build``)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        cython = installed("Cython")
    except PackageNotFoundError:  # pragma: no cover - depends on the environment
        cython = "none"
    text = json.dumps({"cython": cython, "directives": _DIRECTIVES, "flags": _FLAGS,
                       "python": sys.version}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def built_settings(path: Path = MANIFEST) -> str | None:
    """The settings the present build was made with (None: no build, a half-done one, or one from
    before they were recorded)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    found = data.get("settings") if isinstance(data, dict) else None
    return found if isinstance(found, str) else None


def needs_full_rebuild(path: Path = MANIFEST) -> bool:
    """True unless the present build was made with today's settings: otherwise none of its C
    files and objects may be reused (a build removes the manifest first, so a half-done one
    counts as unknown)."""
    return built_settings(path) != settings_key()


def _translate(job: tuple[str, str, str, bool]) -> tuple[str, list[str] | str]:
    """Cython's half of one module (Python to C), in a worker process: the C sources, or why
    Cython refused the module (a construct it does not support; the module then stays source)."""
    name, source, c_dir, force = job
    from Cython.Build import cythonize
    from Cython.Compiler.Errors import CompileError
    from setuptools import Extension

    try:
        [ext] = cythonize([Extension(name, [source])], quiet=True, build_dir=c_dir,  # type: ignore[no-untyped-call]
                          compiler_directives=_DIRECTIVES, force=force)
    except CompileError as exc:
        return name, f"Cython refused it: {exc}"
    return name, list(ext.sources)


def build(jobs: int | None = None, work: Path | None = None) -> tuple[int, dict[str, str]]:
    """Compile every compilable module in place and write the manifest. Returns how many were
    compiled and, for each module left to its source, why. Raises ``RuntimeError`` when Cython
    or setuptools is missing; a C compiler's failure stops the build (setuptools says why)."""
    try:
        import Cython  # noqa: F401
        from setuptools import Distribution, Extension
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("the compiled build needs Cython and setuptools (the 'compile' extra): "
                           f"{exc}") from exc
    from concurrent.futures import ProcessPoolExecutor

    jobs = jobs or os.cpu_count() or 1
    work = work or PACKAGE.parent.parent / "build" / "compiled"
    sources = {module_name(s): s for s in compilable()}
    hashes = {name: source_hash(s) for name, s in sources.items()}
    force = needs_full_rebuild()
    MANIFEST.unlink(missing_ok=True)  # a half-done build must not be trusted
    for orphan in twins():  # left by a module since deleted or renamed
        if not orphan.with_name(orphan.name.split(".")[0] + ".py").is_file():
            orphan.unlink()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        translated = dict(pool.map(_translate, [(n, str(s), str(work / "c"), force)
                                                    for n, s in sources.items()]))
    refused = {n: r for n, r in translated.items() if isinstance(r, str)}
    for name in refused:  # an old twin of a module Cython now refuses must not look built
        for f in extension_files(sources[name]):
            f.unlink(missing_ok=True)
    extensions = [Extension(n, c, extra_compile_args=_FLAGS) for n, c in translated.items()
                  if not isinstance(c, str)]
    dist = Distribution({"name": "tactica-compiled", "ext_modules": extensions,
                         "package_dir": {"": str(PACKAGE.parent)}})
    cmd = dist.get_command_obj("build_ext")
    cmd.inplace = True
    cmd.parallel = jobs
    cmd.build_temp = str(work / "temp")
    cmd.build_lib = str(work / "lib")
    cmd.force = force
    dist.run_command("build_ext")
    done = {n: h for n, h in hashes.items()
            if n not in refused and any(f.is_file() for f in extension_files(sources[n]))}
    MANIFEST.write_text(json.dumps({"python": sys.implementation.cache_tag, "modules": done,
                                    "settings": settings_key()},
                                   indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return len(done), refused


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "status"
    if command == "build":
        try:
            n, refused = build()
        except RuntimeError as exc:
            print(f"tactica.compiled: {exc}", file=sys.stderr)
            return 1
        print(f"compiled {n} modules")
        for name, why in sorted(refused.items()):
            print(f"left to its source: {name}: {why}")
        return 0
    if command == "clean":
        print(f"removed {clean()} compiled modules")
        return 0
    if command == "status":
        for kind, names in status().items():
            listed = "" if kind == "compiled" or not names else ": " + ", ".join(names)
            print(f"{kind}: {len(names)}{listed}")
        if read_manifest() and needs_full_rebuild():
            print("the build was made with other settings (Cython, directives, C flags or interpreter): "
                  "`python -m tactica.compiled build` remakes every module")
        return 0
    print("usage: python -m tactica.compiled [build|status|clean]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
