"""Events on units and Weapons that both Commander games have, event for event (the numbers
differ; each is cited by its ``event.*`` key):

KIA (eliminate a broken unit), Hero (the nation's Hero enters a friendly hex and may rally a
broken unit there), Interdiction (Suppress an unsuppressed unit in a hex of Cover below 1),
Malfunction (the unbroken Weapon nearest a Random Hex breaks), Scrounge (an eliminated Weapon
returns to a unit without one), Suppressing Fire (Suppress an enemy unit in Range and LOS of a
usable friendly MG), Walking Wounded (an eliminated unit returns broken in or next to a Random
Hex), a Veteran marker on a unit (CC Battle Harden, GWC Field Promotion and Valor, each with
its own choice of unit), and a side's own broken unit surrendering (CC Prisoners of War, GWC
Surrender).

Where the games differ only in whom the Event may pick, the difference is a named filter or a
flag stored in the Event's frames (state stays plain data): ``Scrounge`` takes ``own_only``
(GWC: only the receiver's own eliminated Weapons), the Veteran and surrender Events take a
filter name from :data:`UNIT_FILTERS`. The receiving player decides unless the Event names
someone else. Parts that are impossible now are skipped and logged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from . import event_steps as ev
from .access import rules_of
from .board_state import hex_distance, overlay, units_in
from .breaking import break_or_wound
from .citations import cite
from .event_steps import HELPS, HURTS, ask, continuation, map_units, no_effect, opt, unit_opts, who
from .fire import reaches
from .state import new_unit, opponent, side
from .stats import best_cover, unit_kind
from .victory import eliminate

if TYPE_CHECKING:
    from tactica.core.game import Game


def _units(g: Game) -> dict[str, Any]:
    u: dict[str, Any] = g.state["units"]
    return u


def rally(g: Game, uid: str, rule: str) -> None:
    """3.2.5: flip a broken unit back to its unbroken side."""
    _units(g)[uid]["broken"] = False
    g.emit(rule, "{unit} rallies (3.2.5)", unit=uid)


def broken_units(g: Game, seat: int | None = None) -> list[str]:
    return [u for u in map_units(g, seat) if _units(g)[u]["broken"]]


def adjacent_to_enemy(g: Game, uid: str, seat: int, same_hex: bool = False) -> bool:
    """Is ``uid`` next to (or, with ``same_hex``, in) a hex holding a unit of the other side?"""
    rules: Any = g.rules
    h = _units(g)[uid]["hex"]
    near = {*rules.adjacent_hexes(g, h), *([h] if same_hex else [])}
    return any(_units(g)[e]["hex"] in near for e in map_units(g, opponent(seat)))


# ---------------------------------------------------------------- unit filters by name
UnitFilter = Callable[["Game", int, str], bool]
UNIT_FILTERS: dict[str, UnitFilter] = {
    "any": lambda g, seat, uid: True,
    "leader": lambda g, seat, uid: unit_kind(g, uid) == "leader",
    "not_leader": lambda g, seat, uid: unit_kind(g, uid) != "leader",
    "unit_near_enemy": lambda g, seat, uid: unit_kind(g, uid) != "leader" and adjacent_to_enemy(g, uid, seat),
    "in_or_near_enemy": lambda g, seat, uid: adjacent_to_enemy(g, uid, seat, same_hex=True),
    "unit_adjacent_enemy": lambda g, seat, uid: unit_kind(g, uid) not in ("leader", "tank")
    and adjacent_to_enemy(g, uid, seat),
}
"""Who a Veteran or surrender Event may pick, by the name its registration gives (a name, not a
function, so it can sit in a frame)."""


# ---------------------------------------------------------------- Veteran marker
def veteran_event(name: str, rule: str, which: str, what: str) -> Callable[[Game, int, str], None]:
    """An Event (the game's rule number ``rule``) that puts a Veteran marker on one of the
    receiver's units without one, picked among those ``UNIT_FILTERS[which]`` admits (``what``
    names them in the log)."""

    def execute(g: Game, seat: int, card: str) -> None:
        pick = UNIT_FILTERS[which]
        cands = [u for u in map_units(g, seat) if not _units(g)[u]["veteran"] and pick(g, seat, u)]
        if not cands:
            no_effect(g, rule, f"{who(g, seat)} has no {what} without a Veteran marker on the map")
            return
        ask(g, seat, "veteran", f"{name}: which unit becomes Veteran?",
            unit_opts(g, cands, "Veteran:", HELPS), rule=rule)

    return execute


@continuation("veteran")
def _veteran(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    _units(g)[o.args["unit"]]["veteran"] = True
    g.emit(a["rule"], "{unit} gets a Veteran marker: +1 FP, Range, Movement, Morale ({vet})",
           unit=o.args["unit"], vet=cite(g, "stat.veteran"))


# ---------------------------------------------------------------- a broken unit surrenders
def surrender_event(name: str, rule: str, which: str, where: str) -> Callable[[Game, int, str], None]:
    """An Event (the game's rule number ``rule``) in which the receiver eliminates one of his own
    broken units that ``UNIT_FILTERS[which]`` admits (``where``: how the log says where it must
    be)."""

    def execute(g: Game, seat: int, card: str) -> None:
        pick = UNIT_FILTERS[which]
        cands = [u for u in broken_units(g, seat) if pick(g, seat, u)]
        if not cands:
            no_effect(g, rule, f"no broken {who(g, seat)} unit is {where}")
            return
        ask(g, seat, "surrender", f"{name}: which of your broken units surrenders?",
            unit_opts(g, cands, "Surrender", HURTS), rule=rule)

    return execute


@continuation("surrender")
def _surrender(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    eliminate(g, o.args["unit"], a["rule"])


# ---------------------------------------------------------------- KIA
def kia(g: Game, seat: int, card: str) -> None:
    cands = broken_units(g)
    if not cands:
        no_effect(g, cite(g, "event.kia"), "no broken unit on the map")
        return
    ask(g, seat, "kia", "KIA: eliminate which broken unit?", unit_opts(g, cands, "Eliminate", HURTS))


@continuation("kia")
def _kia(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    eliminate(g, o.args["unit"], cite(g, "event.kia"))


# ---------------------------------------------------------------- Hero
def special_counter(g: Game, seat: int, special: str) -> tuple[Any, str | None, bool]:
    """(roster type, existing unit id, available): the nation's Hero (or other one-of) counter."""
    t = ev.roster_unit(g, seat, special)
    if t is None:
        return None, None, False
    for uid, u in sorted(_units(g).items()):
        if u["type"] == t.id and u["seat"] == seat:
            # a Hero leaves play when eliminated and may come back; one on the Casualty Track or
            # waiting on the Time Track is not available (our reading)
            return t, uid, u["where"] == "out"
    return t, None, True


def bring(g: Game, seat: int, special: str, hex_label: str, rule: str) -> str:
    """Put the nation's ``special`` counter into ``hex_label`` (a new counter the first time)."""
    rules: Any = g.rules
    t, uid, _ = special_counter(g, seat, special)
    if uid is None:
        uid = ev.new_id(g, seat, special)
        _units(g)[uid] = new_unit(t.id, seat, hex_label, "map")
        _units(g)[uid].update(rules.unit_fields(t.id))
    else:
        _units(g)[uid].update(where="map", hex=hex_label, broken=False, suppressed=False, veteran=False)
    g.emit(rule, "{nation} places {name} ({unit}) in {hex}", nation=who(g, seat), name=t.name, unit=uid,
           hex=hex_label)
    return uid


def hero(g: Game, seat: int, card: str) -> None:
    t, _, free = special_counter(g, seat, "hero")
    if t is None or not free:
        no_effect(g, cite(g, "event.hero"), f"{who(g, seat)}'s Hero is already on the map")
        return
    hexes = sorted({_units(g)[u]["hex"] for u in map_units(g, seat)
                    if not units_in(g, _units(g)[u]["hex"], opponent(seat))})
    if not hexes:
        no_effect(g, cite(g, "event.hero"), f"{who(g, seat)} has no friendly hex")
        return
    ask(g, seat, "hero", f"Hero: where does {t.name} appear?",
        [opt(f"hex:{h}", f"Place the Hero in {h}", "hex", hex=h) for h in hexes])


@continuation("hero")
def _hero(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat, h = int(a["seat"]), o.args["hex"]
    bring(g, seat, "hero", h, cite(g, "event.hero"))
    cands = [u for u in units_in(g, h, seat) if _units(g)[u]["broken"]]
    if cands:
        ask(g, seat, "hero_rally", "Hero: rally a broken unit in his hex?",
            [*unit_opts(g, cands, "Rally", HELPS), opt("none", "Rally nobody", "none")])


@continuation("hero_rally")
def _hero_rally(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind != "none":
        rally(g, o.args["unit"], cite(g, "event.hero"))


# ---------------------------------------------------------------- Interdiction
def interdiction(g: Game, seat: int, card: str) -> None:
    interdict(g, seat, None)


def interdict(g: Game, seat: int, then: str | None, **data: Any) -> None:
    """Suppress one unsuppressed unit (either side, any state) in a hex of Cover below 1 (the
    hex's best Cover, a Fortification's included); ``then`` runs after (GWC's two-part
    Interdiction/Breeze)."""
    cands = [u for u in map_units(g) if not _units(g)[u]["suppressed"]
             and best_cover(g, _units(g)[u]["hex"])[0] < 1]
    if not cands:
        no_effect(g, cite(g, "event.interdiction"), "no unsuppressed unit stands in a hex with Cover below 1")
        if then is not None:
            ev.CONTINUATIONS[then](g, {"seat": seat, **data}, None)
        return
    ask(g, seat, "interdiction", "Interdiction: Suppress which unit?", unit_opts(g, cands, "Suppress", HURTS),
        next=then, **data)


@continuation("interdiction")
def _interdiction(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    uid = o.args["unit"]
    _units(g)[uid]["suppressed"] = True
    g.emit(cite(g, "event.interdiction"), "{unit} (Cover {c}) is Suppressed (13.1)", unit=uid,
           c=best_cover(g, _units(g)[uid]["hex"])[0])
    nxt = a.get("next")
    if nxt is not None:
        ev.CONTINUATIONS[nxt](g, a, None)


# ---------------------------------------------------------------- Malfunction
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
    ev.random_hex(g, seat, "malfunction", cite(g, "event.malfunction"))


@continuation("malfunction")
def _malfunction_hex(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    ws = weapons_in_play(g)
    if not ws:
        no_effect(g, cite(g, "event.malfunction"), "no unbroken Weapon on the map")
        return
    d = {w: hex_distance(g, a["hex"], h) for w, h in ws.items()}
    best = min(d.values())
    tied = [w for w in ws if d[w] == best]
    if len(tied) == 1:
        _break_weapon(g, tied[0])
        return
    ask(g, int(a["seat"]), "malfunction_pick", "Malfunction: which of the closest Weapons breaks?",
        [opt(f"weapon:{w}", f"Break {w} in {ws[w]}", "weapon", weapon=w, effect=HURTS) for w in tied])


def _break_weapon(g: Game, wid: str) -> None:
    g.state["weapons"][wid]["broken"] = True
    g.emit(cite(g, "event.malfunction"), "{weapon} malfunctions and breaks (11.4)", weapon=wid)


@continuation("malfunction_pick")
def _malfunction_pick(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    _break_weapon(g, o.args["weapon"])


# ---------------------------------------------------------------- Scrounge
def scrounge(own_only: bool) -> Callable[[Game, int, str], None]:
    """Scrounge: an eliminated Weapon (``own_only``: one of the receiver's own) returns from the
    Casualty Track to a unit of his without a Weapon that may carry it (``rules.may_carry``)."""

    def execute(g: Game, seat: int, card: str) -> None:
        ws = [w for s in ((seat,) if own_only else (0, 1)) for w in side(g.state, s)["casualty_weapons"]]
        ws = [w for w in ws if scrounge_holders(g, seat, w)]
        if not ws:
            no_effect(g, cite(g, "event.scrounge"),
                      "no eliminated Weapon" if not any(side(g.state, s)["casualty_weapons"] for s in (0, 1))
                      else f"every {who(g, seat)} unit has a Weapon")
            return
        ask(g, seat, "scrounge", "Scrounge: take an eliminated Weapon?",
            [*[opt(f"weapon:{w}", f"Scrounge {w}", "weapon", weapon=w) for w in sorted(ws)],
             opt("none", "Take nothing", "none")])

    return execute


def scrounge_holders(g: Game, seat: int, wid: str) -> list[str]:
    """The receiver's units on the map without a Weapon that may carry ``wid``."""
    rules = rules_of(g)
    return [u for u in map_units(g, seat) if _units(g)[u]["weapon"] is None and rules.may_carry(g, u, wid)]


@continuation("scrounge")
def _scrounge(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat = int(a["seat"])
    if o.kind == "none":
        g.emit(cite(g, "event.scrounge"), "{nation} scrounges nothing", nation=who(g, seat))
        return
    ask(g, seat, "scrounge_to", f"Scrounge: who takes {o.args['weapon']}?",
        unit_opts(g, scrounge_holders(g, seat, o.args["weapon"]), "Give to", HELPS), weapon=o.args["weapon"])


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
    g.emit(cite(g, "event.scrounge"), "{weapon} returns from the Casualty Track to {unit}", weapon=wid,
           unit=uid)


# ---------------------------------------------------------------- Suppressing Fire
def usable_mgs(g: Game, seat: int) -> list[str]:
    """``seat``'s unbroken machine guns (``rules.mg_kinds``) carried by unbroken, unsuppressed
    units on the map."""
    rules: Any = g.rules
    out = []
    for wid in weapons_in_play(g):
        w = g.state["weapons"][wid]
        u = _units(g)[w["carrier"]]
        if (rules.weapon_type(w["type"]).kind in rules.mg_kinds and u["seat"] == seat
                and not u["broken"] and not u["suppressed"]):
            out.append(wid)
    return out


def suppress_in_mg_reach(which: str, also: Callable[[Game, int], list[str]] | None = None
                         ) -> Callable[[Game, int, str], None]:
    """Suppressing Fire: the receiver Suppresses one unsuppressed enemy unit that
    ``UNIT_FILTERS[which]`` admits (CC: any; GWC E92: a Unit or Tank, never a Leader) within
    Range and LOS of one of his usable machine guns (and of the pieces ``also`` names: GWC's
    Tanks' MGs)."""

    def execute(g: Game, seat: int, card: str) -> None:
        ov = overlay(g)
        mgs = usable_mgs(g, seat) + (also(g, seat) if also is not None else [])
        pick = UNIT_FILTERS[which]
        cands = [u for u in map_units(g, opponent(seat))
                 if not _units(g)[u]["suppressed"] and pick(g, seat, u)
                 and any(reaches(g, w, _units(g)[u]["hex"], ov) is not None for w in mgs)]
        if not cands:
            no_effect(g, cite(g, "event.suppressing_fire"),
                      "no unsuppressed enemy unit is in Range and LOS of a usable friendly MG")
            return
        ask(g, seat, "suppressing_fire", "Suppressing Fire: Suppress an enemy unit?",
            [*unit_opts(g, cands, "Suppress", HURTS), opt("none", "Suppress nobody", "none")])

    return execute


suppressing_fire = suppress_in_mg_reach("any")


@continuation("suppressing_fire")
def _suppressing_fire(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit(cite(g, "event.suppressing_fire"), "{nation} declines Suppressing Fire",
               nation=who(g, int(a["seat"])))
        return
    _units(g)[o.args["unit"]]["suppressed"] = True
    g.emit(cite(g, "event.suppressing_fire"), "{unit} is Suppressed by MG fire (13.1)", unit=o.args["unit"])


# ---------------------------------------------------------------- Walking Wounded
def walking_wounded(g: Game, seat: int, card: str) -> None:
    cands = [u for s in (0, 1) for u in side(g.state, s)["casualties"]]
    if not cands:
        no_effect(g, cite(g, "event.walking_wounded"), "the Casualty Track is empty")
        return
    ask(g, seat, "walking_wounded", "Walking Wounded: which eliminated unit returns?",
        unit_opts(g, sorted(cands), "Return", HELPS))


@continuation("walking_wounded")
def _walking_wounded(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    ev.random_hex(g, int(a["seat"]), "walking_wounded_hex", cite(g, "event.walking_wounded"),
                  unit=o.args["unit"])


@continuation("walking_wounded_hex")
def _walking_wounded_hex(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    uid = a["unit"]
    owner = int(_units(g)[uid]["seat"])
    figs = ev.figures_of_type(g, _units(g)[uid]["type"])
    hexes = [h for h in ev.adjacent_or_in(g, a["hex"]) if ev.can_enter(g, h, owner, figs)]
    if not hexes:
        no_effect(g, cite(g, "event.walking_wounded"), f"no hex in or next to {a['hex']} can take {uid}")
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
    g.emit(cite(g, "event.walking_wounded"), "{unit} returns to play broken in {hex} (3.2); VPs already "
           "scored stay", unit=uid, hex=o.args["hex"])


# ---------------------------------------------------------------- an Event that breaks a unit
def break_in(g: Game, uid: str, rule: str) -> None:
    """Break ``uid`` for the Event numbered ``rule`` (Light Wounds may still save it)."""
    break_or_wound(g, uid, rule)
