"""A real uvicorn server (the edge's guarded protocol, uvloop) in a thread, serving a small
FastAPI app wrapped in the real security middleware stack, plus raw-socket helpers for
the tests that must misbehave at the HTTP level (slowloris, dribbled bodies)."""

from __future__ import annotations

import select
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import Depends, FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from edge.guards import GatewayError, gateway_response, install_error_handlers, require_roles
from edge.observability.metrics import GatewayMetrics
from edge.request_id import RequestIdMiddleware
from edge.security.blocklist import AutoBlocker
from edge.security.content import ContentInspector
from edge.security.serving import uvicorn_config
from edge.security.settings import SecuritySettings
from edge.security.stack import add_security_middleware
from tools.stack import free_port


def demo_app(
    settings: SecuritySettings,
    *,
    max_body_bytes: int = 1000,
    blocker: AutoBlocker | None = None,
    metrics: GatewayMetrics | None = None,
    inspector: ContentInspector | None = None,
) -> FastAPI:
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    install_error_handlers(app)

    @app.get("/ok")
    async def ok() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/admin", dependencies=[Depends(require_roles("admin"))])
    async def admin() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/limited")
    async def limited() -> None:
        raise GatewayError(429, "RATE_LIMITED", "slow down", {"retry-after": "60"})

    @app.get("/unavailable")
    async def unavailable() -> None:
        raise GatewayError(503, "SERVICE_UNAVAILABLE", "down")

    @app.get("/own-csp")
    async def own_csp() -> Response:
        return Response(
            b"{}",
            media_type="application/json",
            headers={"content-security-policy": "default-src 'self'"},
        )

    @app.get("/public")
    async def public() -> Response:
        # What the transcoder sends for an RPC declaring HttpRules.cache_control.
        return Response(
            b"{}", media_type="application/json", headers={"cache-control": "max-age=15"}
        )

    @app.get("/docs/api")
    async def docs() -> HTMLResponse:
        return HTMLResponse("<html></html>")

    @app.get("/headers")
    async def headers(request: Request) -> list[str]:
        return [name.decode() for name, _ in request.scope["headers"]]

    @app.post("/echo")
    async def echo(request: Request) -> dict[str, int]:
        return {"received": len(await request.body())}

    @app.post("/upload")
    async def upload(request: Request) -> Response:
        assert inspector is not None
        body = await request.body()
        refused = await inspector.inspect_body(request.headers.get("content-type", ""), body, None)
        if refused is not None:
            return gateway_response(request, refused)
        return Response(b'{"stored": true}', media_type="application/json")

    add_security_middleware(
        app, settings, max_body_bytes=max_body_bytes, blocker=blocker, metrics=metrics
    )
    app.add_middleware(RequestIdMiddleware)
    return app


@contextmanager
def serve(app: Any, settings: SecuritySettings, **options: Any) -> Iterator[str]:
    """Serve `app` on a free port with the edge's uvicorn configuration; yields its URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn_config(app, settings, host="127.0.0.1", port=port, **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10)


def read_until_closed(sock: socket.socket, timeout: float = 10.0) -> bytes:
    """Everything the server sends until it closes the connection."""
    sock.settimeout(timeout)
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def read_response(sock: socket.socket) -> bytes:
    """One response with a Content-Length body (the connection stays open)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


def dribble(sock: socket.socket, data: bytes, interval: float) -> tuple[int, bytes]:
    """Send `data` one byte per `interval` until the server answers; returns the bytes
    sent and everything the server sent before closing (b"" if it never did)."""
    for sent, byte in enumerate(data):
        sock.sendall(bytes([byte]))
        readable, _, _ = select.select([sock], [], [], interval)
        if readable:
            return sent + 1, read_until_closed(sock)
    return len(data), read_until_closed(sock)


def status_of(raw: bytes) -> int:
    return int(raw.split(b" ", 2)[1])


def body_of(raw: bytes) -> bytes:
    return raw.partition(b"\r\n\r\n")[2]
