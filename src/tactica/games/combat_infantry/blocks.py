"""The block label sheet (2.0-2.7): every block's printed values, loaded once from data/blocks.yaml.

A block's identity (its id and label) and its current steps are what the other player cannot see
while it stands upright (1.0); the printed values here are public knowledge about the *sheet*, not
about which block stands where.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tactica.core.datafile import parse_yaml
from tactica.core.rules import RulesError

DATA = Path(__file__).parent / "data"
SIDES = ("usa", "ger")
"""Seat 0 plays the American battalion, seat 1 the German (the book's two sides)."""

PLAYABLE_TYPES = frozenset(
    {
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
        "minefield",
        "bunker",
    }
)
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

_FIELDS = {
    "id": str,
    "side": str,
    "type": str,
    "company": str,
    "platoon": int,
    "steps": int,
    "f": int,
    "range": int,
    "move": int,
    "morale": int,
    "ac": int,
    "dice": int,
    "bombard": bool,
    "points": int,
    "name": str,
}


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


def parse_sheet(data: Any, where: str) -> dict[str, Label]:
    """Check a label sheet and return its labels by id; errors name the file and the entry."""
    if not isinstance(data, dict) or data.get("format") != "tactica-blocks" or data.get("version") != 1:
        raise RulesError(f"{where}: not a tactica-blocks version 1 file")
    types = data.get("types")
    if not isinstance(types, dict):
        raise RulesError(f"{where}: types: expected a mapping")
    out: dict[str, Label] = {}
    for k, entry in enumerate(data.get("blocks") or []):
        w = f"{where}: blocks[{k}]"
        if not isinstance(entry, dict) or set(entry) != set(_FIELDS):
            raise RulesError(f"{w}: expected exactly the fields {sorted(_FIELDS)}")
        for f, t in _FIELDS.items():
            v = entry[f]
            if not isinstance(v, t) or (t is int and isinstance(v, bool)):
                raise RulesError(f"{w} {f}: expected {t.__name__}, got {v!r}")
        if entry["side"] not in SIDES:
            raise RulesError(f"{w} side: {entry['side']!r} is not one of {SIDES}")
        if entry["type"] not in types:
            raise RulesError(f"{w} type: unknown type {entry['type']!r}")
        if entry["id"] in out:
            raise RulesError(f"{w}: duplicate id {entry['id']!r}")
        if entry["steps"] < 1:
            raise RulesError(f"{w} steps: a block has at least one step")
        out[entry["id"]] = Label(**{**entry, "side": SIDES.index(entry["side"])})
    return out


@cache
def sheet() -> dict[str, Label]:
    path = DATA / "blocks.yaml"
    return parse_sheet(parse_yaml(path.read_text(encoding="utf-8"), path.name), path.name)
