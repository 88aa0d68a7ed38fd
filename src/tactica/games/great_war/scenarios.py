"""Scenario files (TGW-D Scenarios) and game setup.

A scenario is a YAML file in data/scenarios with the map (tactica map format), the units, the
medals to win, the starting hands and HQ tokens. Loaded and checked once per process.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tactica.core.datafile import DataError, load_file
from tactica.core.decks import draw, new_deck
from tactica.core.game import Game
from tactica.core.rules import RulesError
from tactica.core.schema import validate

from .cards import COMBAT, COMMAND, instances
from .data_models import ScenarioFile
from .geo import Geo, geo_for
from .units import UNIT_TYPES

DIR = Path(__file__).parent / "data" / "scenarios"
SIDES = ("allies", "central")


@cache
def scenario_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in DIR.glob("*.yaml")))


@cache
def load_scenario(sid: str) -> dict[str, Any]:
    path = DIR / f"{sid}.yaml"
    if not path.exists():
        raise RulesError(f"great_war has no scenario {sid!r}")
    where = path.name
    try:
        doc = load_file(path)
    except DataError as exc:
        raise RulesError(str(exc)) from None
    data = doc.data
    validate(ScenarioFile, data, where, RulesError, doc.lines)
    if data["id"] != sid:
        raise RulesError(f"{where}: id: {data['id']!r} does not match the file name")
    geo = geo_for(sid, data["map"])
    seen: set[str] = set()
    taken: set[int] = set()
    for side in SIDES:
        for u in data["units"][side]:
            w = f"{where}: unit {u['id']}"
            if u["id"] in seen:
                raise RulesError(f"{w}: duplicate id")
            i = geo.index.get(u.get("hex", ""))
            if i is None or geo.half[i]:
                raise RulesError(f"{w}: hex {u.get('hex')!r} is not a playable hex")
            if i in taken:
                raise RulesError(f"{w}: hex {u['hex']} already holds a unit")
            seen.add(u["id"])
            taken.add(i)
    for o in data.get("objectives") or []:
        if o["hex"] not in geo.index:
            raise RulesError(f"{where}: objective {o['hex']}: not a hex of the map")
    return dict(data)


def geo_of_state(s: Mapping[str, Any]) -> Geo:
    return geo_for(s["scenario"], load_scenario(s["scenario"])["map"])


def setup(g: Game, sid: str) -> None:
    data = load_scenario(sid)
    geo = geo_of_state(g.state)
    units: dict[str, dict[str, Any]] = {}
    occ: list[str | None] = [None] * geo.n
    for side, name in enumerate(SIDES):
        for spec in data["units"][name]:
            t = UNIT_TYPES[spec["kind"]]
            i = geo.index[spec["hex"]]
            units[spec["id"]] = {
                "id": spec["id"], "side": side, "kind": t.kind, "hex": i, "figs": t.figures,
                "tokens": t.tokens, "bomber": bool(spec.get("bomber", False)), "bog": "",
                "ordered": False, "moved": 0, "move_done": False, "battled": False,
                "stopped": False, "building": False, "bonus_used": False, "hold": False,
                "close_dice": 0, "no_gain": False,
            }
            occ[i] = spec["id"]
    ch = g.chance
    command = new_deck(instances(COMMAND), ch)
    combat = new_deck(instances(COMBAT), ch)
    hands: list[list[str]] = [[], []]
    chands: list[list[str]] = [[], []]
    for side, name in enumerate(SIDES):
        for _ in range(data["hand"][name]):
            c = draw(command, ch)
            if c is not None:
                hands[side].append(c)
        for _ in range(data["combat_hand"][name]):
            c = draw(combat, ch)
            if c is not None:
                chands[side].append(c)
    g.state.update(
        units=units, occ=occ, terrain=list(geo.base_terrain),
        command=command, combat=combat, hands=hands, combat_hands=chands,
        hq=[data["hq"][n] for n in SIDES], medals=[0, 0], held=[0, 0],
        target=[data["medals"][n] for n in SIDES],
        battery=[bool(data["reserve_artillery"][n]) for n in SIDES],
        objectives=[[geo.index[o["hex"]], SIDES.index(o["for"])] for o in data.get("objectives") or []],
        active=SIDES.index(data.get("first", "allies")), turn=1,
        turn_limit=int(data.get("turn_limit", 30)), card=None, order=None, barrage=False, cc=None,
        ambush_used=False,
    )
    g.emit("TGW-D Scenarios", "Scenario {name}: {side} moves first", name=data["name"],
           side=SIDES[g.state["active"]])
    g.push("play_card")
