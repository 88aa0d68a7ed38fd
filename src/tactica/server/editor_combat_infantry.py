"""What the scenario editor offers for Combat Infantry (docs/editor.md): its description (the
Terrain Effects Chart's hex and hexside names, levels, the label sheet's blocks per side, named
objectives worth VP, set-up areas and wire, the parameters form) and its loader hooks
(games/combat_infantry/custom.py). custom_scenarios.EDITABLE registers it by one line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tactica.server.custom_scenarios import LIMITS, MAX_COLS, MAX_ROWS, Editable, _choices, _title


def _serve_from(source: Callable[[str], Any] | None, limit: int) -> None:
    from tactica.games.combat_infantry.custom import REGISTRY

    REGISTRY.set_source(source)
    REGISTRY.set_limit(limit)


def _fits(scenario_id: str) -> bool:
    """A built-in scenario whose map fits the editor's limits (Ballan's two joined sheets, 28 x 10,
    do not: its line-of-sight tables would take too long to build in a request). Read from the
    file's ``map:`` entry alone: loading the scenario would build its map's tables."""
    from tactica.core.datafile import parse_yaml
    from tactica.games.combat_infantry.scenarios import DIR

    path = DIR / f"{scenario_id}.yaml"
    data = parse_yaml(path.read_text(encoding="utf-8"), path.name)
    return isinstance(data, dict) and isinstance(data.get("map"), str)


def description() -> Editable:
    from tactica.games.combat_infantry import custom as ci
    from tactica.games.combat_infantry.blocks import PLAYABLE_TYPES, SIDES, sheet
    from tactica.games.combat_infantry.drawing import SHORT, TERRAIN
    from tactica.games.combat_infantry.scenarios import ROADS, scenario_ids
    from tactica.games.combat_infantry.terrain import HEX_NAMES, SIDE, SIDE_NAMES, SLOPE

    labels = sheet()
    terrain = tuple({"id": k, "fill": v["fill"], "label": _title(v["label"])} for k, v in TERRAIN.items())
    hexsides = [k for k in SIDE if k != "clear"] + [SLOPE, "wooden"]

    def steps(n: int) -> str:
        return f"{n} step{'s' if n != 1 else ''}"

    palette = {
        name: [{"id": b.id, "name": f"{b.id}: {b.name} ({steps(b.steps)})",
                "short": SHORT.get(b.type, b.type), "type": b.type, "steps": b.steps, "company": b.company}
               for b in labels.values() if b.side == side and b.type in PLAYABLE_TYPES]
        for side, name in enumerate(SIDES)}
    battalion = [{"value": b.id, "label": f"{b.id}: {b.name}"} for b in labels.values()
                 if b.company == "bn" and b.type in PLAYABLE_TYPES and b.type != "minefield"]
    tanks = [{"value": b.id, "label": f"{b.id}: {b.name}"} for b in labels.values()
             if b.type in ("tank", "armored_car")]
    strikes = {(name, kind): max((b.steps for b in labels.values() if b.side == side and b.type == kind),
                                 default=0)
               for side, name in enumerate(SIDES) for kind in ("artillery", "air")}
    side = {"each_side": True}
    form = {
        "blank": {"cols": [3, MAX_COLS], "rows": [2, MAX_ROWS], "default": [ci.COLS, ci.ROWS]},
        "tools": [["terrain", "Paint terrain"], ["level", "Level"], ["hexside", "Hexside"],
                  ["unit", "Place block"], ["objective", "Objective"], ["zone", "Set-up areas"],
                  ["wire", "Wire"], ["erase", "Remove"]],
        "hexside": [{"id": k, "label": _title(k)} for k in hexsides],
        "levels": [0, 1, 2],
        "units": {"at": ["setup", "{side}"], "style": "mapping", "kind": "block", "ids": None,
                  "palette": palette, "palette_per_side": True, "flags": [], "stack": True,
                  "label": "Block"},
        "objectives": {"style": "named", "at": ["map", "objectives"], "values": ["objectives"],
                       "value_label": "VP", "default_name": "obj"},
        "areas": [{"tool": "zone", "label": "Set-up area of", "at": ["deploy"], "item": ["areas"],
                   "names": list(SIDES)},
                  {"tool": "wire", "label": "Wire of", "at": ["wire"], "names": list(SIDES)}],
        "params": [
            {"at": ["id"], "label": "Id", "type": "text", "testid": "ed-id"},
            {"at": ["name"], "label": "Name", "type": "text", "testid": "ed-name"},
            {"at": ["description"], "label": "Description", "type": "textarea"},
            {"at": ["game_turns"], "label": "Game turns (10.1)", "type": "number", "min": 1, "max": 20},
            {"at": ["first"], "label": "Moves first (the other side sets up first)", "type": "select",
             "options": _choices(SIDES)},
            {"at": ["weather"], "label": "Weather (10.2)", "type": "select",
             "options": _choices(["fair", "bad"])},
            {"at": ["night"], "label": "Night (10.3)", "type": "checkbox"},
            {"at": ["solitaire"], "label": "Made for solitaire (10.5)", "type": "checkbox"},
            {**side, "at": ["support", "{side}", "artillery"], "label": "Artillery strikes (2.6)",
             "type": "number", "min": 0, "max_by_side": {n: strikes[n, "artillery"] for n in SIDES},
             "optional": True},
            {**side, "at": ["support", "{side}", "air"], "label": "Air strikes (2.7)", "type": "number",
             "min": 0, "max_by_side": {n: strikes[n, "air"] for n in SIDES}, "optional": True},
            {**side, "at": ["deploy", "{side}", "blocks"],
             "label": "Blocks the player sets up in play, in or next to the side's set-up areas (10.1)",
             "type": "idlist", "choices": "palette"},
            {"at": ["attached"], "label": "Battalion weapons attached to a company (2.5)", "type": "pairs",
             "keys": battalion, "values": _choices(["A", "B", "C"], {c: f"company {c}" for c in "ABC"})},
            {"at": ["revealed"], "label": "Tanks set up face-up (2.53)", "type": "idlist", "options": tanks},
        ],
        "note": "Blocks start at full strength (the label sheet's steps, shown in the palette); a "
                "block is placed once (placing it elsewhere moves it). Set-up areas: the hexes a "
                "side's player sets up in (or next to), one block in each at least. Random draws of "
                "battalion weapons (2.5) and roads are edited in the YAML pane.",
    }
    builtin = tuple(s for s in scenario_ids() if _fits(s))
    return Editable("combat_infantry", SIDES, terrain, builtin,
                    check=ci.check, content_id=ci.content_id, register=ci.register_scenario,
                    is_registered=ci.REGISTRY.is_registered, serve_from=_serve_from,
                    load_builtin=ci.load_builtin, blank=ci.blank_scenario,
                    names={"terrain": tuple(HEX_NAMES), "hexside": tuple(SIDE_NAMES), "roads": tuple(ROADS)},
                    units_at=("setup", "{side}"), form=form, limits=dict(LIMITS))
