"""The runtime's interceptor chain, in one place so the order cannot drift.

Outermost first: OpenTelemetry (W3C context from metadata) → py-grpc-prometheus →
access log → auth (+quota) → error mapping.

ARCHITECTURE §5 lists the access log last; it sits outside auth here instead, because a
log placed inside auth never sees the calls auth or quota reject, and those must be
logged too. It still logs the final (mapped) code and the authenticated principal,
which auth records on the shared per-call state.
"""

from __future__ import annotations

from collections.abc import Sequence
from threading import Lock

from opentelemetry.instrumentation.grpc import server_interceptor
from opentelemetry.trace import TracerProvider
from py_grpc_prometheus.prometheus_server_interceptor import PromServerInterceptor

from services.runtime.auth import Authenticator
from services.runtime.interceptors.access_log import AccessLogInterceptor
from services.runtime.interceptors.auth import AuthInterceptor
from services.runtime.interceptors.base import Interceptor
from services.runtime.interceptors.errors import ErrorMappingInterceptor
from services.runtime.quota import QuotaEnforcer

__all__ = [
    "AccessLogInterceptor",
    "AuthInterceptor",
    "ErrorMappingInterceptor",
    "build_interceptors",
]

_prometheus: Interceptor | None = None
_prometheus_lock = Lock()


def prometheus_interceptor() -> Interceptor:
    """One per process: it registers its metrics in the global Prometheus registry,
    where a second instance would be a duplicate-metric error."""
    global _prometheus
    with _prometheus_lock:
        if _prometheus is None:
            _prometheus = PromServerInterceptor(enable_handling_time_histogram=True)
        return _prometheus


def build_interceptors(
    authenticators: Sequence[Authenticator],
    quota: QuotaEnforcer | None,
    tracer_provider: TracerProvider | None = None,
) -> list[Interceptor]:
    otel: Interceptor = server_interceptor(  # type: ignore[no-untyped-call]
        tracer_provider=tracer_provider
    )
    return [
        otel,
        prometheus_interceptor(),
        AccessLogInterceptor(),
        AuthInterceptor(authenticators, quota),
        ErrorMappingInterceptor(),
    ]
