"""A backend's instance pool, fed by discovery sources, and the choice of one instance
per call: candidates are healthy (or not yet checked) with a breaker that admits calls;
a sticky key picks its owner on the hash ring, else the pool's strategy decides.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection, Sequence
from typing import Any

from edge.balancing.breaker import BreakerPolicy, BreakerState
from edge.balancing.endpoint import Endpoint
from edge.balancing.hashring import HashRing
from edge.balancing.instance import Health, Instance
from edge.balancing.retry_budget import RetryBudget
from edge.balancing.strategies import Strategy

log = logging.getLogger("edge.balancing")


class Pool:
    def __init__(
        self,
        name: str,
        strategy: Strategy,
        policy: BreakerPolicy,
        budget: RetryBudget,
        on_breaker_change: Callable[[Instance, BreakerState], None] | None = None,
    ) -> None:
        self.name = name
        self.strategy = strategy
        self.policy = policy
        self.budget = budget
        self.instances: dict[str, Instance] = {}
        self.ring = HashRing()
        self._sources: dict[str, dict[str, Endpoint]] = {}
        self._on_breaker_change = on_breaker_change

    def set_source(self, source: str, endpoints: Sequence[Endpoint]) -> list[Instance]:
        """Replace what `source` says; the pool is the union over sources. Returns the
        instances no source lists any more (removed from the pool; the caller closes them)."""
        self._sources[source] = {e.address: e for e in endpoints}
        wanted: dict[str, tuple[int, set[str]]] = {}
        for name, listed in self._sources.items():
            for address, endpoint in listed.items():
                weight, sources = wanted.get(address, (0, set()))
                wanted[address] = (max(weight, endpoint.weight), sources | {name})
        removed = [i for a, i in self.instances.items() if a not in wanted]
        for instance in removed:
            del self.instances[instance.address]
            self.ring.remove(instance.address)
        for address, (weight, sources) in wanted.items():
            if address not in self.instances:
                self.instances[address] = Instance(
                    address, weight, self.policy, self._on_breaker_change
                )
                self.ring.add(address)
            current = self.instances[address]
            current.weight = weight
            current.sources = sources
        return removed

    def choose(self, key: str | None, exclude: Collection[str] = ()) -> tuple[Instance, int] | None:
        """An instance for one call and its breaker ticket, or None when none is available."""
        if key is not None:
            for address in self.ring.walk(key):
                instance = self.instances[address]
                if address not in exclude and instance.candidate:
                    return self._admit(instance)
            return None
        candidates = [i for a, i in self.instances.items() if a not in exclude and i.candidate]
        if not candidates:
            return None
        return self._admit(self.strategy.pick(candidates))

    @staticmethod
    def _admit(instance: Instance) -> tuple[Instance, int] | None:
        ticket = instance.breaker.acquire()
        return None if ticket is None else (instance, ticket)

    def counts(self) -> tuple[int, int]:
        healthy = sum(1 for i in self.instances.values() if i.health is not Health.UNHEALTHY)
        return healthy, len(self.instances) - healthy

    def snapshot(self) -> dict[str, Any]:
        return {address: i.snapshot() for address, i in sorted(self.instances.items())}


def parse_static(entries: Sequence[str]) -> list[Endpoint]:
    """`edge_backends` entries: "host:port" or "host:port;weight=3"."""
    endpoints: list[Endpoint] = []
    for entry in entries:
        address, *options = (part.strip() for part in entry.split(";"))
        weight = 1
        for option in options:
            key, _, value = option.partition("=")
            if key.strip() != "weight" or not value.strip().isdigit():
                raise ValueError(f"edge_backends entry {entry!r}: expected host:port;weight=N")
            weight = max(1, int(value))
        endpoints.append(Endpoint(address, weight))
    return endpoints


async def close_instances(instances: Collection[Instance], grace: float | None) -> None:
    await asyncio.gather(*(i.close(grace) for i in instances), return_exceptions=True)
