"""Per-seat views and the re-deal of hidden blocks (1.0 fog of war).

A block standing upright or lying face-down shows the other player only its colour and its
public piece id: "block usa-07 of side X here" (its posture and a half-hit marker on it are
visible, its label and steps are not). A face-up block is revealed to both. Blocks are listed by
piece id, which is public, so nothing leaks through ordering.
"""

from __future__ import annotations

from typing import Any

from tactica.core.chance import Chance
from tactica.core.game import Game

from .blocks import SIDES, VEHICLES
from .scenarios import geo_of
from .units import label, piece

WALK_NEVER = VEHICLES | {"minefield"}
"""Labels a piece seen moving while hidden cannot carry (2.53 tanks reveal when they move; 7.2
minefields never move)."""


def _full(s: dict[str, Any], bid: str, r: dict[str, Any], geo: Any) -> dict[str, Any]:
    lab = label(bid)
    return {
        "id": bid,
        "piece": piece(s, bid),
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
    act = s["act"]
    for b in sorted(s["blocks"]):
        r = s["blocks"][b]
        side = label(b).side
        if visible_to(r, side, seat, everything):
            shown.append(_full(s, b, r, geo))
        else:
            hidden.append(
                {
                    "piece": piece(s, b),
                    "side": SIDES[side],
                    "hex": geo.label(r["hex"]),
                    "posture": r["posture"],
                    "half": r["half"],
                }
            )
    shown.sort(key=lambda d: d["piece"])
    hidden.sort(key=lambda d: d["piece"])
    hq = None if act is None else s["blocks"].get(act["hq"])
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
        else {
            "hq": act["hq"]
            if hq is not None and visible_to(hq, label(act["hq"]).side, seat, everything)
            else None,
            "hq_piece": piece(s, act["hq"]),
            "commands_left": act["left"],
            # whether the unit a PHQ commanded was a weapon tells its type: its owner's to know
            "weapon_commanded": act["weapon"] if everything or seat == label(act["hq"]).side else None,
        },
        "assault": None
        if s["assault"] is None
        else {
            "hex": geo.label(s["assault"]["hex"]),
            "round": s["assault"]["round"],
            "attacker": SIDES[s["assault"]["att"]],
        },
        "support": {SIDES[k]: {"artillery": s["support"][k][0], "air": s["support"][k][1]} for k in (0, 1)},
        "to_set_up": [len(x) for x in s["to_deploy"]],
        "pieces_to_set_up": [sorted(piece(s, b) for b in x) for x in s["to_deploy"]],
        "own_to_set_up": None if seat is None else sorted(s["to_deploy"][seat], key=lambda b: piece(s, b)),
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
    """Re-deal the labels of the other side's pieces that ``seat`` cannot identify among those
    pieces (1.0): a piece keeps its place, posture, half-hit and steps (at most the new label's
    strength); only what it is changes. Pieces are pooled by posture (an upright block and a
    face-down one are told apart by anyone), pieces still to be set up (10.1) with the upright
    ones. Never re-dealt: pieces face-up now, pieces seen face-up earlier in the game (``seen``:
    the other player may follow a block once shown), and the blocks the flow is using right now.
    Each label dealt fits its piece's history (_fits): strong enough for the piece's steps, so
    its losses stay its own, and never a tank or a minefield on a piece seen moving hidden."""
    s = g.state
    other = 1 - seat
    busy = _in_play(g)
    known = set(s["seen"])
    pools: dict[str, list[str]] = {}
    for b in sorted(s["blocks"], key=lambda b: piece(s, b)):
        r = s["blocks"][b]
        if label(b).side != other or r["posture"] == "up" or b in busy or piece(s, b) in known:
            continue
        pools.setdefault(r["posture"], []).append(b)
    pools.setdefault("upright", []).extend(sorted(s["to_deploy"][other], key=lambda b: piece(s, b)))
    renamed: dict[str, str] = {}
    walked = set(s.get("walked", ()))
    for ids in pools.values():
        if len(ids) < 2:
            continue
        dealt = _deal(s, ids, walked, chance)
        slots = [(piece(s, b), s["blocks"].pop(b, None)) for b in ids]
        unplaced = []
        for old, b, (p, slot) in zip(ids, dealt, slots, strict=True):
            renamed[old] = b
            s["pieces"][b] = p
            if slot is None:
                unplaced.append(b)
            else:
                s["blocks"][b] = dict(slot)
        if any(slot is None for _, slot in slots):
            s["to_deploy"][other] = sorted(unplaced)
    _follow(s, renamed)
    _redraw(g, seat, chance)


def _fits(s: dict[str, Any], bid: str, slot: str, walked: set[str]) -> bool:
    """Whether label ``bid`` can stand in piece slot ``slot`` (a label of the pool) given what
    the other side has seen of that piece (1.0): the piece keeps its steps, so the label must be
    at least that strong (its hits so far stay its hits), and a piece seen moving unrevealed is
    neither a tank (2.53) nor a minefield (7.2). Pieces still to be set up have no history."""
    r = s["blocks"].get(slot)
    if r is None:
        return True
    lab = label(bid)
    if lab.steps < r["steps"]:
        return False
    return not (piece(s, slot) in walked and lab.type in WALK_NEVER)


def _deal(s: dict[str, Any], ids: list[str], walked: set[str], chance: Chance) -> list[str]:
    """A random deal of the labels ``ids`` onto their own pieces, each label fitting its piece's
    history (_fits): a shuffle, then swaps that mend misfits; a few tries, then the true deal,
    which always fits."""
    for _ in range(8):
        dealt = list(ids)
        chance.shuffle(dealt)
        for i, slot in enumerate(ids):
            if _fits(s, dealt[i], slot, walked):
                continue
            for k in range(len(ids)):
                if k != i and _fits(s, dealt[k], slot, walked) and _fits(s, dealt[i], ids[k], walked):
                    dealt[i], dealt[k] = dealt[k], dealt[i]
                    break
        if all(_fits(s, b, slot, walked) for b, slot in zip(dealt, ids, strict=True)):
            return dealt
    return list(ids)


def _follow(s: dict[str, Any], renamed: dict[str, str]) -> None:
    """What holds a piece by its label (wire, spotters) follows the piece to its new label."""
    for w in s["wire"]:
        if w["unit"] in renamed:
            w["unit"] = renamed[w["unit"]]
    s["spotters"] = [renamed.get(b, b) for b in s["spotters"]]


def _redraw(g: Game, seat: int, chance: Chance) -> None:
    """2.5: which battalion weapons the other side drew is hidden too: its drawn weapons on
    pieces the seat cannot identify (to be set up, or standing unrevealed and unseen) are
    re-drawn from their pool; the new weapon takes over the piece."""
    s = g.state
    busy = _in_play(g)
    known = set(s["seen"])
    for d in s["draws"]:
        if d["side"] == seat:
            continue
        hidden = [
            b
            for b in d["drawn"]
            if b in s["to_deploy"][d["side"]]
            or (
                b in s["blocks"]
                and s["blocks"][b]["posture"] != "up"
                and b not in busy
                and piece(s, b) not in known
            )
        ]
        if not hidden or not d["undrawn"]:
            continue
        pool = hidden + list(d["undrawn"])
        chance.shuffle(pool)
        new = pool[: len(hidden)]
        walked = set(s.get("walked", ()))
        if not all(_fits(s, b, old, walked) for old, b in zip(hidden, new, strict=True)):
            continue  # this draw would not fit what was seen of the pieces: keep it (1.0)
        renamed: dict[str, str] = {}
        for old, b in zip(hidden, new, strict=True):
            if old == b:
                continue
            renamed[old] = b
            s["attached"].pop(old, None)
            s["attached"][b] = d["company"]
            s["pieces"][b] = s["pieces"].pop(old)
            if old in s["blocks"]:
                s["blocks"][b] = s["blocks"].pop(old)
            else:
                lst = s["to_deploy"][d["side"]]
                lst[lst.index(old)] = b
        _follow(s, renamed)
        s["to_deploy"][d["side"]].sort()
        d["drawn"] = sorted([b for b in d["drawn"] if b not in hidden] + new)
        d["undrawn"] = sorted(pool[len(hidden) :])
