"""The admin-only observability endpoints: /metrics/detailed and /observability/*.

GAPS: the admin role is required on all of them (401 without a token, 403 without the
role, both in the gateway error body).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from edge.guards import require_roles
from edge.json_response import OrjsonResponse
from edge.observability import Observability
from edge.observability.summary import metrics_summary

# What another component knows that the metrics registry does not (live pool
# membership, limiter configuration); called per request to the dashboard.
Snapshot = Callable[[], Mapping[str, Any]]

_GATEWAY_ERROR = {
    "content": {
        "application/json": {
            "example": {"error": "forbidden", "message": "...", "request_id": "..."}
        }
    }
}
_ADMIN_ONLY: dict[int | str, dict[str, Any]] = {
    401: {"description": "No or invalid bearer token", **_GATEWAY_ERROR},
    403: {"description": "The admin role is required", **_GATEWAY_ERROR},
}


def observability_router(
    observability: Observability,
    *,
    pools_snapshot: Snapshot | None = None,
    rate_limiting_snapshot: Snapshot | None = None,
) -> APIRouter:
    router = APIRouter(
        tags=["observability"],
        dependencies=[Depends(require_roles("admin"))],
        responses=_ADMIN_ONLY,
    )
    metrics = observability.metrics
    tracing = observability.tracing
    performance = observability.performance

    def summary() -> dict[str, Any]:
        return metrics_summary(metrics, observability.top_routes)

    @router.get(
        "/metrics/detailed",
        response_class=Response,
        responses={200: {"content": {CONTENT_TYPE_LATEST: {}}}},
    )
    async def metrics_detailed() -> Response:
        """Every gateway, process and GC metric in the Prometheus text exposition format."""
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @router.get("/observability/metrics")
    async def observability_metrics() -> OrjsonResponse:
        """Totals by status class, busiest routes, latency p50/p95/p99 (estimated from
        the histogram buckets), rate-limit decisions, circuit breakers, pool sizes."""
        return OrjsonResponse(summary())

    @router.get("/observability/tracing")
    async def observability_tracing() -> OrjsonResponse:
        """Exporter, sampler, service name, propagators, span counters, recent trace ids."""
        return OrjsonResponse(tracing.status())

    @router.get("/observability/performance")
    async def observability_performance() -> OrjsonResponse:
        """Memory, CPU, asyncio tasks, threads, open files, GC, uptime, event-loop lag."""
        return OrjsonResponse(performance.snapshot())

    @router.get("/observability/dashboard")
    async def observability_dashboard() -> OrjsonResponse:
        """The metrics summary, tracing and performance together, with live pools and
        rate-limiting state."""
        current = summary()
        return OrjsonResponse(
            {
                "metrics": current,
                "tracing": tracing.status(),
                "performance": performance.snapshot(),
                "pools": dict(pools_snapshot()) if pools_snapshot else current["pools"],
                "rate_limiting": (
                    dict(rate_limiting_snapshot())
                    if rate_limiting_snapshot
                    else current["rate_limiting"]
                ),
            }
        )

    return router
