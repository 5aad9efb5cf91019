"""The admin endpoints: 401 without a token, 403 without the admin role (gateway body),
200 with the documented fields for an admin."""

from __future__ import annotations

import httpx
import pytest

from edge.observability import Observability
from tests.edge.observability.conftest import ADMIN, POOLS, USER

ENDPOINTS = [
    "/metrics/detailed",
    "/observability/metrics",
    "/observability/tracing",
    "/observability/performance",
    "/observability/dashboard",
]


@pytest.mark.parametrize("path", ENDPOINTS)
async def test_admin_role_is_required(client: httpx.AsyncClient, path: str) -> None:
    anonymous = await client.get(path, headers={"x-request-id": "r-1"})
    assert anonymous.status_code == 401
    assert anonymous.headers["www-authenticate"] == "Bearer"
    assert anonymous.json() == {
        "error": "unauthorized",
        "message": "Authorization header is required",
        "request_id": "r-1",
    }
    forged = await client.get(path, headers={"authorization": "Bearer not.a.token"})
    assert forged.status_code == 401 and forged.json()["error"] == "unauthorized"
    user = await client.get(path, headers={**USER, "x-request-id": "r-2"})
    assert user.status_code == 403
    assert user.json()["error"] == "forbidden" and user.json()["request_id"] == "r-2"
    assert (await client.get(path, headers=ADMIN)).status_code == 200


async def test_metrics_detailed_is_prometheus_text(client: httpx.AsyncClient) -> None:
    await client.get("/echo/1")
    response = await client.get("/metrics/detailed", headers=ADMIN)
    assert response.headers["content-type"].startswith("text/plain; version=")
    text = response.text
    assert 'finplat_edge_requests_total{backend="edge",method="GET",route="/echo/{item_id}"' in text
    for family in (
        "finplat_edge_request_duration_seconds_bucket",
        "process_resident_memory_bytes",
        "process_open_fds",
        "python_gc_collections_total",
        "python_info",
    ):
        assert family in text, family


async def test_metrics_summary(client: httpx.AsyncClient, observability: Observability) -> None:
    for item in range(3):
        await client.get(f"/proxied/{item}")
    await client.get("/echo/1")
    await client.get("/nowhere")
    observability.metrics.rate_limit_decision("api", "user", allowed=True)
    observability.metrics.rate_limit_decision("api", "user", allowed=False)
    observability.metrics.set_breaker_state("expense", "10.0.0.1:50054", "open")
    observability.metrics.set_pool_size("expense", healthy=2, unhealthy=1)

    body = (await client.get("/observability/metrics", headers=ADMIN)).json()
    assert body["requests"]["total"] == 5
    assert body["requests"]["by_status_class"] == {"2xx": 4, "4xx": 1}
    assert set(body["latency"]) == {"p50_ms", "p95_ms", "p99_ms"}
    assert body["latency"]["p50_ms"] <= body["latency"]["p95_ms"] <= body["latency"]["p99_ms"]
    # top_routes=2: the busiest two, busiest first.
    assert [r["route"] for r in body["routes"]] == ["/expense/v1/expenses/{id}", "/echo/{item_id}"]
    assert body["routes"][0]["requests"] == 3
    assert body["routes"][0]["by_status_class"] == {"2xx": 3}
    assert set(body["routes"][0]["latency"]) == {"p50_ms", "p95_ms", "p99_ms"}
    assert body["routes_total"] == 3
    assert body["rate_limiting"]["decisions"] == {"api/user": {"allowed": 1, "limited": 1}}
    assert body["circuit_breakers"] == {"expense": {"10.0.0.1:50054": "open"}}
    assert body["pools"] == {"expense": {"healthy": 2, "unhealthy": 1}}


async def test_tracing_status(client: httpx.AsyncClient) -> None:
    traced = await client.get(
        "/echo/1",
        headers={"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"},
    )
    assert traced.status_code == 200
    body = (await client.get("/observability/tracing", headers=ADMIN)).json()
    assert body["enabled"] is True
    assert body["exporter"] == "memory"
    assert isinstance(body["service_name"], str)
    assert body["sampler"].startswith("ExportingOnly(ParentBased")
    assert body["propagators"] == ["tracecontext"]
    assert body["spans"]["started"] >= 2  # the traced request and this one
    assert body["spans"]["ended"] == body["spans"]["started"] - 1  # this one is in flight
    assert body["recent_trace_ids"][0] == "4bf92f3577b34da6a3ce929d0e0e4736"


async def test_performance(client: httpx.AsyncClient, observability: Observability) -> None:
    observability.performance.start()
    try:
        body = (await client.get("/observability/performance", headers=ADMIN)).json()
    finally:
        await observability.performance.stop()
    assert body["memory"]["rss_bytes"] > 0 and body["memory"]["vms_bytes"] > 0
    assert set(body["cpu"]) == {"percent", "user_seconds", "system_seconds"}
    assert body["asyncio_tasks"] >= 2  # the request and the lag probe
    assert body["threads"] >= 1 and body["open_fds"] > 0
    assert [g["generation"] for g in body["gc"]["generations"]] == [0, 1, 2]
    assert set(body["gc"]["generations"][0]) == {
        "generation",
        "count",
        "threshold",
        "collections",
        "collected",
        "uncollectable",
    }
    assert body["uptime_seconds"] >= 0
    assert body["event_loop_lag"]["running"] is True


async def test_dashboard(client: httpx.AsyncClient) -> None:
    body = (await client.get("/observability/dashboard", headers=ADMIN)).json()
    assert set(body) == {"metrics", "tracing", "performance", "pools", "rate_limiting"}
    assert body["pools"] == POOLS
    assert "decisions" in body["rate_limiting"]  # from the metrics when no callable is given
    assert "requests" in body["metrics"] and "spans" in body["tracing"]
    assert "memory" in body["performance"]
