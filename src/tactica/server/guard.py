"""What every request passes before the API sees it (docs/web.md "Hardening"): the Host header
against the names this server answers to (DNS rebinding), a cap on the request body, the
security headers of every response (Content Security Policy with frame-ancestors), and the rate
limit on new games. Refusals are JSON ``{"detail": ...}`` like the API's own."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
       "img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
"""``style-src-attr 'unsafe-inline'``: the client sets a few ``style`` attributes (colour chips,
odds bars); an attribute can carry no script. Stylesheets and scripts come from this server only."""
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", ()):
        if k == name:
            return str(v.decode("latin-1"))
    return None


async def _refuse(scope: Scope, send: Send, status: int, detail: str) -> None:
    if scope["type"] == "websocket":  # before accept: the handshake is answered with 403
        await send({"type": "websocket.close", "code": 4000 + status, "reason": detail[:120]})
        return
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


def host_name(host: str) -> str:
    """The name in a Host header, without its port (``[::1]:8000`` gives ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """Host check, body limit and security headers, as one ASGI layer around the app."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str], max_body: int,
                 timing: bool = False) -> None:
        self.app = app
        self.timing = timing
        """Add ``Server-Timing: app;dur=<ms>`` (from here to the answer's start) to answers."""
        self.allowed = {h.lower() for h in allowed_hosts}
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = host_name(_header(scope, b"host") or "")
        if "*" not in self.allowed and host not in self.allowed:
            await _refuse(scope, send, 400, f"this server does not answer to host {host!r} "
                                            "(a guard against DNS rebinding; see --allowed-host)")
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        t0 = time.perf_counter()
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(scope, send, 413, f"request body over {self.max_body} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:  # read the body here, counting, so a chunked body cannot pass the limit
            msg = await receive()
            if msg["type"] != "http.request":
                return
            chunk = msg.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await _refuse(scope, send, 413, f"request body over {self.max_body} bytes")
                return
            chunks.append(chunk)
            more = bool(msg.get("more_body"))
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        async def secure(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                names = {k.lower() for k, _ in msg.get("headers", ())}
                extra = [(b"server-timing", f"app;dur={(time.perf_counter() - t0) * 1000:.2f}".encode())
                         ] if self.timing else []
                msg = {**msg, "headers": [*msg.get("headers", ()), *extra,
                                          *(h for h in SECURITY_HEADERS if h[0] not in names)]}
            await send(msg)

        await self.app(scope, replay, secure)


class RateLimit:
    """A token bucket per client address: ``per_minute`` events, refilled evenly."""

    def __init__(self, per_minute: int, max_clients: int = 10_000) -> None:
        self.per_minute = per_minute
        self.max_clients = max_clients
        self._buckets: dict[str, tuple[float, float]] = {}

    def wait(self, client: str, now: float | None = None) -> float:
        """0 when ``client`` may go ahead now (and it is counted); else seconds to wait."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        rate = self.per_minute / 60.0
        tokens, at = self._buckets.get(client, (float(self.per_minute), now))
        tokens = min(float(self.per_minute), tokens + (now - at) * rate)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            return (1.0 - tokens) / rate
        if len(self._buckets) >= self.max_clients and client not in self._buckets:
            self._buckets.clear()  # a flood of addresses: start over rather than grow
        self._buckets[client] = (tokens - 1.0, now)
        return 0.0


def retry_after(seconds: float) -> dict[str, Any]:
    return {"Retry-After": str(max(1, math.ceil(seconds)))}
