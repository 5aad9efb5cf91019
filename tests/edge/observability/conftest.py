"""An edge-shaped FastAPI app with the observability layer, real tokens and a real JWKS
server; the in-memory span exporter of the process's tracer provider."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import orjson
import pytest
from fastapi import FastAPI, Request
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from edge.auth import EdgeAuth
from edge.guards import install_error_handlers
from edge.json_response import OrjsonResponse
from edge.observability import NATIVE_TELEMETRY_OFF, Observability, build_observability
from edge.observability.access_log import ACCESS_LOGGER
from edge.observability.middleware import ObservabilityMiddleware
from edge.observability.router import observability_router
from edge.observability.settings import ObservabilitySettings
from edge.request_id import RequestIdMiddleware
from services.runtime.logging import JsonFormatter
from services.runtime.settings import RuntimeSettings
from services.runtime.tokens import TokenVerifier
from services.runtime.tracing import memory_exporter
from tests.runtime.tokens_support import CONFIG, JwksServer, claims, jwks_fixture, keys_of, sign

__all__ = ["jwks_fixture"]

ADMIN = {"authorization": f"Bearer {sign(claims(roles=['admin', 'user']))}"}
USER = {"authorization": f"Bearer {sign(claims(roles=['user']))}"}
POOLS = {"expense": {"instances": ["10.0.0.1:50054"], "healthy": 1}}


@pytest.fixture
def observability() -> Observability:
    return build_observability(
        RuntimeSettings(otel_traces_exporter="memory"),
        ObservabilitySettings(edge_loop_lag_probe_seconds=0.05, edge_observability_top_routes=2),
    )


@pytest.fixture
def spans(observability: Observability) -> InMemorySpanExporter:
    exporter = memory_exporter()
    assert exporter is not None
    exporter.clear()
    return exporter


class JsonLines(logging.Handler):
    """The access lines exactly as the process's JSON formatter writes them."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.setFormatter(JsonFormatter())
        self.lines: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(orjson.loads(self.format(record)))


@pytest.fixture
def access_lines() -> Iterator[list[dict[str, Any]]]:
    logger = logging.getLogger(ACCESS_LOGGER)
    handler = JsonLines()
    previous = logger.level
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    try:
        yield handler.lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def edge_like_app(observability: Observability, auth: EdgeAuth | None) -> FastAPI:
    """The edge's composition for these tests: request ids outermost, observability just
    inside, the admin router, and two plain routes to observe."""
    app = FastAPI(default_response_class=OrjsonResponse, telemetry=NATIVE_TELEMETRY_OFF)
    app.state.edge_auth = auth
    install_error_handlers(app)
    app.include_router(observability_router(observability, pools_snapshot=lambda: POOLS))

    @app.get("/echo/{item_id}")
    async def echo(item_id: str, request: Request) -> OrjsonResponse:
        """What a downstream app sees of the trace headers."""
        headers = request.headers
        return OrjsonResponse(
            {"traceparent": headers.get("traceparent"), "tracestate": headers.get("tracestate")}
        )

    @app.get("/proxied/{item_id}")
    async def proxied(item_id: str, request: Request) -> OrjsonResponse:
        """Records route, backend and instance in the scope as the transcoder does."""
        request.scope["finplat.route"] = "/expense/v1/expenses/{id}"
        request.scope["finplat.backend"] = "expense"
        request.scope["finplat.instance"] = "10.0.0.1:50054"
        return OrjsonResponse({"id": item_id}, status_code=201)

    @app.get("/boom")
    async def boom() -> OrjsonResponse:
        raise RuntimeError("handler failed")

    app.add_middleware(
        ObservabilityMiddleware, metrics=observability.metrics, tracing=observability.tracing
    )
    app.add_middleware(RequestIdMiddleware)
    return app


@pytest.fixture
async def client(
    observability: Observability, jwks: JwksServer
) -> AsyncIterator[httpx.AsyncClient]:
    auth = EdgeAuth(TokenVerifier(keys_of(jwks), CONFIG))  # no session checker: none needed
    app = edge_like_app(observability, auth)
    # raise_app_exceptions=False: a failing handler is answered 500, as under uvicorn.
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://edge") as c:
        yield c
