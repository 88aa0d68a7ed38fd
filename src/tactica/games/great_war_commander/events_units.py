"""Great War Commander's own Events on Formations and Weapons: E57 Air Support, E58
Auftragstaktik, E64 Detachment, E65 Devil Dogs, E66 En Avant, E67 Engine Down, E68 Fatigue,
E76 Machine Gun Nest, E77 Malfunction, E78 Marseillaise, E79 Meccano, E80 Mobile Firepower,
E82 Pétard-Raquette, E83 Raid, E85 Recall Leader (the receiving player decides throughout; a
part impossible now is skipped and logged, E56).

Words of the book: a *Unit* is a Platoon, Team or Runner (not a Leader or Tank); a *Formation*
is any of them; *Good Order* is unbroken and unsuppressed (3.2.1). Readings (RULES.md):
Auftragstaktik moves the group into an adjacent hex the side may enter that holds no enemy (it
is a displacement, like leaving a Blaze); Meccano acts on a friendly Tank; Malfunction's
"unbroken" covers both Weapons and Tanks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family import event_steps as ev
from ..commander_family.board_state import edge_hexes, enemy_edge_hexes, hex_distance, units_in, within
from ..commander_family.event_steps import ask, continuation, map_units, no_effect, opt, unit_opts, who
from ..commander_family.events_units import break_in, rally, weapons_in_play
from ..commander_family.state import new_unit, new_weapon, opponent, side
from ..commander_family.stats import unit_kind
from ..commander_family.victory import break_unit
from .countermix import free_units, free_weapons

if TYPE_CHECKING:
    from tactica.core.game import Game

UNIT_KINDS = ("platoon", "team", "runner")


def _units(g: Game) -> dict[str, Any]:
    u: dict[str, Any] = g.state["units"]
    return u


def is_unit(g: Game, uid: str) -> bool:
    return unit_kind(g, uid) in UNIT_KINDS


def good_order(g: Game, uid: str) -> bool:
    u = _units(g)[uid]
    return not u["broken"] and not u["suppressed"]


def year(g: Game) -> int:
    return int(str(g.state.get("date") or "1918")[:4])


def month(g: Game) -> str:
    return str(g.state.get("date") or "1918-11")


def suppress(g: Game, uid: str, rule: str) -> None:
    if _units(g)[uid]["suppressed"]:
        g.emit(rule, "{unit} is already Suppressed", unit=uid)
        return
    _units(g)[uid]["suppressed"] = True
    g.emit(rule, "{unit} is Suppressed (13.1)", unit=uid)


def _nearest(g: Game, origin: str, pieces: dict[str, str]) -> list[str]:
    """The pieces (id -> hex) nearest ``origin``."""
    if not pieces:
        return []
    d = {p: hex_distance(g, origin, h) for p, h in pieces.items()}
    best = min(d.values())
    return sorted(p for p in pieces if d[p] == best)


# ---------------------------------------------------------------- E57 Air Support
def air_support(g: Game, seat: int, card: str) -> None:
    hexes = sorted({_units(g)[u]["hex"] for u in map_units(g) if is_unit(g, u)})
    if not hexes:
        no_effect(g, "E57", "no Unit on the map")
        return
    hard = year(g) >= 1917 and side(g.state, seat)["nation"] == "Germany"
    verb = "Break" if hard else "Suppress"
    ask(g, seat, "gwc_air_support", f"Air Support: {verb.lower()} every Unit in which hex?",
        [*[opt(f"hex:{h}", f"{verb} the Units in {h}", "hex", hex=h, effect=ev.HURTS) for h in hexes],
         opt("none", "No Air Support", "none")], hard=hard)


@continuation("gwc_air_support")
def _air_support(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E57", "{nation} calls no Air Support", nation=who(g, int(a["seat"])))
        return
    for uid in [u for u in units_in(g, o.args["hex"]) if is_unit(g, u)]:
        if a["hard"]:
            break_in(g, uid, "E57")
        else:
            suppress(g, uid, "E57")


# ---------------------------------------------------------------- E58 Auftragstaktik
def _displace_hexes(g: Game, seat: int, label: str) -> list[str]:
    rules: Any = g.rules
    uids = units_in(g, label, seat)
    figs = sum(rules.stack_figures(g, u) for u in uids)
    return [h for h in rules.adjacent_hexes(g, label)
            if not units_in(g, h, opponent(seat)) and ev.can_enter(g, h, seat, figs)]


def auftragstaktik(g: Game, seat: int, card: str) -> None:
    hexes = sorted({_units(g)[u]["hex"] for u in map_units(g, seat) if unit_kind(g, u) == "leader"
                    and not units_in(g, _units(g)[u]["hex"], opponent(seat))})
    hexes = [h for h in hexes if _displace_hexes(g, seat, h)]
    if not hexes:
        no_effect(g, "E58", f"no {who(g, seat)} Leader outside a Melee can be displaced")
        return
    ask(g, seat, "auftragstaktik", "Auftragstaktik: displace a Leader's hex?",
        [*[opt(f"hex:{h}", f"Displace {', '.join(units_in(g, h, seat))} from {h}", "hex", hex=h)
           for h in hexes], opt("none", "Displace nobody", "none")])


@continuation("auftragstaktik")
def _auftragstaktik(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E58", "{nation} displaces nobody", nation=who(g, int(a["seat"])))
        return
    h = o.args["hex"]
    ask(g, int(a["seat"]), "auftragstaktik_to", f"Auftragstaktik: into which hex next to {h}?",
        [opt(f"hex:{t}", f"Into {t}", "hex", hex=t) for t in _displace_hexes(g, int(a["seat"]), h)], frm=h)


@continuation("auftragstaktik_to")
def _auftragstaktik_to(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    moved = units_in(g, a["frm"], int(a["seat"]))
    for uid in moved:
        _units(g)[uid]["hex"] = o.args["hex"]
    g.emit("E58", "Auftragstaktik: {units} move from {frm} to {dest}", units=", ".join(moved), frm=a["frm"],
           dest=o.args["hex"])


# ---------------------------------------------------------------- E64 Detachment
def detachment(g: Game, seat: int, card: str) -> None:
    rules: Any = g.rules
    cands = [u for u in map_units(g, seat) if unit_kind(g, u) == "platoon" and _units(g)[u]["weapon"]
             and any(unit_kind(g, x) == "leader" for x in units_in(g, _units(g)[u]["hex"], seat))
             and free_units(g, rules.team_for(_units(g)[u]["type"])) >= 1]
    if not cands:
        no_effect(g, "E64", f"no {who(g, seat)} Platoon with a Weapon is stacked with a Leader (or no Team "
                  "is left in the countermix)")
        return
    ask(g, seat, "detachment", "Detachment: which Platoon detaches a Team with its Weapon?",
        [*unit_opts(g, cands, "Detach from"), opt("none", "No Detachment", "none")])


@continuation("detachment")
def _detachment(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat = int(a["seat"])
    if o.kind == "none":
        g.emit("E64", "{nation} detaches nothing", nation=who(g, seat))
        return
    rules: Any = g.rules
    s = g.state
    pid = o.args["unit"]
    p = s["units"][pid]
    team = rules.team_for(p["type"])
    tid = ev.new_id(g, seat, "d")
    t = new_unit(team, seat, p["hex"], "map", p["weapon"])
    t.update(rules.unit_fields(team))
    t.update(broken=p["broken"], op_fired=p["op_fired"])  # E64.2: no Suppressed or Veteran marker
    s["units"][tid] = t
    s["weapons"][p["weapon"]]["carrier"] = tid
    p["weapon"] = None
    if pid in s["activated"]:
        s["activated"].append(tid)
    # E64.2: results pending against the Platoon (lists in the frames under way) hit the Team too
    for f in s["stack"]:
        for k, v in f["args"].items():
            if isinstance(v, list) and pid in v and tid not in v:
                f["args"][k] = [*v, tid]
    g.emit("E64", "Detachment: {team} ({name}) joins {platoon} in {hex} and takes its Weapon {w}", team=tid,
           name=rules.unit_type(team).name, platoon=pid, hex=p["hex"], w=t["weapon"])


# ---------------------------------------------------------------- E65 Devil Dogs, E66 En Avant
def rally_or_surrender(rule: str, nation: str) -> Any:
    """Rally a friendly Unit, or raise the Surrender level by one (E65 American, E66 French)."""

    def execute(g: Game, seat: int, card: str) -> None:
        if side(g.state, seat)["nation"] != nation:
            no_effect(g, rule, f"only the {nation} player receives it")
            return
        broken = [u for u in map_units(g, seat) if is_unit(g, u) and _units(g)[u]["broken"]]
        ask(g, seat, "rally_or_surrender", "Rally a Unit, or raise your Surrender level?",
            [*unit_opts(g, broken, "Rally", ev.HELPS),
             opt("surrender", "Surrender level +1", "surrender", effect=ev.HURTS)], rule=rule)

    return execute


@continuation("rally_or_surrender")
def _rally_or_surrender(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "unit":
        rally(g, o.args["unit"], a["rule"])
        return
    sd = side(g.state, int(a["seat"]))
    sd["surrender"] = int(sd["surrender"]) + 1
    g.emit(a["rule"], "{nation}'s Surrender level rises to {n}", nation=who(g, int(a["seat"])),
           n=sd["surrender"])


# ---------------------------------------------------------------- E67 Engine Down, E77 Malfunction
def engine_down(g: Game, seat: int, card: str) -> None:
    ev.random_hex(g, seat, "engine_down", "E67")


@continuation("engine_down")
def _engine_down(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    tanks = {u: _units(g)[u]["hex"] for u in map_units(g) if unit_kind(g, u) == "tank"}
    tied = _nearest(g, a["hex"], tanks)
    if not tied:
        no_effect(g, "E67", "no Tank on the map")
    elif len(tied) == 1:
        break_unit(g, tied[0], "E67")
    else:
        ask(g, int(a["seat"]), "engine_down_pick", "Engine Down: which of the nearest Tanks breaks?",
            unit_opts(g, tied, "Break", ev.HURTS))


@continuation("engine_down_pick")
def _engine_down_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    break_unit(g, o.args["unit"], "E67")


def malfunction(g: Game, seat: int, card: str) -> None:
    ev.random_hex(g, seat, "gwc_malfunction", "E77")


def _malfunction_hit(g: Game, pid: str) -> None:
    if pid in g.state["weapons"]:
        g.state["weapons"][pid]["broken"] = True
        g.emit("E77", "{weapon} malfunctions and breaks (11.4)", weapon=pid)
    else:
        suppress(g, pid, "E77")


@continuation("gwc_malfunction")
def _gwc_malfunction(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    pieces = dict(weapons_in_play(g))
    pieces.update({u: _units(g)[u]["hex"] for u in map_units(g)
                   if unit_kind(g, u) == "tank" and not _units(g)[u]["broken"]})
    tied = _nearest(g, a["hex"], pieces)
    if not tied:
        no_effect(g, "E77", "no unbroken Weapon or Tank on the map")
    elif len(tied) == 1:
        _malfunction_hit(g, tied[0])
    else:
        ask(g, int(a["seat"]), "gwc_malfunction_pick", "Malfunction: which of the nearest is hit?",
            [opt(f"piece:{p}", f"{p} in {pieces[p]}", "piece", piece=p) for p in tied])


@continuation("gwc_malfunction_pick")
def _gwc_malfunction_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    _malfunction_hit(g, o.args["piece"])


# ---------------------------------------------------------------- E68 Fatigue
def fatigue(g: Game, seat: int, card: str) -> None:
    edge = enemy_edge_hexes(g, seat)
    hexes = sorted({_units(g)[u]["hex"] for u in map_units(g, seat)})
    if not hexes or not edge:
        no_effect(g, "E68", f"no {who(g, seat)} Formation on the map")
        return
    d = {h: min(hex_distance(g, h, e) for e in edge) for h in hexes}
    best = min(d.values())
    tied = [h for h in hexes if d[h] == best]
    if len(tied) == 1:
        _fatigue(g, {"seat": seat}, Option(f"hex:{tied[0]}", "", "hex", {"hex": tied[0]}))
        return
    ask(g, seat, "fatigue", "Fatigue: which of the hexes closest to the enemy edge?",
        [opt(f"hex:{h}", f"Suppress the Formations in {h}", "hex", hex=h, effect=ev.HURTS) for h in tied])


@continuation("fatigue")
def _fatigue(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    g.emit("E68", "Fatigue in {hex}, the friendly hex closest to the enemy map edge", hex=o.args["hex"])
    for uid in units_in(g, o.args["hex"], int(a["seat"])):
        suppress(g, uid, "E68")


# ---------------------------------------------------------------- E76 MG Nest, E80 Mobile Firepower
def _arm(rule: str, weapon_ids: Any, why_date: Any, who_may: Any) -> Any:
    def execute(g: Game, seat: int, card: str) -> None:
        rules: Any = g.rules
        late = why_date(g, rules.card(card))
        if late:
            no_effect(g, rule, late)
            return
        ws = [w for w in weapon_ids(g, seat) if free_weapons(g, w) >= 1]
        units = [u for u in map_units(g, seat) if _units(g)[u]["weapon"] is None and who_may(g, u)
                 and any(may_take(g, u, w) for w in ws)]
        if not ws or not units:
            no_effect(g, rule, "no such Weapon is left in the countermix" if not ws
                      else f"no {who(g, seat)} Unit can take it")
            return
        ask(g, seat, "arm", "Which Unit gets the Weapon?",
            [opt(f"arm:{u}:{w}", f"{rules.weapon_type(w).name} to {u}", "arm", unit=u, weapon=w)
             for w in ws for u in units if may_take(g, u, w)], rule=rule)

    return execute


def may_take(g: Game, uid: str, wtype: str) -> bool:
    """11.2: only a Platoon or a Team carries a Weapon, a Team-only one only a Team."""
    rules: Any = g.rules
    kind = unit_kind(g, uid)
    return kind == "team" if rules.weapon_type(wtype).team_only else kind in ("platoon", "team")


@continuation("arm")
def _arm_done(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat, uid, wt = int(a["seat"]), o.args["unit"], o.args["weapon"]
    wid = f"{uid}-w"
    n = 1
    while wid in g.state["weapons"]:
        n += 1
        wid = f"{uid}-w{n}"
    g.state["weapons"][wid] = new_weapon(wt, seat, uid)
    _units(g)[uid]["weapon"] = wid
    rules: Any = g.rules
    g.emit(a["rule"], "{unit} takes a {w} from the countermix ({wid})", unit=uid,
           w=rules.weapon_type(wt).name, wid=wid)


def _lmgs(g: Game, seat: int) -> list[str]:
    rules: Any = g.rules
    nat = side(g.state, seat)["nation"]
    return sorted(w.id for w in rules.components.weapons.values() if w.nation == nat and w.kind == "lmg")


def _chauchats(g: Game, seat: int) -> list[str]:
    rules: Any = g.rules
    nat = side(g.state, seat)["nation"]
    return sorted(w.id for w in rules.components.weapons.values() if w.nation == nat and "chauchat" in w.id)


def _nest_date(g: Game, card: Any) -> str | None:
    if card.date and month(g) < card.date:
        return f"no light machine gun before {card.date} (E76.1); the scenario is {month(g)}"
    return None


def _chauchat_date(g: Game, card: Any) -> str | None:
    if month(g) < "1916-05":
        return f"no Chauchat before May 1916 (E80.1); the scenario is {month(g)}"
    return None


machine_gun_nest = _arm("E76", _lmgs, _nest_date, good_order)
mobile_firepower = _arm("E80", _chauchats, _chauchat_date, lambda g, u: not _units(g)[u]["broken"])


# ---------------------------------------------------------------- E78 Marseillaise, E79 Meccano
def marseillaise(g: Game, seat: int, card: str) -> None:
    hexes = sorted({_units(g)[u]["hex"] for u in map_units(g, seat)
                    if _units(g)[u]["broken"] and unit_kind(g, u) != "tank"})
    if side(g.state, seat)["nation"] != "France" or not hexes:
        no_effect(g, "E78", "no broken French Unit or Leader on the map" if hexes == []
                  else "only the French player receives it")
        return
    ask(g, seat, "marseillaise", "Marseillaise: rally every Unit and Leader in which hex?",
        [opt(f"hex:{h}", f"Rally in {h}", "hex", hex=h, effect=ev.HELPS) for h in hexes])


@continuation("marseillaise")
def _marseillaise(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    for uid in units_in(g, o.args["hex"], int(a["seat"])):
        if _units(g)[uid]["broken"] and unit_kind(g, uid) != "tank":
            rally(g, uid, "E78")


def meccano(g: Game, seat: int, card: str) -> None:
    tanks = [u for u in map_units(g, seat) if unit_kind(g, u) == "tank"]
    opts = [*[opt(f"unsuppress:{u}", f"Remove the Suppressed marker of {u}", "unsuppress", unit=u)
              for u in tanks if _units(g)[u]["suppressed"]],
            *[opt(f"rally:{u}", f"Rally {u}", "rally", unit=u, effect=ev.HELPS)
              for u in tanks if _units(g)[u]["broken"]]]
    if not opts:
        no_effect(g, "E79", f"no {who(g, seat)} Tank is Suppressed or broken")
        return
    ask(g, seat, "meccano", "Meccano: which Tank is mended?", opts)


@continuation("meccano")
def _meccano(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    uid = o.args["unit"]
    if o.kind == "rally":
        rally(g, uid, "E79")
    else:
        _units(g)[uid]["suppressed"] = False
        g.emit("E79", "{unit} is no longer Suppressed", unit=uid)


# ---------------------------------------------------------------- E82 Pétard-Raquette, E83 Raid
def petard(g: Game, seat: int, card: str) -> None:
    mine = [_units(g)[u]["hex"] for u in map_units(g, seat) if is_unit(g, u) and good_order(g, u)]
    cands = [u for u in map_units(g, opponent(seat))
             if any(hex_distance(g, _units(g)[u]["hex"], h) == 1 for h in mine)]
    if side(g.state, seat)["nation"] != "France" or not cands:
        no_effect(g, "E82", "no enemy Formation is adjacent to a French Unit in Good Order"
                  if side(g.state, seat)["nation"] == "France" else "only the French player receives it")
        return
    ask(g, seat, "petard", "Pétard-Raquette: break which enemy Formation?",
        unit_opts(g, cands, "Break", ev.HURTS))


@continuation("petard")
def _petard(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    break_in(g, o.args["unit"], "E82")


def raid_targets(g: Game, seat: int) -> list[str]:
    """E83: the enemy Units at most two hexes from one of the receiver's Good Order Units that
    shares its hex with a Leader."""
    bases = {_units(g)[u]["hex"] for u in map_units(g, seat) if is_unit(g, u) and good_order(g, u)
             and any(unit_kind(g, x) == "leader" for x in units_in(g, _units(g)[u]["hex"], seat))}
    reach: set[str] = set()
    for h in bases:
        reach |= within(g, h, 2)
    return [u for u in map_units(g, opponent(seat)) if is_unit(g, u) and _units(g)[u]["hex"] in reach]


def raid(g: Game, seat: int, card: str) -> None:
    cands = raid_targets(g, seat)
    if not cands:
        no_effect(g, "E83", "no enemy Unit within two hexes of a friendly Good Order Unit with a Leader")
        return
    ask(g, seat, "raid", "Raid: break one enemy Unit, or Suppress two?",
        [*unit_opts(g, cands, "Break", ev.HURTS),
         *[opt(f"suppress:{u}", f"Suppress {ev.unit_label(g, u)} (then a second)", "suppress", unit=u,
             effect=ev.HURTS)
           for u in cands if not _units(g)[u]["suppressed"]],
         opt("none", "No Raid", "none")])


@continuation("raid")
def _raid(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat = int(a["seat"])
    if o.kind == "none":
        g.emit("E83", "{nation} makes no Raid", nation=who(g, seat))
    elif o.kind == "unit":
        break_in(g, o.args["unit"], "E83")
    else:
        suppress(g, o.args["unit"], "E83")
        more = [u for u in raid_targets(g, seat) if not _units(g)[u]["suppressed"]]
        if more:
            ask(g, seat, "raid_second", "Raid: Suppress a second enemy Unit?",
                [*unit_opts(g, more, "Suppress", ev.HURTS), opt("none", "No second one", "none")])


@continuation("raid_second")
def _raid_second(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind != "none":
        suppress(g, o.args["unit"], "E83")


# ---------------------------------------------------------------- E85 Recall Leader
def recall_leader(g: Game, seat: int, card: str) -> None:
    edge = edge_hexes(g, seat)
    leaders = {u: _units(g)[u]["hex"] for u in map_units(g, seat) if unit_kind(g, u) == "leader"}
    if not leaders or not edge:
        no_effect(g, "E85", f"no {who(g, seat)} Leader on the map")
        return
    d = {u: min(hex_distance(g, h, e) for e in edge) for u, h in leaders.items()}
    best = min(d.values())
    tied = sorted(u for u in leaders if d[u] == best)
    if len(tied) == 1:
        _recall(g, {"seat": seat}, Option(f"unit:{tied[0]}", "", "unit", {"unit": tied[0]}))
        return
    ask(g, seat, "recall", "Recall Leader: which of the Leaders nearest your edge?",
        unit_opts(g, tied, "Recall"))


@continuation("recall")
def _recall(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    uid = o.args["unit"]
    space = int(g.state["time"]["space"]) + 1
    g.state["units"][uid].update(where="time_track", hex=None, broken=False, suppressed=False, veteran=False)
    g.state["reinforcements"].setdefault(str(space), []).append(uid)
    g.emit("E85", "{unit} is recalled to Time space {space}, in Good Order without markers", unit=uid,
           space=space)
