"""Off-map support (2.6 artillery, 2.7 air) called by a CHQ, and laying smoke (7.4).

A side's artillery and air blocks stand off the map; their steps are the strikes left, given by
the scenario (``support:``) and public, since every strike is seen. A CHQ may spend one of its
three commands on one strike per activation, artillery or air, on an enemy hex one of its
company's HQs spots (6.61). Artillery is 3 dice at the block's F (US F7, German F6, our label
sheet); air the same at F7, each 0 two hits on friendly units next to the target.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tactica.core.game import Game

from .blocks import sheet
from .fire import (
    SPOT_RANGE_HIGH,
    assault_hexes,
    bombard,
    edge_key,
    range_of,
    ready_spotters,
    roll,
    sight,
    spots,
)
from .geo import Geo
from .scenarios import geo_of
from .units import block_of, in_hex, label, named, occupancy, piece, ref

KINDS = ("artillery", "air")
RULE = {"artillery": "2.6", "air": "2.7"}


def support_block(side: int, kind: str) -> str:
    """The side's off-map block of ``kind`` on the label sheet (its dice and F)."""
    return next(b for b, lab in sorted(sheet().items()) if lab.side == side and lab.type == kind)


@cache
def _bridge_edges(geo: Geo) -> tuple[str, ...]:
    """Every bridge hexside of a map (7.3), as edge keys."""
    return tuple(
        sorted(
            {edge_key(i, j) for i in range(geo.n) for j in geo.nbrs[i] if "bridge" in geo.side_features[i][j]}
        )
    )


def strike_options(g: Game) -> list[tuple[str, dict[str, Any]]]:
    """2.6/2.7/4.1/7.3: the strikes the active CHQ may call now (none once one has been called):
    on an enemy hex one of its company's HQs spots (or on a bunker there), or on a bridge."""
    s = g.state
    act = s["act"]
    hq = block_of(s, act["hq"])
    hl = label(hq)
    if hl.type != "chq" or act["left"] <= 0 or act.get("called"):
        return []
    kinds = [kind for k, kind in enumerate(KINDS) if s["support"][hl.side][k] > 0]
    ready = ready_spotters(g, hl.side, hl.company) if kinds else []
    if not ready:
        return []
    geo = geo_of(s)
    occ = occupancy(s)
    blocked = assault_hexes(s, occ)
    spotted: list[tuple[int, str, list[str]]] = []
    for j, sides in sorted(occ.items()):
        if (1 - hl.side) not in sides or j in blocked:
            continue
        bunkers = [b for b in in_hex(s, j, 1 - hl.side) if label(b).type == "bunker"]
        spotted.extend((j, h, bunkers) for h, at in ready if spots(geo, s, at, j))
    bridges: list[tuple[str, str]] = []
    for e in _bridge_edges(geo):
        if e in s["blown"]:
            continue
        ends = [int(x) for x in e.split("-")]
        h = next((h for h, at in ready if any(spots(geo, s, at, x) for x in ends)), None)
        if h is not None:
            bridges.append((e, h))
    out: list[tuple[str, dict[str, Any]]] = []
    for kind in kinds:
        for j, h, bunkers in spotted:
            hp = piece(s, h)
            out.append((f"{kind}:{geo.label(j)}:{hp}", {"kind": kind, "i": j, "spotter": h}))
            for bk in bunkers:  # 2.6: strikes may target a bunker only
                out.append(
                    (
                        f"{kind}:{geo.label(j)}:{hp}:{piece(s, bk)}",
                        {"kind": kind, "i": j, "spotter": h, "target": bk},
                    )
                )
        for e, h in bridges:
            out.append(
                (f"{kind}-bridge:{_edge_name(g, e)}:{piece(s, h)}", {"kind": kind, "edge": e, "spotter": h})
            )
    return out


def strike_bridge(g: Game, kind: str, k: str, spotter: str) -> None:
    """7.3: artillery or air against a bridge: its dice at half F, rounded up; one hit destroys."""
    s = g.state
    act = s["act"]
    side = label(block_of(s, act["hq"])).side
    s["support"][side][KINDS.index(kind)] -= 1
    act["left"] -= 1
    act["called"] = True
    s["spotters"].append(spotter)
    lab = label(support_block(side, kind))
    f = (lab.f + 1) // 2
    rolls, hits = roll(g, lab.dice, f)
    ok = hits >= 1
    if ok:
        s["blown"].append(k)
    g.emit(
        "7.3",
        "{hq} calls {name} on the bridge {edge} at F{f}: rolls {rolls}: {res}",
        hq=ref(s, block_of(s, act["hq"])),
        name=lab.name,
        edge=_edge_name(g, k),
        f=f,
        rolls=rolls,
        res="destroyed" if ok else "it stands",
    )


def call_strike(g: Game, kind: str, j: int, spotter: str, target: str | None = None) -> None:
    """2.6/2.7: one strike: the off-map block loses a step (a strike used), then bombards."""
    s = g.state
    act = s["act"]
    side = label(block_of(s, act["hq"])).side
    k = KINDS.index(kind)
    s["support"][side][k] -= 1
    act["left"] -= 1
    act["called"] = True
    b = support_block(side, kind)
    lab = label(b)
    g.emit(
        RULE[kind],
        "{hq} calls {kind} ({left} left)",
        hq=ref(s, block_of(s, act["hq"])),
        kind=lab.name,
        left=s["support"][side][k],
    )
    bombard(
        g, side, lab.name, lab.dice, lab.f, j, spotter, RULE[kind], 2 if kind == "air" else 1, target=target
    )


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
                if geo.dist[here][j] <= range_of(s, bid) and spots(geo, s, at, j):
                    out.append((f"smoke:{geo.label(j)}:{piece(s, h)}", {"i": j, "spotter": h}))
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
        unit=named(s, bid),
        hex=geo.label(j),
        rolls=rolls,
        f=lab.f,
        res="smoke" if ok else "no smoke",
    )


def bridges_next_to(g: Game, i: int) -> list[str]:
    """Edge keys of the standing bridges on the sides of hex ``i`` (7.3)."""
    s = g.state
    geo = geo_of(s)
    return [
        edge_key(i, j)
        for j in geo.nbrs[i]
        if "bridge" in geo.side_features[i][j] and edge_key(i, j) not in s["blown"]
    ]


def _edge_name(g: Game, k: str) -> str:
    geo = geo_of(g.state)
    return "/".join(geo.label(int(x)) for x in k.split("-"))


def demolish_options(g: Game, bid: str) -> list[tuple[str, dict[str, Any]]]:
    """7.3: an engineer next to a bridge may try to demolish it."""
    if label(bid).type != "engineer":
        return []
    here = g.state["blocks"][bid]["hex"]
    return [(f"demolish:{_edge_name(g, k)}", {"edge": k}) for k in bridges_next_to(g, here)]


def bridge_bombard_options(g: Game, bid: str) -> list[tuple[str, dict[str, Any]]]:
    """7.3: a mortar may bombard a bridge whose hex on either side is in its range and seen by it
    or spotted by an HQ of its company (normal spotting rules)."""
    s = g.state
    geo = geo_of(s)
    lab = label(bid)
    if lab.type != "mortar":
        return []
    here = s["blocks"][bid]["hex"]
    comp = s["attached"].get(bid, lab.company)
    ready = ready_spotters(g, lab.side, comp)
    out: list[tuple[str, dict[str, Any]]] = []
    seen: set[str] = set()
    for i in range(geo.n):
        if geo.dist[here][i] > range_of(s, bid):
            continue
        for k in bridges_next_to(g, i):
            if k in seen:
                continue
            ends = [int(x) for x in k.split("-")]
            if any(e != here and sight(geo, s, here, e) for e in ends):
                out.append((f"bombard-bridge:{_edge_name(g, k)}", {"edge": k}))
                seen.add(k)
                continue
            for h, at in ready:
                if any(spots(geo, s, at, e) for e in ends):
                    out.append(
                        (f"bombard-bridge:{_edge_name(g, k)}:{piece(s, h)}", {"edge": k, "spotter": h})
                    )
                    seen.add(k)
                    break
    return out


def attack_bridge(g: Game, bid: str, k: str, spotter: str | None, demolish: bool) -> None:
    """7.3: one hit destroys the bridge. An engineer demolishes at its F (+1 for a wooden bridge);
    bombardment is at half F, rounded up, with no wooden bonus."""
    s = g.state
    geo = geo_of(s)
    lab = label(bid)
    a, b = (int(x) for x in k.split("-"))
    wooden = "wooden" in geo.side_features[a][b]
    if demolish:
        f = lab.f + (1 if wooden else 0)
    else:
        f = (lab.f + 1) // 2
        if spotter is not None:
            s["spotters"].append(spotter)
    rolls, hits = roll(g, s["blocks"][bid]["steps"], f)
    ok = hits >= 1
    if ok:
        s["blown"].append(k)
    g.emit(
        "7.3",
        "{unit} {how} the bridge {edge} at F{f}: rolls {rolls}: {res}",
        unit=named(s, bid),
        how="demolishes" if demolish else "bombards",
        edge=_edge_name(g, k),
        f=f,
        rolls=rolls,
        res="destroyed" if ok else "it stands",
    )
