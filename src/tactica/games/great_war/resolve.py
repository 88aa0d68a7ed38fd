"""Resolving one combat (GW Ranged 6-9, GW Close 4-8, GW Retreat, GW Tank Retreat, GW Gain
Ground, GW Bonus), as phases of ``state["cc"]``, the combat in progress.

``cc`` keys: kind (ranged|close|barrage), side, attackers, target, card, bonus, phase, from (the
target's hex), success, flags, retreat, all_count, gained.
"""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game

from . import dice as D
from .battle import close_targets, occupied_mask, ranged_targets
from .cards import COMBAT
from .geo import Geo
from .terrain import TERRAIN
from .units import UNIT_TYPES

BARRAGE_DICE = 3
"""TGW-D Artillery 2: battle dice of the reserve artillery battery when on target."""


def geo_of(g: Game) -> Geo:
    from .scenarios import geo_of_state

    return geo_of_state(g.state)


def roll(g: Game, n: int) -> list[str]:
    ch = g.chance
    return [ch.symbol(D.FACES) for _ in range(n)]


def eliminate(g: Game, uid: str, by_side: int, rule: str) -> None:
    s = g.state
    u = s["units"].pop(uid)
    s["occ"][u["hex"]] = None
    value = UNIT_TYPES[u["kind"]].victory
    s["medals"][by_side] += value
    g.emit(rule, "{unit} is destroyed: {side} gains {n} medal(s)", unit=uid,
           side=SEATS[by_side], n=value)


SEATS = ("allies", "central")


def remove_figures(g: Game, uid: str, hits: int, by_side: int, rule: str) -> bool:
    """GW Ranged 7 / GW Close 5: one figure per hit; surplus hits are lost. True if destroyed.
    TGW-D Units 2: a bomber is the last figure of its unit to fall."""
    s = g.state
    u = s["units"][uid]
    if hits <= 0:
        return False
    lost = min(hits, u["figs"])
    u["figs"] -= lost
    g.emit(rule, "{unit} loses {n} figure(s), {left} left", unit=uid, n=lost, left=u["figs"])
    if u["figs"] <= 0:
        eliminate(g, uid, by_side, rule)
        return True
    return False


def attack_dice(g: Game, cc: dict[str, Any]) -> int:
    s = g.state
    geo = geo_of(g)
    units = s["units"]
    tgt = units[cc["target"]]
    n = 0
    mask = occupied_mask(s)
    for aid in cc["attackers"]:
        u = units[aid]
        if cc["kind"] == "close":
            n += int(dict(_close_list(s, geo, u)).get(tgt["id"], 0))
        else:
            n += int(dict(ranged_targets(s, geo, u, mask)).get(tgt["id"], 0))
    card = cc["card"]
    if card:
        n += int(COMBAT[card]["effect"].get("dice", 0))
    return n


def _close_list(s: dict[str, Any], geo: Geo, u: dict[str, Any]) -> list[tuple[str, int]]:
    from .battle import close_dice

    n = close_dice(s, u)
    return [(t, n) for t in close_targets(s, geo, u)]


def deadly_at_range(g: Game, cc: dict[str, Any]) -> bool:
    """GW Ranged 7 (bomber example): an infantry unit with a bomber, or using a card that says
    so, scores Deadly Die sides at exactly 2 hexes."""
    if cc["kind"] != "ranged" or len(cc["attackers"]) != 1:
        return False
    s = g.state
    u = s["units"][cc["attackers"][0]]
    if u["kind"] != "infantry":
        return False
    d = geo_of(g).dist[u["hex"]][s["units"][cc["target"]]["hex"]]
    card = COMBAT[cc["card"]]["effect"] if cc["card"] else {}
    return d == 2 and (u["bomber"] or card.get("deadly_at") == 2)


def resolve_roll(g: Game, cc: dict[str, Any]) -> None:
    """Roll, score hits, collect HQ tokens, confirm hits on a tank; set up flags."""
    s = g.state
    side = cc["side"]
    tid = cc["target"]
    tgt = s["units"][tid]
    ttype = UNIT_TYPES[tgt["kind"]]
    close = cc["kind"] == "close"
    on_target = False
    artillery = False
    male_cannon = False
    if cc["kind"] == "barrage":
        aim = roll(g, 2)
        on_target = D.BURST in aim
        g.emit("TGW-D Artillery 1", "Reserve artillery aims at {unit}: {faces}: {res}", unit=tid,
               faces=", ".join(aim), res="on target" if on_target else "off target")
        if not on_target:
            cc["phase"] = "done"
            return
        if aim.count(D.BURST) == 2:
            here = s["terrain"][tgt["hex"]]
            if here == "clear":
                s["terrain"][tgt["hex"]] = "crater"
                cc["all_count"] = True
                g.emit("TGW-D Artillery 3", "The barrage blasts a shell crater at {hex}: every symbol "
                       "counts in this attack", hex=geo_of(g).label(tgt["hex"]))
            elif here == "building":
                s["terrain"][tgt["hex"]] = "rubble"
                g.emit("TGW-D Artillery 3", "The barrage turns the building at {hex} to rubble",
                       hex=geo_of(g).label(tgt["hex"]))
        n = BARRAGE_DICE
        artillery = True
    else:
        n = attack_dice(g, cc)
        first = s["units"][cc["attackers"][0]]
        artillery = UNIT_TYPES[first["kind"]].artillery
        male_cannon = UNIT_TYPES[first["kind"]].male and not close
    faces = roll(g, n)
    rule = "GW Close 4" if close else "GW Ranged 6"
    g.emit(rule, "{who} {how} {unit} with {n} dice: {faces}", who="+".join(cc["attackers"]) or "battery",
           how="assaults" if close else "fires at", unit=tid, n=n, faces=", ".join(faces))
    here = s["terrain"][tgt["hex"]]
    prot = 0 if ttype.tank else TERRAIN[here].protection
    sc = D.score(faces, close=close, tank_target=ttype.tank, protection=prot,
                 deadly_hits=on_target or deadly_at_range(g, cc), all_count=cc["all_count"])
    if sc.hq:
        s["hq"][side] += sc.hq
        g.emit("GW Ranged 8" if not close else "GW Close 6", "{side} collects {n} HQ token(s)",
               side=SEATS[side], n=sc.hq)
    if ttype.tank:
        taken = D.tank_flags_taken(sc.flags, cc["all_count"])
        if sc.flags:
            g.emit("GW Tank Retreat", "{unit} ignores {i} flag(s) and never retreats; {t} flag(s) "
                   "join the confirmation roll", unit=tid, i=sc.flags - taken, t=taken)
        k = D.confirm_dice(sc.to_confirm, taken, bogged=tgt["bog"] == "bogged",
                           ditched=tgt["bog"] == "ditched", artillery=artillery, male_cannon=male_cannon)
        if k:
            again = roll(g, k)
            hits = again.count(D.BURST)
            g.emit("GW Ranged 7", "Confirming hits on {unit}: {k} dice: {faces}: {h} confirmed",
                   unit=tid, k=k, faces=", ".join(again), h=hits)
            if hits and hit_tank(g, tid, hits, 1 - tgt["side"]):
                cc["success"] = True
        cc["phase"] = "gain"
        return
    if remove_figures(g, tid, sc.hits, 1 - tgt["side"], "GW Close 5" if close else "GW Ranged 7"):
        cc["success"] = True
        cc["phase"] = "gain"
        return
    cc["flags"] = sc.flags
    if not sc.flags:
        cc["phase"] = "gain"
        return
    cc["phase"] = "ignore"


def hit_tank(g: Game, tid: str, hits: int, by_side: int) -> bool:
    """GW Ranged 7: each confirmed hit takes a silhouette token; once none are left the next
    confirmed hit destroys the tank (its victory value in medals to the opponent)."""
    u = g.state["units"][tid]
    for _ in range(hits):
        if u["tokens"] > 0:
            u["tokens"] -= 1
            g.emit("GW Ranged 7", "{unit} loses a silhouette token, {n} left", unit=tid, n=u["tokens"])
        else:
            eliminate(g, tid, by_side, "GW Ranged 7")
            return True
    return False


def flag_allowance(g: Game, cc: dict[str, Any]) -> tuple[int, bool]:
    """GW Bolster Morale: (flags the target may ignore, whether a defence card may add one)."""
    s = g.state
    units = s["units"]
    tgt = units[cc["target"]]
    here = s["terrain"][tgt["hex"]]
    attacker_tank = bool(cc["attackers"]) and UNIT_TYPES[units[cc["attackers"][0]]["kind"]].tank
    schreck = D.tankschreck(attacker_tank, cc["kind"] == "close", here == "building",
                            tgt["kind"] == "field_artillery")
    k = D.ignorable_flags(cc["flags"], TERRAIN[here].ignore_flags, tankschreck=schreck,
                          all_count=cc["all_count"])
    card_ok = not schreck and not cc["all_count"] and cc["flags"] > k
    return k, card_ok


def unaccounted_combat_cards(g: Game) -> list[str]:
    """Combat cards not in public view: both hands and the draw pile (the discards are public).
    Whether a combat-card decision exists may depend on these, never on one hand: every seat
    knows this list, none knows how it splits."""
    s = g.state
    cards: list[str] = s["combat_hands"][0] + s["combat_hands"][1] + s["combat"]["draw"]
    return cards


def defence_cards(g: Game, side: int, cards: list[str] | None = None) -> list[str]:
    """TGW-D Combat 5: the defence cards ``side`` may pay for, from its hand (or from ``cards``)."""
    s = g.state
    out = []
    for c in s["combat_hands"][side] if cards is None else cards:
        k = c.split("#")[0]
        d = COMBAT[k]
        if d["when"] == "defend" and d["cost"] <= s["hq"][side] and k not in out:
            out.append(k)
    return out


def retreat_candidates(g: Game, uid: str) -> list[int]:
    """GW Retreat: the hexes toward the unit's own baseline, never sideways, not half-hexes, not
    occupied, not impassable (other terrain has no effect on retreat)."""
    s = g.state
    geo = geo_of(g)
    u = s["units"][uid]
    occ = s["occ"]
    terr = s["terrain"]
    return [j for j in geo.back[u["side"]][u["hex"]]
            if occ[j] is None and not TERRAIN[terr[j]].impassable]


def move_unit(g: Game, uid: str, to: int) -> None:
    s = g.state
    u = s["units"][uid]
    s["occ"][u["hex"]] = None
    s["occ"][to] = uid
    u["hex"] = to


def bog_check(g: Game, uid: str, rule: str) -> None:
    """TGW-D Tanks 3: a tank ending a move or advance in trench, crater, rubble or forest rolls
    one die; a flag bogs it down."""
    s = g.state
    u = s["units"][uid]
    if not TERRAIN[s["terrain"][u["hex"]]].bogs:
        return
    f = roll(g, 1)[0]
    if f == D.FLAG:
        u["bog"] = "bogged"
        g.emit(rule, "{unit} rolls {f}: bogged down", unit=uid, f=f)
    else:
        g.emit(rule, "{unit} rolls {f}: keeps going", unit=uid, f=f)


def may_gain_ground(g: Game, cc: dict[str, Any]) -> bool:
    """GW Gain Ground: after a successful close combat, unless the unit is a machine gun or
    mortar, entered stopping terrain this turn, was ordered by First Strike or Surprise Ambush,
    or used Butt & Bayonet."""
    s = g.state
    if cc["kind"] != "close" or not cc["success"] or len(cc["attackers"]) != 1:
        return False
    u = s["units"].get(cc["attackers"][0])
    if u is None or s["occ"][cc["from"]] is not None:
        return False
    t = UNIT_TYPES[u["kind"]]
    if not t.gains_ground or u["stopped"] or u["no_gain"]:
        return False
    return not (cc["card"] and COMBAT[cc["card"]]["effect"].get("no_gain"))


def gain_ground(g: Game, cc: dict[str, Any]) -> None:
    s = g.state
    uid = cc["attackers"][0]
    u = s["units"][uid]
    dest = cc["from"]
    move_unit(g, uid, dest)
    cc["gained"] = True
    t = UNIT_TYPES[u["kind"]]
    terr = TERRAIN[s["terrain"][dest]]
    g.emit("GW Gain Ground", "{unit} gains ground into {hex}", unit=uid, hex=geo_of(g).label(dest))
    if t.tank:
        if terr.crushed_by_tank:
            s["terrain"][dest] = "clear"
        if terr.tank_stops or terr.bogs:
            u["stopped"] = True
        bog_check(g, uid, "GW Bonus")
        if s["terrain"][dest] == "building":
            u["building"] = True
    elif terr.stops:
        u["stopped"] = True


def bonus_options(g: Game, cc: dict[str, Any]) -> list[tuple[str, str, str]]:
    """GW Bonus: (kind, attacker, target) bonus combats open after gaining ground: infantry with
    Battle Fury, close only; a tank not bogged down, once a turn (a female tank may fire instead
    when no enemy is adjacent; a male tank only closes)."""
    s = g.state
    if not cc.get("gained") or cc["bonus"]:
        return []
    uid = cc["attackers"][0]
    u = s["units"][uid]
    t = UNIT_TYPES[u["kind"]]
    geo = geo_of(g)
    terr = TERRAIN[s["terrain"][u["hex"]]]
    if t.tank:
        if u["bonus_used"] or u["bog"] or terr.tank_stops:
            return []
    elif not (cc["card"] and COMBAT[cc["card"]]["effect"].get("bonus_close")) or terr.stops:
        return []
    out = [("close", uid, v) for v in close_targets(s, geo, u)]
    if t.tank and not t.male and not out:
        out = [("ranged", uid, v) for v, _ in ranged_targets(s, geo, u, occupied_mask(s))]
    return out


def new_cc(kind: str, side: int, attackers: list[str], target: str, from_hex: int,
           bonus: bool = False, card: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "side": side, "attackers": attackers, "target": target, "card": card,
            "bonus": bonus, "phase": "roll" if bonus else "card", "from": from_hex,
            "success": False, "flags": 0, "retreat": 0, "all_count": False, "gained": False}
