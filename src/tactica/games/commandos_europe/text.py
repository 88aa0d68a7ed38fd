"""The terminal picture of a Commandos: Europe game, drawn from the public view only."""

from __future__ import annotations

from collections import defaultdict
from typing import Any


def describe(v: dict[str, Any]) -> str:
    """Map, turn, PP, awareness, the mission, then every occupied hex: bases, commando pieces
    (detected ones marked !, casualties in brackets) and enemy units."""
    m = v["mission"]
    lines = [f"{v['map']} (map {v['map_index'] + 1} of {len(v['maps'])}), turn {v['turn']}: {v['pp']} PP, "
             f"awareness +{v['awareness']}, missions {v['missions_resolved']}/6 "
             f"(accomplished {v['accomplished']}, forfeited {v['forfeited']}, "
             f"squads lost {v['squads_lost']})"]
    if m is not None:
        needs = ", ".join(m["needs"]) or "none"
        lines.append(f"Mission: {m['name']} in {m['hex']} ({m['pp']} PP, needs {needs})"
                     f"{'' if m['status'] == 'open' else ', ' + m['status']}")
    hexes: dict[str, list[str]] = defaultdict(list)
    for b, h in sorted(v["bases"].items()):
        if h:
            hexes[h].append(f"[{b}]")
    for pid, p in v["pieces"].items():
        if p["hex"]:
            mark = ("!" if p["detected"] else "") + (f"({p['marker'].split('#')[0]})" if p["marker"] else "")
            hexes[p["hex"]].append(pid + mark)
    for eid, h in v["enemies"].items():
        hexes[h].append(f"<{eid}{' suppressed' if eid in v['suppressed'] else ''}>")
    lines += [f"  {h}: {' '.join(items)}" for h, items in sorted(hexes.items())]
    if v["final"]:
        lines.append(f"Final: net {v['final']['score']}, {v['final']['title']}")
    return "\n".join(lines)
