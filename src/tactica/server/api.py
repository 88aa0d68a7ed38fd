"""The HTTP and WebSocket routes (docs/web.md "API"). Views only are ever sent, never state.

A seat's token travels in the ``X-Seat-Token`` header (or the first WebSocket message), never in
a URL the server sees, so it cannot reach an access log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field

from tactica.core.record import Record, RecordError, replay_record
from tactica.core.rules import RulesError
from tactica.server.agents import agent_levels, is_level
from tactica.server.catalogue import Catalogue
from tactica.server.custom_scenarios import custom_names
from tactica.server.geometry import map_geometry
from tactica.server.guard import retry_after
from tactica.server.live import Hub, LiveGame, Refused
from tactica.server.table import table_for
from tactica.server.tokens import new_token

router = APIRouter(prefix="/api")
TOKEN_MAX = 200
"""Longest seat token or host key accepted (ours are 32 characters), in a header or a WebSocket
hello."""
HELLO_MAX = 1024
"""Longest first WebSocket message (the hello that carries the token)."""
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=TOKEN_MAX)]
HostKey = Annotated[str | None, Header(alias="X-Host-Key", max_length=TOKEN_MAX)]
CONNECTION_MAX = 64
"""Longest connection id a WebSocket may name in its hello (the client's are 32 characters)."""
LiveConnection = Annotated[str | None, Header(alias="X-Live-Connection", max_length=CONNECTION_MAX)]
"""The id the sender's own WebSocket named in its hello: the change's answer brings that
connection the new payload, so it is not pushed to it again (live.py ``Sender``)."""


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["human", "ai"]
    level: str | None = Field(default=None, max_length=64)


class NewGame(BaseModel):
    """Strict: a seed is an integer (not a bool, a float or a string of digits)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    module: str = Field(max_length=64)
    scenario: str = Field(max_length=128)
    seed: int | None = Field(default=None, ge=0, lt=2**256)
    """A seed the creator chooses (every seat is told); none: 128 bits of system entropy."""
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)


class DecisionIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    index: int = Field(ge=0)
    option: str = Field(min_length=1, max_length=500)


class PreferencesIn(BaseModel):
    """Strict: ``auto_pass`` is a JSON boolean."""
    model_config = ConfigDict(extra="forbid", strict=True)
    auto_pass: bool


class UndoIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    index: int = Field(ge=0)


def _view(hub: Hub, live: LiveGame, seat: int | None) -> Response:
    """A seat's payload as the bytes encoded once for this change (shared with its WebSockets)."""
    return Response(hub.encoded(live, seat), media_type="application/json")


def _answer(payload: bytes) -> Response:
    """A change's answer: the acting seat's payload of the state the change made."""
    return Response(payload, media_type="application/json")


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _live(hub: Hub, game_id: str) -> LiveGame:
    if not 0 < len(game_id) <= 32:
        raise Refused(404, "no such game")
    return await hub.get(game_id)


async def _acting_seat(hub: Hub, live: LiveGame, token: str | None) -> int:
    seat = await hub.seat_of(live, token)
    if seat is None:
        raise Refused(401, "acting needs the seat's link (X-Seat-Token)")
    return seat


# ============================================================================ lobby
@router.get("/modules")
async def modules(request: Request) -> Response:
    """Every rules module with its scenarios, and the AI levels (server/catalogue.py: built once
    per process, as the server starts)."""
    catalogue: Catalogue = request.app.state.catalogue
    return Response(await catalogue.get(), media_type="application/json")


@router.get("/games")
async def list_games(request: Request, status: str | None = None,
                     offset: Annotated[int, Query(ge=0)] = 0,
                     limit: Annotated[int, Query(ge=1, le=100)] = 20) -> dict[str, Any]:
    """One page of games, the most recently changed first; ``to_move`` is the seat to decide."""
    hub = hub_of(request)
    if status not in (None, "active", "over"):
        raise Refused(422, "status must be active or over")
    rows = await asyncio.to_thread(hub.store.list_games, status, limit, offset)
    total = await asyncio.to_thread(hub.store.count_games, status)
    custom = [r["scenario"] for r in rows if r["scenario"].startswith("custom-")]
    names = await asyncio.to_thread(custom_names, hub.store.engine, custom) if custom else {}
    for r in rows:
        if r["scenario"].startswith("custom-"):  # the editor's: named by the copy it was made on
            r["scenario_name"] = names.get(r["scenario"])
        r["to_move"] = None
        if r["status"] == "active":
            with contextlib.suppress(Exception):
                live = await hub.get(r["id"], play_agents=False)
                d = None if live.read_only else live.game.decision()
                r["to_move"] = None if d is None else d.seat
    return {"games": rows, "total": total, "offset": offset, "limit": limit}


@router.post("/games", status_code=201)
async def create_game(body: NewGame, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    client = request.client.host if request.client else "?"
    wait = request.app.state.new_games.wait(client)
    if wait:
        raise Refused(429, f"too many new games from this address; try again in {wait:.0f} s",
                      headers=retry_after(wait))
    for s in body.seats:
        if s.kind == "ai" and not (s.level and is_level(s.level)):
            known = ", ".join(a["spec"] for a in agent_levels())
            raise Refused(422, f"unknown AI level {s.level!r}; known: {known}")
        if s.kind == "human" and s.level:
            raise Refused(422, "a person's seat takes no level")
    host = new_token()
    try:
        live, tokens = await hub.create(body.module, body.scenario, body.seed, body.options,
                                        [(s.kind, s.level) for s in body.seats], host_token=host)
    except RulesError as e:
        raise Refused(422, str(e)) from None
    seats = []
    for info, tok in zip(live.seats, tokens, strict=True):
        d = info.to_dict()
        if tok:
            d["token"] = tok
            d["link"] = _link(live.id, tok)
        seats.append(d)
    return {"id": live.id, "module": body.module, "scenario": body.scenario, "seats": seats,
            "watch": f"/#/game/{live.id}", "host_key": host,
            "fairness": live.fair.public(over=live.game.is_terminal())}


def _link(game_id: str, token: str) -> str:
    return f"/#/game/{game_id}/seat/{token}"


async def _may_manage_seat(hub: Hub, live: LiveGame, seat: int, token: str | None, host: str | None) -> None:
    """The host key manages every seat's link; a seat's own link manages that seat only."""
    if await hub.is_host(live, host):
        return
    if token is None and host is None:
        raise Refused(401, "this needs the host key (X-Host-Key) or the seat's link (X-Seat-Token)")
    if host is not None or await hub.seat_of(live, token) != seat:
        raise Refused(403, "only the game's host or that seat may change its link")


@router.post("/games/{game_id}/seats/{seat}/link")
async def reissue_link(game_id: str, seat: int, request: Request, x_seat_token: Token = None,
                       x_host_key: HostKey = None) -> dict[str, Any]:
    """A new secret link for a person's seat; the old one stops working at once."""
    hub = hub_of(request)
    live = await _live(hub, game_id)
    await _may_manage_seat(hub, live, seat, x_seat_token, x_host_key)
    token = await hub.new_link(live, seat)
    assert token is not None
    return {"seat": seat, "token": token, "link": _link(live.id, token)}


@router.delete("/games/{game_id}/seats/{seat}/link", status_code=204)
async def revoke_link(game_id: str, seat: int, request: Request, x_seat_token: Token = None,
                      x_host_key: HostKey = None) -> None:
    """No link opens the seat any more, until the host re-issues one."""
    hub = hub_of(request)
    live = await _live(hub, game_id)
    await _may_manage_seat(hub, live, seat, x_seat_token, x_host_key)
    await hub.new_link(live, seat, revoke=True)


@router.post("/games/{game_id}/resign")
async def resign(game_id: str, request: Request, x_seat_token: Token = None,
                 x_live_connection: LiveConnection = None) -> Response:
    hub = hub_of(request)
    live = await _live(hub, game_id)
    seat = await _acting_seat(hub, live, x_seat_token)
    return _answer(await hub.resign(live, seat, x_seat_token, x_live_connection))


@router.delete("/games/{game_id}", status_code=204)
async def delete_game(game_id: str, request: Request, x_host_key: HostKey = None) -> None:
    hub = hub_of(request)
    live = await _live(hub, game_id)
    if not await hub.is_host(live, x_host_key):
        raise Refused(403 if x_host_key else 401, "deleting a game needs its host key (X-Host-Key)")
    await hub.delete(live)


# ============================================================================ one game
@router.get("/games/{game_id}")
async def game_view(game_id: str, request: Request, x_seat_token: Token = None) -> Response:
    hub = hub_of(request)
    live = await _live(hub, game_id)
    seat = await hub.seat_of(live, x_seat_token)
    return _view(hub, live, seat)


@router.get("/games/{game_id}/map")
async def game_map(game_id: str, request: Request) -> dict[str, Any]:
    live = await _live(hub_of(request), game_id)
    board = live.game.rules.board(live.game)
    if board is None:
        raise Refused(404, f"{live.game.rules.id} draws no map")
    return map_geometry(board)


@router.post("/games/{game_id}/decisions")
async def decide(game_id: str, body: DecisionIn, request: Request, x_seat_token: Token = None,
                 x_live_connection: LiveConnection = None) -> Response:
    hub = hub_of(request)
    live = await _live(hub, game_id)
    seat = await _acting_seat(hub, live, x_seat_token)
    return _answer(await hub.decide(live, seat, body.index, body.option, x_seat_token, x_live_connection))


@router.post("/games/{game_id}/undo")
async def undo(game_id: str, body: UndoIn, request: Request, x_seat_token: Token = None,
               x_live_connection: LiveConnection = None) -> Response:
    hub = hub_of(request)
    live = await _live(hub, game_id)
    seat = await _acting_seat(hub, live, x_seat_token)
    return _answer(await hub.undo(live, seat, body.index, x_seat_token, x_live_connection))


@router.post("/games/{game_id}/preferences")
async def preferences(game_id: str, body: PreferencesIn, request: Request,
                      x_seat_token: Token = None, x_live_connection: LiveConnection = None) -> Response:
    """A seat's published conveniences: ``auto_pass`` (pass for it at every window where its
    hand allows nothing but the pass). Every seat's view shows it (``view.auto_pass``)."""
    hub = hub_of(request)
    live = await _live(hub, game_id)
    seat = await _acting_seat(hub, live, x_seat_token)
    return _answer(await hub.set_auto_pass(live, seat, body.auto_pass, x_seat_token, x_live_connection))


@router.get("/games/{game_id}/odds")
async def odds(game_id: str, request: Request, option: Annotated[str, Query(max_length=500)],
               x_seat_token: Token = None) -> dict[str, Any]:
    hub = hub_of(request)
    live = await _live(hub, game_id)
    seat = await _acting_seat(hub, live, x_seat_token)
    async with live.lock:
        g = live.game
        d = g.decision()
        if d is None or d.seat != seat:
            raise Refused(409, "it is not your decision")
        if all(o.id != option for o in d.options):
            raise Refused(400, f"{option!r} is not a legal option now")
        res = g.rules.odds(g, seat, option)
    if res is None:
        raise Refused(404, "this module offers no odds for that option")
    return res


@router.get("/games/{game_id}/los")
async def line_of_sight(game_id: str, request: Request, a: Annotated[str, Query(max_length=16)],
                        b: Annotated[str, Query(max_length=16)]) -> dict[str, Any]:
    live = await _live(hub_of(request), game_id)
    async with live.lock:
        res = live.game.rules.line_of_sight(live.game, a, b)
    if res is None:
        raise Refused(404, f"no line of sight from {a!r} to {b!r} (unknown hex, or not offered)")
    return res


@router.get("/games/{game_id}/replay")
async def replay(game_id: str, request: Request, step: Annotated[int, Query(ge=0)] = 0,
                 seat: Annotated[int | None, Query(ge=0, le=7)] = None,
                 known_map: Annotated[str | None, Query(max_length=200)] = None,
                 x_seat_token: Token = None) -> dict[str, Any]:
    """The game as it stood after ``step`` decisions, from ``seat``'s view (None: everything a
    spectator saw). Once the game is over, from any seat: before that it would tell what a seat
    hides. A read-only game (an older rules version) replays before its end too, from the
    spectator's view or the view of the seat whose token comes with the request.

    ``map_name`` is the map of that step (a campaign goes from map to map); ``map`` is its
    geometry, left out (None) when the client says it already holds that map (``known_map``).

    Once over, ``fairness`` reveals seed and salt and says whether they hash to the stored
    commitment (``verified``); the client compares that commitment with the one it was shown at
    the start, and the replay itself runs from the revealed seed."""
    hub = hub_of(request)
    live = await _live(hub, game_id)
    async with live.lock:
        over = live.game.is_terminal()
        rec = live.game.record
        assert rec is not None
        record = Record(rec.game, rec.version, rec.scenario, dict(rec.options), rec.seed,
                        list(rec.decisions), list(rec.hashes))
        rules = live.game.rules
    if not over:
        if not live.read_only:
            raise Refused(409, "a replay opens once the game is over")
        if seat is not None and seat != await hub.seat_of(live, x_seat_token):
            raise Refused(403, "before its end a game replays only from your own seat's view")
    total = len(record.decisions)
    if step > total:
        raise Refused(422, f"step {step} is outside 0..{total}")
    try:
        g = await asyncio.to_thread(replay_record, rules, record, step)
    except RecordError as e:
        raise Refused(409, f"this game does not replay: {e}") from None
    if seat is not None and seat >= g.num_players():
        raise Refused(422, f"no seat {seat}")
    view = g.view(seat)
    fairness = live.fair.public(over=over)
    board = g.rules.board(g)
    name = board.name if board is not None else None
    send_map = board is not None and (known_map is None or name != known_map)
    return {"type": "replay", "game_id": live.id, "step": step, "steps": total, "seat": seat,
            "seats": [s.to_dict() for s in live.seats], "view": view, "table": table_for(g, seat, view),
            "decision": list(record.decisions[step - 1]) if step else None,
            "fairness": fairness, "notice": live.notice, "read_only": live.read_only,
            "has_map": board is not None, "map_name": name,
            "map": map_geometry(board) if board is not None and send_map else None}


@router.websocket("/games/{game_id}/ws")
async def live_updates(ws: WebSocket, game_id: str) -> None:
    """Send ``{"token": "..."}`` (or ``{"token": null}`` to watch) first; then every change of
    the game brings the view of that seat. A reconnect gets the current view at once. The hello
    may name the connection (``"connection": "<id>"``): a change the seat makes by a request
    that quotes the id (``X-Live-Connection``) is in that request's answer and not pushed here
    again."""
    await ws.accept()
    hub: Hub = ws.app.state.hub
    try:
        live = await _live(hub, game_id)
        raw = await asyncio.wait_for(ws.receive_text(), timeout=15)
        if len(raw) > HELLO_MAX:
            raise Refused(413, f"the first message is over {HELLO_MAX} characters")
        try:
            hello = json.loads(raw)
        except ValueError:
            raise Refused(422, "the first message must be JSON: {\"token\": ...}") from None
        token = hello.get("token") if isinstance(hello, dict) else None
        if token is not None and not isinstance(token, str):
            raise Refused(422, "token must be a string")
        if token is not None and len(token) > TOKEN_MAX:
            raise Refused(422, f"token longer than {TOKEN_MAX} characters")
        connection = hello.get("connection") if isinstance(hello, dict) else None
        if connection is not None and not (isinstance(connection, str)
                                           and 0 < len(connection) <= CONNECTION_MAX):
            raise Refused(422, f"connection must be a string of 1 to {CONNECTION_MAX} characters")
        seat = await hub.seat_of(live, token)
    except Refused as e:
        await ws.send_json({"type": "error", "status": e.status, "detail": e.detail})
        await ws.close(code=4000 + e.status)
        return
    except (TimeoutError, WebSocketDisconnect, ValueError, KeyError):
        with contextlib.suppress(Exception):
            await ws.close(code=4408)
        return
    hub.listen(live.id, ws, seat, token, connection)
    try:
        await ws.send_text(hub.encoded(live, seat).decode())
        while True:
            msg = await ws.receive_json()
            if not hub.listening(live.id, ws):
                break  # the seat's link was replaced or the game deleted
            if isinstance(msg, dict) and msg.get("type") == "refresh":
                await ws.send_text(hub.encoded(await hub.get(live.id), seat).decode())
    except (WebSocketDisconnect, ValueError, RuntimeError):
        pass
    finally:
        hub.unlisten(live.id, ws)
