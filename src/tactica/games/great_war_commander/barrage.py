"""Great War Commander's artillery as pure functions of dates, dice and hex geometry (O19).

Nothing here reads a game: the Order procedure (artillery.py) calls these with what it found on
the map, and the tests check the book's numbers on them directly.

* which Artillery Box spaces a Telephone may take by the scenario's date and nation (O19.2 table);
* Accuracy: a Targeting Roll, the PRODUCT of the dice less the hindrance against the range, with
  the FAO's own hex counting as range 1 (O19.2.1.2);
* the barrage patterns: the SR hex and its six neighbours (Local Barrage, Gas Attack), or a
  straight row of seven hexes centred on the SR along one of the three hex axes (Standing/Creeping
  Barrage, O19.2.1.4), and the Creeping Barrage's one-hex shift (O19.2.2.2);
* what an Impact Total does to the hex: vulnerability 18 (20 for Pillbox and Blockhaus) downgrades
  the terrain to Shellhole or Rubble and a Fortification one step (T99.5, F125.3, O19.2.1.4.1);
* the Gas Attack's effect on one Formation (O19.2.1.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tactica.core.board import Board
from tactica.core.hexgrid import neighbor

from ..commander_family.artillery import COMPASS

LOCAL = "local"
LINE = "standing_creeping"
GAS = "gas"
BOX_SPACES = (LOCAL, LINE, GAS)
"""The Artillery Box's spaces (O19.2): where the Telephone stands says what it fires."""

LINE_FROM = "1915-01"
"""O19.2 table: Standing/Creeping Barrages from January 1915 (Local Barrage always)."""

GAS_FROM: Mapping[str, str] = MappingProxyType(
    {"Germany": "1915-06", "France": "1915-07", "Britain": "1915-07", "America": "1917-04"})
"""O19.2 table: Gas Attacks by nation; America's "from its entry into the war" read as April 1917
(RULES.md reading R8)."""

VULNERABILITY = 18
"""O19.2.1.4.1, T99.5, F125.3: every terrain type but impassable ones and Shellholes, and every
Fortification but Blockhaus and Pillbox, is downgraded by an Impact Total of 18 or more."""


def spaces_open(date: str, nation: str) -> tuple[str, ...]:
    """The Artillery Box spaces a ``nation`` Telephone may take in a scenario dated ``date``
    (``YYYY-MM``; O19.2 table, O19.1 for Battery Access)."""
    out = [LOCAL]
    if date >= LINE_FROM:
        out.append(LINE)
    gas = GAS_FROM.get(nation)
    if gas is not None and date >= gas:
        out.append(GAS)
    return tuple(out)


def accurate(product: int, hindrance: int, rng: int) -> bool:
    """O19.2.1.2 / O21.2.1.1: a Targeting Roll hits when the product of the dice less the largest
    hindrance on the way exceeds the range."""
    return product - hindrance > rng


def spotting_range(distance: int, fao: bool) -> int:
    """O19.2.1.2: the range of the Accuracy roll; the FAO spotting its own hex counts range 1."""
    return 1 if fao and distance == 0 else distance


def local_pattern(board: Board, sr: str) -> list[str]:
    """O19.2.1.3-4: the SR hex and each adjacent hex on the map (Local Barrage, Gas Attack)."""
    h = board.parse(sr)
    out = [sr]
    for d in range(6):
        n = neighbor(h, d)
        if n in board:
            out.append(board.label(n))
    return out


def line_pattern(board: Board, sr: str, axis: int) -> list[str]:
    """O19.2.1.4: the SR hex and the three hexes radiating from each of two opposite sides of it
    (compass directions ``axis`` and ``axis + 3``, ``axis`` in 1-3), in map order outward; hexes off
    the map take no marker (our reading: the row is cut at the edge, as the Local pattern is)."""
    if axis not in (1, 2, 3):
        raise ValueError(f"a barrage axis is compass direction 1, 2 or 3, not {axis!r}")
    h0 = board.parse(sr)
    out = [sr]
    for d in (COMPASS[axis], COMPASS[axis + 3]):
        h = h0
        for _ in range(3):
            h = neighbor(h, d)
            if h not in board:
                break
            out.append(board.label(h))
    return out


def shifted(board: Board, hexes: list[str], direction: int) -> list[str | None]:
    """O19.2.2.2: each marker one hex toward compass ``direction`` (1-6); None for a marker that
    leaves the map (it goes back to the counter mix)."""
    d = COMPASS[direction]
    out: list[str | None] = []
    for lab in hexes:
        n = neighbor(board.parse(lab), d)
        out.append(board.label(n) if n in board else None)
    return out


def downgrade_terrain(vulnerability: tuple[int, str] | None, total: int) -> str | None:
    """T99.5 / O19.2.1.4.1: the marker an Impact Total puts in a hex whose governing type has
    ``vulnerability`` (threshold, what it becomes: the Terrain chart's column; None for
    impassable, Water and Shellhole hexes), or None."""
    if vulnerability is None or total < vulnerability[0]:
        return None
    return vulnerability[1]


FORT_STEPS: Mapping[str, tuple[int, str | None]] = MappingProxyType({
    "blockhaus": (20, "rubble"), "pillbox": (20, "rubble"), "trench": (18, "foxholes"),
    "foxholes": (18, None), "wire": (18, None), "mines": (18, None)})
"""F125.3 with F126-F131: the Impact Total that downgrades a Fortification and what it leaves
(None: removed; the hex then takes the terrain's own downgrade, a Shellhole or, in a Building or
Bridge hex, Rubble, as the Foxholes row of the chart says). Same values as data/fortifications.yaml,
checked against it by a test."""


def downgrade_fortification(kind: str, total: int) -> tuple[bool, str | None]:
    """(downgraded?, what replaces it) for a Fortification ``kind`` under Impact Total ``total``.
    A Pillbox or Blockhaus leaves Rubble (a terrain marker), a Trench leaves Foxholes."""
    need, becomes = FORT_STEPS[kind]
    if total < need:
        return False, kind
    return True, becomes


def gas_effect(suppressed: bool) -> str:
    """O19.2.1.3 (and T107.1 on entering Gas): a Formation already Suppressed breaks, keeping its
    marker (a broken one breaking again is eliminated, 3.2.4); any other is Suppressed. Returns
    "break" or "suppress"."""
    return "break" if suppressed else "suppress"
