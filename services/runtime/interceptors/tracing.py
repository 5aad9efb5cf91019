"""The OpenTelemetry layer: a server span per RPC, in the caller's W3C trace.

While an exporter is installed, every call goes through opentelemetry-instrumentation-
grpc's server interceptor (span attributes, status and exception recording). While none
is (the default), `ExportingOnly` drops every span, yet the instrumentation still built
the attributes (reading the peer twice), a metadata dict per use, two context managers
and a wrapper around the servicer context that every inner layer then called through:
the costliest layer of a backend's chain (docs/benchmarks.md). So, while nothing
exports, this layer does only what stays observable: the caller's context extracted
from the metadata, and a (non-recording) server span started by the same tracer provider
and made current, so the trace and span ids seen by the access log and by outgoing calls
are the SDK's own. The choice is made per call: an exporter may be installed after the
server started (tests do).
"""

from __future__ import annotations

from typing import Any

import grpc
from opentelemetry import trace
from opentelemetry.context import attach, detach
from opentelemetry.instrumentation.grpc import server_interceptor
from opentelemetry.instrumentation.utils import is_instrumentation_enabled
from opentelemetry.propagate import extract

from services.runtime import tracing
from services.runtime.interceptors.base import (
    Continuation,
    Handler,
    Interceptor,
    UnaryBehavior,
    is_unary,
    wrap_unary,
)


class TracingInterceptor(Interceptor):
    def __init__(self, tracer_provider: trace.TracerProvider | None = None) -> None:
        self._instrumentation: Interceptor = server_interceptor(  # type: ignore[no-untyped-call]
            tracer_provider=tracer_provider
        )
        provider = tracer_provider or trace.get_tracer_provider()
        self._tracer = provider.get_tracer(__name__)
        # Only a provider sampled by ExportingOnly is known to drop every span while
        # nothing exports; any other keeps the instrumentation on every call.
        self._lean_when_idle = tracing.samples_by_exporter(provider)

    def intercept_service(
        self, continuation: Continuation, handler_call_details: grpc.HandlerCallDetails
    ) -> Handler | None:
        handler = continuation(handler_call_details)
        instrumented = self._instrumentation.intercept_service(
            lambda _details: handler, handler_call_details
        )
        if not self._lean_when_idle or instrumented is None or not is_unary(handler):
            return instrumented
        assert handler is not None and handler.unary_unary is not None  # is_unary checked
        assert instrumented.unary_unary is not None
        behavior = self._behavior(
            handler_call_details.method, handler.unary_unary, instrumented.unary_unary
        )
        return wrap_unary(handler, behavior)

    def _behavior(
        self, method: str, inner: UnaryBehavior, instrumented: UnaryBehavior
    ) -> UnaryBehavior:
        tracer = self._tracer

        def behavior(request: Any, context: grpc.ServicerContext) -> Any:
            if not is_instrumentation_enabled():  # suppressed: no span at all
                return inner(request, context)
            if tracing.exporting():
                return instrumented(request, context)
            metadata = context.invocation_metadata()
            # As the instrumentation does: the caller's context when metadata came.
            parent = extract(dict(metadata)) if metadata else None
            span = tracer.start_span(method, context=parent, kind=trace.SpanKind.SERVER)
            token = attach(trace.set_span_in_context(span, parent))
            try:
                return inner(request, context)
            finally:
                detach(token)
                span.end()  # a no-op unless an exporter arrived since the check

        return behavior
