"""The service registry: instances that registered themselves, each alive until its
`expires_at` unless heartbeated. `MemoryRegistry` serves one edge; `RedisRegistry`
(redis_registry.py) lets every edge see the same registrations.

A registration is a heartbeat when it names an existing instance (by `instance_id`, or by
the same service_type + address + port): the instance keeps its id and `registered_at`
and its expiry moves forward.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from edge.balancing.endpoint import Endpoint

REGISTRY_SOURCE = "registry"


class RegistryUnavailable(Exception):
    """The shared store cannot be reached; callers answer 503 and keep their pools."""


@dataclass(frozen=True, slots=True)
class Registration:
    """What a registrant sends (already validated)."""

    service_type: str
    address: str
    port: int
    weight: int = 1
    metadata: Mapping[str, str] = field(default_factory=dict)
    instance_id: str | None = None


@dataclass(frozen=True, slots=True)
class Instance:
    instance_id: str
    service_type: str
    address: str
    port: int
    weight: int
    metadata: Mapping[str, str]
    registered_at: float  # epoch seconds: shared by every edge, so wall-clock time
    expires_at: float

    @property
    def target(self) -> str:
        """ "host:port" as gRPC dials it (IPv6 literals in brackets)."""
        try:
            is_v6 = ipaddress.ip_address(self.address).version == 6
        except ValueError:
            is_v6 = False
        return f"[{self.address}]:{self.port}" if is_v6 else f"{self.address}:{self.port}"

    def endpoint(self) -> Endpoint:
        return Endpoint(
            self.target,
            self.weight,
            {**self.metadata, "instance_id": self.instance_id, "source": REGISTRY_SOURCE},
        )


def renewed(
    existing: Instance | None, registration: Registration, now: float, ttl: int
) -> Instance:
    """The instance after `registration`: a new one, or `existing` with its expiry moved."""
    return Instance(
        instance_id=(
            existing.instance_id
            if existing is not None
            else registration.instance_id or str(uuid.uuid4())
        ),
        service_type=registration.service_type,
        address=registration.address,
        port=registration.port,
        weight=registration.weight,
        metadata=dict(registration.metadata),
        registered_at=existing.registered_at if existing is not None else now,
        expires_at=now + ttl,
    )


class Registry(Protocol):
    store: str  # "redis" | "memory", reported by the health endpoint
    ttl_seconds: int

    async def register(self, registration: Registration) -> tuple[Instance, bool]:
        """The stored instance and whether it is new (False: a heartbeat)."""
        ...

    async def deregister(self, instance_id: str) -> bool:
        """False when no live instance has this id."""
        ...

    async def instances(self) -> list[Instance]:
        """Every unexpired instance, expired ones evicted."""
        ...


class MemoryRegistry:
    """One edge's registry (no Redis configured): a dict, used only on the event loop."""

    store = "memory"

    def __init__(self, ttl_seconds: int, clock: Callable[[], float] = time.time) -> None:
        self.ttl_seconds = ttl_seconds
        self._clock = clock
        self._by_id: dict[str, Instance] = {}

    def _evict(self, now: float) -> None:
        for instance_id in [i for i, found in self._by_id.items() if found.expires_at <= now]:
            del self._by_id[instance_id]

    async def register(self, registration: Registration) -> tuple[Instance, bool]:
        now = self._clock()
        self._evict(now)
        if registration.instance_id is not None:
            existing = self._by_id.get(registration.instance_id)
        else:
            existing = next((i for i in self._by_id.values() if same_place(i, registration)), None)
        instance = renewed(existing, registration, now, self.ttl_seconds)
        self._by_id[instance.instance_id] = instance
        return instance, existing is None

    async def deregister(self, instance_id: str) -> bool:
        self._evict(self._clock())
        return self._by_id.pop(instance_id, None) is not None

    async def instances(self) -> list[Instance]:
        self._evict(self._clock())
        return sorted(self._by_id.values(), key=lambda i: (i.service_type, i.registered_at))


def same_place(instance: Instance, registration: Registration) -> bool:
    return (instance.service_type, instance.address, instance.port) == (
        registration.service_type,
        registration.address,
        registration.port,
    )


def as_json(instance: Instance, ttl_seconds: int) -> dict[str, Any]:
    """The API's view of an instance (times in RFC 3339 UTC)."""
    return {
        "instance_id": instance.instance_id,
        "service_type": instance.service_type,
        "address": instance.address,
        "port": instance.port,
        "weight": instance.weight,
        "metadata": dict(instance.metadata),
        "registered_at": _iso(instance.registered_at),
        "expires_at": _iso(instance.expires_at),
        "ttl_seconds": ttl_seconds,
    }


def _iso(epoch: float) -> str:
    moment = dt.datetime.fromtimestamp(epoch, dt.UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
