"""The scenario editor's routes (docs/editor.md): what a module offers to edit, starting points,
checking with the module's own loader, saving (author-owned, every version an immutable copy),
import and export as the open YAML format. A game on a saved scenario is made through the
ordinary ``POST /api/games`` with the scenario's content id, exactly as on a built-in one.

Every submission is held to the limits of server/custom_scenarios.py before a loader sees it;
a refused one gets a 4xx with the loader's own message and changes nothing.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from tactica.core.board import BoardError, load_board
from tactica.server import custom_scenarios as cs
from tactica.server.agents import agent_levels
from tactica.server.geometry import map_geometry
from tactica.server.guard import retry_after
from tactica.server.live import Hub, Refused
from tactica.server.tokens import new_token, token_hash

router = APIRouter(prefix="/api/editor")
AuthorKey = Annotated[str | None, Header(alias="X-Author-Key", max_length=200)]
Module = Annotated[str, Field(max_length=64)]
_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class ScenarioIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    module: Module
    scenario: dict[str, Any]


class TextIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    module: Module
    text: str = Field(max_length=cs.MAX_TEXT)
    name: str = Field(default="scenario.yaml", max_length=100)


class MapIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    module: Module
    map: dict[str, Any]


def _engine(request: Request) -> Any:
    hub: Hub = request.app.state.hub
    return hub.store.engine


def _refuse(exc: cs.Invalid) -> Refused:
    return Refused(422, str(exc))


def _name(data: dict[str, Any]) -> str:
    name = data.get("name")
    return name if isinstance(name, str) and name else "untitled"


def _author(key: str | None) -> str:
    if not key:
        raise Refused(401, "this needs the author key (X-Author-Key) the first save returned")
    return token_hash(key)


@router.get("/modules")
async def modules() -> dict[str, Any]:
    """The modules the editor edits, with their terrain, unit kinds, built-in scenarios and the
    limits submissions are held to."""
    return {"modules": [cs.editable(m).public() for m in cs.EDITABLE], "agents": agent_levels()}


@router.get("/start")
async def start(module: Annotated[str, Query(max_length=64)],
                scenario: Annotated[str | None, Query(max_length=64)] = None,
                cols: Annotated[int | None, Query(ge=1, le=cs.MAX_COLS)] = None,
                rows: Annotated[int | None, Query(ge=1, le=cs.MAX_ROWS)] = None) -> dict[str, Any]:
    """A starting point: a built-in scenario's data, or a blank board of ``cols`` x ``rows``."""
    try:
        if scenario:
            return {"scenario": cs.start_from(module, scenario)}
        return {"scenario": cs.blank(module, cols or 14, rows or 9)}
    except cs.Invalid as e:
        raise _refuse(e) from None


@router.post("/map")
async def map_preview(body: MapIn) -> dict[str, Any]:
    """The drawing geometry of a map being edited (docs/web.md "map"), loaded by core.board with
    the module's feature names (a module's own block, such as ``combat_commander:``, aside), and
    each named set of hexes the editor paints (sections, zones; ranges expanded); a 422 names
    the problem."""
    try:
        ed = cs.editable(body.module)
        cs.check_limits({"map": body.map}, ed)
        core = {k: v for k, v in body.map.items() if k != body.module}
        names = ed.names
        board = await asyncio.to_thread(load_board, core, names.get("terrain"), names.get("hexside"),
                                        allowed_roads=names.get("roads"), source_name="map")
    except cs.Invalid as e:
        raise _refuse(e) from None
    except BoardError as e:
        raise Refused(422, str(e)) from None
    def labels(hexes: Any) -> list[str]:
        inside = set(hexes)
        return [board.label(h) for h in board.hexes if h in inside]

    expanded = {key: {name: labels(hexes) for name, hexes in sets.items()}
                for key, sets in (("sections", board.sections), ("zones", board.zones))}
    return {**map_geometry(board, keep=False), **expanded}


@router.post("/check")
async def check(body: ScenarioIn) -> dict[str, Any]:
    """Check a scenario with the module's loader: its content id, or a 422 with the loader's
    message. Changes nothing."""
    try:
        cid = await asyncio.to_thread(cs.check, body.module, body.scenario)
    except cs.Invalid as e:
        raise _refuse(e) from None
    return {"ok": True, "content_id": cid}


@router.post("/parse")
async def parse(body: TextIn) -> dict[str, Any]:
    """Import: a scenario file's text read by the strict reader. The data comes back even when
    the loader refuses it (``problem`` then says why), so a file can be fixed in the editor."""
    try:
        ed = cs.editable(body.module)
        data = cs.parse_text(body.text, body.name)
        if not isinstance(data, dict):
            raise cs.Invalid(f"{body.name}: expected a mapping at the top level")
        cs.check_limits(data, ed)
    except cs.Invalid as e:
        raise _refuse(e) from None
    problem = None
    cid = None
    try:
        cid = await asyncio.to_thread(cs.check, body.module, data, body.name)
    except cs.Invalid as e:
        problem = str(e)
    return {"scenario": data, "content_id": cid, "problem": problem}


@router.post("/yaml")
async def as_yaml(body: ScenarioIn) -> Response:
    """A scenario being edited as the YAML text of its file (the editor's YAML pane and the
    download of a draft); nothing is checked but the limits."""
    try:
        cs.check_limits(body.scenario, cs.editable(body.module))
    except cs.Invalid as e:
        raise _refuse(e) from None
    return Response(cs.to_yaml(body.scenario, _name(body.scenario)), media_type="application/yaml")


async def _save(request: Request, body: ScenarioIn) -> tuple[str, str]:
    """Check, then keep the immutable copy; saves per address are limited like new games."""
    client = request.client.host if request.client else "?"
    wait = request.app.state.saves.wait(client)
    if wait:
        raise Refused(429, f"too many saves from this address; try again in {wait:.0f} s",
                      headers=retry_after(wait))
    engine = _engine(request)
    try:
        cid = await asyncio.to_thread(cs.check, body.module, body.scenario)
    except cs.Invalid as e:
        raise _refuse(e) from None
    await asyncio.to_thread(cs.put_copy, engine, cid, body.module, body.scenario)
    return cid, _name(body.scenario)


@router.post("/scenarios", status_code=201)
async def save_new(body: ScenarioIn, request: Request, x_author_key: AuthorKey = None) -> dict[str, Any]:
    """Save a new scenario (checked first). Without an author key a new one is made and returned:
    it alone edits and deletes the scenario later."""
    key = x_author_key or new_token()
    author = token_hash(key)
    engine = _engine(request)
    if await asyncio.to_thread(cs.count_by_author, engine, author) >= cs.MAX_PER_AUTHOR:
        raise Refused(422, f"an author keeps at most {cs.MAX_PER_AUTHOR} scenarios: delete one first")
    cid, name = await _save(request, body)
    sid = secrets.token_urlsafe(12)
    await asyncio.to_thread(cs.insert_scenario, engine, sid, body.module, name, author, cid)
    out = {"id": sid, "module": body.module, "name": name, "content_id": cid}
    if not x_author_key:
        out["author_key"] = key
    return out


@router.put("/scenarios/{sid}")
async def save_again(sid: str, body: ScenarioIn, request: Request,
                     x_author_key: AuthorKey = None) -> dict[str, Any]:
    """Save a new version of one's own scenario; games already made keep theirs."""
    author = _author(x_author_key)
    row = await _row(request, sid)
    if row["module"] != body.module:
        raise Refused(422, f"scenario {sid} is a {row['module']} scenario")
    if not secrets.compare_digest(row["author_hash"], author):
        raise Refused(403, "only the scenario's author may change it")
    cid, name = await _save(request, body)
    if not await asyncio.to_thread(cs.update_scenario, _engine(request), sid, name, author, cid):
        raise Refused(404, f"no scenario {sid!r}")
    return {"id": sid, "module": body.module, "name": name, "content_id": cid}


async def _row(request: Request, sid: str) -> dict[str, Any]:
    if not _ID.match(sid):
        raise Refused(404, "no such scenario")
    row = await asyncio.to_thread(cs.get_scenario, _engine(request), sid)
    if row is None:
        raise Refused(404, f"no scenario {sid!r}")
    return row


@router.get("/scenarios")
async def mine(request: Request, x_author_key: AuthorKey = None) -> dict[str, Any]:
    """The scenarios of an author key, the most recently saved first."""
    author = _author(x_author_key)
    return {"scenarios": await asyncio.to_thread(cs.list_scenarios, _engine(request), author)}


@router.get("/scenarios/{sid}")
async def one(sid: str, request: Request) -> dict[str, Any]:
    """A saved scenario's current version (anyone with its id may open, play and export it)."""
    row = await _row(request, sid)
    return {"id": row["id"], "module": row["module"], "name": row["name"], "content_id": row["copy_id"],
            "scenario": row["content"]}


@router.get("/scenarios/{sid}/export")
async def export(sid: str, request: Request) -> Response:
    """The scenario as a YAML file (the module's open scenario format)."""
    row = await _row(request, sid)
    data = row["content"]
    stem = re.sub(r"[^A-Za-z0-9_-]", "_", str(data.get("id") or sid))[:60] or "scenario"
    return Response(cs.to_yaml(data, row["name"]), media_type="application/yaml",
                    headers={"Content-Disposition": f'attachment; filename="{stem}.yaml"'})


@router.delete("/scenarios/{sid}", status_code=204)
async def remove(sid: str, request: Request, x_author_key: AuthorKey = None) -> None:
    author = _author(x_author_key)
    await _row(request, sid)
    if not await asyncio.to_thread(cs.delete_scenario, _engine(request), sid, author):
        raise Refused(403, "only the scenario's author may delete it")
