"""OpenTelemetry tracing set-up; the exporter is chosen by FINPLAT_OTEL_TRACES_EXPORTER."""

from __future__ import annotations

import importlib
import logging
from threading import Lock

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    ConsoleSpanExporter,
    SimpleSpanProcessor,
    SpanExporter,
)
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from services.runtime.settings import RuntimeSettings

_log = logging.getLogger("finplat.runtime.tracing")

_lock = Lock()
_provider: TracerProvider | None = None
_memory: InMemorySpanExporter | None = None
_exporters: set[str] = set()


def configure_tracing(settings: RuntimeSettings, service_name: str) -> TracerProvider:
    """Install the process's TracerProvider (once: OTel refuses to replace it).

    Later calls (several servers in one test process) reuse it and only add an
    exporter kind not added yet.
    """
    global _provider
    with _lock:
        if _provider is None:
            _provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
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
