"""The FastAPI application: the store, the live-game hub, the API and the browser client."""

from __future__ import annotations

import asyncio
import gc
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from tactica.server import custom_scenarios
from tactica.server.api import router
from tactica.server.bus import ChangeBus
from tactica.server.catalogue import Catalogue
from tactica.server.editor import router as editor_router
from tactica.server.guard import Guard, RateLimit
from tactica.server.live import Hub, Refused
from tactica.server.settings import Settings
from tactica.server.store import DB_THREADS, GameStore

WEB = Path(__file__).resolve().parent.parent / "web"
GC_THRESHOLDS = (10_000, 20, 20)
"""The collector's thresholds in a server process (Python's are 700, 10, 10). A decision makes
thousands of short-lived containers (two payloads), so at 700 the young collections ran several
times a decision and older ones followed; with these the collector's share of a saturated
server's time fell from about a seventh to a few percent (bench/bench_server.py)."""


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(max_workers=DB_THREADS, thread_name_prefix="tactica-store"))
        origin = secrets.token_hex(8)
        pool, loop = settings.db_connections()
        store = GameStore(settings.resolved_url(), origin=origin, pool=pool, loop=loop)
        hub = Hub(store, run_agents=settings.run_agents, max_live=settings.max_live_games)
        app.state.hub = hub
        custom_scenarios.serve(store.engine, settings.max_custom_scenarios)
        app.state.new_games = RateLimit(settings.games_per_minute)
        app.state.saves = RateLimit(settings.games_per_minute)  # the editor's saves (editor.py)
        app.state.catalogue = Catalogue(settings.resolved_cache_dir())
        if settings.warm_catalogue:
            app.state.catalogue.warm()
        bus = None
        if store.notifies:
            bus = ChangeBus(settings.resolved_url(), origin, hub.reload, hub.reload_all)
            await bus.start()
        await hub.resume_all()
        gc.collect()
        gc.freeze()  # what the server itself loaded stays: see Hub.settle
        gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            app.state.catalogue.stop()
            custom_scenarios.serve(None, settings.max_custom_scenarios)
            if bus is not None:
                await bus.stop()
            await store.aclose()

    app = FastAPI(title="tactica", version="0.1.0", lifespan=lifespan)

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"where": ".".join(str(p) for p in e.get("loc", ())), "problem": e.get("msg", "")}
                  for e in exc.errors()]
        return JSONResponse({"detail": "malformed request", "errors": errors}, status_code=422)

    app.include_router(router)
    app.include_router(editor_router)
    app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    app.add_middleware(Guard, allowed_hosts=settings.hosts(), max_body=settings.max_body,
                       timing=settings.timing())
    if settings.proxies():
        # the client a trusted proxy names (the rightmost address in X-Forwarded-For that is
        # not itself a trusted proxy) becomes request.client, which the rate limit counts
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.proxies()))
    return app
