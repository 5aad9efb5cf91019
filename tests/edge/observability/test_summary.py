"""Percentiles estimated from histogram buckets (Prometheus histogram_quantile rules)."""

from __future__ import annotations

import math

import pytest

from edge.observability.metrics import GatewayMetrics
from edge.observability.summary import estimate_quantile, metrics_summary


def test_empty_histogram_has_no_quantile() -> None:
    assert estimate_quantile(0.5, {}) is None
    assert estimate_quantile(0.5, {0.1: 0.0, math.inf: 0.0}) is None


@pytest.mark.parametrize(
    ("q", "expected"),
    [(0.25, 0.05), (0.5, 0.1), (0.75, 0.55), (1.0, 1.0)],
)
def test_linear_interpolation_inside_the_bucket(q: float, expected: float) -> None:
    # 2 requests ≤ 0.1 s, 2 more ≤ 1 s.
    buckets = {0.1: 2.0, 1.0: 4.0, math.inf: 4.0}
    assert estimate_quantile(q, buckets) == pytest.approx(expected)


def test_rank_in_the_inf_bucket_answers_the_highest_finite_bound() -> None:
    assert estimate_quantile(0.99, {0.1: 1.0, 1.0: 1.0, math.inf: 10.0}) == 1.0


def test_summary_of_real_observations() -> None:
    metrics = GatewayMetrics()
    for seconds in (0.002, 0.003, 0.004, 0.2):
        metrics.observe_request("/a", "GET", 200, "expense", seconds)
    metrics.observe_request("/a", "GET", 503, "expense", 0.004)
    summary = metrics_summary(metrics)
    assert summary["requests"] == {"total": 5, "by_status_class": {"2xx": 4, "5xx": 1}}
    # The 3rd of 5 (the median) is in (0.0025, 0.005]: interpolated, in milliseconds.
    assert 2.5 < summary["latency"]["p50_ms"] <= 5
    assert 100 < summary["latency"]["p99_ms"] <= 250
    assert summary["pools"] == {} and summary["circuit_breakers"] == {}
    assert summary["rate_limiting"] == {"decisions": {}, "shared_store_up": False}
