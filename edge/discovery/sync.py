"""Copies the registry into this edge's pools: once a `sync_seconds` period (other edges'
registrations and TTL evictions) and at once when this edge changed it (`poke`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Collection, Sequence

from edge.background import BackgroundTask
from edge.balancing.endpoint import Endpoint
from edge.discovery.registry import Registry, RegistryUnavailable

log = logging.getLogger(__name__)

OnChange = Callable[[str, Sequence[Endpoint]], None]


class RegistrySync:
    def __init__(
        self,
        registry: Registry,
        backend_names: Collection[str],
        on_change: OnChange,
        interval: float,
    ) -> None:
        self._registry = registry
        self._on_change = on_change
        self._interval = interval
        # Nothing is reported for a backend until something registers for it: the pools
        # start with an empty registry contribution anyway.
        self._reported: dict[str, list[Endpoint]] = {name: [] for name in backend_names}
        self._wake = asyncio.Event()
        self._background = BackgroundTask(self._run, "discovery-sync")

    def poke(self) -> None:
        self._wake.set()

    async def sync_once(self) -> None:
        try:
            instances = await self._registry.instances()
        except RegistryUnavailable:
            # Keep serving the last known instances: an unreachable store says nothing
            # about the backends themselves (the health checks judge those).
            return
        current: dict[str, list[Endpoint]] = {name: [] for name in self._reported}
        for instance in instances:
            if instance.service_type in current:
                current[instance.service_type].append(instance.endpoint())
        for name, endpoints in current.items():
            endpoints.sort(key=lambda e: e.address)
            if endpoints != self._reported[name]:
                self._reported[name] = endpoints
                self._on_change(name, list(endpoints))

    async def _run(self) -> None:
        while True:
            try:
                await self.sync_once()
            except Exception:  # a bug here must not stop discovery for good
                log.exception("registry sync failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._interval)
            self._wake.clear()

    def start(self) -> None:
        self._background.start()

    async def stop(self) -> None:
        await self._background.stop()
