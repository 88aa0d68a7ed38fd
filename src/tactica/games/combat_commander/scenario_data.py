"""Combat Commander scenario files: format, loading and checking.

A scenario file (``data/scenarios/*.yaml``) reads::

    format: 1
    kind: scenario
    id: hill_2_crown               # unique; scenarios are looked up by it
    name: Hill 2 Crown
    map: hill_road                 # a built-in map id (data/maps/<id>.yaml), or the map itself
                                   # inline: a CC map file's content (maps.py), as the editor saves
    year: 1944                     # Year Track space (4.3.2), 1939-1945
    description: one paragraph for players
    balance: why the sides are even (design notes)
    time: {start: 0, sudden_death: 7, last: 12}   # Time Track spaces (6.1.1, 6.2.1)
    initiative: axis               # who holds the Initiative card at the start (9)
    first: allies                  # who takes the first Turn
    setup_order: [axis, allies]    # optional: who sets up first (default: the side not first)
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
        placed:                    # optional: units on fixed hexes at the start, besides forces
          - {hex: E4, unit: ger-rifle-squad, weapon: ger-lmg}   # roster ids; a leader by its id
        reinforcements:            # units placed on the Time Track (6.1.2 step 5)
          - {time: 4, leaders: [Dawson], units: {us-rifle-squad: 2}, weapons: [], radios: []}

Loading checks everything against the built-in component pack and maps (or the ones passed in)
before building anything: unknown keys, wrong types, unknown nations, postures, roster ids, maps,
edges and zones, more counters than the countermix holds, weapons without carriers, more than one
Radio, Time Track values out of order, bad Objective ids or controllers, Fortifications off the
map, in Water, two in one hex or a second Pillbox, placed units off the map, on impassable
terrain or overstacked (8.2). An inline map passes every check of a map file (maps.py). A problem raises
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
from typing import Any, Final, TypedDict, Unpack

from tactica.core.schema import validate

from ..commander_family.data_models import PlacedModel
from ._schema import ComponentError, read
from .components import Pack, Roster, builtin_pack, data_dir
from .data_models import ForcesModel, FortificationModel, ScenarioFile, ScenarioSideModel
from .maps import OPPOSITE, CcMap, MapError, builtin_map, map_from_data

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
    "check_data",
    "check_with_map",
    "load_scenario",
]

SEATS: Final = ("axis", "allies")
# The posture table file gives hand sizes only; a side's Order Capability comes from its OB marker
# (4.3.1, 5.1). Our default when a scenario does not state it: attackers and scouts 3, defenders 2.
DEFAULT_ORDERS: Final = MappingProxyType({"Attack": 3, "Recon": 3, "Defend": 2})
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
class Placed:
    hex: str
    unit: str  # roster unit type id (squad, team or leader)
    weapon: str | None


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
    placed: tuple[Placed, ...] = ()


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
    setup_order: tuple[str, ...] | None = None

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
                "units": _armed(sd.forces) + [
                    {"type": p.unit, "hex": p.hex, **({"weapon": p.weapon} if p.weapon else {})}
                    for p in sd.placed
                ],
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
            **({"setup_order": list(self.setup_order)} if self.setup_order else {}),
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
    """Load and check a scenario file (format in the module docstring, schema: ScenarioFile)."""
    try:
        doc = read(source)
    except ComponentError as exc:
        raise ScenarioError(str(exc)) from exc
    return check_data(doc.data, doc.name, pack=pack, maps=maps, lines=doc.lines)


class CheckOptions(TypedDict, total=False):
    """What a check may be given besides the data: the components (default: the built-in
    pack), the built-in maps by id, the name of an inline map's board, the file's line numbers
    for messages."""

    pack: Pack | None
    maps: Callable[[str], CcMap]
    board_name: str | None
    lines: Mapping[tuple[str | int, ...], int] | None


def check_data(data: Any, where: str, **options: Unpack[CheckOptions]) -> Scenario:
    """Check a scenario given as data (a file's, or the editor's): every check of a file. A map
    given inline is checked as a map file is, named ``board_name`` (default: its own name)."""
    return check_with_map(data, where, **options)[0]


def check_with_map(data: Any, where: str, **options: Unpack[CheckOptions]) -> tuple[Scenario, CcMap]:
    """:func:`check_data`, and the map the scenario is played on (its inline map, built)."""
    f = validate(ScenarioFile, data, where, ScenarioError, options.get("lines"))
    fail = _Fail(where)
    if isinstance(f.map, str):
        try:
            cc_map = options.get("maps", builtin_map)(f.map)
        except (KeyError, ValueError) as exc:
            raise fail("map", f"cannot use map {f.map!r}: {exc}") from exc
    else:
        try:
            cc_map = map_from_data(data["map"], f"{where}: map", board_name=options.get("board_name"))
        except MapError as exc:
            raise ScenarioError(str(exc)) from None
    return _scenario(fail, f, options.get("pack") or builtin_pack(), cc_map), cc_map


class _Fail:
    """``fail(where, problem)``: the ScenarioError naming the file, the entry and the problem."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, where: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.name}: {where}: {problem}")


def _scenario(fail: _Fail, f: ScenarioFile, pack: Pack, cc_map: CcMap) -> Scenario:
    chits = len(pack.objectives)
    if f.open_chits > chits:
        raise fail("open_chits", f"{f.open_chits} is out of range 0..{chits}")
    if f.secret_chits > (chits - f.open_chits) // 2:
        raise fail("secret_chits", f"{f.secret_chits} is out of range 0..{(chits - f.open_chits) // 2}")
    objectives = _objectives(fail, f.objectives)
    start, last = f.time.start, f.time.last
    sides = {seat: _side(fail, seat, getattr(f.sides, seat), pack, cc_map, start, last) for seat in SEATS}
    a, b = sides["axis"], sides["allies"]
    if OPPOSITE[a.edge] != b.edge:
        raise fail("sides", f"friendly edges {a.edge} and {b.edge} are not opposite (7.2)")
    if a.nation == b.nation:
        raise fail("sides", f"both sides are {a.nation}")
    if a.posture == b.posture == "Defend":
        raise fail("sides", "both sides Defend: somebody has to attack or scout")
    return Scenario(
        id=f.id,
        name=f.name,
        map=cc_map.id,
        year=f.year,
        description=(f.description or "").strip(),
        balance=(f.balance or "").strip(),
        time_start=start,
        sudden_death=f.time.sudden_death,
        time_last=last,
        initiative=f.initiative,
        first=f.first,
        vp=f.vp,
        open_chits=f.open_chits,
        secret_chits=f.secret_chits,
        objectives=MappingProxyType(objectives),
        sides=MappingProxyType(sides),
        source=fail.name,
        fortifications=_fortifications(fail, f.fortifications, cc_map),
        mines_fp=f.mines_fp,
        setup_order=_setup_order(fail, f.setup_order),
    )


def _setup_order(fail: _Fail, order: list[str] | None) -> tuple[str, ...] | None:
    if order is not None and sorted(order) != sorted(SEATS):
        raise fail("setup_order", f"name each side once ({', '.join(SEATS)})")
    return None if order is None else tuple(order)


def _fortifications(
    fail: _Fail, items: list[FortificationModel], cc_map: CcMap
) -> tuple[tuple[str, str], ...]:
    """F100.1/F100.3: scenario Fortifications, one per hex, never in Water, one Pillbox."""
    from ..commander_family.board_state import label_map
    from .fortifications import KINDS
    from .terrain import hex_type

    board = cc_map.board
    out: list[tuple[str, str]] = []
    for i, m in enumerate(items):
        where = f"fortifications[{i}]"
        label, kind = m.hex, m.type
        if kind not in KINDS:
            raise fail(f"{where}.type", f"unknown Fortification {kind!r} (allowed: {', '.join(KINDS)})")
        if label not in board.labels:
            raise fail(f"{where}.hex", f"{label} is not a hex of map {cc_map.id}")
        if hex_type(board, label_map(board)[label]).water:
            raise fail(f"{where}.hex", f"{label} is a Water hex: no Fortification there (F100.3)")
        if any(h == label for h, _ in out):
            raise fail(f"{where}.hex", f"{label} already holds a Fortification (8.1.3)")
        if kind == "pillbox" and any(k == "pillbox" for _, k in out):
            raise fail(f"{where}.type", "the game has one Pillbox (F100.1)")
        out.append((label, kind))
    return tuple(out)


def _objectives(fail: _Fail, value: Mapping[str, str | None]) -> dict[str, str | None]:
    for oid in value:
        if oid not in OBJECTIVE_IDS:
            raise fail(f"objectives.{oid}", "Objectives are numbered 1-5 (2.3)")
    missing = [o for o in OBJECTIVE_IDS if o not in value]
    if missing:
        raise fail(
            "objectives", f"give the initial controller (or null) of Objective(s) {', '.join(missing)}"
        )
    return {o: value[o] for o in OBJECTIVE_IDS}


def _side(
    fail: _Fail, seat: str, m: ScenarioSideModel, pack: Pack, cc_map: CcMap, start: int, last: int
) -> Side:
    where = f"sides.{seat}"
    if m.nation not in pack.rosters:
        raise fail(
            f"{where}.nation", f"unknown nation {m.nation!r} (allowed: {', '.join(sorted(pack.rosters))})"
        )
    if m.nation not in pack.decks:
        raise fail(f"{where}.nation", f"no Fate deck for {m.nation}")
    roster = pack.rosters[m.nation]
    orders = m.orders if m.orders is not None else DEFAULT_ORDERS[m.posture]
    if m.edge not in cc_map.friendly_edges:
        edges = ", ".join(cc_map.friendly_edges)
        raise fail(f"{where}.edge", f"unknown friendly edge of map {cc_map.id} {m.edge!r} (allowed: {edges})")
    if m.setup not in cc_map.setup_zones:
        raise fail(
            f"{where}.setup",
            f"map {cc_map.id} has no set-up zone {m.setup!r} (have {', '.join(cc_map.setup_zones)})",
        )
    if cc_map.setup_zones[m.setup] != m.edge:
        raise fail(
            f"{where}.setup", f"zone {m.setup!r} lies on the {cc_map.setup_zones[m.setup]} edge, not {m.edge}"
        )
    forces = _forces(fail, f"{where}.forces", m.forces, roster)
    placed = _placed(fail, f"{where}.placed", m.placed, roster, cc_map)
    if not forces.unit_ids() and not placed:
        raise fail(f"{where}.forces", "a side starts with at least one unit on the map")
    reinf: list[Reinforcement] = []
    for i, r in enumerate(m.reinforcements):
        rw = f"{where}.reinforcements[{i}]"
        if not start < r.time <= last:
            raise fail(f"{rw}.time", f"{r.time} is out of range {start + 1}..{last}")
        reinf.append(Reinforcement(r.time, _forces(fail, rw, r, roster)))
    on_hexes = Forces((), tuple((p.unit, 1) for p in placed), tuple(p.weapon for p in placed if p.weapon), ())
    _check_countermix(fail, where, roster, [forces, on_hexes, *(r.forces for r in reinf)])
    hexes = len(cc_map.zone(m.setup))
    figures = sum(roster.units[u].figures for u in forces.unit_ids())
    if figures > 7 * hexes:
        raise fail(
            f"{where}.setup", f"{figures} figures cannot set up in {hexes} hexes without overstacking (8.2)"
        )
    return Side(
        seat,
        m.nation,
        m.posture,
        m.quality,
        orders,
        pack.postures.hand_size[m.posture],
        m.surrender,
        m.edge,
        m.setup,
        forces,
        tuple(reinf),
        placed,
    )


def _placed(
    fail: _Fail, where: str, items: list[PlacedModel], roster: Roster, cc_map: CcMap
) -> tuple[Placed, ...]:
    """Units set up on fixed hexes: roster ids, on the map, on passable terrain, at most
    FIGURE_LIMIT figures of the side in a hex (8.2)."""
    from ..commander_family.board_state import FIGURE_LIMIT
    from .terrain import hex_type

    board = cc_map.board
    figures: Counter[str] = Counter()
    out: list[Placed] = []
    for i, m in enumerate(items):
        w = f"{where}[{i}]"
        u = roster.units.get(m.unit)
        if u is None:
            raise fail(f"{w}.unit", f"no {roster.nation} squad, team or leader of id {m.unit!r}")
        if m.weapon is not None and m.weapon not in roster.weapons:
            allowed = ", ".join(roster.weapons)
            raise fail(f"{w}.weapon", f"unknown {roster.nation} weapon {m.weapon!r} (allowed: {allowed})")
        try:
            h = board.parse(m.hex)
        except ValueError as exc:
            raise fail(f"{w}.hex", f"{m.hex}: {exc}") from None
        if h not in board.hexes:
            raise fail(f"{w}.hex", f"{m.hex} is not a hex of map {cc_map.id}")
        label = board.label(h)
        if hex_type(board, h).move_impassable:
            raise fail(f"{w}.hex", f"{label} is impassable: no unit may stand there")
        figures[label] += u.figures
        if figures[label] > FIGURE_LIMIT:
            raise fail(f"{w}.hex", f"{label} holds more than {FIGURE_LIMIT} figures of one side (8.2)")
        out.append(Placed(label, m.unit, m.weapon))
    return tuple(out)


def _forces(fail: _Fail, where: str, m: ForcesModel, roster: Roster) -> Forces:
    by_name = {u.name: u for u in roster.units.values() if u.type == "leader"}
    leaders = []
    for n in m.leaders:
        if n not in by_name:
            raise fail(
                f"{where}.leaders: {n}",
                f"no {roster.nation} leader of that name (have {', '.join(sorted(by_name))})",
            )
        leaders.append(by_name[n].id)
    units = []
    for k, v in m.units.items():
        u = roster.units.get(k)
        if u is None or u.type == "leader":
            raise fail(f"{where}.units: {k}", f"no {roster.nation} squad or team type of that id")
        units.append((k, v))
    for w in m.weapons:
        if w not in roster.weapons:
            raise fail(
                f"{where}.weapons",
                f"unknown {roster.nation} weapon {w!r} (allowed: {', '.join(roster.weapons)})",
            )
    for r in m.radios:
        if r not in roster.radios:
            raise fail(
                f"{where}.radios",
                f"unknown {roster.nation} radio {r!r} (allowed: {', '.join(roster.radios)})",
            )
    f = Forces(tuple(leaders), tuple(units), tuple(m.weapons), tuple(m.radios))
    if len(m.weapons) > len(f.unit_ids()):
        raise fail(
            f"{where}.weapons",
            f"{len(m.weapons)} weapons but only {len(f.unit_ids())} units to carry them (one each, 8.1.1)",
        )
    return f


def _check_countermix(fail: _Fail, where: str, roster: Roster, groups: list[Forces]) -> None:
    units = Counter(u for g in groups for u in g.unit_ids())
    for k, n in units.items():
        if n > roster.units[k].count:
            raise fail(where, f"{n} x {k} but the countermix holds {roster.units[k].count}")
    weapons = Counter(w for g in groups for w in g.weapons)
    for k, n in weapons.items():
        if n > roster.weapons[k].count:
            raise fail(where, f"{n} x {k} but the countermix holds {roster.weapons[k].count}")
    radios = [r for g in groups for r in g.radios]
    if len(radios) > 1:
        raise fail(where, f"{len(radios)} radios: a player's Artillery Box holds only one (8.1.2)")


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
