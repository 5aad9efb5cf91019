"""Per-request observability at the edge: a server span, the request metrics and one
access-log line, in one pure ASGI middleware (no BaseHTTPMiddleware task/stream cost).

It sits just inside RequestIdMiddleware, so the request id is in the scope. Route,
backend and instance are read from the scope AFTER the inner app ran: the transcoder
records them there once it matched a route and chose an instance; FastAPI records the
matched management route in scope["route"]. A path nobody matched is labelled
"unmatched" — never the raw path, which would make label cardinality unbounded.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import Status, StatusCode

from edge.asgi import (
    BACKEND_SCOPE_KEY,
    INSTANCE_SCOPE_KEY,
    REQUEST_ID_SCOPE_KEY,
    ROUTE_SCOPE_KEY,
    Message,
    Receive,
    Scope,
    Send,
)
from edge.observability.access_log import access_log, log_request, unverified_subject
from edge.observability.metrics import GatewayMetrics
from edge.observability.tracing import EdgeTracing

UNMATCHED = "unmatched"

_TRACE_HEADERS = (b"traceparent", b"tracestate")
# The method label takes these values only (a client can send any token as a method).
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"})


def route_of(scope: Scope) -> str:
    """The bounded route label: the transcoder's template, a FastAPI route's path, or
    "unmatched"."""
    route = scope.get(ROUTE_SCOPE_KEY)
    if route:
        return str(route)
    path = getattr(scope.get("route"), "path", None)
    return path if isinstance(path, str) else UNMATCHED


class ObservabilityMiddleware:
    def __init__(self, app: Any, *, metrics: GatewayMetrics, tracing: EdgeTracing) -> None:
        self.app = app
        self.metrics = metrics
        self.tracing = tracing
        self.propagator = tracing.propagator

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        method: str = scope["method"]
        headers: list[tuple[bytes, bytes]] = scope["headers"]
        incoming: dict[str, str] | None = None
        authorization = b""
        user_agent = b""
        for name, value in headers:
            if name in _TRACE_HEADERS:
                if incoming is None:
                    incoming = {}
                incoming[name.decode("latin-1")] = value.decode("latin-1")
            elif name == b"authorization":
                authorization = value
            elif name == b"user-agent":
                user_agent = value
        client = scope.get("client")
        client_ip = client[0] if client else None

        # Continue the caller's trace when it sent a valid traceparent; else a new root.
        parent = self.propagator.extract(incoming) if incoming else None
        attributes: dict[str, str] | None = None
        if self.tracing.recording:
            attributes = {
                "http.request.method": method,
                "url.path": scope["path"],
                "url.scheme": scope.get("scheme", "http"),
            }
            if client_ip:
                attributes["client.address"] = client_ip
            if user_agent:
                attributes["user_agent.original"] = user_agent[:512].decode("latin-1")
        span = self.tracing.start_server_span(method, parent, attributes)
        self.tracing.started += 1
        span_context = span.get_span_context()
        current = trace.set_span_in_context(span)

        # The transcoder forwards traceparent/tracestate verbatim as gRPC metadata: put the
        # edge span's context there, so the backend's server span is its child.
        kept = [h for h in headers if h[0] not in _TRACE_HEADERS] if incoming else headers
        scope["headers"] = [*kept, *self.tracing.traceparent_headers(span_context)]

        status = 0
        bytes_out = 0

        async def observed_send(message: Message) -> None:
            nonlocal status, bytes_out
            kind = message["type"]
            if kind == "http.response.start":
                status = message["status"]
            elif kind == "http.response.body":
                bytes_out += len(message.get("body", b""))
            await send(message)

        token = otel_context.attach(current)
        failure: BaseException | None = None
        try:
            await self.app(scope, receive, observed_send)
        except BaseException as exc:
            failure = exc
            raise
        finally:
            otel_context.detach(token)
            seconds = time.perf_counter() - started
            if status == 0:
                status = 500  # nothing was sent: the server error handler answers 500
            route = route_of(scope)
            backend: str = scope.get(BACKEND_SCOPE_KEY, "edge")
            self.metrics.observe_request(
                route, method if method in _METHODS else "OTHER", status, backend, seconds
            )
            self._end_span(span, method, route, status, failure)
            if access_log.isEnabledFor(logging.INFO):
                log_request(
                    {
                        "request_id": scope.get(REQUEST_ID_SCOPE_KEY),
                        "trace_id": format(span_context.trace_id, "032x"),
                        "span_id": format(span_context.span_id, "016x"),
                        "method": method,
                        "route": route,
                        "path": scope["path"],
                        "status": status,
                        "latency_ms": round(seconds * 1000, 3),
                        "client_ip": client_ip,
                        "user": unverified_subject(authorization) if authorization else None,
                        "backend": backend,
                        "instance": scope.get(INSTANCE_SCOPE_KEY),
                        "bytes_out": bytes_out,
                    }
                )

    def _end_span(
        self,
        span: trace.Span,
        method: str,
        route: str,
        status: int,
        failure: BaseException | None,
    ) -> None:
        if not self.tracing.recording:  # a NonRecordingSpan: every call below is a no-op
            self.tracing.ended += 1
            self.tracing.recent.append(span.get_span_context().trace_id)
            return
        if route != UNMATCHED:
            # Semantic conventions: "{method} {route}"; the method alone when no route.
            span.update_name(f"{method} {route}")
            span.set_attribute("http.route", route)
        span.set_attribute("http.response.status_code", status)
        if failure is not None:
            span.record_exception(failure)
            span.set_attribute("error.type", type(failure).__qualname__)
            span.set_status(Status(StatusCode.ERROR, type(failure).__qualname__))
        elif status >= 500:
            span.set_attribute("error.type", str(status))
            span.set_status(Status(StatusCode.ERROR))
        span.end()
        self.tracing.ended += 1
        self.tracing.recent.append(span.get_span_context().trace_id)
