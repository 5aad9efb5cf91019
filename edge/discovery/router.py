"""/api/v1/service-discovery/*: backends register themselves (role `service`), operators
and services read the registry (`service` or `admin`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Response

from edge.discovery.models import INSTANCE_ID, RegisterRequest
from edge.discovery.registry import (
    Instance,
    Registration,
    Registry,
    RegistryUnavailable,
    as_json,
)
from edge.guards import GatewayError, require_roles
from edge.json_response import OrjsonResponse

PREFIX = "/api/v1/service-discovery"

ServiceType = Annotated[str, Path(min_length=1, max_length=63)]


def discovery_router(
    registry: Registry, backend_names: Collection[str], changed: Callable[[], None]
) -> APIRouter:
    """`backend_names`: the service types one may register (the routed backends);
    `changed` is called after every registration change so this edge's pools follow at once."""
    known = sorted(backend_names)
    registrant = [Depends(require_roles("service"))]
    reader = [Depends(require_roles("service", "admin"))]
    router = APIRouter(prefix=PREFIX, tags=["service discovery"])

    async def live() -> list[Instance]:
        try:
            return await registry.instances()
        except RegistryUnavailable as exc:
            raise GatewayError(503, "SERVICE_UNAVAILABLE", str(exc)) from exc

    def listing(instances: list[Instance]) -> list[dict[str, Any]]:
        return [as_json(i, registry.ttl_seconds) for i in instances]

    @router.post("/register", status_code=201, dependencies=registrant)
    async def register(body: RegisterRequest, response: Response) -> dict[str, Any]:
        """Register an instance, or heartbeat it (same instance_id, or same
        service_type + address + port): 201 when new, 200 for a heartbeat."""
        if body.service_type not in known:
            raise GatewayError(
                400, "VALIDATION_ERROR", f"service_type must be one of: {', '.join(known)}"
            )
        registration = Registration(
            body.service_type, body.address, body.port, body.weight, body.metadata, body.instance_id
        )
        try:
            instance, created = await registry.register(registration)
        except RegistryUnavailable as exc:
            raise GatewayError(503, "SERVICE_UNAVAILABLE", str(exc)) from exc
        # A heartbeat may carry a new weight or metadata: the pools re-read either way.
        changed()
        if not created:
            response.status_code = 200
        return as_json(instance, registry.ttl_seconds)

    @router.delete("/deregister/{instance_id}", status_code=204, dependencies=registrant)
    async def deregister(
        instance_id: Annotated[str, Path(pattern=INSTANCE_ID)],
    ) -> Response:
        """Remove an instance at once (a backend shutting down)."""
        try:
            removed = await registry.deregister(instance_id)
        except RegistryUnavailable as exc:
            raise GatewayError(503, "SERVICE_UNAVAILABLE", str(exc)) from exc
        if not removed:
            raise GatewayError(404, "NOT_FOUND", f"no registered instance {instance_id}")
        changed()
        return Response(status_code=204)

    @router.get("/discover", dependencies=reader)
    async def discover(
        service_type: Annotated[str | None, Query(min_length=1, max_length=63)] = None,
    ) -> OrjsonResponse:
        """Live instances of one service type, or of every type grouped by type."""
        instances = await live()
        if service_type is not None:
            chosen = [i for i in instances if i.service_type == service_type]
            return OrjsonResponse({"service_type": service_type, "instances": listing(chosen)})
        grouped: dict[str, list[dict[str, Any]]] = {}
        for instance in instances:
            grouped.setdefault(instance.service_type, []).append(
                as_json(instance, registry.ttl_seconds)
            )
        return OrjsonResponse({"services": grouped})

    @router.get("/services/{service_type}", dependencies=reader)
    async def service(service_type: ServiceType) -> OrjsonResponse:
        """Live instances of one service type (an unknown type has none: empty list)."""
        chosen = [i for i in await live() if i.service_type == service_type]
        return OrjsonResponse({"service_type": service_type, "instances": listing(chosen)})

    @router.get("/health", dependencies=reader)
    async def health() -> OrjsonResponse:
        """The registry's store, live instances per service type, and the TTL."""
        counts = Counter(i.service_type for i in await live())
        return OrjsonResponse(
            {
                "status": "ok",
                "store": registry.store,
                "ttl_seconds": registry.ttl_seconds,
                "services": {name: counts.get(name, 0) for name in sorted({*known, *counts})},
                "total": sum(counts.values()),
            }
        )

    return router
