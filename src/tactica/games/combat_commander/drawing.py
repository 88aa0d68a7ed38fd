"""How the browser table and the terminal draw Combat Commander: the family's drawing
(commander_family/drawing.py, text.py) with Combat Commander's colours, terrain fills and labels,
and what only this game shows (its Radios track, the wind printed on its cards).
"""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game

from ..commander_family.drawing import DrawingStyle, card_face, drawing, line_of_sight, odds, piece_names

__all__ = ["STYLE", "card_face", "card_notes", "drawing", "extras", "line_of_sight", "odds", "piece_names"]

NATION_STYLE: dict[str, dict[str, str]] = {
    "Germany": {"color": "#5f6f7c", "text": "#ffffff"},
    "America": {"color": "#6d7a3c", "text": "#ffffff"},
    "Russia": {"color": "#8a5236", "text": "#ffffff"},
}
TERRAIN_STYLE: dict[str, dict[str, str]] = {
    "open": {"label": "", "fill": "#e8e2c4"},
    "woods": {"label": "Woods", "fill": "#7fa463", "pattern": "dots"},
    "building": {"label": "Buildings", "fill": "#c48b6a", "pattern": "block"},
    "brush": {"label": "Brush", "fill": "#b9c98c", "pattern": "dots"},
    "orchard": {"label": "Orchard", "fill": "#a8c47e", "pattern": "cross"},
    "field": {"label": "Field", "fill": "#e2cf7a", "pattern": "hatch"},
    "marsh": {"label": "Marsh", "fill": "#a9c4b4", "pattern": "waves"},
    "stream": {"label": "Stream", "fill": "#8fb6d6", "pattern": "waves"},
    "gully": {"label": "Gully", "fill": "#c3a77c", "pattern": "zigzag"},
    "water_barrier": {"label": "Deep water", "fill": "#6f9cc4", "pattern": "waves"},
    "bridge_minor": {"label": "Bridge", "fill": "#b49a78", "pattern": "block"},
    "bridge_major": {"label": "Bridge", "fill": "#a58b69", "pattern": "block"},
    "blaze": {"label": "Blaze", "fill": "#e0743c", "pattern": "zigzag"},
}
UNIT_SHORT = {"squad": "SQ", "team": "TM", "leader": "LDR"}
WEAPON_SHORT = {"machine_gun": "MG", "mortar": "MTR", "flamethrower": "FLM", "molotov": "MOL",
                "satchel_charge": "DC", "launcher": "AT"}
FORT_LABEL = {"foxholes": "Fx", "trench": "Tr", "mines": "Mn", "wire": "Wi", "bunker": "Bk", "pillbox": "Pb"}
NATION_TAG = {"Germany": "G", "America": "US", "Russia": "R"}
TERRAIN_MARK = {"open": ".", "woods": "^", "building": "B", "brush": '"', "orchard": "%",
                "field": ":", "marsh": "~", "stream": "=", "water_barrier": "W", "gully": "v",
                "bridge_minor": "H", "bridge_major": "H", "blaze": "*"}

STYLE = DrawingStyle(NATION_STYLE, TERRAIN_STYLE, UNIT_SHORT, WEAPON_SHORT, FORT_LABEL, NATION_TAG,
                     "open", TERRAIN_MARK)


def extras(g: Game, seat: int | None, view: Any) -> dict[str, list[dict[str, Any]]]:
    """O17, O18: each side's Radio, as the last track."""
    b = view["board"]
    radios = []
    for r in b.get("radios") or []:
        radios.append("none" if r is None else f"{r['type']}{' (broken)' if r.get('broken') else ''}")
    return {"tracks": [{"id": "radio", "label": "Radio", "per_side": radios or ["none", "none"]}]}


def card_notes(card: Any) -> list[str]:
    """The wind printed on some cards (E76 Wind Change / Blaze spreading)."""
    return [f"wind {card.wind}"] if card.wind else []
