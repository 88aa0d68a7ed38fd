"""What play does to the map's terrain: Shellhole and Rubble markers (T117, T118), Gas markers
(T107) and the downgrades an Artillery Impact makes (T99.5, F125.3, O19.2.1.4).

State (plain data, public)::

    "terrain_markers": {hex label: "shellhole" | "rubble"}   # the hex is now of that type
    "gas": [hex labels]                                      # one Gas marker a hex (8.1.5), sorted
    "fortifications": {hex label: kind}                      # the family's (fortifications.py)

A Shellhole or Rubble marker replaces the hex's printed type for everything (T99.1, T99.5): the
rules' board is the printed map with the markers' types in their hexes (terrain.marked_board), so
move costs, Cover and LOS follow them (reading R21); Cover also through the family's
``marker_cover`` hook. Move surcharges that depend on the moving group (T107 Gas, T118 and
T124.1: the first Shellhole and the first Destroyed Woods of a Move or Offensive) are
:func:`move_surcharge`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tactica.core.los import LosResult, overlaid_marks, sight
from tactica.core.rules import Args

from ..commander_family import fortifications as fam
from ..commander_family.access import rules_of
from ..commander_family.board_state import board_of, label_map, on_path, overlay
from ..commander_family.movement import find_frame
from . import barrage
from .terrain import (
    FaoView,
    TerrainEntry,
    fao_view,
    hex_type,
    los_policy,
    printed_board,
    terrain_chart,
)

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game
    from tactica.core.hexgrid import Hex
    from tactica.core.los import Overlay

MARKER_RULE = {"shellhole": "T118", "rubble": "T117"}


def marker(g: Game, label: str | None) -> str | None:
    if label is None:
        return None
    m: str | None = (g.state.get("terrain_markers") or {}).get(label)
    return m


def printed_type(g: Game, label: str) -> TerrainEntry:
    """The hex's governing type as printed on the map, whatever marker lies there."""
    b = board_of(g)
    assert b is not None
    return _printed_types_under(b)[label]


@lru_cache(maxsize=64)
def _printed_types_under(board: Board) -> dict[str, TerrainEntry]:
    """:func:`_printed_types` of the map printed under ``board`` (a marked board or the printed
    one), found once per board (speed: asked at every step of every move)."""
    return _printed_types(printed_board(board))


@lru_cache(maxsize=16)
def _printed_types(board: Board) -> dict[str, TerrainEntry]:
    """label -> governing type of every hex of a printed map (speed: asked at every step of
    every move)."""
    return {lab: hex_type(board, h) for lab, h in label_map(board).items()}


def current_type(g: Game, label: str) -> TerrainEntry:
    """The hex's governing type now: its marker's, else the printed one."""
    m = marker(g, label)
    return terrain_chart().entries[m] if m is not None else printed_type(g, label)


def set_marker(g: Game, label: str, kind: str, rule: str) -> None:
    """Put a Shellhole or Rubble marker in the hex (it replaces any earlier one). The markers'
    dict is replaced, never changed in place (terrain.marked_board's quick check holds it)."""
    g.state["terrain_markers"] = {**(g.state.get("terrain_markers") or {}), label: kind}
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


# ---------------------------------------------------------------- move surcharges (O23)
FIRST_ONCE = {"shellhole": "T118", "destroyed_woods": "T124.1"}
"""Types that cost +1 MP the first time a moving group enters one in a Move or Offensive."""


def first_once(g: Game, label: str) -> str | None:
    """T118, T124.1: the hex's type if entering it may cost the +1 of the first one; a Trail in a
    Shellhole printed on the map waives it (T118.2) until a Shellhole marker lands there
    (T121.1). A marked hex goes by its marker; the others are looked up in a table of the board
    (speed: asked at every step of every move)."""
    m = marker(g, label)
    if m is not None:  # the marker's type (no Trail waiver under a marker, T121.1)
        return m if m in FIRST_ONCE else None
    b = board_of(g)
    assert b is not None
    return _printed_first_once(b).get(label)


@lru_cache(maxsize=64)
def _printed_first_once(board: Board) -> dict[str, str]:
    """label -> printed type, for the hexes of ``board`` whose printed type is one of
    :data:`FIRST_ONCE` and that are not a Shellhole with a Trail (T118.2)."""
    return {lab: t.id for lab, t in _printed_types_under(board).items()
            if t.id in FIRST_ONCE
            and not (t.id == "shellhole" and on_path(board, label_map(board)[lab], "trail"))}


def trail_shellhole(g: Game, label: str) -> bool:
    """T118.2, T121.1: a Trail in a Shellhole hex printed on the map (no marker there yet)."""
    if marker(g, label) is not None or current_type(g, label).id != "shellhole":
        return False
    b = board_of(g)
    assert b is not None
    return on_path(b, label_map(b)[label], "trail")


def move_frame(g: Game) -> Args | None:
    """The Move (or Offensive) Order under way, if any (a seat's view may hold no stack)."""
    return find_frame(g, "move_order") if "stack" in g.state else None


def move_surcharge(g: Game, label: str, movers: Sequence[str]) -> int:
    """MPs on top of the map's cost to enter ``label``: +1 into Gas (T107); +1 into the first
    Shellhole and the first Destroyed Woods the movers enter in this Move or Offensive Order
    (T118, T124.1; a fresh group, ``movers`` empty or not yet moving, pays it)."""
    extra = 1 if label in (g.state.get("gas") or ()) else 0
    kind = first_once(g, label)
    if kind is not None:
        move = move_frame(g)
        done = (move or {}).get("first_entered", {}).get(kind, ())
        if not movers or movers[0] not in done:
            extra += 1
    return extra


def record_entry(g: Game, uids: Sequence[str], label: str) -> None:
    """T118, T124.1: remember in the Move (or Offensive) Order under way who has entered their
    first Shellhole or Destroyed Woods; the record goes with the Order's frame."""
    kind = first_once(g, label)
    move = move_frame(g)
    if kind is None or move is None:
        return
    done = move.setdefault("first_entered", {}).setdefault(kind, [])
    new = [u for u in uids if u not in done]
    if new:
        done.extend(new)
        g.emit(FIRST_ONCE[kind], "{units} entered their first {kind} of this Order: +1 MP",
               units=", ".join(new), kind=kind.replace("_", " ").capitalize())


# ---------------------------------------------------------------- LOS (2.4, 10.1.1)
def tanks_hinder(g: Game) -> dict[str, int]:
    """10.1.1, O21.3: every hex holding a Tank (either side's) hinders 1 a line passing through
    it; a Tank in the firer's or target's hex does not (the overlay's ``hinder_between``)."""
    kinds = tank_types(rules_of(g))
    if not kinds:
        return {}
    return {u["hex"]: 1 for u in g.state["units"].values()
            if u["type"] in kinds and u["where"] == "map" and u["hex"] is not None}


@lru_cache(maxsize=8)
def tank_types(rules: Any) -> frozenset[str]:
    """The unit types that are Tanks (asked once per rules object: speed)."""
    return frozenset(t for t, u in rules.components.units.items() if u.type == "tank")



def fao_los(g: Game, here: str, target: str) -> LosResult:
    """2.4, O19.2.1.1 (reading R26): the Forward Artillery Observer looks from level 2, over
    lower terrain, with the markers in play; traced on the map with his hex raised to level 2."""
    b = board_of(g)
    assert b is not None
    m = label_map(b)
    if here == target:
        return LosResult(True)
    h = m[here]
    return _fao_result(fao_view(b, h), b.index[h], h, b.index[m[target]], m[target], overlay(g))


def fao_seen(g: Game, here: str) -> list[str]:
    """The hexes, in label order, the FAO in ``here`` sees (:func:`fao_los` clear, his own hex
    included), with the map, his view and the markers looked up once (speed: a Spotting Round's
    choice asks about every hex)."""
    b = board_of(g)
    assert b is not None
    m = label_map(b)
    h = m[here]
    view, i, ov = fao_view(b, h), b.index[h], overlay(g)
    index = b.index
    return [lab for lab in b.labels
            if lab == here or _fao_result(view, i, h, index[m[lab]], m[lab], ov).clear]


def _fao_result(view: FaoView, i: int, here: Hex, j: int, target: Hex, ov: Overlay | None) -> LosResult:
    """:func:`fao_los` from hex ``i`` to another hex ``j`` under the markers ``ov``."""
    r = view.results[j]
    if ov is None or not r.clear or not (ov.inner & view.touch[j] or ov.outer & (1 << i | 1 << j)):
        return r
    if not ov.screen & view.touch[j]:  # whole-hex marks only: no second walk along the line
        return overlaid_marks(view.board, i, j, r, view.touch[j], view.order[j], ov)
    result: LosResult = los_policy().evaluate(view.board, sight(view.board, here, target), ov)
    return result


# ---------------------------------------------------------------- Artillery downgrades
def takes_impact(g: Game, label: str) -> bool:
    """O19.2.1.4.1: whether an Impact can change a vacant hex: a Fortification, or a terrain type
    with a vulnerability (not impassable, Water or a Shellhole: a Shellhole marker takes no
    roll)."""
    if fam.kind_at(g, label) is not None:
        return True
    return current_type(g, label).vulnerability is not None or trail_shellhole(g, label)


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
            fam.table(g)[label] = "foxholes"
            g.emit("F130", "The Trench in {hex} is downgraded to Foxholes", hex=label)
        else:
            set_marker(g, label, becomes or rubble_or_hole, "F125.3")
        return
    if trail_shellhole(g, label):  # T121.1: vulnerable at 18, the marker ends the Trail's help
        new = barrage.downgrade_terrain((18, "shellhole"), total)
        rule = "T121.1"
    else:
        new, rule = barrage.downgrade_terrain(t.vulnerability, total), "T99.5"
    if new is not None:
        set_marker(g, label, new, rule)


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
            fam.table(g)[label] = "foxholes"
            g.emit(rule, "The Trench in {hex} is downgraded to Foxholes", hex=label)
            return
        if becomes is not None:
            set_marker(g, label, becomes, rule)
            return
    t = current_type(g, label)
    if t.id in ("rubble", "shellhole"):
        return
    set_marker(g, label, "rubble" if t.id in ("building", "bridge") else "shellhole", rule)
