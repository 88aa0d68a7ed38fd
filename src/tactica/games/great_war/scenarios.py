"""Scenario files (TGW-D Scenarios) and game setup.

A scenario is a YAML file in data/scenarios with the map (tactica map format), the units, the
medals to win, the starting hands and HQ tokens. Loaded and checked once per process.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tactica.core.board import BoardError, load_board
from tactica.core.custom import PREFIX, CustomScenarios, Source, content_id
from tactica.core.datafile import DataError, load_file
from tactica.core.decks import draw, new_deck
from tactica.core.game import Game
from tactica.core.hexgrid import Layout
from tactica.core.rules import RulesError
from tactica.core.schema import validate

from .cards import COMBAT, COMMAND, instances
from .data_models import ScenarioFile
from .geo import SECTIONS, Geo, forget_geo_except, geo_for
from .terrain import TERRAIN
from .units import UNIT_TYPES

DIR = Path(__file__).parent / "data" / "scenarios"
SIDES = ("allies", "central")


@cache
def scenario_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in DIR.glob("*.yaml")))


UNIT_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
CUSTOM_PREFIX = PREFIX
"""Scenario ids of scenarios given as data (the web editor's), not files: ``custom-`` and the
first 32 hex digits of the SHA-256 of the scenario's canonical JSON (core/custom.py). The id names
the content, so a game record that cites it replays on exactly that content, whatever its author
edits later."""
CUSTOM_LIMIT_DEFAULT = 16


def _build(data: Any, where: str, sid: str) -> dict[str, Any]:
    """A checked custom scenario, its map's tables (Geo) built under its id."""
    copy: dict[str, Any] = json.loads(json.dumps(check_scenario(data, where)))  # no list shared
    geo_for(sid, copy["map"])
    return copy


REGISTRY: CustomScenarios[dict[str, Any]] = CustomScenarios(
    "great_war", _build, CUSTOM_LIMIT_DEFAULT, on_drop=lambda keep: forget_geo_except(CUSTOM_PREFIX, keep))
"""Custom scenarios registered in this process, at most ``custom_limit()`` (each holds its map's
tables, some megabytes on a large board); the least recently used go, with their tables."""
CustomSource = Source


def custom_limit() -> int:
    return REGISTRY.limit


def set_custom_limit(n: int) -> None:
    """How many custom scenarios stay registered (at least 1); the least recently used beyond go
    (and are registered again from the source when a game needs one)."""
    REGISTRY.set_limit(n)


def set_custom_source(source: CustomSource | None) -> CustomSource | None:
    """Where an evicted (or never registered) custom scenario is fetched from when a game needs it:
    a function from content id to the stored content, or None if there is none. The server
    installs its store's immutable copies; returns the source it replaces."""
    return REGISTRY.set_source(source)


def forget_custom() -> None:
    """Unregister every custom scenario (as after a restart; tests use it)."""
    REGISTRY.forget()


def load_scenario(sid: str) -> dict[str, Any]:
    if sid.startswith(CUSTOM_PREFIX):
        return REGISTRY.get(sid)
    return _load_file(sid)


@cache
def _load_file(sid: str) -> dict[str, Any]:
    path = DIR / f"{sid}.yaml"
    if not path.exists():
        raise RulesError(f"great_war has no scenario {sid!r}")
    where = path.name
    try:
        doc = load_file(path)
    except DataError as exc:
        raise RulesError(str(exc)) from None
    data = check_scenario(doc.data, where, doc.lines)
    if data["id"] != sid:
        raise RulesError(f"{where}: id: {data['id']!r} does not match the file name")
    return data


def check_scenario(data: Any, where: str, lines: Mapping[tuple[str | int, ...], int] | None = None,
                   ) -> dict[str, Any]:
    """Every check a scenario passes before play (the file loader's and the editor's): the model,
    the map (core.board with the Terrain chart's names), the frame the rules assume (pointy-top
    hexes, the three sections: TGW-D Board 1, 3), unit ids fit to name options by, units on
    playable hexes one per hex, objectives on the map. Raises RulesError naming the file, the
    entry and the problem."""
    validate(ScenarioFile, data, where, RulesError, lines)
    geometry = data["map"]["geometry"]
    if geometry["orientation"] != "pointy":
        raise RulesError(f"{where}: map.geometry.orientation: the board has pointy-top hexes "
                         "(TGW-D Board 1)")
    try:
        board = load_board(data["map"], allowed_terrain=TERRAIN, source_name=where)
    except BoardError as exc:
        raise RulesError(str(exc)) from None
    for name in SECTIONS:
        if not board.sections.get(name):
            raise RulesError(f"{where}: map.sections: no {name!r} section (TGW-D Board 3: left, centre, "
                             "right)")
    _check_counts(data, where)
    index = {lab: i for i, lab in enumerate(board.labels)}
    seen: set[str] = set()
    taken: set[int] = set()
    for side in SIDES:
        if not data["units"][side]:
            raise RulesError(f"{where}: units.{side}: a side starts with at least one unit")
        for u in data["units"][side]:
            w = f"{where}: unit {u['id']}"
            if not UNIT_ID.match(u["id"]):
                raise RulesError(f"{w}: a unit id is 1-16 letters, digits, '_' or '-' (option ids "
                                 "and the table name units by it)")
            if u["id"] in seen:
                raise RulesError(f"{w}: duplicate id")
            if u.get("bomber") and u["kind"] != "infantry":
                raise RulesError(f"{w}: only infantry carries a bomber (TGW-D Units: the bomber is a "
                                 "figure of an infantry unit)")
            i = index.get(u.get("hex", ""))
            if i is None or board.half[i]:
                raise RulesError(f"{w}: hex {u.get('hex')!r} is not a playable hex")
            if i in taken:
                raise RulesError(f"{w}: hex {u['hex']} already holds a unit")
            seen.add(u["id"])
            taken.add(i)
    for o in data.get("objectives") or []:
        if o["hex"] not in index:
            raise RulesError(f"{where}: objective {o['hex']}: not a hex of the map")
    return dict(data)


def _check_counts(data: Mapping[str, Any], where: str) -> None:
    """TGW-D Scenarios: each side needs a medal target and a command card to play (a hand of none
    would leave its first turn without an option), the hands dealt must fit in the decks, and HQ
    tokens are never negative."""
    for key, least in (("medals", 1), ("hand", 1), ("combat_hand", 0), ("hq", 0)):
        for side in SIDES:
            if data[key][side] < least:
                raise RulesError(f"{where}: {key}.{side}: {data[key][side]} is less than {least}")
    for key, deck in (("hand", COMMAND), ("combat_hand", COMBAT)):
        size = len(instances(deck))
        if sum(data[key][side] for side in SIDES) > size:
            raise RulesError(f"{where}: {key}: the two hands hold more than the deck's {size} cards")


def custom_id(data: Mapping[str, Any]) -> str:
    """The id naming this content (``CUSTOM_PREFIX`` + SHA-256 of its canonical JSON)."""
    return content_id(data)


def register_scenario(data: Any, where: str = "scenario") -> str:
    """Check a scenario given as data and make it playable in this process under its content id
    (``custom_id``); registering the same content again is harmless. Raises RulesError."""
    if not isinstance(data, Mapping):
        check_scenario(data, where)  # the model names what is wrong
    return REGISTRY.register(data, where)


def is_registered(sid: str) -> bool:
    return REGISTRY.is_registered(sid)


def blank_scenario(cols: int, rows: int) -> dict[str, Any]:
    """A new scenario on an empty board of ``cols`` x ``rows`` in this module's frame (TGW-D
    Board 1, 3; the web editor's blank board): pointy-top, a half hex at each end of the odd
    rows, the even rows one hex shorter, three sections of columns; no unit yet, so it does not
    pass the loader until some are placed."""
    lay = Layout(orientation="pointy", offset="odd-r", labels="letter-number", cols=cols, rows=rows)

    def label(c: int, r: int) -> str:
        return lay.label(lay.to_axial(c, r))

    last = cols - 1
    exclude = [label(last, r) for r in range(1, rows, 2)]
    hexes = {label(c, r): {"half": True} for r in range(0, rows, 2) for c in (0, last)}
    a, b = cols // 3, (2 * cols) // 3
    sections = {"left": [f"{label(0, 0)}..{label(max(a - 1, 0), rows - 1)}"],
                "centre": [f"{label(a, 0)}..{label(max(b - 1, a), rows - 1)}"],
                "right": [f"{label(b, 0)}..{label(last, rows - 1)}"]}
    return {
        "format": "tactica-scenario", "version": 1, "id": "my_scenario", "name": "My scenario",
        "description": "", "first": "allies", "turn_limit": 30,
        "medals": {"allies": 4, "central": 4}, "hand": {"allies": 4, "central": 4},
        "combat_hand": {"allies": 2, "central": 2}, "hq": {"allies": 2, "central": 2},
        "reserve_artillery": {"allies": False, "central": False}, "objectives": [],
        "map": {"format": "tactica-map", "version": 1, "name": "My board",
                "geometry": {"orientation": "pointy", "offset": "odd-r", "labels": "letter-number",
                             "cols": cols, "rows": rows, "exclude": exclude},
                "defaults": {"terrain": ["clear"]}, "sections": sections, "hexes": hexes},
        "units": {"allies": [], "central": []},
    }


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
        turn_limit=int(data.get("turn_limit", 30)),
        tie=SIDES.index(data["tie"]) if data.get("tie", "draw") != "draw" else None,  # TGW-D Victory 3
        card=None, order=None, barrage=False, cc=None, ambush_used=False,
    )
    g.emit("TGW-D Scenarios", "Scenario {name}: {side} moves first", name=data["name"],
           side=SIDES[g.state["active"]])
    g.push("play_card")
