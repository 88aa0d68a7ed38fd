"""Data-file pieces every Commander game's schema shares (docs/data-formats.md): the field types
and a unit counter's printed side. Each game's own schema (Combat Commander's data_models, Great
War Commander's _schema) builds its files from these and adds what it alone has."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field, model_validator

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


class TimeModel(Model):
    """A scenario's Time Track (6): where the Time marker starts, the Sudden Death space and the
    last space, in that order. The bounds are Combat Commander's track; a game with a shorter one
    narrows the fields in a subclass (Great War Commander: 12 spaces)."""

    start: Annotated[int, Field(ge=0, le=20)]
    sudden_death: Annotated[int, Field(ge=1, le=20)]
    last: Annotated[int, Field(ge=1, le=20)]

    @model_validator(mode="after")
    def _order(self) -> TimeModel:
        if not self.start < self.sudden_death <= self.last:
            raise ValueError("expected start < sudden_death <= last")
        return self
