"""gRPC channels to the backends, opened at start-up, and round-robin method callables.

One channel per backend address; a route's method callable is built once per channel, so
a request only picks the next one. A backend name without addresses yields None and the
route answers 503.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

# Keep idle connections alive through proxies/NATs and notice dead peers quickly.
CHANNEL_OPTIONS: Sequence[tuple[str, Any]] = (
    ("grpc.keepalive_time_ms", 30_000),
    ("grpc.keepalive_timeout_ms", 10_000),
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.max_receive_message_length", 64 * 1024 * 1024),
)

UnaryCall = Callable[..., Any]  # grpc.aio.UnaryUnaryMultiCallable; grpc-stubs types it loosely


class Backends:
    def __init__(self, addresses: Mapping[str, Sequence[str]]) -> None:
        self.addresses = {name: list(addrs) for name, addrs in addresses.items()}
        self.channels: dict[str, list[grpc.aio.Channel]] = {}

    @property
    def is_open(self) -> bool:
        return bool(self.channels) or not self.addresses

    def open(self) -> None:
        """Create the channels (lazily connecting); idempotent."""
        if self.channels:
            return
        for name, addrs in self.addresses.items():
            self.channels[name] = [
                grpc.aio.insecure_channel(addr, options=CHANNEL_OPTIONS) for addr in addrs
            ]

    async def close(self) -> None:
        channels, self.channels = self.channels, {}
        for group in channels.values():
            for channel in group:
                await channel.close(grace=None)

    def method(
        self,
        backend: str,
        full_method: str,
        serializer: Callable[[Any], bytes],
        deserializer: Callable[[bytes], Any],
    ) -> UnaryCall | None:
        """A callable invoking `full_method` on the backend's instances in turn."""
        group = self.channels.get(backend)
        if not group:
            return None
        calls = [
            channel.unary_unary(
                full_method, request_serializer=serializer, response_deserializer=deserializer
            )
            for channel in group
        ]
        if len(calls) == 1:
            return calls[0]
        turn = itertools.cycle(calls)

        def round_robin(*args: Any, **kwargs: Any) -> Any:
            return next(turn)(*args, **kwargs)

        return round_robin

    async def check(self, backend: str, timeout: float) -> dict[str, str]:
        """grpc.health.v1 status of each instance of a backend ("SERVING", "UNREACHABLE"...)."""
        result: dict[str, str] = {}
        for addr, channel in zip(
            self.addresses.get(backend, []), self.channels.get(backend, []), strict=False
        ):
            stub = health_pb2_grpc.HealthStub(channel)
            try:
                reply = await stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=timeout)
                result[addr] = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
            except grpc.aio.AioRpcError as exc:
                result[addr] = (
                    "UNREACHABLE"
                    if exc.code()
                    in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
                    else exc.code().name
                )
        return result
