"""Steps that walk through phases fail loudly on a phase they do not know.

A frame's ``phase`` is state: a typo, or a phase a game's hook invented without handling it,
must stop the game with the step's name and the phase, not fall into a catch-all branch that
quietly pops the frame or does the last step again.
"""

from __future__ import annotations

from typing import NoReturn

from tactica.core.game import FlowError


def unknown_phase(step: str, phase: object) -> NoReturn:
    raise FlowError(f"step {step!r} has no phase {phase!r}")
