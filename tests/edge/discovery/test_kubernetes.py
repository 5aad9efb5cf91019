"""The EndpointSlice source with the official client against a local HTTP server serving
RECORDED discovery.k8s.io/v1 EndpointSliceList documents (no cluster runs here): ready
endpoints and the named port become the pool; a pod going unready shrinks it; API
failures keep the last list."""

from __future__ import annotations

import asyncio
import copy
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import orjson
import pytest

from edge.discovery.build import build_discovery
from edge.discovery.kubernetes import EndpointSliceSource, discovery_api
from edge.discovery.settings import DiscoverySettings, K8sService
from tests.edge.discovery.conftest import Updates

RECORDED = orjson.loads(
    (Path(__file__).parent / "data" / "endpointslices-expense.json").read_bytes()
)
NAMESPACE = "finplat"
TOKEN = "eyJhbGciOiJSUzI1NiJ9.sa-token.sig"
EXPENSE_READY = ["10.42.1.17:50054", "10.42.1.31:50054", "10.42.2.23:50054"]


class ApiServer:
    """GET /apis/discovery.k8s.io/v1/namespaces/{ns}/endpointslices?labelSelector=...,
    answering the document stored for the selected Service (an empty list otherwise)."""

    def __init__(self) -> None:
        self.documents: dict[str, dict[str, Any]] = {"expense": copy.deepcopy(RECORDED)}
        self.status = 200
        self.seen: list[tuple[str, str, str]] = []  # path, selector, authorization
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                url = urlsplit(self.path)
                selector = parse_qs(url.query).get("labelSelector", [""])[0]
                server.seen.append((url.path, selector, self.headers.get("authorization", "")))
                _, _, service = selector.partition("kubernetes.io/service-name=")
                empty = {"kind": "EndpointSliceList", "apiVersion": "discovery.k8s.io/v1"}
                document = server.documents.get(service, {**empty, "items": []})
                if server.status != 200:
                    document = {"kind": "Status", "status": "Failure", "code": server.status}
                body = orjson.dumps(document)
                self.send_response(server.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}"
        self._thread = threading.Thread(target=self._http.serve_forever, daemon=True)
        self._thread.start()

    def set_ready(self, address: str, ready: bool) -> None:
        for item in self.documents["expense"]["items"]:
            for endpoint in item["endpoints"]:
                if address in endpoint["addresses"]:
                    endpoint["conditions"] = {
                        "ready": ready,
                        "serving": ready,
                        "terminating": not ready,
                    }

    def stop(self) -> None:
        self._http.shutdown()
        self._http.server_close()


@pytest.fixture
def api_server() -> Iterator[ApiServer]:
    server = ApiServer()
    try:
        yield server
    finally:
        server.stop()


def settings_for(server: ApiServer, **services: K8sService) -> DiscoverySettings:
    return DiscoverySettings(
        edge_k8s_enabled=True,
        edge_k8s_namespace=NAMESPACE,
        edge_k8s_services=services or {"expense": K8sService(service="expense", port="grpc")},
        edge_k8s_api_url=server.url,
        edge_k8s_token=TOKEN,
        edge_k8s_poll_seconds=0.05,
    )


def source_for(server: ApiServer, updates: Updates, **services: K8sService) -> EndpointSliceSource:
    settings = settings_for(server, **services)
    return EndpointSliceSource(
        discovery_api(settings), NAMESPACE, settings.edge_k8s_services, updates, 1.0
    )


def test_ready_endpoints_with_the_named_port(api_server: ApiServer) -> None:
    updates = Updates()
    source_for(api_server, updates).poll_once()
    assert updates.addresses("expense") == EXPENSE_READY  # the terminating pod is left out
    first = updates.latest["expense"][0]
    assert first.metadata == {
        "source": "kubernetes",
        "slice": "expense-7x2kq",
        "zone": "eu-west-1a",
        "node": "node-a",
        "pod": "expense-6d8f9c7b5d-4hq2m",
    }
    path, selector, authorization = api_server.seen[0]
    assert path == f"/apis/discovery.k8s.io/v1/namespaces/{NAMESPACE}/endpointslices"
    assert selector == "kubernetes.io/service-name=expense"
    assert authorization == f"Bearer {TOKEN}"


def test_an_unready_pod_leaves_and_a_ready_one_joins(api_server: ApiServer) -> None:
    updates = Updates()
    source = source_for(api_server, updates)
    source.poll_once()
    api_server.set_ready("10.42.2.23", False)
    source.poll_once()
    assert updates.addresses("expense") == ["10.42.1.17:50054", "10.42.1.31:50054"]
    source.poll_once()  # nothing changed: nothing reported
    assert len(updates.calls) == 2
    api_server.set_ready("10.42.3.8", True)
    source.poll_once()
    assert updates.addresses("expense") == [
        "10.42.1.17:50054",
        "10.42.1.31:50054",
        "10.42.3.8:50054",
    ]


def test_api_failures_keep_the_last_list(api_server: ApiServer) -> None:
    updates = Updates()
    source = source_for(api_server, updates)
    source.poll_once()
    for status in (403, 500):
        api_server.status = status
        source.poll_once()
    api_server.stop()  # connection refused from now on
    source.poll_once()
    assert len(updates.calls) == 1 and updates.addresses("expense") == EXPENSE_READY


def test_unnamed_port_unknown_readiness_ipv6_and_duplicates(api_server: ApiServer) -> None:
    endpoint = {"addresses": ["fd00:42::7"], "conditions": {}}
    slice_ = {
        "metadata": {"name": "main-abcde"},
        "addressType": "IPv6",
        "endpoints": [endpoint],
        "ports": [{"port": 50051, "protocol": "TCP"}],  # a single-port Service: no name
    }
    no_port = {
        **slice_,
        "metadata": {"name": "main-other"},
        "ports": [{"name": "http", "port": 80}],
    }
    api_server.documents["main"] = {
        "kind": "EndpointSliceList",
        "apiVersion": "discovery.k8s.io/v1",
        "metadata": {"resourceVersion": "1"},
        "items": [slice_, copy.deepcopy(slice_), no_port],
    }
    updates = Updates()
    source_for(api_server, updates, main=K8sService(service="main", port="grpc")).poll_once()
    assert updates.addresses("main") == ["[fd00:42::7]:50051"]


def test_unknown_service_is_an_empty_pool(api_server: ApiServer) -> None:
    updates = Updates()
    source_for(api_server, updates, expense=K8sService(service="gone", port="grpc")).poll_once()
    assert updates.calls == [("expense", [])]


async def test_build_discovery_polls_in_the_background(api_server: ApiServer) -> None:
    seen: list[tuple[str, str, list[str]]] = []
    discovery = build_discovery(
        settings_for(api_server),
        redis_url=None,
        redis_retry_seconds=1.0,
        backend_names=["expense"],
        update=lambda backend, source, endpoints: seen.append(
            (backend, source, [e.address for e in endpoints])
        ),
    )
    assert discovery.router is None  # the registry is off unless enabled
    discovery.start()
    try:
        await _until(lambda: bool(seen))
        assert seen[0] == ("expense", "kubernetes", EXPENSE_READY)
        api_server.set_ready("10.42.1.17", False)
        await _until(lambda: len(seen) == 2)
        assert seen[1][2] == ["10.42.1.31:50054", "10.42.2.23:50054"]
    finally:
        await discovery.stop()


async def _until(condition: Any, timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    assert condition()
