"""How the browser table draws a Commander game (the drawing vocabulary of docs/web.md), the
odds of a Fire attack, and the line-of-sight tool: shared by Combat Commander and Great War
Commander.

Nothing here changes the game: every function reads a game or a seat's view and returns plain
data. Hands, secret chits and draw piles come from the seat's view only (the other hand is None
there); unit values are the live stats of public counters (stats.py). Card faces are written in
our own words from the card's fields (order, action, event, dice, trigger, random hex).

What differs between the games is data and three hooks: the game's :class:`DrawingStyle`
(``CommanderRules.drawing_style``: nation colours and tags, terrain fills, counter labels) and
``CommanderRules.drawing_extras`` (its own tracks, markers, info, hands, piles, legend entries and
terrain changes: CC's Radios, Fortifications and wind; GWC's Telephones, barrages, Gas, terrain
markers, Strategy Cards). A Tank (GWC O23) carries the ``tank`` flag.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tactica.core.board import Board
from tactica.core.game import Game
from tactica.core.hexgrid import distance, trace_line

from .access import rules_of
from .board_state import board_of, hex_distance, label_map, los, overlay
from .citations import cite
from .fire import crossed_cover, is_weapon, piece_hex, strength, wtype
from .movement import moving_units
from .stats import morale, unit_stat, weapon_stat


@dataclass(frozen=True)
class DrawingStyle:
    """A game's drawing data: colours by nation, fills by terrain type, short labels of unit and
    Weapon kinds and of Fortifications, nation tags in piece names, the open terrain's id."""

    nation_style: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    terrain_style: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    unit_short: Mapping[str, str] = field(default_factory=dict)
    weapon_short: Mapping[str, str] = field(default_factory=dict)
    fort_label: Mapping[str, str] = field(default_factory=dict)
    nation_tag: Mapping[str, str] = field(default_factory=dict)
    open_terrain: str = "open"
    terrain_mark: Mapping[str, str] = field(default_factory=dict)
    """One character per terrain type for the terminal grid (text.py)."""


def style(g: Game) -> DrawingStyle:
    st: DrawingStyle = rules_of(g).drawing_style()
    return st


DEFAULT_STYLE = ({"color": "#5f6f7c", "text": "#ffffff"}, {"color": "#6d7a3c", "text": "#ffffff"})
BUTTON_KINDS = frozenset({"arm", "exit", "go", "stop", "end", "done", "pass", "none", "fire", "attack",
                          "back", "reroll", "player", "chit", "item"})
HEX_KINDS = frozenset({"place", "move", "retreat", "target", "smoke", "impact", "spot", "hex"})
FIRE_STEPS = frozenset({"fire_order", "op_fire", "assault_fire"})


def board(g: Game) -> Board | None:
    return board_of(g)


# ============================================================================ drawing
def drawing(g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
    b = view["board"]
    nations = [sd["nation"] for sd in b["sides"]]
    st = style(g)
    sides = [{"name": n, **st.nation_style.get(n, DEFAULT_STYLE[i % 2])} for i, n in enumerate(nations)]
    brd = board_of(g)
    labels = set(brd.labels) if brd is not None else set()
    pieces = _pieces(g, b, labels)
    drawn = {p["id"] for p in pieces}
    extras = rules_of(g).drawing_extras(g, seat, view)
    extra_hands = list(extras.get("hands", []))
    own_cards = {c["id"] for x in extra_hands for c in (x.get("cards") or [])}  # GWC: Strategy Cards
    hand_cards = {c for sd in b["sides"] for c in (sd["hand"] or [])} | own_cards  # clicked in the hand
    d = view.get("decision") or {}
    step = _step(g)
    names = piece_names(g, b)
    options = {o["id"]: _option_drawing(g, step, o, drawn, labels, hand_cards, names, own_cards)
               for o in d.get("options", [])}
    prompt = _initiative_words(g, step, nations)
    return {
        **({"prompt": prompt} if prompt else {}),
        "facing": _facing(g),
        "zones": _setup_zones(g),
        "names": names,
        "legend": {"objective": "objective", "smoke": "smoke (hindrance)", "blaze": "blaze",
                   "fortification": "fortification", **extras.get("legend", {})},
        "sides": sides,
        "terrain": {"styles": dict(st.terrain_style),
                    "changes": {**{h: list(v) for h, v in extras.get("terrain_changes", {}).items()
                                   if h in labels},
                                **{h: ["blaze"] for h in b.get("blaze") or [] if h in labels}}},
        "pieces": pieces,
        "markers": _markers(g, b, nations, labels) + list(extras.get("markers", [])),
        "tracks": _tracks(b, nations) + list(extras.get("tracks", [])),
        "hands": [{"seat": i, "title": "Fate cards", "size": sd["hand_count"],
                   "cards": None if sd["hand"] is None else [card_face(g, c) for c in sd["hand"]]}
                  for i, sd in enumerate(b["sides"])] + extra_hands,
        "piles": [{"title": f"{sd['nation']} Fate deck", "size": sd["draw_count"],
                   "discard": [card_face(g, c) for c in sd["discard"]]} for sd in b["sides"]]
                 + list(extras.get("piles", [])),
        "info": _info(g, b, nations, step) + list(extras.get("info", [])),
        "options": options,
    }


def piece_names(g: Game, b: Mapping[str, Any]) -> dict[str, str]:
    """Each unit and Weapon on the table in words, e.g. "Rifle squad US3", "Heavy MG G4",
    "Sgt Kelly" (the nation's tag and the id's number keep two alike counters apart)."""
    rules: Any = g.rules
    nations = [sd["nation"] for sd in b["sides"]]
    out: dict[str, str] = {}
    for uid, u in b["units"].items():
        t = rules.unit_type(u["type"])
        if t.type == "leader":
            out[uid] = f"{t.name} (leader)"
            continue
        kind = "" if t.name.lower().endswith(t.type) else f" {t.type}"
        out[uid] = f"{t.name}{kind} {_tag(g, nations, int(u['seat']), uid)}"
    for wid, w in b["weapons"].items():
        out[wid] = f"{rules.weapon_type(w['type']).name} {_tag(g, nations, int(w['seat']), wid)}"
    return out


def _tag(g: Game, nations: list[str], seat: int, pid: str) -> str:
    nation = nations[seat] if 0 <= seat < len(nations) else ""
    _, _, tail = pid.partition("-")
    num = tail.split("-")[0].replace(".", "")
    return f"{style(g).nation_tag.get(nation, nation[:1])}{num}"


def _facing(g: Game) -> list[int]:
    """7.2: each seat sees its friendly edge at the bottom (north, or east on a map whose edges
    are west and east, turns the map half a circle)."""
    edges = g.state.get("edges") or []
    return [180 if e in ("north", "east") else 0 for e in edges] if len(edges) == 2 else [0, 180]


def _setup_zones(g: Game) -> list[dict[str, Any]]:
    """2.1: while the set-up runs, the set-up zones of every side (scenario data, public)."""
    for frame in g.state.get("stack") or []:
        if frame["step"] != "cc_setup":
            continue
        a = frame["args"]
        out = []
        for seat, zones in sorted(a["zones"].items()):
            for zone in sorted(zones):
                out.append({"id": zone, "kind": "setup", "side": int(seat), "label": f"set-up: {zone}",
                            "title": f"Set-up zone {zone} (2.1)", "hexes": list(a["hexes"][zone])})
        return out
    return []


def _initiative_words(g: Game, step: str, nations: list[str]) -> str | None:
    """9.1 in words: whose roll, what for, and what it shows (the step's own prompt names only
    the card)."""
    stack = g.state.get("stack") or []
    if step != "initiative" or len(stack) < 2 or stack[-2]["step"] != "roll":
        return None
    roll = stack[-2]["args"]
    rules: Any = g.rules
    c = rules.card(roll["card"])
    how = "x" if roll.get("product") else "+"
    total = c.white * c.colored if roll.get("product") else c.white + c.colored
    return (f"Initiative (9.1): {nations[int(roll['roller'])]}'s roll for {roll['purpose']} shows "
            f"{c.white}{how}{c.colored} = {total} ({roll['card']}). "
            "Re-roll it, handing the Initiative card over?")


def _step(g: Game) -> str:
    stack = g.state.get("stack") or []
    return str(stack[-1]["step"]) if stack else ""


def card_face(g: Game, card_id: str) -> dict[str, str]:
    """A Fate card in our words: its Order, Action, Event, the two dice, the trigger, the hex."""
    rules: Any = g.rules
    c = rules.card(card_id)
    bits = [f"Order: {c.order}", f"Action: {c.action}", f"Event: {c.event}",
            f"dice {c.white}+{c.colored}"]
    if c.trigger:
        bits.append(f"trigger {c.trigger}")
    bits.append(f"random hex {c.hex}")
    bits += rules.card_notes(c)
    return {"id": card_id, "name": f"{c.order} ({card_id})", "text": " · ".join(bits)}


def _pieces(g: Game, b: Mapping[str, Any], labels: set[str]) -> list[dict[str, Any]]:
    rules: Any = g.rules
    st = style(g)
    activated = set(b.get("activated") or [])
    out: list[dict[str, Any]] = []
    weapons: list[dict[str, Any]] = []  # drawn under the units: a stack's top is a unit
    for uid, u in sorted(b["units"].items(), key=lambda kv: _order(kv[0])):
        if u["where"] != "map" or u["hex"] not in labels:
            continue
        t = rules.unit_type(u["type"])
        fp, rng, mv, mo = (unit_stat(g, uid, k).value for k in ("fp", "range", "movement", "morale"))
        values = [{"label": "firepower", "value": fp, "main": t.type != "leader"},
                  {"label": "range", "value": rng}, {"label": "movement", "value": mv},
                  {"label": "morale", "value": mo}]
        if t.type == "leader":
            values.insert(0, {"label": "command", "value": unit_stat(g, uid, "command").value, "main": True})
            label = t.name.split()[-1][:8]
        else:
            label = f"{(t.quality or t.name)[:5]} {st.unit_short.get(t.type, t.type[:3].upper())}"
        flags = [f for f, on in (("tank", t.type == "tank"), ("suppressed", u["suppressed"]),
                                 ("veteran", u["veteran"]),
                                 ("op fired", u.get("op_fired")), ("activated", uid in activated)) if on]
        out.append({"id": uid, "hex": u["hex"], "side": u["seat"], "label": label,
                    "name": f"{t.name} {t.type} {uid}" + (" (broken)" if u["broken"] else ""),
                    "face": "broken" if u["broken"] else "front", "values": values, "flags": flags})
        wid = u.get("weapon")
        w = b["weapons"].get(wid) if wid else None
        if w is not None and w["where"] == "map":
            wt = rules.weapon_type(w["type"])
            wvalues = [{"label": "firepower", "value": weapon_stat(g, wid, "fp").value, "main": True},
                       {"label": "range", "value": weapon_stat(g, wid, "range").value}]
            if wt.movement:
                wvalues.append({"label": "movement modifier", "value": wt.movement})
            weapons.append({"id": wid, "hex": u["hex"], "side": w["seat"],
                        "label": st.weapon_short.get(wt.kind, wt.kind[:3].upper()),
                        "name": f"{wt.name} {wid}, carried by {uid}" + (" (broken)" if w["broken"] else ""),
                        "face": "broken" if w["broken"] else "front", "values": wvalues,
                        "flags": ["ordnance"] if wt.ordnance else []})
    return weapons + out


def _order(uid: str) -> tuple[str, int]:
    head, _, tail = uid.partition("-")
    num = "".join(ch for ch in tail if ch.isdigit())
    return head, int(num) if num else 0


def _markers(g: Game, b: Mapping[str, Any], nations: list[str], labels: set[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for o, obj in sorted(b["objectives"].items()):
        if obj.get("hex") not in labels:
            continue
        owner = obj.get("owner")
        who = "nobody" if owner is None else nations[owner]
        m: dict[str, Any] = {"hex": obj["hex"], "kind": "objective", "label": o,
                             "title": f"Objective {o}: held by {who}"}
        if owner is not None:
            m["side"] = owner
        out.append(m)
    for h, v in sorted((b.get("smoke") or {}).items()):
        if h in labels:
            out.append({"hex": h, "kind": "smoke", "label": f"S{v}", "title": f"Smoke: hindrance {v}"})
    for h in b.get("blaze") or []:
        if h in labels:
            out.append({"hex": h, "kind": "blaze", "label": "B", "title": "Blaze: blocks sight and entry"})
    for h, kind in sorted((b.get("fortifications") or {}).items()):
        if h in labels:
            out.append({"hex": h, "kind": "fortification", "label": style(g).fort_label.get(kind, kind[:2]),
                        "title": f"Fortification: {kind}"})
    return out


def _tracks(b: Mapping[str, Any], nations: list[str]) -> list[dict[str, Any]]:
    t = b["time"]
    vp = int(b["vp"])
    lead = "even" if vp == 0 else f"{nations[0] if vp > 0 else nations[1]} leads by {abs(vp)}"
    return [
        {"id": "time", "label": "Time", "value": t["space"], "max": t["last"],
         "note": f"sudden death from space {t['sudden_death']}"},
        {"id": "turn", "label": "Turn", "value": b["turn"], "note": f"{nations[b['active']]} is active"},
        {"id": "vp", "label": "Victory points", "value": vp, "note": lead},
        {"id": "casualties", "label": "Casualties", "note": "casualty track / surrender level",
         "per_side": [f"{len(sd['casualties'])} / {sd['surrender']}" for sd in b["sides"]]},
        {"id": "initiative", "label": "Initiative", "value": nations[b["initiative"]],
         "note": "holds the Initiative card"},
        {"id": "orders", "label": "Orders per Turn", "per_side": [str(sd["order_cap"]) for sd in b["sides"]]},
    ]


def _info(g: Game, b: Mapping[str, Any], nations: list[str], step: str) -> list[dict[str, Any]]:
    info: list[dict[str, Any]] = []
    rules: Any = g.rules
    if b.get("chits_open"):
        info.append({"label": "Open objective chits", "value": ", ".join(b["chits_open"]),
                     "text": "; ".join(_chit(rules, c) for c in b["chits_open"])})
    for i, sd in enumerate(b["sides"]):
        if sd.get("chits_secret"):
            info.append({"label": f"{nations[i]} secret chits", "value": ", ".join(sd["chits_secret"]),
                         "text": "; ".join(_chit(rules, c) for c in sd["chits_secret"])})
        elif sd.get("chits_secret_count"):
            n = sd["chits_secret_count"]
            info.append({"label": f"{nations[i]} secret chits", "value": f"{n} hidden"})
    if b.get("activated"):
        info.append({"label": "Activated", "value": ", ".join(b["activated"])})
    if step in FIRE_STEPS:
        a = g.top()
        target = a.get("target") or a.get("hex")
        if target and a.get("group"):
            info.append({"label": "Fire group", "value": f"{', '.join(a['group'])} at {target}"})
    return info


def _chit(rules: Any, cid: str) -> str:
    c = rules.chit(cid)
    if c.condition == "objective_vp":
        return f"{cid}: objective {c.objective} worth {c.vp} VP"
    if c.condition == "all_objectives_vp":
        return f"{cid}: every objective worth {c.vp} VP more"
    return f"{cid}: {c.condition.replace('_', ' ')}"


CONFIRM = {
    "extra": "Eliminate your {weapon}? It leaves the game for good (11.3).",
    "eliminate": "Eliminate {unit}? It goes to the casualty track.",
    "exit": "{unit} leaves the map by the enemy edge and cannot come back.",
    "break": "Break {unit}{weapon}?",
}
"""Options that destroy, spend or end something for good ask to be confirmed in the browser."""


def _option_drawing(g: Game, step: str, o: Mapping[str, Any], drawn: set[str], labels: set[str],
                    hand: set[str], names: Mapping[str, str] | None = None,
                    own_cards: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
    """The clicks that pick an option on the table: a card of the hand, a counter, a hex, a
    counter then a hex; an option naming nothing on the table is a button. Eliminating one's own
    Weapon (11.3) is never a click on its carrier: it sits in a menu and asks first. A Turn extra
    that plays a card of a game's own hand (``own_cards``: GWC's Strategy Card as a Situation) is
    a click on that card."""
    a = o.get("args") or {}
    k = o["kind"]
    path: list[dict[str, str]] = []
    nm = names or {}
    out: dict[str, Any] = {"path": path, "odds": step in FIRE_STEPS and k == "fire"}
    if k == "extra" and isinstance(a.get("card"), str) and a["card"] in own_cards:
        out["path"] = [{"card": a["card"]}]  # another use of a card in hand (GWC: a Situation)
        return out
    if k == "extra" and not o["id"].startswith("drop:"):
        out["group"] = "Other uses of a card"  # e.g. GWC's Engineers (3.1.9)
        return out
    if k in CONFIRM:
        unit = str(a["unit"]) if isinstance(a.get("unit"), str) else "this unit"
        weapon = str(a["weapon"]) if isinstance(a.get("weapon"), str) else ""
        out["confirm"] = CONFIRM[k].format(unit=nm.get(unit, unit), weapon=nm.get(weapon, weapon))
    if k == "extra":
        out["group"] = "Eliminate a Weapon"
        return out
    if k in BUTTON_KINDS:
        path = []
    elif isinstance(a.get("card"), str) and a["card"] in hand:
        path = [{"card": a["card"]}]
    elif k == "advance" and a.get("unit") in drawn and a.get("hex") in labels:
        path = [{"unit": a["unit"]}, {"hex": a["hex"]}]
    elif k == "transfer" and a.get("weapon") in drawn and a.get("to") in drawn:
        path = [{"unit": a["weapon"]}, {"unit": a["to"]}]
    elif k in HEX_KINDS and a.get("hex") in labels:
        path = [{"hex": a["hex"]}]
    elif k == "piece" and a.get("piece") in drawn:
        path = [{"unit": a["piece"]}]
    elif k == "weapon" and a.get("weapon") in drawn:
        path = [{"unit": a["weapon"]}]
    elif a.get("unit") in drawn:
        path = [{"unit": a["unit"]}]
    out["path"] = path
    return out


# ============================================================================ odds
def _two_dice() -> dict[int, float]:
    out: dict[int, float] = {}
    for w in range(1, 7):
        for c in range(1, 7):
            out[w + c] = out.get(w + c, 0.0) + 1 / 36
    return out


TWO_DICE = _two_dice()


def odds(g: Game, seat: int, option_id: str) -> dict[str, Any] | None:
    """Exact chances of a Fire attack about to be made (the ``fire`` option of a Fire Order, an
    Op Fire or an Assault Fire): for each defending unit, the Attack Total (FP + 2d6) against
    its Defense Total (live Morale with its best Cover + 2d6): higher breaks (a broken unit is
    eliminated), equal suppresses (breaks a moving unit), lower does nothing (CC O20.3.3-O20.3.4,
    GWC O21.3.6-O21.3.7). Ordnance must first hit. Before any Action card, trigger or re-roll."""
    d = g.decision()
    if d is None or d.seat != seat:
        return None
    opt = next((o for o in d.options if o.id == option_id), None)
    step = _step(g)
    if opt is None or opt.kind != "fire" or step not in FIRE_STEPS:
        return None
    a = g.top()
    group = list(a.get("group") or [])
    target = a.get("target") or a.get("hex")
    if not group or not isinstance(target, str) or a.get("smoke"):
        return None
    st = strength(g, group, target)
    if st["hindrance"] is None:
        return None
    fp = int(st["fp"])
    p_hit, notes = 1.0, ["before any Action card, trigger or re-roll"]
    mortar = any(is_weapon(g, p) and wtype(g, p).kind == "mortar" for p in group)
    if st["ordnance"]:
        rng = hex_distance(g, piece_hex(g, group[0]), target)
        need = rng + int(st["hindrance"] or 0)
        p_hit = sum(1 / 36 for w in range(1, 7) for c in range(1, 7) if w * c > need)
        notes.append(f"Ordnance must hit first (dice multiplied above {need}): {p_hit:.0%}")
    if mortar:
        brd = board_of(g)
        assert brd is not None
        fp += int(rules_of(g).hex_type(brd, label_map(brd)[target]).airburst or 0)
    crossed = None if mortar else crossed_cover(g, group, target)
    zero = any(is_weapon(g, p) and wtype(g, p).cover_zero for p in group)
    seat_att = int(d.seat)
    moving = set(moving_units(g)) if step == "op_fire" else set()
    defenders = [u for u, x in sorted(g.state["units"].items())
                 if x["where"] == "map" and x["hex"] == target and int(x["seat"]) != seat_att]
    per_unit: dict[str, tuple[float, float]] = {}
    dist = {0: 0.0}  # number of defenders broken (or eliminated) -> probability
    for att, pa in TWO_DICE.items():
        count = {0: 1.0}
        for uid in defenders:
            m = morale(g, uid, crossed, zero, heavy=mortar).value
            pb = sum(pd for dfn, pd in TWO_DICE.items() if m + dfn < fp + att)
            pt = sum(pd for dfn, pd in TWO_DICE.items() if m + dfn == fp + att)
            if uid in moving:
                pb, pt = pb + pt, 0.0
            ob, ot = per_unit.get(uid, (0.0, 0.0))
            per_unit[uid] = (ob + pa * pb, ot + pa * pt)
            nxt: dict[int, float] = {}
            for k, q in count.items():
                nxt[k + 1] = nxt.get(k + 1, 0.0) + q * pb
                nxt[k] = nxt.get(k, 0.0) + q * (1 - pb)
            count = nxt
        for k, q in count.items():
            dist[k] = dist.get(k, 0.0) + pa * q
    outcomes: list[dict[str, Any]] = []
    units = g.state["units"]
    if len(defenders) == 1:
        uid = defenders[0]
        pb, pt = per_unit[uid]
        u = units[uid]
        outcomes = [
            {"label": f"{uid} {'eliminated' if u['broken'] else 'breaks'}", "p": round(p_hit * pb, 4)},
            {"label": f"{uid} {'stays ' if u['suppressed'] else ''}Suppressed", "p": round(p_hit * pt, 4)},
            {"label": f"{uid} unaffected", "p": round(1 - p_hit * (pb + pt), 4)}]
    else:
        for k in range(len(defenders) + 1):
            p = p_hit * dist.get(k, 0.0) + (1 - p_hit if k == 0 else 0.0)
            outcomes.append({"label": "no unit breaks" if k == 0 else f"{k} of {len(defenders)} break",
                             "p": round(p, 4)})
    for uid in defenders:
        pb, pt = per_unit[uid]
        m = morale(g, uid, crossed, zero, heavy=mortar).value
        notes.append(f"{uid} (Morale with Cover {m}): breaks {p_hit * pb:.0%}, "
                     f"Suppressed {p_hit * pt:.0%}, unaffected {1 - p_hit * (pb + pt):.0%}")
    return {"title": f"{', '.join(group)} fire at {target}: {fp} FP against {len(defenders)} unit(s)",
            "outcomes": outcomes, "notes": notes,
            "rule": f"{cite(g, 'fire.attack_roll')}-{cite(g, 'fire.defense_roll')}"}


# ============================================================================ line of sight
def line_of_sight(g: Game, a: str, b: str) -> dict[str, Any] | None:
    """10.1-10.3: LOS from hex centre to hex centre; blocking terrain and Blaze block, Smoke and
    hindering terrain hinder (the largest hindrance counts against Fire); units never block."""
    brd = board_of(g)
    if brd is None:
        return None
    lm = label_map(brd)
    if a not in lm or b not in lm:
        return None
    r = los(g, a, b, overlay(g))
    tr = trace_line(lm[a], lm[b])
    path: list[str] = []
    for step in tr.steps:
        for h in step:
            i = brd.index.get(h)
            if i is not None and brd.labels[i] not in path:
                path.append(brd.labels[i])
    obstructions: list[str] = []
    if r.blocked_by is not None and r.blocked_by in brd.index:
        obstructions.append(brd.label(r.blocked_by))
    if r.blocked_edge is not None:
        for h in r.blocked_edge:
            if h in brd.index:
                obstructions.append(brd.label(h))
    return {"from": a, "to": b, "clear": bool(r.clear), "path": path, "obstructions": obstructions,
            "hindrance": int(r.hindrance), "distance": distance(lm[a], lm[b]),
            "rule": "10.1-10.3" + (f" (hindrance {r.hindrance})" if r.clear and r.hindrance else "")}
