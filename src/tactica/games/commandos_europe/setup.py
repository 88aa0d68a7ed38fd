"""Scenarios and the starting state (3.0-3.6).

A scenario is one map played alone with a stated starting budget; the campaign (four maps,
roster transitions, carry-over) is not built yet, since only the Norway map is designed.
"""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game
from tactica.core.rules import RulesError, ScenarioInfo

from .data import enemy_cup, gear, leaders, marker_cup, mission_cup, squads

SCENARIOS: dict[str, dict[str, Any]] = {
    "norway": {"name": "Norway (map 1 alone)", "map": "norway", "budget": 20,
               "description": "The Norway map on its own: two free squads, the free commander and "
                              "officer, one base and the book's starting 20 PP (6.0); six missions from "
                              "the white cup."},
}


def scenario_infos(seats: tuple[str, ...]) -> list[ScenarioInfo]:
    return [ScenarioInfo(k, v["name"], v["description"], seats=seats,
                         extra={"map": v["map"], "budget": v["budget"]}) for k, v in SCENARIOS.items()]


def setup(g: Game, scenario: str) -> None:
    sc = SCENARIOS.get(scenario)
    if sc is None:
        raise RulesError(f"commandos_europe has no scenario {scenario!r}")
    m = sc["map"]
    gear(), squads(), leaders()  # load and check every data file before play starts
    s: dict[str, Any] = g.state
    s.update(
        map=m, pp=sc["budget"], turn=0, pieces={}, enemies={}, mission=None,
        bases={"base-1": None, "base-2": None}, owned_bases=["base-1"], destroyed=[],
        cups={"enemy": {"items": list(enemy_cup(m))}, "missions": {"items": sorted(mission_cup(m))},
              "casualties": {"items": list(marker_cup())}},
        resolved=0, accomplished=0, forfeited=0, squads_lost=0, excused=0, lost_current=0, awareness=0,
        ever=[], lost_leaders=[], suppressed=[], marker_drawn=[], final=None,
    )
    for pid in ("0-1", "0-2"):
        s["pieces"][pid] = _piece("squad")
    for pid in ("cdr-0", "off-0"):
        s["pieces"][pid] = _piece("leader")
    g.emit("3.0", "Commandos: Europe, {map}: {pp} PP to spend", map=m, pp=s["pp"])
    g.push("map_setup", placed=[])


def _piece(kind: str) -> dict[str, Any]:
    return {"kind": kind, "hex": None, "moved": False, "detected": False, "marker": None, "flipped": False}
