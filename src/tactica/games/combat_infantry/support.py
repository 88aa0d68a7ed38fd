"""Off-map support (2.6 artillery, 2.7 air) called by a CHQ, and laying smoke (7.4).

A side's artillery and air blocks stand off the map; their steps are the strikes left, given by
the scenario (``support:``) and public, since every strike is seen. A CHQ may spend one of its
three commands on one strike per activation, artillery or air, on an enemy hex one of its
company's HQs spots (6.61). Artillery is 3 dice at the block's F (US F7, German F6, our label
sheet); air the same at F7, each 0 two hits on friendly units next to the target.
"""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game

from .blocks import sheet
from .fire import SPOT_RANGE_HIGH, assault_hexes, bombard, ready_spotters, roll, spots
from .scenarios import geo_of
from .units import label, occupancy

KINDS = ("artillery", "air")
RULE = {"artillery": "2.6", "air": "2.7"}


def support_block(side: int, kind: str) -> str:
    """The side's off-map block of ``kind`` on the label sheet (its dice and F)."""
    return next(b for b, lab in sorted(sheet().items()) if lab.side == side and lab.type == kind)


def strike_options(g: Game) -> list[tuple[str, dict[str, Any]]]:
    """2.6/2.7/4.1: the strikes the active CHQ may call now (none once one has been called)."""
    s = g.state
    act = s["act"]
    hq = act["hq"]
    hl = label(hq)
    if hl.type != "chq" or act["left"] <= 0 or act.get("called"):
        return []
    geo = geo_of(s)
    blocked = assault_hexes(s)
    out: list[tuple[str, dict[str, Any]]] = []
    for k, kind in enumerate(KINDS):
        if s["support"][hl.side][k] <= 0:
            continue
        ready = ready_spotters(g, hl.side, hl.company)
        for j, sides in sorted(occupancy(s).items()):
            if (1 - hl.side) not in sides or j in blocked:
                continue
            for h, at in ready:
                if spots(geo, s, at, j):
                    out.append((f"{kind}:{geo.label(j)}:{h}", {"kind": kind, "i": j, "spotter": h}))
    return out


def call_strike(g: Game, kind: str, j: int, spotter: str) -> None:
    """2.6/2.7: one strike: the off-map block loses a step (a strike used), then bombards."""
    s = g.state
    act = s["act"]
    side = label(act["hq"]).side
    k = KINDS.index(kind)
    s["support"][side][k] -= 1
    act["left"] -= 1
    act["called"] = True
    b = support_block(side, kind)
    lab = label(b)
    g.emit(
        RULE[kind], "{hq} calls {kind} ({left} left)", hq=act["hq"], kind=lab.name, left=s["support"][side][k]
    )
    bombard(g, side, lab.name, lab.dice, lab.f, j, spotter, RULE[kind], 2 if kind == "air" else 1)


def smoke_options(g: Game, bid: str) -> list[tuple[str, dict[str, Any]]]:
    """7.4: an engineer lays smoke in an adjacent hex; a mortar on a hex one of its company's HQs
    spots, within its range. Not on a hex already under smoke."""
    s = g.state
    geo = geo_of(s)
    lab = label(bid)
    here = s["blocks"][bid]["hex"]
    out: list[tuple[str, dict[str, Any]]] = []
    if lab.type == "engineer":
        for j in geo.nbrs[here]:
            if j not in s["smoke"]:
                out.append((f"smoke:{geo.label(j)}", {"i": j}))
    elif lab.type == "mortar":
        comp = s["attached"].get(bid, lab.company)
        for h, at in ready_spotters(g, lab.side, comp):
            for j in range(geo.n):
                if geo.dist[at][j] > SPOT_RANGE_HIGH or j in s["smoke"] or j == here:
                    continue
                if geo.dist[here][j] <= lab.range and spots(geo, s, at, j):
                    out.append((f"smoke:{geo.label(j)}:{h}", {"i": j, "spotter": h}))
        out.sort(key=lambda o: (o[1]["i"], o[0]))
    return out


def lay_smoke(g: Game, bid: str, j: int, spotter: str | None) -> None:
    """7.4: a roll of the unit's strength at its F; one hit or more puts smoke in the hex until
    the end of the game turn (it blocks LOS, stops movement and costs assaults 1 F)."""
    s = g.state
    geo = geo_of(s)
    lab = label(bid)
    if spotter is not None:
        s["spotters"].append(spotter)
    rolls, hits = roll(g, s["blocks"][bid]["steps"], lab.f)
    ok = hits >= 1
    if ok:
        s["smoke"].append(j)
    g.emit(
        "7.4",
        "{unit} lays smoke on {hex}: rolls {rolls} at F{f}: {res}",
        unit=bid,
        hex=geo.label(j),
        rolls=rolls,
        f=lab.f,
        res="smoke" if ok else "no smoke",
    )
