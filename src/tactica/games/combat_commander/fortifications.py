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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ..commander_family.board_state import board_of, label_map, units_in
from .terrain import hex_type, hex_types, on_path, terrain_chart

if TYPE_CHECKING:
    from tactica.core.game import Game

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


# ---------------------------------------------------------------- state
def forts(g: Game) -> dict[str, str]:
    d: dict[str, str] = g.state.setdefault("fortifications", {})
    return d


def kind_at(g: Game, label: str | None) -> str | None:
    if label is None:
        return None
    k: str | None = (g.state.get("fortifications") or {}).get(label)
    return k


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


def view(g: Game) -> dict[str, str]:
    """Every Fortification on the map: public once placed (F100)."""
    return dict(g.state.get("fortifications") or {})


# ---------------------------------------------------------------- placing and removing
def is_water(g: Game, label: str) -> bool:
    b = board_of(g)
    return b is not None and bool(hex_type(b, label_map(b)[label]).water)


def is_building(g: Game, label: str) -> bool:
    b = board_of(g)
    return b is not None and any(t.id == "building" for t in hex_types(b, label_map(b)[label]))


def refusal(g: Game, label: str, kind: str) -> str | None:
    """Why ``kind`` cannot go into ``label`` now, or None: one Fortification per hex (F100.3,
    8.1.3), none in Water (F100.3), none in a Blaze (8.1.5), and one Pillbox in play (F100.1)."""
    b = board_of(g)
    if b is None or label not in label_map(b):
        return "not a hex of the map"
    if kind not in KINDS:
        return f"no Fortification kind {kind!r}"
    if is_water(g, label):
        return "Water (F100.3)"
    if label in (g.state.get("blaze") or []):
        return "a Blaze (8.1.5)"
    there = kind_at(g, label)
    if there is not None:
        return f"a Fortification already ({name(there)}; 8.1.3)"
    if kind == "pillbox" and "pillbox" in forts(g).values():
        return "the Pillbox is already in play (F100.1)"
    return None


def place(g: Game, label: str, kind: str, rule: str) -> bool:
    """Put ``kind`` into ``label`` if the stacking rules allow it (the first one stays)."""
    why = refusal(g, label, kind)
    if why is not None:
        g.emit(rule, "{hex} holds {why}: no {kind} placed", hex=label, why=why, kind=name(kind))
        return False
    forts(g)[label] = kind
    g.emit(rule, "{kind} placed in {hex}", kind=name(kind), hex=label)
    if kind in MELEE_HOLD:
        update_holders(g)
    return True


def remove(g: Game, label: str, rule: str) -> str | None:
    kind = forts(g).pop(label, None)
    (g.state.get("fort_holders") or {}).pop(label, None)
    if kind is not None:
        g.emit(rule, "The {kind} in {hex} is eliminated", kind=name(kind), hex=label)
    return kind


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


# ---------------------------------------------------------------- Cover
def cover(g: Game, label: str | None, heavy: bool = False) -> tuple[int, str] | None:
    """The alternate Cover instance a Foxholes/Trench/Bunker/Pillbox gives its hex (the second
    value of its pair against Mortars and Artillery), with the Road's -1 (T93); None without."""
    kind = kind_at(g, label)
    if kind not in COVER or label is None:
        return None
    value = COVER[kind][1 if heavy else 0]
    why = f"{name(kind)} {value:+d}{' vs Mortar/Artillery' if heavy else ''}"
    b = board_of(g)
    if b is not None and on_path(b, label_map(b)[label], "road"):
        r = terrain_chart().entries["road"].road_cover
        value += r
        why += f", road {r:+d}"
    return value, why


# ---------------------------------------------------------------- Wire
def in_wire(g: Game, label: str | None) -> bool:
    return kind_at(g, label) == "wire"


def weapon_blocked(g: Game, label: str | None) -> bool:
    """F106.3: no Weapon fires from a Wire hex."""
    return in_wire(g, label)


def group_split(g: Game, a: str, b: str) -> bool:
    """F106.3: pieces in ``a`` and ``b`` may not fire together (different hexes, one in Wire)."""
    return a != b and (in_wire(g, a) or in_wire(g, b))


def wire_halts(g: Game, frm: str, to: str) -> bool:
    """F106.2: a moving unit that enters or leaves a Wire hex loses its remaining MPs. Call with
    the hex left and the hex entered; True: the unit's Move ends in ``to``."""
    return in_wire(g, frm) or in_wire(g, to)


# ---------------------------------------------------------------- Trench
def trench_step(g: Game, frm: str, to: str) -> bool:
    """F105.2: a Move between a Trench hex and an adjacent Trench/Bunker/Pillbox hex (either
    way) costs 1 MP whatever the terrain (a Cliff hexside still cannot be crossed: the caller's
    check), and the unit cannot be Op-Fired at in the hex entered."""
    here = g.state.get("fortifications")
    if not here:
        return False  # the common case, asked for every step a unit might take (speed)
    a, b = here.get(frm), here.get(to)
    return (a == "trench" and b in TRENCH_LINK) or (b == "trench" and a in TRENCH_LINK)


# ---------------------------------------------------------------- Bunker / Pillbox Melee
def update_holders(g: Game) -> None:
    """Record, for every Bunker/Pillbox hex held by one side alone, that side (F101/F104: "the
    side that was the last sole occupant"). Call after units move and when Orders end."""
    holders: dict[str, int] = g.state.setdefault("fort_holders", {})
    for label, kind in forts(g).items():
        if kind not in MELEE_HOLD:
            continue
        seats = {int(g.state["units"][u]["seat"]) for u in units_in(g, label)}
        if len(seats) == 1:
            holders[label] = seats.pop()


def melee_tie_winner(g: Game, label: str) -> int | None:
    """F101/F104, O16.4: in a tied Melee in a Bunker/Pillbox hex the side that held it (began the
    Melee in it) survives and only the other side is eliminated. None: both sides die."""
    if kind_at(g, label) not in MELEE_HOLD:
        return None
    h = (g.state.get("fort_holders") or {}).get(label)
    return None if h is None else int(h)
