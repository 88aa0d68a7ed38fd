"""Search levels: how much thinking each named strength gets.

Levels are iteration budgets, so a given seed always gives the same move (tests and benches rely
on it); a time budget (``search:2s``) is there for play where a clock matters more than
reproducibility. The iteration counts are sized so a move takes roughly 0.1 s / 0.5 s / 2 s on a
Great War decision on one core (bench/bench_ai.py prints the real figures).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class SearchLevel:
    name: str
    label: str
    iterations: int | None = None
    """Determinizations (one tree descent + rollout each) per decision."""
    seconds: float | None = None
    """Wall-clock budget per decision instead (not reproducible)."""
    tree_depth: int = 10
    """Decisions below the root the tree may grow to; below it, the rollout policy plays. One
    order in these games commits many choices, so the tree covers one order, not the game."""
    rollout_turns: int = 2
    """Turns a rollout plays past the root's turn before the module's evaluation scores it (when
    the module has turn_key/evaluate hooks; else rollouts run to the end)."""
    max_rollout: int = 400
    """Hard cap on rollout decisions (a safety net for modules without hooks)."""
    exploration: float = 0.35
    """UCB constant (values are in [-1, 1])."""
    prior: float = 0.3
    """Bonus, fading with visits, for the option the scripted policy would choose."""
    epsilon: float = 0.05
    """Share of rollout decisions played at random instead of by the scripted policy."""
    deviate_z: float = 1.64
    """How sure search must be to overrule its policy at the root: the best option's paired
    mean advantage over the policy's option, in standard errors (1.64: one-sided 95%)."""
    race_after: int = 4
    """Rounds before candidates may drop out of the root's race."""
    race_z: float = 1.0
    """A candidate drops out when its paired mean advantage over the policy's option is below 0
    by this many standard errors (it would almost never come back to beat it by deviate_z)."""


LEVELS: dict[str, SearchLevel] = {
    "fast": SearchLevel("fast", "Search (fast)", iterations=48),
    "normal": SearchLevel("normal", "Search (normal)", iterations=200),
    "strong": SearchLevel("strong", "Search (strong)", iterations=800),
}
DEFAULT_LEVEL = "normal"

_ITER = re.compile(r"^(\d+)$")
_SECS = re.compile(r"^(\d+(?:\.\d+)?)s$")


def parse_level(text: str) -> SearchLevel:
    """'fast' | 'normal' | 'strong' | '<n>' (iterations) | '<x>s' (seconds per decision)."""
    t = text.strip() or DEFAULT_LEVEL
    if t in LEVELS:
        return LEVELS[t]
    base = LEVELS[DEFAULT_LEVEL]
    m = _ITER.match(t)
    if m and int(m.group(1)) > 0:
        return replace(base, name=t, label=f"Search ({t} iterations)", iterations=int(m.group(1)))
    m = _SECS.match(t)
    if m and float(m.group(1)) > 0:
        return replace(base, name=t, label=f"Search ({t} a move)", iterations=None, seconds=float(m.group(1)))
    raise ValueError(f"no search level {text!r}; known: {', '.join(LEVELS)}, <iterations>, <seconds>s")
