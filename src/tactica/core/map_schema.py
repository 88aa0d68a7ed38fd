"""The map file format (docs/map-format.md) as a pydantic model: keys, types and allowed values.

:func:`tactica.core.board.load_board` validates a file against :class:`MapFile` first, then checks
what needs the geometry (labels on the map, adjacency, ranges) while it builds the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from .schema import FileModel, Model

__all__ = ["MapFile"]

Name = Annotated[str, Field(min_length=1)]
Label = str | int  # labels must be strings; the board names an unquoted number in its own message


class GeometryModel(Model):
    orientation: Literal["flat", "pointy"]
    offset: Literal["odd-q", "even-q", "odd-r", "even-r"]
    labels: Literal["letter-number", "four-digit"]
    cols: Annotated[int, Field(ge=1)]
    rows: Annotated[int, Field(ge=1)]
    first_col: int = 1
    first_row: int = 1
    exclude: list[Label] = Field(default_factory=list, description="labels or ranges 'A1..C4' left off")


class CatalogueModel(Model):
    hex: list[Name] | None = None
    hexside: list[Name] | None = None
    road: list[Name] | None = None


class DefaultsModel(Model):
    terrain: list[Name] = Field(default_factory=list)
    elevation: int = 0


class HexModel(Model):
    terrain: list[Name] | None = None
    elevation: int | None = None
    half: bool | None = Field(default=None, description="a half hex on the map edge")


class RoadModel(Model):
    kind: Name = "road"
    path: list[Label]


class DerivedHexsidesModel(Model):
    """Hexside features the hexes beside a hexside imply (docs/map-format.md)."""

    from_terrain: dict[Name, Name] = Field(
        default_factory=dict, description="hex terrain -> the hexside feature every side of such a hex gets")
    from_elevation: Name | None = Field(
        default=None, description="the hexside feature between hexes of different levels (a slope)")


class MapFile(FileModel):
    """A map: geometry, terrain per hex and hexside, roads, objectives, zones, edges, sections."""

    entry_names: ClassVar[Mapping[str, str]] = {"": "top level"}
    format: Literal["tactica-map"] | None = None
    version: Literal[1]
    name: Name | None = None
    notes: str | None = None
    geometry: GeometryModel
    terrain: CatalogueModel | None = None
    defaults: DefaultsModel | None = None
    hexes: dict[Label, list[Name] | HexModel] = Field(default_factory=dict)
    hexsides: dict[str, list[Name]] = Field(default_factory=dict)
    roads: list[RoadModel] = Field(default_factory=list)
    objectives: dict[Label, Label] = Field(default_factory=dict)
    zones: dict[str, list[Label]] = Field(default_factory=dict)
    edges: dict[str, list[Label]] = Field(default_factory=dict)
    sections: dict[str, list[Label]] = Field(default_factory=dict)
    derived_hexsides: DerivedHexsidesModel | None = None
