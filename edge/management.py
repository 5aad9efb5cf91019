"""The gateway's own endpoints: /health, /live and /ready (backend health checks)."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from fastapi import APIRouter
from fastapi.responses import Response

from edge.backends import Backends


class OrjsonResponse(Response):
    """JSON via orjson (FastAPI's OrjsonResponse is deprecated; this is the same few lines)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


def management_router(
    backends: Backends, backend_names: list[str], ready_timeout: float
) -> APIRouter:
    router = APIRouter()

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
        """Readiness: every backend that serves routes has a SERVING instance."""
        backends.open()
        results = await asyncio.gather(*(backends.check(n, ready_timeout) for n in backend_names))
        report: dict[str, Any] = {}
        all_ready = True
        for name, instances in zip(backend_names, results, strict=True):
            serving = any(s == "SERVING" for s in instances.values())
            all_ready &= serving
            report[name] = {
                "status": "SERVING" if serving else "NOT_SERVING",
                "instances": instances,
            }
        body = {"status": "ready" if all_ready else "not_ready", "backends": report}
        return OrjsonResponse(body, status_code=200 if all_ready else 503)

    return router
