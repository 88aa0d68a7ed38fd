"""How the browser table draws Commandos: Europe (docs/web.md): commando pieces and enemy units
as counters, bases and the mission as markers, PP/awareness/missions as tracks, and how each
option is picked. Built from the seat's view and the public counter data only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.game import Game

from .data import enemies, gear, leaders, piece_type, squads

SIDES = [{"name": "Commandos", "color": "#4f6f8f", "text": "#ffffff"},
         {"name": "Enemy (the rules)", "color": "#6e6e6e", "text": "#ffffff"}]
TERRAIN_STYLE: dict[str, dict[str, str]] = {
    "clear": {"label": "Clear", "fill": "#e9e4c8"},
    "mountain": {"label": "Mountain", "fill": "#cdb985", "pattern": "hatch"},
    "woods": {"label": "Woods", "fill": "#8fae74", "pattern": "dots"},
    "ridge": {"label": "Ridge", "fill": "#b89b6e", "pattern": "zigzag"},
    "marsh": {"label": "Marsh", "fill": "#a9bfa0", "pattern": "waves"},
    "river": {"label": "River", "fill": "#8fb3c9", "pattern": "waves"},
    "canal": {"label": "Canal", "fill": "#8fb3c9", "pattern": "hatch"},
    "building": {"label": "Buildings", "fill": "#c98c6d", "pattern": "block"},
    "airfield": {"label": "Airfield", "fill": "#d0d0c8", "pattern": "cross"},
    "pier": {"label": "Pier / dock", "fill": "#b5a596", "pattern": "block"},
    "breakwater": {"label": "Breakwater", "fill": "#b5a596", "pattern": "hatch"},
    "ship": {"label": "Ship", "fill": "#7d8a96", "pattern": "block"},
    "sea": {"label": "Sea", "fill": "#6f9fc4", "pattern": "waves"},
    "bridge": {"label": "Bridge", "fill": "#a08060"},
}


def _piece(pid: str, p: Mapping[str, Any]) -> dict[str, Any]:
    flags = [f for f in ("detected", "moved", "flipped") if p.get(f)]
    if p.get("marker"):
        flags.append("casualty: " + p["marker"].split("#")[0].replace("_", " "))
    if pid in squads():
        sq = squads()[pid]
        vals = [{"label": "firepower", "value": sq.fp, "main": True}, {"label": "noise", "value": sq.noise},
                {"label": "MA", "value": sq.ma}]
        return {"id": pid, "hex": p["hex"], "side": 0, "label": pid, "name": sq.name, "face":
                "broken" if p.get("marker") else "front", "values": vals, "flags": flags}
    if pid in leaders():
        ld = leaders()[pid]
        vals = [{"label": "firepower", "value": ld.fp, "main": True}, {"label": "noise", "value": ld.noise},
                {"label": "MA", "value": f"+{ld.move}"}]
        return {"id": pid, "hex": p["hex"], "side": 0, "label": ld.role[:3].upper(), "name": ld.name,
                "face": "front", "values": vals, "flags": flags}
    gr = gear()[pid]
    kind, val = gr.move
    vals = [{"label": "firepower", "value": f"+{gr.fp}" if gr.suppress else gr.fp, "main": True},
            {"label": "noise", "value": gr.noise},
            {"label": "move", "value": f"{'+' if kind == 'plus' else '-'}{val}"}]
    return {"id": pid, "hex": p["hex"], "side": 0, "label": pid[:6].upper(), "name": gr.name, "face": "front",
            "values": vals, "flags": flags}


def drawing(g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
    b = view["board"]
    pieces = [_piece(pid, p) for pid, p in b["pieces"].items() if p["hex"]]
    for eid, h in b["enemies"].items():
        e = enemies(b["map"])[piece_type(eid)]
        flags = (["vehicle"] if e.vehicle else []) + (["boat"] if e.boat else []) + (
            ["static"] if e.ma == 0 else []) + (["suppressed"] if eid in b["suppressed"] else [])
        pieces.append({"id": eid, "hex": h, "side": 1, "label": e.name[:8], "name": f"{e.name} ({eid})",
                       "face": "front", "values": [{"label": "attack", "value": e.attack, "main": True},
                                                   {"label": "MA", "value": e.ma}], "flags": flags})
    markers = [{"hex": h, "kind": "base", "label": "B", "side": 0, "title": f"{base}"}
               for base, h in b["bases"].items() if h]
    m = b["mission"]
    if m is not None and m["status"] == "open":
        markers.append({"hex": m["hex"], "kind": "objective", "label": "★", "side": 0,
                        "title": f"{m['name']}: {m['pp']} PP, needs {', '.join(m['needs']) or 'none'}"})
    tracks = [{"id": "turn", "label": "Turn", "value": b["turn"], "note": b["map"]},
              {"id": "pp", "label": "Purchase points", "value": b["pp"]},
              {"id": "awareness", "label": "Enemy awareness (noise)", "value": b["awareness"]},
              {"id": "missions", "label": "Missions on this map", "value": b["missions_resolved"], "max": 6},
              {"id": "score", "label": "Net score (5.0)", "value": b["score"], "note": b["title"]}]
    info = [{"label": "Mission", "value": m["name"] if m else "none",
             "text": f"{m['hex']}, needs {', '.join(m['needs']) or 'none'}, {m['status']}" if m else ""}]
    options = {}
    d = view.get("decision") or {}
    for o in d.get("options", []):
        a = o["args"]
        path: list[dict[str, str]] = []
        if o["kind"] in ("move", "add", "leave", "bonus", "drop", "halt_piece", "fire", "deploy", "lose",
                         "squad") and "piece" in a:
            path = [{"unit": a["piece"]}]
        if o["kind"] in ("to", "hex", "target", "escape") and "hex" in a:
            path = [{"hex": a["hex"]}]
        if o["kind"] == "attack":
            path = [{"unit": a["target"]}]
        if o["kind"] == "fire":
            path = [{"unit": a["weapon"]}, {"unit": a["target"]}]
        options[o["id"]] = {"path": path, "odds": o["kind"] == "attack"}
    return {"sides": SIDES, "terrain": {"styles": TERRAIN_STYLE, "changes": {}}, "pieces": pieces,
            "markers": markers, "tracks": tracks, "info": info, "options": options}
