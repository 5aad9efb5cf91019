"""The edge's composition root: `create_app()` builds the FastAPI application.

Request path (ARCHITECTURE.md §4), outermost first:
request id → observability (span, metrics, access log) → security headers → identity-header
stripping → rate limit → last resort (any exception → a 500 in the owner's error body) →
IP allow/deny and auto-block → body guard (slow/oversized bodies) → management endpoints,
or the transcoder (route match → authenticate → authorize → decode → content inspection →
balanced gRPC call → encode). Slow headers and connection limits are enforced below ASGI,
in the uvicorn protocol (edge/security/protocol.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from edge.auth import build_edge_auth
from edge.balancing.upstream import Upstream
from edge.components import RedisProbe
from edge.dashboard import dashboard_router
from edge.descriptors import discover_routes
from edge.discovery.build import build_discovery
from edge.dispatch import ProxiedPathsFirst
from edge.families import FamilyTable, misrouted
from edge.guards import install_error_handlers
from edge.json_response import OrjsonResponse
from edge.last_resort import LastResortMiddleware, install_last_resort
from edge.management import management_router
from edge.observability import NATIVE_TELEMETRY_OFF, build_observability
from edge.observability.metrics import GatewayMetrics
from edge.observability.middleware import ObservabilityMiddleware
from edge.observability.router import observability_router
from edge.openapi import api_document
from edge.openapi.docs import docs_router
from edge.ratelimit.limiter import RateLimiter
from edge.ratelimit.middleware import RateLimitMiddleware
from edge.ratelimit.quotas import QuotaHeaders
from edge.request_id import RequestIdMiddleware
from edge.security.blocklist import AutoBlocker
from edge.security.content import ContentInspector
from edge.security.ip_filter import rate_limit_recorder
from edge.security.stack import add_inner_guards, add_outer_guards
from edge.settings import EdgeSettings
from edge.transcoder import Transcoder
from edge.uploads.limits import UploadLimits


def create_app(settings: EdgeSettings | None = None) -> FastAPI:
    settings = settings or EdgeSettings()
    metrics = GatewayMetrics()
    observability = build_observability(settings, settings, metrics)
    routes = discover_routes()
    families = FamilyTable()
    # A proto binding a path to another backend than the spec's routing list says is a
    # contract bug: refuse to start rather than route it.
    problems = misrouted(families, [(r.template, r.backend) for r in routes])
    if problems:
        raise RuntimeError("routes outside their path family: " + "; ".join(problems))

    upstream = Upstream.from_settings(
        settings.edge_backends,
        settings,
        drain_seconds=settings.edge_call_timeout_seconds,
        metrics=metrics,
    )
    auth, identity_client = build_edge_auth(settings, upstream.pools.first_address("main"))
    upload_limits = UploadLimits(settings.edge_max_body_bytes, settings.edge_upload_limits)
    transcoder = Transcoder(
        routes,
        upstream,
        call_timeout=settings.edge_call_timeout_seconds,
        max_body_bytes=settings.edge_max_body_bytes,
        auth=auth,
        inspector=ContentInspector.from_settings(settings, metrics),
        families=families,
        upload_limits=upload_limits,
        upload_timeout=settings.edge_upload_timeout_seconds,
        stream_idle_timeout=settings.edge_stream_idle_timeout_seconds,
        stream_max_seconds=settings.edge_stream_max_seconds,
    )
    owners = transcoder.owners
    blocker = AutoBlocker.from_settings(settings, settings.redis_url, settings.redis_retry_seconds)
    limiter = RateLimiter.from_settings(
        settings, settings.redis_url, retry_seconds=settings.redis_retry_seconds, metrics=metrics
    )
    redis_probe = RedisProbe(settings.redis_url)
    discovery = build_discovery(
        settings,
        redis_url=settings.redis_url,
        redis_retry_seconds=settings.redis_retry_seconds,
        backend_names=transcoder.routed_backends,
        update=upstream.pools.update,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        transcoder.start()
        discovery.start()
        observability.performance.start()
        try:
            yield
        finally:
            await observability.performance.stop()
            await discovery.stop()
            await upstream.close()
            await limiter.aclose()
            blocker.close()
            await redis_probe.close()
            if identity_client is not None:
                identity_client.close()

    app = FastAPI(
        title="finplat gateway",
        version="2",
        description="Management endpoints of the finplat gateway (the proxied API is "
        "described at /openapi/api.json).",
        default_response_class=OrjsonResponse,
        lifespan=lifespan,
        openapi_url="/openapi/gateway.json",
        docs_url=None,
        redoc_url=None,
        # Our ObservabilityMiddleware makes the one server span per request; FastAPI's own
        # instrumentation would add a second one plus per-dependency spans.
        telemetry=NATIVE_TELEMETRY_OFF,
    )
    app.state.settings = settings
    app.state.metrics = metrics
    app.state.transcoder = transcoder
    app.state.edge_auth = auth
    app.state.upstream = upstream
    app.state.ip_blocker = blocker
    install_error_handlers(app)
    install_last_resort(app, owners)
    app.include_router(
        management_router(
            upstream,
            transcoder.backend_names,
            settings.edge_ready_timeout_seconds,
            redis_probe,
            families,
        )
    )
    if discovery.router is not None:
        app.include_router(discovery.router)
    app.include_router(
        observability_router(
            observability,
            pools_snapshot=upstream.pools.snapshot,
            rate_limiting_snapshot=limiter.snapshot,
        )
    )
    document = api_document(routes, settings.edge_openapi_descriptor_set, upload_limits)
    app.include_router(docs_router(document))
    app.include_router(dashboard_router(settings.edge_dashboard_chartjs))
    # Every path the management routes do not claim goes straight to the transcoder as the
    # router's fallback: no per-request dependency injection or response model on that path.
    app.router.default = transcoder

    # add_middleware wraps what was added before: innermost first.
    app.add_middleware(ProxiedPathsFirst, transcoder=transcoder)
    add_inner_guards(
        app,
        settings,
        max_body_bytes=settings.edge_max_body_bytes,
        blocker=blocker,
        metrics=metrics,
        streamed=transcoder.upload_body_timeout,
    )
    # Inside every layer that adds headers, so its 500 carries them all.
    app.add_middleware(LastResortMiddleware, owners=owners)
    if settings.edge_rate_limit_enabled:
        # Outside the IP filter and body guard so their refusals carry the rate-limit
        # headers too; its own refusals are reported to the auto-blocker directly.
        app.add_middleware(
            RateLimitMiddleware,
            limiter=limiter,
            on_refused=rate_limit_recorder(settings, blocker),
            quotas=QuotaHeaders.from_environment(owners),
        )
    add_outer_guards(app, settings)
    app.add_middleware(
        ObservabilityMiddleware, metrics=observability.metrics, tracing=observability.tracing
    )
    app.add_middleware(RequestIdMiddleware)
    return app
