"""Options and decisions: the one door through which every choice enters a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CHANCE = -1
"""OpenSpiel's id for the chance player (never current here: chance is sampled inside apply)."""
TERMINAL = -4
"""OpenSpiel's id for 'nobody': the game is over."""


class IllegalOption(ValueError):
    """An option that is not among the legal ones now. The game is left untouched."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice. ``id`` is stable: the same choice in the same situation always has the
    same id, so records, the UI and tests can name it. ``args`` holds structured values the UI
    uses to place the option on the map (hex labels, unit ids)."""

    id: str
    label: str = ""
    kind: str = ""
    args: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label or self.id, "kind": self.kind, "args": dict(self.args)}


_NO_ARGS: Any = object()


def _fast_init(cls: type) -> None:
    """Give the frozen slotted :class:`Option` an ``__init__`` that sets its slots through
    their descriptors instead of ``object.__setattr__`` by name, with the same parameters and
    defaults (speed: a game lists thousands of options; instances stay exactly as frozen)."""
    set_id, set_label, set_kind, set_args = (cls.__dict__[n].__set__ for n in ("id", "label", "kind", "args"))

    def __init__(self: Option, id: str, label: str = "", kind: str = "",
                 args: dict[str, Any] = _NO_ARGS) -> None:
        set_id(self, id)
        set_label(self, label)
        set_kind(self, kind)
        set_args(self, {} if args is _NO_ARGS else args)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = __init__  # type: ignore[misc]


_fast_init(Option)


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now and between what. ``window`` marks a reaction window (the other seats'
    views show it exactly like any other wait, so a pass by hand and a skip look the same)."""

    seat: int
    prompt: str
    options: tuple[Option, ...]
    step: str
    window: bool = False

    def find(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise IllegalOption(
            f"{option_id!r} is not a legal option now (step {self.step!r}, seat {self.seat}); "
            f"legal: {', '.join(o.id for o in self.options[:12])}{' …' if len(self.options) > 12 else ''}"
        )
