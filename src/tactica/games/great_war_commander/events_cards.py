"""Great War Commander's Events about hands and Objective chits: E62 Captured Papers, E73
Intelligence, E81 New Mission, E86 Reconnaissance (the family's procedures,
commander_family/events_cards.py, with this book's choices):

* Intelligence: the enemy shows his hand (never his Strategy Card) and the receiver must discard
  one of its cards.
* Captured Papers: the same, then one of the enemy's secret Objective chits becomes open.
* Reconnaissance and Captured Papers: the receiver picks the chit, blind (he cannot see them: the
  options name positions, so the choice tells nothing about the chits).
* New Mission: a chit drawn at random (secret if it has a secret side), and a Strategy Card if
  the receiver holds none (usable from his next Turn, as a Time-advance draw).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family.event_steps import continuation
from ..commander_family.events_cards import draw_secret_chit, reveal_enemy_chit, show_hand
from ..commander_family.state import side
from . import strategy_hand

if TYPE_CHECKING:
    from tactica.core.game import Game


def intelligence(g: Game, seat: int, card: str) -> None:
    show_hand(g, seat, "E73", "Intelligence", False)


def captured_papers(g: Game, seat: int, card: str) -> None:
    show_hand(g, seat, "E62", "Captured Papers", False, then="captured_papers_chit")


@continuation("captured_papers_chit")
def _captured_chit(g: Game, a: Args, _: Option | None) -> None:
    reveal_enemy_chit(g, int(a["seat"]), "E62", True)


def reconnaissance(g: Game, seat: int, card: str) -> None:
    reveal_enemy_chit(g, seat, "E86", True)


def new_mission(g: Game, seat: int, card: str) -> None:
    draw_secret_chit(g, seat, "E81")
    if side(g.state, seat)["sc_hand"]:
        g.emit("E81", "{nation} holds a Strategy Card already: none drawn",
               nation=side(g.state, seat)["nation"])
    else:
        strategy_hand.draw(g, seat, "New Mission, E81")
