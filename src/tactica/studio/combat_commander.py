"""The studio's adapter for Combat Commander: a position becomes a scenario in the module's own
dict shape (scenarios.py), set up by the family's set-up (2.1), then finished by hand. What the
family shares (units, ids, stats, hands, decks, chits, forced rolls) is studio/commander.py's.

- the board: any size, the Terrain chart's names; multi-hex features are Buildings (T82,
  7.3.1.1); the board spec's ``extra`` is the map files' ``combat_commander:`` block
  (``artillery_boxes``, ``friendly_edges``, ``setup_zones``);
- units: ids ``<seat>-<n>`` in the order placed (on-map units before reinforcements, by Time
  space, as the set-up numbers them); ``stats`` make a unit type of this game's own
  (``fp``, ``range``, ``movement``, ``morale``, ``command`` for the good-order side,
  ``broken_fp`` ... for the broken side, ``figures``, ``quality``); fields ``weapon``,
  ``weapon_broken``, ``broken``, ``suppressed``, ``veteran``, ``arrives`` (a Time space),
  ``zone`` (set up by the player in that zone);
- markers: ``smoke`` (its hindrance), ``blaze``, and the Fortifications (F100);
- forced rolls: a stand-in card replaces the top card of the roller's draw pile, showing the
  dice and trigger asked for (its other faces those of the card it replaces, or as given).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tactica.core.game import Game
from tactica.core.rules import Rules, Step
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander.fortifications import SPEC as FORTIFICATIONS
from tactica.games.combat_commander.maps import map_of_board
from tactica.games.combat_commander.terrain import terrain_chart

from .commander import CommanderStudio, put_on_top, set_hand
from .position import Position, StudioError, register_adapter

__all__ = ["CombatCommanderStudio", "put_on_top", "set_hand"]

GEOMETRY = {"orientation": "flat", "offset": "odd-q", "labels": "letter-number"}
SIDES: dict[str, dict[str, Any]] = {
    "axis": {"nation": "Germany", "posture": "Attack", "orders": 3, "surrender": 10},
    "allies": {"nation": "America", "posture": "Defend", "orders": 2, "surrender": 10},
}
"""What a side is unless the position says otherwise (the old test scenario's sides)."""


class CombatCommanderStudio(CommanderStudio):
    module: str = "combat_commander"
    seats: tuple[str, ...] = CombatCommanderRules.seats

    def new_rules(self, steps: Sequence[Step]) -> Rules:
        return CombatCommanderRules(steps)

    def side_defaults(self, position: Position, seat: str) -> dict[str, Any]:
        return dict(SIDES[seat])

    def add_board(self, position: Position, rules: Any, count: int) -> Any:
        assert isinstance(rules, CombatCommanderRules)
        if position.board is None:
            return None
        spec = position.board
        chart = terrain_chart()
        name = spec.name if count == 1 else f"{spec.name}-{count}"
        board = spec.load(chart.allowed_terrain, chart.allowed_hexside, chart.allowed_roads,
                          GEOMETRY, ("open",), name)
        extra = dict(spec.extra)
        unknown = set(extra) - {"friendly_edges", "artillery_boxes", "setup_zones"}
        if unknown:
            raise StudioError(f"board extra: {', '.join(sorted(unknown))}: Combat Commander's map "
                              "block has friendly_edges, artillery_boxes, setup_zones")
        edges = self.edges(position)
        rules.add_map(map_of_board(board, {k: list(v) for k, v in spec.features.items()},
                                   extra.get("artillery_boxes"), edges, extra.get("setup_zones")))
        return board

    def scenario_extra(self, position: Position, rules: Any, sc: dict[str, Any]) -> None:
        forts = [{"hex": m["hex"], "type": m["kind"]} for m in position.markers
                 if m["kind"] in FORTIFICATIONS.names]
        if forts:
            sc["fortifications"] = forts

    def finish_markers(self, g: Game, position: Position) -> None:
        s = g.state
        for m in position.markers:
            if m["kind"] == "smoke":
                s["smoke"][m["hex"]] = int(m["value"])
            elif m["kind"] == "blaze":
                s["blaze"].append(m["hex"])
            elif m["kind"] not in FORTIFICATIONS.names:
                raise StudioError(f"marker {m['kind']!r}: Combat Commander has smoke, blaze and "
                                  f"{', '.join(FORTIFICATIONS.names)}")


register_adapter("combat_commander", CombatCommanderStudio)
