"""The edge's OpenTelemetry tracer, on the process's provider (services/runtime/tracing.py
installs it and its exporter, for the edge exactly as for the backends).

W3C Trace Context is the one propagation format: the edge continues an incoming
`traceparent`/`tracestate` and hands its own span's context to the backends in the
same two headers, which the transcoder forwards as gRPC metadata.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.trace import NonRecordingSpan, SpanContext, SpanKind, TraceFlags
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from services.runtime.settings import RuntimeSettings
from services.runtime.tracing import configure_tracing

PROPAGATORS = ("tracecontext",)


class EdgeTracing:
    """The tracer the middleware uses, and what /observability/tracing reports."""

    def __init__(self, provider: TracerProvider, exporter: str, recent_traces: int = 20) -> None:
        self.provider = provider
        self.exporter = exporter
        # With no exporter nothing would ever read the edge's spans: the middleware then
        # skips the SDK span (sampler, attribute checks, processors) and only mints the
        # ids the access log and the backends need (see start_server_span).
        self.recording = exporter != "none"
        self._ids = provider.id_generator
        self.tracer = provider.get_tracer("finplat.edge")
        self.propagator = TraceContextTextMapPropagator()
        # Counted by the middleware (plain ints: one event loop, no lock needed).
        self.started = 0
        self.ended = 0
        # Trace ids as ints; formatted only when someone asks.
        self.recent: deque[int] = deque(maxlen=recent_traces)

    def start_server_span(
        self, name: str, parent: Context | None, attributes: Mapping[str, str] | None
    ) -> trace.Span:
        """The request's server span, child of the caller's span in `parent` if any."""
        if self.recording:
            return self.tracer.start_span(
                name, context=parent, kind=SpanKind.SERVER, attributes=attributes
            )
        caller = trace.get_current_span(parent).get_span_context() if parent else None
        span_id = self._ids.generate_span_id()
        if caller is not None and caller.is_valid:
            context = SpanContext(
                caller.trace_id, span_id, False, caller.trace_flags, caller.trace_state
            )
        else:
            # Sampled: a backend that does export traces keeps them (parent-based).
            context = SpanContext(
                self._ids.generate_trace_id(), span_id, False, TraceFlags(TraceFlags.SAMPLED)
            )
        return NonRecordingSpan(context)

    @staticmethod
    def traceparent_headers(context: SpanContext) -> list[tuple[bytes, bytes]]:
        """`traceparent` (and `tracestate` when there is one) naming `context` as the
        parent: what TraceContextTextMapPropagator.inject writes, formatted directly
        because it runs on every request."""
        traceparent = f"00-{context.trace_id:032x}-{context.span_id:016x}-{context.trace_flags:02x}"
        headers = [(b"traceparent", traceparent.encode("ascii"))]
        if context.trace_state:
            headers.append((b"tracestate", context.trace_state.to_header().encode("latin-1")))
        return headers

    def status(self) -> dict[str, Any]:
        resource = self.provider.resource.attributes
        return {
            "enabled": self.recording,
            "exporter": self.exporter,
            "service_name": resource.get("service.name"),
            "sampler": self.provider.sampler.get_description(),
            "propagators": list(PROPAGATORS),
            "spans": {
                "started": self.started,
                "ended": self.ended,
                "in_flight": self.started - self.ended,
            },
            "recent_trace_ids": [format(t, "032x") for t in reversed(self.recent)],
        }


def edge_tracing(
    settings: RuntimeSettings, service_name: str = "edge", recent_traces: int = 20
) -> EdgeTracing:
    """Configure the process's provider from `settings.otel_traces_exporter` (once per
    process; see configure_tracing) and return the edge's tracer on it."""
    provider = configure_tracing(settings, service_name)
    return EdgeTracing(provider, settings.otel_traces_exporter, recent_traces)
