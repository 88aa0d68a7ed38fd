"""The enemy the rules run (10.6, 11.0, 12.5-12.11): generation and drift placement, what an
enemy's arrival destroys, pursuit steps with the book's tie-breaks, and the sweep.

Everything here is automatic flow driven by the game's seeded chance; where the book hands a
tie to the player, the flow asks the player (flow.EnemyMove)."""

from __future__ import annotations

from collections import deque
from typing import Any

from tactica.core.decks import cup_draw
from tactica.core.game import Game

from .data import Enemy, enemies, gear, leaders, piece_type
from .geo import Geo
from .stacks import base_hexes, enemies_in, in_base, in_hex, squad_hexes, squads_in

State = dict[str, Any]


def etype(s: State, eid: str) -> Enemy:
    return enemies(s["map"])[piece_type(eid)]


def eliminate_piece(g: Game, pid: str, rule: str, why: str) -> None:
    s = g.state
    p = s["pieces"].pop(pid)
    if p["kind"] == "leader":
        s["lost_leaders"].append(pid)
    g.emit(rule, "{piece} in {hex} is eliminated: {why}", piece=pid, hex=p["hex"], why=why)


def arrive(g: Game, eid: str, lab: str, rule: str) -> None:
    """An enemy enters or is placed in lab: an unoccupied base there is destroyed for this map
    (12.5, 12.11); gear, plus pieces and leaders without a squad are eliminated (10.4, 10.9)."""
    s = g.state
    if squads_in(s, lab):
        return
    for b, h in base_hexes(s).items():
        if h == lab:
            s["bases"][b] = None
            s["destroyed"].append(b)
            g.emit(rule, "{eid} overruns the unoccupied {base} in {hex}: destroyed for this map",
                   eid=eid, base=b, hex=lab)
    for pid in in_hex(s, lab):
        eliminate_piece(g, pid, rule, f"{eid} entered a hex without a squad")


# ---------------------------------------------------------------------------- 12.8 / 12.9
def valid_placement(geo: Geo, e: Enemy, lab: str) -> bool:
    """12.9 exception: non-boats never in a sea hex, boats never in a non-sea hex, vehicles never
    in a river hex or a hex with ship, pier/dock or breakwater art."""
    if e.boat:
        return geo.has_sea(lab)
    if geo.all_sea(lab):
        return False
    if e.vehicle:
        return all(geo.chart[t].vehicle_place for t in geo.terrains[lab])
    return True


def generate(g: Game, geo: Geo, origin: str, rule: str) -> None:
    """12.8: d6 enemies drawn blind; 12.9: each drifts d6 direction and d10 (0 = 10) distance."""
    s = g.state
    ch = g.chance
    k = ch.d6()
    g.emit("12.8", "Detection at {hex} ({why}): d6 = {k} enemy units appear", hex=origin, why=rule, k=k)
    for _ in range(k):
        eid = cup_draw(s["cups"]["enemy"], ch)
        if eid is None:
            g.emit("12.8", "The enemy cup is empty: no more units appear")
            return
        e = etype(s, eid)
        d = ch.d6()
        n = ch.d10(zero_is=10)
        lab = geo.drift(origin, d, n)
        if not valid_placement(geo, e, lab):
            s["cups"]["enemy"]["items"].append(eid)
            g.emit("12.9", "{name} ({eid}) drifts direction {d}, distance {n} to {hex}: not a legal hex "
                   "for it, back to the cup", name=e.name, eid=eid, d=d, n=n, hex=lab)
            continue
        s["enemies"][eid] = lab
        g.emit("12.9", "{name} ({eid}) drifts direction {d}, distance {n} and is placed in {hex}",
               name=e.name, eid=eid, d=d, n=n, hex=lab)
        for sq in squads_in(s, lab):
            if not s["pieces"][sq]["detected"] and not in_base(s, lab):
                s["pieces"][sq]["detected"] = True
                g.emit("12.9", "{eid} lands on undetected {sq}: it is detected", eid=eid, sq=sq)
        arrive(g, eid, lab, "12.9")


# ---------------------------------------------------------------------------- pursuit
def detected_targets(s: State) -> list[str]:
    """Hexes of detected squads outside bases (12.6, 12.11); lone leaders never count (12.7)."""
    return sorted({p["hex"] for p in s["pieces"].values()
                   if p["kind"] == "squad" and p["detected"] and not in_base(s, p["hex"])})


def engaged(s: State, geo: Geo, lab: str) -> bool:
    """Adjacent to or sharing a hex with any commando squad (10.9, 13.0)."""
    return any(h == lab or geo.dist(h, lab) == 1 for h in squad_hexes(s))


def can_enter(s: State, geo: Geo, e: Enemy, a: str, b: str) -> bool:
    """10.6, 11.0, 11.2: boats stay on sea; others never enter all-sea hexes or cross all-sea
    hexsides; vehicles keep out of breakwater, canal, marsh, ridge and river (bridge allowed)
    and never cross cliffs; nobody enters a coastal hex holding commando pieces."""
    side = geo.hexside(a, b)
    if e.boat:
        if not geo.has_sea(b):
            return False
    else:
        if geo.all_sea(b) or "all_sea" in side:
            return False
        if e.vehicle:
            if "cliff" in side:
                return False
            for t in geo.terrains[b]:
                if not geo.chart[t].vehicle_enter and not (t == "river" and geo.has(b, "bridge")):
                    return False
    return not (geo.coastal(b) and in_hex(s, b))


def boat_distance(s: State, geo: Geo, e: Enemy, target: str) -> dict[str, int]:
    """12.10: boats go round land by the most direct water route: steps over sea hexes to any
    hex next to the target."""
    goal = [n for n in geo.nbrs[target] if geo.has_sea(n)]
    dist = {h: 0 for h in goal}
    q = deque(goal)
    while q:
        h = q.popleft()
        for n in geo.nbrs[h]:
            if n not in dist and can_enter(s, geo, e, n, h):
                dist[n] = dist[h] + 1
                q.append(n)
    return dist


def step_candidates(s: State, geo: Geo, eid: str, at: str, target: str) -> list[str]:
    """Hexes one step closer to the target that the enemy may enter, in its tie-break order:
    lower MP cost (12.10 note), then closer to the nearest base (12.5 note); what is left tied
    is the player's choice. Land units go straight at the target and never detour (10.6, 11.0)."""
    e = etype(s, eid)
    if e.boat:
        bd = boat_distance(s, geo, e, target)
        here = bd.get(at, 10**6)
        near = [n for n in geo.nbrs[at] if bd.get(n, 10**6) < here and can_enter(s, geo, e, at, n)]
    else:
        d0 = geo.dist(at, target)
        closer = [n for n in geo.nbrs[at] if geo.dist(n, target) < d0]
        near = [n for n in closer if can_enter(s, geo, e, at, n)]
    return near


def cost_for(s: State, geo: Geo, eid: str, a: str, b: str) -> int:
    """Normal terrain costs (10.6); a boat on the water pays the sea's cost."""
    if etype(s, eid).boat:
        return geo.chart["sea"].mp
    return geo.move_cost(a, b)


def rank(s: State, geo: Geo, eid: str, at: str, options: list[str]) -> list[str]:
    """The options still tied after 12.10 (cost) then 12.5 (nearest base)."""
    if not options:
        return []
    costs = {n: cost_for(s, geo, eid, at, n) for n in options}
    low = min(costs.values())
    best = [n for n in options if costs[n] == low]
    bases = list(base_hexes(s).values())
    if bases and len(best) > 1:
        bd = {n: min(geo.dist(n, b) for b in bases) for n in best}
        m = min(bd.values())
        best = [n for n in best if bd[n] == m]
    return sorted(best)


def closest_targets(s: State, geo: Geo, at: str) -> list[str]:
    ts = detected_targets(s)
    if not ts:
        return []
    dmin = min(geo.dist(at, t) for t in ts)
    return [t for t in ts if geo.dist(at, t) == dmin]


def sweep_if_clear(g: Game) -> None:
    """12.5, 12.6, 12.11: with no detected squad left outside a base, every enemy on the map goes
    back to the cup at once."""
    s = g.state
    if s["enemies"] and not detected_targets(s):
        for eid in sorted(s["enemies"]):
            s["cups"]["enemy"]["items"].append(eid)
        g.emit("12.6", "No detected squad outside a base: {n} enemy units return to the cup",
               n=len(s["enemies"]))
        s["enemies"] = {}


def unstacked(s: State, lab: str) -> bool:
    return not squads_in(s, lab) and any(p in gear() or p in leaders() for p in in_hex(s, lab))


def enemies_adjacent(s: State, geo: Geo, lab: str) -> list[str]:
    return sorted(e for e, h in s["enemies"].items() if h == lab or geo.dist(h, lab) == 1)


__all__ = ["arrive", "closest_targets", "cost_for", "detected_targets", "enemies_adjacent", "enemies_in",
           "engaged", "generate", "rank", "step_candidates", "sweep_if_clear", "valid_placement"]
