"""The commandos' view (DESIGN §2 Views). Solitaire: the map, the pieces, the enemy and the
mission are all in the open; only the order of the cups (the hidden future) is not shown."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tactica.core.game import Game

from .data import mission_cup, piece_type, placement
from .results import score, title


def view(g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
    s = g.state
    m = s["mission"]
    mission = None
    if m is not None:
        pp, needs = mission_cup(s["map"])[m["id"]]
        mission = {**m, "name": placement()[m["id"]][0], "pp": pp, "needs": list(needs)}
    sc = score(s)
    out: dict[str, Any] = {
        "map": s["map"], "maps": list(s["maps"]), "map_index": s["map_index"],
        "previous_maps": [dict(h) for h in s["history"]], "turn": s["turn"], "pp": s["pp"],
        "awareness": s["awareness"],
        "pieces": {k: dict(v) for k, v in sorted(s["pieces"].items())},
        "enemies": dict(sorted(s["enemies"].items())),
        "bases": dict(s["bases"]), "destroyed_bases": list(s["destroyed"]),
        "mission": mission, "missions_resolved": s["resolved"], "accomplished": s["accomplished"],
        "forfeited": s["forfeited"], "squads_lost": s["squads_lost"] - s["excused"],
        "suppressed": list(s["suppressed"]),
        "vp": [sc], "score": sc, "title": title(sc), "final": s["final"],
        "cups": {k: dict(sorted(Counter(piece_type(x) for x in v["items"]).items())) if k != "missions"
                 else len(v["items"]) for k, v in s["cups"].items()},
    }
    return out
