"""Custom scenarios (the web editor's): what each editable module offers, the limits every
submission is held to before a loader sees it, and the store of saved scenarios.

A saved version is an immutable copy in ``scenario_copies`` named by its content id (the rules
module's ``custom_id``: a hash of the content), and a game made on it cites that id as its
scenario. Before the server creates or rebuilds such a game it registers the copy with the rules
module (:func:`ensure_registered`), checking that the content still hashes to its id, so a game
replays on exactly the content it was made on whatever its author edits later.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

import yaml
from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from tactica.core.custom import content_id
from tactica.core.datafile import DataError, parse_yaml_lines
from tactica.core.rules import RulesError
from tactica.server.schema import custom_scenarios, scenario_copies

MAX_TEXT: Final = 48_000
"""Longest scenario accepted, as YAML text or as compact JSON (a 14 x 9 scenario is about 4 KB)."""
MAX_COLS: Final = 18
MAX_ROWS: Final = 12
"""The largest board: 216 hexes. Registering a scenario for play builds its map's line-of-sight
tables once per process, in time and memory growing with the square of the hex count and the
length of the lines (bench/bench_editor.py on a loaded 2-core machine: 14 x 9 0.5-0.7 s and
4 MB, 18 x 12 1.3-1.9 s and 12 MB; 22 x 14 5 s and 26 x 16 10 s, too slow for a request)."""
MAX_UNITS: Final = 60
"""Units per side."""
MAX_OBJECTIVES: Final = 20
MAX_PER_AUTHOR: Final = 50
"""Saved scenarios one author key may hold."""


class Invalid(ValueError):
    """A submitted scenario that is refused: too large, forged, or failing the module's loader
    (the message is the loader's: file, entry, problem)."""


@dataclass(frozen=True)
class Editable:
    """What the editor needs of one rules module (one whose boards use the core map format and
    whose scenarios are self-contained data): the module's own functions to check, name,
    register and start scenarios, and the description the browser's module-neutral editor is
    driven by (``form``: its tools, palettes, the parameters form; docs/editor.md)."""

    module: str
    sides: tuple[str, ...]
    terrain: tuple[dict[str, str], ...]
    builtin: tuple[str, ...]
    check: Callable[[Any, str], dict[str, Any]]
    """The module's scenario loader on data (file name for messages); RulesError if refused."""
    content_id: Callable[[Mapping[str, Any]], str]
    register: Callable[[Any, str], str]
    """Check and make playable in this process; returns the content id."""
    is_registered: Callable[[str], bool]
    serve_from: Callable[[Callable[[str], Any] | None, int], None]
    """Install where an evicted custom scenario is registered again from (content id -> content
    or None) and how many stay registered."""
    load_builtin: Callable[[str], Mapping[str, Any]]
    blank: Callable[[int, int], dict[str, Any]]
    """A new scenario on an empty board of cols x rows in the module's frame."""
    names: dict[str, tuple[str, ...]]
    """The feature names a map may use (core.board's ``allowed_*``: terrain, hexside, roads)."""
    units_at: tuple[str, ...]
    """Where a side's units on hexes are in the file ("{side}" stands for each side)."""
    form: dict[str, Any]
    limits: dict[str, int] = field(default_factory=dict)

    def public(self) -> dict[str, Any]:
        return {"module": self.module, "sides": list(self.sides), "terrain": list(self.terrain),
                "scenarios": list(self.builtin), "limits": dict(self.limits), **self.form}

    def unit_lists(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Each side's list of units on hexes in ``data`` (whatever is there, unchecked)."""
        out = {}
        for side in self.sides:
            node: Any = data
            for key in self.units_at:
                node = node.get(key.format(side=side)) if isinstance(node, Mapping) else None
            out[side] = node
        return out


LIMITS: Final = {"text": MAX_TEXT, "cols": MAX_COLS, "rows": MAX_ROWS, "units": MAX_UNITS,
                 "objectives": MAX_OBJECTIVES, "per_author": MAX_PER_AUTHOR}


def _title(x: str) -> str:
    return x.replace("_", " ").replace("-", " ").title()


def _choices(values: Iterable[Any], labels: Mapping[Any, str] | None = None) -> list[dict[str, Any]]:
    return [{"value": v, "label": (labels or {}).get(v) or ("none" if v is None else _title(str(v)))}
            for v in values]


def _gw_serve_from(source: Callable[[str], Any] | None, limit: int) -> None:
    from tactica.games.great_war import scenarios as gw

    gw.set_custom_source(source)
    gw.set_custom_limit(limit)


def _great_war() -> Editable:
    from tactica.games.great_war import scenarios as gw
    from tactica.games.great_war.drawing import SHORT, TERRAIN_STYLE
    from tactica.games.great_war.terrain import TERRAIN
    from tactica.games.great_war.units import UNIT_TYPES

    terrain = tuple({"id": k, **v} for k, v in TERRAIN_STYLE.items())
    kinds = [{"id": k, "name": t.name, "short": SHORT.get(k, k)} for k, t in UNIT_TYPES.items()]
    side = {"label": "Per side", "each_side": True}
    form = {
        "blank": {"cols": [3, MAX_COLS], "rows": [2, MAX_ROWS], "default": [14, 9]},
        "plain": "clear",
        "tools": [["terrain", "Paint terrain"], ["half", "Half hex"], ["unit", "Place unit"],
                  ["objective", "Objective"], ["section", "Sections"], ["erase", "Remove"]],
        "units": {"at": ["units", "{side}"], "kind": "kind", "ids": {"allies": "a", "central": "c"},
                  "palette": {"*": kinds}, "flags": [{"key": "bomber", "label": "Bomber (infantry)",
                                                      "kinds": ["infantry"]}], "stack": False},
        "objectives": {"style": "list", "at": ["objectives"]},
        "areas": [{"tool": "section", "label": "Section", "at": ["map", "sections"],
                   "names": ["left", "centre", "right"]}],
        "params": [
            {"at": ["id"], "label": "Id", "type": "text", "testid": "ed-id"},
            {"at": ["name"], "label": "Name", "type": "text", "testid": "ed-name"},
            {"at": ["description"], "label": "Description", "type": "textarea"},
            {"at": ["first"], "label": "First", "type": "select", "options": _choices(gw.SIDES)},
            {"at": ["turn_limit"], "label": "Turn limit", "type": "number", "min": 1},
            {"at": ["tie"], "label": "Level medals at the turn limit (TGW-D Victory 3)", "type": "select",
             "options": [{"value": None, "label": "a draw"},
                         *({"value": x, "label": f"{_title(x)} win"} for x in gw.SIDES)]},
            {**side, "at": ["medals", "{side}"], "label": "Medals to win", "type": "number", "min": 1,
             "max": 30},
            {**side, "at": ["hand", "{side}"], "label": "Command cards", "type": "number", "min": 1,
             "max": 10},
            {**side, "at": ["combat_hand", "{side}"], "label": "Combat cards", "type": "number", "min": 0,
             "max": 10},
            {**side, "at": ["hq", "{side}"], "label": "HQ tokens", "type": "number", "min": 0, "max": 20},
            {**side, "at": ["reserve_artillery", "{side}"], "label": "Reserve artillery", "type": "checkbox"},
        ],
    }
    return Editable("great_war", gw.SIDES, terrain, gw.scenario_ids(),
                    check=lambda data, where: gw.check_scenario(data, where), content_id=gw.custom_id,
                    register=gw.register_scenario, is_registered=gw.is_registered,
                    serve_from=_gw_serve_from, load_builtin=gw.load_scenario, blank=gw.blank_scenario,
                    names={"terrain": tuple(TERRAIN)}, units_at=("units", "{side}"), form=form,
                    limits=dict(LIMITS))


def _serve_from(registry: Any) -> Callable[[Callable[[str], Any] | None, int], None]:
    """Install a Commander game's registry source and bound (core.custom.CustomScenarios)."""
    def serve_from(source: Callable[[str], Any] | None, limit: int) -> None:
        registry.set_source(source)
        registry.set_limit(limit)
    return serve_from


@dataclass(frozen=True)
class _Commander:
    """What a Commander game's description is made of (Combat Commander, Great War Commander):
    its module and seats, its map's names, its rosters as palettes, its forces' keys, and the
    parameters only it has; :func:`_commander` builds the description both share."""

    module: str
    seats: tuple[str, str]
    custom: Any  # the game's custom.py (check, register, REGISTRY, load_builtin, blank_scenario)
    builtin: tuple[str, ...]
    terrain: tuple[dict[str, str], ...]
    plain: str  # the terrain left unlabelled on the map
    names: dict[str, tuple[str, ...]]
    levels: list[int]
    fortifications: list[dict[str, str]]
    fort_rules: str
    palette: dict[str, list[dict[str, Any]]]
    weapons: dict[str, list[dict[str, Any]]]
    contacts: dict[str, list[dict[str, Any]]]  # Radios or Telephones, at most one a side
    counted: str  # the forces' key of counted squads and teams ("units", "formations")
    areas: list[dict[str, Any]]
    zones_at: list[str]  # where the set-up zones' names are (the Set-up zone field's choices)
    top: list[dict[str, Any]]  # the game's own parameters after name and description
    time_max: int
    vp: tuple[int, int, str]
    chits_max: int
    per_side: list[dict[str, Any]]  # the game's own per-side parameters after the nation
    edges: tuple[str, ...]
    note: str


def _commander(c: _Commander) -> Editable:
    side = {"each_side": True}
    seats = c.seats
    form = {
        "blank": {"fixed": [c.custom.COLS, c.custom.ROWS]},
        "plain": c.plain,
        "tools": [["terrain", "Paint terrain"], ["level", "Level"], ["hexside", "Hexside"],
                  *([["road", "Road"]] if c.names["roads"] else []), ["unit", "Place unit"],
                  ["objective", "Objective"],
                  *([a["tool"], a["tool_label"]] for a in c.areas), ["marker", "Fortifications"],
                  ["erase", "Remove"]],
        "markers": {"at": ["fortifications"], "key": "type", "label": "Fortification",
                    "kinds": c.fortifications},
        "hexside": [{"id": k, "label": _title(k)} for k in sorted(c.names["hexside"])],
        "roads": [{"id": k, "label": _title(k)} for k in sorted(c.names["roads"])],  # the Road tool
        "levels": c.levels,
        "units": {"at": ["sides", "{side}", "placed"], "kind": "unit", "ids": None,
                  "palette_by": ["sides", "{side}", "nation"], "palette": c.palette, "weapons": c.weapons,
                  "radios": c.contacts, "counted": c.counted, "flags": [], "stack": True},
        "objectives": {"style": "numbered", "at": ["map", "objectives"], "ids": ["1", "2", "3", "4", "5"],
                       "control": ["objectives"]},
        "areas": [{k: v for k, v in a.items() if k != "tool_label"} for a in c.areas],
        "params": [
            {"at": ["id"], "label": "Id", "type": "text", "testid": "ed-id"},
            {"at": ["name"], "label": "Name", "type": "text", "testid": "ed-name"},
            {"at": ["description"], "label": "Description", "type": "textarea"},
            *c.top,
            {"at": ["first"], "label": "First Turn", "type": "select", "options": _choices(seats)},
            {"at": ["initiative"], "label": "Initiative", "type": "select", "options": _choices(seats)},
            {"at": ["time", "start"], "label": "Time: start", "type": "number", "min": 0, "max": c.time_max},
            {"at": ["time", "sudden_death"], "label": "Time: Sudden Death", "type": "number", "min": 1,
             "max": c.time_max},
            {"at": ["time", "last"], "label": "Time: last space", "type": "number", "min": 1,
             "max": c.time_max},
            {"at": ["vp"], "label": c.vp[2], "type": "number", "min": c.vp[0], "max": c.vp[1]},
            {"at": ["open_chits"], "label": "Open Objective chits", "type": "number", "min": 0,
             "max": c.chits_max},
            {"at": ["secret_chits"], "label": "Secret chits a side", "type": "number", "min": 0,
             "max": c.chits_max},
            *({"at": ["objectives", o], "label": f"Objective {o} held by", "type": "select",
               "options": _choices([None, *seats])} for o in ("1", "2", "3", "4", "5")),
            {**side, "at": ["sides", "{side}", "nation"], "label": "Nation", "type": "select",
             "options": _choices(sorted(c.palette), {n: n for n in c.palette})},
            *c.per_side,
            {**side, "at": ["sides", "{side}", "surrender"], "label": "Surrender space", "type": "number",
             "min": 1, "max": 30},
            {**side, "at": ["sides", "{side}", "edge"], "label": "Friendly edge", "type": "select",
             "options": _choices(c.edges)},
            {**side, "at": ["sides", "{side}", "setup"], "label": "Set-up zone", "type": "zone",
             "zones_at": c.zones_at},
            {**side, "at": ["sides", "{side}", "forces"], "label": "Forces set up in the zone (2.1)",
             "type": "forces"},
            {**side, "at": ["sides", "{side}", "reinforcements"],
             "label": "Reinforcements: forces placed on a Time Track space, entering when Time reaches it "
                      "(6.1.2 step 5)", "type": "reinforcements"},
        ],
        "note": f"The Fortifications tool places the scenario's Fortifications ({c.fort_rules}). "
                f"{c.note}".strip(),
    }
    cm = c.custom
    return Editable(c.module, seats, c.terrain, c.builtin, check=cm.check_scenario, content_id=content_id,
                    register=cm.register_scenario, is_registered=cm.REGISTRY.is_registered,
                    serve_from=_serve_from(cm.REGISTRY), load_builtin=cm.load_builtin,
                    blank=cm.blank_scenario, names=c.names, units_at=("sides", "{side}", "placed"), form=form,
                    limits=dict(LIMITS))


def _combat_commander() -> Editable:
    from tactica.games.combat_commander import custom as cc
    from tactica.games.combat_commander.components import builtin_pack
    from tactica.games.combat_commander.data_models import EDGE_NAMES, QUALITIES
    from tactica.games.combat_commander.drawing import FORT_LABEL, TERRAIN_STYLE, UNIT_SHORT, WEAPON_SHORT
    from tactica.games.combat_commander.fortifications import KINDS, NAMES
    from tactica.games.combat_commander.scenario_data import SEATS, builtin_scenarios
    from tactica.games.combat_commander.terrain import terrain_chart

    chart = terrain_chart()
    pack = builtin_pack()
    terrain = tuple({"id": k, "fill": TERRAIN_STYLE.get(k, {}).get("fill", "#ddd"),
                     "label": TERRAIN_STYLE.get(k, {}).get("label") or _title(k)}
                    for k in sorted(chart.allowed_terrain, key=lambda k: (k != "open", k)))
    def unit_name(u: Any) -> str:
        rank = getattr(u, "rank", None)
        return f"{rank + ' ' if rank else ''}{u.name} ({u.type})"

    # "forces": where a choice goes in a side's forces (leaders by name, squads and teams counted)
    palette = {nation: [{"id": u.id, "name": unit_name(u), "short": UNIT_SHORT.get(u.type, u.type),
                         "figures": u.figures,
                         "forces": ["leaders", u.name] if u.type == "leader" else ["units", u.id]}
                        for u in r.units.values()] for nation, r in pack.rosters.items()}
    weapons = {nation: [{"id": w.id, "name": w.name, "short": WEAPON_SHORT.get(w.kind, w.kind),
                         "forces": ["weapons", w.id]} for w in r.weapons.values()]
               for nation, r in pack.rosters.items()}
    radios = {nation: [{"id": x.id, "name": x.name, "forces": ["radios", x.id]} for x in r.radios.values()]
              for nation, r in pack.rosters.items()}
    hands = pack.postures.hand_size
    side = {"each_side": True}
    zones = ["map", "combat_commander", "setup_zones"]
    return _commander(_Commander(
        "combat_commander", SEATS, cc, tuple(builtin_scenarios()), terrain, "open",
        {"terrain": tuple(chart.allowed_terrain), "hexside": tuple(chart.allowed_hexside),
         "roads": tuple(chart.allowed_roads)},
        [-1, 0, 1, 2, 3], [{"id": k, "name": NAMES[k], "short": FORT_LABEL.get(k, k)} for k in KINDS],
        "F100.1: one a hex, never in Water, one Pillbox", palette, weapons, radios, "units",
        [{"tool": "zone", "tool_label": "Set-up zones", "label": "Zone", "at": ["map", "zones"],
          "names": None, "edges": zones, "edge_names": list(EDGE_NAMES)},
         {"tool": "building", "tool_label": "Buildings", "label": "Building",
          "at": ["map", "combat_commander", "buildings"], "names": None}],
        zones,
        [{"at": ["year"], "label": "Year", "type": "number", "min": 1939, "max": 1945},
         {"at": ["setup_order"], "label": "Sets up first", "type": "select",
          "options": [{"value": None, "label": "the side not moving first"},
                      *({"value": [a, b], "label": _title(a)} for a, b in (SEATS, SEATS[::-1]))]},
         {"at": ["mines_fp"], "label": "Mine Attack FP (F103.2)", "type": "number", "min": 6, "max": 8,
          "optional": True}],
        20, (-50, 50, "Starting VP (+ Axis)"), 10,
        [{**side, "at": ["sides", "{side}", "posture"], "label": "Posture (hand size)", "type": "select",
          "options": _choices(hands, {p: f"{p} ({n})" for p, n in hands.items()})},
         {**side, "at": ["sides", "{side}", "quality"], "label": "OB quality", "type": "select",
          "options": _choices(QUALITIES, {q: q for q in QUALITIES})},
         {**side, "at": ["sides", "{side}", "orders"], "label": "Orders (blank: by posture)",
          "type": "number", "min": 1, "max": 6, "optional": True}],
        tuple(EDGE_NAMES), ""))


def _great_war_commander() -> Editable:
    from tactica.games.great_war_commander import custom as gwc
    from tactica.games.great_war_commander._schema import (
        FORMATION_TYPES,
        NATIONS,
        POSTURES,
        RANK_ABBREVIATIONS,
        SEATS,
    )
    from tactica.games.great_war_commander.data import builtin_pack
    from tactica.games.great_war_commander.drawing import FORT_LABEL, TERRAIN_STYLE, UNIT_SHORT, WEAPON_SHORT
    from tactica.games.great_war_commander.rules import HAND_SIZE

    pack = builtin_pack()
    chart = pack.terrain
    kinds = {k: [t for t in chart.terrain if t.kind == k] for k in ("type", "hexside", "path")}
    terrain = tuple({"id": t.id, "fill": TERRAIN_STYLE.get(t.id, {}).get("fill", "#ddd"),
                     "label": f"{TERRAIN_STYLE.get(t.id, {}).get('label') or _title(t.id)} ({t.rule})"}
                    for t in sorted(kinds["type"], key=lambda t: (t.id != "open_ground", t.rule, t.id)))
    forts = pack.fortifications.fortifications

    def years(period: Any) -> str:
        if period is None:
            return ""
        return f", {period[0]}" if period[0] == period[1] else f", {period[0]}-{period[1]}"

    def unit_name(nation: str, f: Any) -> str:
        rank = f"{RANK_ABBREVIATIONS[nation][f.rank]} " if f.rank else ""
        return f"{rank}{f.name} ({f.type}{years(f.period)})"

    # "forces": where a choice goes in a side's forces (Leaders by name, the others counted)
    palette = {n: [{"id": f.id, "name": unit_name(n, f), "short": UNIT_SHORT.get(f.type, f.type),
                    "figures": FORMATION_TYPES[f.type],
                    "forces": ["leaders", f.name] if f.type == "leader" else ["formations", f.id]}
                   for f in r.formations] for n, r in pack.rosters.items()}
    weapons = {n: [{"id": w.id, "name": f"{w.name}{' (Teams only)' if w.team_only else ''}{years(w.period)}",
                    "short": WEAPON_SHORT.get(w.kind, w.kind), "forces": ["weapons", w.id]}
                   for w in r.weapons] for n, r in pack.rosters.items()}
    phones = {n: [{"id": t.id, "name": f"{t.name} (Telephone, FP {t.fp})", "forces": ["telephones", t.id]}
                  for t in r.telephones] for n, r in pack.rosters.items()}
    side = {"each_side": True}
    return _commander(_Commander(
        "great_war_commander", SEATS, gwc, tuple(pack.scenarios), terrain, "open_ground",
        {"terrain": tuple(t.id for t in kinds["type"]) + tuple(f.id for f in forts),
         "hexside": tuple(t.id for t in kinds["hexside"]), "roads": tuple(t.id for t in kinds["path"])},
        list(range(chart.max_level + 1)),
        [{"id": f.id, "name": f"{_title(f.id)} ({f.rule})", "short": FORT_LABEL.get(f.id, f.id)}
         for f in sorted(forts, key=lambda f: f.rule)],
        "F125-F131: one a hex, none in Water", palette, weapons, phones, "formations",
        [{"tool": "zone", "tool_label": "Set-up zones", "label": "Zone", "at": ["map", "zones"],
          "names": None}],
        ["map", "zones"],
        [{"at": ["balance"], "label": "Balance (design notes)", "type": "textarea"},
         {"at": ["date"], "label": "Date (YYYY-MM, 1914-1918: periods, Gas O19.2)", "type": "text",
          "testid": "ed-date"}],
        12, (-20, 20, "Starting VP (+ Germany)"), 5,
        [{**side, "at": ["sides", "{side}", "posture"], "label": "Posture (hand size)", "type": "select",
          "options": _choices(POSTURES, {p: f"{p} ({HAND_SIZE[p]})" for p in POSTURES})},
         {**side, "at": ["sides", "{side}", "orders"], "label": "Orders (5.1)", "type": "number", "min": 1,
          "max": 6},
         {**side, "at": ["sides", "{side}", "discard_limit"], "label": "Discard limit (5.3)",
          "type": "number", "min": 0, "max": 6}],
        ("north", "south", "west", "east"),
        f"Germany against {' or '.join(n for n in NATIONS if n != 'Germany')}. Strategy Cards are not "
        "the scenario's: each side shuffles its nation's nine and holds one, drawn at set-up and when "
        "Time advances (1.S, S98). Gas markers at the start (gas) and the three-player split are edited "
        "in the YAML pane."))


def _combat_infantry() -> Editable:
    from tactica.server.editor_combat_infantry import description

    return description()


EDITABLE: Final = {"great_war": _great_war, "combat_commander": _combat_commander,
                    "great_war_commander": _great_war_commander, "combat_infantry": _combat_infantry}
"""Editable modules: id -> what the editor offers for it (built on first use)."""
_editable: dict[str, Editable] = {}


def editable(module: str) -> Editable:
    make = EDITABLE.get(module)
    if make is None:
        raise Invalid(f"the editor does not edit {module!r} scenarios (it edits: {', '.join(EDITABLE)})")
    if module not in _editable:
        _editable[module] = make()
    return _editable[module]


# ---------------------------------------------------------------------------------- checking
def _size(data: Any) -> int:
    try:
        return len(json.dumps(data, separators=(",", ":"), allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise Invalid(f"scenario: not plain data ({exc})") from None


def check_limits(data: Any, ed: Editable | None = None) -> None:
    """The limits held before any loader runs (a forged map of a million hexes would otherwise
    be built first): size, map dimensions, unit and objective counts."""
    if not isinstance(data, dict):
        raise Invalid("scenario: expected a mapping at the top level")
    if _size(data) > MAX_TEXT:
        raise Invalid(f"scenario: larger than {MAX_TEXT} characters")
    m = data.get("map")
    geo = m.get("geometry") if isinstance(m, dict) else None
    if isinstance(geo, dict):
        for key, most in (("cols", MAX_COLS), ("rows", MAX_ROWS)):
            v = geo.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and not 1 <= v <= most:
                raise Invalid(f"scenario: map.geometry.{key}: {v} is out of range 1..{most} (editor limit)")
    if ed is not None:
        for side, lst in ed.unit_lists(data).items():
            if isinstance(lst, (list, dict)) and len(lst) > MAX_UNITS:
                where = ".".join(ed.units_at).format(side=side)
                raise Invalid(f"scenario: {where}: {len(lst)} units, more than {MAX_UNITS} (editor limit)")
    objs = data.get("objectives")
    if isinstance(objs, (list, dict)) and len(objs) > MAX_OBJECTIVES:
        raise Invalid(f"scenario: objectives: {len(objs)}, more than {MAX_OBJECTIVES} (editor limit)")


def check(module: str, data: Any, where: str = "scenario") -> str:
    """The limits, then the module's own loader (the very checks its scenario files pass);
    returns the content id a game on it would cite. Changes nothing."""
    ed = editable(module)
    check_limits(data, ed)
    try:
        return ed.content_id(ed.check(data, where))
    except RulesError as exc:
        raise Invalid(str(exc)) from None


def parse_text(text: str, name: str) -> Any:
    """A scenario file's text read by the strict reader (data.md), refusing YAML aliases (an
    alias bomb expands far beyond its text) and texts over the limit."""
    if len(text) > MAX_TEXT:
        raise Invalid(f"{name}: larger than {MAX_TEXT} characters")
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                raise Invalid(f"{name}: YAML aliases (*name) are not accepted here: write the value out")
    except yaml.YAMLError:
        pass  # the strict reader below names the line
    try:
        return parse_yaml_lines(text, name)[0]
    except DataError as exc:
        raise Invalid(str(exc)) from None


def to_yaml(data: Mapping[str, Any], name: str) -> str:
    """The scenario as a YAML file the module's loader reads back to the same data."""
    head = (f"# {name}: a custom scenario made in tactica's scenario editor (docs/editor.md).\n"
            "# Format: docs/data-formats.md; load it in the editor (Import) or check it with the\n"
            "# module's scenario loader.\n")
    return head + yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True, width=100)


def blank(module: str, cols: int, rows: int) -> dict[str, Any]:
    """A new scenario on an empty board of ``cols`` x ``rows`` in the module's frame."""
    ed = editable(module)
    fixed = ed.form["blank"].get("fixed")
    if fixed:
        cols, rows = fixed
    elif not (3 <= cols <= MAX_COLS and 2 <= rows <= MAX_ROWS):
        raise Invalid(f"a blank board is 3..{MAX_COLS} columns by 2..{MAX_ROWS} rows")
    try:
        return ed.blank(cols, rows)
    except RulesError as exc:
        raise Invalid(str(exc)) from None


def start_from(module: str, scenario: str) -> dict[str, Any]:
    """A built-in scenario's data, to start a new one from."""
    ed = editable(module)
    if scenario not in ed.builtin:
        raise Invalid(f"{module} has no built-in scenario {scenario!r}")
    out: dict[str, Any] = json.loads(json.dumps(ed.load_builtin(scenario)))
    return out


def register(module: str, content_id: str, content: Any) -> None:
    """Make a stored copy playable in this process; refuses a copy whose content no longer
    hashes to its id (a changed row would otherwise replay a game on other content)."""
    ed = editable(module)
    try:
        got = ed.register(content, "scenario")
    except RulesError as exc:
        raise Invalid(f"stored scenario {content_id}: {exc}") from None
    if got != content_id:
        raise Invalid(f"stored scenario {content_id}: its content does not match its id")


def ensure_registered(engine: Engine, module: str, scenario: str) -> None:
    """Before a game on ``scenario`` is made or rebuilt: a custom scenario's stored copy is
    registered with its module (a no-op for built-in scenarios and modules without an editor)."""
    if module not in EDITABLE or not scenario.startswith("custom-"):
        return
    if editable(module).is_registered(scenario):
        return
    row = get_copy(engine, scenario)
    if row is None or row[0] != module:
        raise Invalid(f"no saved {module} scenario {scenario!r}")
    register(module, scenario, row[1])


def serve(engine: Engine | None, limit: int) -> None:
    """A server's start (None: its end): every editable module keeps at most ``limit`` custom
    scenarios registered, the least recently used evicted, and registers an evicted one again
    from this store's immutable copy (its hash checked again) when a game needs it."""
    for module in EDITABLE:
        source = None if engine is None else _source(engine, module)
        editable(module).serve_from(source, limit)


def _source(engine: Engine, module: str) -> Callable[[str], Any]:
    def content(content_id: str) -> Any:
        row = get_copy(engine, content_id)
        return None if row is None or row[0] != module else row[1]
    return content


# ---------------------------------------------------------------------------------- the store
def _now() -> datetime:
    return datetime.now(UTC)


def put_copy(engine: Engine, content_id: str, module: str, content: Any) -> None:
    """Keep an immutable copy (a copy with this id is the same content: nothing to do)."""
    with engine.begin() as c:
        if c.execute(select(scenario_copies.c.id).where(scenario_copies.c.id == content_id)).first():
            return
    try:
        with engine.begin() as c:
            c.execute(insert(scenario_copies).values(id=content_id, module=module, content=content,
                                                     created_at=_now()))
    except IntegrityError:
        pass  # another writer stored the same content meanwhile


def get_copy(engine: Engine, content_id: str) -> tuple[str, Any] | None:
    with engine.connect() as c:
        row = c.execute(select(scenario_copies.c.module, scenario_copies.c.content)
                        .where(scenario_copies.c.id == content_id)).first()
    return None if row is None else (str(row[0]), row[1])


def custom_names(engine: Engine, content_ids: Iterable[str]) -> dict[str, str]:
    """The names in stored copies (for the games list), in one query: content id -> name, for
    the ids that have a copy with a name."""
    ids = sorted(set(content_ids))
    if not ids:
        return {}
    with engine.connect() as c:
        rows = c.execute(select(scenario_copies.c.id, scenario_copies.c.content)
                         .where(scenario_copies.c.id.in_(ids))).all()
    out = {}
    for cid, content in rows:
        name = content.get("name") if isinstance(content, dict) else None
        if name:
            out[str(cid)] = str(name)
    return out


def count_by_author(engine: Engine, author_hash: str) -> int:
    with engine.connect() as c:
        return int(c.execute(select(func.count()).select_from(custom_scenarios)
                             .where(custom_scenarios.c.author_hash == author_hash)).scalar() or 0)


def insert_scenario(engine: Engine, sid: str, module: str, name: str, author_hash: str,
                    content_id: str) -> None:
    now = _now()
    with engine.begin() as c:
        c.execute(insert(custom_scenarios).values(id=sid, module=module, name=name[:200],
                                                  author_hash=author_hash, copy_id=content_id,
                                                  created_at=now, updated_at=now))


def update_scenario(engine: Engine, sid: str, name: str, author_hash: str, content_id: str) -> bool:
    """Point an author's scenario at a new version; False if it is not that author's."""
    t = custom_scenarios.c
    with engine.begin() as c:
        n = c.execute(update(custom_scenarios).where(t.id == sid, t.author_hash == author_hash)
                      .values(name=name[:200], copy_id=content_id, updated_at=_now())).rowcount
    return bool(n)


def delete_scenario(engine: Engine, sid: str, author_hash: str) -> bool:
    """The scenario row goes; its copies stay, as games may cite them."""
    t = custom_scenarios.c
    with engine.begin() as c:
        n = c.execute(delete(custom_scenarios).where(t.id == sid, t.author_hash == author_hash)).rowcount
    return bool(n)


def get_scenario(engine: Engine, sid: str) -> dict[str, Any] | None:
    t = custom_scenarios.c
    with engine.connect() as c:
        row = c.execute(select(t.id, t.module, t.name, t.author_hash, t.copy_id, t.updated_at,
                               scenario_copies.c.content)
                        .join_from(custom_scenarios, scenario_copies, t.copy_id == scenario_copies.c.id)
                        .where(t.id == sid)).mappings().first()
    return None if row is None else dict(row)


def list_scenarios(engine: Engine, author_hash: str) -> list[dict[str, Any]]:
    t = custom_scenarios.c
    with engine.connect() as c:
        rows = c.execute(select(t.id, t.module, t.name, t.copy_id, t.updated_at)
                         .where(t.author_hash == author_hash)
                         .order_by(t.updated_at.desc(), t.id)).mappings().all()
    return [{"id": r["id"], "module": r["module"], "name": r["name"], "content_id": r["copy_id"],
             "updated_at": r["updated_at"].isoformat() if r["updated_at"] else None} for r in rows]
