"""What the edge shows about itself: Prometheus metrics, traces, per-request JSON logs.

`build_observability(settings, settings, metrics)` makes the per-app pieces; the composition root
wires them: `ObservabilityMiddleware` inside RequestIdMiddleware, `observability_router`
for the admin endpoints, and the loop-lag probe started in the lifespan.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi.telemetry import TelemetryConfig

from edge.observability.metrics import GatewayMetrics
from edge.observability.performance import LoopLagProbe, PerformanceMonitor
from edge.observability.settings import ObservabilitySettings
from edge.observability.tracing import EdgeTracing, edge_tracing
from services.runtime.settings import RuntimeSettings

# FastAPI >= 0.16x opens its own OpenTelemetry server span (plus dependency/endpoint
# spans, metrics and logs) around the WHOLE app as soon as a tracer provider is installed:
# a second server span per request, outside the request id and on the transcoder's hot
# path too. The edge's one server span is ObservabilityMiddleware's: pass this as
# `FastAPI(telemetry=NATIVE_TELEMETRY_OFF)`.
NATIVE_TELEMETRY_OFF: TelemetryConfig = {
    "tracing": False,
    "metrics": False,
    "logs": False,
    "operation_spans": False,
}


@dataclass(frozen=True)
class Observability:
    metrics: GatewayMetrics
    tracing: EdgeTracing
    performance: PerformanceMonitor
    top_routes: int = 20


def build_observability(
    runtime: RuntimeSettings,
    settings: ObservabilitySettings,
    metrics: GatewayMetrics | None = None,
) -> Observability:
    """One app's tracer and performance monitor around its metrics registry (the app's
    `GatewayMetrics`, which the other components already count into; a new one if None).
    Two settings objects because the mixin is separate from RuntimeSettings; EdgeSettings
    is both."""
    return Observability(
        metrics=metrics or GatewayMetrics(),
        tracing=edge_tracing(runtime, "edge", settings.edge_recent_traces),
        performance=PerformanceMonitor(LoopLagProbe(settings.edge_loop_lag_probe_seconds)),
        top_routes=settings.edge_observability_top_routes,
    )
