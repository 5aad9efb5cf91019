"""The gateway's own endpoints: /health, /live, /ready and /health/detailed.

/ready is what a load balancer or Kubernetes asks: every backend that serves routes has
a healthy instance (the health checker's view) and, when configured, Redis answers — an
edge without its shared store would quietly enforce per-instance limits and blocks.
/health/detailed is for people: every pool and instance, the shared components and the
path families. Both are public (GAPS); neither reveals credentials.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter

from edge.balancing.upstream import Upstream
from edge.components import RedisProbe
from edge.families import FamilyTable
from edge.json_response import OrjsonResponse


def management_router(
    upstream: Upstream,
    backend_names: Callable[[], list[str]],
    ready_timeout: float,
    redis: RedisProbe,
    families: FamilyTable,
) -> APIRouter:
    router = APIRouter(tags=["management"])
    started = time.time()

    def backend_report() -> tuple[bool, dict[str, Any]]:
        snapshot = upstream.pools.snapshot()
        report: dict[str, Any] = {}
        all_ready = True
        for name in backend_names():
            instances = snapshot.get(name, {}).values()
            serving = any(i["health"] == "healthy" for i in instances)
            all_ready &= serving
            report[name] = {
                "status": "SERVING" if serving else "NOT_SERVING",
                "instances": {i["address"]: i["status"] for i in instances},
                "breakers": {i["address"]: i["breaker"] for i in instances},
            }
        return all_ready, report

    @router.get("/health")
    async def health() -> OrjsonResponse:
        """Basic health of the edge process (public)."""
        return OrjsonResponse({"status": "ok", "service": "edge"})

    @router.get("/live")
    async def live() -> OrjsonResponse:
        """Liveness: the process answers."""
        return OrjsonResponse({"status": "ok"})

    @router.get("/ready")
    async def ready() -> OrjsonResponse:
        """Readiness: every backend that serves routes has a healthy instance, and Redis
        answers when configured. Right after start-up it waits (up to ready_timeout) for
        the first round of health checks."""
        _, redis_health = await asyncio.gather(
            upstream.checker.wait_first_round(ready_timeout), redis.check()
        )
        backends_ready, report = backend_report()
        all_ready = backends_ready and redis_health.healthy
        body = {
            "status": "ready" if all_ready else "not_ready",
            "backends": report,
            "components": {"redis": redis_health.as_dict()},
        }
        return OrjsonResponse(body, status_code=200 if all_ready else 503)

    @router.get("/health/detailed")
    async def health_detailed() -> OrjsonResponse:
        """Per-component health (public): every pool with each instance's health, breaker
        and load, the shared store, and which backend owns each path family. 200 while
        the edge can serve something; `status` says whether everything is healthy."""
        redis_health = await redis.check()
        snapshot = upstream.pools.snapshot()
        routed = backend_names()
        pools: dict[str, Any] = {}
        degraded = not redis_health.healthy
        for name in sorted(set(snapshot) | set(routed)):
            instances = list(snapshot.get(name, {}).values())
            healthy = sum(1 for i in instances if i["health"] == "healthy")
            status = "up" if healthy == len(instances) and instances else "down"
            if instances and 0 < healthy < len(instances):
                status = "degraded"
            degraded |= status != "up" and name in routed
            pools[name] = {
                "status": status,
                "healthy": healthy,
                "total": len(instances),
                "instances": instances,
            }
        body = {
            "status": "degraded" if degraded else "healthy",
            "service": "edge",
            "version": "2",
            "uptime_seconds": round(time.time() - started, 1),
            "components": {"redis": redis_health.as_dict()},
            "pools": pools,
            "routes": [
                {"prefix": f.prefix, "backend": f.backend}
                for f in sorted(families.families, key=lambda f: f.prefix)
            ],
        }
        return OrjsonResponse(body)

    return router
