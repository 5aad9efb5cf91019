"""The edge's composition root: `create_app()` builds the FastAPI application."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from edge.auth import build_edge_auth
from edge.backends import Backends
from edge.descriptors import discover_routes
from edge.guards import install_error_handlers
from edge.management import OrjsonResponse, management_router
from edge.request_id import RequestIdMiddleware
from edge.settings import EdgeSettings
from edge.transcoder import Transcoder


def create_app(settings: EdgeSettings | None = None) -> FastAPI:
    settings = settings or EdgeSettings()
    backends = Backends(settings.edge_backends)
    main_instances = settings.edge_backends.get("main") or []
    auth, identity_client = build_edge_auth(settings, main_instances[0] if main_instances else None)
    transcoder = Transcoder(
        discover_routes(),
        backends,
        call_timeout=settings.edge_call_timeout_seconds,
        max_body_bytes=settings.edge_max_body_bytes,
        auth=auth,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        transcoder.start()
        try:
            yield
        finally:
            await backends.close()
            if identity_client is not None:
                identity_client.close()

    app = FastAPI(
        title="finplat gateway",
        version="2",
        default_response_class=OrjsonResponse,
        lifespan=lifespan,
        openapi_url="/openapi/gateway.json",
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.transcoder = transcoder
    app.state.edge_auth = auth
    install_error_handlers(app)
    app.include_router(
        management_router(backends, transcoder.backend_names, settings.edge_ready_timeout_seconds)
    )
    # Every path the management routes do not claim goes straight to the transcoder as the
    # router's fallback: no per-request dependency injection or response model on that path.
    app.router.default = transcoder
    app.add_middleware(RequestIdMiddleware)
    return app
