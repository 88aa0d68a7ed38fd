"""Shared by every phase: the seat, the game's map, the mission ledger and the score (5.0), the
end of a map or of the game, squads lost (13.1)."""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game

from .data import mission_cup, placement, squads
from .geo import Geo, geo
from .setup import next_map

ME = 0
State = dict[str, Any]
TITLES = ((4, "Court-martial"), (6, "Demotion"), (8, "Reassignment"), (10, "Poor Performance"),
          (12, "Adequate Performance"), (14, "Meritorious Service"), (16, "Promotion"), (18, "Award"),
          (20, "Award and Promotion"), (22, "National Hero"), (24, "Victoria Cross"))


def G(g: Game) -> Geo:
    return geo(g.state["map"])


def score(s: State) -> int:
    """5.0: accomplished - forfeited - squads eliminated (not those lost in missions later
    forfeited, nor squads merely replaced by E/V squads)."""
    return int(s["accomplished"] - s["forfeited"] - (s["squads_lost"] - s["excused"]))


def title(n: int) -> str:
    """5.0 Victory Assessment table; a total below 0 reads as the lowest band."""
    for top, name in TITLES:
        if n <= top:
            return name
    return TITLES[-1][1]


def finish_game(g: Game, reason: str, rule: str = "5.0", defeat: bool = False) -> None:
    s = g.state
    sc = score(s)
    s["final"] = {"score": sc, "title": "Court-martial" if defeat else title(sc), "defeat": defeat}
    g.emit(rule, "Accomplished {a}, forfeited {f}, squads eliminated {l}: net {n}, {t}",
           a=s["accomplished"], f=s["forfeited"], l=s["squads_lost"] - s["excused"], n=sc,
           t=s["final"]["title"])
    g.end([value(s, sc, defeat)], reason, rule)


def value(s: State, net: int, defeat: bool = False) -> float:
    """The seat's return in [-1, 1]: the net score of 5.0 over the scenario's missions (six a map),
    clipped; an immediate defeat (5.0) is -1 whatever the score."""
    if defeat:
        return -1.0
    return max(-1.0, min(1.0, net / (6 * len(s["maps"]))))


def accomplish(g: Game, rule: str) -> None:
    """7.1: the counter is removed, its PP awarded; 12.2: awareness +1 for the rest of the map."""
    s = g.state
    m = s["mission"]
    pp, _ = mission_cup(s["map"])[m["id"]]
    m["status"] = "accomplished"
    s["pp"] += pp
    s["accomplished"] += 1
    s["resolved"] += 1
    s["awareness"] += 1
    g.emit(rule, "Mission {name} accomplished in {hex}: +{pp} PP (now {total}); awareness {aw}",
           name=placement()[m["id"]][0], hex=m["hex"], pp=pp, total=s["pp"], aw=s["awareness"])


def lose_squad(g: Game, pid: str, rule: str) -> None:
    """13.1: an eliminated squad's markers go back, its E/V successors leave the game; it counts
    against victory (5.0) unless its mission is later forfeited."""
    s = g.state
    p = s["pieces"].pop(pid)
    if p["marker"]:
        s["cups"]["casualties"]["items"].append(p["marker"])
    s["squads_lost"] += 1
    s["lost_current"] += 1
    s["ever"].append(pid)
    line = squads()[pid].line or (pid if squads()[pid].level == "0" else "")
    for k, v in squads().items():
        if line and v.line == line and k not in s["ever"]:
            s["ever"].append(k)
    g.emit(rule, "{sq} is eliminated", sq=pid)


def check_defeat(g: Game) -> None:
    """5.0/13.1: the game ends at once when the last squad is eliminated."""
    s = g.state
    if not g.is_terminal() and not any(p["kind"] == "squad" for p in s["pieces"].values()):
        finish_game(g, "immediate defeat: the last squad was eliminated", "13.1", defeat=True)


def end_map(g: Game) -> None:
    """4.0: after the sixth mission (or when the player ends the map) the next map begins; after
    the last map the game ends and 5.0 assesses it."""
    s = g.state
    if s["map_index"] + 1 < len(s["maps"]):
        g.state["stack"][:] = [{"step": "turn", "args": {}}]
        next_map(g)
        check_defeat(g)
        return
    finish_game(g, f"six missions resolved on {s['map']}" if len(s["maps"]) == 1 else "the campaign is over")
