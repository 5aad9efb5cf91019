"""build_discovery from settings: which store, which sources, and the source name each
source reports under; the settings mixin reads the environment like EdgeSettings."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from edge.balancing.endpoint import Endpoint
from edge.discovery.build import build_discovery
from edge.discovery.registry import Registration
from edge.discovery.settings import DiscoverySettings, K8sService
from edge.settings import EdgeSettings
from tests.support.redis import RedisServer

Settings = EdgeSettings


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = Settings()
    assert not defaults.edge_discovery_enabled and not defaults.edge_k8s_enabled
    assert defaults.edge_discovery_ttl_seconds == 30
    monkeypatch.setenv("FINPLAT_EDGE_DISCOVERY_ENABLED", "true")
    monkeypatch.setenv("FINPLAT_EDGE_DISCOVERY_TTL_SECONDS", "12")
    monkeypatch.setenv("FINPLAT_EDGE_K8S_SERVICES", '{"expense": {"service": "expense-svc"}}')
    settings = Settings()
    assert settings.edge_discovery_enabled and settings.edge_discovery_ttl_seconds == 12
    assert settings.edge_k8s_services == {"expense": K8sService(service="expense-svc", port="grpc")}


async def test_disabled_means_nothing_to_wire() -> None:
    discovery = build_discovery(
        DiscoverySettings(),
        redis_url=None,
        redis_retry_seconds=1.0,
        backend_names=["expense"],
        update=lambda *_: None,
    )
    assert discovery.router is None and discovery.registry is None
    discovery.start()
    await discovery.stop()


@pytest.mark.parametrize("store", ["memory", "redis"])
async def test_enabled_registry_reports_as_registry(store: str, redis_server: RedisServer) -> None:
    redis_server.flush()
    seen: list[tuple[str, str, list[str]]] = []

    def update(backend: str, source: str, endpoints: Sequence[Endpoint]) -> None:
        seen.append((backend, source, [e.address for e in endpoints]))

    discovery = build_discovery(
        DiscoverySettings(edge_discovery_enabled=True, edge_discovery_ttl_seconds=9),
        redis_url=redis_server.url if store == "redis" else None,
        redis_retry_seconds=1.0,
        backend_names=["expense"],
        update=update,
    )
    assert discovery.router is not None and discovery.registry is not None
    assert discovery.registry.store == store and discovery.registry.ttl_seconds == 9
    paths = {getattr(route, "path", "") for route in discovery.router.routes}
    assert "/api/v1/service-discovery/register" in paths
    await discovery.registry.register(Registration("expense", "10.1.1.1", 50054))
    assert discovery.registry_sync is not None
    await discovery.registry_sync.sync_once()
    assert seen == [("expense", "registry", ["10.1.1.1:50054"])]
    await discovery.stop()
