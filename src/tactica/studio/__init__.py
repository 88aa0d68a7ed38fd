"""The designer's studio: build any position of any module in Python, then play it.

``board`` gives a map inline (the open map format's terms, any size, no file), ``Position``
places units, markers, hands, stacked decks, objectives and tracks and says whose decision it
is, and ``Position.game`` returns an ordinary Game. Each module plugs in through one adapter
(``register_adapter``). ``force_roll`` fixes the next rolls by value (a test aid) and
``entries`` reads the log's results as values; ``arrive`` brings a unit onto the map of a
running game. docs/studio.md has the whole API and examples.
"""

from .board import BoardSpec, board
from .position import (
                       Adapter,
                       Position,
                       StudioError,
                       adapter_for,
                       arrive,
                       entries,
                       force_roll,
                       register_adapter,
)

__all__ = ["Adapter", "BoardSpec", "Position", "StudioError", "adapter_for", "arrive", "board",
           "entries", "force_roll", "register_adapter"]
