"""Data-file pieces every Commander game's schema shares (docs/data-formats.md): the field types
and a unit counter's printed side. Each game's own schema (Combat Commander's data_models, Great
War Commander's _schema) builds its files from these and adds what it alone has."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field

from tactica.core.schema import Model, OneOf

Text = Annotated[str, Field(min_length=1)]
Stat = Annotated[int, Field(ge=0)]
BOXABLE: Final = ("fp", "range", "movement")
"""Stats a counter may print boxed (3.1)."""
Boxed = Annotated[str, OneOf(BOXABLE, "boxed stat")]


class SideModel(Model):
    """One side of an infantry counter (3.1); the flipped side is the broken one (3.2)."""

    fp: Stat
    range: Stat
    movement: Stat
    morale: Stat
    command: Stat | None = Field(default=None, description="leaders only (3.1.5)")
    boxed: list[Boxed] = Field(default_factory=list)


class PlacedModel(Model):
    """A unit set up on a fixed hex rather than in a set-up zone (a custom scenario's)."""

    hex: Text
    unit: Annotated[Text, Field(description="a squad, team or leader id of the nation's roster")]
    weapon: Text | None = Field(default=None, description="a weapon id of the roster it carries (8.1.1)")
