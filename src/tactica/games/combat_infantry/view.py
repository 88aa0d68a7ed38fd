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

from .blocks import GUNS_AND_VEHICLES, NO_ASSAULT_ENTRY, SIDES, VEHICLES, WEAPON_TYPES
from .movement import move_points
from .scenarios import geo_of, index_pieces
from .units import block_of, label, piece

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
    known = set(s["seen"])
    for b in sorted(s["blocks"]):
        r = s["blocks"][b]
        side = label(b).side
        if visible_to(r, side, seat, everything):
            shown.append(_full(s, b, r, geo))
        else:
            back = {
                "piece": piece(s, b),
                "side": SIDES[side],
                "hex": geo.label(r["hex"]),
                "posture": r["posture"],
                "half": r["half"],
            }
            if back["piece"] in known:
                # 1.0: a block seen face-up is followed on the table: the public log named it,
                # so the view says so too (its steps since are the owner's to know)
                back["seen_as"] = b
            hidden.append(back)
    shown.sort(key=lambda d: d["piece"])
    hidden.sort(key=lambda d: d["piece"])
    hq_id = "" if act is None else block_of(s, act["hq"])
    hq = s["blocks"].get(hq_id)
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
            "hq": hq_id if hq is not None and visible_to(hq, label(hq_id).side, seat, everything) else None,
            "hq_piece": act["hq"],
            "commands_left": act["left"],
            # whether the unit a PHQ commanded was a weapon tells its type: its owner's to know
            "weapon_commanded": act["weapon"] if everything or seat == label(hq_id).side else None,
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


def _parts(g: Game) -> dict[str, str]:
    """The part each block the current action uses plays now, by label (1.0): ``hq`` the
    activated HQ, ``action`` a unit commanded and choosing its action, ``move`` a unit moving
    or moved this activation, ``assault`` a unit that entered an enemy hex (its assault still to
    come), ``fixed`` a unit in the assault or standing a tank up (face-up, never re-dealt). The
    frames, the activation and the assault name these blocks by piece, so a re-deal may put
    another label on the piece, as long as that label could be playing the same part (_plays)."""
    s = g.state
    out: dict[str, str] = {}
    rank = {"action": 0, "move": 1, "assault": 2, "hq": 3, "fixed": 4}

    def put(p: str, part: str) -> None:
        b = block_of(s, p)
        if rank[part] >= rank.get(out.get(b, "action"), 0):
            out[b] = part

    for f in s["stack"]:
        u = f["args"].get("unit")
        if isinstance(u, str):
            put(u, {"action": "action", "move": "move"}.get(f["step"], "fixed"))
    act = s["act"]
    if act:
        for p in act["moved"]:
            put(p, "move")
        for entries in act["entered"].values():
            for p, _ in entries:
                put(p, "assault")
        put(act["hq"], "hq")
    if s["assault"]:
        for p, _ in s["assault"]["entries"]:
            put(p, "fixed")
        for p in s["assault"]["queue"] + s["assault"]["disrupted"]:
            put(p, "fixed")
    return out


def _plays(g: Game, bid: str, slot: str, part: str) -> bool:
    """Whether label ``bid`` could be playing, on the piece that label ``slot`` stands on, the
    part the flow has that piece playing (_parts), with the frames exactly as they are. Our
    approach: the frames keep the arguments the flow locked in when the part began (the MP left
    of a move, the morale a no-command unit rallies with, whether a PHQ's one weapon command is
    used), so a label is dealt there only if those arguments hold for it too: the activated HQ
    is an HQ of the same type and company (the company's activation is spent); a commanded unit
    is one the active HQ commands (4.1: a CHQ any unit of its company but a PHQ; a PHQ its own
    platoon's squads, or a weapon exactly when the true one is: its one weapon command stays as
    it was), with the same morale; a moving unit also has the same move allowance and moves as a
    foot unit or as a gun or vehicle alike (8.0, 3.4); an assaulting one may also enter an
    assault across the hexside it used (9.1, 9.6, TEC fords). Fitting the frames to a new label
    instead would change them, and a re-deal must leave the game waiting in the same frames."""
    if part == "fixed":
        return bid == slot
    s = g.state
    lab, was = label(bid), label(slot)
    if part == "hq":
        return lab.hq and lab.type == was.type and lab.company == was.company
    act = s["act"]
    hq = label(block_of(s, act["hq"]))
    if lab.hq or s["attached"].get(bid, lab.company) != hq.company or lab.morale != was.morale:
        return False
    if hq.type == "phq":
        weapon = lab.type in WEAPON_TYPES
        squad = lab.type == "rifle" and lab.platoon == hq.platoon
        if weapon != (was.type in WEAPON_TYPES) or not (weapon or squad):
            return False
    if part == "action":
        return True
    if move_points(g, bid) != move_points(g, slot) or (lab.type in GUNS_AND_VEHICLES) != (
        was.type in GUNS_AND_VEHICLES
    ):
        return False
    if part == "move":
        return True
    if lab.type in NO_ASSAULT_ENTRY:
        return False
    geo = geo_of(s)
    p = piece(s, slot)
    fords = [src for h, entries in act["entered"].items() for q, src in entries
             if q == p and "ford" in geo.side_features[src][int(h)]]
    return not fords or lab.type in ("rifle", "engineer", "tank")


def resample(g: Game, seat: int, chance: Chance) -> None:
    """Re-deal the labels of the other side's pieces that ``seat`` cannot identify among those
    pieces (1.0): a piece keeps its place, posture, half-hit and steps (at most the new label's
    strength); only what it is changes. Pieces are pooled by posture (an upright block and a
    face-down one are told apart by anyone), pieces still to be set up (10.1) with the upright
    ones. Never re-dealt: pieces face-up now and pieces seen face-up earlier in the game
    (``seen``: the other player may follow a block once shown). The blocks the current action
    uses are re-dealt too, only to labels that could be playing the same part (_plays). Each
    label dealt fits its piece's history (_fits): strong enough for the piece's steps, so its
    losses stay its own, and never a tank or a minefield on a piece seen moving hidden."""
    s = g.state
    other = 1 - seat
    parts = _parts(g)
    known = set(s["seen"])
    pools: dict[str, list[str]] = {}
    for b in sorted(s["blocks"], key=lambda b: piece(s, b)):
        r = s["blocks"][b]
        if label(b).side != other or r["posture"] == "up" or parts.get(b) == "fixed" or piece(s, b) in known:
            continue
        pools.setdefault(r["posture"], []).append(b)
    pools.setdefault("upright", []).extend(sorted(s["to_deploy"][other], key=lambda b: piece(s, b)))
    renamed: dict[str, str] = {}
    walked = set(s.get("walked", ()))
    for ids in pools.values():
        if len(ids) < 2:
            continue
        dealt = _deal(g, ids, walked, parts, chance)
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
    index_pieces(s)


def _fits(g: Game, bid: str, slot: str, walked: set[str], parts: dict[str, str]) -> bool:
    """Whether label ``bid`` can stand in piece slot ``slot`` (a label of the pool) given what
    the other side has seen of that piece (1.0): the piece keeps its steps, so the label must be
    at least that strong (its hits so far stay its hits), a piece seen moving unrevealed is
    neither a tank (2.53) nor a minefield (7.2), and a piece the current action uses keeps its
    part (_plays). Pieces still to be set up have no history."""
    s = g.state
    r = s["blocks"].get(slot)
    if r is None:
        return True
    lab = label(bid)
    if lab.steps < r["steps"]:
        return False
    if piece(s, slot) in walked and lab.type in WALK_NEVER:
        return False
    part = parts.get(slot)
    return part is None or _plays(g, bid, slot, part)


def _deal(g: Game, ids: list[str], walked: set[str], parts: dict[str, str], chance: Chance) -> list[str]:
    """A random deal of the labels ``ids`` onto their own pieces, each label fitting its piece's
    history (_fits): a shuffle, then swaps that mend misfits; a few tries, then the true deal,
    which always fits."""

    def fits(b: str, slot: str) -> bool:
        return _fits(g, b, slot, walked, parts)

    for _ in range(8):
        dealt = list(ids)
        chance.shuffle(dealt)
        for i, slot in enumerate(ids):
            if fits(dealt[i], slot):
                continue
            for k in range(len(ids)):
                if k != i and fits(dealt[k], slot) and fits(dealt[i], ids[k]):
                    dealt[i], dealt[k] = dealt[k], dealt[i]
                    break
        if all(fits(b, slot) for b, slot in zip(dealt, ids, strict=True)):
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
    parts = _parts(g)
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
                and parts.get(b) != "fixed"
                and piece(s, b) not in known
            )
        ]
        if not hidden or not d["undrawn"]:
            continue
        pool = hidden + list(d["undrawn"])
        chance.shuffle(pool)
        new = pool[: len(hidden)]
        walked = set(s.get("walked", ()))
        if not all(_fits(g, b, old, walked, parts) for old, b in zip(hidden, new, strict=True)):
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
