"""Active health checks: every instance of every pool is asked grpc.health.v1 `Check`
(service "") each interval; consecutive results over the thresholds move it out of, and
back into, the candidate set. One asyncio task, started and stopped with the app.

A server without the health service (UNIMPLEMENTED) is treated as healthy, as gRPC's own
client-side health checking does: it answers, it just cannot say more.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from edge.background import BackgroundTask
from edge.balancing.instance import Health, Instance
from edge.balancing.pools import Pools

log = logging.getLogger("edge.balancing.health")
SERVING = health_pb2.HealthCheckResponse.SERVING
UNREACHABLE_CODES = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)


@dataclass(frozen=True, slots=True)
class HealthPolicy:
    interval: float = 5.0
    timeout: float = 1.0
    unhealthy_threshold: int = 3
    healthy_threshold: int = 2


async def probe(instance: Instance, timeout: float) -> tuple[str, bool]:
    """(status name, healthy?) of one instance right now."""
    stub = health_pb2_grpc.HealthStub(instance.channel)
    try:
        reply = await stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=timeout)
    except grpc.aio.AioRpcError as exc:
        if exc.code() is grpc.StatusCode.UNIMPLEMENTED:
            return "UNIMPLEMENTED", True
        return ("UNREACHABLE" if exc.code() in UNREACHABLE_CODES else exc.code().name), False
    return health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status), reply.status == SERVING


class HealthChecker:
    def __init__(self, pools: Pools, policy: HealthPolicy) -> None:
        self.pools = pools
        self.policy = policy
        self.first_round = asyncio.Event()
        self._background = BackgroundTask(self._run, "health")

    def start(self) -> None:
        if not self._background.running:
            self.first_round = asyncio.Event()  # bound to the running loop
            self._background.start()

    async def stop(self) -> None:
        await self._background.stop()

    async def wait_first_round(self, timeout: float) -> None:
        """Until every instance has been checked once (or `timeout`): /ready then reports
        facts rather than "not checked yet"."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.first_round.wait(), timeout)

    async def _run(self) -> None:
        while True:
            try:
                await self.check_all()
            except Exception:  # a bug must not end health checking for the process
                log.exception("health-check round failed")
            self.first_round.set()
            await asyncio.sleep(self.policy.interval)

    async def check_all(self) -> None:
        """One round over every instance of every pool, concurrently."""
        targets = [
            (name, instance)
            for name, pool in list(self.pools.pools.items())
            for instance in list(pool.instances.values())
        ]
        results = await asyncio.gather(
            *(probe(i, self.policy.timeout) for _, i in targets), return_exceptions=True
        )
        changed: set[str] = set()
        for (name, instance), result in zip(targets, results, strict=True):
            status, ok = ("ERROR", False) if isinstance(result, BaseException) else result
            p = self.policy
            if instance.observe_check(status, ok, p.healthy_threshold, p.unhealthy_threshold):
                changed.add(name)
                level = logging.INFO if instance.health is Health.HEALTHY else logging.WARNING
                log.log(level, "%s %s is %s (%s)", name, instance.address, instance.health, status)
        for name in changed:
            if name in self.pools.pools:
                self.pools.report_size(name)
