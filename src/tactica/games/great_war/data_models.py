"""The Great War data files (command and combat decks, scenarios) as pydantic models.

The loaders validate a file against these models (strict YAML through core.datafile first) and
then keep using the plain dicts they always used, so nothing in the rules code changes. The
published JSON Schemas (docs/schemas/) are generated from these models.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from tactica.core.map_schema import MapFile
from tactica.core.schema import FileModel, Model, OneOf, unique_ids

from .units import UNIT_TYPES

__all__ = ["CardsFile", "ScenarioFile"]

Text = Annotated[str, Field(min_length=1)]
CardId = Annotated[str, Field(min_length=1, pattern=r"^[^#]+$", description="no '#': instances are id#n")]
Positive = Annotated[int, Field(ge=1)]


class OrderModel(Model):
    """What a command card orders (TGW-D Cards)."""

    section: Literal["left", "centre", "right"] | None = None
    units: Positive | None = None
    each_section: Positive | None = None
    anywhere: Positive | None = None
    kinds: list[Annotated[str, OneOf(tuple(UNIT_TYPES), "unit kind")]] | None = None
    fallback: Positive | None = None
    adjacent_only: bool = False
    hold: bool = False
    close_dice: Positive | None = None
    no_gain: bool = False
    barrage: bool = False


class EffectModel(Model):
    """What a combat card does (TGW-D Combat)."""

    dice: Positive | None = None
    combat: Literal["ranged", "close"] | None = None
    infantry_only: bool = False
    deadly_at: Positive | None = None
    no_gain: bool = False
    bonus_close: bool = False
    ignore_flags: Positive | None = None
    order_extra: Positive | None = None
    hold: bool = False
    close_dice: Positive | None = None


class CardModel(Model):
    id: CardId
    name: Text
    count: Positive
    text: Text
    order: OrderModel | None = None
    cost: Annotated[int, Field(ge=0)] | None = None
    when: Literal["attack", "defend", "order"] | None = None
    effect: EffectModel | None = None


class CardsFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"cards": "card"}
    format: Literal["tactica-cards"]
    version: Literal[1]
    deck: Literal["command", "combat"]
    cards: list[CardModel]

    @model_validator(mode="after")
    def _cards(self) -> CardsFile:
        unique_ids(self.cards, "card")
        for c in self.cards:
            if self.deck == "command" and (c.order is None or c.effect or c.when or c.cost is not None):
                raise ValueError(f"card {c.id}: a command card has an 'order' and no cost, when or effect")
            if self.deck == "combat" and (c.order is not None or c.when is None or c.cost is None):
                raise ValueError(f"card {c.id}: a combat card has a cost and a 'when', and no order")
        return self


class PerSide(Model):
    allies: int
    central: int


class PerSideFlag(Model):
    allies: bool
    central: bool


class UnitModel(Model):
    id: Text
    kind: Annotated[str, OneOf(tuple(UNIT_TYPES), "unit kind")]
    hex: Text
    bomber: bool = False


class SideUnits(Model):
    allies: list[UnitModel]
    central: list[UnitModel]


class ObjectiveModel(Model):
    hex: Text
    for_: Literal["allies", "central"] = Field(alias="for")


class ScenarioFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"allies": "unit", "central": "unit"}
    format: Literal["tactica-scenario"]
    version: Literal[1]
    id: Text
    name: Text
    description: str = ""
    first: Literal["allies", "central"] = "allies"
    turn_limit: Positive = 30
    tie: Literal["draw", "allies", "central"] = "draw"
    """Who wins when the medals are level at the turn limit (TGW-D Victory 3): nobody (a draw),
    or the side named (a scenario's design, e.g. a defender who holds its line)."""
    medals: PerSide
    hand: PerSide
    combat_hand: PerSide
    hq: PerSide
    reserve_artillery: PerSideFlag
    objectives: list[ObjectiveModel] = Field(default_factory=list)
    map: MapFile
    units: SideUnits
