"""Search levels: how much thinking each named strength gets.

The named levels are move-time budgets, as a player has a clock: fast / normal / strong think
up to 0.25 s / 1 s / 4 s at a searched decision, and stop earlier at an iteration cap (64 / 300
/ 1200), so a fast machine does not spend time where more playouts no longer change the move,
and so that a level means about the same search on any machine that reaches the cap.

A time budget depends on the machine and its load. Where the same seed must give the same move
(tests, strength benches to compare across commits), use the level with the clock off,
``search:<level>:fixed`` (its iteration cap only), or a plain iteration count ``search:<n>``;
``search:<x>s`` is a clock with no cap. bench/bench_ai.py prints the time per move of each level.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class SearchLevel:
    name: str
    label: str
    iterations: int | None = None
    """Determinizations (one tree descent + rollout each) per decision at most (None: no cap)."""
    seconds: float | None = None
    """Wall-clock budget per decision (None: no clock, the search is reproducible). With both,
    the search stops at whichever comes first (at least one round of every candidate)."""
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
    paired_play: bool = False
    """Whether the candidates of a round also share the stream of the search's own random
    choices (the rollouts' random moves, the policy's tie-breaks), not only the determinization
    and its dice: their paired differences then hold less noise that is not the choice's."""

    @property
    def deterministic(self) -> bool:
        """Whether a seed fixes the moves: no clock."""
        return self.seconds is None

    def fixed(self) -> SearchLevel:
        """This level with the clock off: its iteration cap only, so a seed fixes every move."""
        if self.iterations is None:
            raise ValueError(f"level {self.name!r} has no iteration cap to fall back on")
        return replace(self, name=f"{self.name}:fixed", label=f"{self.label}, fixed", seconds=None)


LEVELS: dict[str, SearchLevel] = {
    "fast": SearchLevel("fast", "Search (fast)", iterations=64, seconds=0.25),
    "normal": SearchLevel("normal", "Search (normal)", iterations=300, seconds=1.0),
    "strong": SearchLevel("strong", "Search (strong)", iterations=1200, seconds=4.0),
}
DEFAULT_LEVEL = "normal"

_ITER = re.compile(r"^(\d+)$")
_SECS = re.compile(r"^(\d+(?:\.\d+)?)s$")


def parse_level(text: str) -> SearchLevel:
    """'fast' | 'normal' | 'strong' (a move time with an iteration cap), the same with ':fixed'
    (the cap only: reproducible), '<n>' (iterations) | '<x>s' (seconds per decision, no cap)."""
    t = text.strip() or DEFAULT_LEVEL
    if t in LEVELS:
        return LEVELS[t]
    name, _, mode = t.partition(":")
    if mode == "fixed" and name in LEVELS:
        return LEVELS[name].fixed()
    base = LEVELS[DEFAULT_LEVEL]
    m = _ITER.match(t)
    if m and int(m.group(1)) > 0:
        return replace(base, name=t, label=f"Search ({t} iterations)", iterations=int(m.group(1)),
                       seconds=None)
    m = _SECS.match(t)
    if m and float(m.group(1)) > 0:
        return replace(base, name=t, label=f"Search ({t} a move)", iterations=None, seconds=float(m.group(1)))
    raise ValueError(f"no search level {text!r}; known: {', '.join(LEVELS)}, <iterations>, <seconds>s")
