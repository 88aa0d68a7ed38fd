"""Fortification markers as both Commander books treat them: one per hex, none in Water or a
Blaze, public, helping whoever stands in them; Wire, Trench moves and the Melee-tie holders.

State (plain data)::

    "fortifications": {hex label: kind}   # at most one per hex (CC 8.1.3/F100.3, GWC 8.1.3/F125.4)
    "fort_holders": {hex label: seat}     # the hexes of the kinds that win a tied Melee: the side
                                          # that last held the hex alone (CC F101/F104, GWC
                                          # F126/F129), kept by :func:`update_holders`

What differs between the books is data, :class:`FortKinds`, on the rules
(``CommanderRules.fortification_kinds``): the kinds and their names and rules, the Cover each
gives (with its value against Mortars and Artillery: CC's +1, none in GWC), which kinds hold a
tied Melee and which link Trench moves, and where a Road lowers the Cover. What a Mine Attack does
and how Artillery destroys or downgrades a Fortification stays in each game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from .access import rules_of
from .board_state import board_of, label_map, units_in

if TYPE_CHECKING:
    from tactica.core.game import Game


@dataclass(frozen=True)
class FortKinds:
    """A game's Fortification kinds (its chart)."""

    names: Mapping[str, str]
    """kind -> the name the log uses; the keys are every kind the game has."""
    cover: Mapping[str, tuple[int, int]]
    """kind -> (Cover against everything else, Cover against Mortars and Artillery)."""
    melee_hold: tuple[str, ...]
    """Kinds whose last sole occupant wins a tied Melee."""
    trench_link: tuple[str, ...]
    """Kinds a Trench links with: a move between a Trench and one of them is a Trench move."""
    rules: Mapping[str, str]
    """Placement refusals' rule numbers: ``water``, ``blaze``, ``stack`` and (optional)
    ``unique`` with the kinds in ``unique`` of which one only may be in play."""
    unique: tuple[str, ...] = ()
    road_cover: Callable[[Game, str], int] = field(default=lambda g, label: 0)
    """What a Road in the hex adds to the Fortification's Cover (CC T93: -1 with any road;
    GWC T116: -1 only where the hex is Open Ground)."""
    water: Callable[[Game, str], bool] = field(default=lambda g, label: False)
    """Is the hex Water (no Fortification there)?"""

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.names)


def kinds_of(g: Game) -> FortKinds:
    spec = rules_of(g).fortification_kinds
    assert spec is not None, "this game has no Fortifications"
    return spec


# ---------------------------------------------------------------- state
def forts(g: Game) -> Mapping[str, str]:
    """Every Fortification on the map (hex -> kind), read only: a state without the key has none,
    and reading never adds it (a read that wrote would make the state depend on which checks ran,
    e.g. in ``actions.could_play``); :func:`table` is the writers' access."""
    return g.state.get("fortifications") or _NONE


_NONE: Mapping[str, str] = MappingProxyType({})


def table(g: Game) -> dict[str, str]:
    """The state's Fortifications (hex -> kind) to change, made on first use."""
    d: dict[str, str] = g.state.setdefault("fortifications", {})
    return d


def kind_at(g: Game, label: str | None) -> str | None:
    if label is None:
        return None
    k: str | None = (g.state.get("fortifications") or {}).get(label)
    return k


def name(g: Game, kind: str) -> str:
    return kinds_of(g).names.get(kind, kind)


def view(g: Game) -> dict[str, str]:
    """Every Fortification on the map: public once placed."""
    return dict(g.state.get("fortifications") or {})


# ---------------------------------------------------------------- placing and removing
def refusal(g: Game, label: str, kind: str) -> str | None:
    """Why ``kind`` cannot go into ``label`` now, or None: one Fortification per hex, none in
    Water, none in a Blaze, and (CC F100.1) one of a unique kind in play."""
    spec = kinds_of(g)
    b = board_of(g)
    if b is None or label not in label_map(b):
        return "not a hex of the map"
    if kind not in spec.names:
        return f"no Fortification kind {kind!r}"
    if spec.water(g, label):
        return f"Water ({spec.rules['water']})"
    if label in (g.state.get("blaze") or []):
        return f"a Blaze ({spec.rules['blaze']})"
    there = kind_at(g, label)
    if there is not None:
        return f"a Fortification already ({name(g, there)}; {spec.rules['stack']})"
    if kind in spec.unique and kind in forts(g).values():
        return f"the {name(g, kind)} is already in play ({spec.rules['unique']})"
    return None


def place(g: Game, label: str, kind: str, rule: str) -> bool:
    """Put ``kind`` into ``label`` if the stacking rules allow it (the first one stays)."""
    why = refusal(g, label, kind)
    if why is not None:
        g.emit(rule, "{hex} holds {why}: no {kind} placed", hex=label, why=why, kind=name(g, kind))
        return False
    table(g)[label] = kind
    g.emit(rule, "{kind} placed in {hex}", kind=name(g, kind), hex=label)
    if kind in kinds_of(g).melee_hold:
        update_holders(g)
    return True


def remove(g: Game, label: str, rule: str) -> str | None:
    kind = table(g).pop(label, None)
    (g.state.get("fort_holders") or {}).pop(label, None)
    if kind is not None:
        g.emit(rule, "The {kind} in {hex} is eliminated", kind=name(g, kind), hex=label)
    return kind


# ---------------------------------------------------------------- Cover
def cover(g: Game, label: str | None, heavy: bool = False) -> tuple[int, str] | None:
    """The Cover instance a Fortification gives its hex (against Mortars and Artillery: its
    second value), with what a Road in the hex does to it; None without one that gives Cover."""
    kind = kind_at(g, label)
    if kind is None or label is None:
        return None
    spec = kinds_of(g)
    pair = spec.cover.get(kind)
    if pair is None:
        return None
    value = pair[1 if heavy else 0]
    why = f"{name(g, kind)} {value:+d}{' vs Mortar/Artillery' if heavy and pair[1] != pair[0] else ''}"
    r = spec.road_cover(g, label)
    if r:
        value += r
        why += f", road {r:+d}"
    return value, why


# ---------------------------------------------------------------- Wire
def in_wire(g: Game, label: str | None) -> bool:
    return kind_at(g, label) == "wire"


def weapon_blocked(g: Game, label: str | None) -> bool:
    """No Weapon fires from a Wire hex (CC F106.3, GWC F131.3)."""
    return in_wire(g, label)


def group_split(g: Game, a: str, b: str) -> bool:
    """Pieces in ``a`` and ``b`` may not fire together (different hexes, one in Wire)."""
    return a != b and (in_wire(g, a) or in_wire(g, b))


def wire_halts(g: Game, frm: str, to: str) -> bool:
    """A moving unit that enters or leaves a Wire hex loses its remaining MPs (CC F106.2, GWC
    F131.2). Call with the hex left and the hex entered; True: the Move ends in ``to``."""
    return in_wire(g, frm) or in_wire(g, to)


# ---------------------------------------------------------------- Trench
def trench_step(g: Game, frm: str, to: str) -> bool:
    """A Move between a Trench hex and an adjacent hex of a kind it links with (either way)
    costs 1 MP whatever the terrain, and draws no Op Fire in the hex entered (CC F105.2, GWC
    F130.2; GWC's Tanks excepted by the caller)."""
    here = g.state.get("fortifications")
    if not here:
        return False  # the common case, asked for every step a unit might take (speed)
    a, b = here.get(frm), here.get(to)
    link = kinds_of(g).trench_link
    return (a == "trench" and b in link) or (b == "trench" and a in link)


# ---------------------------------------------------------------- Melee holders
def update_holders(g: Game) -> None:
    """Record, for every hex of a Melee-holding kind held by one side alone, that side ("the side
    that was the last sole occupant"). Called after every Order and trigger."""
    holders: dict[str, int] = g.state.setdefault("fort_holders", {})
    hold = kinds_of(g).melee_hold
    for label, kind in forts(g).items():
        if kind not in hold:
            continue
        seats = {int(g.state["units"][u]["seat"]) for u in units_in(g, label)}
        if len(seats) == 1:
            holders[label] = seats.pop()


def melee_tie_winner(g: Game, label: str) -> int | None:
    """In a tied Melee in a Melee-holding hex the side that held it survives and only the other
    side is eliminated. None: both sides die."""
    if kind_at(g, label) not in kinds_of(g).melee_hold:
        return None
    h = (g.state.get("fort_holders") or {}).get(label)
    return None if h is None else int(h)
