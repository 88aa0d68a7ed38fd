"""The block label sheet (2.0-2.7): every block's printed values, loaded once from data/blocks.yaml.

A block's identity (its id and label) and its current steps are what the other player cannot see
while it stands upright (1.0); the printed values here are public knowledge about the *sheet*, not
about which block stands where.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from tactica.core.datafile import DataError, parse_yaml_lines
from tactica.core.rules import RulesError
from tactica.core.schema import validate

from .data_models import BLOCK_TYPES, SIDE_IDS, BlocksFile

DATA = Path(__file__).parent / "data"
SIDES = SIDE_IDS
"""Seat 0 plays the American battalion, seat 1 the German (the book's two sides)."""

PLAYABLE_TYPES = frozenset(BLOCK_TYPES) - {"artillery", "air"}
"""Types a scenario may place on the map; artillery and air stay off it (a scenario's support)."""
HQ_TYPES = frozenset({"chq", "phq"})
WEAPON_TYPES = frozenset(
    {"mg", "mortar", "atr", "engineer", "sniper", "tank", "armored_car", "at_gun", "bunker"}
)
"""Company and battalion weapons (2.4, 2.5): commanded by a CHQ or one per PHQ activation."""
NO_ASSAULT_ENTRY = frozenset({"mg", "mortar", "at_gun"})
"""2.41, 2.42, 9.61, 9.62: machine guns, mortars and AT guns cannot move into an assault."""
VEHICLES = frozenset({"tank", "armored_car"})
"""2.53: armoured vehicles: revealed when they move or fire; face-up they have their AC."""
GUNS_AND_VEHICLES = VEHICLES | {"at_gun"}
"""TEC notes 1 and 6: what may not cross woods, marsh and town hexsides except by road, nor rivers
and cliffs."""

@dataclass(frozen=True)
class Label:
    id: str
    side: int
    type: str
    company: str
    platoon: int
    steps: int
    f: int
    range: int
    move: int
    morale: int
    ac: int
    dice: int
    bombard: bool
    points: int
    name: str

    @property
    def hq(self) -> bool:
        return self.type in HQ_TYPES


def parse_sheet(
    data: Any, where: str, lines: Mapping[tuple[str | int, ...], int] | None = None
) -> dict[str, Label]:
    """Check a label sheet against its model (data_models.BlocksFile) and return its labels by
    id; errors name the file, the block and the problem, and nothing is kept from a bad file."""
    top = validate(BlocksFile, data, where, RulesError, lines)
    return {
        b.id: Label(**{**b.model_dump(), "side": SIDES.index(b.side)})
        for b in top.blocks
    }


STAT_FIELDS = ("steps", "f", "range", "move", "morale", "ac", "dice", "points")
"""The printed values a block of its own may change (the studio's per-block stats)."""


class Sheet(dict[str, Label]):
    """The label sheet by id. An id ``LABEL+f=4+range=3`` (a block given values of its own, as
    the studio places it) is looked up as that label with these values, computed on demand and
    never stored here, so the sheet itself never changes."""

    def __missing__(self, bid: str) -> Label:
        return derived(bid)


@cache
def derived(bid: str) -> Label:
    """The label ``LABEL+key=value+...`` names: the printed label with these values changed."""
    base, *changes = bid.split("+")
    lab = sheet().get(base)
    if lab is None or not changes:
        raise KeyError(bid)
    values: dict[str, Any] = {}
    for c in changes:
        key, _, v = c.partition("=")
        if key not in STAT_FIELDS or not v.lstrip("-").isdigit():
            raise KeyError(bid)
        values[key] = int(v)
    return replace(lab, id=bid, **values)


def derived_id(base: str, values: Mapping[str, int]) -> str:
    """The id of label ``base`` with ``values`` of its own (keys in a fixed order)."""
    return base + "".join(f"+{k}={int(values[k])}" for k in STAT_FIELDS if k in values)


@cache
def sheet() -> Sheet:
    path = DATA / "blocks.yaml"
    try:
        data, lines = parse_yaml_lines(path.read_text(encoding="utf-8"), path.name)
    except DataError as exc:
        raise RulesError(str(exc)) from None
    return Sheet(parse_sheet(data, path.name, lines))
