"""How the browser table and the terminal draw Great War Commander: the Commander family's drawing
(commander_family/drawing.py, text.py) with this game's colours (field grey, horizon blue, olive
drab), its Terrain chart's fills, and what only it shows: Gas markers (T107), the bombardment
areas (Spotting Round and Artillery Impact markers, O19.2.2), Shellhole/Rubble markers as the
hex's new terrain (T117, T118), each side's Telephone in its Artillery Box space (12), the
scenario's date (the period rules), each side's Strategy Card hand (1.S: the card to its owner
as a card face, a count to the other seat), mini-deck and Reminder Cards (S98.1.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.game import Game

from ..commander_family.drawing import DrawingStyle
from . import artillery

NATION_STYLE: dict[str, dict[str, str]] = {
    "Germany": {"color": "#6b7065", "text": "#ffffff"},
    "France": {"color": "#4a6d96", "text": "#ffffff"},  # horizon blue, dark enough for white text (WCAG AA)
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


def _strategy_card(g: Game, cid: str) -> Any:
    rules: Any = g.rules
    return next((c for c in rules.components.pack.strategy.cards if c.id == cid), None)


def _strategy_name(g: Game, cid: str) -> str:
    c = _strategy_card(g, cid)
    return cid if c is None else f"{c.name} ({cid})"


def strategy_face(g: Game, cid: str) -> dict[str, str]:
    """A Strategy Card as a card face of the hands panel (our own wording, from the card data)."""
    c = _strategy_card(g, cid)
    return {"id": cid, "name": cid if c is None else f"{c.name} ({cid})", "text": "" if c is None else c.text}


def _telephone(g: Game, tel: Mapping[str, Any] | None) -> str:
    if tel is None:
        return "none"
    t = artillery.telephone_type(g, tel["type"])
    where = artillery.SPACE_NAMES.get(tel.get("space") or "", str(tel.get("space")))
    return f"{t.name} (FP {t.fp}){', broken' if tel.get('broken') else ''}, in the {where} space"


def _map_markers(b: Mapping[str, Any], nations: list[str]) -> list[dict[str, Any]]:
    """Gas (T107), each side's bombardment area (its Spotting Round and Artillery Impact markers,
    O19.2.2) and Shellhole/Rubble markers (T117, T118); Fortifications are the family's."""
    out = [{"hex": h, "kind": "gas", "label": "Gas", "title": "Gas: +1 MP, hinders 1, Suppresses (T107)"}
           for h in b.get("gas") or []]
    for seat, area in enumerate(b.get("barrages") or []):
        if not area:
            continue
        who = nations[seat] if seat < len(nations) else str(seat)
        out.append({"hex": area["sr"], "kind": "spotting_round", "label": "SR", "side": seat,
                    "title": f"{who} Spotting Round: the registered barrage's centre (O19.2.2)"})
        out += [{"hex": h, "kind": "impact", "label": "AI", "side": seat,
                 "title": f"{who} Artillery Impact: a barrage hex (O19.2.2)"}
                for h in area.get("impacts") or [] if h != area["sr"]]
    for h, kind in sorted((b.get("terrain_markers") or {}).items()):
        out.append({"hex": h, "kind": kind, "label": "Sh" if kind == "shellhole" else "Ru",
                    "title": f"{kind.capitalize()} marker: the hex is now {kind} (T117, T118)"})
    return out


def extras(g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
    b = view["board"]
    nations = [sd["nation"] for sd in b["sides"]]
    info: list[dict[str, Any]] = []
    if b.get("date"):
        info.append({"label": "Date", "value": str(b["date"]), "text": "period rules follow it"})
    tels = b.get("telephones") or []
    for i, sd in enumerate(b["sides"]):
        tel = tels[i] if i < len(tels) else None
        info.append({"label": f"{sd['nation']} Telephone", "value": _telephone(g, tel),
                     "text": "Artillery Box (12)"})
        hand = sd.get("sc_hand")
        if hand is None:
            value = f"{sd.get('sc_hand_count', 0)} held (hidden)"
        else:
            value = ", ".join(_strategy_name(g, c) for c in hand) or "none"
        info.append({"label": f"{sd['nation']} Strategy Card", "value": value,
                     "text": f"{sd.get('sc_draw_count', 0)} left in the deck (1.S)"})
        if sd.get("sc_reminders"):
            info.append({"label": f"{sd['nation']} Reminder Cards",
                         "value": ", ".join(_strategy_name(g, c) for c in sd["sc_reminders"]),
                         "text": "face up, in effect (S98.1.1)"})
        if sd.get("face_down_count"):
            info.append({"label": f"{sd['nation']} face-down card",
                         "value": f"{sd['face_down_count']}, unseen",
                         "text": "revealed as the next Order, no pass meanwhile (E71)"})
    hands = [{"seat": i, "title": "Strategy Card", "size": sd.get("sc_hand_count", 0),
              "cards": None if sd.get("sc_hand") is None else [strategy_face(g, c) for c in sd["sc_hand"]]}
             for i, sd in enumerate(b["sides"])]
    piles = [{"title": f"{sd['nation']} Strategy Cards", "size": sd.get("sc_draw_count", 0),
              "discard": [strategy_face(g, c) for c in sd.get("sc_discard") or []]} for sd in b["sides"]]
    changes = {h: [kind] for h, kind in (b.get("terrain_markers") or {}).items()}
    legend = {"gas": "Gas", "spotting_round": "Spotting Round (SR)", "impact": "Artillery Impact (AI)",
              "shellhole": "Shellhole marker", "rubble": "Rubble marker"}
    return {"markers": _map_markers(b, nations), "info": info, "hands": hands, "piles": piles,
            "terrain_changes": changes, "legend": legend}
