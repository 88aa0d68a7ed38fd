"""Per-seat views (DESIGN §2 Views): the board is public; hands and deck order are not."""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game

from .cards import kind
from .scenarios import geo_of_state


def view(g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
    s = g.state
    geo = geo_of_state(s)
    units = [{**{k: u[k] for k in ("id", "side", "kind", "figs", "tokens", "bomber", "bog", "ordered",
                                    "moved", "battled")}, "hex": geo.label(u["hex"])}
             for u in s["units"].values()]
    changed = {geo.label(i): t for i, t in enumerate(s["terrain"]) if t != geo.base_terrain[i]}

    def hand(side: int, key: str) -> list[str] | None:
        return [kind(c) for c in s[key][side]] if everything or seat == side else None

    out: dict[str, Any] = {
        "turn": s["turn"], "active": s["active"], "units": units, "terrain_changes": changed,
        "card": kind(s["card"]) if s["card"] else None,
        "medals": list(s["medals"]), "held": list(s["held"]), "target": list(s["target"]),
        "hq": list(s["hq"]),
        "hands": [hand(0, "hands"), hand(1, "hands")],
        "combat_hands": [hand(0, "combat_hands"), hand(1, "combat_hands")],
        "hand_sizes": [len(h) for h in s["hands"]],
        "combat_hand_sizes": [len(h) for h in s["combat_hands"]],
        "command_deck": {"draw": len(s["command"]["draw"]),
                         "discard": [kind(c) for c in s["command"]["discard"]]},
        "combat_deck": {"draw": len(s["combat"]["draw"]),
                        "discard": [kind(c) for c in s["combat"]["discard"]]},
        "combat": dict(s["cc"]) if s["cc"] else None,
        "objectives": [{"hex": geo.label(h), "for": w} for h, w in s["objectives"]],
    }
    if everything:
        out["command_deck"]["order"] = [kind(c) for c in s["command"]["draw"]]
        out["combat_deck"]["order"] = [kind(c) for c in s["combat"]["draw"]]
    return out
