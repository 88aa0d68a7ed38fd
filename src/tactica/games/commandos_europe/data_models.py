"""The data files of Commandos: Europe (data/*.yaml) as pydantic models.

data.py validates each file against its model (strict YAML through core.datafile first) and then
builds the frozen counters the rules code uses, so nothing else sees pydantic. A problem is reported
as ``gear.yaml: gear.chevy.move: ... (line N)``. Checks that span two files (a mission's gear must
be in gear.yaml) stay in data.py. The maps are core maps (core.map_schema) whose terrain names
come from terrain.yaml. The published JSON Schemas (docs/schemas/commandos_europe.*) come from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from tactica.core.schema import FileModel, Model, OneOf

__all__ = [
    "FILES",
    "CasualtiesFile",
    "CommandosFile",
    "EnemiesFile",
    "GearFile",
    "MissionsFile",
    "TerrainFile",
]

MAP_IDS = ("norway", "north_africa", "normandy", "continent")
"""The four maps in campaign order (2.2)."""

Text = Annotated[str, Field(min_length=1)]
Id = Annotated[str, Field(min_length=1, pattern=r"^[A-Za-z0-9_-]+$",
                          description="letters, digits, '_' and '-' (instances are id#n)")]
Cost = Annotated[int, Field(ge=0, description="PP (6.0)")]
Count = Annotated[int, Field(ge=1, description="copies of the counter in its cup")]
MapId = Annotated[str, OneOf(MAP_IDS, "map")]
Hex = Annotated[str, Field(pattern=r"^[0-9]{4}$", description="a CCRR hex label, as a string")]
Move = Annotated[str, Field(pattern=r"^[+-][0-9]+$", description="'+N' plus-type or '-N' minus-type (10.2)")]


class TerrainModel(Model):
    """One row of the terrain effects chart (10.7, 12.1, 13.0, 10.6, 11.0, 12.9)."""

    mp: Annotated[int, Field(ge=1, description="movement points to enter (10.7)")]
    noise: int = Field(description="added to a stack's noise (12.1)")
    combat: Annotated[int, Field(le=0, description="penalty on the attacker's total (13.0 step 3)")]
    vehicle_enter: bool = Field(description="enemy vehicles may move into it (10.6, 11.0)")
    vehicle_place: bool = Field(description="enemy vehicles may be placed in it by drift (12.9)")


class TerrainFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"": "top level"}
    version: Literal[1]
    terrain: dict[Id, TerrainModel]
    features: list[Id] = Field(default_factory=list, description="hex features that are no terrain (bridge)")
    hexside: list[Id] = Field(default_factory=list)
    road: list[Id] = Field(default_factory=list)

    @model_validator(mode="after")
    def _needed(self) -> TerrainFile:
        for t in ("clear", "mountain", "sea", "river"):  # the rules name these (11.0, 12.1)
            if t not in self.terrain:
                raise ValueError(f"terrain: missing {t!r}, which the rules use")
        return self


class GearModel(Model):
    """A weapon or item of equipment (2.4, 9.2, 10.2, 11.0, 13.3, 14.0, 15.0)."""

    name: Text
    fp: Annotated[int, Field(ge=0)]
    cost: Cost
    noise: int
    move: Move
    black: bool = Field(default=False, description="black plus value: hauled by a non-black plus piece (9.2)")
    blue: bool = Field(default=False, description="blue hexagon: may be in all-sea hexes (11.0)")
    boat: bool = Field(default=False, description="moves its stack at 1 MP a sea or river hex (11.1)")
    anti_tank: bool = Field(default=False, description="doubled against a circled-MA enemy (13.3)")
    suppress: bool = Field(default=False, description="'+' firepower: may suppress (15.0)")
    naval_gunfire: bool = Field(default=False, description="scatters after a combat it fought in (14.0)")

    @model_validator(mode="after")
    def _black_is_plus(self) -> GearModel:
        if self.black and not self.move.startswith("+"):
            raise ValueError("black: only a plus-type piece can have a black value (9.2)")
        return self


class GearFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"": "top level"}
    version: Literal[1]
    gear: dict[Id, GearModel]


class SquadModel(Model):
    name: Text
    fp: Annotated[int, Field(ge=0)]
    noise: int
    ma: Annotated[int, Field(ge=1)]
    cost: Cost
    level: Annotated[str, OneOf(("0", "E", "V", "bought"), "level")]
    line: str = Field(default="", description="the free squad an E/V squad succeeds (3.2, 13.1)")


class LeaderModel(Model):
    name: Text
    role: Literal["commander", "officer"]
    fp: Annotated[int, Field(ge=0)]
    noise: int
    move: Annotated[str, Field(pattern=r"^\+[0-9]+$", description="a plus-type value (12.7)")]
    cost: Cost
    level: Annotated[str, OneOf(("0", "E", "V", "bought"), "level")]


class BaseCounterModel(Model):
    name: Text
    cost: Cost


class CommandosFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"": "top level"}
    version: Literal[1]
    squads: dict[Id, SquadModel]
    leaders: dict[Id, LeaderModel]
    bases: dict[Id, BaseCounterModel]

    @model_validator(mode="after")
    def _lines(self) -> CommandosFile:
        for k, sq in self.squads.items():
            if sq.line and sq.line not in self.squads:
                raise ValueError(f"squads.{k}.line: no squad {sq.line!r}")
            if sq.level in ("E", "V") and not sq.line:
                raise ValueError(f"squads.{k}: an E or V squad names the free squad it succeeds (line)")
        if not {"base-1", "base-2"} <= set(self.bases):
            raise ValueError("bases: the free base 'base-1' and the second base 'base-2' (3.1)")
        return self


class MarkerModel(Model):
    """A casualties marker (13.1): kills a leader, or changes the squad's values while held."""

    name: Text
    count: Count
    kills: Literal["commander", "officer"] | None = None
    fp: Annotated[int, Field(le=0)] = 0
    ma: Annotated[int, Field(le=0)] = 0
    noise: Annotated[int, Field(ge=0)] = 0


class CasualtiesFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"": "top level"}
    version: Literal[1]
    markers: dict[Id, MarkerModel]

    @model_validator(mode="after")
    def _twenty(self) -> CasualtiesFile:
        total = sum(m.count for m in self.markers.values())
        if total != 20:
            raise ValueError(f"markers: the book has twenty casualties markers (2.3), not {total}")
        for role in ("commander", "officer"):
            if not any(m.kills == role for m in self.markers.values()):
                raise ValueError(f"markers: no {role.title()} Killed marker (13.1)")
        return self


class EnemyModel(Model):
    name: Text
    attack: Annotated[int, Field(ge=0)]
    ma: Annotated[int, Field(ge=0, description="0: static (10.6)")]
    count: Count
    vehicle: bool = Field(default=False, description="a circled MA (10.6, 11.0, 13.3)")
    boat: bool = Field(default=False, description="a sea-wave symbol: moves only at sea (11.0)")

    @model_validator(mode="after")
    def _one_kind(self) -> EnemyModel:
        if self.vehicle and self.boat:
            raise ValueError("vehicle: a unit is a vehicle or a boat, not both")
        return self


class EnemiesFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"": "top level"}
    version: Literal[1]
    maps: dict[MapId, dict[Id, EnemyModel]]

    @model_validator(mode="after")
    def _every_map(self) -> EnemiesFile:
        for m in MAP_IDS:
            if not self.maps.get(m):
                raise ValueError(f"maps: no enemy set for {m!r} (2.3)")
        return self


class PlacementModel(Model):
    """A row of the Mission Objective Placement table (7.0)."""

    name: Text
    hexes: Annotated[list[Hex], Field(min_length=3, max_length=3, description="hexes for d6 1-2, 3-4, 5-6")]


class ObjectiveModel(Model):
    pp: Cost = Field(description="PP awarded when accomplished (6.2)")
    needs: list[Id] = Field(description="gear that must be in the hex with the squad (6.1)")


class MissionsFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"": "top level"}
    version: Literal[1]
    placement: dict[Id, PlacementModel]
    cups: dict[MapId, dict[Id, ObjectiveModel]]

    @model_validator(mode="after")
    def _cups(self) -> MissionsFile:
        seen: dict[str, str] = {}
        for m in MAP_IDS:
            cup = self.cups.get(m, {})
            if len(cup) < 6:
                raise ValueError(f"cups.{m}: a map's cup needs at least six objectives (4.0), not {len(cup)}")
            for k in cup:
                if k not in self.placement:
                    raise ValueError(f"cups.{m}.{k}: not in the placement table (7.0)")
                if k in seen:
                    raise ValueError(f"cups.{m}.{k}: already in the {seen[k]} cup")
                seen[k] = m
        return self


FILES: dict[str, type[FileModel]] = {
    "terrain.yaml": TerrainFile,
    "gear.yaml": GearFile,
    "commandos.yaml": CommandosFile,
    "casualties.yaml": CasualtiesFile,
    "enemies.yaml": EnemiesFile,
    "missions.yaml": MissionsFile,
}
"""Each data file and its model."""
