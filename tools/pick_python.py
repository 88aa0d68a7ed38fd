"""Prints the Python that ``make`` should build ``.venv`` from: the fastest Python 3.11+ on this
machine that can make a virtual environment with pip.

Why: the same CPython version runs the engine at very different speeds depending on how it was
built. A distribution's interpreter (Debian's, for one) is built with profile-guided and
link-time optimisation; a default pyenv or source build is not, and it reaches its library
through a shared ``libpython``. On this project's machine kind the engine plays about 15%
more games a CPU-second on Debian's 3.11 than on a default pyenv 3.11 (README, Performance).
Which of the installed interpreters is the fast one cannot be read reliably from their build
flags, so each candidate runs the same short workload of the kinds of work the engine does
(string-keyed dicts, attribute reads, method calls, small lists) and the fastest wins. A
candidate within 5% of the first one found (``python3`` on the PATH, if it qualifies) does not
replace it, so a near tie keeps the usual choice.

Run: python3 tools/pick_python.py [--verbose]. ``make setup PY=/path/to/python`` skips it.
Standard library only: it runs before any environment exists.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

NAMES = ("python3", "python3.11", "python3.12", "python3.13", "python3.14")
PLACES = ("/usr/bin", "/usr/local/bin")
TIE = 0.05
"""A candidate must be this much faster than the first one to be picked instead."""

CHECK = (
    "import os, sys, venv, ensurepip\n"
    "assert sys.version_info >= (3, 11)\n"
    "print(os.path.realpath(sys.executable))\n"
    "print('%d.%d.%d' % sys.version_info[:3])\n"
)

WORKLOAD = """
import time

class Unit:
    __slots__ = ("seat", "fp")
    def __init__(self, seat, fp):
        self.seat, self.fp = seat, fp
    def value(self, bonus):
        return self.fp + bonus

def work():
    units = {"u%d" % i: {"hex": "C%d" % (i % 9), "where": "map" if i % 5 else "pool",
                         "seat": i % 2} for i in range(60)}
    objs = [Unit(i % 2, i) for i in range(60)]
    total = 0
    for _ in range(40):
        by_hex = {}
        for uid, u in units.items():
            if u["where"] == "map":
                by_hex.setdefault(u["hex"], []).append(uid)
        for o in objs:
            total += o.value(o.seat)
        total += len(sorted(by_hex)) + len([h for h in by_hex if len(by_hex[h]) > 1])
    return total

best = None
for _ in range(5):
    t = time.process_time()
    for _ in range(120):
        work()
    t = time.process_time() - t
    best = t if best is None else min(best, t)
print(best)
"""


def candidates() -> list[str]:
    """Paths of every interpreter named like a Python 3 on the PATH or in the usual places."""
    found: list[str] = []
    for name in NAMES:
        hit = shutil.which(name)
        if hit:
            found.append(hit)
        for place in PLACES:
            path = os.path.join(place, name)
            if os.access(path, os.X_OK):
                found.append(path)
    return found


def qualify(path: str) -> tuple[str, str] | None:
    """(real executable, version) when ``path`` is a Python 3.11+ that can make a venv with pip."""
    try:
        done = subprocess.run([path, "-c", CHECK], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = done.stdout.split()
    if done.returncode != 0 or len(lines) != 2:
        return None
    return lines[0], lines[1]


def seconds(path: str) -> float:
    """CPU seconds of the workload's best round under ``path`` (inf when it fails)."""
    try:
        done = subprocess.run([path, "-c", WORKLOAD], capture_output=True, text=True, timeout=300)
        return float(done.stdout.strip()) if done.returncode == 0 else float("inf")
    except (OSError, subprocess.SubprocessError, ValueError):
        return float("inf")


def pick(verbose: bool = False) -> str | None:
    """The real path of the interpreter to use, or None when no candidate qualifies."""
    pythons: dict[str, str] = {}  # real executable -> version, in the order found
    for path in candidates():
        q = qualify(path)
        if q is not None and q[0] not in pythons:
            pythons[q[0]] = q[1]
    if len(pythons) < 2:
        return next(iter(pythons), None)
    times = dict.fromkeys(pythons, float("inf"))
    for _ in range(3):  # rounds in turn, so that a burst of load does not favour one of them
        for exe in pythons:
            times[exe] = min(times[exe], seconds(exe))
    first = next(iter(pythons))
    fastest = min(times, key=lambda exe: times[exe])
    chosen = fastest if times[fastest] < times[first] * (1 - TIE) else first
    if verbose:
        for exe, version in pythons.items():
            mark = "  <- chosen" if exe == chosen else ""
            print(f"  {exe} ({version}): {times[exe] * 1000:.1f} ms{mark}", file=sys.stderr)
    return chosen


def main() -> None:
    chosen = pick(verbose="--verbose" in sys.argv[1:])
    if chosen is None:
        raise SystemExit("no Python 3.11+ that can make a virtual environment (apt-get install python3-venv)")
    print(chosen)


if __name__ == "__main__":
    main()
