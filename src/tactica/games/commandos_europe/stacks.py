"""Pieces and stacks: what is in a hex, portage (9.0-9.4), stack MA (10.3-10.5), noise (12.0-12.3)
and a hex's combat strength (13.0, 13.3). Pure functions of the state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .data import gear, leaders, markers, squads
from .geo import Geo

SQUAD_PORTAGE = 6  # 9.1
LEADER_PORTAGE = 1  # 9.1 note

State = dict[str, Any]


def in_hex(s: State, lab: str, kind: str | None = None) -> list[str]:
    return sorted(pid for pid, p in s["pieces"].items()
                  if p["hex"] == lab and (kind is None or p["kind"] == kind))


def squads_in(s: State, lab: str) -> list[str]:
    return in_hex(s, lab, "squad")


def squad_hexes(s: State) -> list[str]:
    return sorted({p["hex"] for p in s["pieces"].values() if p["kind"] == "squad"})


def enemies_in(s: State, lab: str) -> list[str]:
    return sorted(e for e, h in s["enemies"].items() if h == lab)


def base_hexes(s: State) -> dict[str, str]:
    return {b: h for b, h in s["bases"].items() if h is not None}


def in_base(s: State, lab: str) -> bool:
    return lab in s["bases"].values()


def _marker(p: dict[str, Any]) -> Any:
    m = p.get("marker")
    return markers()[m.split("#")[0]] if m else None


def squad_ma(s: State, pid: str) -> int:
    m = _marker(s["pieces"][pid])
    return max(1, squads()[pid].ma + (m.ma if m else 0))


def squad_fp(s: State, pid: str) -> int:
    m = _marker(s["pieces"][pid])
    return max(0, squads()[pid].fp + (m.fp if m else 0))


def squad_noise(s: State, pid: str) -> int:
    m = _marker(s["pieces"][pid])
    return squads()[pid].noise + (m.noise if m else 0)


def is_plus(pid: str) -> bool:
    """Plus-type movers besides squads: plus gear and leaders (12.7)."""
    return pid in leaders() or (pid in gear() and gear()[pid].plus)


def plus_value(pid: str) -> int:
    return leaders()[pid].move if pid in leaders() else gear()[pid].move[1]


# ---------------------------------------------------------------------------- portage and MA
def portage_problem(members: Iterable[str]) -> str | None:
    """Why this stack cannot move together (9.0-9.3, 10.2-10.5), or None if it can."""
    ms = list(members)
    sq = [m for m in ms if m in squads()]
    lead = [m for m in ms if m in leaders()]
    g = [gear()[m] for m in ms if m in gear()]
    haulers = [x for x in g if x.plus and not x.black]
    blacks = [x for x in g if x.plus and x.black]
    minus = [x for x in g if not x.plus]
    if not sq and not lead and not haulers and not blacks:
        return "minus-type pieces never move alone (10.5)"
    if not sq and len(haulers) > 1:
        return "a plus-type piece never hauls another plus-type piece (9.2)"
    if not sq and not haulers and len(blacks) > 1:
        return "a black plus piece is never hauled by another black one (10.4)"
    cap = SQUAD_PORTAGE * len(sq) + LEADER_PORTAGE * len(lead) + sum(x.noise for x in haulers)
    # 9.3: a lone black plus piece moves itself; otherwise it is hauled like other gear
    load = len(minus) + (len(blacks) if (sq or haulers or len(blacks) > 1) else 0)
    if not sq and not haulers and len(blacks) == 1:
        cap += blacks[0].noise
    if load > max(cap, 0):
        return f"{load} pieces to haul but portage is {cap} (9.1-9.3)"
    return None


def stack_ma(s: State, members: Iterable[str], bonus: str | None) -> int:
    """10.3-10.5: squads' MA (the slowest sets the pace) plus one nominated plus value, minus every
    hauled minus value; without a squad the plus piece's own value minus what it hauls."""
    ms = list(members)
    sq = sorted(squad_ma(s, m) for m in ms if m in squads())
    minus = sum(gear()[m].move[1] for m in ms if m in gear() and not gear()[m].plus)
    if sq:
        if bonus is not None:
            sq[0] += plus_value(bonus)
        return max(0, min(sq) - minus)
    movers = [plus_value(m) for m in ms if is_plus(m) and not (m in gear() and gear()[m].black
                                                                 and any(is_plus(x) and x != m for x in ms))]
    return max(0, min(movers or [0]) - minus)


# ---------------------------------------------------------------------------- noise
def hex_noise(s: State, geo: Geo, lab: str, stealthy: bool) -> tuple[int, dict[str, int]]:
    """12.0-12.3: pieces (squads with their markers, gear, leaders) + terrain (0 when stealthy
    unless below 0) + awareness (12.2). Returns the total and its parts for the log."""
    pieces = in_hex(s, lab)
    sq = sum(squad_noise(s, p) for p in pieces if p in squads())
    ge = sum(gear()[p].noise for p in pieces if p in gear())
    le = sum(leaders()[p].noise for p in pieces if p in leaders())
    t = geo.noise(lab)
    if stealthy:
        t = min(t, 0)
    parts = {"squads": sq, "gear": ge, "leaders": le, "terrain": t, "awareness": s["awareness"]}
    return sum(parts.values()), parts


def detected_by(roll: int, noise: int) -> bool:
    """12.0: a 0 never detects, a 1 always detects, otherwise detected when roll <= noise."""
    if roll == 0:
        return False
    return roll == 1 or roll <= noise


# ---------------------------------------------------------------------------- combat strength
def usable_gear(s: State, lab: str, vs_vehicle: bool) -> list[str]:
    """Gear a hex's squads use in combat: all of it in a base (9.4), else the strongest pieces up
    to the squads' and leaders' portage (9.0); gear flipped for suppression adds nothing (15.0)."""
    pieces = in_hex(s, lab)
    items = [p for p in pieces if p in gear() and not s["pieces"][p]["flipped"]]
    nsq = sum(1 for p in pieces if p in squads())
    if not nsq:
        return []

    def value(p: str) -> int:
        g = gear()[p]
        return g.fp * (2 if vs_vehicle and g.anti_tank else 1)

    items.sort(key=lambda p: (-value(p), p))
    if in_base(s, lab):
        return items
    cap = SQUAD_PORTAGE * nsq + LEADER_PORTAGE * sum(1 for p in pieces if p in leaders())
    return items[:cap]


def hex_strength(s: State, lab: str, vs_vehicle: bool) -> tuple[int, list[str]]:
    """13.0 step 2: every squad, leader and usable gear piece of the hex (13.3 doubling)."""
    pieces = in_hex(s, lab)
    total = sum(squad_fp(s, p) for p in pieces if p in squads())
    total += sum(leaders()[p].fp for p in pieces if p in leaders())
    used = usable_gear(s, lab, vs_vehicle)
    total += sum(gear()[p].fp * (2 if vs_vehicle and gear()[p].anti_tank else 1) for p in used)
    return total, used
