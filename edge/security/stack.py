"""The security middlewares added to the edge app in their documented order
(ARCHITECTURE.md §4: request id → security headers → IP filter → slow-request guards).

`add_middleware` wraps what was added before, so the innermost is added first. The app
adds them in two calls so the rate limiter can sit between the outer layer (headers,
identity stripping) and the IP filter: every refusal the filter or the body guard makes
then carries the rate-limit headers too, and the limiter reports its own refusals to
the auto-blocker. `add_security_middleware` is both calls back to back.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import FastAPI

from edge.asgi import Scope
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
    add_inner_guards(app, settings, max_body_bytes=max_body_bytes, blocker=blocker, metrics=metrics)
    add_outer_guards(app, settings)


def add_inner_guards(
    app: FastAPI,
    settings: SecuritySettings,
    *,
    max_body_bytes: int,
    blocker: AutoBlocker | None = None,
    metrics: GatewayMetrics | None = None,
    streamed: Callable[[Scope], float | None] | None = None,
) -> None:
    """IP allow/deny + auto-block outside the body guard (slow or oversized bodies;
    `streamed`: see BodyGuardMiddleware)."""
    app.add_middleware(
        BodyGuardMiddleware,
        max_body_bytes=max_body_bytes,
        body_timeout_seconds=settings.edge_body_timeout_seconds,
        body_gap_seconds=settings.edge_body_gap_seconds,
        metrics=metrics,
        streamed=streamed,
    )
    app.add_middleware(IpFilterMiddleware, settings=settings, blocker=blocker, metrics=metrics)


def add_outer_guards(app: FastAPI, settings: SecuritySettings) -> None:
    """Security headers on every response, then identity-header stripping."""
    # Before the IP filter and everything after it: no code sees a spoofed identity.
    app.add_middleware(StripIdentityHeadersMiddleware)
    app.add_middleware(SecurityHeadersMiddleware, settings=settings)
