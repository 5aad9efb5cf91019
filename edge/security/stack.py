"""The security middlewares added to the edge app in their documented order
(ARCHITECTURE.md §4: request id → security headers → IP filter → slow-request guards).

`add_middleware` wraps what was added before, so the innermost is added first; the
caller adds RequestIdMiddleware after this, making it the outermost.
"""

from __future__ import annotations

from fastapi import FastAPI

from edge.observability.metrics import GatewayMetrics
from edge.security.blocklist import AutoBlocker
from edge.security.body_guard import BodyGuardMiddleware
from edge.security.headers import SecurityHeadersMiddleware
from edge.security.identity_headers import StripIdentityHeadersMiddleware
from edge.security.ip_filter import IpFilterMiddleware
from edge.security.settings import SecuritySettings


def add_security_middleware(
    app: FastAPI,
    settings: SecuritySettings,
    *,
    max_body_bytes: int,
    blocker: AutoBlocker | None = None,
    metrics: GatewayMetrics | None = None,
) -> None:
    app.add_middleware(
        BodyGuardMiddleware,
        max_body_bytes=max_body_bytes,
        body_timeout_seconds=settings.edge_body_timeout_seconds,
        body_gap_seconds=settings.edge_body_gap_seconds,
        metrics=metrics,
    )
    app.add_middleware(IpFilterMiddleware, settings=settings, blocker=blocker, metrics=metrics)
    # Before the IP filter and everything after it: no code sees a spoofed identity.
    app.add_middleware(StripIdentityHeadersMiddleware)
    app.add_middleware(SecurityHeadersMiddleware, settings=settings)
