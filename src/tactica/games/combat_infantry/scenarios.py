"""Scenario files (10.1-10.4): map, game turns, first player, weather and night, objectives and
the set-up of every block. Loaded and checked once per process; errors name the file and entry."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tactica.core.board import Board, BoardError, load_board
from tactica.core.custom import PREFIX
from tactica.core.datafile import DataError, parse_yaml_lines
from tactica.core.game import Game
from tactica.core.rules import RulesError
from tactica.core.schema import validate

from .blocks import PLAYABLE_TYPES, SIDES, sheet
from .data_models import ScenarioFile
from .geo import Geo, geo_for, inline_geo
from .sheets import SheetError, map_key
from .terrain import HEX_NAMES, SIDE_NAMES, hex_terrain

ROADS = frozenset({"road", "track"})
"""3.4, 8.4: a paved road and an unpaved track."""

DIR = Path(__file__).parent / "data" / "scenarios"


@cache
def scenario_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in DIR.glob("*.yaml")))


def check_scenario(
    data: Any,
    where: str,
    sid: str | None,
    lines: Mapping[tuple[str | int, ...], int] | None = None,
    board: Board | None = None,
) -> dict[str, Any]:
    """Validate a parsed scenario: its shape against data_models.ScenarioFile (errors name the
    file, the entry and the problem, with the line when ``lines`` is given), then what needs the
    map and the label sheet. Returns it with hexes as dense indices (``placed``). ``sid``: the
    file's name the id must match (None for a scenario given as data, custom.py). A map given
    inline is loaded by core's board loader unless ``board`` (already loaded from it) is given;
    its key is then ``sid``."""
    validate(ScenarioFile, data, where, RulesError, lines)
    if sid is not None and data.get("id") != sid:
        raise RulesError(f"{where}: id {data.get('id')!r} does not match the file name")
    if isinstance(data.get("map"), dict):
        key = sid or str(data["map"].get("name") or "inline")
        board = board or inline_map(data["map"], f"{where}: map")
    else:
        try:
            key = map_key(data.get("map"))  # 3.0: one sheet or sheets joined
        except SheetError as exc:
            raise RulesError(f"{where}: {exc}") from None
        board = geo_for(key).board
    index = {lab: i for i, lab in enumerate(board.labels)}
    stack = [hex_terrain(t).stack for t in board.terrain]
    objectives: list[list[int]] = []
    for oid, vp in (data.get("objectives") or {}).items():
        if oid not in board.objectives:
            raise RulesError(f"{where}: objective {oid!r}: not an objective of map {key}")
        objectives.append([board.index[board.objectives[oid]], vp])
    labels = sheet()
    attached = dict(data.get("attached") or {})
    for bid in attached:
        if bid not in labels or labels[bid].company != "bn":
            raise RulesError(f"{where}: attached {bid!r}: not a battalion weapon of the label sheet")
    support: list[list[int]] = []
    spec = data.get("support") or {}
    for name in SIDES:
        side_spec = spec.get(name) or {}
        row = []
        for kind in ("artillery", "air"):
            n = side_spec.get(kind, 0)
            block_steps = max(
                b.steps for b in labels.values() if b.side == SIDES.index(name) and b.type == kind
            )
            if n > block_steps:
                raise RulesError(
                    f"{where}: support {name} {kind}: expected 0..{block_steps} strikes (2.6, 2.7)"
                )
            row.append(n)
        support.append(row)
    wire: list[dict[str, Any]] = []
    for name, hexes in (data.get("wire") or {}).items():
        for lab in hexes:
            i = index.get(str(lab))
            if i is None or any(m["hex"] == i for m in wire):
                raise RulesError(f"{where}: wire {name} {lab!r}: not a hex of the map, or listed twice")
            wire.append({"hex": i, "side": SIDES.index(name), "unit": None, "came_from": None, "gt": None})
    placed: dict[str, int] = {}
    deploy = _check_deploy(data, where, index, labels, attached)
    draws = _check_draws(data, where, labels, attached, deploy)
    setup = data["setup"]
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
            i = index.get(str(lab))
            if i is None:
                raise RulesError(f"{w}: {lab!r} is not a hex of map {key}")
            if any(bid in d["blocks"] for d in deploy):
                raise RulesError(f"{w}: also listed under deploy")
            placed[bid] = i
    counts: dict[tuple[int, int], int] = {}
    for bid, i in placed.items():
        k = (labels[bid].side, i)
        counts[k] = counts.get(k, 0) + 1
        if counts[k] > stack[i]:
            raise RulesError(f"{where}: setup: hex {board.labels[i]} overstacked (8.2 limit {stack[i]})")
    for mark in wire:
        for bid, i in placed.items():
            if i == mark["hex"]:
                raise RulesError(f"{where}: setup {bid}: the wire in {board.labels[i]} fills its hex (7.5)")
    for side, name in enumerate(SIDES):
        if not any(labels[b].side == side for b in placed) and not deploy[side]["blocks"] and not any(
            d["side"] == side for d in draws
        ):
            raise RulesError(f"{where}: setup {name}: a side starts with at least one block (10.1)")
    revealed = list(data.get("revealed") or [])
    for bid in revealed:
        deployed = any(bid in d["blocks"] for d in deploy)
        if (bid not in placed and not deployed) or labels[bid].type not in ("tank", "armored_car"):
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
        "map": key,
        "placed": placed,
        "objective_hexes": objectives,
        "attached": attached,
        "support_strikes": support,
        "wire_markers": wire,
        "deploy_lists": deploy,
        "draws": draws,
        "revealed_tanks": revealed,
    }


def _check_deploy(
    data: dict[str, Any],
    where: str,
    index: Mapping[str, int],
    labels: dict[str, Any],
    attached: dict[str, str],
) -> list[dict[str, list[Any]]]:
    """10.1 set-up by the players: ``deploy: {side: {areas: [hexes], blocks: [ids]}}``: those
    blocks are placed in play, in or next to the named hexes, at least one in each."""
    spec = data.get("deploy") or {}
    out: list[dict[str, list[Any]]] = []
    for side, name in enumerate(SIDES):
        d = spec.get(name) or {}
        areas = []
        for lab in d.get("areas") or []:
            if str(lab) not in index:
                raise RulesError(f"{where}: deploy {name} areas: {lab!r} is not a hex of the map")
            areas.append(index[str(lab)])
        blocks = list(d.get("blocks") or [])
        for bid in blocks:
            w = f"{where}: deploy {name} {bid}"
            if bid not in labels or labels[bid].side != side or labels[bid].type not in PLAYABLE_TYPES:
                raise RulesError(f"{w}: not a playable block of this side's label sheet")
            if labels[bid].company == "bn" and bid not in attached and labels[bid].type != "minefield":
                raise RulesError(f"{w}: a battalion weapon must be attached to a company (2.5)")
        if len(set(blocks)) != len(blocks) or (blocks and len(blocks) < len(areas)):
            raise RulesError(f"{where}: deploy {name}: blocks listed twice, or fewer blocks than named hexes")
        if blocks and not areas:
            raise RulesError(f"{where}: deploy {name}: name at least one set-up hex")
        out.append({"areas": areas, "blocks": sorted(blocks)})
    return out


def _check_draws(
    data: dict[str, Any],
    where: str,
    labels: dict[str, Any],
    attached: dict[str, str],
    deploy: list[dict[str, list[Any]]],
) -> list[dict[str, Any]]:
    """2.5: ``draw: {side: [{pool: [ids], count: n, company: X}]}``: battalion weapons drawn at
    random at the start, attached to company X and set up by their owner (a side that draws
    needs set-up areas under deploy)."""
    spec = data.get("draw") or {}
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for side, name in enumerate(SIDES):
        for k, d in enumerate(spec.get(name) or []):
            w = f"{where}: draw {name}[{k}]"
            pool = list(d["pool"])
            for bid in pool:
                lab = labels.get(bid)
                if lab is None or lab.side != side or lab.company != "bn" or lab.type not in PLAYABLE_TYPES:
                    raise RulesError(f"{w}: {bid!r} is not a playable battalion weapon of this side")
                if bid in seen or bid in attached or any(bid in x["blocks"] for x in deploy):
                    raise RulesError(f"{w}: {bid!r} is already used by the scenario")
                seen.add(bid)
            n = d["count"]
            if n > len(pool):
                raise RulesError(f"{w}: count must be 1..{len(pool)}")
            if not deploy[side]["areas"]:
                raise RulesError(f"{w}: drawn weapons are set up in play: give {name} set-up areas (deploy)")
            out.append({"side": side, "pool": sorted(pool), "count": n, "company": d["company"]})
    return out


def load_scenario(sid: str) -> dict[str, Any]:
    """A built-in scenario checked in full, or a custom one by its content id (custom.py:
    registered in this process, or fetched again from the server's copies)."""
    if sid.startswith(PREFIX):
        from .custom import REGISTRY

        return REGISTRY.get(sid).data
    return _load_file(sid)


@cache
def _load_file(sid: str) -> dict[str, Any]:
    path = DIR / f"{sid}.yaml"
    if not path.exists():
        raise RulesError(f"combat_infantry has no scenario {sid!r}")
    return read_scenario(path, sid)


def read_scenario(path: Path, sid: str | None = None) -> dict[str, Any]:
    """A scenario file checked in full (10.1-10.4), for the built-in ones and your own: the
    strict YAML reader, the model, then the map and the label sheet. A bad file raises
    RulesError naming the file, the entry and the problem; nothing is loaded from it."""
    try:
        data, lines = parse_yaml_lines(path.read_text(encoding="utf-8"), path.name)
    except (DataError, OSError) as exc:
        raise RulesError(f"{path.name}: {exc}" if isinstance(exc, OSError) else str(exc)) from None
    return check_scenario(data, path.name, sid or path.stem, lines)


def geo_of(s: dict[str, Any]) -> Geo:
    """The game's map: its scenario's, or a board given inline (``map``: a key of geo.inline);
    a custom scenario's (its map inline) is kept with it in custom.REGISTRY."""
    key = s.get("map")
    if key is not None:
        return inline_geo(key)
    sid = s["scenario"]
    if sid.startswith(PREFIX):
        from .custom import REGISTRY

        return REGISTRY.get(sid).geo
    return geo_for(_load_file(sid)["map"])


def inline_map(data: Any, where: str) -> Board:
    """A map given inline (a custom scenario's ``map:``): core's board loader with the Terrain
    Effects Chart's names, roads and tracks (3.4); its errors as RulesError naming ``where``."""
    try:
        return load_board(data, HEX_NAMES, SIDE_NAMES, source_name=where, allowed_roads=ROADS)
    except BoardError as exc:
        raise RulesError(str(exc)) from None


def setup(g: Game, sid: str, surrender: bool = False, chit_pull: str = "") -> None:
    data = load_scenario(sid)
    if chit_pull not in ("", *SIDES):
        raise RulesError(f"option chit_pull must be '' or one of {SIDES}, not {chit_pull!r}")
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
    deploy = data["deploy_lists"]
    everyone = list(blocks) + [b for d in deploy for b in d["blocks"]]
    companies = [
        sorted({sheet()[b].company for b in everyone if sheet()[b].side == side and sheet()[b].hq})
        for side in (0, 1)
    ]
    g.state.update(
        blocks=blocks,
        dead=[],
        gone=[],
        lost=[0, 0],
        surrender_allowed=surrender,
        chit=SIDES.index(chit_pull) if chit_pull else -1,
        vp=[0, 0],
        gt=1,
        pt=0,
        game_turns=data["game_turns"],
        first=SIDES.index(data["first"]),
        active=SIDES.index(data["first"]),
        companies=companies,
        done_companies=[],
        objectives=data["objective_hexes"],
        attached=dict(data["attached"]),
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
        to_deploy=[list(d["blocks"]) for d in deploy],
        deploy_areas=[list(d["areas"]) for d in deploy],
        revealed_tanks=list(data["revealed_tanks"]),
        draws=[],
        pieces={},
        seen=[],
        walked=[],
    )
    g.emit(
        "10.1",
        "Scenario {name}: {turns} game turns, {side} plays first",
        name=data["name"],
        turns=data["game_turns"],
        side=data["first"],
    )
    g.push("game_turn")
    draw_weapons(g, data["draws"])
    deal_pieces(g)
    first = SIDES.index(data["first"])
    for side in (first, 1 - first):  # 10.1, our reading: the second player sets up first
        if deploy[side]["blocks"]:
            g.push("set_up", side=side)


def deal_pieces(g: Game) -> None:
    """1.0: every block in the game gets a public piece id ("usa-07"), the physical block the
    other player can point at and follow, apart from its hidden label. Numbers are dealt at
    random so that a piece id tells nothing of the label it carries; option ids, the other side's
    log and views name pieces, never hidden labels."""
    s = g.state
    for side, name in enumerate(SIDES):
        mine = sorted(b for b in [*s["blocks"], *s["to_deploy"][side]] if sheet()[b].side == side)
        g.chance.shuffle(mine)
        for n, b in enumerate(mine, 1):
            s["pieces"][b] = f"{name}-{n:02d}"
    index_pieces(s)


def index_pieces(s: dict[str, Any]) -> None:
    """Rebuild ``labels``, the piece -> label index of ``pieces`` (after a deal or a re-deal), by
    which the flow finds the block a piece id names (units.block_of)."""
    s["labels"] = {p: b for b, p in sorted(s["pieces"].items())}


def draw_weapons(g: Game, draws: list[dict[str, Any]]) -> None:
    """2.5: draw each pool's weapons at random; they join their side's blocks to set up."""
    s = g.state
    ch = g.chance
    for d in draws:
        pool = list(d["pool"])
        ch.shuffle(pool)
        drawn = sorted(pool[: d["count"]])
        side = d["side"]
        for b in drawn:
            s["attached"][b] = d["company"]
        s["to_deploy"][side] = sorted(s["to_deploy"][side] + drawn)
        s["draws"].append(
            {"side": side, "company": d["company"], "drawn": drawn, "undrawn": sorted(pool[d["count"] :])}
        )
        g.emit(
            "2.5",
            "{side} draws {n} battalion weapon(s) for company {c}",
            side=SIDES[side],
            n=len(drawn),
            c=d["company"],
        )
        g.emit("2.5", "drawn: {ids}", to=[side], ids=", ".join(drawn))
