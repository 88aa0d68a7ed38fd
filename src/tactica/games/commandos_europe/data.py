"""Data files of Commandos: Europe, read and checked once per process.

Every file in data/ says in its header what the book gives and what the tactica project designed.
A malformed file raises RulesError naming the file, the entry and the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tactica.core.datafile import DataError, parse_yaml
from tactica.core.rules import RulesError

DIR = Path(__file__).parent / "data"
MAPS = ("norway", "north_africa", "normandy", "continent")
"""The four maps in campaign order (2.2)."""


def _load(name: str) -> dict[str, Any]:
    path = DIR / name
    try:
        data = parse_yaml(path.read_text(encoding="utf-8"), name)
    except (OSError, DataError) as exc:
        raise RulesError(f"{name}: cannot read: {exc}") from exc
    if not isinstance(data, dict) or data.get("version") != 1:
        raise RulesError(f"{name}: expected a mapping with version: 1")
    return data


def _fail(name: str, entry: str, problem: str) -> RulesError:
    return RulesError(f"{name}: {entry}: {problem}")


def _fields(name: str, entry: str, d: Any, need: Mapping[str, type],
            allow: Mapping[str, type]) -> dict[str, Any]:
    if not isinstance(d, dict):
        raise _fail(name, entry, "expected a mapping")
    for k in need:
        if k not in d:
            raise _fail(name, entry, f"missing {k!r}")
    for k, v in d.items():
        t = need.get(k) or allow.get(k)
        if t is None:
            raise _fail(name, entry, f"unknown field {k!r}")
        if not isinstance(v, t) or (t is int and isinstance(v, bool)):
            raise _fail(name, entry, f"{k} must be {t.__name__}, not {v!r}")
    return d


def parse_move(name: str, entry: str, text: str) -> tuple[str, int]:
    """A printed movement value: '+N' plus-type, '-N' minus-type (10.2)."""
    if len(text) < 2 or text[0] not in "+-" or not text[1:].isdigit():
        raise _fail(name, entry, f"move must look like '+6' or '-3', not {text!r}")
    return ("plus" if text[0] == "+" else "minus", int(text[1:]))


@dataclass(frozen=True)
class Terrain:
    mp: int
    noise: int
    combat: int
    vehicle_enter: bool
    vehicle_place: bool


@dataclass(frozen=True)
class Gear:
    id: str
    name: str
    fp: int
    cost: int
    noise: int
    move: tuple[str, int]
    black: bool = False
    blue: bool = False
    boat: bool = False
    anti_tank: bool = False
    suppress: bool = False
    naval_gunfire: bool = False

    @property
    def plus(self) -> bool:
        return self.move[0] == "plus"


@dataclass(frozen=True)
class Squad:
    id: str
    name: str
    fp: int
    noise: int
    ma: int
    cost: int
    level: str
    line: str = ""


@dataclass(frozen=True)
class Leader:
    id: str
    name: str
    role: str
    fp: int
    noise: int
    move: int
    cost: int
    level: str


@dataclass(frozen=True)
class Enemy:
    type: str
    name: str
    attack: int
    ma: int
    vehicle: bool
    boat: bool


@dataclass(frozen=True)
class Marker:
    id: str
    name: str
    kills: str
    fp: int
    ma: int
    noise: int


@cache
def terrain() -> dict[str, Terrain]:
    n = "terrain.yaml"
    d = _load(n)
    spec = {"mp": int, "noise": int, "combat": int, "vehicle_enter": bool, "vehicle_place": bool}
    return {k: Terrain(**_fields(n, k, v, spec, {})) for k, v in d["terrain"].items()}


@cache
def terrain_catalogue() -> dict[str, list[str]]:
    d = _load("terrain.yaml")
    return {"hex": [*terrain(), *d["features"]], "hexside": list(d["hexside"]), "road": list(d["road"])}


@cache
def gear() -> dict[str, Gear]:
    n = "gear.yaml"
    out = {}
    flags = {k: bool for k in ("black", "blue", "boat", "anti_tank", "suppress", "naval_gunfire")}
    for k, v in _load(n)["gear"].items():
        f = dict(_fields(n, k, v, {"name": str, "fp": int, "cost": int, "noise": int, "move": str}, flags))
        f["move"] = parse_move(n, k, f["move"])
        g = Gear(id=k, **f)
        if g.black and not g.plus:
            raise _fail(n, k, "only a plus-type piece can have a black value")
        out[k] = g
    return out


@cache
def squads() -> dict[str, Squad]:
    n = "commandos.yaml"
    spec = {"name": str, "fp": int, "noise": int, "ma": int, "cost": int, "level": str}
    return {k: Squad(id=k, **_fields(n, k, v, spec, {"line": str})) for k, v in _load(n)["squads"].items()}


@cache
def leaders() -> dict[str, Leader]:
    n = "commandos.yaml"
    spec = {"name": str, "role": str, "fp": int, "noise": int, "move": str, "cost": int, "level": str}
    out = {}
    for k, v in _load(n)["leaders"].items():
        f = dict(_fields(n, k, v, spec, {}))
        kind, val = parse_move(n, k, f.pop("move"))
        if kind != "plus" or f["role"] not in ("commander", "officer"):
            raise _fail(n, k, "a leader is a plus-type commander or officer (12.7)")
        out[k] = Leader(id=k, move=val, **f)
    return out


@cache
def bases() -> dict[str, int]:
    n = "commandos.yaml"
    return {k: _fields(n, k, v, {"name": str, "cost": int}, {})["cost"] for k, v in _load(n)["bases"].items()}


@cache
def markers() -> dict[str, Marker]:
    n = "casualties.yaml"
    out = {}
    total = 0
    for k, v in _load(n)["markers"].items():
        f = _fields(n, k, v, {"name": str, "count": int}, {"kills": str, "fp": int, "ma": int, "noise": int})
        out[k] = Marker(k, f["name"], f.get("kills", ""), f.get("fp", 0), f.get("ma", 0), f.get("noise", 0))
        total += f["count"]
    if total != 20:
        raise _fail(n, "markers", f"the book has twenty casualties markers (2.3), not {total}")
    return out


@cache
def marker_cup() -> tuple[str, ...]:
    d = _load("casualties.yaml")["markers"]
    return tuple(f"{k}#{i + 1}" for k, v in d.items() for i in range(v["count"]))


@cache
def enemies(map_id: str) -> dict[str, Enemy]:
    n = "enemies.yaml"
    maps = _load(n)["maps"]
    if map_id not in maps:
        raise RulesError(f"{n}: no enemy set for map {map_id!r}")
    out = {}
    for k, v in maps[map_id].items():
        f = _fields(n, f"{map_id}.{k}", v, {"name": str, "attack": int, "ma": int, "count": int},
                    {"vehicle": bool, "boat": bool})
        out[k] = Enemy(k, f["name"], f["attack"], f["ma"], f.get("vehicle", False), f.get("boat", False))
    return out


@cache
def enemy_cup(map_id: str) -> tuple[str, ...]:
    d = _load("enemies.yaml")["maps"][map_id]
    return tuple(f"{k}#{i + 1}" for k, v in d.items() for i in range(v["count"]))


@cache
def placement() -> dict[str, tuple[str, tuple[str, str, str]]]:
    """The Mission Objective Placement table (7.0): id -> (name, hexes for d6 1-2, 3-4, 5-6)."""
    n = "missions.yaml"
    out = {}
    for k, v in _load(n)["placement"].items():
        f = _fields(n, k, v, {"name": str, "hexes": list}, {})
        hx = f["hexes"]
        if len(hx) != 3 or not all(isinstance(h, str) and len(h) == 4 and h.isdigit() for h in hx):
            raise _fail(n, k, "hexes must be three CCRR labels")
        out[k] = (f["name"], (hx[0], hx[1], hx[2]))
    return out


@cache
def mission_cup(map_id: str) -> dict[str, tuple[int, tuple[str, ...]]]:
    """The map's objective counters: id -> (PP award, required gear)."""
    n = "missions.yaml"
    cups = _load(n)["cups"]
    if map_id not in cups:
        raise RulesError(f"{n}: no mission cup for map {map_id!r}")
    out = {}
    for k, v in cups[map_id].items():
        f = _fields(n, f"{map_id}.{k}", v, {"pp": int, "needs": list}, {})
        if k not in placement():
            raise _fail(n, f"{map_id}.{k}", "not in the placement table")
        for item in f["needs"]:
            if item not in gear():
                raise _fail(n, f"{map_id}.{k}", f"needs unknown gear {item!r}")
        out[k] = (f["pp"], tuple(f["needs"]))
    if len(out) < 6:
        raise _fail(n, map_id, "a map's cup needs at least six objectives (4.0)")
    return out


def piece_type(pid: str) -> str:
    """Counter type of an instance id ('rifle_section#3' -> 'rifle_section')."""
    return pid.split("#", 1)[0]
