"""Fortifications (F100-F106): Foxholes, Trenches, Mines, Wire, Bunkers and the one Pillbox.

State (plain data, shared with artillery.py and the Events)::

    "fortifications": {hex label: kind}   # kind in KINDS; at most one per hex (8.1.3, F100.3)
    "fort_holders": {hex label: seat}     # Bunker/Pillbox hexes: the side that last held the
                                          # hex alone (F101/F104 Melee ties), kept by
                                          # :func:`update_holders`
    "mines_fp": int                       # FP of every Mine Attack (F103.2; default 6)

A Fortification belongs to nobody (it helps whoever stands in it) and is public once placed.
This module is the one place that knows what each kind does; the procedures ask it:

* Cover: :func:`cover` gives the alternate Cover instance of the hex (stats.best_cover takes the
  best instance, T78.3); a Road in the hex lowers it by 1 as it lowers any other Cover (T93).
* Wire: -1 FP/Range/Morale to units in it (stats.unit_stat), no Weapon fires from it and no Fire
  Group crosses its boundary (:func:`weapon_blocked`, :func:`group_split`), Move stops on entering
  or leaving it (:func:`wire_halts`).
* Trench: 1 MP between Trench and Trench/Bunker/Pillbox hexes, and no Op Fire in the hex entered
  (:func:`trench_step`).
* Mines: a Mine Attack on units moving/advancing/retreating into or out of the hex
  (mines.push_mine_attack; :func:`mines_fp`).
* Bunker/Pillbox: the side that held the hex wins a tied Melee (:func:`melee_tie_winner`).
* Artillery: :func:`vulnerability` is the Fortification Vulnerability number per Radio FP
  (O18.2.3.3). The Track Display that prints it is not in the rulebook text: the table below is
  our design.

What both Commander books share (the state, placement and its refusals, Cover, Wire, Trench moves,
the Melee holders) is commander_family.fortifications, driven by :data:`SPEC`, this game's chart;
the names below are that module's, kept here for Combat Commander's callers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ..commander_family import fortifications as fam
from ..commander_family.board_state import board_of, label_map
from ..commander_family.fortifications import (
    FortKinds,
    forts,
    group_split,
    in_wire,
    kind_at,
    melee_tie_winner,
    place,
    refusal,
    remove,
    table,
    trench_step,
    update_holders,
    view,
    weapon_blocked,
    wire_halts,
)
from .terrain import hex_type, hex_types, on_path, terrain_chart

if TYPE_CHECKING:
    from tactica.core.game import Game

__all__ = [
    "COVER",
    "KINDS",
    "MELEE_HOLD",
    "MINES_FP",
    "NAMES",
    "RULE",
    "SPEC",
    "TRENCH_LINK",
    "VULNERABILITY",
    "cover",
    "forts",
    "group_split",
    "in_wire",
    "is_building",
    "is_water",
    "kind_at",
    "melee_tie_winner",
    "mines_fp",
    "name",
    "place",
    "refusal",
    "remove",
    "setup",
    "table",
    "trench_step",
    "update_holders",
    "view",
    "vulnerability",
    "weapon_blocked",
    "wire_halts",
]

KINDS: Final = ("foxholes", "trench", "mines", "wire", "bunker", "pillbox")
NAMES: Final = {"foxholes": "Foxholes", "trench": "Trench", "mines": "Mines", "wire": "Wire",
                "bunker": "Bunker", "pillbox": "Pillbox"}
RULE: Final = {"foxholes": "F102", "trench": "F105", "mines": "F103", "wire": "F106",
               "bunker": "F101", "pillbox": "F104"}
COVER: Final = {"foxholes": (3, 4), "trench": (4, 5), "pillbox": (5, 6), "bunker": (6, 7)}
"""Alternate Cover: (against everything else, against Mortars and Artillery) (F101-F105)."""
MELEE_HOLD: Final = ("bunker", "pillbox")
TRENCH_LINK: Final = ("trench", "bunker", "pillbox")
MINES_FP: Final = 6
"""F103.2: default Mine Attack strength (a scenario may give the Defender 7 or 8)."""

VULNERABILITY: Final = ((8, 3), (10, 4), (12, 5), (99, 6))
"""Our design (the Track Display's table is not in the rulebook text): (highest Radio FP, number).
An Artillery Impact Roll (2d6) equal to the number destroys the hex's Fortification before the
Defense Rolls (O18.2.3.3). Heavier guns get a number nearer 7, so they wreck works more often:
FP 8 or less 3 (2 in 36), 9-10 4 (3 in 36), 11-12 5 (4 in 36), 13+ 6 (5 in 36)."""


def is_water(g: Game, label: str) -> bool:
    b = board_of(g)
    return b is not None and bool(hex_type(b, label_map(b)[label]).water)


def is_building(g: Game, label: str) -> bool:
    b = board_of(g)
    return b is not None and any(t.id == "building" for t in hex_types(b, label_map(b)[label]))


def _road_cover(g: Game, label: str) -> int:
    """T93: a Road lowers a Fortification's Cover as it lowers any other Cover."""
    b = board_of(g)
    if b is not None and on_path(b, label_map(b)[label], "road"):
        return int(terrain_chart().entries["road"].road_cover)
    return 0


SPEC: Final = FortKinds(
    names=NAMES, cover=COVER, melee_hold=MELEE_HOLD, trench_link=TRENCH_LINK,
    rules={"water": "F100.3", "blaze": "8.1.5", "stack": "8.1.3", "unique": "F100.1"},
    unique=("pillbox",), road_cover=_road_cover, water=is_water)
"""Combat Commander's Fortifications chart (F100-F106) for the family's procedures."""


def name(kind: str) -> str:
    return NAMES.get(kind, kind)


def mines_fp(g: Game) -> int:
    return int(g.state.get("mines_fp", MINES_FP))


def vulnerability(fp: int) -> int:
    """O18.2.3.3: the Fortification Vulnerability number of a Radio of ``fp`` (our table)."""
    for top, n in VULNERABILITY:
        if fp <= top:
            return n
    return VULNERABILITY[-1][1]


def setup(g: Game, scenario: Mapping[str, Any]) -> None:
    """Scenario set-up: the Fortifications the scenario places (``fortifications``: [{hex, type}])
    and the Mine Attack strength (``mines_fp``, F103.2). Call after ``map`` is in the state."""
    if "mines_fp" in scenario:
        g.state["mines_fp"] = int(scenario["mines_fp"])
    for f in scenario.get("fortifications") or []:
        if kind_at(g, str(f["hex"])) == f["type"]:
            continue  # already set up (set-up called twice): nothing to do
        if not place(g, str(f["hex"]), str(f["type"]), "F100.1"):
            raise ValueError(f"scenario Fortification {f!r} cannot be placed")


def cover(g: Game, label: str | None, heavy: bool = False) -> tuple[int, str] | None:
    """The alternate Cover instance a Foxholes/Trench/Bunker/Pillbox gives its hex (the second
    value of its pair against Mortars and Artillery), with the Road's -1 (T93); None without."""
    return fam.cover(g, label, heavy)
