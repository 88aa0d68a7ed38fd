"""Events that act on units and Weapons: E43 Air Support, E44 Battle Harden, E50 Commissar,
E51 Cower, E52 Deploy, E56 Field Promotion, E58 Hero, E60 Interdiction, E62 KIA, E63 Malfunction,
E64 Medic!, E66 Prisoners of War, E71 Scrounge, E72 Shell Shock, E75 Suppressing Fire,
E76 Walking Wounded.

The receiving player (who revealed the Event) decides unless the Event names someone else
(Commissar: the Russian player). Parts that are impossible now are skipped and logged (E42).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family.board_state import hex_distance, overlay, units_in, within
from ..commander_family.breaking import break_or_wound
from ..commander_family.events import EventDef
from ..commander_family.fire import reaches
from ..commander_family.placement import deploy
from ..commander_family.state import new_unit, opponent, side
from ..commander_family.stats import command_of, morale, terrain_cover, unit_kind
from ..commander_family.victory import check_sudden_loss, eliminate
from . import events_common as ec
from .events_common import ask, continuation, map_units, opt, unit_label, who

if TYPE_CHECKING:
    from tactica.core.game import Game


def _units(g: Game) -> dict[str, Any]:
    u: dict[str, Any] = g.state["units"]
    return u


def _none(g: Game, rule: str, why: str) -> None:
    g.emit(rule, "No effect: {why} (E42)", why=why)


def _unit_opts(g: Game, uids: list[str], verb: str) -> list[list[Any]]:
    return [opt(f"unit:{u}", f"{verb} {unit_label(g, u)}", "unit", unit=u) for u in uids]


def rally(g: Game, uid: str, rule: str) -> None:
    """3.2.5: flip a broken unit back to its unbroken side."""
    _units(g)[uid]["broken"] = False
    g.emit(rule, "{unit} rallies (3.2.5)", unit=uid)


def broken_units(g: Game, seat: int | None = None) -> list[str]:
    return [u for u in map_units(g, seat) if _units(g)[u]["broken"]]


# ---------------------------------------------------------------- E43 Air Support
def air_support(g: Game, seat: int, card: str) -> None:
    ec.random_hex(g, seat, "air_support", "E43")


@continuation("air_support")
def _air_support_hex(g: Game, a: Args, _: Option | None) -> None:
    seat, h = int(a["seat"]), a["hex"]
    if h is None:
        return
    occupied = {_units(g)[u]["hex"] for u in map_units(g)}
    if h in occupied:
        targets = [h]
    else:
        targets = ec.closest(g, h, occupied)
        if not targets:
            _none(g, "E43", "no unit on the map")
            return
        g.emit("E43", "{hex} is empty: the closest occupied hex(es): {hexes}", hex=h,
               hexes=", ".join(targets))
    opts = [opt(f"hex:{t}", f"Break every unit in {t} ({', '.join(units_in(g, t))})", "hex", hex=t)
            for t in targets]
    ask(g, seat, "air_support_pick", "Air Support: break all units in a hex?",
        [*opts, opt("none", "Break nobody", "none")])


@continuation("air_support_pick")
def _air_support_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E43", "{nation} declines the Air Support", nation=who(g, int(a["seat"])))
        return
    for uid in units_in(g, o.args["hex"]):
        u = _units(g)[uid]
        if u["broken"]:
            g.emit("E43", "{unit} breaks again and is eliminated (3.2.4)", unit=uid)
            eliminate(g, uid, "E43", check=False)
        else:
            break_or_wound(g, uid, "E43")
    check_sudden_loss(g)


# ---------------------------------------------------------------- E44 Battle Harden
def battle_harden(g: Game, seat: int, card: str) -> None:
    cands = [u for u in map_units(g, seat) if not _units(g)[u]["veteran"]]
    if not cands:
        _none(g, "E44", f"{who(g, seat)} has no unit without a Veteran marker on the map")
        return
    ask(g, seat, "battle_harden", "Battle Harden: which unit becomes Veteran?",
        _unit_opts(g, cands, "Veteran:"))


@continuation("battle_harden")
def _battle_harden(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    _units(g)[o.args["unit"]]["veteran"] = True
    g.emit("E44", "{unit} gets a Veteran marker: +1 FP, Range, Movement, Morale (E44.1)", unit=o.args["unit"])


# ---------------------------------------------------------------- E50 Commissar
def commissar(g: Game, seat: int, card: str) -> None:
    russian = [s for s in (0, 1) if side(g.state, s)["nation"] == "Russia"]
    if not russian:
        _none(g, "E50", "there is no Russian player")
        return
    r = russian[0]
    cands = broken_units(g, r)
    if not cands:
        _none(g, "E50", "the Russian player has no broken unit on the map")
        return
    ask(g, r, "commissar", "Commissar: pick one of your broken units",
        _unit_opts(g, cands, "Commissar visits"))


@continuation("commissar")
def _commissar_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    ec.roll_then(g, int(a["seat"]), "commissar_roll", "Commissar", unit=o.args["unit"])


@continuation("commissar_roll")
def _commissar_roll(g: Game, a: Args, _: Option | None) -> None:
    uid = a["unit"]
    m = morale(g, uid)
    roll = int(a["roll"]["total"])
    if roll > m.value:
        g.emit("E50", "Commissar: roll {roll} > Morale {m}: {unit} is shot", roll=roll, m=m.value, unit=uid)
        eliminate(g, uid, "E50")
    else:
        g.emit("E50", "Commissar: roll {roll} <= Morale {m}", roll=roll, m=m.value)
        rally(g, uid, "E50")


# ---------------------------------------------------------------- E51 Cower
def cower(g: Game, seat: int, card: str) -> None:
    leaders = [u for u in map_units(g, seat) if unit_kind(g, u) == "leader"]
    covered: set[str] = set()
    for ldr in leaders:
        covered |= within(g, _units(g)[ldr]["hex"], command_of(g, ldr))
    hit = [u for u in map_units(g, seat) if unit_kind(g, u) == "squad"
           and not _units(g)[u]["suppressed"] and _units(g)[u]["hex"] not in covered]
    if not hit:
        _none(g, "E51", f"every {who(g, seat)} Squad is Suppressed or within a Leader's Command radius")
    for u in hit:
        _units(g)[u]["suppressed"] = True
        g.emit("E51", "{unit} is outside every Leader's Command radius: Suppressed (13.1)", unit=u)


# ---------------------------------------------------------------- E52 Deploy
def deploy_event(g: Game, seat: int, card: str) -> None:
    cands = [u for u in map_units(g, seat) if unit_kind(g, u) == "squad"]
    if not cands:
        _none(g, "E52", f"{who(g, seat)} has no Squad on the map")
        return
    ask(g, seat, "deploy", "Deploy: replace a Squad by two Teams?",
        [*_unit_opts(g, cands, "Deploy"), opt("none", "Deploy nothing", "none")])


def _replace_pending(g: Game, uid: str, teams: list[str]) -> None:
    """E52.2: results pending against the Squad (ids listed in the frames below, e.g. the units
    still to make a Fire Defense Roll) now hit both Teams."""
    for frame in g.state["stack"]:
        for k, v in frame["args"].items():
            if isinstance(v, list) and uid in v:
                i = v.index(uid)
                frame["args"][k] = [*v[:i], *teams, *v[i + 1:]]


@continuation("deploy")
def _deploy(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E52", "{nation} does not Deploy", nation=who(g, int(a["seat"])))
        return
    uid = o.args["unit"]
    u = _units(g)[uid]
    markers = [m for m, on in (("weapon", u["weapon"] is not None), ("suppressed", u["suppressed"]),
                               ("veteran", u["veteran"])) if on]
    teams = deploy(g, uid, "E52")
    _replace_pending(g, uid, teams)
    if len(markers) < 2:
        return
    # E52.2: each marker stays with one Team only; the Teams are identical, so the choice is
    # which markers go together (the first marker always on the first Team)
    opts = [opt("split:", f"All of {', '.join(markers)} on {teams[0]}", "split", move=[])]
    for n in range(1, len(markers)):
        for moved in combinations(markers[1:], n):
            opts.append(opt(f"split:{'+'.join(moved)}", f"{', '.join(moved)} to {teams[1]}", "split",
                            move=list(moved)))
    ask(g, int(a["seat"]), "deploy_split", "Deploy: which markers go to the second Team?", opts, teams=teams)


@continuation("deploy_split")
def _deploy_split(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    first, second = (_units(g)[t] for t in a["teams"])
    for m in o.args["move"]:
        if m == "weapon":
            second["weapon"], first["weapon"] = first["weapon"], None
            g.state["weapons"][second["weapon"]]["carrier"] = a["teams"][1]
        else:
            second[m], first[m] = True, False
        g.emit("E52.2", "{marker} goes with {team}", marker=m.capitalize(), team=a["teams"][1])


# ---------------------------------------------------------------- E56 Field Promotion, E58 Hero
def _special_counter(g: Game, seat: int, special: str) -> tuple[Any, str | None, bool]:
    """(roster type, existing unit id, available): the nation's Private/Hero counter."""
    t = ec.roster_unit(g, seat, special)
    if t is None:
        return None, None, False
    for uid, u in sorted(_units(g).items()):
        if u["type"] == t.id and u["seat"] == seat:
            # a Hero leaves play when eliminated (E58.1) and may come back; a Private on the
            # Casualty Track or waiting on the Time Track is not available (our reading)
            return t, uid, u["where"] == "out"
    return t, None, True


def _bring(g: Game, seat: int, special: str, hex_label: str, rule: str) -> str:
    t, uid, _ = _special_counter(g, seat, special)
    if uid is None:
        uid = ec.new_id(g, seat, special)
        _units(g)[uid] = new_unit(t.id, seat, hex_label, "map")
    else:
        _units(g)[uid].update(where="map", hex=hex_label, broken=False, suppressed=False, veteran=False)
    g.emit(rule, "{nation} places {name} ({unit}) in {hex}", nation=who(g, seat), name=t.name, unit=uid,
           hex=hex_label)
    return uid


def field_promotion(g: Game, seat: int, card: str) -> None:
    t, _, free = _special_counter(g, seat, "private")
    if t is None or not free:
        _none(g, "E56", f"{who(g, seat)}'s Private is not available (on the map or out of play)")
        return
    hexes = sorted({_units(g)[u]["hex"] for u in broken_units(g, seat)})
    if not hexes:
        _none(g, "E56", f"{who(g, seat)} has no broken unit on the map")
        return
    ask(g, seat, "field_promotion", f"Field Promotion: place {t.name}?",
        [*[opt(f"hex:{h}", f"Place the Private in {h}", "hex", hex=h) for h in hexes],
         opt("none", "Do not place him", "none")])


@continuation("field_promotion")
def _field_promotion(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E56", "{nation} does not place the Private", nation=who(g, int(a["seat"])))
        return
    _bring(g, int(a["seat"]), "private", o.args["hex"], "E56")


def hero(g: Game, seat: int, card: str) -> None:
    t, _, free = _special_counter(g, seat, "hero")
    if t is None or not free:
        _none(g, "E58", f"{who(g, seat)}'s Hero is already on the map")
        return
    hexes = sorted({_units(g)[u]["hex"] for u in map_units(g, seat)
                    if not units_in(g, _units(g)[u]["hex"], opponent(seat))})
    if not hexes:
        _none(g, "E58", f"{who(g, seat)} has no friendly hex")
        return
    ask(g, seat, "hero", f"Hero: where does {t.name} appear?",
        [opt(f"hex:{h}", f"Place the Hero in {h}", "hex", hex=h) for h in hexes])


@continuation("hero")
def _hero(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat, h = int(a["seat"]), o.args["hex"]
    _bring(g, seat, "hero", h, "E58")
    cands = [u for u in units_in(g, h, seat) if _units(g)[u]["broken"]]
    if cands:
        ask(g, seat, "hero_rally", "Hero: rally a broken unit in his hex?",
            [*_unit_opts(g, cands, "Rally"), opt("none", "Rally nobody", "none")])


@continuation("hero_rally")
def _hero_rally(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind != "none":
        rally(g, o.args["unit"], "E58")


# ---------------------------------------------------------------- E60 Interdiction
def hex_cover(g: Game, label: str) -> int:
    """The best Cover a unit in ``label`` may use (T78.3): terrain, or a Fortification's."""
    terrain, _ = terrain_cover(g, label)
    fort = ec.fortifications(g).get(label)
    return max(terrain, ec.FORTIFICATION_COVER.get(fort or "", terrain))


def interdiction(g: Game, seat: int, card: str) -> None:
    cands = [u for u in map_units(g) if not _units(g)[u]["suppressed"]
             and hex_cover(g, _units(g)[u]["hex"]) < 1]
    if not cands:
        _none(g, "E60", "no unsuppressed unit stands in a hex with Cover below 1")
        return
    ask(g, seat, "interdiction", "Interdiction: Suppress which unit?", _unit_opts(g, cands, "Suppress"))


@continuation("interdiction")
def _interdiction(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    uid = o.args["unit"]
    _units(g)[uid]["suppressed"] = True
    g.emit("E60", "{unit} (Cover {c}) is Suppressed (13.1)", unit=uid, c=hex_cover(g, _units(g)[uid]["hex"]))


# ---------------------------------------------------------------- E62 KIA, E64 Medic!, E66 POW
def kia(g: Game, seat: int, card: str) -> None:
    cands = broken_units(g)
    if not cands:
        _none(g, "E62", "no broken unit on the map")
        return
    ask(g, seat, "kia", "KIA: eliminate which broken unit?", _unit_opts(g, cands, "Eliminate"))


@continuation("kia")
def _kia(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    eliminate(g, o.args["unit"], "E62")


def medic(g: Game, seat: int, card: str) -> None:
    cands = broken_units(g)
    if not cands:
        _none(g, "E64", "no broken unit on the map")
        return
    ask(g, seat, "medic", "Medic!: rally which broken unit?", _unit_opts(g, cands, "Rally"))


@continuation("medic")
def _medic(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    rally(g, o.args["unit"], "E64")


def prisoners_of_war(g: Game, seat: int, card: str) -> None:
    rules: Any = g.rules
    enemy_hexes = {_units(g)[u]["hex"] for u in map_units(g, opponent(seat))}
    cands = [u for u in broken_units(g, seat)
             if enemy_hexes & {_units(g)[u]["hex"], *rules.adjacent_hexes(g, _units(g)[u]["hex"])}]
    if not cands:
        _none(g, "E66", f"no broken {who(g, seat)} unit is in or next to an enemy-occupied hex")
        return
    ask(g, seat, "pow", "Prisoners of War: which of your broken units surrenders?",
        _unit_opts(g, cands, "Surrender"))


@continuation("pow")
def _pow(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    eliminate(g, o.args["unit"], "E66")


# ---------------------------------------------------------------- E63 Malfunction, E72 Shell Shock
def weapons_in_play(g: Game, unbroken: bool = True) -> dict[str, str]:
    """Weapon id -> hex of its carrier, for Weapons carried on the map."""
    out = {}
    for wid, w in sorted(g.state["weapons"].items()):
        c = w["carrier"]
        if w["where"] != "map" or c is None or (unbroken and w["broken"]):
            continue
        u = _units(g)[c]
        if u["where"] == "map" and u["hex"] is not None:
            out[wid] = u["hex"]
    return out


def malfunction(g: Game, seat: int, card: str) -> None:
    ec.random_hex(g, seat, "malfunction", "E63")


@continuation("malfunction")
def _malfunction_hex(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    ws = weapons_in_play(g)
    if not ws:
        _none(g, "E63", "no unbroken Weapon on the map")
        return
    d = {w: hex_distance(g, a["hex"], h) for w, h in ws.items()}
    best = min(d.values())
    tied = [w for w in ws if d[w] == best]
    if len(tied) == 1:
        _break_weapon(g, tied[0])
        return
    ask(g, int(a["seat"]), "malfunction_pick", "Malfunction: which of the closest Weapons breaks?",
        [opt(f"weapon:{w}", f"Break {w} in {ws[w]}", "weapon", weapon=w) for w in tied])


def _break_weapon(g: Game, wid: str) -> None:
    g.state["weapons"][wid]["broken"] = True
    g.emit("E63", "{weapon} malfunctions and breaks (11.4)", weapon=wid)


@continuation("malfunction_pick")
def _malfunction_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    _break_weapon(g, o.args["weapon"])


def shell_shock(g: Game, seat: int, card: str) -> None:
    ec.random_hex(g, seat, "shell_shock", "E72")


@continuation("shell_shock")
def _shell_shock_hex(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    units = map_units(g)
    if not units:
        _none(g, "E72", "no unit on the map")
        return
    d = {u: hex_distance(g, a["hex"], _units(g)[u]["hex"]) for u in units}
    best = min(d.values())
    tied = [u for u in units if d[u] == best]
    if len(tied) == 1:
        break_or_wound(g, tied[0], "E72")
        return
    ask(g, int(a["seat"]), "shell_shock_pick", "Shell Shock: which of the closest units breaks?",
        _unit_opts(g, tied, "Break"))


@continuation("shell_shock_pick")
def _shell_shock_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    break_or_wound(g, o.args["unit"], "E72")


# ---------------------------------------------------------------- E71 Scrounge
def scrounge(g: Game, seat: int, card: str) -> None:
    ws = [w for s in (0, 1) for w in side(g.state, s)["casualty_weapons"]]
    holders = [u for u in map_units(g, seat) if _units(g)[u]["weapon"] is None]
    if not ws or not holders:
        _none(g, "E71", "no eliminated Weapon" if not ws else f"every {who(g, seat)} unit has a Weapon")
        return
    ask(g, seat, "scrounge", "Scrounge: take an eliminated Weapon?",
        [*[opt(f"weapon:{w}", f"Scrounge {w}", "weapon", weapon=w) for w in sorted(ws)],
         opt("none", "Take nothing", "none")])


@continuation("scrounge")
def _scrounge(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat = int(a["seat"])
    if o.kind == "none":
        g.emit("E71", "{nation} scrounges nothing", nation=who(g, seat))
        return
    holders = [u for u in map_units(g, seat) if _units(g)[u]["weapon"] is None]
    ask(g, seat, "scrounge_to", f"Scrounge: who takes {o.args['weapon']}?", _unit_opts(g, holders, "Give to"),
        weapon=o.args["weapon"])


@continuation("scrounge_to")
def _scrounge_to(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat, wid, uid = int(a["seat"]), a["weapon"], o.args["unit"]
    for s in (0, 1):
        lst = side(g.state, s)["casualty_weapons"]
        if wid in lst:
            lst.remove(wid)
    g.state["weapons"][wid].update(seat=seat, carrier=uid, where="map", broken=False)
    _units(g)[uid]["weapon"] = wid
    g.emit("E71", "{weapon} returns from the Casualty Track to {unit}", weapon=wid, unit=uid)


# ---------------------------------------------------------------- E75 Suppressing Fire
def _mgs(g: Game, seat: int) -> list[str]:
    out = []
    for wid in weapons_in_play(g):
        w = g.state["weapons"][wid]
        u = _units(g)[w["carrier"]]
        rules: Any = g.rules
        if (rules.weapon_type(w["type"]).kind == "machine_gun" and u["seat"] == seat
                and not u["broken"] and not u["suppressed"]):
            out.append(wid)
    return out


def suppressing_fire(g: Game, seat: int, card: str) -> None:
    ov = overlay(g)
    mgs = _mgs(g, seat)
    cands = [u for u in map_units(g, opponent(seat)) if not _units(g)[u]["suppressed"]
             and any(reaches(g, w, _units(g)[u]["hex"], ov) is not None for w in mgs)]
    if not cands:
        _none(g, "E75", "no unsuppressed enemy unit is in Range and LOS of a usable friendly MG")
        return
    ask(g, seat, "suppressing_fire", "Suppressing Fire: Suppress an enemy unit?",
        [*_unit_opts(g, cands, "Suppress"), opt("none", "Suppress nobody", "none")])


@continuation("suppressing_fire")
def _suppressing_fire(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E75", "{nation} declines Suppressing Fire", nation=who(g, int(a["seat"])))
        return
    _units(g)[o.args["unit"]]["suppressed"] = True
    g.emit("E75", "{unit} is Suppressed by MG fire (13.1)", unit=o.args["unit"])


# ---------------------------------------------------------------- E76 Walking Wounded
def walking_wounded(g: Game, seat: int, card: str) -> None:
    cands = [u for s in (0, 1) for u in side(g.state, s)["casualties"]]
    if not cands:
        _none(g, "E76", "the Casualty Track is empty")
        return
    ask(g, seat, "walking_wounded", "Walking Wounded: which eliminated unit returns?",
        _unit_opts(g, sorted(cands), "Return"))


@continuation("walking_wounded")
def _walking_wounded(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    ec.random_hex(g, int(a["seat"]), "walking_wounded_hex", "E76", unit=o.args["unit"])


@continuation("walking_wounded_hex")
def _walking_wounded_hex(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    uid = a["unit"]
    owner = int(_units(g)[uid]["seat"])
    figs = ec.figures_of_type(g, _units(g)[uid]["type"])
    hexes = [h for h in ec.adjacent_or_in(g, a["hex"]) if ec.can_enter(g, h, owner, figs)]
    if not hexes:
        _none(g, "E76", f"no hex in or next to {a['hex']} can take {uid}")
        return
    ask(g, int(a["seat"]), "walking_wounded_place", f"Walking Wounded: where does {uid} return?",
        [opt(f"hex:{h}", f"{uid} to {h}", "hex", hex=h) for h in hexes], unit=uid)


@continuation("walking_wounded_place")
def _walking_wounded_place(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    uid = a["unit"]
    owner = int(_units(g)[uid]["seat"])
    side(g.state, owner)["casualties"].remove(uid)
    _units(g)[uid].update(where="map", hex=o.args["hex"], broken=True, suppressed=False, veteran=False)
    g.emit("E76", "{unit} returns to play broken in {hex} (3.2); VPs already scored stay", unit=uid,
           hex=o.args["hex"])


# ---------------------------------------------------------------- registration
EVENTS = {
    "Air Support": air_support,
    "Battle Harden": battle_harden,
    "Commissar": commissar,
    "Cower": cower,
    "Deploy": deploy_event,
    "Field Promotion": field_promotion,
    "Hero": hero,
    "Interdiction": interdiction,
    "KIA": kia,
    "Malfunction": malfunction,
    "Medic!": medic,
    "Prisoners of War": prisoners_of_war,
    "Scrounge": scrounge,
    "Shell Shock": shell_shock,
    "Suppressing Fire": suppressing_fire,
    "Walking Wounded": walking_wounded,
}


def register(rules: Any) -> None:
    ec.add_steps(rules)
    from .components import EVENTS as RULE

    for name, fn in EVENTS.items():
        rules.events[name] = EventDef(name, RULE[name], implemented=True, execute=fn)

