"""The split between the edge's own endpoints and proxied paths (edge/dispatch.py)."""

from __future__ import annotations

import pytest

from edge.app import create_app
from edge.descriptors import discover_routes
from edge.discovery.settings import DiscoverySettings
from edge.dispatch import is_edge_path
from edge.families import FAMILIES
from edge.settings import EdgeSettings


def test_every_edge_endpoint_lies_under_the_edge_prefixes() -> None:
    settings = EdgeSettings(edge_backends={"expense": ["127.0.0.1:1"]}, edge_discovery_enabled=True)
    assert isinstance(settings, DiscoverySettings)
    app = create_app(settings)
    paths = [*app.openapi()["paths"], "/docs/assets/swagger-ui.css"]
    assert "/api/v1/service-discovery/register" in paths
    assert [p for p in paths if not is_edge_path(p)] == []


@pytest.mark.parametrize("prefix", [f.prefix for f in FAMILIES])
def test_no_routed_family_is_taken_for_an_edge_path(prefix: str) -> None:
    assert not is_edge_path(prefix) and not is_edge_path(prefix + "/x")


def test_no_proto_route_is_taken_for_an_edge_path() -> None:
    assert [s.template for s in discover_routes() if is_edge_path(s.template)] == []
