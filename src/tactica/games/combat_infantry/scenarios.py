"""Scenario files (10.1-10.4): map, game turns, first player, weather and night, objectives and
the set-up of every block. Loaded and checked once per process; errors name the file and entry."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from tactica.core.game import Game
from tactica.core.rules import RulesError

from .blocks import PLAYABLE_TYPES, SIDES, sheet
from .geo import Geo, geo_for

DIR = Path(__file__).parent / "data" / "scenarios"
_KEYS = {
    "format",
    "version",
    "id",
    "name",
    "description",
    "map",
    "game_turns",
    "first",
    "weather",
    "night",
    "solitaire",
    "objectives",
    "attached",
    "support",
    "wire",
    "revealed",
    "setup",
}
WEATHER = ("fair", "bad")


@cache
def scenario_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in DIR.glob("*.yaml")))


def check_scenario(data: Any, where: str, sid: str) -> dict[str, Any]:
    """Validate a parsed scenario; returns it with hexes as dense indices (``placed``)."""
    if not isinstance(data, dict) or data.get("format") != "tactica-scenario" or data.get("version") != 1:
        raise RulesError(f"{where}: not a tactica-scenario version 1 file")
    bad = set(data) - _KEYS
    if bad:
        raise RulesError(f"{where}: unknown keys {sorted(bad)}")
    if data.get("id") != sid:
        raise RulesError(f"{where}: id {data.get('id')!r} does not match the file name")
    geo = geo_for(str(data.get("map")))
    turns = data.get("game_turns")
    if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= 20:
        raise RulesError(f"{where}: game_turns: expected 1..20, got {turns!r}")
    if data.get("first") not in SIDES:
        raise RulesError(f"{where}: first: expected one of {SIDES}")
    if data.get("weather", "fair") not in WEATHER:
        raise RulesError(f"{where}: weather: expected one of {WEATHER}")
    if not isinstance(data.get("night", False), bool):
        raise RulesError(f"{where}: night: expected true or false")
    objectives: list[list[int]] = []
    for oid, vp in (data.get("objectives") or {}).items():
        if oid not in geo.board.objectives or not isinstance(vp, int) or vp < 1:
            raise RulesError(
                f"{where}: objective {oid!r}: not an objective of the map, or VP not a positive integer"
            )
        objectives.append([geo.board.index[geo.board.objectives[oid]], vp])
    labels = sheet()
    attached = dict(data.get("attached") or {})
    for bid, comp in attached.items():
        if bid not in labels or labels[bid].company != "bn" or comp not in ("A", "B", "C"):
            raise RulesError(f"{where}: attached {bid!r}: not a battalion weapon, or company not A/B/C")
    support: list[list[int]] = []
    spec = data.get("support") or {}
    if not isinstance(spec, dict) or not set(spec) <= set(SIDES):
        raise RulesError(f"{where}: support: expected strikes by side ({', '.join(SIDES)})")
    for name in SIDES:
        side_spec = spec.get(name) or {}
        if not isinstance(side_spec, dict) or not set(side_spec) <= {"artillery", "air"}:
            raise RulesError(f"{where}: support {name}: expected artillery and/or air strikes")
        row = []
        for kind in ("artillery", "air"):
            n = side_spec.get(kind, 0)
            block_steps = max(
                b.steps for b in labels.values() if b.side == SIDES.index(name) and b.type == kind
            )
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= block_steps:
                raise RulesError(
                    f"{where}: support {name} {kind}: expected 0..{block_steps} strikes (2.6, 2.7)"
                )
            row.append(n)
        support.append(row)
    wire: list[dict[str, Any]] = []
    for name, hexes in (data.get("wire") or {}).items():
        if name not in SIDES or not isinstance(hexes, list):
            raise RulesError(f"{where}: wire: expected a list of hexes by side ({', '.join(SIDES)})")
        for lab in hexes:
            i = geo.index.get(str(lab))
            if i is None or any(m["hex"] == i for m in wire):
                raise RulesError(f"{where}: wire {name} {lab!r}: not a hex of the map, or listed twice")
            wire.append({"hex": i, "side": SIDES.index(name), "unit": None, "came_from": None, "gt": None})
    placed: dict[str, int] = {}
    setup = data.get("setup")
    if not isinstance(setup, dict) or set(setup) != set(SIDES):
        raise RulesError(f"{where}: setup: give the blocks of both sides ({', '.join(SIDES)})")
    for side, name in enumerate(SIDES):
        for bid, lab in (setup[name] or {}).items():
            w = f"{where}: setup {name} {bid}"
            if bid not in labels or labels[bid].side != side:
                raise RulesError(f"{w}: not a block of this side's label sheet")
            if labels[bid].type not in PLAYABLE_TYPES:
                kind = labels[bid].type
                raise RulesError(f"{w}: {kind} stays off the map: give its strikes under support (2.6, 2.7)")
            if labels[bid].company == "bn" and bid not in attached and labels[bid].type != "minefield":
                raise RulesError(f"{w}: a battalion weapon must be attached to a company (2.5)")
            i = geo.index.get(str(lab))
            if i is None:
                raise RulesError(f"{w}: {lab!r} is not a hex of map {data['map']}")
            placed[bid] = i
    counts: dict[tuple[int, int], int] = {}
    for bid, i in placed.items():
        k = (labels[bid].side, i)
        counts[k] = counts.get(k, 0) + 1
        if counts[k] > geo.hex[i].stack:
            raise RulesError(f"{where}: setup: hex {geo.label(i)} overstacked (8.2 limit {geo.hex[i].stack})")
    for mark in wire:
        for bid, i in placed.items():
            if i == mark["hex"]:
                raise RulesError(f"{where}: setup {bid}: the wire in {geo.label(i)} fills its hex (7.5)")
    revealed = list(data.get("revealed") or [])
    for bid in revealed:
        if bid not in placed or labels[bid].type not in ("tank", "armored_car"):
            raise RulesError(
                f"{where}: revealed {bid!r}: only tanks set up on the map may start revealed (2.53)"
            )
    sides_at: dict[int, set[int]] = {}
    for bid, i in placed.items():
        sides_at.setdefault(i, set()).add(labels[bid].side)
    if any(len(v) > 1 for v in sides_at.values()):
        raise RulesError(f"{where}: setup: both sides in one hex")
    return {
        **data,
        "placed": placed,
        "objective_hexes": objectives,
        "attached": attached,
        "support_strikes": support,
        "wire_markers": wire,
        "revealed_tanks": revealed,
    }


@cache
def load_scenario(sid: str) -> dict[str, Any]:
    path = DIR / f"{sid}.yaml"
    if not path.exists():
        raise RulesError(f"combat_infantry has no scenario {sid!r}")
    return check_scenario(yaml.safe_load(path.read_text(encoding="utf-8")), path.name, sid)


def geo_of(s: dict[str, Any]) -> Geo:
    return geo_for(load_scenario(s["scenario"])["map"])


def setup(g: Game, sid: str, surrender: bool = False) -> None:
    data = load_scenario(sid)
    blocks = {
        bid: {
            "hex": i,
            "steps": sheet()[bid].steps,
            "half": False,
            # 2.55: a bunker is always face-up; 2.53: tanks may start revealed
            "posture": "up" if sheet()[bid].type == "bunker" or bid in data["revealed_tanks"] else "upright",
            "acted": False,
        }
        for bid, i in sorted(data["placed"].items())
    }
    companies = [
        sorted({sheet()[b].company for b in blocks if sheet()[b].side == side and sheet()[b].hq})
        for side in (0, 1)
    ]
    g.state.update(
        blocks=blocks,
        dead=[],
        gone=[],
        lost=[0, 0],
        surrender_allowed=surrender,
        vp=[0, 0],
        gt=1,
        pt=0,
        game_turns=data["game_turns"],
        first=SIDES.index(data["first"]),
        active=SIDES.index(data["first"]),
        companies=companies,
        done_companies=[],
        objectives=data["objective_hexes"],
        attached=data["attached"],
        night=bool(data.get("night", False)),
        weather=data.get("weather", "fair"),
        support=[list(r) for r in data["support_strikes"]],
        foxholes=[],
        wire=[dict(w) for w in data["wire_markers"]],
        gaps=[],
        blown=[],
        wrecks=[],
        smoke=[],
        spotters=[],
        act=None,
        assault=None,
    )
    g.emit(
        "10.1",
        "Scenario {name}: {turns} game turns, {side} plays first",
        name=data["name"],
        turns=data["game_turns"],
        side=data["first"],
    )
    g.push("game_turn")
