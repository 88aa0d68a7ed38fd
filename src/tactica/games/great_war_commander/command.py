"""Leaders and command (3.3.1, O14.2): ranks, the Highest-ranking Leader, activation chains and
the one Leader whose Command a Unit adds.

* 3.3.1.2-3.3.1.4: each side has one Highest-ranking Leader (HRL) on the map, found again
  whenever asked: rank Captain > Lieutenant > Hero, then the higher printed (unbroken) Command,
  then the higher printed Morale; Suppression and Wire do not count. The book leaves a last tie
  to the owner; we take the first in id order (reading R12: no decision that changes nothing
  else the owner could want, and the HRL must be known at once).
* O14.2, 3.3.1.2: only an activation the HRL starts spreads to other Leaders: the HRL, and each
  Leader it (or a Leader so activated) brings in, activates Units and unactivated Leaders in its
  Command radius (a chain). A Leader activated first that is not the HRL activates Units only.
  Infantry Leaders never activate Tanks (3.1.6). "Units" here are Platoons, Teams and Runners
  (3.3.1.1; O14.2 names only Platoons and Teams: reading R13, the general rule 3.3.1.1 wins).
* 3.3.1.5, 3.3.1.7: a Unit adds the Command of one friendly Leader in its hex (not cumulative;
  the owner's choice: the best one, as the owner always would); Leaders and Tanks add none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..commander_family.board_state import reading_of, within
from ..commander_family.stats import command_of, leaders_with
from .components import unit_type_of

if TYPE_CHECKING:
    from tactica.core.game import Game

RANK_ORDER = {"Captain": 0, "Lieutenant": 1, "Hero": 2}
"""3.3.1.3: Captain outranks Lieutenant outranks Hero."""


_type = unit_type_of


def seniority(g: Game, uid: str) -> tuple[int, int, int, str]:
    """3.3.1.3-3.3.1.4: sort key, most senior first (printed unbroken values)."""
    t = _type(g, uid)
    return (RANK_ORDER.get(t.rank or "", 9), -int(t.unbroken.command or 0), -int(t.unbroken.morale), uid)


def leaders_on_map(g: Game, seat: int) -> list[str]:
    return sorted(uid for uid, u in g.state["units"].items()
                  if u["seat"] == seat and u["where"] == "map" and u["hex"] is not None
                  and _type(g, uid).type == "leader")


def hrl(g: Game, seat: int) -> str | None:
    """3.3.1.2: the side's Highest-ranking Leader on the map (None: no Leader there); found
    once per reading of the state (the family's read-only memo) when one is open (speed)."""
    r = reading_of(g)
    key = ("gwc_hrl", seat)
    if r is not None and key in r.memo:
        found: str | None = r.memo[key]
        return found
    leaders = leaders_on_map(g, seat)
    best = min(leaders, key=lambda x: seniority(g, x)) if leaders else None
    if r is not None:
        r.memo[key] = best
    return best


def _reach(g: Game, leader: str, may: Callable[[Game, str], bool], leaders_too: bool) -> list[str]:
    u = g.state["units"][leader]
    near = within(g, u["hex"], command_of(g, leader))
    out = []
    for x, v in g.state["units"].items():
        if v["seat"] != u["seat"] or v["where"] != "map" or v["hex"] not in near or x == leader:
            continue
        kind = _type(g, x).type
        if kind == "tank" or (kind == "leader" and not leaders_too):
            continue  # 3.1.6: infantry Leaders never command Tanks
        if may(g, x):
            out.append(x)
    return out


def command_reach(g: Game, leader: str, activated: list[str],
                  may: Callable[[Game, str], bool]) -> list[str]:
    """O14.2: what an activation started by ``leader`` may still bring in (see module doc)."""
    if leader != hrl(g, int(g.state["units"][leader]["seat"])):
        return sorted(_reach(g, leader, may, leaders_too=False))
    found: set[str] = set()
    for ldr in [leader, *(x for x in activated if x != leader and _type(g, x).type == "leader")]:
        found.update(_reach(g, ldr, may, leaders_too=True))
    return sorted(found - set(activated))


def commanders(g: Game, uid: str) -> list[str]:
    """3.3.1.5: the one Leader (the best Command) whose Command a Unit in its hex adds. In a
    read scope each (hex, side) is asked once (speed: every live stat of every unit asks this)."""
    units = g.state["units"]
    u = units[uid]
    if u["where"] != "map" or u["hex"] is None or not _type(g, uid).is_unit:
        return []  # a Unit is never a Leader itself, so leaders_with's "not uid" holds
    r = reading_of(g)
    if r is None:  # one pass over the units, without the lists of leaders_with (speed)
        here, seat = u["hex"], u["seat"]
        best: tuple[int, str] | None = None
        for x, v in units.items():
            if (v["hex"] == here and v["where"] == "map" and v["seat"] == seat
                    and _type(g, x).type == "leader"):
                rank = (command_of(g, x), x)
                if best is None or rank > best:
                    best = rank
        return [] if best is None else [best[1]]
    key = ("gwc_commander", u["hex"], int(u["seat"]))
    if key in r.memo:
        found: list[str] = r.memo[key]
        return list(found)
    leaders = leaders_with(g, uid)
    found = r.memo[key] = [max(leaders, key=lambda x: (command_of(g, x), x))] if leaders else []
    return list(found)
