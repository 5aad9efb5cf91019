"""Proxied requests go straight to the transcoder, past FastAPI's routing.

The edge's own endpoints (management, observability, docs, the dashboard page,
discovery) are FastAPI routes under a few fixed prefixes; every other path is the
transcoder's. Left to Starlette, a proxied request first walks its exception and
exit-stack middlewares and tries every route before reaching the router's default — a
measurable share of the edge's CPU per request. This innermost middleware sends every
path outside the edge's own prefixes directly to the transcoder. tests/edge/test_dispatch.py
checks that every FastAPI route lies under these prefixes and no routed path family does.
"""

from __future__ import annotations

from typing import Any

from edge.asgi import Receive, Scope, Send

# Exact paths and prefixes of the edge's own endpoints.
EDGE_PATHS = frozenset({"/health", "/ready", "/live", "/docs", "/app"})
EDGE_PREFIXES = (
    "/health/",
    "/metrics/",
    "/observability/",
    "/openapi/",
    "/docs/",
    "/app/",
    "/api/v1/service-discovery/",
)


def is_edge_path(path: str) -> bool:
    return path in EDGE_PATHS or path.startswith(EDGE_PREFIXES)


class ProxiedPathsFirst:
    def __init__(self, app: Any, transcoder: Any) -> None:
        self.app = app
        self.transcoder = transcoder

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not is_edge_path(scope["path"]):
            await self.transcoder(scope, receive, send)
            return
        await self.app(scope, receive, send)
