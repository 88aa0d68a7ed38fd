"""How the browser table and the terminal draw Great War Commander: the Commander family's drawing
(commander_family/drawing.py, text.py) with this game's colours (field grey, horizon blue, olive
drab), its Terrain chart's fills, and what only it shows: Gas markers (T107), the scenario's date
(the period rules), each side's Strategy Card hand (1.S: the card to its owner, a count to the
other seat) and mini-deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.game import Game

from ..commander_family.drawing import DrawingStyle

NATION_STYLE: dict[str, dict[str, str]] = {
    "Germany": {"color": "#6b7065", "text": "#ffffff"},
    "France": {"color": "#5b7fa8", "text": "#ffffff"},
    "America": {"color": "#6d6a3c", "text": "#ffffff"},
}
TERRAIN_STYLE: dict[str, dict[str, str]] = {
    "open_ground": {"label": "", "fill": "#e3dcc0"},
    "woods": {"label": "Woods", "fill": "#7fa463", "pattern": "dots"},
    "destroyed_woods": {"label": "Destroyed woods", "fill": "#a39a74", "pattern": "dots"},
    "building": {"label": "Building", "fill": "#c48b6a", "pattern": "block"},
    "rubble": {"label": "Rubble", "fill": "#b3a292", "pattern": "cross"},
    "boulders": {"label": "Boulders", "fill": "#a8a39a", "pattern": "dots"},
    "brush": {"label": "Brush", "fill": "#b9c98c", "pattern": "dots"},
    "orchard": {"label": "Orchard", "fill": "#a8c47e", "pattern": "cross"},
    "field": {"label": "Field", "fill": "#e2cf7a", "pattern": "hatch"},
    "marsh": {"label": "Marsh", "fill": "#a9c4b4", "pattern": "waves"},
    "stream": {"label": "Stream", "fill": "#8fb6d6", "pattern": "waves"},
    "water_barrier": {"label": "Deep water", "fill": "#6f9cc4", "pattern": "waves"},
    "gully": {"label": "Gully", "fill": "#c3a77c", "pattern": "zigzag"},
    "quarry": {"label": "Quarry", "fill": "#c9b497", "pattern": "zigzag"},
    "shellhole": {"label": "Shellholes", "fill": "#b8a67e", "pattern": "dots"},
    "bridge": {"label": "Bridge", "fill": "#b49a78", "pattern": "block"},
    "blaze": {"label": "Blaze", "fill": "#e0743c", "pattern": "zigzag"},
}
UNIT_SHORT = {"platoon": "PLT", "team": "TM", "runner": "RUN", "leader": "LDR", "tank": "TANK"}
WEAPON_SHORT = {"hmg": "HMG", "lmg": "LMG", "mortar": "MTR", "flamethrower": "FLM", "gun": "GUN"}
FORT_LABEL = {"foxholes": "Fx", "trench": "Tr", "mines": "Mn", "wire": "Wi", "blockhaus": "Bh",
              "pillbox": "Pb"}
NATION_TAG = {"Germany": "G", "France": "F", "America": "US"}
TERRAIN_MARK = {"open_ground": ".", "woods": "^", "destroyed_woods": "x", "building": "B", "rubble": "r",
                "boulders": "o", "brush": '"', "orchard": "%", "field": ":", "marsh": "~", "stream": "=",
                "water_barrier": "W", "gully": "v", "quarry": "u", "shellhole": "s", "bridge": "H",
                "blaze": "*"}

STYLE = DrawingStyle(NATION_STYLE, TERRAIN_STYLE, UNIT_SHORT, WEAPON_SHORT, FORT_LABEL, NATION_TAG,
                     "open_ground", TERRAIN_MARK)


def _strategy_name(g: Game, cid: str) -> str:
    rules: Any = g.rules
    return next((f"{c.name} ({cid})" for c in rules.components.pack.strategy.cards if c.id == cid), cid)


def extras(g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    b = view["board"]
    markers = [{"hex": h, "kind": "gas", "label": "Gas", "title": "Gas: +1 MP, hinders 1, Suppresses (T107)"}
               for h in b.get("gas") or []]
    info: list[dict[str, Any]] = []
    if b.get("date"):
        info.append({"label": "Date", "value": str(b["date"]), "text": "period rules follow it"})
    for sd in b["sides"]:
        hand = sd.get("sc_hand")
        if hand is None:
            value = f"{sd.get('sc_hand_count', 0)} held (hidden)"
        else:
            value = ", ".join(_strategy_name(g, c) for c in hand) or "none"
        info.append({"label": f"{sd['nation']} Strategy Card", "value": value,
                     "text": f"{sd.get('sc_draw_count', 0)} left in the deck (1.S)"})
    return {"markers": markers, "info": info}
