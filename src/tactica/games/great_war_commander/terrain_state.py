"""What play does to the map's terrain: Shellhole and Rubble markers (T117, T118), Gas markers
(T107) and the downgrades an Artillery Impact makes (T99.5, F125.3, O19.2.1.4).

State (plain data, public)::

    "terrain_markers": {hex label: "shellhole" | "rubble"}   # the hex is now of that type
    "gas": [hex labels]                                      # one Gas marker a hex (8.1.5), sorted
    "fortifications": {hex label: kind}                      # the family's (fortifications.py)

A Shellhole or Rubble marker replaces the hex's printed type for Cover (the family's
``marker_cover`` hook), for what a later Impact does, and for the Woods airburst. Reading (RULES.md
R12): movement and line of sight still read the printed map (terrain.py's map-fixed values).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..commander_family import fortifications as fam
from ..commander_family.access import rules_of
from ..commander_family.board_state import board_of, label_map
from . import barrage
from .terrain import TerrainEntry, terrain_chart

if TYPE_CHECKING:
    from tactica.core.game import Game

MARKER_RULE = {"shellhole": "T118", "rubble": "T117"}


def marker(g: Game, label: str | None) -> str | None:
    if label is None:
        return None
    m: str | None = (g.state.get("terrain_markers") or {}).get(label)
    return m


def printed_type(g: Game, label: str) -> TerrainEntry:
    b = board_of(g)
    assert b is not None
    t: TerrainEntry = rules_of(g).hex_type(b, label_map(b)[label])  # type: ignore[assignment]
    return t


def current_type(g: Game, label: str) -> TerrainEntry:
    """The hex's governing type now: its marker's, else the printed one."""
    m = marker(g, label)
    return terrain_chart().entries[m] if m is not None else printed_type(g, label)


def set_marker(g: Game, label: str, kind: str, rule: str) -> None:
    """Put a Shellhole or Rubble marker in the hex (it replaces any earlier one)."""
    g.state.setdefault("terrain_markers", {})[label] = kind
    g.emit(rule, "{kind} marker placed in {hex}", kind=kind.capitalize(), hex=label)


def marker_cover(g: Game, label: str) -> tuple[int, str] | None:
    """T117/T118: the Cover of the marker's type (no Road -1: the hex is not Open Ground, T116)."""
    m = marker(g, label)
    if m is None:
        return None
    t = terrain_chart().entries[m]
    return int(t.cover or 0), f"{m} marker {int(t.cover or 0):+d}"


def airburst(g: Game, label: str) -> int:
    """T124: +2 to an Artillery Impact in a hex whose governing type is Woods now."""
    return int(current_type(g, label).airburst)


# ---------------------------------------------------------------- Gas (T107)
def gas(g: Game) -> list[str]:
    found: list[str] = g.state.setdefault("gas", [])
    return found


def add_gas(g: Game, label: str) -> bool:
    """8.1.5: one Gas marker a hex; none in a Blaze (T100: nothing shares a Blaze hex)."""
    here = gas(g)
    if label in here or label in (g.state.get("blaze") or []):
        return False
    here.append(label)
    here.sort()
    return True


# ---------------------------------------------------------------- Artillery downgrades
def takes_impact(g: Game, label: str) -> bool:
    """O19.2.1.4.1: whether an Impact can change a vacant hex: a Fortification, or a terrain type
    with a vulnerability (not impassable, Water or a Shellhole: a Shellhole marker takes no
    roll)."""
    if fam.kind_at(g, label) is not None:
        return True
    return current_type(g, label).vulnerability is not None


def impact_downgrade(g: Game, label: str, total: int) -> None:
    """T99.5, F125.3, O19.2.1.4: an Impact Total at the vulnerability of the hex's Fortification
    (if any) or else of its terrain downgrades it: a Trench to Foxholes, a Pillbox or Blockhaus to
    Rubble, other Fortifications to the terrain's own downgrade; terrain to a Shellhole, a Building
    or Bridge to Rubble."""
    kind = fam.kind_at(g, label)
    t = current_type(g, label)
    rubble_or_hole = "rubble" if t.id in ("building", "bridge") else "shellhole"
    if kind is not None:
        done, becomes = barrage.downgrade_fortification(kind, total)
        if not done:
            g.emit("F125.3", "Impact Total {total} is below the {kind}'s vulnerability: it stands",
                   total=total, kind=fam.name(g, kind))
            return
        fam.remove(g, label, "F125.3")
        if becomes == "foxholes":
            fam.forts(g)[label] = "foxholes"
            g.emit("F130", "The Trench in {hex} is downgraded to Foxholes", hex=label)
        else:
            set_marker(g, label, becomes or rubble_or_hole, "F125.3")
        return
    new = barrage.downgrade_terrain(t.vulnerability, total)
    if new is not None:
        set_marker(g, label, new, "T99.5")


def mortar_damage(g: Game, label: str, total: int) -> None:
    """T124 (reading R32): a Mortar's Attack Total, airburst included, at a Woods hex's
    vulnerability puts a Shellhole there before the defenders roll, as the book's example does;
    other terrain and Fortifications change under Artillery only (T99.5, F125.3)."""
    t = current_type(g, label)
    if not t.airburst or fam.kind_at(g, label) is not None:
        return
    new = barrage.downgrade_terrain(t.vulnerability, total)
    if new is not None:
        set_marker(g, label, new, "T124")


def bombard(g: Game, label: str, rule: str) -> None:
    """E95 step 3 (Trommelfeuer): every hex but Water is downgraded whatever a roll would say. A
    Pillbox or Blockhaus leaves Rubble, a Trench leaves Foxholes; any other Fortification is
    removed and the hex becomes a Shellhole, as other terrain does; a Building or Bridge becomes
    Rubble. Reading (RULES.md R33): a Rubble or Shellhole hex stays as it is (no further step)."""
    if printed_type(g, label).water:
        g.emit(rule, "{hex} is Water: not downgraded", hex=label)
        return
    kind = fam.kind_at(g, label)
    if kind is not None:
        becomes = barrage.FORT_STEPS[kind][1]
        fam.remove(g, label, rule)
        if becomes == "foxholes":
            fam.forts(g)[label] = "foxholes"
            g.emit(rule, "The Trench in {hex} is downgraded to Foxholes", hex=label)
            return
        if becomes is not None:
            set_marker(g, label, becomes, rule)
            return
    t = current_type(g, label)
    if t.id in ("rubble", "shellhole"):
        return
    set_marker(g, label, "rubble" if t.id in ("building", "bridge") else "shellhole", rule)
