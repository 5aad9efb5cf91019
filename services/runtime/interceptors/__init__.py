"""The runtime's interceptor chain, in one place so the order cannot drift.

Outermost first: OpenTelemetry (W3C context from metadata) → py-grpc-prometheus →
access log → auth (+quota) → error mapping.

ARCHITECTURE §5 lists the access log last; it sits outside auth here instead, because a
log placed inside auth never sees the calls auth or quota reject, and those must be
logged too. It still logs the final (mapped) code and the authenticated principal,
which auth records on the shared per-call state.

A server gets the layers as one `MethodChain`: composed once per method, not per call
(chain.py says why).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from threading import Lock
from typing import Literal

from opentelemetry.trace import TracerProvider

from services.runtime.auth import Authenticator
from services.runtime.interceptors.access_log import AccessLogInterceptor
from services.runtime.interceptors.auth import AuthInterceptor
from services.runtime.interceptors.base import Interceptor
from services.runtime.interceptors.chain import MethodChain
from services.runtime.interceptors.errors import ErrorMappingInterceptor
from services.runtime.interceptors.metrics import MetricsInterceptor
from services.runtime.interceptors.tracing import TracingInterceptor
from services.runtime.quota import QuotaEnforcer

__all__ = [
    "LAYERS",
    "AccessLogInterceptor",
    "AuthInterceptor",
    "ErrorMappingInterceptor",
    "Layer",
    "MethodChain",
    "MetricsInterceptor",
    "TracingInterceptor",
    "build_interceptors",
    "build_layers",
]

Layer = Literal["tracing", "metrics", "access_log", "auth", "quota", "errors"]
# Every layer, outermost first ("quota" is counted inside the auth interceptor).
LAYERS: tuple[Layer, ...] = ("tracing", "metrics", "access_log", "auth", "quota", "errors")

_prometheus: Interceptor | None = None
_prometheus_lock = Lock()


def prometheus_interceptor() -> Interceptor:
    """One per process: it registers its metrics in the global Prometheus registry,
    where a second instance would be a duplicate-metric error."""
    global _prometheus
    with _prometheus_lock:
        if _prometheus is None:
            _prometheus = MetricsInterceptor()
        return _prometheus


def build_interceptors(
    authenticators: Sequence[Authenticator],
    quota: QuotaEnforcer | None,
    tracer_provider: TracerProvider | None = None,
) -> list[Interceptor]:
    """The server's interceptors: every layer, composed once per method."""
    return [MethodChain(build_layers(authenticators, quota, tracer_provider))]


def build_layers(
    authenticators: Sequence[Authenticator],
    quota: QuotaEnforcer | None,
    tracer_provider: TracerProvider | None = None,
    *,
    layers: Collection[Layer] = LAYERS,
) -> list[Interceptor]:
    """The layers, outermost first. A server runs them all; `layers` picks a subset
    (still in this order) for the foundation bench's per-layer CPU breakdown
    (tools/bench/interceptor_cpu.py). "quota" needs "auth": it counts the caller auth
    admitted."""
    chain: list[Interceptor] = []
    if "tracing" in layers:
        chain.append(TracingInterceptor(tracer_provider))
    if "metrics" in layers:
        chain.append(prometheus_interceptor())
    if "access_log" in layers:
        chain.append(AccessLogInterceptor())
    if "auth" in layers:
        chain.append(AuthInterceptor(authenticators, quota if "quota" in layers else None))
    if "errors" in layers:
        chain.append(ErrorMappingInterceptor())
    return chain
