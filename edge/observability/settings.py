"""Settings of the edge's observability layer (a mixin of EdgeSettings, prefix FINPLAT_).

The exporter itself is chosen by FINPLAT_OTEL_TRACES_EXPORTER (RuntimeSettings), the
same variable the backends read.
"""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class ObservabilitySettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FINPLAT_", extra="ignore")

    # Routes listed in /observability/metrics, busiest first: the summary stays readable
    # however many routes the protos declare.
    edge_observability_top_routes: int = 20
    # How often the event-loop lag probe wakes up; one wake-up per interval is its whole
    # cost, and lag shorter than the interval is still seen on the next wake-up.
    edge_loop_lag_probe_seconds: float = 0.5
    # Trace ids of the latest requests kept for /observability/tracing (to look them up
    # in the tracing backend).
    edge_recent_traces: int = 20
