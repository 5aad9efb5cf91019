"""The uvicorn configuration the edge runs with: uvloop, the guarded httptools protocol,
connection/backlog limits. Shared by `python -m edge` and the tests that serve over real
sockets, so both run exactly the same server."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import uvicorn

from edge.observability.metrics import GatewayMetrics
from edge.security.protocol import guarded_http_protocol
from edge.security.settings import SecuritySettings


def uvicorn_config(
    app: Any,
    settings: SecuritySettings,
    *,
    host: str,
    port: int,
    trusted_proxies: Sequence[str] = (),
    metrics: GatewayMetrics | None = None,
    loop: str = "uvloop",
) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        loop=loop,
        http=guarded_http_protocol(settings, trusted_proxies, metrics),
        access_log=False,  # request logging belongs to the edge's observability layer
        # The client address (rate limits, IP lists, sessions) is taken from
        # X-Forwarded-For only when the direct peer is a trusted proxy.
        proxy_headers=bool(trusted_proxies),
        forwarded_allow_ips=",".join(trusted_proxies) or None,
        limit_concurrency=settings.edge_limit_concurrency,
        backlog=settings.edge_backlog,
    )
