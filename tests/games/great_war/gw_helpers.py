"""Arena: a scenario board emptied, then set up unit by unit, sitting in the battle phase."""

from __future__ import annotations

from typing import Any

import tactica
from tactica.core.game import Game
from tactica.games.great_war.dice import FACES
from tactica.games.great_war.scenarios import geo_of_state
from tactica.games.great_war.units import UNIT_TYPES


def arena(units: list[tuple[Any, ...]], terrain: dict[str, str] | None = None, active: int = 0,
          step: str = "battle_phase", scenario: str = "ridge_trench", hq: int = 0) -> Game:
    """units: (id, side, kind, hex label[, extra dict]); every unit starts ordered."""
    g = tactica.new_game("great_war", scenario, seed=7)
    s = g.state
    geo = geo_of_state(s)
    s["terrain"] = ["clear"] * geo.n
    for lab, t in (terrain or {}).items():
        s["terrain"][geo.index[lab]] = t
    s["units"] = {}
    s["occ"] = [None] * geo.n
    for spec in units:
        uid, side, kind, lab = spec[:4]
        extra = spec[4] if len(spec) > 4 else {}
        t = UNIT_TYPES[kind]
        i = geo.index[lab]
        u = {"id": uid, "side": side, "kind": kind, "hex": i, "figs": t.figures, "tokens": t.tokens,
             "bomber": False, "bog": "", "ordered": True, "moved": 0, "move_done": False,
             "battled": False, "stopped": False, "building": False, "bonus_used": False,
             "hold": False, "close_dice": 0, "no_gain": False}
        u.update(extra)
        s["units"][uid] = u
        s["occ"][i] = uid
    s["active"] = active
    s["hq"] = [hq, hq]
    s["combat_hands"] = [[], []]
    s["objectives"] = []
    s["card"] = "recon#1"
    s["command"]["draw"].remove("recon#1") if "recon#1" in s["command"]["draw"] else None
    for h in s["hands"]:
        if "recon#1" in h:
            h.remove("recon#1")
    s["stack"] = [{"step": step, "args": {}}]
    s["target"] = [99, 99]
    g.refresh()
    return g


def force(g: Game, *faces: str) -> None:
    g.chance.force_symbols(FACES, list(faces))


def ids(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def hexof(g: Game, uid: str) -> str:
    return geo_of_state(g.state).label(g.state["units"][uid]["hex"])


def text(g: Game) -> str:
    return "\n".join(g.log_lines())
