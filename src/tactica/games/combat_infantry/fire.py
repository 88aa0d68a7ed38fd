"""Fire combat (6.0-6.7): dice, firepower, targets, limits, hit distribution with D2 half-hits,
and bombardment with spotting and friendly fire (6.6-6.63)."""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game
from tactica.core.los import Overlay

from .blocks import SIDES, sheet
from .geo import Geo
from .scenarios import geo_of
from .units import Occupancy, State, in_hex, label, named, occupancy, piece, ref, step_loss

SPOT_RANGE, SPOT_RANGE_HIGH = 3, 4
"""6.61: an HQ spots up to 3 hexes away with LOS, 4 when it stands higher than the target."""


def roll(g: Game, dice: int, f: int) -> tuple[list[int], int]:
    """6.1 / 2.12: roll one d10 per step; each die at or under the firepower is a hit (0 reads 10)."""
    ch = g.chance
    rolls = [ch.d10() for _ in range(max(0, dice))]
    return rolls, sum(1 for r in rolls if r <= f)


def net_firepower(f: int, ac: int, assault: bool = False) -> int:
    """6.32: a face-up armoured target reduces the firer's F by its AC (AC 0 in assaults); a net F
    of 0 or less may not fire at it."""
    return f if assault else f - ac


def bombard_ac(ac: int, bunker: bool) -> int:
    """2.6 / 2.7: armour counts 0 against artillery and air, except a bunker's AC is halved."""
    return ac // 2 if bunker else 0


def d2(geo: Geo, s: State, i: int, kind: str, sniper: bool = False) -> bool:
    """6.7: double defence in the hex against this kind of attack. Woods, marsh, town, farm and a
    foxhole give D2 against fire; against bombardment woods does not (treebursts, 6.62); snipers'
    targets and assaults never have it (2.52, 9.1)."""
    if kind == "assault" or sniper:
        return False
    t = geo.hex[i]
    fox = i in s["foxholes"]
    return (t.d2 or fox) if kind == "fire" else (t.d2_bombard or fox)


def allocate(
    g: Game,
    i: int,
    side: int,
    hits: int,
    kind: str,
    rule: str,
    *,
    sniper: bool = False,
    target: str | None = None,
    pool: list[str] | None = None,
    ac_zero: bool = False,
    strike: bool = False,
) -> None:
    """6.3: each hit goes to a unit holding a pending half-hit, else to the strongest unit (ties:
    our standing order, the lowest block id, for the owner's choice). With D2 a hit is a pending
    half-hit (6.7). A targeted hit (6.31) goes only to its target; surplus hits are lost. Face-up
    armour is left out of untargeted hits unless its AC counts 0 (``ac_zero``: artillery, air,
    friendly fire; assaults always), so hits with nothing else to hit are lost (6.3, 2.53)."""
    s = g.state
    geo = geo_of(s)
    ac_zero = ac_zero or kind == "assault"
    strike = strike and kind != "assault"
    for _ in range(hits):
        units = [target] if target is not None else (pool if pool is not None else in_hex(s, i, side))
        units = [b for b in units if b in s["blocks"]]
        if target is None and (not ac_zero or strike):
            # face-up armour keeps out of untargeted hits; a bunker too against artillery and air,
            # where its AC is only halved (2.6, 2.55)
            units = [
                b
                for b in units
                if not (
                    s["blocks"][b]["posture"] == "up"
                    and label(b).ac > 0
                    and (not ac_zero or label(b).type == "bunker")
                )
            ]
        if target is None and kind != "assault":
            units = [b for b in units if label(b).type != "minefield"]  # 7.2: hits go to the others
        if not units:
            g.emit(rule, "a hit on {hex} finds no unit: lost", hex=geo.label(i))
            return
        half = [b for b in units if s["blocks"][b]["half"]]
        if half:
            step_loss(g, half[0], "6.7")
            continue
        b = max(units, key=lambda x: (s["blocks"][x]["steps"], _rev(x)))
        r = s["blocks"][b]
        if d2(geo, s, r["hex"], kind, sniper):
            r["half"] = True
            g.emit(
                "6.7", "a hit on {unit} in {hex} is a half-hit (D2)", unit=ref(s, b), hex=geo.label(r["hex"])
            )
            g.emit(
                "6.7",
                "{unit} holds a half-hit",
                to=[label(b).side] if r["posture"] != "up" else None,
                unit=named(s, b),
            )
        else:
            step_loss(g, b, rule)


def _rev(bid: str) -> list[int]:
    return [-ord(c) for c in bid]


def range_of(s: State, bid: str) -> int:
    """2.13, 10.3: a unit's range; at night no more than 2."""
    r = label(bid).range
    return min(r, 2) if s["night"] else r


def friendly_mask(s: State, side: int) -> int:
    """Bitmask of the hexes holding ``side``'s units: they screen that side's fire (6.4)."""
    lab = sheet()
    m = 0
    for b, r in s["blocks"].items():
        if lab[b].side == side:
            m |= 1 << r["hex"]
    return m


def overlay(s: State, friendly: int = 0) -> Overlay | None:
    """What play adds to the map's LOS (6.4, 7.4): friendly units as a screen (for fire; the
    policy looks only at the hexes between the ends, so the firer's own hex may stay in it) and
    smoke blocking in, out and through its hex."""
    smoke = 0
    for h in s["smoke"]:
        smoke |= 1 << h
    return Overlay(block_ends=smoke, screen=friendly) if (friendly or smoke) else None


def sight(geo: Geo, s: State, a: int, b: int, friendly: int = 0, ov: Overlay | None = None) -> bool:
    """6.4: LOS from hex a to b. Units see through friendly units but may not fire through them:
    pass ``friendly_mask`` (or a prebuilt ``ov``) for fire, nothing for seeing (a bombarding
    unit, a spotter)."""
    if ov is None:
        ov = overlay(s, friendly)
    return geo.los.result(a, b, ov).clear


def assault_hexes(s: State, occ: Occupancy | None = None) -> set[int]:
    """Hexes entered by moving units this activation (assaults pending) or held by both sides."""
    out = {h for h, sides in (occ if occ is not None else occupancy(s)).items() if len(sides) == 2}
    if s["act"]:
        out |= {int(h) for h in s["act"]["entered"]}
    return out


def edge_key(i: int, j: int) -> str:
    return f"{min(i, j)}-{max(i, j)}"


def fire_options(g: Game, bid: str) -> list[tuple[str, dict[str, Any]]]:
    """6.1-6.51: the hexes (and face-up units) this unit may fire at now."""
    s = g.state
    geo = geo_of(s)
    lab = label(bid)
    if lab.bombard:
        return bombard_options(g, bid)
    here = s["blocks"][bid]["hex"]
    act = s["act"]
    occ = occupancy(s)
    blocked = assault_hexes(s, occ)
    ov = overlay(s, friendly_mask(s, lab.side))
    out: list[tuple[str, dict[str, Any]]] = []
    for j, sides in sorted(occ.items()):
        if (1 - lab.side) not in sides or j == here or j in blocked:
            continue
        d = geo.dist[here][j]
        if d > range_of(s, bid) or not sight(geo, s, here, j, ov=ov):
            continue
        if d == 1:
            if act["fire_used"].get(edge_key(here, j), 0) >= geo.side[here][j].fire:
                continue
        elif f"{here}>{j}" in act["long"]:
            continue
        hx = geo.label(j)
        out.append((f"fire:{hx}", {"hex": j}))
        for t in in_hex(s, j, 1 - lab.side):
            if s["blocks"][t]["posture"] == "up" and net_firepower(lab.f, label(t).ac) > 0:
                out.append((f"fire:{hx}:{piece(s, t)}", {"hex": j, "target": t}))
    return out


def spotters(g: Game, bid: str, j: int) -> list[str]:
    """6.61: the HQs that may spot hex ``j`` for bombarding unit ``bid`` (see hq_spotters)."""
    lab = label(bid)
    return hq_spotters(g, lab.side, g.state["attached"].get(bid, lab.company), j)


def hq_spotters(g: Game, side: int, company: str, j: int) -> list[str]:
    """6.61: the HQs of ``company`` that may spot hex ``j`` now (see ready_spotters, spots)."""
    geo = geo_of(g.state)
    return [h for h, at in ready_spotters(g, side, company) if spots(geo, g.state, at, j)]


def ready_spotters(g: Game, side: int, company: str) -> list[tuple[str, int]]:
    """6.61: face-up HQs of ``company`` (active now or earlier this game turn) that have not
    spotted this game turn, with their hexes."""
    s = g.state
    out = []
    for h in sorted(s["blocks"]):
        hl = label(h)
        r = s["blocks"][h]
        if (
            hl.hq
            and hl.side == side
            and hl.company == company
            and r["posture"] == "up"
            and h not in s["spotters"]
        ):
            out.append((h, r["hex"]))
    return out


def spots(geo: Geo, s: State, at: int, j: int) -> bool:
    """6.61: an HQ at ``at`` spots hex ``j`` within 3 hexes (4 when higher) that it sees; an
    adjacent HQ always sees (not through a hedge)."""
    d = geo.dist[at][j]
    high = geo.board.elevation[at] > geo.board.elevation[j]
    return d <= (SPOT_RANGE_HIGH if high else SPOT_RANGE) and (d == 0 or sight(geo, s, at, j))


def bombard_options(g: Game, bid: str) -> list[tuple[str, dict[str, Any]]]:
    """6.6: a red-triangle unit bombards an enemy hex in range it sees itself, or one an HQ spots."""
    s = g.state
    geo = geo_of(s)
    lab = label(bid)
    here = s["blocks"][bid]["hex"]
    blocked = assault_hexes(s)
    out: list[tuple[str, dict[str, Any]]] = []
    for j, sides in sorted(occupancy(s).items()):
        if (1 - lab.side) not in sides or j == here or j in blocked or geo.dist[here][j] > range_of(s, bid):
            continue
        hx = geo.label(j)
        if sight(geo, s, here, j):
            out.append((f"bombard:{hx}", {"hex": j}))
        for h in spotters(g, bid, j):
            out.append((f"bombard:{hx}:{piece(s, h)}", {"hex": j, "spotter": h}))
    return out


def reveal_mines(g: Game, j: int) -> None:
    """7.2: hidden minefields in a hex fired on or bombarded are revealed, for good."""
    s = g.state
    for b in in_hex(g.state, j):
        r = s["blocks"][b]
        if label(b).type == "minefield" and r["posture"] != "up":
            r["posture"] = "up"
            g.reveal()
            g.emit("7.2", "a minefield is revealed in {hex}", hex=geo_of(s).label(j))


def resolve_fire(g: Game, bid: str, j: int, target: str | None) -> None:
    """6.1: the unit turns face-up and rolls; hits are distributed (6.3) or go to its target (6.31)."""
    s = g.state
    geo = geo_of(s)
    lab = label(bid)
    r = s["blocks"][bid]
    here = r["hex"]
    act = s["act"]
    d = geo.dist[here][j]
    if d == 1:
        k = edge_key(here, j)
        act["fire_used"][k] = act["fire_used"].get(k, 0) + 1
    else:
        act["long"].append(f"{here}>{j}")
    f = lab.f if target is None else net_firepower(lab.f, label(target).ac)
    rolls, hits = roll(g, r["steps"], f)
    rule = "6.51" if d > 1 else "6.5"
    g.emit(
        "6.1",
        "{unit} ({name}) in {src} fires at {dst}{tgt}: {n} dice at F{f} roll {rolls}: {hits} hit(s)"
        " ({limit})",
        unit=named(s, bid),
        name=lab.name,
        src=geo.label(here),
        dst=geo.label(j),
        tgt=f" targeting {named(s, target)}" if target else "",
        n=r["steps"],
        f=f,
        rolls=rolls,
        hits=hits,
        limit=rule,
    )
    reveal_mines(g, j)
    allocate(g, j, 1 - lab.side, hits, "fire", "6.3", sniper=lab.type == "sniper", target=target)


def resolve_bombard(g: Game, bid: str, j: int, spotter: str | None) -> None:
    """6.6: a red-triangle unit on the map bombards hex ``j`` with its strength in dice."""
    lab = label(bid)
    bombard(
        g,
        lab.side,
        f"{named(g.state, bid)} ({lab.name})",
        g.state["blocks"][bid]["steps"],
        lab.f,
        j,
        spotter,
        "6.6",
        0,
    )


def bombard(
    g: Game,
    side: int,
    who: str,
    dice: int,
    f: int,
    j: int,
    spotter: str | None,
    rule: str,
    per_zero: int,
    target: str | None = None,
) -> None:
    """6.6-6.63: a bombardment of hex ``j``: an adjacent spotter adds +1 F (6.61); hits are
    distributed as fire, with D2 against bombardment (woods: treebursts, 6.62); each 0 rolled is
    ``per_zero`` hit(s) on friendly units next to the target (6.63; ours: strongest first).
    ``per_zero`` 0 marks a mortar: one friendly hit per 0 and armour keeps its AC; artillery (1)
    and air (2) count armour as AC 0 (2.6, 2.7)."""
    s = g.state
    geo = geo_of(s)
    if spotter is not None:
        s["spotters"].append(spotter)
        if geo.dist[s["blocks"][spotter]["hex"]][j] <= 1:
            f += 1
    if target is not None:
        f -= bombard_ac(label(target).ac, label(target).type == "bunker")  # 2.6: AC3 for a bunker
    rolls, hits = roll(g, dice, f)
    g.emit(
        rule,
        "{who} bombards {dst}{spot}: {n} dice at F{f} roll {rolls}: {hits} hit(s)",
        who=who,
        dst=geo.label(j),
        spot=f" spotted by {ref(s, spotter)}" if spotter else " (own LOS)",
        n=dice,
        f=f,
        rolls=rolls,
        hits=hits,
    )
    strike = per_zero > 0
    reveal_mines(g, j)
    if target is not None:
        allocate(g, j, 1 - side, hits, "bombard", "2.55", target=target)
    else:
        allocate(
            g,
            j,
            1 - side,
            hits,
            "bombard",
            "6.62" if "woods" in geo.features[j] else "6.3",
            ac_zero=strike,
            strike=strike,
        )
    zeros = sum(1 for x in rolls if x == 10)
    if zeros:
        near = [b for n in geo.nbrs[j] for b in in_hex(s, n, side)]
        g.emit(
            "6.63",
            "{z} zero(s): friendly fire on {side} units next to {dst}",
            z=zeros,
            side=SIDES[side],
            dst=geo.label(j),
        )
        if near:
            allocate(g, j, side, zeros * max(per_zero, 1), "bombard", "6.63", pool=near, ac_zero=True)
