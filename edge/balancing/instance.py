"""One backend instance: its gRPC channel, cached method callables, health, breaker and
the number of calls in flight (least connections, and draining before the channel closes).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

import grpc

from edge.balancing.breaker import BreakerPolicy, BreakerState, CircuitBreaker

# Keep idle connections alive through proxies/NATs and notice dead peers quickly; cap the
# reconnect back-off so a restarted instance is dialled again within seconds (gRPC's
# default grows to 120 s, longer than any health-check interval).
CHANNEL_OPTIONS: Sequence[tuple[str, Any]] = (
    ("grpc.keepalive_time_ms", 30_000),
    ("grpc.keepalive_timeout_ms", 10_000),
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.max_receive_message_length", 64 * 1024 * 1024),
    ("grpc.initial_reconnect_backoff_ms", 500),
    ("grpc.max_reconnect_backoff_ms", 3_000),
)

UnaryCall = Callable[..., Any]  # grpc.aio.UnaryUnaryMultiCallable; grpc-stubs types it loosely
StreamCall = Callable[..., Any]  # grpc.aio.StreamUnaryMultiCallable
ServerStreamCall = Callable[..., Any]  # grpc.aio.UnaryStreamMultiCallable


class Health(StrEnum):
    UNKNOWN = "unknown"  # not checked yet: a candidate (the edge serves while it starts)
    HEALTHY = "healthy"
    UNHEALTHY = "unhealthy"


class Instance:
    def __init__(
        self,
        address: str,
        weight: int,
        policy: BreakerPolicy,
        on_breaker_change: Callable[[Instance, BreakerState], None] | None = None,
    ) -> None:
        self.address = address
        self.weight = weight
        self.sources: set[str] = set()
        self.in_flight = 0
        self.health = Health.UNKNOWN
        self.status = "UNKNOWN"  # last health-check answer: SERVING, NOT_SERVING, UNREACHABLE...
        self.last_check: float | None = None  # wall clock, for operators
        self._streak = 0  # consecutive check results agreeing with `_streak_ok`
        self._streak_ok = True
        notify = on_breaker_change
        self.breaker = CircuitBreaker(
            policy, on_change=(lambda state: notify(self, state)) if notify else None
        )
        self._channel: grpc.aio.Channel | None = None
        self._calls: dict[str, UnaryCall] = {}
        self._streams: dict[str, StreamCall] = {}
        self._downloads: dict[str, ServerStreamCall] = {}
        self._closed = False

    @property
    def channel(self) -> grpc.aio.Channel:
        """Created on first use (connecting lazily), so an instance costs nothing until called."""
        if self._channel is None:
            if self._closed:  # removed from its pool: never reopen behind the pool's back
                raise RuntimeError(f"instance {self.address} is closed")
            self._channel = grpc.aio.insecure_channel(self.address, options=CHANNEL_OPTIONS)
        return self._channel

    def method(
        self,
        full_method: str,
        serializer: Callable[[Any], bytes],
        deserializer: Callable[[bytes], Any],
    ) -> UnaryCall:
        call = self._calls.get(full_method)
        if call is None:
            call = self.channel.unary_unary(
                full_method, request_serializer=serializer, response_deserializer=deserializer
            )
            self._calls[full_method] = call
        return call

    def stream_method(
        self,
        full_method: str,
        serializer: Callable[[Any], bytes],
        deserializer: Callable[[bytes], Any],
    ) -> StreamCall:
        """A client-streaming method (stream in, one response out)."""
        call = self._streams.get(full_method)
        if call is None:
            call = self.channel.stream_unary(
                full_method, request_serializer=serializer, response_deserializer=deserializer
            )
            self._streams[full_method] = call
        return call

    def server_stream_method(
        self,
        full_method: str,
        serializer: Callable[[Any], bytes],
        deserializer: Callable[[bytes], Any],
    ) -> ServerStreamCall:
        """A server-streaming method (one request in, a stream of responses out)."""
        call = self._downloads.get(full_method)
        if call is None:
            call = self.channel.unary_stream(
                full_method, request_serializer=serializer, response_deserializer=deserializer
            )
            self._downloads[full_method] = call
        return call

    @property
    def candidate(self) -> bool:
        return self.health is not Health.UNHEALTHY and self.breaker.available()

    def observe_check(
        self, status: str, ok: bool, healthy_threshold: int, unhealthy_threshold: int
    ) -> bool:
        """Record one health-check result; True when the health changed. The first result
        decides at once; later ones need `threshold` agreeing results in a row."""
        self.status = status
        self.last_check = time.time()
        self._streak = self._streak + 1 if ok == self._streak_ok else 1
        self._streak_ok = ok
        before = self.health
        if before is Health.UNKNOWN:
            self.health = Health.HEALTHY if ok else Health.UNHEALTHY
        elif ok and before is Health.UNHEALTHY and self._streak >= healthy_threshold:
            self.health = Health.HEALTHY
        elif not ok and before is Health.HEALTHY and self._streak >= unhealthy_threshold:
            self.health = Health.UNHEALTHY
        return self.health is not before

    async def close(self, grace: float | None) -> None:
        """Close the channel; calls in flight get `grace` seconds to finish."""
        self._closed = True
        channel, self._channel = self._channel, None
        self._calls.clear()
        self._streams.clear()
        self._downloads.clear()
        if channel is not None:
            await channel.close(grace)

    def snapshot(self) -> dict[str, Any]:
        return {
            "address": self.address,
            "weight": self.weight,
            "healthy": self.health is not Health.UNHEALTHY,
            "health": self.health.value,
            "status": self.status,
            "breaker": self.breaker.state.value,
            "in_flight": self.in_flight,
            "sources": sorted(self.sources),
            "last_check": self.last_check,
        }
