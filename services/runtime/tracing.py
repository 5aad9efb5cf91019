"""OpenTelemetry tracing set-up; the exporter is chosen by FINPLAT_OTEL_TRACES_EXPORTER."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Sequence
from threading import Lock

from opentelemetry import trace
from opentelemetry.context import Context
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    ConsoleSpanExporter,
    SimpleSpanProcessor,
    SpanExporter,
)
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.sdk.trace.sampling import (
    ALWAYS_ON,
    Decision,
    ParentBased,
    Sampler,
    SamplingResult,
)
from opentelemetry.trace import Link, SpanKind, TraceState
from opentelemetry.util.types import Attributes

from services.runtime.settings import RuntimeSettings

_log = logging.getLogger("finplat.runtime.tracing")

_lock = Lock()
_provider: TracerProvider | None = None
_memory: InMemorySpanExporter | None = None
_exporters: set[str] = set()


class ExportingOnly(Sampler):
    """Record spans only once an exporter is installed; until then drop them.

    With no exporter (the default) a recorded span goes nowhere, yet building it
    (attributes, events, the span processor pipeline) was a tenth of a backend's CPU
    per call. A dropped span is still a valid span context: it keeps the caller's trace
    id (W3C `traceparent`), so access-log lines still correlate. Exporters can be added
    after the provider exists (several servers in one test process), hence the check
    per span rather than a sampler chosen once.
    """

    def __init__(self) -> None:
        self._delegate = ParentBased(root=ALWAYS_ON)

    def should_sample(
        self,
        parent_context: Context | None,
        trace_id: int,
        name: str,
        kind: SpanKind | None = None,
        attributes: Attributes = None,
        links: Sequence[Link] | None = None,
        trace_state: TraceState | None = None,
    ) -> SamplingResult:
        if not _exporters:
            return SamplingResult(Decision.DROP)
        return self._delegate.should_sample(
            parent_context, trace_id, name, kind, attributes, links, trace_state
        )

    def get_description(self) -> str:
        inner: str = self._delegate.get_description()  # type: ignore[no-untyped-call]
        return f"ExportingOnly({inner})"


def exporting() -> bool:
    """Whether an exporter is installed: `ExportingOnly` records spans only then."""
    return bool(_exporters)


def samples_by_exporter(provider: object) -> bool:
    """Whether `provider` is one `configure_tracing` built (sampled by `ExportingOnly`),
    so that no span it starts is recorded while `exporting()` is False."""
    return isinstance(getattr(provider, "sampler", None), ExportingOnly)


def configure_tracing(settings: RuntimeSettings, service_name: str) -> TracerProvider:
    """Install the process's TracerProvider (once: OTel refuses to replace it).

    Later calls (several servers in one test process) reuse it and only add an
    exporter kind not added yet.
    """
    global _provider
    with _lock:
        if _provider is None:
            _provider = TracerProvider(
                resource=Resource.create({"service.name": service_name}),
                sampler=ExportingOnly(),
            )
            trace.set_tracer_provider(_provider)
        kind = settings.otel_traces_exporter
        if kind != "none" and kind not in _exporters:
            processor = _processor(kind)
            if processor is not None:
                _provider.add_span_processor(processor)
                _exporters.add(kind)
        return _provider


def memory_exporter() -> InMemorySpanExporter | None:
    """The in-memory exporter, when the "memory" exporter was configured (tests)."""
    return _memory


def _processor(kind: str) -> SimpleSpanProcessor | BatchSpanProcessor | None:
    global _memory
    if kind == "memory":
        _memory = InMemorySpanExporter()
        return SimpleSpanProcessor(_memory)
    if kind == "console":
        return BatchSpanProcessor(ConsoleSpanExporter())
    exporter = _otlp_exporter()
    return BatchSpanProcessor(exporter) if exporter is not None else None


def _otlp_exporter() -> SpanExporter | None:
    # The OTLP exporter is an optional install; its endpoint comes from the standard
    # OTEL_EXPORTER_OTLP_* variables, read by the exporter itself.
    for module in (
        "opentelemetry.exporter.otlp.proto.grpc.trace_exporter",
        "opentelemetry.exporter.otlp.proto.http.trace_exporter",
    ):
        try:
            exporter_class = importlib.import_module(module).OTLPSpanExporter
        except ImportError:
            continue
        exporter: SpanExporter = exporter_class()
        return exporter
    _log.warning(
        "FINPLAT_OTEL_TRACES_EXPORTER=otlp but no OTLP exporter package is installed; "
        "install opentelemetry-exporter-otlp to export traces"
    )
    return None
