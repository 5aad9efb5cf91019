"""Backend instances from Kubernetes EndpointSlices (discovery.k8s.io/v1).

Each backend maps to a Service and a named port; its instances are the ready endpoints of
the Service's slices (label `kubernetes.io/service-name`). The official client is
synchronous, so polls run in a worker thread. A failed poll keeps the last list: an API
server hiccup must not empty the pools.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Iterable, Mapping, Sequence

from kubernetes import client, config

from edge.background import BackgroundTask
from edge.balancing.endpoint import Endpoint
from edge.discovery.settings import DiscoverySettings, K8sService
from edge.discovery.sync import OnChange

log = logging.getLogger(__name__)

K8S_SOURCE = "kubernetes"
SERVICE_LABEL = "kubernetes.io/service-name"
# (connect, read) seconds per list call: a stalled API server must not stall the poller.
REQUEST_TIMEOUT = (3.0, 10.0)


def _target(address: str, port: int) -> str:
    try:
        is_v6 = ipaddress.ip_address(address).version == 6
    except ValueError:
        is_v6 = False
    return f"[{address}]:{port}" if is_v6 else f"{address}:{port}"


def _port(slice_: client.V1EndpointSlice, port_name: str) -> int | None:
    ports = slice_.ports or []
    for port in ports:
        if port.name == port_name and port.port:
            return int(port.port)
    # A Service with a single unnamed port has slices whose one port has no name.
    if len(ports) == 1 and not ports[0].name and ports[0].port:
        return int(ports[0].port)
    return None


def ready_endpoints(slices: Iterable[client.V1EndpointSlice], port_name: str) -> list[Endpoint]:
    """Ready addresses with the named port, one Endpoint each, sorted and de-duplicated
    (during a resync the same pod may appear in two slices)."""
    found: dict[str, Endpoint] = {}
    for slice_ in slices:
        port = _port(slice_, port_name)
        if port is None:
            continue
        for endpoint in slice_.endpoints or []:
            conditions = endpoint.conditions
            # The API defines an unset `ready` as "unknown, treat as ready"; terminating
            # endpoints always have ready=false, so they leave the pool here.
            if conditions is not None and conditions.ready is False:
                continue
            metadata = {"source": K8S_SOURCE, "slice": slice_.metadata.name or ""}
            if endpoint.zone:
                metadata["zone"] = endpoint.zone
            if endpoint.node_name:
                metadata["node"] = endpoint.node_name
            if endpoint.target_ref is not None and endpoint.target_ref.name:
                metadata["pod"] = endpoint.target_ref.name
            for address in endpoint.addresses or []:
                target = _target(address, port)
                found.setdefault(target, Endpoint(target, 1, metadata))
    return [found[target] for target in sorted(found)]


class EndpointSliceSource:
    def __init__(
        self,
        api: client.DiscoveryV1Api,
        namespace: str,
        services: Mapping[str, K8sService],
        on_change: OnChange,
        poll_seconds: float,
    ) -> None:
        self._api = api
        self._namespace = namespace
        self._services = dict(services)
        self._on_change = on_change
        self._poll_seconds = poll_seconds
        self._reported: dict[str, Sequence[Endpoint]] = {}
        self._background = BackgroundTask(self._run, "endpointslices")

    def poll_once(self) -> None:
        """List every backend's slices and report the backends whose list changed."""
        for backend, ref in self._services.items():
            try:
                listed = self._api.list_namespaced_endpoint_slice(
                    self._namespace,
                    label_selector=f"{SERVICE_LABEL}={ref.service}",
                    _request_timeout=REQUEST_TIMEOUT,
                )
            except Exception as exc:  # ApiException, urllib3 errors: keep the last list
                log.warning("EndpointSlices of %s/%s: %s", self._namespace, ref.service, exc)
                continue
            endpoints = ready_endpoints(listed.items or [], ref.port)
            if self._reported.get(backend) != endpoints:
                self._reported[backend] = endpoints
                self._on_change(backend, endpoints)

    async def _run(self) -> None:
        while True:
            try:
                await asyncio.to_thread(self.poll_once)
            except Exception:  # a bug here must not stop discovery for good
                log.exception("EndpointSlice poll failed")
            await asyncio.sleep(self._poll_seconds)

    def start(self) -> None:
        self._background.start()

    async def stop(self) -> None:
        await self._background.stop()


def discovery_api(settings: DiscoverySettings) -> client.DiscoveryV1Api:
    """The API client: an explicit URL and token when set, else the pod's in-cluster
    service account (token and CA mounted under /var/run/secrets/kubernetes.io)."""
    configuration = client.Configuration()
    if settings.edge_k8s_api_url:
        configuration.host = settings.edge_k8s_api_url.rstrip("/")
        if settings.edge_k8s_token:
            # "BearerToken" is the identifier the generated client (v33+) looks up; the
            # prefix is read under the same identifier.
            configuration.api_key = {"BearerToken": settings.edge_k8s_token}
            configuration.api_key_prefix = {"BearerToken": "Bearer"}
        if settings.edge_k8s_ca_file:
            configuration.ssl_ca_cert = settings.edge_k8s_ca_file
    else:
        config.load_incluster_config(client_configuration=configuration)
    # Retries are the poller's job (next period), not urllib3's inside one poll.
    configuration.retries = 0
    return client.DiscoveryV1Api(client.ApiClient(configuration))
