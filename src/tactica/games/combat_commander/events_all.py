"""Every Combat Commander Event (E43-E77), registered in one call."""

from __future__ import annotations

from typing import Any

from . import events_cards, events_map, events_support, events_units


def register(rules: Any) -> None:
    """Replace the "not implemented" Event entries of ``rules`` by the real ones."""
    for module in (events_units, events_map, events_cards, events_support):
        module.register(rules)
