"""Combat Infantry, WestFront edition (Columbia Games): rules module ``combat_infantry``.

A block game: each block faces its owner, so the other player sees a unit is there but not what
it is or how strong until the rules reveal it (1.0). Rules are cited by the book's numbers
(1.0-10.5); what the book leaves to its components (label sheet, maps, scenarios) is our design,
documented in each data file's header. RULES.md maps every rule to its status and tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.board import Board
from tactica.core.chance import Chance
from tactica.core.custom import PREFIX
from tactica.core.game import Game
from tactica.core.rules import Rules, ScenarioInfo

from .assault import Assault, AssaultUnit, Regroup
from .blocks import SIDES
from .drawing import drawing
from .flow import Action, Activate, Command, Deploy, EndActivation, GameTurn, TankUpright
from .movement import Move
from .scenarios import geo_of, load_scenario, scenario_ids, setup
from .setup_step import SetUp
from .text import describe
from .view import resample, view

CHIT_PULL_CHOICE: Mapping[str, Any] = {
    "id": "chit_pull",
    "label": "Solitaire (10.5)",
    "help": "Chance draws one side's HQs (chit-pull); seat the Scripted AI there to play against it.",
    "choices": [
        ["", "off: two players"],
        ["ger", "German HQs by chit-pull"],
        ["usa", "American HQs by chit-pull"],
    ],
    "default": "",
}
"""The lobby's control for the ``chit_pull`` game option (a scenario's ``options``)."""


class CombatInfantryRules(Rules):
    id = "combat_infantry"
    name = "Combat Infantry (WestFront)"
    version = "5"
    seats = SIDES
    option_defaults: Mapping[str, Any] = {"surrender": False, "chit_pull": ""}
    """``surrender``: offer each player a Surrender option at every activation (10.4); off by
    default, so random and scripted play does not end games that way. ``chit_pull``: "usa" or
    "ger" plays that side by the solitaire chit-pull (10.5): chance draws its HQs, one pool per
    company, and each drawn HQ may be placed next to one of its units; seat the scripted agent
    (the 10.5 activation priorities) there to play against it."""

    def scenarios(self) -> list[ScenarioInfo]:
        return [self._info(sid) for sid in scenario_ids()]

    def scenario(self, scenario_id: str) -> ScenarioInfo:
        """Built-in scenarios as listed; a custom one (the editor's, by content id) once this
        process has registered it or can fetch it from the server's copies (custom.py)."""
        if scenario_id.startswith(PREFIX):
            return self._info(scenario_id)  # RulesError if there is none
        return super().scenario(scenario_id)

    def _info(self, sid: str) -> ScenarioInfo:
        d = load_scenario(sid)
        return ScenarioInfo(
            sid,
            d["name"],
            " ".join(str(d.get("description", "")).split()),
            seats=self.seats,
            extra={
                "game_turns": d["game_turns"],
                "solitaire": bool(d.get("solitaire", False)),
                "options": [CHIT_PULL_CHOICE],
            },
        )

    def setup(self, g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        setup(
            g,
            scenario,
            surrender=bool(options.get("surrender", False)),
            chit_pull=str(options.get("chit_pull", "")),
        )

    def view(self, g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
        return view(g, seat, everything)

    def describe(self, g: Game, seat: int | None) -> str:
        return describe(view(g, seat, g.is_terminal()))

    def resample(self, g: Game, seat: int, chance: Chance) -> None:
        resample(g, seat, chance)

    def scripted(self) -> Any:
        """The scripted policy and search hooks (scripted.py), for tactica.ai."""
        from . import scripted

        return scripted

    def drawing(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        return drawing(g, seat, view)

    def board(self, g: Game) -> Board:
        return geo_of(g.state).board

    def line_of_sight(self, g: Game, a: str, b: str) -> dict[str, Any] | None:
        geo = geo_of(g.state)
        if a not in geo.index or b not in geo.index:
            return None
        t = geo.los.trace(geo.board.hexes[geo.index[a]], geo.board.hexes[geo.index[b]])
        return {"clear": t.result.clear, "notes": list(t.notes)}


RULES = CombatInfantryRules(
    [
        GameTurn(),
        Activate(),
        Deploy(),
        Command(),
        Action(),
        Move(),
        EndActivation(),
        Assault(),
        AssaultUnit(),
        Regroup(),
        TankUpright(),
        SetUp(),
    ]
)
