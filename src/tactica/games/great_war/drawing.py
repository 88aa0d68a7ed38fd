"""How the browser table draws The Great War (the drawing vocabulary of docs/web.md), the odds of
its battle options, and its line-of-sight tool.

Nothing here changes the game: every function reads a game or a seat's view and returns plain
data. The drawing is built from the seat's view only (hands it may not see are None there).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from math import comb, factorial
from typing import Any

from tactica.core.board import Board
from tactica.core.game import Game
from tactica.core.hexgrid import trace_line

from . import dice as D
from .battle import occupied_mask
from .cards import COMBAT, COMMAND
from .resolve import BARRAGE_DICE, deadly_at_range, new_cc
from .scenarios import SIDES, geo_of_state
from .terrain import TERRAIN
from .units import UNIT_TYPES

SIDE_STYLE = ({"name": "Allies", "color": "#4f6f8f", "text": "#ffffff"},
              {"name": "Central Powers", "color": "#77715a", "text": "#ffffff"})
TERRAIN_STYLE: dict[str, dict[str, str]] = {
    "clear": {"label": "Clear", "fill": "#e9e4c8"},
    "trench": {"label": "Trench", "fill": "#b89b6e", "pattern": "zigzag"},
    "wire": {"label": "Barbed wire", "fill": "#d8d3bf", "pattern": "cross"},
    "crater": {"label": "Shell crater", "fill": "#c9b48e", "pattern": "dots"},
    "forest": {"label": "Forest", "fill": "#8fae74", "pattern": "dots"},
    "building": {"label": "Buildings", "fill": "#c98c6d", "pattern": "block"},
    "rubble": {"label": "Rubble", "fill": "#b5a596", "pattern": "dots"},
    "hill": {"label": "Hill", "fill": "#cdb985", "pattern": "hatch"},
    "flooded": {"label": "Flooded", "fill": "#8fb3c9", "pattern": "waves"},
}
SHORT = {"infantry": "INF", "machine_gun": "MG", "mortar": "MTR", "field_artillery": "ART",
         "tank_male": "TANK M", "tank_female": "TANK F"}
FLAG_NAMES = {"ordered": "ordered", "moved": "moved", "battled": "battled"}


def board(g: Game) -> Board:
    return geo_of_state(g.state).board


# ============================================================================ drawing
def drawing(g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
    b = view["board"]
    pieces = []
    for u in b["units"]:
        t = UNIT_TYPES[u["kind"]]
        values = [{"label": "figures" if not t.tank else "model", "value": u["figs"], "main": True}]
        if t.tank:
            values.append({"label": "silhouette tokens", "value": u["tokens"]})
        if t.ranged:
            values.append({"label": "range", "value": max(t.ranged)})
        values.append({"label": "move", "value": t.move})
        flags = [name for key, name in FLAG_NAMES.items() if u[key]]
        if u["bomber"]:
            flags.append("bomber")
        if u["bog"]:
            flags.append(u["bog"])
        pieces.append({"id": u["id"], "hex": u["hex"], "side": u["side"], "label": SHORT[u["kind"]],
                       "name": f"{t.name} {u['id']}", "face": "front", "values": values, "flags": flags})
    markers = [{"hex": o["hex"], "kind": "objective", "label": "★", "side": _side(o["for"]),
                "title": f"Objective for the {SIDE_STYLE[_side(o['for'])]['name']}"}
               for o in b["objectives"]]
    tracks = [
        {"id": "turn", "label": "Turn", "value": (b["turn"] + 1) // 2,
         "note": f"{SIDE_STYLE[b['active']]['name']} to play"},
        {"id": "medals", "label": "Medals", "note": "won + held / needed",
         "per_side": [f"{b['medals'][i]} + {b['held'][i]} / {b['target'][i]}" for i in (0, 1)]},
        {"id": "hq", "label": "HQ tokens", "per_side": list(b["hq"])},
    ]
    hands = []
    for i in (0, 1):
        hands.append({"seat": i, "title": "Command cards", "size": b["hand_sizes"][i],
                      "cards": _cards(b["hands"][i], COMMAND)})
        hands.append({"seat": i, "title": "Combat cards", "size": b["combat_hand_sizes"][i],
                      "cards": _cards(b["combat_hands"][i], COMBAT)})
    piles = [
        {"title": "Command deck", "size": b["command_deck"]["draw"],
         "discard": _cards(b["command_deck"]["discard"], COMMAND)},
        {"title": "Combat deck", "size": b["combat_deck"]["draw"],
         "discard": _cards(b["combat_deck"]["discard"], COMBAT)},
    ]
    info = []
    if b["card"]:
        info.append({"label": "Card in play", "value": COMMAND[b["card"]]["name"],
                     "text": COMMAND[b["card"]]["text"]})
    if b["combat"]:
        cc = b["combat"]
        who = " + ".join(cc["attackers"]) or "reserve artillery"
        info.append({"label": "Combat", "value": f"{who} against {cc['target']} ({cc['kind']})"})
    d = view.get("decision") or {}
    options = {o["id"]: _option_drawing(o, b) for o in d.get("options", [])}
    prompt = _words(g, d, options)
    return {
        "facing": [0, 180],  # TGW-D Board 2: the Allies hold the south edge, the Central Powers the north
        "zones": _zones(g, seat),
        "legend": {"objective": "objective (medal hex)"},
        "sides": [dict(s) for s in SIDE_STYLE],
        "terrain": {"styles": TERRAIN_STYLE, "changes": {h: [t] for h, t in b["terrain_changes"].items()}},
        "pieces": pieces,
        "markers": markers,
        "tracks": tracks,
        "hands": hands,
        "piles": piles,
        "info": info,
        "options": options,
        **({"prompt": prompt} if prompt else {}),
    }


def _words(g: Game, d: Mapping[str, Any], options: dict[str, dict[str, Any]]) -> str | None:
    """GW Bolster Morale in words: who took how many flags, what ignoring them leaves (the step's
    own prompt and labels say only "Ignore flags?" and "Ignore 0 flag(s)")."""
    if d.get("step") != "ignore_flags" or not d.get("options"):
        return None
    cc = g.state["cc"]
    flags, target = int(cc["flags"]), str(cc["target"])
    for o in d["options"]:
        spec = options[o["id"]]
        if o["kind"] == "ignore":
            n = min(int(o["args"]["n"]), flags)
            spec["label"] = (f"Ignore {n} of {flags} flag(s): retreat {flags - n} hex(es)" if n < flags
                             else f"Ignore all {flags} flag(s): hold the hex")
        elif o["kind"] == "hold":
            card = COMBAT[o["args"]["card"]]
            spec["label"] = f"Play {card['name']} (cost {card['cost']} HQ): ignore all {flags} flag(s)"
            spec["confirm"] = f"Spend {card['cost']} HQ token(s) on {card['name']} so that {target} holds?"
    return f"{target} took {flags} flag(s): how many does it ignore (GW Bolster Morale)?"


_ZONE_HEXES: dict[int, tuple[Board, dict[str, list[str]]]] = {}
"""Sorted hex labels of each section and baseline edge, by board (kept with its board, so a
reused id never answers for another): a board never changes, and sorting them for every seat's
drawing after every decision was the largest part of drawing it."""


def _zone_hexes(brd: Board) -> dict[str, list[str]]:
    hit = _ZONE_HEXES.get(id(brd))
    if hit is not None and hit[0] is brd:
        return hit[1]
    lists = {f"section-{name}": sorted(brd.label(h) for h in brd.sections.get(name, ()) if h in brd.index)
             for name in ("left", "centre", "right")}
    lists.update({f"edge-{edge}": sorted(brd.label(h) for h in brd.edges.get(edge, ()) if h in brd.index)
                  for edge in ("south", "north")})
    _ZONE_HEXES[id(brd)] = (brd, lists)
    return lists


def _zones(g: Game, seat: int | None) -> list[dict[str, Any]]:
    """TGW-D Board 3: the three sections, named from the viewer's own baseline (the Central
    player's left is the Allied right); TGW-D Board 2: each side's baseline."""
    lists = _zone_hexes(board(g))
    mirror = {"left": "right", "right": "left", "centre": "centre"}
    out: list[dict[str, Any]] = []
    for name in ("left", "centre", "right"):
        shown = mirror[name] if seat == 1 else name
        out.append({"id": f"section-{name}", "kind": "section", "label": f"{shown.title()} section",
                    "title": f"{shown.title()} section (TGW-D Board 3)",
                    "hexes": list(lists[f"section-{name}"])})
    for side, edge in ((0, "south"), (1, "north")):
        out.append({"id": f"baseline-{side}", "kind": "baseline", "side": side,
                    "label": f"{SIDE_STYLE[side]['name']} baseline",
                    "title": f"{SIDE_STYLE[side]['name']} baseline (TGW-D Board 2)",
                    "hexes": list(lists[f"edge-{edge}"])})
    return out


def _side(who: int | str) -> int:
    return who if isinstance(who, int) else SIDES.index(who)


_CARD_WORDS: dict[tuple[int, str], tuple[Mapping[str, Mapping[str, Any]], str, str]] = {}
"""A card's shown name and text by (deck, kind), worked out once (the deck kept with them, so a
reused id never answers for another): the cards never change, and every drawing lists them."""


def _cards(kinds: list[str] | None, deck: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]] | None:
    if kinds is None:
        return None
    out = []
    for k in kinds:
        hit = _CARD_WORDS.get((id(deck), k))
        if hit is None or hit[0] is not deck:
            c = deck[k]
            name = c["name"] + (f" (cost {c['cost']})" if "cost" in c else "")
            hit = _CARD_WORDS[(id(deck), k)] = (deck, name, " ".join(str(c["text"]).split()))
        out.append({"id": k, "name": hit[1], "text": hit[2]})
    return out


def _option_drawing(o: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """The clicks that pick an option on the table (unit, then target unit or hex)."""
    a = o["args"]
    k = o["kind"]
    path: list[dict[str, str]] = []
    if k in ("card", "hold") and "card" in a:
        path = [{"card": a["card"]}]
    elif k in ("order", "ambush", "unbog"):
        path = [{"unit": a["unit"]}]
    elif k == "move":
        path = [{"unit": a["unit"]}, {"hex": a["to"]}]
    elif k in ("fire", "close"):
        path = [{"unit": a["unit"]}, {"unit": a["target"]}]
    elif k == "crossfire":
        path = [*({"unit": u} for u in a["units"]), {"unit": a["target"]}]
    elif k == "barrage":
        path = [{"unit": a["target"]}]
    elif k in ("retreat", "advance"):
        path = [{"hex": a["to"]}]
    out: dict[str, Any] = {"path": path, "odds": k in ("fire", "close", "crossfire", "barrage")}
    if k == "ambush":
        card = COMBAT[a["card"]]
        out["confirm"] = (f"Play {card['name']} and spend {card['cost']} HQ token(s) to order {a['unit']} "
                          "outside the card's section (TGW-D Combat 6)?")
    return out


# ============================================================================ odds
def odds(g: Game, seat: int, option_id: str) -> dict[str, Any] | None:
    """Exact probabilities of what an announced combat does to its target, before any combat
    card (GW Ranged 6-7, GW Close 4-5, GW Tank Retreat, TGW-D Artillery)."""
    d = g.decision()
    if d is None or d.seat != seat:
        return None
    opt = next((o for o in d.options if o.id == option_id), None)
    if opt is None or opt.kind not in ("fire", "close", "crossfire", "barrage"):
        return None
    s = g.state
    tgt = s["units"][opt.args["target"]]
    ttype = UNIT_TYPES[tgt["kind"]]
    close = opt.kind == "close"
    prot = 0 if ttype.tank else TERRAIN[s["terrain"][tgt["hex"]]].protection
    if opt.kind == "barrage":
        return _barrage_odds(s, tgt, prot)
    from .resolve import attack_dice

    attackers = list(opt.args.get("units") or [opt.args["unit"]])
    cc = new_cc("close" if close else "ranged", seat, attackers, tgt["id"], tgt["hex"])
    n = attack_dice(g, cc)
    first = UNIT_TYPES[s["units"][attackers[0]]["kind"]]
    dist = _roll_dist(n, close=close, tank=ttype.tank, prot=prot, deadly=deadly_at_range(g, cc),
                      all_count=False, artillery=first.artillery, male=first.male and not close,
                      bog=tgt["bog"])
    head = f"{' + '.join(attackers)} {'assaults' if close else 'fires at'} {tgt['id']}: {n} dice"
    return _summary(head, dist, tgt, ttype.tank)


def _barrage_odds(s: Mapping[str, Any], tgt: Mapping[str, Any], prot: int) -> dict[str, Any]:
    """TGW-D Artillery 1-3: 2 aiming dice (on target with a burst), then 3 dice whose Deadly
    sides hit; two bursts on a clear hex blast a crater in which every symbol counts."""
    ttype = UNIT_TYPES[tgt["kind"]]
    p_burst = 1 / 6
    p_two = p_burst ** 2
    p_on = 1 - (1 - p_burst) ** 2
    crater = s["terrain"][tgt["hex"]] == "clear"
    total: dict[tuple[int, int], float] = {(0, 0): 1 - p_on}
    for all_count, p in ((False, p_on - (p_two if crater else 0)), (True, p_two if crater else 0)):
        if p <= 0:
            continue
        for key, q in _roll_dist(BARRAGE_DICE, close=False, tank=ttype.tank, prot=prot, deadly=True,
                                 all_count=all_count, artillery=True, male=False, bog=tgt["bog"]).items():
            total[key] = total.get(key, 0.0) + p * q
    out = _summary(f"Reserve artillery at {tgt['id']}: on target {p_on:.0%}, then {BARRAGE_DICE} dice",
                   total, tgt, ttype.tank)
    return out


@cache
def _faces(n: int) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Every multiset of n dice faces with its probability (faces with equal symbols merged)."""
    symbols = sorted(set(D.FACES))
    weight = {sym: D.FACES.count(sym) / len(D.FACES) for sym in symbols}
    out = []
    for counts in _compositions(n, len(symbols)):
        p = float(factorial(n))
        faces: list[str] = []
        for sym, c in zip(symbols, counts, strict=True):
            p = p / factorial(c) * weight[sym] ** c
            faces.extend([sym] * c)
        out.append((tuple(faces), p))
    return tuple(out)


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


def _roll_dist(n: int, *, close: bool, tank: bool, prot: int, deadly: bool, all_count: bool,
               artillery: bool, male: bool, bog: str) -> dict[tuple[int, int], float]:
    """(hits, flags) -> probability. For a tank, hits are confirmed hits (GW Ranged 7) and flags 0
    (a tank never retreats)."""
    out: dict[tuple[int, int], float] = {}
    for faces, p in _faces(n):
        sc = D.score(list(faces), close=close, tank_target=tank, protection=prot, deadly_hits=deadly,
                     all_count=all_count)
        if not tank:
            key = (sc.hits, sc.flags)
            out[key] = out.get(key, 0.0) + p
            continue
        k = D.confirm_dice(sc.to_confirm, D.tank_flags_taken(sc.flags, all_count), bogged=bog == "bogged",
                           ditched=bog == "ditched", artillery=artillery, male_cannon=male)
        for h in range(k + 1):
            q = comb(k, h) * (1 / 6) ** h * (5 / 6) ** (k - h)
            out[(h, 0)] = out.get((h, 0), 0.0) + p * q
    return out


def _summary(head: str, dist: Mapping[tuple[int, int], float], tgt: Mapping[str, Any],
             tank: bool) -> dict[str, Any]:
    life = tgt["tokens"] + 1 if tank else tgt["figs"]
    by_hits: dict[int, float] = {}
    flag_p = 0.0
    for (h, f), p in dist.items():
        by_hits[min(h, life)] = by_hits.get(min(h, life), 0.0) + p
        if f and h < life:
            flag_p += p
    outcomes = []
    for h in range(life + 1):
        p = by_hits.get(h, 0.0)
        if h == 0:
            label = "no hit"
        elif h >= life:
            label = f"{tgt['id']} destroyed"
        elif tank:
            label = f"{h} silhouette token(s) lost"
        else:
            label = f"{h} figure(s) lost"
        if p > 0 or h == 0:
            outcomes.append({"label": label, "p": round(p, 4)})
    notes = ["before any combat card", "GW Ranged 7: a tank's hits must be confirmed" if tank
             else f"at least one flag (retreat unless ignored): {flag_p:.0%}"]
    return {"title": head, "outcomes": outcomes, "notes": notes, "rule": "GW Ranged 6-7 / GW Close 4-5"}


# ============================================================================ line of sight
def line_of_sight(g: Game, a: str, b: str) -> dict[str, Any] | None:
    """GW Ranged 3: units of either side and blocking terrain obstruct; a line along a hexside
    is blocked only when both hexes beside it are obstructed."""
    geo = geo_of_state(g.state)
    if a not in geo.index or b not in geo.index:
        return None
    ia, ib = geo.index[a], geo.index[b]
    mask = occupied_mask(g.state)
    clear = ia == ib or geo.dist[ia][ib] < 2 or geo.los(ia, ib, mask)
    brd = geo.board
    tr = trace_line(brd.hexes[ia], brd.hexes[ib])
    path: list[str] = []
    blocking: list[str] = []
    for step in tr.steps:
        for h in step:
            i = brd.index.get(h)
            if i is None:
                continue
            lab = geo.label(i)
            if lab not in path:
                path.append(lab)
            if i not in (ia, ib) and (mask >> i & 1 or geo.half[i]):
                blocking.append(lab)
    return {"from": a, "to": b, "clear": bool(clear), "path": path, "obstructions": blocking,
            "distance": geo.dist[ia][ib], "rule": "GW Ranged 3"}

