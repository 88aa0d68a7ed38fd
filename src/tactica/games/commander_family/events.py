"""The Event registry (E42-E77): what each Event does when an Event! trigger reveals it.

An Event is never played from hand: it is read off the top of the draw pile (1.7, 1.9.1.1). A
game implements one by registering an :class:`EventDef` whose ``execute`` applies it or
pushes frames for its decisions (the receiving player decides unless the Event says otherwise).
An Event a game has not implemented is a logged no-op, so the log says plainly what is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tactica.core.game import Game

EventExecute = Callable[["Game", int, str], None]
"""(game, receiving seat, card id whose Event is executed)."""


@dataclass(frozen=True, slots=True)
class EventDef:
    name: str
    rule: str
    implemented: bool = False
    execute: EventExecute | None = None

    def run(self, g: Game, seat: int, card: str) -> None:
        if self.implemented and self.execute is not None:
            self.execute(g, seat, card)
        else:
            g.emit(self.rule, "Event {event} is not implemented yet: no effect", event=self.name)


def event_registry(names: dict[str, str]) -> dict[str, EventDef]:
    return {n: EventDef(n, r) for n, r in names.items()}
