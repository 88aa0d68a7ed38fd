"""Battle legality and dice (GW General, GW Ranged 1-5, GW Close 1-3), over the plain state.

Units are dicts in ``state["units"]``; ``state["occ"]`` maps a hex index to the unit id on it
(or None); ``state["terrain"]`` holds each hex's current terrain (craters and crushed wire change
it). ``geo`` is the precomputed :class:`~.geo.Geo` of the map.
"""

from __future__ import annotations

from typing import Any

from .geo import Geo
from .terrain import TERRAIN
from .units import UNIT_TYPES

State = dict[str, Any]


_BLOCKS = frozenset(k for k, t in TERRAIN.items() if t.blocks_los)


def occupied_mask(s: State) -> int:
    """GW Ranged 3: bitmask of the hexes that obstruct line of sight now: every unit, friend or
    foe, and terrain that blocks (read from the state: a barrage can turn a building to rubble)."""
    m = 0
    for u in s["units"].values():
        m |= 1 << u["hex"]
    for i, t in enumerate(s["terrain"]):
        if t in _BLOCKS:
            m |= 1 << i
    return m


def adjacent_enemies(s: State, geo: Geo, u: dict[str, Any]) -> list[str]:
    occ = s["occ"]
    units = s["units"]
    out = []
    for j in geo.nbrs[u["hex"]]:
        v = occ[j]
        if v is not None and units[v]["side"] != u["side"]:
            out.append(v)
    return out


def may_battle(u: dict[str, Any]) -> bool:
    """GW General / GW Ranged 2 / GW Close 1: once per turn; the unit type's move-then-battle
    allowance; a tank that entered a building this turn may not battle."""
    if u["battled"] or not u["ordered"] or u["building"]:
        return False
    t = UNIT_TYPES[u["kind"]]
    return u["moved"] == 0 or (t.move_battle >= 0 and u["moved"] <= t.move_battle)


def terrain_cut(s: State, u: dict[str, Any]) -> int:
    """GW Ranged 4 / GW Close 2: dice lost for the terrain the unit battles from."""
    return TERRAIN[s["terrain"][u["hex"]]].battle_from


def close_dice(s: State, u: dict[str, Any]) -> int:
    """GW Close 1-3: base close dice, minus terrain, plus order bonuses (First Strike, Ambush)."""
    base = UNIT_TYPES[u["kind"]].close - terrain_cut(s, u)
    return base + u["close_dice"] if base > 0 else 0


def ranged_dice(s: State, geo: Geo, u: dict[str, Any], target_hex: int, occ_mask: int) -> int:
    """GW Ranged 2-4: dice for a ranged attack at target_hex (0: not allowed). Range counts the
    target hex and not the firer's; LOS only for unit types that need it."""
    t = UNIT_TYPES[u["kind"]]
    d = geo.dist[u["hex"]][target_hex]
    n = t.ranged.get(d, 0)
    if d < 2 or n == 0:
        return 0
    if t.needs_los and not geo.los(u["hex"], target_hex, occ_mask):
        return 0
    return max(0, n - terrain_cut(s, u))


def close_targets(s: State, geo: Geo, u: dict[str, Any]) -> list[str]:
    if close_dice(s, u) <= 0:
        return []
    return adjacent_enemies(s, geo, u)


def ranged_targets(s: State, geo: Geo, u: dict[str, Any], occ_mask: int) -> list[tuple[str, int]]:
    """GW Ranged: enemy units the unit may fire at, with dice; none when an enemy is adjacent."""
    t = UNIT_TYPES[u["kind"]]
    if not t.ranged or adjacent_enemies(s, geo, u):
        return []
    out = []
    reach = max(t.ranged)
    row = geo.dist[u["hex"]]
    for v in s["units"].values():
        if v["side"] == u["side"] or row[v["hex"]] > reach:
            continue
        n = ranged_dice(s, geo, u, v["hex"], occ_mask)
        if n > 0:
            out.append((v["id"], n))
    return out
