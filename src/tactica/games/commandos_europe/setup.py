"""Scenarios, the starting state (3.0-3.6) and the change of map in the campaign (2.2, 3.0-3.4).

A scenario is either one map played alone, with the roster a campaign would bring there and a
stated starting budget, or the campaign: the four maps in order with PP, survivors and gear
carried from map to map.
"""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game
from tactica.core.rules import RulesError, ScenarioInfo

from .data import MAPS, enemy_cup, gear, leaders, marker_cup, mission_cup, squads


def _alone(title: str, number: int, map_id: str, budget: int, level: str, roster: str) -> dict[str, Any]:
    """A map played on its own (our scenario): its starting PP set for balance (RULES.md "How
    hard it is"; the campaign starts with the book's 20, 6.0), six missions from its cup."""
    return {"name": f"{title} (map {number} alone)", "maps": [map_id], "budget": budget,
            "squads": [f"{level}-1", f"{level}-2"], "leaders": [f"cdr-{level}", f"off-{level}"],
            "description": f"The {title.removeprefix('The ')} map on its own, with {roster}, one base and "
                           f"{budget} PP (set for balance: the campaign starts with the book's 20, 6.0); six "
                           "missions from its cup."}


SCENARIOS: dict[str, dict[str, Any]] = {
    "norway": _alone("Norway", 1, "norway", 16, "0", "the two free squads, commander and officer"),
    "north_africa": _alone("North Africa", 2, "north_africa", 13, "E",
                           "the experienced (E) squads, commander and officer"),
    "normandy": _alone("Normandy", 3, "normandy", 10, "V", "the veteran (V) squads, commander and officer"),
    "continent": _alone("The Continent", 4, "continent", 10, "V",
                        "the veteran (V) squads, commander and officer"),
    "campaign": {"name": "The campaign (four maps)", "maps": list(MAPS), "budget": 20,
                 "squads": ["0-1", "0-2"], "leaders": ["cdr-0", "off-0"],
                 "description": "Norway, North Africa, Normandy and the Continent in order (2.2), six "
                                "missions each; 20 PP at the start, PP, surviving squads, leaders and gear "
                                "carried from map to map, E and V replacements on North Africa and Normandy "
                                "(3.2, 3.3)."},
}

ROSTER_CHANGE = {"north_africa": ("0", "E"), "normandy": ("E", "V")}
"""3.2/3.3: entering this map, the free pieces of the first level leave and those of the second
arrive (a squad's successor only if its line was never eliminated, 13.1)."""


def scenario_infos(seats: tuple[str, ...]) -> list[ScenarioInfo]:
    return [ScenarioInfo(k, v["name"], v["description"], seats=seats,
                         extra={"maps": list(v["maps"]), "budget": v["budget"]})
            for k, v in SCENARIOS.items()]


def setup(g: Game, scenario: str) -> None:
    sc = SCENARIOS.get(scenario)
    if sc is None:
        raise RulesError(f"commandos_europe has no scenario {scenario!r}")
    gear(), squads(), leaders()  # load and check every data file before play starts
    s: dict[str, Any] = g.state
    s.update(
        maps=list(sc["maps"]), map_index=0, map=sc["maps"][0], pp=sc["budget"], turn=0, pieces={},
        enemies={},
        mission=None, bases={"base-1": None, "base-2": None}, owned_bases=["base-1"], destroyed=[],
        resolved=0, accomplished=0, forfeited=0, squads_lost=0, excused=0, lost_current=0, awareness=0,
        ever=[], lost_leaders=[], suppressed=[], marker_drawn=[], final=None, history=[],
    )
    fill_cups(s)
    for pid in sc["squads"]:
        s["pieces"][pid] = new_piece("squad")
    for pid in sc["leaders"]:
        s["pieces"][pid] = new_piece("leader")
    g.emit("3.0", "Commandos: Europe, {map}: {pp} PP to spend", map=s["map"], pp=s["pp"])
    g.push("map_setup", placed=[])


def fill_cups(s: dict[str, Any]) -> None:
    """3.0: this map's enemy set and objectives; all twenty casualties markers."""
    m = s["map"]
    s["cups"] = {"enemy": {"items": list(enemy_cup(m))}, "missions": {"items": sorted(mission_cup(m))},
                 "casualties": {"items": list(marker_cup())}}


def new_piece(kind: str) -> dict[str, Any]:
    return {"kind": kind, "hex": None, "moved": False, "detected": False, "marker": None, "flipped": False}


def next_map(g: Game) -> None:
    """2.2/3.0-3.4: the next map of the campaign. Cups refilled; E/V replacements (3.2, 3.3);
    markers cleared; gear kept if it ends the map with a squad or in a base (stripped or lone gear
    stays behind, 3.4 note); the free base is set up again, the second only if it survived (3.1);
    awareness and the six missions start again (12.2)."""
    s = g.state
    old = s["map"]
    s["history"].append({"map": old, "accomplished": s["accomplished"], "forfeited": s["forfeited"],
                         "squads_lost": s["squads_lost"] - s["excused"], "pp": s["pp"]})
    s["map_index"] += 1
    s["map"] = new = s["maps"][s["map_index"]]
    bases = set(s["bases"].values())
    keep: dict[str, Any] = {}
    for pid, p in sorted(s["pieces"].items()):
        if p["kind"] == "gear":
            held = p["hex"] in bases or any(q["kind"] == "squad" and q["hex"] == p["hex"]
                                            for q in s["pieces"].values())
            if not held:
                g.emit("3.4", "{p} stays behind on {old}", p=pid, old=old)
                continue
        keep[pid] = {**new_piece(p["kind"])}
    change = ROSTER_CHANGE.get(new)
    if change is not None:
        out_level, in_level = change
        for pid in list(keep):
            lv = squads()[pid].level if pid in squads() else leaders()[pid].level if pid in leaders() else ""
            if lv == out_level:
                del keep[pid]
                g.emit("3.2", "{p} is replaced and leaves the game", p=pid)
        for pid, sq in squads().items():
            if sq.level == in_level and pid not in s["ever"]:
                keep[pid] = new_piece("squad")
        for pid, ld in leaders().items():
            if ld.level == in_level:
                keep[pid] = new_piece("leader")
        g.emit("3.2", "New free pieces: {p}", p=", ".join(sorted(k for k in keep if k.startswith(in_level)
                                                                    or k.endswith("-" + in_level))))
    s["pieces"] = keep
    s["enemies"] = {}
    fill_cups(s)
    if "base-2" in s["destroyed"]:
        s["owned_bases"].remove("base-2")
    s["bases"] = {"base-1": None, "base-2": None}
    s.update(destroyed=[], mission=None, resolved=0, awareness=0, lost_current=0, suppressed=[],
             marker_drawn=[])
    g.emit("3.0", "The campaign moves to {map}: {pp} PP in hand", map=new, pp=s["pp"])
    g.replace("map_setup", placed=[])
