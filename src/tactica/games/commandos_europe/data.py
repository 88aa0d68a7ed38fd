"""Data files of Commandos: Europe, read and checked once per process.

Every file in data/ says in its header what the book gives and what the tactica project designed.
A malformed file raises RulesError naming the file, the entry and the problem (the models are
in data_models.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

from tactica.core.datafile import DataError, parse_yaml_lines
from tactica.core.rules import RulesError
from tactica.core.schema import FileModel, validate

from .data_models import (
    FILES,
    MAP_IDS,
    CasualtiesFile,
    CommandosFile,
    EnemiesFile,
    EnemyModel,
    GearFile,
    MissionsFile,
    TerrainFile,
)

DIR = Path(__file__).parent / "data"
M = TypeVar("M", bound=FileModel)
MAPS = MAP_IDS
"""The four maps in campaign order (2.2)."""


def parse(name: str, text: str) -> FileModel:
    """Validate the text of data file ``name`` against its model (data_models.FILES); a problem
    raises RulesError naming the file, the entry, the problem and its line."""
    model = FILES.get(name)
    if model is None:
        raise RulesError(f"{name}: not a Commandos: Europe data file (known: {', '.join(FILES)})")
    try:
        data, lines = parse_yaml_lines(text, name)
    except DataError as exc:
        raise RulesError(str(exc)) from exc
    return validate(model, data, name, RulesError, lines)


@cache
def _parsed(name: str) -> FileModel:
    try:
        text = (DIR / name).read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"{name}: cannot read: {exc.strerror or exc}") from exc
    return parse(name, text)


def _load(name: str, model: type[M]) -> M:
    f = _parsed(name)
    assert isinstance(f, model)
    return f


def parse_move(text: str) -> tuple[str, int]:
    """A printed movement value: '+N' plus-type, '-N' minus-type (10.2; the model checked it)."""
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
    f = _load("terrain.yaml", TerrainFile)
    return {k: Terrain(**v.model_dump()) for k, v in f.terrain.items()}


@cache
def terrain_catalogue() -> dict[str, list[str]]:
    f = _load("terrain.yaml", TerrainFile)
    return {"hex": [*terrain(), *f.features], "hexside": list(f.hexside), "road": list(f.road)}


@cache
def gear() -> dict[str, Gear]:
    f = _load("gear.yaml", GearFile)
    return {k: Gear(id=k, **{**v.model_dump(), "move": parse_move(v.move)}) for k, v in f.gear.items()}


@cache
def squads() -> dict[str, Squad]:
    f = _load("commandos.yaml", CommandosFile)
    return {k: Squad(id=k, **v.model_dump()) for k, v in f.squads.items()}


@cache
def leaders() -> dict[str, Leader]:
    f = _load("commandos.yaml", CommandosFile)
    return {k: Leader(id=k, **{**v.model_dump(), "move": parse_move(v.move)[1]})
            for k, v in f.leaders.items()}


@cache
def bases() -> dict[str, int]:
    f = _load("commandos.yaml", CommandosFile)
    return {k: v.cost for k, v in f.bases.items()}


@cache
def markers() -> dict[str, Marker]:
    f = _load("casualties.yaml", CasualtiesFile)
    return {k: Marker(k, v.name, v.kills or "", v.fp, v.ma, v.noise) for k, v in f.markers.items()}


@cache
def marker_cup() -> tuple[str, ...]:
    f = _load("casualties.yaml", CasualtiesFile)
    return tuple(f"{k}#{i + 1}" for k, v in f.markers.items() for i in range(v.count))


def _enemy_set(map_id: str) -> dict[str, EnemyModel]:
    f = _load("enemies.yaml", EnemiesFile)
    if map_id not in f.maps:
        raise RulesError(f"enemies.yaml: no enemy set for map {map_id!r}")
    return f.maps[map_id]


@cache
def enemies(map_id: str) -> dict[str, Enemy]:
    return {k: Enemy(k, v.name, v.attack, v.ma, v.vehicle, v.boat) for k, v in _enemy_set(map_id).items()}


@cache
def enemy_cup(map_id: str) -> tuple[str, ...]:
    return tuple(f"{k}#{i + 1}" for k, v in _enemy_set(map_id).items() for i in range(v.count))


@cache
def placement() -> dict[str, tuple[str, tuple[str, str, str]]]:
    """The Mission Objective Placement table (7.0): id -> (name, hexes for d6 1-2, 3-4, 5-6)."""
    f = _load("missions.yaml", MissionsFile)
    return {k: (v.name, (v.hexes[0], v.hexes[1], v.hexes[2])) for k, v in f.placement.items()}


def check_needs(f: MissionsFile, known: Mapping[str, object], name: str = "missions.yaml") -> None:
    """6.1 across two files: every gear piece an objective needs is in gear.yaml."""
    for m, cup in f.cups.items():
        for k, v in cup.items():
            for item in v.needs:
                if item not in known:
                    raise RulesError(f"{name}: cups.{m}.{k}.needs: unknown gear {item!r} (not in gear.yaml)")


@cache
def mission_cup(map_id: str) -> dict[str, tuple[int, tuple[str, ...]]]:
    """The map's objective counters: id -> (PP award, required gear)."""
    f = _load("missions.yaml", MissionsFile)
    if map_id not in f.cups:
        raise RulesError(f"missions.yaml: no mission cup for map {map_id!r}")
    check_needs(f, gear())
    return {k: (v.pp, tuple(v.needs)) for k, v in f.cups[map_id].items()}


def piece_type(pid: str) -> str:
    """Counter type of an instance id ('rifle_section#3' -> 'rifle_section')."""
    return pid.split("#", 1)[0]
