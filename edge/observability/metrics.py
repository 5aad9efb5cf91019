"""The gateway's Prometheus instruments, on a registry of its own (one per app, so tests
and several apps in one process never share counts).

Components that make decisions (rate limiter, balancer, breakers) call the small methods
here; nothing else touches prometheus_client directly.
"""

from __future__ import annotations

from prometheus_client import (
    GC_COLLECTOR,
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)

# Latency buckets for a gateway: sub-millisecond to the call deadline.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class GatewayMetrics:
    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        r = self.registry
        # Process (memory, CPU, fds), GC and Python version series on the same registry, so
        # /metrics/detailed is one scrape. The collectors are cheap readers of /proc and gc.
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)
        if GC_COLLECTOR is not None:  # None on interpreters without gc.get_stats
            GCCollector(registry=r)
        self.requests = Counter(
            "finplat_edge_requests_total",
            "HTTP requests answered by the edge.",
            ["route", "method", "status", "backend"],
            registry=r,
        )
        self.latency = Histogram(
            "finplat_edge_request_duration_seconds",
            "Time from request start to the last response byte.",
            ["route", "method", "backend"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.rate_limit = Counter(
            "finplat_edge_rate_limit_decisions_total",
            "Rate-limit decisions by route family, level and outcome (allowed/limited).",
            ["family", "level", "outcome"],
            registry=r,
        )
        self.rate_limit_store = Gauge(
            "finplat_edge_rate_limit_shared_store_up",
            "1 while limits are counted in Redis, 0 while counted in process.",
            registry=r,
        )
        self.breaker_state = Gauge(
            "finplat_edge_circuit_breaker_state",
            "Circuit breaker state per instance: 0 closed, 1 half-open, 2 open.",
            ["backend", "instance"],
            registry=r,
        )
        self.pool_size = Gauge(
            "finplat_edge_pool_instances",
            "Instances in each backend pool, by health.",
            ["backend", "health"],
            registry=r,
        )
        self.upstream = Counter(
            "finplat_edge_upstream_calls_total",
            "gRPC calls to backend instances by outcome (gRPC status code name).",
            ["backend", "instance", "code"],
            registry=r,
        )
        self.retries = Counter(
            "finplat_edge_retries_total",
            "Idempotent calls retried on another instance, and retries refused by the budget.",
            ["backend", "outcome"],
            registry=r,
        )
        self.security = Counter(
            "finplat_edge_security_refusals_total",
            "Requests refused by a security control (ip_blocked, payload_too_large, ...).",
            ["reason"],
            registry=r,
        )

        # observe_request runs on every request: the labelled children are looked up once
        # per label set and kept here (labels() takes a lock and builds a tuple each call).
        # Bounded because every label is (route template, method, status, backend).
        self._request_children: dict[tuple[str, str, int, str], tuple[Counter, Histogram]] = {}

    # The few calls components make; kept as methods so label order lives in one place.
    def observe_request(
        self, route: str, method: str, status: int, backend: str, seconds: float
    ) -> None:
        key = (route, method, status, backend)
        children = self._request_children.get(key)
        if children is None:
            children = (
                self.requests.labels(route, method, str(status), backend),
                self.latency.labels(route, method, backend),
            )
            self._request_children[key] = children
        children[0].inc()
        children[1].observe(seconds)

    def rate_limit_decision(self, family: str, level: str, allowed: bool) -> None:
        self.rate_limit.labels(family, level, "allowed" if allowed else "limited").inc()

    def set_breaker_state(self, backend: str, instance: str, state: str) -> None:
        value = {"closed": 0, "half_open": 1, "open": 2}[state]
        self.breaker_state.labels(backend, instance).set(value)

    def set_pool_size(self, backend: str, healthy: int, unhealthy: int) -> None:
        self.pool_size.labels(backend, "healthy").set(healthy)
        self.pool_size.labels(backend, "unhealthy").set(unhealthy)

    def upstream_call(self, backend: str, instance: str, code: str) -> None:
        self.upstream.labels(backend, instance, code).inc()

    def retry(self, backend: str, outcome: str) -> None:
        self.retries.labels(backend, outcome).inc()

    def refused(self, reason: str) -> None:
        self.security.labels(reason).inc()
