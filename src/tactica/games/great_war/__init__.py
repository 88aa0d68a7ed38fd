"""The Great War (Commands & Colors WWI, Richard Borg): rules module ``great_war``.

Battle rules follow rulebook 003 exactly (rule ids "GW ..."); the rest of the game (board,
terrain, turn, decks, scenarios) is our design in the Commands & Colors manner (rule ids
"TGW-D ..."). RULES.md tells them apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.board import Board
from tactica.core.chance import Chance
from tactica.core.decks import redeal
from tactica.core.game import Game
from tactica.core.rules import Rules, ScenarioInfo, copy_by_shape

from . import drawing
from .flow import STEPS
from .scenarios import CUSTOM_PREFIX, SIDES, geo_of_state, load_scenario, scenario_ids, setup
from .text import describe
from .view import view

_RECORDS = frozenset({"units"})
_FLAT = frozenset({"occ", "terrain"})


class GreatWarRules(Rules):
    id = "great_war"
    name = "The Great War"
    version = "4"
    seats = SIDES
    option_defaults: Mapping[str, Any] = {}

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for sid in scenario_ids():
            d = load_scenario(sid)
            out.append(ScenarioInfo(sid, d["name"], " ".join(str(d.get("description", "")).split()),
                                    seats=self.seats, extra={"medals": dict(d["medals"])}))
        return out

    def scenario(self, scenario_id: str) -> ScenarioInfo:
        """Built-in scenarios as listed; a custom one (the editor's, by content id) once this
        process has registered it (scenarios.register_scenario: the server does so from its
        store before it creates or rebuilds a game on it, and installs its store as the source
        an evicted one is registered again from)."""
        if scenario_id.startswith(CUSTOM_PREFIX):
            d = load_scenario(scenario_id)  # fetched again from the source if evicted
            return ScenarioInfo(scenario_id, d["name"], " ".join(str(d.get("description", "")).split()),
                                seats=self.seats, extra={"medals": dict(d["medals"])})
        return super().scenario(scenario_id)

    def setup(self, g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        setup(g, scenario)

    def view(self, g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
        return view(g, seat, everything)

    def describe(self, g: Game, seat: int | None) -> str:
        geo = geo_of_state(g.state)
        rows: dict[int, list[tuple[str, str]]] = {}
        for i, h in enumerate(geo.board.hexes):
            row = geo.board.layout.to_offset(h)[1]
            rows.setdefault(row, []).append((geo.label(i), g.state["terrain"][i]))
        ordered = [sorted(rows[r], key=lambda c: geo.board.layout.parse(c[0])[0]) for r in sorted(rows)]
        return describe(view(g, seat, g.is_terminal()), ordered)

    # the browser table: drawing.py
    def board(self, g: Game) -> Board:
        return drawing.board(g)

    def scripted(self) -> Any:
        """The scripted policy and search hooks (scripted.py), for tactica.ai."""
        from . import scripted

        return scripted

    def drawing(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        return drawing.drawing(g, seat, view)

    def odds(self, g: Game, seat: int, option_id: str) -> dict[str, Any] | None:
        return drawing.odds(g, seat, option_id)

    def line_of_sight(self, g: Game, a: str, b: str) -> dict[str, Any] | None:
        return drawing.line_of_sight(g, a, b)

    def summary(self, g: Game) -> dict[str, Any]:
        """Turns played (the counter has moved past the limit when the game ends on it), medals
        plus objectives held (TGW-D Victory 2), and the ending: turn limit or medals."""
        s = g.state
        reason = str((s["result"] or {}).get("reason", ""))
        return {"turns": min(int(s["turn"]), 2 * int(s["turn_limit"])),
                "vp": [float(s["medals"][i] + s["held"][i]) for i in (0, 1)],
                "end": "turn limit" if reason.startswith("turn limit") else "medals"}

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """Units are flat dicts, ``occ`` and ``terrain`` flat lists (scenarios.py): copied as
        such, the rest through marshal (speed: search clones at every iteration)."""
        return copy_by_shape(state, records=_RECORDS, flat=_FLAT)

    def hidden_zones(self, g: Game, seat: int) -> list[list[Any]]:
        s = g.state
        return [s["hands"][1 - seat], s["command"]["draw"], s["combat_hands"][1 - seat], s["combat"]["draw"]]

    def resample(self, g: Game, seat: int, chance: Chance) -> None:
        """Command and combat cards are re-dealt each within their own deck."""
        s = g.state
        redeal([s["hands"][1 - seat], s["command"]["draw"]], chance)
        redeal([s["combat_hands"][1 - seat], s["combat"]["draw"]], chance)


RULES = GreatWarRules(STEPS)
