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


def printed(s: State, pid: str, stat: str) -> int:
    """A squad's printed ``ma``, ``fp`` or ``noise``: its own value where the piece carries one
    (``stats``, a position built in the studio), else the counter's (the tables stay untouched)."""
    own = s["pieces"][pid].get("stats")
    return int(own[stat]) if own and stat in own else int(getattr(squads()[pid], stat))


def squad_ma(s: State, pid: str) -> int:
    m = _marker(s["pieces"][pid])
    return max(1, printed(s, pid, "ma") + (m.ma if m else 0))


def squad_fp(s: State, pid: str) -> int:
    m = _marker(s["pieces"][pid])
    return max(0, printed(s, pid, "fp") + (m.fp if m else 0))


def squad_noise(s: State, pid: str) -> int:
    m = _marker(s["pieces"][pid])
    return printed(s, pid, "noise") + (m.noise if m else 0)


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
def combat_portage(s: State, lab: str) -> int | None:
    """9.0/9.1: how many gear pieces a hex's squads (6 each) and leaders (1 each) may use in a
    combat; None, meaning all of them, in a base (9.4)."""
    if in_base(s, lab):
        return None
    pieces = in_hex(s, lab)
    return SQUAD_PORTAGE * sum(1 for p in pieces if p in squads()) + LEADER_PORTAGE * sum(
        1 for p in pieces if p in leaders())


def combat_gear(s: State, lab: str) -> list[str]:
    """Gear in a hex that could fight: not flipped for suppression this phase (15.0)."""
    return [p for p in in_hex(s, lab) if p in gear() and not s["pieces"][p]["flipped"]]


def gear_value(pid: str, vs_vehicle: bool) -> int:
    g = gear()[pid]
    return g.fp * (2 if vs_vehicle and g.anti_tank else 1)  # 13.3


def usable_gear(s: State, lab: str, vs_vehicle: bool, aside: Iterable[str] = ()) -> list[str]:
    """Gear a hex's squads use in combat: of the pieces not set aside by the player (9.0), all of
    them in a base (9.4), else the strongest up to the squads' and leaders' portage (9.1)."""
    if not squads_in(s, lab):
        return []
    skip = set(aside)
    items = sorted((p for p in combat_gear(s, lab) if p not in skip),
                   key=lambda p: (-gear_value(p, vs_vehicle), p))
    cap = combat_portage(s, lab)
    return items if cap is None else items[:cap]


def hex_strength(s: State, lab: str, vs_vehicle: bool, aside: Iterable[str] = ()) -> tuple[int, list[str]]:
    """13.0 step 2: every squad, leader and used gear piece of the hex (13.3 doubling)."""
    used = usable_gear(s, lab, vs_vehicle, aside)
    return squad_strength(s, lab) + sum(gear_value(p, vs_vehicle) for p in used), used


def squad_strength(s: State, lab: str) -> int:
    """13.0 step 2 without gear: the hex's squads (with their markers) and leaders."""
    pieces = in_hex(s, lab)
    return sum(squad_fp(s, p) for p in pieces if p in squads()) + sum(
        leaders()[p].fp for p in pieces if p in leaders())
