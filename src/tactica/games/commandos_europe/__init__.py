"""Commandos: Europe (Eric R. Harvey, Decision Games 2017): rules module ``commandos_europe``.

Solitaire: one seat, the commandos. The rules themselves generate, move and fight the enemy as
automatic flow driven by the game's seeded chance; where the book leaves a tie to the player,
seat 0 is asked. Rule numbers in the log are the book's (1.0-15.0); RULES.md lists them all,
with the readings chosen where the text is damaged or silent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.board import Board
from tactica.core.game import Game
from tactica.core.rules import Rules, ScenarioInfo

from . import drawing
from .combat import attack_odds
from .flow import STEPS
from .geo import geo
from .setup import scenario_infos, setup
from .text import describe
from .view import view


class CommandosEuropeRules(Rules):
    id = "commandos_europe"
    name = "Commandos: Europe"
    version = "2"
    seats = ("commandos",)
    option_defaults: Mapping[str, Any] = {}

    def scenarios(self) -> list[ScenarioInfo]:
        return scenario_infos(self.seats)

    def setup(self, g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        setup(g, scenario)

    def view(self, g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
        return view(g, seat, everything)

    def describe(self, g: Game, seat: int | None) -> str:
        return describe(view(g, seat, g.is_terminal()))

    def board(self, g: Game) -> Board:
        return geo(g.state["map"]).board

    def scripted(self) -> Any:
        """The scripted policy and search hooks (scripted.py), for tactica.ai."""
        from . import scripted

        return scripted

    def drawing(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        return drawing.drawing(g, seat, view)

    def odds(self, g: Game, seat: int, option_id: str) -> dict[str, Any] | None:
        return attack_odds(g, seat, option_id)

    def summary(self, g: Game) -> dict[str, Any]:
        """For sim reports: the net mission score (5.0) as the seat's points, and the turn."""
        v = view(g, None, True)
        return {"vp": v["vp"], "turn": v["turn"]}


RULES = CommandosEuropeRules(STEPS)
