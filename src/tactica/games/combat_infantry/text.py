"""A short text picture of a seat's view for the terminal (drawn from the view only)."""

from __future__ import annotations

from typing import Any


def describe(v: dict[str, Any]) -> str:
    lines = [
        f"Game turn {v['game_turn']}/{v['game_turns']}, player turn {v['player_turn']}: {v['active']} active"
        f"{' (night)' if v['night'] else ''}{' (bad weather)' if v['weather'] == 'bad' else ''}",
        f"VP for eliminations: usa {v['vp'][0]}, ger {v['vp'][1]}; objectives: "
        + ", ".join(f"{o['hex']} ({o['vp']})" for o in v["objectives"]),
    ]
    by_hex: dict[str, list[str]] = {}
    for b in v["blocks"]:
        mark = {"up": "", "upright": "?", "down": "."}[b["posture"]]
        half = "½" if b["half"] else ""
        by_hex.setdefault(b["hex"], []).append(f"{b['id']}[{b['steps']}/{b['max']}]{mark}{half}")
    for h in v["hidden_blocks"]:
        down = "." if h["posture"] == "down" else ""
        known = f" ={h['seen_as']}" if h.get("seen_as") else ""  # 1.0: seen face-up before
        by_hex.setdefault(h["hex"], []).append(f"<{h['side']} block {h['piece']}{known}{down}>")
    for hx in sorted(by_hex, key=lambda x: (x[0], int(x[1:]) if x[1:].isdigit() else 0)):
        lines.append(f"  {hx}: {' '.join(by_hex[hx])}")
    extras = []
    for key in ("foxholes", "smoke", "wrecks", "hedge_gaps", "destroyed_bridges"):
        if v.get(key):
            extras.append(f"{key}: {', '.join(v[key])}")
    if v.get("wire"):
        extras.append("wire: " + ", ".join(w["hex"] for w in v["wire"]))
    if v.get("assault"):
        a = v["assault"]
        extras.append(f"assault in {a['hex']}, round {a['round']} ({a['attacker']} attacking)")
    lines.extend(extras)
    lines.append("(? upright and ready, . face-down and done, ½ half-hit)")
    return "\n".join(lines)
