"""The Order registry (O14): which Orders exist, which are implemented, and how each starts.

A game (or procedures.py for the shared ones) adds an Order by registering an
:class:`OrderDef` whose ``start`` pushes the frames that carry the Order out (activation, then
the procedure). The Turn (turn.py) offers a card for its Order only if the entry is implemented
and ``legal`` says yes; when the pushed frames pop, the Turn runs the end-of-Order hook (the
Melee check, O16.4) and offers the next Order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tactica.core.game import Game

OrderCheck = Callable[["Game", int, str], bool]
"""(game, seat, card id) -> may this card be given as this Order now?"""
OrderStart = Callable[["Game", int, str], None]
"""(game, seat, card id): push the frames that carry out the Order (the card is already played)."""


@dataclass(frozen=True, slots=True)
class OrderDef:
    name: str
    rule: str
    implemented: bool = False
    legal: OrderCheck | None = None
    start: OrderStart | None = None

    def offered(self, g: Game, seat: int, card: str) -> bool:
        if not self.implemented or self.start is None:
            return False
        return self.legal is None or self.legal(g, seat, card)


def _never(g: Game, seat: int, card: str) -> bool:
    return False


def _no_start(g: Game, seat: int, card: str) -> None:
    """Never called (``_never`` refuses the Order); a named function, so the registry pickles."""


COMMAND_CONFUSION = OrderDef("Command Confusion", "O19", implemented=True, legal=_never,
                             start=_no_start)
"""The dud (CC O19, GWC O20). Such a card can never be given as an Order (its Action may still be
useful); a registry gives it the playing game's number."""


def order_registry(names: dict[str, str]) -> dict[str, OrderDef]:
    """Every Order name (name -> rule number) registered as not yet implemented, then the ones
    the game implements."""
    reg = {n: OrderDef(n, r) for n, r in names.items()}
    rule = names.get(COMMAND_CONFUSION.name, COMMAND_CONFUSION.rule)
    reg[COMMAND_CONFUSION.name] = (COMMAND_CONFUSION if rule == COMMAND_CONFUSION.rule
                                   else replace(COMMAND_CONFUSION, rule=rule))
    return reg
