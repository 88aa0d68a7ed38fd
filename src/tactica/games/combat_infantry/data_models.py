"""Combat Infantry's data files (the block label sheet, scenarios) as pydantic models.

The loaders (blocks.py, scenarios.py) validate a file against these models first, so a
malformed file is refused with the file, the entry and the problem named, and nothing is loaded
from it; what needs other files (a scenario's map and the label sheet) is checked after, with
messages of the same shape. Map sheets are core map files (tactica.core.map_schema.MapFile).
The published JSON Schemas (docs/schemas/) are generated from these models.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator

from tactica.core.schema import FileModel, Model, OneOf, unique_ids

__all__ = ["BlocksFile", "ScenarioFile"]

SIDE_IDS = ("usa", "ger")
BLOCK_TYPES = (
    "chq",
    "phq",
    "rifle",
    "mg",
    "mortar",
    "atr",
    "engineer",
    "sniper",
    "tank",
    "armored_car",
    "at_gun",
    "bunker",
    "minefield",
    "artillery",
    "air",
)
"""Every unit type the rules know (2.0-2.7, 7.2); a label sheet uses these names."""

Text = Annotated[str, Field(min_length=1)]
Side = Annotated[str, OneOf(SIDE_IDS, "side")]
Company = Literal["A", "B", "C"]
Count = Annotated[int, Field(ge=0)]
Label = Annotated[str, Field(min_length=2, description="a hex label such as 'H5'")]
BlockId = Annotated[str, Field(min_length=1, description="a block id of the label sheet, e.g. US-A1-IN1")]


class BlockModel(Model):
    """One block's label (2.1): its printed values."""

    id: BlockId
    side: Side
    type: Annotated[str, OneOf(BLOCK_TYPES, "unit type")]
    company: Annotated[str, OneOf(("A", "B", "C", "bn"), "company")]
    platoon: Annotated[int, Field(ge=0, le=3, description="1-3 for platoon units, 0 otherwise")]
    steps: Annotated[int, Field(ge=1, le=4, description="maximum strength (2.11)")]
    f: Annotated[int, Field(ge=0, le=10, description="firepower: each die at or below it hits (2.12)")]
    range: Count
    move: Count
    morale: Annotated[int, Field(ge=0, le=10)]
    ac: Annotated[int, Field(ge=0, le=10, description="armour class, 0 if none (6.32)")]
    dice: Annotated[int, Field(ge=0, description="artillery and air: dice per strike (2.6, 2.7)")]
    bombard: bool
    points: Annotated[int, Field(ge=0, description="unit value per step (10.4)")]
    name: Text


class BlocksFile(FileModel):
    """The label sheet: the unit types it uses and every block of both battalions."""

    entry_names: ClassVar[Mapping[str, str]] = {"blocks": "block", "": "top level"}
    format: Literal["tactica-blocks"]
    version: Literal[1]
    types: dict[Annotated[str, OneOf(BLOCK_TYPES, "unit type")], Text]
    blocks: Annotated[list[BlockModel], Field(min_length=1)]

    @model_validator(mode="after")
    def _checks(self) -> BlocksFile:
        unique_ids(self.blocks, "block")
        for b in self.blocks:
            if b.type not in self.types:
                raise ValueError(f"block {b.id}: type {b.type!r} is not listed under types")
        return self


class SheetModel(Model):
    """A map sheet of a joined map (3.0), turned half a circle or not."""

    sheet: Text
    turned: bool = False


MapSpec = (
    Text
    | Annotated[list[Annotated[list[Text | SheetModel], Field(min_length=1)]], Field(min_length=1)]
    | dict[str, Any]
)
"""A sheet id, rows of sheets (3.0), or a map given inline: a core map file's content (the
editor's custom scenarios; checked by core.board.load_board, docs/map-format.md)."""


class SupportModel(Model):
    """Off-map strikes a side may call (2.6, 2.7)."""

    artillery: Count = 0
    air: Count = 0


class DeployModel(Model):
    """10.1 set-up by the players: these blocks, in or next to the named hexes, one in each."""

    areas: list[Label] = Field(default_factory=list)
    blocks: list[BlockId] = Field(default_factory=list)


class DrawModel(Model):
    """2.5: battalion weapons drawn at random from a pool and attached to a company."""

    pool: Annotated[list[BlockId], Field(min_length=1)]
    count: Annotated[int, Field(ge=1)]
    company: Company


class ScenarioFile(FileModel):
    """A scenario (10.0-10.4): map, game turns, first player, weather, night, objectives,
    support, wire and the set-up of both sides' blocks."""

    entry_names: ClassVar[Mapping[str, str]] = {"": "top level"}
    format: Literal["tactica-scenario"]
    version: Literal[1]
    id: Text
    name: Text
    description: str = ""
    map: MapSpec = Field(
        description="a sheet id, or rows (north to south) of sheets (west to east), 3.0, or a map inline"
    )
    game_turns: Annotated[int, Field(ge=1, le=20)]
    first: Side
    weather: Literal["fair", "bad"] = "fair"
    night: bool = False
    solitaire: bool = Field(default=False, description="made for the solitaire method (10.5)")
    objectives: dict[Text, Annotated[int, Field(ge=1)]] = Field(
        default_factory=dict, description="map objective -> VP for holding it at the end (10.4)"
    )
    attached: dict[BlockId, Company] = Field(
        default_factory=dict, description="battalion weapon -> the company it serves (2.5)"
    )
    support: dict[Side, SupportModel] = Field(default_factory=dict)
    wire: dict[Side, list[Label]] = Field(default_factory=dict, description="7.5: wire markers by side")
    revealed: list[BlockId] = Field(default_factory=list, description="tanks set up face-up (2.53)")
    setup: dict[Side, dict[BlockId, Label] | None] = Field(
        description="fixed set-up: block -> hex, for both sides (10.1)"
    )
    deploy: dict[Side, DeployModel] = Field(default_factory=dict)
    draw: dict[Side, list[DrawModel]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _both_sides(self) -> ScenarioFile:
        if set(self.setup) != set(SIDE_IDS):
            raise ValueError(f"setup: give the blocks of both sides ({', '.join(SIDE_IDS)})")
        return self
