"""The printed values of one side of a Commander counter (3.1), as each game's components give
them to the family (protocols.SideLike): one class for every Commander game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CounterSide:
    """One side of a counter (3.1); the flipped side is the broken one (3.2). A GWC Tank's
    ``fp``/``range`` are those of its machine gun, the armament the family's Fire uses."""

    fp: int
    range: int
    movement: int
    morale: int
    command: int | None = None  # Leaders only
    boxed: frozenset[str] = frozenset()
