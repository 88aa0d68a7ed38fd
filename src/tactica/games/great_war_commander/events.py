"""Great War Commander's Events E56-E97: registration (filled by the helper "gwcards").

rules.py calls :func:`register` once. Until filled, every Event is in the registry as not yet
implemented: an Event! trigger reveals it and the log says it has no effect (events.EventDef).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import GreatWarCommanderRules


def register(rules: GreatWarCommanderRules) -> None:
    """Register the implemented Events on ``rules.events`` (none yet)."""
