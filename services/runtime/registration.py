"""Backend self-registration with the edge's service registry (JWT service discovery).

At start-up a backend registers its gRPC address (`POST /api/v1/service-discovery/register`),
heartbeats every ttl/3 of the TTL the edge answered (one lost heartbeat never evicts it),
and deregisters when it drains on SIGTERM. The backend's gRPC server is synchronous, so
the registrar is a daemon thread with a blocking HTTP client; a failure is logged and
retried on the next beat, never fatal: a backend also works from static addresses.

Credentials: `token()` returns a current access token with the `service` role; the caller
caches and refreshes it (it is asked again for every request, and after a 401, once
`token_rejected()` has told it to drop the one refused). `SelfRegistration` wires both
from the settings: `services.runtime.service_token.ClientCredentials` against main.
"""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Callable, Mapping

import httpx

from services.runtime.service_token import ClientCredentials
from services.runtime.settings import RuntimeSettings

log = logging.getLogger(__name__)

PATH = "/api/v1/service-discovery"
# Until the first registration succeeds (the edge may start after the backend).
FIRST_RETRY_SECONDS = 2.0
HTTP_TIMEOUT = 5.0


class Registrar:
    def __init__(
        self,
        edge_url: str,
        service_type: str,
        address: str,
        port: int,
        token: Callable[[], str],
        *,
        weight: int = 1,
        metadata: Mapping[str, str] | None = None,
        http: httpx.Client | None = None,
        token_rejected: Callable[[], None] | None = None,
    ) -> None:
        self._body: dict[str, object] = {
            "service_type": service_type,
            "address": address,
            "port": port,
            "weight": weight,
            "metadata": dict(metadata or {}),
        }
        self._token = token
        self._token_rejected = token_rejected
        self._http = http or httpx.Client(base_url=edge_url.rstrip("/"), timeout=HTTP_TIMEOUT)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.instance_id: str | None = None
        self.ttl_seconds: float | None = None

    def _send(self, method: str, path: str, body: dict[str, object] | None) -> httpx.Response:
        # A 401 means the token expired or was revoked: one more try with a fresh one.
        for _ in range(2):
            response = self._http.request(
                method, PATH + path, json=body, headers={"authorization": f"Bearer {self._token()}"}
            )
            if response.status_code != 401:
                break
            if self._token_rejected is not None:
                self._token_rejected()
        return response

    def register(self) -> bool:
        """Register, or heartbeat once registered (the instance id is sent back)."""
        body = dict(self._body)
        if self.instance_id is not None:
            body["instance_id"] = self.instance_id
        try:
            response = self._send("POST", "/register", body)
        except Exception as exc:  # token or transport failure: try again next beat
            log.warning("registration with the edge failed: %s", exc)
            return False
        if response.status_code not in (200, 201):
            log.warning("edge refused registration: %s %s", response.status_code, response.text)
            return False
        answer = response.json()
        self.instance_id = str(answer["instance_id"])
        self.ttl_seconds = float(answer["ttl_seconds"])
        return True

    def deregister(self) -> None:
        instance_id, self.instance_id = self.instance_id, None
        if instance_id is None:
            return
        try:
            response = self._send("DELETE", f"/deregister/{instance_id}", None)
        except Exception as exc:  # the TTL removes it anyway
            log.warning("deregistration from the edge failed: %s", exc)
            return
        if response.status_code not in (204, 404):
            log.warning("edge refused deregistration: %s", response.status_code)

    def _run(self) -> None:
        while not self._stop.is_set():
            ok = self.register()
            period = self.ttl_seconds / 3 if ok and self.ttl_seconds else FIRST_RETRY_SECONDS
            self._stop.wait(period)

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="registrar", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop heartbeating and deregister: the edge stops routing here before the drain."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=HTTP_TIMEOUT * 2)
            self._thread = None
        self.deregister()
        self._http.close()


# Addresses a server binds to but nobody can dial.
_WILDCARDS = frozenset({"", "0.0.0.0", "::", "[::]"})


def advertised_host(settings: RuntimeSettings) -> str:
    """What the edge should dial: the configured advertised host, else the bind host,
    else (bound to every interface) this machine's hostname, which resolves inside
    Docker networks and Kubernetes pods."""
    if settings.advertised_host:
        return settings.advertised_host
    if settings.grpc_host not in _WILDCARDS:
        return settings.grpc_host
    return socket.gethostname()


class SelfRegistration:
    """A backend's registrar and its client credentials, started and stopped together."""

    def __init__(self, settings: RuntimeSettings, service_type: str, port: int) -> None:
        if not settings.edge_url:
            raise ValueError("self-registration needs FINPLAT_EDGE_URL")
        credentials = ClientCredentials.from_settings(settings)
        if credentials is None:
            raise ValueError(
                "FINPLAT_EDGE_URL is set: registering with the edge needs "
                "FINPLAT_SERVICE_CLIENT_ID and FINPLAT_SERVICE_CLIENT_SECRET "
                "(`finplat service-accounts create NAME`)"
            )
        self._credentials = credentials
        self.registrar = Registrar(
            settings.edge_url,
            service_type,
            advertised_host(settings),
            port,
            self._credentials,
            weight=settings.registration_weight,
            metadata=settings.registration_metadata,
            token_rejected=self._credentials.invalidate,
        )
        self._stopping = threading.Event()

    @classmethod
    def from_settings(
        cls, settings: RuntimeSettings, service_type: str, port: int
    ) -> SelfRegistration | None:
        """None when no edge URL is configured (static addresses)."""
        return cls(settings, service_type, port) if settings.edge_url else None

    def start(self) -> None:
        self.registrar.start()

    def stop(self) -> None:
        """Deregister once; a second call (a second SIGTERM) returns at once."""
        if self._stopping.is_set():
            return
        self._stopping.set()
        try:
            self.registrar.stop()
        finally:
            self._credentials.close()
