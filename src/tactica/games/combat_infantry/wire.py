"""Barbed wire (7.5): markers placed by the scenario, each belonging to the side that laid it.

The wire fills its hex: no other marker and none of its owner's units. One enemy unit may enter
it and must stop; from the next game turn on, that unit's action may be to clear the wire (a
roll of its strength at its F, engineers F4, needing one hit) or to withdraw across the hexside
it came in by. While there it may be fired on but not assaulted. Our reading: a unit caught in
the wire does nothing else (no fire, no other move) until it clears it or withdraws.
"""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game

from .fire import roll
from .scenarios import geo_of
from .units import label, named, ref


def wire_at(g: Game, i: int) -> dict[str, Any] | None:
    for w in g.state["wire"]:
        if w["hex"] == i:
            return w  # type: ignore[no-any-return]
    return None


def may_enter(g: Game, bid: str, j: int) -> bool:
    """7.5: the owner's units never; one enemy unit at a time; never by assault."""
    w = wire_at(g, j)
    if w is None:
        return True
    return label(bid).side != w["side"] and w["unit"] is None


def entered(g: Game, bid: str, i: int, j: int) -> bool:
    """Record a unit entering wire hex ``j`` from ``i``; True if it must stop there (7.5)."""
    w = wire_at(g, j)
    if w is None:
        return False
    w.update(unit=bid, came_from=i, gt=g.state["gt"])
    g.emit(
        "7.5",
        "{unit} enters the wire in {hex} and stops",
        unit=ref(g.state, bid),
        hex=geo_of(g.state).label(j),
    )
    return True


def caught(g: Game, bid: str) -> dict[str, Any] | None:
    """The wire holding ``bid``, if any."""
    for w in g.state["wire"]:
        if w["unit"] == bid:
            return w  # type: ignore[no-any-return]
    return None


def wire_actions(g: Game, bid: str) -> list[tuple[str, str]]:
    """(option id, label) for a unit held by wire: from the next game turn, clear or withdraw."""
    w = caught(g, bid)
    if w is None or w["gt"] >= g.state["gt"]:
        return []
    geo = geo_of(g.state)
    return [
        ("clear-wire", f"{bid} clears the wire"),
        (f"withdraw:{geo.label(w['came_from'])}", f"{bid} withdraws"),
    ]


def clear_wire(g: Game, bid: str) -> None:
    """7.5: needs one hit; engineers clear at F4."""
    s = g.state
    w = caught(g, bid)
    assert w is not None
    lab = label(bid)
    f = 4 if lab.type == "engineer" else lab.f
    rolls, hits = roll(g, s["blocks"][bid]["steps"], f)
    ok = hits >= 1
    g.emit(
        "7.5",
        "{unit} tries to clear the wire at F{f}: {rolls}: {res}",
        unit=named(s, bid),
        f=f,
        rolls=rolls,
        res="cleared" if ok else "it holds",
    )
    if ok:
        s["wire"].remove(w)


def withdraw(g: Game, bid: str) -> None:
    """7.5: back across the hexside it entered by; the wire is free again."""
    s = g.state
    w = caught(g, bid)
    assert w is not None
    s["blocks"][bid]["hex"] = w["came_from"]
    w.update(unit=None, came_from=None, gt=None)
    g.emit(
        "7.5",
        "{unit} withdraws from the wire to {hex}",
        unit=named(s, bid),
        hex=geo_of(s).label(s["blocks"][bid]["hex"]),
    )
