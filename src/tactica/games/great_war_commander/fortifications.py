"""Great War Commander Fortifications F125-F131 (the family hooks call this module):
filled by the helper "gwart".

rules.py calls :func:`register` once when the rules object is built; nothing is registered yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules


def register(rules: GreatWarCommanderRules) -> None:
    """Register this part of the game on ``rules`` (nothing yet)."""


def setup(g: Game, scenario: Mapping[str, Any]) -> None:
    """F125: place the scenario's Fortifications (data/scenarios ``fortifications``; not yet)."""


def in_wire(g: Game, label: str | None) -> bool:
    """F131.1: is the hex Wire? (no Wire yet)"""
    return False


def weapon_blocked(g: Game, label: str | None) -> bool:
    """F131.3: may no Weapon fire from this hex (Wire)?"""
    return False


def group_split(g: Game, a: str, b: str) -> bool:
    """F131.3: do Wire hexes keep their pieces out of a Fire Group with the other hex?"""
    return False


def wire_halts(g: Game, frm: str, to: str) -> bool:
    """F131.2: does this step end the mover's Move (entering or leaving Wire)?"""
    return False


def trench_step(g: Game, frm: str, to: str) -> bool:
    """F130.2: is the step one between connected Trenches (1 MP, no Op Fire)?"""
    return False


def mined(g: Game, label: str | None) -> bool:
    """F128: does the hex hold Mines?"""
    return False


def push_mine_attack(g: Game, label: str, movers: list[str], *, moving: bool = False,
                     rule: str | None = None) -> bool:
    """F128.2: push a Mine Attack on ``movers`` if ``label`` is mined; True if one was pushed."""
    return False


def melee_tie_winner(g: Game, label: str) -> int | None:
    """F126, F129: the seat that wins a tied Melee by holding the hex's Pillbox or Blockhaus."""
    return None


def cover(g: Game, label: str | None, heavy: bool) -> tuple[int, str] | None:
    """The hex's Fortification Cover and why (F126-F130; ``heavy``: Mortars and Artillery)."""
    return None


def after_board_change(g: Game) -> None:
    """Keep current who holds each Fortification (F125), after every Order and trigger."""
