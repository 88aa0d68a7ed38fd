"""Events that act on units and Weapons: E43 Air Support, E44 Battle Harden, E50 Commissar,
E51 Cower, E52 Deploy, E56 Field Promotion, E58 Hero, E60 Interdiction, E62 KIA, E63 Malfunction,
E64 Medic!, E66 Prisoners of War, E71 Scrounge, E72 Shell Shock, E75 Suppressing Fire,
E76 Walking Wounded.

Those Great War Commander shares come from the family (commander_family/events_units.py:
Battle Harden and Prisoners of War are its Veteran and surrender Events with CC's choice of unit);
the rest are Combat Commander's own.

The receiving player (who revealed the Event) decides unless the Event names someone else
(Commissar: the Russian player). Parts that are impossible now are skipped and logged (E42).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family.board_state import hex_distance, units_in, within
from ..commander_family.breaking import break_or_wound
from ..commander_family.events import EventDef
from ..commander_family.events_units import (
    bring,
    broken_units,
    hero,
    interdiction,
    kia,
    malfunction,
    rally,
    scrounge,
    special_counter,
    suppressing_fire,
    surrender_event,
    veteran_event,
    walking_wounded,
)
from ..commander_family.placement import deploy
from ..commander_family.state import side
from ..commander_family.stats import command_of, morale, unit_kind
from ..commander_family.victory import check_sudden_loss, eliminate
from . import events_common as ec
from .events_common import HELPS, HURTS, ask, continuation, map_units, opt, unit_opts, who

if TYPE_CHECKING:
    from tactica.core.game import Game


def _units(g: Game) -> dict[str, Any]:
    u: dict[str, Any] = g.state["units"]
    return u


def _none(g: Game, rule: str, why: str) -> None:
    g.emit(rule, "No effect: {why} (E42)", why=why)


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
    opts = [opt(f"hex:{t}", f"Break every unit in {t} ({', '.join(units_in(g, t))})", "hex", hex=t,
                effect=HURTS)
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
        unit_opts(g, cands, "Commissar visits"))


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
        [*unit_opts(g, cands, "Deploy"), opt("none", "Deploy nothing", "none")])


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


# ---------------------------------------------------------------- E56 Field Promotion
def field_promotion(g: Game, seat: int, card: str) -> None:
    t, _, free = special_counter(g, seat, "private")
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
    bring(g, int(a["seat"]), "private", o.args["hex"], "E56")


# ---------------------------------------------------------------- E64 Medic!
def medic(g: Game, seat: int, card: str) -> None:
    cands = broken_units(g)
    if not cands:
        _none(g, "E64", "no broken unit on the map")
        return
    ask(g, seat, "medic", "Medic!: rally which broken unit?", unit_opts(g, cands, "Rally", HELPS))


@continuation("medic")
def _medic(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    rally(g, o.args["unit"], "E64")


# ---------------------------------------------------------------- E72 Shell Shock
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
        unit_opts(g, tied, "Break", HURTS))


@continuation("shell_shock_pick")
def _shell_shock_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    break_or_wound(g, o.args["unit"], "E72")


# ---------------------------------------------------------------- registration
EVENTS = {
    "Air Support": air_support,
    "Battle Harden": veteran_event("Battle Harden", "E44", "any", "unit"),
    "Commissar": commissar,
    "Cower": cower,
    "Deploy": deploy_event,
    "Field Promotion": field_promotion,
    "Hero": hero,
    "Interdiction": interdiction,
    "KIA": kia,
    "Malfunction": malfunction,
    "Medic!": medic,
    "Prisoners of War": surrender_event("Prisoners of War", "E66", "in_or_near_enemy",
                                        "in or next to an enemy-occupied hex"),
    "Scrounge": scrounge(own_only=False),
    "Shell Shock": shell_shock,
    "Suppressing Fire": suppressing_fire,
    "Walking Wounded": walking_wounded,
}


def register(rules: Any) -> None:
    ec.add_steps(rules)
    from .components import EVENTS as RULE

    for name, fn in EVENTS.items():
        rules.events[name] = EventDef(name, RULE[name], implemented=True, execute=fn)

