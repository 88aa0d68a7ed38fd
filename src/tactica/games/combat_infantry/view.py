"""Per-seat views and the re-deal of hidden blocks (1.0 fog of war).

A block standing upright or lying face-down shows the other player only its colour: "a block of
side X here" (its posture and a half-hit marker on it are visible, its label and steps are not).
A face-up block is revealed to both. Hidden blocks are listed in an order that depends only on
what is visible, so nothing leaks through ordering.
"""

from __future__ import annotations

from typing import Any

from tactica.core.chance import Chance
from tactica.core.game import Game

from .blocks import SIDES
from .scenarios import geo_of
from .units import label


def _full(bid: str, r: dict[str, Any], geo: Any) -> dict[str, Any]:
    lab = label(bid)
    return {
        "id": bid,
        "side": SIDES[lab.side],
        "hex": geo.label(r["hex"]),
        "type": lab.type,
        "name": lab.name,
        "company": lab.company,
        "platoon": lab.platoon,
        "steps": r["steps"],
        "max": lab.steps,
        "f": lab.f,
        "range": lab.range,
        "move": lab.move,
        "morale": lab.morale,
        "posture": r["posture"],
        "acted": r["acted"],
        "half": r["half"],
    }


def visible_to(r: dict[str, Any], side: int, seat: int | None, everything: bool) -> bool:
    return everything or seat == side or r["posture"] == "up"


def view(g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
    s = g.state
    geo = geo_of(s)
    shown, hidden = [], []
    for b in sorted(s["blocks"]):
        r = s["blocks"][b]
        side = label(b).side
        if visible_to(r, side, seat, everything):
            shown.append(_full(b, r, geo))
        else:
            hidden.append(
                {"side": SIDES[side], "hex": geo.label(r["hex"]), "posture": r["posture"], "half": r["half"]}
            )
    hidden.sort(key=lambda d: (d["side"], d["hex"], d["posture"], d["half"]))
    act = s["act"]
    return {
        "game_turn": s["gt"],
        "game_turns": s["game_turns"],
        "player_turn": s["pt"],
        "active": SIDES[s["active"]],
        "first": SIDES[s["first"]],
        "vp": list(s["vp"]),
        "unit_values_lost": list(s["lost"]) if everything else None,
        "blocks": shown,
        "hidden_blocks": hidden,
        "eliminated": list(s["dead"]),
        "left_map": list(s["gone"]),
        "objectives": [{"hex": geo.label(h), "vp": v} for h, v in s["objectives"]],
        "foxholes": [geo.label(h) for h in s["foxholes"]],
        "wrecks": [geo.label(h) for h in s["wrecks"]],
        "wire": [
            {"hex": geo.label(w["hex"]), "side": SIDES[w["side"]], "held": w["unit"] is not None}
            for w in s["wire"]
        ],
        "destroyed_bridges": sorted("/".join(geo.label(int(x)) for x in k.split("-")) for k in s["blown"]),
        "hedge_gaps": sorted("/".join(geo.label(int(x)) for x in k.split("-")) for k in s["gaps"]),
        "smoke": [geo.label(h) for h in s["smoke"]],
        "activation": None
        if act is None
        else {"hq": act["hq"], "commands_left": act["left"], "weapon_commanded": act["weapon"]},
        "assault": None
        if s["assault"] is None
        else {
            "hex": geo.label(s["assault"]["hex"]),
            "round": s["assault"]["round"],
            "attacker": SIDES[s["assault"]["att"]],
        },
        "support": {SIDES[k]: {"artillery": s["support"][k][0], "air": s["support"][k][1]} for k in (0, 1)},
        "to_set_up": [len(x) for x in s["to_deploy"]],
        "own_to_set_up": None if seat is None else list(s["to_deploy"][seat]),
        "night": s["night"],
        "weather": s["weather"],
    }


def _in_play(g: Game) -> set[str]:
    """Blocks the flow refers to right now (an action under way): never re-dealt."""
    s = g.state
    out: set[str] = set()
    for f in s["stack"]:
        u = f["args"].get("unit")
        if isinstance(u, str):
            out.add(u)
    act = s["act"]
    if act:
        out.add(act["hq"])
        out.update(act["moved"])
        for entries in act["entered"].values():
            out.update(b for b, _ in entries)
    if s["assault"]:
        out.update(b for b, _ in s["assault"]["entries"])
    return out


def resample(g: Game, seat: int, chance: Chance) -> None:
    """Re-deal the identities and steps of the other side's hidden blocks among the places they
    occupy. Blocks are pooled by posture (an upright block and a face-down one are told apart by
    anyone), so every hex keeps its count, postures and half-hit markers and the seat's view is
    unchanged. Consistent with what the seat sees now; the log's step losses on hidden blocks are
    not tracked per block (RULES.md, 1.0)."""
    s = g.state
    busy = _in_play(g)
    pools: dict[str, list[str]] = {}
    for b in sorted(s["blocks"]):
        r = s["blocks"][b]
        if label(b).side == seat or r["posture"] == "up" or b in busy:
            continue
        pools.setdefault(r["posture"], []).append(b)
    unplaced = s["to_deploy"][1 - seat]
    if unplaced:
        # 10.1: which blocks are still to be set up is as hidden as which stand where
        ids = pools.get("upright", [])
        pool = ids + list(unplaced)
        chance.shuffle(pool)
        slots = [{k: s["blocks"][b][k] for k in ("hex", "posture", "acted", "half")} for b in ids]
        for b in ids:
            del s["blocks"][b]
        for b, slot in zip(pool, slots, strict=False):
            s["blocks"][b] = {**slot, "steps": label(b).steps}
        s["to_deploy"][1 - seat] = sorted(pool[len(slots) :])
        pools.pop("upright", None)
    for ids in pools.values():
        if len(ids) < 2:
            continue
        slots = [{k: s["blocks"][b][k] for k in ("hex", "posture", "acted", "half")} for b in ids]
        dealt = list(ids)
        chance.shuffle(dealt)
        for b, slot in zip(dealt, slots, strict=True):
            steps = min(s["blocks"][b]["steps"], label(b).steps)
            s["blocks"][b] = {**slot, "steps": steps}
    _redraw(g, seat, chance)


def _redraw(g: Game, seat: int, chance: Chance) -> None:
    """2.5: which battalion weapons the other side drew is hidden too: its drawn weapons that are
    still hidden (to be set up, or standing unrevealed) are re-drawn from their pool."""
    s = g.state
    busy = _in_play(g)
    for d in s["draws"]:
        if d["side"] == seat:
            continue
        hidden = [
            b
            for b in d["drawn"]
            if b in s["to_deploy"][d["side"]]
            or (b in s["blocks"] and s["blocks"][b]["posture"] != "up" and b not in busy)
        ]
        if not hidden or not d["undrawn"]:
            continue
        pool = hidden + list(d["undrawn"])
        chance.shuffle(pool)
        new = pool[: len(hidden)]
        for old, b in zip(hidden, new, strict=True):
            if old == b:
                continue
            s["attached"].pop(old, None)
            s["attached"][b] = d["company"]
            if old in s["blocks"]:
                r = s["blocks"].pop(old)
                s["blocks"][b] = {**r, "steps": min(r["steps"], label(b).steps)}
            else:
                lst = s["to_deploy"][d["side"]]
                lst[lst.index(old)] = b
        s["to_deploy"][d["side"]].sort()
        d["drawn"] = sorted([b for b in d["drawn"] if b not in hidden] + new)
        d["undrawn"] = sorted(pool[len(hidden) :])
