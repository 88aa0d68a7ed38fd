"""Loading Great War Commander's component data: every file validated, then cross-checked.

Each ``load_*`` reads one file strictly (core.datafile) and validates it against its model in
:mod:`._schema`; the result is that frozen model. :func:`load_pack` loads a folder laid out like
``data/`` and checks what spans files: support tables and scenarios name pieces of the rosters,
scenarios name maps, zones, Leaders, periods and the countermix. A problem raises
:class:`GwcDataError` naming the file, the entry and the problem; nothing half-loads.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import NoReturn, TypeVar

from pydantic import BaseModel

from tactica.core.board import Board, BoardError, load_board
from tactica.core.datafile import DataError, Source, load_file
from tactica.core.hexgrid import distance
from tactica.core.schema import validate

from ..commander_family.board_state import FIGURE_LIMIT
from ..commander_family.data_models import PlacedModel
from ._schema import (
    FORMATION_TYPES,
    NATIONS,
    FateDeckFile,
    ForcesModel,
    FormationModel,
    FortificationsFile,
    InitiativeCardsFile,
    MarkersFile,
    ObjectivesFile,
    RosterFile,
    ScenarioFile,
    StrategyCardsFile,
    SupportTableFile,
    TerrainChartFile,
)

__all__ = ["GwcDataError", "Pack", "builtin_pack", "data_dir", "load_pack", "load_scenario"]

M = TypeVar("M", bound=BaseModel)
OPPOSITE: Mapping[str, str] = MappingProxyType(
    {"north": "south", "south": "north", "west": "east", "east": "west"}
)
# Gas Attacks by date (O19.2 table): Germany from June 1915, France from July 1915, America from
# its entry into the war (April 1917, our reading of "from US entry").
GAS_FROM: Mapping[str, str] = MappingProxyType(
    {"Germany": "1915-06", "France": "1915-07", "America": "1917-04"}
)


class GwcDataError(DataError):
    """A Great War Commander data file that cannot be used as written."""


def _load(model: type[M], source: Source) -> M:
    try:
        doc = load_file(source)
    except DataError as exc:
        raise GwcDataError(str(exc)) from None
    return validate(model, doc.data, doc.name, GwcDataError, doc.lines)


def load_deck(source: Source) -> FateDeckFile:
    return _load(FateDeckFile, source)


def load_roster(source: Source) -> RosterFile:
    return _load(RosterFile, source)


def load_support_table(source: Source) -> SupportTableFile:
    return _load(SupportTableFile, source)


def load_strategy_cards(source: Source) -> StrategyCardsFile:
    return _load(StrategyCardsFile, source)


def load_initiative_cards(source: Source) -> InitiativeCardsFile:
    return _load(InitiativeCardsFile, source)


def load_terrain_chart(source: Source) -> TerrainChartFile:
    return _load(TerrainChartFile, source)


def load_fortifications(source: Source) -> FortificationsFile:
    return _load(FortificationsFile, source)


def load_objectives(source: Source) -> ObjectivesFile:
    return _load(ObjectivesFile, source)


def load_markers(source: Source) -> MarkersFile:
    return _load(MarkersFile, source)


def load_scenario(source: Source) -> ScenarioFile:
    """The scenario file alone; :func:`load_pack` checks it against maps and rosters."""
    return _load(ScenarioFile, source)


def load_map(source: Source, chart: TerrainChartFile, forts: FortificationsFile) -> Board:
    """A 15x11 map whose names are the chart's types, hexsides and paths, plus printed
    Fortifications (F125) as hex features."""
    try:
        doc = load_file(source)
    except DataError as exc:
        raise GwcDataError(str(exc)) from None
    return map_from_data(doc.data, doc.name, chart, forts, lines=doc.lines)


def map_from_data(data: object, name: str, chart: TerrainChartFile, forts: FortificationsFile, *,
                  board_name: str | None = None,
                  lines: Mapping[tuple[str | int, ...], int] | None = None) -> Board:
    """A map given as data (a file's, or a custom scenario's inline map), checked exactly as a map
    file is; ``board_name`` (default: the map's own ``name``) names the board (a custom
    scenario's content id)."""
    hex_names = [t.id for t in chart.terrain if t.kind == "type"] + [f.id for f in forts.fortifications]
    if not isinstance(data, Mapping):
        raise GwcDataError(f"{name}: expected a mapping at the top level")
    if board_name is not None:
        data = {**data, "name": board_name}
    try:
        board = load_board(
            data,
            allowed_terrain=hex_names,
            allowed_hexside=[t.id for t in chart.terrain if t.kind == "hexside"],
            allowed_roads=[t.id for t in chart.terrain if t.kind == "path"],
            source_name=name,
            lines=lines,
        )
    except BoardError as exc:
        raise GwcDataError(str(exc)) from None
    shape = (board.layout.cols, board.layout.rows)
    if shape != (15, 11) or sorted(board.objectives) != ["1", "2", "3", "4", "5"]:
        raise GwcDataError(f"{name}: geometry: a map is 15x11 hexes with Objectives 1-5 (2.1, 2.3)")
    return board


# ---------------------------------------------------------------------------------------------
# A whole folder
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pack:
    decks: Mapping[str, FateDeckFile]  # by nation
    rosters: Mapping[str, RosterFile]
    support: Mapping[str, SupportTableFile]
    strategy: StrategyCardsFile
    initiative: InitiativeCardsFile
    terrain: TerrainChartFile
    fortifications: FortificationsFile
    objectives: ObjectivesFile
    markers: MarkersFile
    maps: Mapping[str, Board]  # by file stem
    scenarios: Mapping[str, ScenarioFile]  # by id


def data_dir() -> Traversable:
    return files(__package__ or "tactica.games.great_war_commander") / "data"


def _files(folder: Traversable) -> list[Traversable]:
    if not folder.is_dir():
        return []
    found = (f for f in folder.iterdir() if f.name.endswith((".yaml", ".yml", ".json")))
    return sorted(found, key=lambda f: f.name)


def _by_nation(items: Iterable[tuple[str, str]], what: str) -> None:
    seen: dict[str, str] = {}
    for nation, source in items:
        if nation in seen:
            raise GwcDataError(f"{source}: nation: a second {what} for {nation} (already in {seen[nation]})")
        seen[nation] = source


def load_pack(folder: str | os.PathLike[str] | Traversable) -> Pack:
    """Load and cross-check a folder laid out like the built-in ``data/``."""
    root: Traversable = Path(folder) if isinstance(folder, str | os.PathLike) else folder
    decks = [(f.name, load_deck(f)) for f in _files(root / "decks")]
    rosters = [(f.name, load_roster(f)) for f in _files(root / "rosters")]
    support = [(f.name, load_support_table(f)) for f in _files(root / "support")]
    for what, items in (("Fate deck", decks), ("roster", rosters), ("support table", support)):
        _by_nation(((m.nation, n) for n, m in items), what)
        missing = set(NATIONS) - {m.nation for _, m in items}
        if missing:
            raise GwcDataError(f"{root.name}: no {what} for {', '.join(sorted(missing))}")
    chart = load_terrain_chart(root / "terrain.yaml")
    forts = load_fortifications(root / "fortifications.yaml")
    maps = {f.name.rsplit(".", 1)[0]: load_map(f, chart, forts) for f in _files(root / "maps")}
    roster_by = {m.nation: m for _, m in rosters}
    for name, table in support:
        _check_support(name, table, roster_by[table.nation])
    scenarios: dict[str, ScenarioFile] = {}
    for f in _files(root / "scenarios"):
        sc = load_scenario(f)
        if sc.id in scenarios:
            raise GwcDataError(f"{f.name}: id: {sc.id!r} is used twice")
        _check_scenario(f.name, sc, roster_by, _board(f.name, sc, maps), chart, forts)
        scenarios[sc.id] = sc
    return Pack(
        decks=MappingProxyType({m.nation: m for _, m in decks}),
        rosters=MappingProxyType(roster_by),
        support=MappingProxyType({m.nation: m for _, m in support}),
        strategy=load_strategy_cards(root / "strategy_cards.yaml"),
        initiative=load_initiative_cards(root / "initiative_cards.yaml"),
        terrain=chart,
        fortifications=forts,
        objectives=load_objectives(root / "objectives.yaml"),
        markers=load_markers(root / "markers.yaml"),
        maps=MappingProxyType(maps),
        scenarios=MappingProxyType(scenarios),
    )


@cache
def builtin_pack() -> Pack:
    """The project's own Great War Commander components, loaded and checked once."""
    return load_pack(data_dir())


def _check_support(name: str, table: SupportTableFile, roster: RosterFile) -> None:
    forms = {f.id for f in roster.formations}
    weapons = {w.id for w in roster.weapons}
    phones = {t.id for t in roster.telephones}
    for row in table.rows:
        for item in row.items:
            for ref, known, what in (
                (item.formation, forms, "formation"),
                (item.weapon, weapons, "weapon"),
                (item.telephone, phones, "telephone"),
            ):
                if ref is not None and ref not in known:
                    raise GwcDataError(f"{name}: row {row.id}: no {roster.nation} {what} {ref!r}")


# ---------------------------------------------------------------------------------------------
# Scenario cross-checks
# ---------------------------------------------------------------------------------------------


def _in_period(period: list[int] | None, year: int) -> bool:
    return period is None or period[0] <= year <= period[1]


def _years(period: list[int] | None) -> str:
    return "any year" if period is None else f"{period[0]}-{period[1]}"


def _forces(
    fail: _Fail, where: str, forces: ForcesModel, roster: RosterFile, year: int
) -> tuple[list[FormationModel], Counter[str]]:
    """The Formations a forces block puts in play, checked against the roster and the date."""
    by_name = {f.name: f for f in roster.formations if f.type == "leader"}
    by_id = {f.id: f for f in roster.formations}
    weapons = {w.id: w for w in roster.weapons}
    out: list[FormationModel] = []
    used: Counter[str] = Counter()
    for n in forces.leaders:
        if n not in by_name:
            fail(f"{where}.leaders: {n}", f"no {roster.nation} Leader of that name")
        out.append(by_name[n])
        used[by_name[n].id] += 1
    for fid, count in forces.formations.items():
        f = by_id.get(fid)
        if f is None or f.type == "leader":
            fail(f"{where}.formations: {fid}", f"no {roster.nation} Platoon, Team, Runner or Tank of that id")
        assert f is not None
        if not _in_period(f.period, year):
            fail(f"{where}.formations: {fid}", f"{f.name} is used {_years(f.period)}, not in {year}")
        out += [f] * count
        used[fid] += count
    carriers = [f for f in out if f.type in ("platoon", "team")]
    teams = [f for f in out if f.type == "team"]
    for wid in forces.weapons:
        w = weapons.get(wid)
        if w is None:
            fail(f"{where}.weapons: {wid}", f"no {roster.nation} weapon of that id")
        assert w is not None
        if not _in_period(w.period, year):
            fail(f"{where}.weapons: {wid}", f"{w.name} is used {_years(w.period)}, not in {year}")
        used[wid] += 1
    if len(forces.weapons) > len(carriers):
        fail(
            f"{where}.weapons",
            f"{len(forces.weapons)} weapons but {len(carriers)} Platoons and Teams to carry them (11.2)",
        )
    flames = sum(weapons[w].team_only for w in forces.weapons)
    if flames > len(teams):
        fail(f"{where}.weapons", f"{flames} Flamethrower(s) but {len(teams)} Team(s) to carry them (11.2)")
    phones = {t.id for t in roster.telephones}
    for tid in forces.telephones:
        if tid not in phones:
            fail(f"{where}.telephones: {tid}", f"no {roster.nation} Telephone of that id")
        used[tid] += 1
    return out, used


def _placed(
    fail: _Fail, where: str, items: Iterable[PlacedModel], roster: RosterFile, year: int, board: Board,
    chart: TerrainChartFile,
) -> tuple[list[FormationModel], Counter[str]]:
    """Formations set up on fixed hexes (a custom scenario's): roster ids (a Leader by its id)
    used in the scenario's year, on the map and on terrain they may stand in, a Weapon only on
    a Platoon or Team (a Flamethrower on a Team, 11.2); at most seven figures of the side in a
    hex and never two Tanks (8.2, 8.2.1)."""
    by_id = {f.id: f for f in roster.formations}
    weapons = {w.id: w for w in roster.weapons}
    types = {t.id: t for t in chart.terrain if t.kind == "type"}
    out: list[FormationModel] = []
    used: Counter[str] = Counter()
    figures: Counter[str] = Counter()
    tanks: Counter[str] = Counter()
    for i, m in enumerate(items):
        w = f"{where}[{i}]"
        f = by_id.get(m.unit)
        if f is None:
            fail(f"{w}.unit", f"no {roster.nation} Leader, Platoon, Team, Runner or Tank of id {m.unit!r}")
        assert f is not None
        if not _in_period(f.period, year):
            fail(f"{w}.unit", f"{f.name} is used {_years(f.period)}, not in {year}")
        try:
            h = board.parse(m.hex)
        except ValueError as exc:
            fail(f"{w}.hex", f"{m.hex}: {exc}")
        if h not in board.index:
            fail(f"{w}.hex", f"{m.hex} is not a hex of map {board.name}")
        label = board.label(h)
        feats = board.features[board.idx(h)]
        ground = next((types[t] for t in chart.precedence if t in feats), types["open_ground"])
        if ground.move == "impassable":
            fail(f"{w}.hex", f"{label} is {ground.id}: impassable, no Formation stands there ({ground.rule})")
        if f.type == "tank" and ground.tanks in ("never", "bridge_only"):
            fail(f"{w}.hex", f"{label} is {ground.id}: no Tank may stand there ({ground.rule})")
        if m.weapon is not None:
            wt = weapons.get(m.weapon)
            if wt is None:
                fail(f"{w}.weapon", f"no {roster.nation} weapon of id {m.weapon!r}")
            assert wt is not None
            if f.type not in ("platoon", "team") or (wt.team_only and f.type != "team"):
                who = "a Team" if wt.team_only else "a Platoon or Team"
                fail(f"{w}.weapon", f"only {who} carries {wt.name}, not {f.name} (11.2)")
            if not _in_period(wt.period, year):
                fail(f"{w}.weapon", f"{wt.name} is used {_years(wt.period)}, not in {year}")
            used[wt.id] += 1
        figures[label] += FORMATION_TYPES[f.type]
        tanks[label] += f.type == "tank"
        if figures[label] > FIGURE_LIMIT:
            fail(f"{w}.hex", f"{label} holds more than {FIGURE_LIMIT} figures of one side (8.2)")
        if tanks[label] > 1:
            fail(f"{w}.hex", f"{label} holds a second Tank: one Tank a hex (8.2.1)")
        out.append(f)
        used[f.id] += 1
    return out, used


class _Fail:
    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, where: str, problem: str) -> NoReturn:
        raise GwcDataError(f"{self.name}: {where}: {problem}")


def _board(name: str, sc: ScenarioFile, maps: Mapping[str, Board]) -> Board:
    """The built-in map a scenario file names."""
    board = maps.get(sc.map) if isinstance(sc.map, str) else None
    if board is None:
        _Fail(name)("map", f"no map {sc.map!r} (have {', '.join(sorted(maps))})")
    assert board is not None
    return board


def check_data(data: object, where: str, pack: Pack | None = None, *, board_name: str | None = None,
               lines: Mapping[tuple[str | int, ...], int] | None = None) -> tuple[ScenarioFile, Board]:
    """Every check a scenario file passes, on a scenario given as data (the editor's; ``map`` a
    built-in map's id or the map itself, inline); the scenario and the Board it is played on
    (an inline map's named ``board_name``). GwcDataError with the file, the entry and the problem."""
    pack = pack or builtin_pack()
    sc = validate(ScenarioFile, data, where, GwcDataError, lines)
    if isinstance(sc.map, str):
        board = _board(where, sc, pack.maps)
    else:
        assert isinstance(data, Mapping)
        board = map_from_data(data["map"], f"{where}: map", pack.terrain, pack.fortifications,
                              board_name=board_name)
    _check_scenario(where, sc, pack.rosters, board, pack.terrain, pack.fortifications)
    return sc, board


def _check_scenario(
    name: str,
    sc: ScenarioFile,
    rosters: Mapping[str, RosterFile],
    board: Board,
    chart: TerrainChartFile,
    forts: FortificationsFile,
) -> None:
    fail = _Fail(name)
    year = int(sc.date[:4])
    g, e = sc.sides.germany, sc.sides.entente
    if OPPOSITE[g.edge] != e.edge:
        fail("sides", f"friendly edges {g.edge} and {e.edge} are not opposite")
    if g.posture == e.posture == "Defend":
        fail("sides", "both sides Defend: somebody has to attack or scout")
    phones = 0
    for seat, side in (("germany", g), ("entente", e)):
        where = f"sides.{seat}"
        roster = rosters[side.nation]
        _zone(fail, board, f"{where}.setup", side.setup, side.edge)
        start, used = _forces(fail, f"{where}.forces", side.forces, roster, year)
        on_hexes, used_there = _placed(fail, f"{where}.placed", side.placed, roster, year, board, chart)
        used += used_there
        if not start and not on_hexes:
            fail(f"{where}.forces", "a side starts with at least one Formation on the map")
        for i, r in enumerate(side.reinforcements):
            if not sc.time.start < r.time <= sc.time.last:
                fail(f"{where}.reinforcements[{i}].time", f"{r.time} is not a later Time space")
            used += _forces(fail, f"{where}.reinforcements[{i}]", r, roster, year)[1]
        groups = [side.forces, *side.reinforcements]
        if sc.three_player is not None and sc.three_player.nation == side.nation:
            groups.append(sc.three_player.forces)
        phones_here = sum(len(x.telephones) for x in groups)
        if phones_here > 1:
            fail(where, f"{phones_here} Telephones: a player has only one (8.1.2)")
        phones += phones_here
        _countermix(fail, where, roster, used)
        _stacking(fail, f"{where}.setup", board, side.setup, start)
    if sc.three_player is not None:
        tp = sc.three_player
        if tp.nation in (g.nation, e.nation) or tp.nation == "Germany":
            fail("three_player.nation", "the third seat is the Entente nation not already playing")
        if tp.edge != e.edge:
            fail("three_player.edge", "the third seat fights beside the Entente, from its edge")
        _zone(fail, board, "three_player.setup", tp.setup, tp.edge)
        start, used = _forces(fail, "three_player.forces", tp.forces, rosters[tp.nation], year)
        if not start:
            fail("three_player.forces", "the third seat starts with at least one Formation")
        _countermix(fail, "three_player", rosters[tp.nation], used)
    if sc.gas:
        first = min(GAS_FROM[n] for n in (g.nation, e.nation))
        if sc.date < first:
            fail("gas", f"no side could attack with gas in {sc.date} (from {first}, O19.2)")
        if not phones:
            fail("gas", "Gas comes from a Gas Attack barrage: give a side a Telephone")
    kinds = {f.id for f in forts.fortifications}
    water = {"marsh", "stream", "water_barrier"}
    seen: set[str] = set()
    markers = [(f"fortifications[{i}]", m.hex, m.type) for i, m in enumerate(sc.fortifications)]
    markers += [(f"gas {h}", h, "gas") for h in sc.gas]
    for where, hex_id, kind in markers:
        if kind != "gas" and kind not in kinds:
            fail(where, f"unknown Fortification {kind!r} (allowed: {', '.join(sorted(kinds))})")
        feats = board.features[board.idx(board.parse(hex_id))]
        if feats & water:
            fail(where, f"{hex_id} is a Water hex: no {kind} there (F125, T107)")
        key = f"{kind}:{hex_id}" if kind == "gas" else hex_id
        if key in seen or (kind != "gas" and feats & kinds):
            fail(where, f"{hex_id} already holds a Fortification (8.1)")
        seen.add(key)


def _zone(fail: _Fail, board: Board, where: str, zone: str, edge: str) -> None:
    if zone not in board.zones:
        fail(where, f"map {board.name} has no set-up zone {zone!r} (have {', '.join(board.zones)})")
    if not set(board.zones[zone]) & set(board.edges[edge]):
        fail(where, f"zone {zone!r} does not reach the {edge} edge")


def _countermix(fail: _Fail, where: str, roster: RosterFile, used: Counter[str]) -> None:
    counts = {f.id: f.count for f in roster.formations}
    counts |= {w.id: w.count for w in roster.weapons} | {t.id: t.count for t in roster.telephones}
    for pid, n in sorted(used.items()):
        if n > counts[pid]:
            fail(where, f"{n} x {pid} but the countermix holds {counts[pid]}")


def _stacking(fail: _Fail, where: str, board: Board, zone: str, start: list[FormationModel]) -> None:
    """8.2: seven figures a hex, one Tank a hex; the set-up zone must hold the side."""
    hexes = len(board.zones[zone])
    figures = sum(FORMATION_TYPES[f.type] for f in start)
    tanks = sum(f.type == "tank" for f in start)
    if figures > 7 * hexes or tanks > hexes:
        fail(where, f"{figures} figures and {tanks} Tanks cannot set up in {hexes} hexes (8.2)")


def fao_hex(board: Board, edge: str) -> str:
    """The Forward Artillery Observer hex on a friendly edge (2.4): A6, O6, H1 or H11."""
    label = {"west": "A6", "east": "O6", "north": "H1", "south": "H11"}[edge]
    board.parse(label)
    return label


def hex_distance(board: Board, a: str, b: str) -> int:
    """Hexes from ``a`` to ``b`` on ``board`` (labels), for radius checks in tests and data."""
    return distance(board.parse(a), board.parse(b))
