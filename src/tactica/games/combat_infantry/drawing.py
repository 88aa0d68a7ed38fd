"""How the browser table draws a seat's view (docs/web.md): blocks as blocks (``block``: the
label faced to its owner with its step rotation, the other side's hidden blocks as backs of their
colour under their public piece ids), the active HQ's command range as a zone, markers for
objectives, foxholes, smoke, wrecks and wire, tracks for the turn and VPs, and the clicks that
pick each option. Built from the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.game import Game

from .blocks import SIDES
from .geo import Geo
from .scenarios import geo_of

SIDE_STYLE = (
    {"name": "USA", "color": "#4b6b3a", "text": "#ffffff"},
    {"name": "Germany", "color": "#2f3236", "text": "#ffffff"},
)
TERRAIN = {
    "clear": {"label": "clear", "fill": "#e9e4c9"},
    "beach": {"label": "beach", "fill": "#efe1a8"},
    "orchard": {"label": "orchard", "fill": "#c9dca0", "pattern": "dots"},
    "cemetery": {"label": "cemetery", "fill": "#d6d6cf", "pattern": "cross"},
    "marsh": {"label": "marsh", "fill": "#b9cfc2", "pattern": "waves"},
    "woods": {"label": "woods", "fill": "#7fa36a", "pattern": "hatch"},
    "town": {"label": "town", "fill": "#c7a889", "pattern": "block"},
    "farm": {"label": "farm", "fill": "#d4b48a", "pattern": "block"},
}
SHORT = {
    "chq": "CHQ",
    "phq": "PHQ",
    "rifle": "IN",
    "mg": "MG",
    "mortar": "MO",
    "atr": "ATR",
    "engineer": "EN",
    "sniper": "SN",
    "tank": "TK",
    "armored_car": "AC",
    "at_gun": "AT",
    "bunker": "BK",
    "minefield": "MF",
}


def _face(blk: Mapping[str, Any]) -> dict[str, Any]:
    """A block the seat may see, drawn face on (1.0): its strength on the label's edges, full
    strength on top, and the label turned a quarter counter-clockwise per step lost (2.11)."""
    top = int(blk["max"])
    return {
        "facing": "face",
        "posture": blk["posture"],
        "steps": blk["steps"],
        "max": top,
        "edges": list(range(top, 0, -1)),
        "rotation": 90 * (top - int(blk["steps"])),
        "main": f"F{blk['f']}",
    }


def command_range(b: Mapping[str, Any], geo: Geo) -> list[dict[str, Any]]:
    """4.1: the active HQ's command range, when the seat may see that HQ: a PHQ's own hex and
    the hexes next to it not across a sea/lake hexside; a CHQ commands its company anywhere, so
    its zone is the hexes of its company's units the seat sees. Built from the view only."""
    act = b.get("activation")
    if not act or not act.get("hq"):
        return []
    hq = next((x for x in b["blocks"] if x["id"] == act["hq"]), None)
    if hq is None:
        return []
    i = geo.index[hq["hex"]]
    if hq["type"] == "phq":
        hexes = [hq["hex"]] + [geo.label(j) for j in geo.nbrs[i] if not geo.no_command[i][j]]
    else:
        units = [x for x in b["blocks"] if x["side"] == hq["side"] and x["company"] == hq["company"]]
        hexes = sorted({x["hex"] for x in units if x["type"] != "phq"} | {hq["hex"]})
    return [
        {
            "id": "command-range",
            "kind": "command",
            "label": "command",
            "title": f"command range of {hq['name']} ({hq['id']}), 4.1",
            "side": SIDES.index(hq["side"]),
            "hexes": hexes,
        }
    ]


def drawing(g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
    b = view["board"]
    geo = geo_of(g.state)
    pieces: list[dict[str, Any]] = []
    for blk in b["blocks"]:
        flags = (
            [blk["posture"]] + (["half-hit"] if blk["half"] else []) + (["done"] if blk.get("acted") else [])
        )
        pieces.append(
            {
                "id": blk["id"],
                "hex": blk["hex"],
                "side": SIDES.index(blk["side"]),
                "label": f"{SHORT.get(blk['type'], blk['type'])} {blk['steps']}",
                "name": f"{blk['name']} ({blk['id']}, {blk['piece']})",
                "face": "front",
                "values": [
                    {"label": "F", "value": blk["f"], "main": True},
                    {"label": "R", "value": blk["range"]},
                    {"label": "M", "value": blk["move"]},
                    {"label": "morale", "value": blk["morale"]},
                    {"label": "steps", "value": f"{blk['steps']}/{blk['max']}"},
                ],
                "flags": flags,
                "block": _face(blk),
            }
        )
    for h in b["hidden_blocks"]:
        pieces.append(
            {
                "id": h["piece"],  # 1.0: the public piece id, never the label
                "hex": h["hex"],
                "side": SIDES.index(h["side"]),
                "label": "?",
                # 1.0: a block seen face-up before is followed on the table (its label, not steps)
                "name": f"a {h['side']} block ({h['piece']})"
                + (f", seen as {h['seen_as']}" if h.get("seen_as") else ""),
                "face": "front",
                "values": [],
                "flags": [h["posture"]] + (["half-hit"] if h["half"] else []),
                "block": {"facing": "back", "posture": h["posture"]},
            }
        )
    markers = [
        {"hex": o["hex"], "kind": "objective", "label": str(o["vp"]), "title": f"objective, {o['vp']} VP"}
        for o in b["objectives"]
    ]
    for key, label in (("foxholes", "F"), ("smoke", "S"), ("wrecks", "W")):
        markers.extend({"hex": hx, "kind": key, "label": label, "title": key} for hx in b.get(key) or [])
    markers.extend(
        {"hex": w["hex"], "kind": "wire", "label": "X", "title": f"barbed wire ({w['side']})"}
        for w in b.get("wire") or []
    )
    tracks = [
        {"id": "game_turn", "label": "Game turn", "value": b["game_turn"], "max": b["game_turns"]},
        {"id": "player_turn", "label": "Player turn", "value": b["player_turn"], "max": 8},
        {"id": "vp", "label": "VP for eliminations", "per_side": [str(v) for v in b["vp"]]},
    ]
    options: dict[str, Any] = {}
    for o in (view.get("decision") or {}).get("options") or []:
        a = o.get("args") or {}
        path: list[dict[str, str]] = []
        hx = a.get("hex")
        if isinstance(hx, int):
            hx = geo.label(hx)
        if o["kind"] in ("command", "activate") and "unit" in a:
            path = [{"unit": a["unit"]}]
        elif o["kind"] in ("fire", "move", "setup", "deploy", "support", "regroup") and isinstance(hx, str):
            path = [{"hex": hx}]
            if isinstance(a.get("target"), str):
                path.append({"unit": a["target"]})
        options[o["id"]] = {"path": path, "odds": False}
    info = []
    if b.get("activation"):
        act = b["activation"]
        info.append(
            {
                "label": "Activation",
                "value": act["hq"] or act["hq_piece"],
                "text": f"{act['commands_left']} CHQ commands left",
            }
        )
    if b.get("assault"):
        a = b["assault"]
        info.append(
            {"label": "Assault", "value": a["hex"], "text": f"round {a['round']}, {a['attacker']} attacking"}
        )
    return {
        "zones": command_range(b, geo),
        "sides": list(SIDE_STYLE),
        "terrain": {"styles": TERRAIN, "changes": {}},
        "pieces": pieces,
        "markers": markers,
        "tracks": tracks,
        "options": options,
        "info": info,
    }
