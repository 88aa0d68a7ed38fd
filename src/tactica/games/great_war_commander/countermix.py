"""The countermix: how many counters of a Formation or Weapon type are still free to enter play.

The rosters give each type's ``count`` (the counters in the box). A counter is out of the
countermix while it is on the map, on the Time Track or on the Casualty Track; one that left play
(an eliminated Hero or Runner, a Platoon replaced by Light Wounds) is back in it (4.3, A47).
Events and Actions that take pieces "from the countermix" (A45.2, A45.3, E64, E72, E76, E80, E87,
E88, E91) ask here first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .data import Pack


_COUNTS: dict[int, tuple[Pack, dict[str, int]]] = {}


def _counts(pack: Pack) -> dict[str, int]:
    """Counters per type id, worked out once per pack (kept with it, so the id stays valid)."""
    hit = _COUNTS.get(id(pack))
    if hit is not None and hit[0] is pack:
        return hit[1]
    out: dict[str, int] = {}
    for r in pack.rosters.values():
        for f in r.formations:
            out[f.id] = f.count
        for w in r.weapons:
            out[w.id] = w.count
    _COUNTS[id(pack)] = (pack, out)
    return out


def free_units(g: Game, type_id: str) -> int:
    """Counters of this Formation type not in play (map, Time Track, Casualty Track)."""
    rules: Any = g.rules
    used = sum(1 for u in g.state["units"].values() if u["type"] == type_id and u["where"] != "out")
    return _counts(rules.components.pack).get(type_id, 0) - used


def free_weapons(g: Game, type_id: str) -> int:
    """Counters of this Weapon type not in play (carried, or on the Casualty Track)."""
    rules: Any = g.rules
    used = sum(1 for w in g.state["weapons"].values() if w["type"] == type_id and w["where"] != "out")
    return _counts(rules.components.pack).get(type_id, 0) - used
