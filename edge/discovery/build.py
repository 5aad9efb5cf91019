"""The discovery sources the settings enable, composed for edge/app.py."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import partial

from fastapi import APIRouter

from edge.balancing.endpoint import Endpoint
from edge.discovery.kubernetes import K8S_SOURCE, EndpointSliceSource, discovery_api
from edge.discovery.redis_registry import RedisRegistry
from edge.discovery.registry import REGISTRY_SOURCE, MemoryRegistry, Registry
from edge.discovery.router import discovery_router
from edge.discovery.settings import DiscoverySettings
from edge.discovery.sync import RegistrySync

# Pools.update(backend, source, endpoints)
Update = Callable[[str, str, Sequence[Endpoint]], None]


class Discovery:
    """What app.py wires: `router` (None when the registry is off) to include, and the
    background sources to start and stop in the lifespan."""

    def __init__(self) -> None:
        self.router: APIRouter | None = None
        self.registry: Registry | None = None
        self.registry_sync: RegistrySync | None = None
        self.slices: EndpointSliceSource | None = None

    def start(self) -> None:
        if self.registry_sync is not None:
            self.registry_sync.start()
        if self.slices is not None:
            self.slices.start()

    async def stop(self) -> None:
        if self.registry_sync is not None:
            await self.registry_sync.stop()
        if self.slices is not None:
            await self.slices.stop()
        if isinstance(self.registry, RedisRegistry):
            self.registry.close()


def build_discovery(
    settings: DiscoverySettings,
    *,
    redis_url: str | None,
    redis_retry_seconds: float,
    backend_names: Collection[str],
    update: Update,
) -> Discovery:
    """`backend_names`: every backend that serves routes, configured statically or not
    (a backend may be known only through discovery)."""
    discovery = Discovery()
    if settings.edge_discovery_enabled:
        ttl = settings.edge_discovery_ttl_seconds
        registry: Registry = (
            RedisRegistry(redis_url, ttl, redis_retry_seconds) if redis_url else MemoryRegistry(ttl)
        )
        sync = RegistrySync(
            registry,
            backend_names,
            partial(_report, update, REGISTRY_SOURCE),
            settings.edge_discovery_sync_seconds,
        )
        discovery.registry = registry
        discovery.registry_sync = sync
        discovery.router = discovery_router(registry, backend_names, sync.poke)
    if settings.edge_k8s_enabled and settings.edge_k8s_services:
        discovery.slices = EndpointSliceSource(
            discovery_api(settings),
            settings.edge_k8s_namespace,
            settings.edge_k8s_services,
            partial(_report, update, K8S_SOURCE),
            settings.edge_k8s_poll_seconds,
        )
    return discovery


def _report(update: Update, source: str, backend: str, endpoints: Sequence[Endpoint]) -> None:
    update(backend, source, endpoints)
