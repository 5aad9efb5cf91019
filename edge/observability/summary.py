"""The JSON summary behind /observability/metrics, read back from the Prometheus registry.

Nothing is counted twice: the summary is computed on demand from the same samples
/metrics/detailed exposes, so the two can never disagree. Latency percentiles are
estimated from the histogram buckets the way Prometheus' histogram_quantile does
(linear interpolation inside the bucket holding the rank).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from prometheus_client.metrics import MetricWrapperBase
from prometheus_client.samples import Sample

from edge.observability.metrics import GatewayMetrics

QUANTILES = (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))

# bucket upper bound → cumulative count (Prometheus buckets are cumulative).
Buckets = dict[float, float]


def _samples(metric: MetricWrapperBase, suffix: str) -> Iterable[Sample]:
    for family in metric.collect():
        wanted = family.name + suffix
        for sample in family.samples:
            if sample.name == wanted:
                yield sample


def estimate_quantile(q: float, buckets: Mapping[float, float]) -> float | None:
    """The q-quantile (seconds) of a cumulative histogram; None when it holds nothing.

    A rank in the +Inf bucket answers the highest finite bound (Prometheus does the
    same: nothing more precise is known).
    """
    bounds = sorted(buckets)
    total = buckets.get(math.inf, buckets[bounds[-1]] if bounds else 0.0)
    if total <= 0:
        return None
    rank = q * total
    lower_bound, lower_count = 0.0, 0.0
    for bound in bounds:
        count = buckets[bound]
        if count >= rank:
            if math.isinf(bound):
                return lower_bound
            if count == lower_count:
                return bound
            share = (rank - lower_count) / (count - lower_count)
            return lower_bound + (bound - lower_bound) * share
        lower_bound, lower_count = bound, count
    return lower_bound


def _quantiles(buckets: Buckets) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for name, q in QUANTILES:
        value = estimate_quantile(q, buckets)
        out[name + "_ms"] = None if value is None else round(value * 1000, 3)
    return out


def _status_class(status: str) -> str:
    return f"{status[0]}xx" if len(status) == 3 and status.isdigit() else "other"


def metrics_summary(metrics: GatewayMetrics, top_routes: int = 20) -> dict[str, Any]:
    """Totals by status class, the busiest routes, latency percentiles, rate-limit
    decisions, circuit-breaker states and pool sizes."""
    by_class: dict[str, float] = defaultdict(float)
    routes: dict[str, dict[str, Any]] = {}
    total = 0.0
    for sample in _samples(metrics.requests, "_total"):
        route = sample.labels["route"]
        status_class = _status_class(sample.labels["status"])
        by_class[status_class] += sample.value
        total += sample.value
        entry = routes.setdefault(
            route, {"route": route, "requests": 0.0, "by_status_class": defaultdict(float)}
        )
        entry["requests"] += sample.value
        entry["by_status_class"][status_class] += sample.value

    overall: Buckets = defaultdict(float)
    per_route: dict[str, Buckets] = defaultdict(lambda: defaultdict(float))
    for sample in _samples(metrics.latency, "_bucket"):
        bound = float(sample.labels["le"])
        overall[bound] += sample.value
        per_route[sample.labels["route"]][bound] += sample.value

    busiest = sorted(routes.values(), key=lambda e: (-e["requests"], e["route"]))[:top_routes]
    for entry in busiest:
        entry["by_status_class"] = dict(entry["by_status_class"])
        entry["latency"] = _quantiles(per_route.get(entry["route"], {}))

    return {
        "requests": {"total": total, "by_status_class": dict(sorted(by_class.items()))},
        "latency": _quantiles(overall),
        "routes": busiest,
        "routes_total": len(routes),
        "rate_limiting": _rate_limit_decisions(metrics),
        "circuit_breakers": _breaker_states(metrics),
        "pools": _pool_sizes(metrics),
    }


def _rate_limit_decisions(metrics: GatewayMetrics) -> dict[str, Any]:
    decisions: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for sample in _samples(metrics.rate_limit, "_total"):
        key = f"{sample.labels['family']}/{sample.labels['level']}"
        decisions[key][sample.labels["outcome"]] += sample.value
    shared = next(iter(_samples(metrics.rate_limit_store, "")), None)
    return {
        "decisions": {k: dict(v) for k, v in sorted(decisions.items())},
        "shared_store_up": None if shared is None else bool(shared.value),
    }


_BREAKER_STATES = {0.0: "closed", 1.0: "half_open", 2.0: "open"}


def _breaker_states(metrics: GatewayMetrics) -> dict[str, dict[str, str]]:
    states: dict[str, dict[str, str]] = defaultdict(dict)
    for sample in _samples(metrics.breaker_state, ""):
        state = _BREAKER_STATES.get(sample.value, "unknown")
        states[sample.labels["backend"]][sample.labels["instance"]] = state
    return dict(states)


def _pool_sizes(metrics: GatewayMetrics) -> dict[str, dict[str, float]]:
    pools: dict[str, dict[str, float]] = defaultdict(dict)
    for sample in _samples(metrics.pool_size, ""):
        pools[sample.labels["backend"]][sample.labels["health"]] = sample.value
    return dict(pools)
