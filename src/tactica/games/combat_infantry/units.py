"""Blocks on the map: who stands where, hex control (8.3), stacking (8.2), losses and HQ return
(2.11, 6.33, 4.4). State per block: ``hex`` (dense index), ``steps``, ``half`` (a pending D2
half-hit, 6.7), ``posture`` ("upright": hidden and ready; "down": hidden, done; "up": face-up,
revealed) and ``acted`` (its one action this game turn is spent). ``pieces`` maps every block in
the game to its public piece id (1.0) and ``seen`` lists the pieces both sides have seen face-up."""

from __future__ import annotations

from functools import cache
from typing import Any

from tactica.core.game import Game

from .blocks import SIDES, Label, sheet
from .geo import Geo
from .scenarios import geo_of

State = dict[str, Any]

FRIENDLY, ENEMY = "friendly", "enemy"


def label(bid: str) -> Label:
    return sheet()[bid]


def piece(s: State, bid: str) -> str:
    """The public piece id of block ``bid`` (1.0): what the other side may be told."""
    return str(s["pieces"][bid])


def named(s: State, bid: str) -> str:
    """How an entry names a block its reader knows: its label and its piece."""
    return f"{bid} [{s['pieces'][bid]}]"


def ref(s: State, bid: str) -> str:
    """How an entry every seat reads names a block: by its label only once face-up or gone."""
    r = s["blocks"].get(bid)
    return named(s, bid) if r is None or r["posture"] == "up" else piece(s, bid)


def block_of(s: State, p: str) -> str:
    """The label piece ``p`` carries now (1.0). The flow's frames, the activation and the assault
    name blocks by piece, so a re-deal for search (view.resample) may change what a piece in use
    is without touching the frames. ``labels`` (piece -> label) is the index kept beside
    ``pieces`` (scenarios.index_pieces); an entry it lacks or that no longer agrees is looked up in full."""
    b = s.get("labels", {}).get(p)
    if b is not None and s["pieces"].get(b) == p:
        return str(b)
    for b, q in s["pieces"].items():
        if q == p:
            return str(b)
    raise KeyError(p)



def hide(s: State, bid: str, posture: str) -> None:
    """Turn block ``bid`` upright or face-down (1.0); a block that stood face-up has shown its
    label to both sides, who may follow it from now on (``seen``)."""
    r = s["blocks"][bid]
    if r["posture"] == "up":
        seen(s, bid)
    r["posture"] = posture


def by_piece(s: State, side: int) -> dict[str, str]:
    """piece id -> block label for ``side``'s blocks in the game."""
    return {p: b for b, p in s["pieces"].items() if sheet()[b].side == side}


def seen(s: State, bid: str) -> None:
    """Remember that a piece has shown its label to both sides (it stays identified, 1.0)."""
    p = s["pieces"][bid]
    if p not in s["seen"]:
        s["seen"].append(p)
        s["seen"].sort()


def walked(s: State, bid: str) -> None:
    """Remember that both sides saw this piece move while hidden (1.0): it cannot be a tank,
    which a move reveals (2.53), nor a minefield, which never moves (7.2); resample keeps to it."""
    p = s["pieces"][bid]
    w = s.setdefault("walked", [])
    if p not in w:
        w.append(p)
        w.sort()


def side_of(bid: str) -> int:
    return sheet()[bid].side


def on_map(s: State, side: int | None = None) -> list[str]:
    """Block ids on the map (of ``side``), in a fixed order (sorted ids) so play is replayable."""
    lab = sheet()
    return sorted(b for b in s["blocks"] if side is None or lab[b].side == side)


def in_hex(s: State, i: int, side: int | None = None) -> list[str]:
    lab = sheet()
    blocks = s["blocks"]
    return sorted(b for b, r in blocks.items() if r["hex"] == i and (side is None or lab[b].side == side))


class _SideOf(dict[str, int]):
    """block id -> side; a block with values of its own (blocks.Sheet) is looked up."""

    def __missing__(self, bid: str) -> int:
        return sheet()[bid].side


@cache
def _sides() -> dict[str, int]:
    return _SideOf({b: lab.side for b, lab in sheet().items()})


_MINES = frozenset(b for b, lab in sheet().items() if lab.type == "minefield")


class Occupancy(dict[int, set[int]]):
    """hex -> the sides with blocks there; ``quiet`` holds the hexes whose only blocks are
    revealed minefields, which control their own hex but not the hexes around (7.2)."""

    quiet: set[int]


def occupancy(s: State, skip: str = "") -> Occupancy:
    """hex -> the sides with blocks there (leaving out block ``skip``)."""
    side = _sides()
    occ = Occupancy()
    loud: set[int] = set()
    mines: set[int] = set()
    for b, r in s["blocks"].items():
        if b == skip:
            continue
        h = r["hex"]
        got = occ.get(h)
        if got is None:
            occ[h] = {side[b]}
        else:
            got.add(side[b])
        if r["posture"] == "up" and b in _MINES:
            mines.add(h)
        else:
            loud.add(h)
    occ.quiet = mines - loud
    return occ


def hex_control(geo: Geo, occ: Occupancy, side: int, i: int) -> str:
    """8.3 hex control of hex ``i`` for ``side``: "friendly", "enemy", "disputed" or "neutral".

    An occupied hex belongs to its occupant; a hex with both sides (an assault) is disputed. A
    vacant hex is controlled by the side with a unit in an adjacent, non-assault hex, unless the
    hexside between is impassable to all units (sea, hedge: our reading of "impassable"); both
    sides -> disputed. Control reaches across rivers (8.5). A revealed minefield controls only its
    own hex (7.2)."""
    here = occ.get(i)
    if here:
        if len(here) == 2:
            return "disputed"
        return FRIENDLY if side in here else ENEMY
    reach: set[int] = set()
    side_i = geo.side[i]
    quiet = occ.quiet
    for j in geo.nbrs[i]:
        o = occ.get(j)
        if o and len(o) == 1 and side_i[j].move < 99 and j not in quiet:
            reach |= o
    if len(reach) == 2:
        return "disputed"
    if reach:
        return FRIENDLY if side in reach else ENEMY
    return "neutral"


def control(s: State, geo: Geo, side: int, skip: str = "") -> list[str]:
    """8.3 for every hex (see hex_control). ``skip`` leaves a moving unit out, so the hex it
    enters is judged by the others (8.1 stop rule)."""
    occ = occupancy(s, skip)
    return [hex_control(geo, occ, side, i) for i in range(geo.n)]


def stack_limit(geo: Geo, s: State, i: int) -> int:
    """8.2 / TEC: hex terrain's stacking; 2 in a foxhole hex (7.1)."""
    lim = geo.hex[i].stack
    return min(lim, 2) if i in s["foxholes"] else lim


def step_loss(g: Game, bid: str, rule: str, public_hex: bool = True) -> None:
    """Rotate a block one step (2.11); at zero it is eliminated (6.33), HQs return per 4.4."""
    s = g.state
    r = s["blocks"][bid]
    r["steps"] -= 1
    r["half"] = False
    lab = label(bid)
    s["lost"][lab.side] += lab.points  # 10.4: unit values break ties
    geo = geo_of(s)
    g.emit(
        rule,
        "{unit} loses a step ({steps} left)",
        to=None if r["posture"] == "up" else [lab.side],
        unit=named(s, bid),
        steps=r["steps"],
    )
    if r["steps"] <= 0:
        eliminate(g, bid, rule)
    elif r["posture"] != "up":
        g.emit(
            rule,
            "a {side} block ({piece}) in {hex} loses a step",
            to=[1 - lab.side],
            side=SIDES[lab.side],
            hex=geo.label(r["hex"]),
            piece=piece(s, bid),
        )


def eliminate(g: Game, bid: str, rule: str, vp: bool = True) -> None:
    """6.33: the block leaves the map and the enemy scores 1 VP; an HQ returns instead (4.4)."""
    s = g.state
    r = s["blocks"][bid]
    lab = label(bid)
    geo = geo_of(s)
    where = r["hex"]
    g.reveal()
    if lab.hq and hq_return(g, bid, where):
        return
    del s["blocks"][bid]
    s["dead"].append(bid)
    _free_wire(s, bid)
    s["lost"][lab.side] += max(r["steps"], 0) * lab.points  # steps still standing (8.2, 9.4)
    if lab.type == "tank" and where not in s["wrecks"]:
        s["wrecks"].append(where)  # 6.34: a destroyed tank leaves a wreck
    if vp:
        s["vp"][1 - lab.side] += 1
    g.emit(
        rule,
        "{unit} ({name}) in {hex} is eliminated{vp}",
        unit=named(s, bid),
        name=lab.name,
        hex=geo.label(where),
        vp=f": 1 VP to {SIDES[1 - lab.side]}" if vp else "",
    )


def hq_return(g: Game, bid: str, where: int) -> bool:
    """4.4: an eliminated HQ returns at once. A PHQ goes into or next to the hex of one of its own
    rifle squads, within stacking, and that squad loses a step; a CHQ goes into or next to one of
    its PHQs (a friendly hex), and a squad of that platoon loses the step. Not replaced (False)
    when no rifle squad of its own remains. Our reading of the owner's choices: the squad with
    most steps (then lowest id) and the first hex with room (its own, then its neighbours); with
    no room anywhere it returns in that hex and the stacking check of 8.2 settles it."""
    s = g.state
    lab = label(bid)
    blocks = s["blocks"]
    geo = geo_of(s)
    mine = on_map(s, lab.side)
    squads = [b for b in mine if label(b).type == "rifle" and label(b).company == lab.company]
    if lab.type == "phq":
        pool = [b for b in squads if label(b).platoon == lab.platoon]
    else:
        platoons = {
            label(b).platoon for b in mine if label(b).type == "phq" and label(b).company == lab.company
        }
        pool = [b for b in squads if label(b).platoon in platoons]
    if not pool:
        return False
    squad = max(pool, key=lambda b: (blocks[b]["steps"], [-ord(c) for c in b]))
    anchor = blocks[squad]["hex"]
    if lab.type == "chq":
        anchor = next(
            blocks[b]["hex"]
            for b in mine
            if label(b).type == "phq"
            and label(b).company == lab.company
            and label(b).platoon == label(squad).platoon
        )
    occ = occupancy(s, skip=bid)
    hexi = anchor
    for j in (anchor, *geo.nbrs[anchor]):
        if j != anchor and (geo.side[anchor][j].move >= 99 or hex_control(geo, occ, lab.side, j) != FRIENDLY):
            continue
        if len([b for b in in_hex(s, j, lab.side) if b != bid]) < stack_limit(geo, s, j):
            hexi = j
            break
    r = blocks[bid]
    r.update(hex=hexi, steps=1, half=False)
    seen(s, bid)  # its label was shown when it fell
    if not r["acted"]:
        r["posture"] = "upright"
    g.emit(
        "4.4",
        "{unit} is eliminated in {old} and returns in {hex}",
        unit=named(s, bid),
        old=geo.label(where),
        hex=geo.label(hexi),
    )
    step_loss(g, squad, "4.4")
    return True


def best_morale(s: State, bid: str) -> int:
    """2.16: a unit may test against the morale of its own PHQ or CHQ in the same hex."""
    lab = label(bid)
    best = lab.morale
    comp = s["attached"].get(bid, lab.company)
    here = s["blocks"][bid]["hex"]
    for h in in_hex(s, here, lab.side):
        hl = label(h)
        if h != bid and hl.hq and hl.company == comp and (hl.type == "chq" or hl.platoon == lab.platoon):
            best = max(best, hl.morale)
    return best


def leave_map(g: Game, bid: str, rule: str) -> None:
    """9.4 / 10.4: a unit that leaves the map is out of the game, and no VP to the enemy."""
    s = g.state
    geo = geo_of(s)
    r = s["blocks"].pop(bid)
    s["gone"].append(bid)
    _free_wire(s, bid)
    g.reveal()
    g.emit(
        rule,
        "{unit} ({name}) leaves the map from {hex}: out of the game, no VP",
        unit=named(s, bid),
        name=label(bid).name,
        hex=geo.label(r["hex"]),
    )


def _free_wire(s: State, bid: str) -> None:
    """7.5: a wire hex is free again once the unit in it is gone."""
    for w in s["wire"]:
        if w["unit"] == bid:
            w.update(unit=None, came_from=None, gt=None)
