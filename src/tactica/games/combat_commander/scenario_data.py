"""Combat Commander scenario files: format, loading and checking.

A scenario file (``data/scenarios/*.yaml``) reads::

    format: 1
    kind: scenario
    id: hill_2_crown               # unique; scenarios are looked up by it
    name: Hill 2 Crown
    map: hill_road                 # a built-in map id (data/maps/<id>.yaml)
    year: 1944                     # Year Track space (4.3.2), 1939-1945
    description: one paragraph for players
    balance: why the sides are even (design notes)
    time: {start: 0, sudden_death: 7, last: 12}   # Time Track spaces (6.1.1, 6.2.1)
    initiative: axis               # who holds the Initiative card at the start (9)
    first: allies                  # who takes the first Turn
    vp: 0                          # VP marker start; + favours axis, - allies (7)
    open_chits: 1                  # Objective chits drawn open (7.3.2)
    secret_chits: 1                # drawn secretly by EACH side (7.3.3)
    objectives: {"1": axis, "2": null, ...}   # initial control of Objectives 1-5 (7.3.1)
    fortifications:                # optional: markers on the map at the start (F100.1)
      - {hex: F5, type: foxholes}  # foxholes | trench | mines | wire | bunker | pillbox
    mines_fp: 6                    # optional: Mine Attack FP (F103.2: 6, or 7/8 for the Defender)
    sides:
      axis:                        # seats are exactly axis and allies
        nation: Germany            # has a deck and a roster
        posture: Defend            # Attack | Recon | Defend: hand size from the posture table (1.1)
        quality: Line              # OB quality (4.3.1): which Team Deploy brings in
        orders: 2                  # Order Capability (5.1); optional, see DEFAULT_ORDERS
        surrender: 7               # Casualty Track space of the Surrender marker (4.2)
        edge: north                # friendly board edge: one of the map's friendly_edges (7.2)
        setup: north-half          # a set-up zone of the map on that edge
        forces:                    # everything set up on the map at the start
          leaders: [Bolter, Grein] # leader NAMES from the nation's roster
          units: {ger-rifle-squad: 4, ger-rifle-team: 1}   # squad/team type ids: count
          weapons: [ger-mmg, ger-lmg]                       # weapon ids, one per carrying unit (8.1.1)
          radios: [ger-radio-10]                            # at most one (8.1.2)
        reinforcements:            # units placed on the Time Track (6.1.2 step 5)
          - {time: 4, leaders: [Dawson], units: {us-rifle-squad: 2}, weapons: [], radios: []}

Loading checks everything against the built-in component pack and maps (or the ones passed in)
before building anything: unknown keys, wrong types, unknown nations, postures, roster ids, maps,
edges and zones, more counters than the countermix holds, weapons without carriers, more than one
Radio, Time Track values out of order, bad Objective ids or controllers, Fortifications off the
map, in Water, two in one hex or a second Pillbox. A problem raises
:class:`ScenarioError` naming the file, the entry and the problem; nothing half-loads.
``Scenario.to_engine()`` gives the plain dict the rules module's ``SCENARIOS`` table uses.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Any, Final

from ._schema import ComponentError, Ctx, read
from .components import POSTURES, QUALITIES, Pack, Roster, builtin_pack, data_dir
from .maps import OPPOSITE, CcMap, builtin_map

__all__ = [
    "DEFAULT_ORDERS",
    "SEATS",
    "Forces",
    "Reinforcement",
    "Scenario",
    "ScenarioError",
    "Side",
    "builtin_scenario",
    "builtin_scenarios",
    "load_scenario",
]

SEATS: Final = ("axis", "allies")
# The posture table file gives hand sizes only; a side's Order Capability comes from its OB marker
# (4.3.1, 5.1). Our default when a scenario does not state it: attackers and scouts 3, defenders 2.
DEFAULT_ORDERS: Final = MappingProxyType({"Attack": 3, "Recon": 3, "Defend": 2})
_TOP: Final = ("id", "name", "map", "year", "time", "initiative", "first", "objectives", "sides")
_TOP_OPT: Final = ("description", "balance", "vp", "open_chits", "secret_chits", "fortifications", "mines_fp")
_SIDE: Final = ("nation", "posture", "quality", "surrender", "edge", "setup", "forces")
_FORCE_KEYS: Final = ("leaders", "units", "weapons", "radios")
OBJECTIVE_IDS: Final = ("1", "2", "3", "4", "5")


class ScenarioError(ComponentError):
    """A scenario file that cannot be loaded as written (file: entry: problem)."""


@dataclass(frozen=True, slots=True)
class Forces:
    leaders: tuple[str, ...]  # unit type ids
    units: tuple[tuple[str, int], ...]  # (squad/team type id, count)
    weapons: tuple[str, ...]
    radios: tuple[str, ...]

    def unit_ids(self) -> list[str]:
        """Every counter, leaders first, one id per counter."""
        return [*self.leaders, *(t for t, n in self.units for _ in range(n))]


@dataclass(frozen=True, slots=True)
class Reinforcement:
    time: int
    forces: Forces


@dataclass(frozen=True, slots=True)
class Side:
    seat: str
    nation: str
    posture: str
    quality: str
    orders: int
    hand_size: int
    surrender: int
    edge: str
    setup: str
    forces: Forces
    reinforcements: tuple[Reinforcement, ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    name: str
    map: str
    year: int
    description: str
    balance: str
    time_start: int
    sudden_death: int
    time_last: int
    initiative: str
    first: str
    vp: int
    open_chits: int
    secret_chits: int
    objectives: Mapping[str, str | None]
    sides: Mapping[str, Side]
    source: str
    fortifications: tuple[tuple[str, str], ...] = ()  # (hex label, kind) (F100.1)
    mines_fp: int = 6  # F103.2

    def to_engine(self) -> dict[str, Any]:
        """The scenario as the plain dict of ``scenarios.SCENARIOS``; weapons go to the first
        units in listing order (squads before teams before leaders), to be rearranged in set-up."""
        sides: dict[str, Any] = {}
        for seat, sd in self.sides.items():
            reinf: dict[str, list[Any]] = {}
            for r in sd.reinforcements:
                reinf.setdefault(str(r.time), []).extend(_armed(r.forces))
            sides[seat] = {
                "nation": sd.nation,
                "posture": sd.posture,
                "orders": sd.orders,
                "surrender": sd.surrender,
                "quality": sd.quality,
                "edge": sd.edge,
                "setup": sd.setup,
                "units": _armed(sd.forces),
                "radios": list(sd.forces.radios),
                "reinforcements": reinf,
                "reinforcement_radios": {
                    str(r.time): list(r.forces.radios) for r in sd.reinforcements if r.forces.radios
                },
            }
        return {
            "name": self.name,
            "description": self.description,
            "map": self.map,
            "year": self.year,
            "sides": sides,
            "time": {"start": self.time_start, "sudden_death": self.sudden_death, "last": self.time_last},
            "initiative": self.initiative,
            "first": self.first,
            "objectives": dict(self.objectives),
            "open_chits": self.open_chits,
            "secret_chits": self.secret_chits,
            "vp": self.vp,
            "fortifications": [{"hex": h, "type": k} for h, k in self.fortifications],
            "mines_fp": self.mines_fp,
        }


def _armed(f: Forces) -> list[Any]:
    carriers = [t for t, n in f.units for _ in range(n)] + list(f.leaders)
    out: list[Any] = []
    for i, t in enumerate(carriers):
        out.append({"type": t, "weapon": f.weapons[i]} if i < len(f.weapons) else t)
    # leaders listed first, as the engine's test scenario does
    n_units = len(carriers) - len(f.leaders)
    return out[n_units:] + out[:n_units]


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------


def load_scenario(
    source: str | os.PathLike[str] | Traversable,
    *,
    pack: Pack | None = None,
    maps: Callable[[str], CcMap] = builtin_map,
) -> Scenario:
    """Load and check a scenario file (format in the module docstring)."""
    try:
        name, data = read(source)
    except ComponentError as exc:
        raise ScenarioError(str(exc)) from exc
    try:
        return _scenario(Ctx(name), data, pack or builtin_pack(), maps)
    except ScenarioError:
        raise
    except ComponentError as exc:
        raise ScenarioError(str(exc)) from exc


def _scenario(ctx: Ctx, data: Any, pack: Pack, maps: Callable[[str], CcMap]) -> Scenario:
    top = ctx.header(data, "scenario", _TOP, _TOP_OPT)
    ident = ctx.text(top["id"], "id")
    map_id = ctx.text(top["map"], "map")
    try:
        cc_map = maps(map_id)
    except (KeyError, ValueError) as exc:
        raise ctx.fail("map", f"cannot use map {map_id!r}: {exc}") from exc
    year = ctx.integer(top["year"], "year", 1939, 1945)
    time = ctx.mapping(top["time"], "time")
    ctx.keys(time, ("start", "sudden_death", "last"), (), "time")
    last = ctx.integer(time["last"], "time.last", 1, 20)
    start = ctx.integer(time["start"], "time.start", 0, last - 1)
    sudden = ctx.integer(time["sudden_death"], "time.sudden_death", start + 1, last)
    initiative = ctx.choice(top["initiative"], "initiative", SEATS, "seat")
    first = ctx.choice(top["first"], "first", SEATS, "seat")
    vp = ctx.integer(top.get("vp", 0), "vp", -50, 50)
    chits = len(pack.objectives)
    open_chits = ctx.integer(top.get("open_chits", 0), "open_chits", 0, chits)
    secret = ctx.integer(top.get("secret_chits", 0), "secret_chits", 0, (chits - open_chits) // 2)
    objectives = _objectives(ctx, top["objectives"])
    sides_m = ctx.mapping(top["sides"], "sides")
    ctx.keys(sides_m, SEATS, (), "sides")
    sides = {seat: _side(ctx, seat, sides_m[seat], pack, cc_map, start, last) for seat in SEATS}
    a, b = sides["axis"], sides["allies"]
    if OPPOSITE[a.edge] != b.edge:
        raise ctx.fail("sides", f"friendly edges {a.edge} and {b.edge} are not opposite (7.2)")
    if a.nation == b.nation:
        raise ctx.fail("sides", f"both sides are {a.nation}")
    if a.posture == b.posture == "Defend":
        raise ctx.fail("sides", "both sides Defend: somebody has to attack or scout")
    return Scenario(
        id=ident,
        name=ctx.text(top["name"], "name"),
        map=map_id,
        year=year,
        description=_opt_text(ctx, top, "description"),
        balance=_opt_text(ctx, top, "balance"),
        time_start=start,
        sudden_death=sudden,
        time_last=last,
        initiative=initiative,
        first=first,
        vp=vp,
        open_chits=open_chits,
        secret_chits=secret,
        objectives=MappingProxyType(objectives),
        sides=MappingProxyType(sides),
        source=ctx.name,
        fortifications=_fortifications(ctx, top.get("fortifications", []), cc_map),
        mines_fp=ctx.integer(top.get("mines_fp", 6), "mines_fp", 6, 8),
    )


def _fortifications(ctx: Ctx, value: Any, cc_map: CcMap) -> tuple[tuple[str, str], ...]:
    """F100.1/F100.3: scenario Fortifications, one per hex, never in Water, one Pillbox."""
    from ..commander_family.board_state import label_map
    from .fortifications import KINDS
    from .terrain import hex_type

    board = cc_map.board
    out: list[tuple[str, str]] = []
    for i, item in enumerate(ctx.seq(value, "fortifications")):
        where = f"fortifications[{i}]"
        m = ctx.mapping(item, where)
        ctx.keys(m, ("hex", "type"), (), where)
        label = ctx.text(m["hex"], f"{where}.hex")
        kind = ctx.choice(m["type"], f"{where}.type", KINDS, "Fortification")
        if label not in board.labels:
            raise ctx.fail(f"{where}.hex", f"{label} is not a hex of map {cc_map.id}")
        if hex_type(board, label_map(board)[label]).water:
            raise ctx.fail(f"{where}.hex", f"{label} is a Water hex: no Fortification there (F100.3)")
        if any(h == label for h, _ in out):
            raise ctx.fail(f"{where}.hex", f"{label} already holds a Fortification (8.1.3)")
        if kind == "pillbox" and any(k == "pillbox" for _, k in out):
            raise ctx.fail(f"{where}.type", "the game has one Pillbox (F100.1)")
        out.append((label, kind))
    return tuple(out)


def _opt_text(ctx: Ctx, m: Mapping[str, Any], key: str) -> str:
    return ctx.text(m[key], key).strip() if key in m else ""


def _objectives(ctx: Ctx, value: Any) -> dict[str, str | None]:
    m = ctx.mapping(value, "objectives")
    out: dict[str, str | None] = {}
    for k, v in m.items():
        oid = str(k)
        if oid not in OBJECTIVE_IDS:
            raise ctx.fail(f"objectives.{oid}", "Objectives are numbered 1-5 (2.3)")
        if oid in out:
            raise ctx.fail(f"objectives.{oid}", "listed twice")
        out[oid] = None if v is None else ctx.choice(v, f"objectives.{oid}", SEATS, "controller")
    missing = [o for o in OBJECTIVE_IDS if o not in out]
    if missing:
        raise ctx.fail(
            "objectives", f"give the initial controller (or null) of Objective(s) {', '.join(missing)}"
        )
    return {o: out[o] for o in OBJECTIVE_IDS}


def _side(ctx: Ctx, seat: str, value: Any, pack: Pack, cc_map: CcMap, start: int, last: int) -> Side:
    where = f"sides.{seat}"
    m = ctx.mapping(value, where)
    ctx.keys(m, _SIDE, ("orders", "reinforcements"), where)
    nation = ctx.choice(m["nation"], f"{where}.nation", sorted(pack.rosters), "nation")
    if nation not in pack.decks:
        raise ctx.fail(f"{where}.nation", f"no Fate deck for {nation}")
    roster = pack.rosters[nation]
    posture = ctx.choice(m["posture"], f"{where}.posture", POSTURES, "posture")
    quality = ctx.choice(m["quality"], f"{where}.quality", QUALITIES, "quality")
    orders = ctx.integer(m.get("orders", DEFAULT_ORDERS[posture]), f"{where}.orders", 1, 6)
    surrender = ctx.integer(m["surrender"], f"{where}.surrender", 1, 30)
    edge = ctx.choice(m["edge"], f"{where}.edge", cc_map.friendly_edges, f"friendly edge of map {cc_map.id}")
    setup = ctx.text(m["setup"], f"{where}.setup")
    if setup not in cc_map.setup_zones:
        raise ctx.fail(
            f"{where}.setup",
            f"map {cc_map.id} has no set-up zone {setup!r} (have {', '.join(cc_map.setup_zones)})",
        )
    if cc_map.setup_zones[setup] != edge:
        raise ctx.fail(
            f"{where}.setup", f"zone {setup!r} lies on the {cc_map.setup_zones[setup]} edge, not {edge}"
        )
    forces = _forces(ctx, f"{where}.forces", m["forces"], roster)
    if not forces.unit_ids():
        raise ctx.fail(f"{where}.forces", "a side starts with at least one unit on the map")
    reinf: list[Reinforcement] = []
    for i, item in enumerate(ctx.seq(m.get("reinforcements", []), f"{where}.reinforcements")):
        rw = f"{where}.reinforcements[{i}]"
        rm = ctx.mapping(item, rw)
        ctx.keys(rm, ("time",), _FORCE_KEYS, rw)
        t = ctx.integer(rm["time"], f"{rw}.time", start + 1, last)
        reinf.append(Reinforcement(t, _forces(ctx, rw, {k: v for k, v in rm.items() if k != "time"}, roster)))
    _check_countermix(ctx, where, roster, [forces, *(r.forces for r in reinf)])
    hexes = len(cc_map.zone(setup))
    figures = sum(roster.units[u].figures for u in forces.unit_ids())
    if figures > 7 * hexes:
        raise ctx.fail(
            f"{where}.setup", f"{figures} figures cannot set up in {hexes} hexes without overstacking (8.2)"
        )
    return Side(
        seat,
        nation,
        posture,
        quality,
        orders,
        pack.postures.hand_size[posture],
        surrender,
        edge,
        setup,
        forces,
        tuple(reinf),
    )


def _forces(ctx: Ctx, where: str, value: Any, roster: Roster) -> Forces:
    m = ctx.mapping(value, where)
    ctx.keys(m, (), _FORCE_KEYS, where)
    by_name = {u.name: u for u in roster.units.values() if u.type == "leader"}
    leaders = []
    for name in ctx.seq(m.get("leaders", []), f"{where}.leaders"):
        n = ctx.text(name, f"{where}.leaders")
        if n not in by_name:
            raise ctx.fail(
                f"{where}.leaders: {n}",
                f"no {roster.nation} leader of that name (have {', '.join(sorted(by_name))})",
            )
        leaders.append(by_name[n].id)
    units = []
    for k, v in ctx.mapping(m.get("units", {}), f"{where}.units").items():
        u = roster.units.get(k)
        if u is None or u.type == "leader":
            raise ctx.fail(f"{where}.units: {k}", f"no {roster.nation} squad or team type of that id")
        units.append((k, ctx.integer(v, f"{where}.units: {k}", 1, 30)))
    weapons = [
        ctx.choice(w, f"{where}.weapons", roster.weapons, f"{roster.nation} weapon")
        for w in ctx.seq(m.get("weapons", []), f"{where}.weapons")
    ]
    radios = [
        ctx.choice(r, f"{where}.radios", roster.radios, f"{roster.nation} radio")
        for r in ctx.seq(m.get("radios", []), f"{where}.radios")
    ]
    f = Forces(tuple(leaders), tuple(units), tuple(weapons), tuple(radios))
    if len(weapons) > len(f.unit_ids()):
        raise ctx.fail(
            f"{where}.weapons",
            f"{len(weapons)} weapons but only {len(f.unit_ids())} units to carry them (one each, 8.1.1)",
        )
    return f


def _check_countermix(ctx: Ctx, where: str, roster: Roster, groups: list[Forces]) -> None:
    units = Counter(u for g in groups for u in g.unit_ids())
    for k, n in units.items():
        if n > roster.units[k].count:
            raise ctx.fail(where, f"{n} x {k} but the countermix holds {roster.units[k].count}")
    weapons = Counter(w for g in groups for w in g.weapons)
    for k, n in weapons.items():
        if n > roster.weapons[k].count:
            raise ctx.fail(where, f"{n} x {k} but the countermix holds {roster.weapons[k].count}")
    radios = [r for g in groups for r in g.radios]
    if len(radios) > 1:
        raise ctx.fail(where, f"{len(radios)} radios: a player's Artillery Box holds only one (8.1.2)")


# ---------------------------------------------------------------------------------------------
# Built-in scenarios
# ---------------------------------------------------------------------------------------------


def scenarios_dir() -> Traversable:
    return data_dir() / "scenarios"


@cache
def builtin_scenarios() -> Mapping[str, Scenario]:
    """Every built-in scenario by id, loaded and checked once."""
    out: dict[str, Scenario] = {}
    for f in sorted(scenarios_dir().iterdir(), key=lambda f: f.name):
        if f.name.endswith(".yaml"):
            sc = load_scenario(f)
            if sc.id in out:
                raise ScenarioError(f"{f.name}: id: {sc.id!r} is already used by {out[sc.id].source}")
            out[sc.id] = sc
    return MappingProxyType(out)


def builtin_scenario(ident: str) -> Scenario:
    return builtin_scenarios()[ident]
