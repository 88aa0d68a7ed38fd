"""The drawing of a seat's view (docs/web.md "table"): the module's ``Rules.drawing`` hook,
completed with defaults so that any rules module can be played in the browser, even one that
draws nothing (its options are then buttons and its view is shown as plain panels)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.game import Game

PALETTE = ("#4f6f8f", "#8f5a4f", "#5f7f4f", "#7f6f9f", "#9f8f4f", "#4f8f8f")


def option_path(option: Mapping[str, Any]) -> list[dict[str, str]]:
    """The default clicks that pick an option: the unit(s) it names, then its target unit, then
    its hex; a card it names is picked in the hand."""
    a = option.get("args") or {}
    path: list[dict[str, str]] = []
    if isinstance(a.get("card"), str):
        return [{"card": a["card"]}]
    if isinstance(a.get("unit"), str):
        path.append({"unit": a["unit"]})
    if isinstance(a.get("units"), list):
        path.extend({"unit": str(u)} for u in a["units"])
    if isinstance(a.get("target"), str):
        path.append({"unit": a["target"]})
    for key in ("to", "hex"):
        if isinstance(a.get(key), str) and not (key == "hex" and path):
            path.append({"hex": a[key]})
            break
    return path


def table_for(g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
    t: dict[str, Any] = dict(g.rules.drawing(g, seat, view))
    seats = list(view.get("seats") or g.seats)
    t.setdefault("sides", [{"name": s.replace("_", " ").title(), "color": PALETTE[i % len(PALETTE)],
                            "text": "#ffffff"} for i, s in enumerate(seats)])
    t.setdefault("terrain", {"styles": {}, "changes": {}})
    for key in ("pieces", "markers", "tracks", "hands", "piles", "info", "zones"):
        t.setdefault(key, [])
    t.setdefault("names", {p["id"]: p["name"] for p in t["pieces"] if p.get("name")})
    opts: dict[str, Any] = dict(t.get("options") or {})
    d = view.get("decision") or {}
    for o in d.get("options") or []:
        opts.setdefault(o["id"], {"path": option_path(o), "odds": False})
    t["options"] = opts
    if not t["pieces"] and not t["tracks"] and not t["hands"]:
        board = view.get("board")
        if isinstance(board, Mapping):
            t.setdefault("panels", [{"title": str(k), "value": v} for k, v in board.items()])
    return t
