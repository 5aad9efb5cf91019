"""Calling a backend through its pool: choose an instance, call it within the request's
deadline, tell the instance's breaker how it went, and retry an idempotent call that
never reached a handler on another instance, while the pool's retry budget allows.

Client-streaming calls (streamed uploads, `Upstream.stream`) and server-streaming ones
(streamed downloads, `Upstream.server_stream`) go through the same choice, breaker,
metadata and metrics, never retried: an upload's requests are not kept, and a download
may have been partly relayed already.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping, MutableMapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol

import grpc
from google.protobuf import descriptor, descriptor_pb2
from grpc.aio import EOF  # type: ignore[attr-defined]  # grpc-stubs lacks it

from edge.asgi import INSTANCE_SCOPE_KEY
from edge.balancing.affinity import Affinity
from edge.balancing.breaker import BreakerPolicy, Outcome
from edge.balancing.health import HealthChecker, HealthPolicy
from edge.balancing.instance import Instance
from edge.balancing.pools import Pools
from edge.balancing.retry_budget import RetryBudget
from edge.balancing.settings import BalancingSettings
from edge.balancing.stream_status import BackendStatus
from edge.observability.metrics import GatewayMetrics

# Backends attach google.rpc.Status details to every error they raise; a status without
# them was made by gRPC itself (connection refused, reset, no handler reached).
STATUS_DETAILS_KEY = "grpc-status-details-bin"
C = grpc.StatusCode
_TRANSPORT_CODES = frozenset({C.UNAVAILABLE, C.DEADLINE_EXCEEDED, C.CANCELLED, C.INTERNAL})
_IDEMPOTENT_LEVELS = frozenset(
    {descriptor_pb2.MethodOptions.NO_SIDE_EFFECTS, descriptor_pb2.MethodOptions.IDEMPOTENT}
)


class NoInstanceAvailable(Exception):
    """No instance of the backend can take a call (none configured, all unhealthy, or
    every breaker open): the route answers 503."""


class AnsweredEarly(Exception):
    """The backend answered a client-streaming call before its stream ended: it cannot
    have seen the whole request (a backend bug, answered 500)."""


@dataclass(frozen=True, slots=True)
class UpstreamMethod:
    backend: str
    full_method: str
    serializer: Callable[[Any], bytes]
    deserializer: Callable[[bytes], Any]
    idempotent: bool


def is_idempotent(http_method: str, method: descriptor.MethodDescriptor) -> bool:
    """GET/HEAD, or an RPC declared `option idempotency_level = NO_SIDE_EFFECTS|IDEMPOTENT`."""
    options: Any = method.GetOptions()
    return http_method in ("GET", "HEAD") or options.idempotency_level in _IDEMPOTENT_LEVELS


def _made_by_grpc(exc: grpc.aio.AioRpcError) -> bool:
    trailing: Any = exc.trailing_metadata() or ()
    return all(key != STATUS_DETAILS_KEY for key, _ in trailing)


def is_transport_failure(exc: grpc.aio.AioRpcError) -> bool:
    """Counts against the instance's breaker: the call could not be served (connection,
    deadline, peer cancellation, gRPC-internal errors) — not a domain answer such as
    NOT_FOUND or a backend's own UNAVAILABLE with details."""
    code = exc.code()
    if code is C.DEADLINE_EXCEEDED:
        return True
    return code in _TRANSPORT_CODES and _made_by_grpc(exc)


def is_retryable(exc: grpc.aio.AioRpcError) -> bool:
    """UNAVAILABLE made by gRPC: the connection failed, the instance never answered."""
    return exc.code() is C.UNAVAILABLE and _made_by_grpc(exc)


class Upstream:
    def __init__(
        self,
        pools: Pools,
        checker: HealthChecker,
        affinity: Affinity,
        *,
        attempts: int = 3,
        metrics: GatewayMetrics | None = None,
    ) -> None:
        self.pools = pools
        self.checker = checker
        self.affinity = affinity
        self.attempts = attempts
        self.metrics = metrics

    @classmethod
    def from_settings(
        cls,
        backends: Mapping[str, Sequence[str]],
        settings: BalancingSettings,
        *,
        drain_seconds: float,
        metrics: GatewayMetrics | None = None,
    ) -> Upstream:
        s = settings
        pools = Pools(
            policy=BreakerPolicy(
                failures=s.edge_breaker_failures,
                error_rate=s.edge_breaker_error_rate,
                window=s.edge_breaker_window,
                min_calls=s.edge_breaker_min_calls,
                cooldown=s.edge_breaker_cooldown_seconds,
                half_open_calls=s.edge_breaker_half_open_calls,
            ),
            strategy=s.edge_lb_strategy,
            strategies=s.edge_lb_strategies,
            budget=lambda: RetryBudget(s.edge_retry_budget_ratio, s.edge_retry_min_per_second),
            drain_seconds=drain_seconds,
            metrics=metrics,
        )
        pools.load_static(backends)
        checker = HealthChecker(
            pools,
            HealthPolicy(
                interval=s.edge_health_interval_seconds,
                timeout=s.edge_health_timeout_seconds,
                unhealthy_threshold=s.edge_health_unhealthy_threshold,
                healthy_threshold=s.edge_health_healthy_threshold,
            ),
        )
        return cls(
            pools, checker, Affinity(s.edge_sticky), attempts=s.edge_retry_attempts, metrics=metrics
        )

    def start(self) -> None:
        """Start health checking (in the app's lifespan, on its event loop)."""
        self.checker.start()

    async def close(self) -> None:
        await self.checker.stop()
        await self.pools.close()

    async def call(
        self,
        method: UpstreamMethod,
        request: Any,
        *,
        metadata: Sequence[tuple[str, str]],
        timeout: float,
        affinity: str | None = None,
        scope: MutableMapping[str, Any] | None = None,
    ) -> tuple[Any, grpc.aio.UnaryUnaryCall[Any, Any]]:
        """The response and the finished call (for its metadata). Raises
        NoInstanceAvailable, or the last attempt's AioRpcError."""
        pool = self.pools.get(method.backend)
        if pool is None:
            raise NoInstanceAvailable(method.backend)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout  # one deadline for all attempts
        pool.budget.record_request()
        tried: list[str] = []
        last_error: grpc.aio.AioRpcError | None = None
        while True:
            chosen = pool.choose(affinity, tried)
            if chosen is None:
                if last_error is not None:
                    raise last_error  # nowhere left to retry: the real failure, not "none"
                raise NoInstanceAvailable(method.backend)
            instance, ticket = chosen
            tried.append(instance.address)
            if scope is not None:
                scope[INSTANCE_SCOPE_KEY] = instance.address
            callable_ = instance.method(method.full_method, method.serializer, method.deserializer)
            remaining = max(deadline - loop.time(), 0.001)
            call = callable_(request, timeout=remaining, metadata=metadata)
            instance.in_flight += 1
            outcome = Outcome.ABANDONED
            try:
                response = await call
                outcome = Outcome.SUCCESS
            except grpc.aio.AioRpcError as exc:
                failed = is_transport_failure(exc)
                outcome = Outcome.FAILURE if failed else Outcome.SUCCESS
                self._count(method.backend, instance.address, exc.code())
                left = deadline - loop.time()
                if not self._may_retry(method, exc, len(tried), pool.budget, left):
                    raise
                last_error = exc
                continue
            finally:
                instance.in_flight -= 1
                instance.breaker.record(ticket, outcome)
            self._count(method.backend, instance.address, C.OK)
            return response, call

    def _choose_one(
        self,
        method: UpstreamMethod,
        affinity: str | None,
        scope: MutableMapping[str, Any] | None,
    ) -> tuple[Instance, int]:
        """One instance for a streaming call (never retried). Raises NoInstanceAvailable."""
        pool = self.pools.get(method.backend)
        if pool is None:
            raise NoInstanceAvailable(method.backend)
        pool.budget.record_request()
        chosen = pool.choose(affinity)
        if chosen is None:
            raise NoInstanceAvailable(method.backend)
        if scope is not None:
            scope[INSTANCE_SCOPE_KEY] = chosen[0].address
        return chosen

    @asynccontextmanager
    async def _accounted(
        self, method: UpstreamMethod, instance: Instance, ticket: int, call: _Accounted
    ) -> AsyncIterator[None]:
        """While the block runs the call is in flight; leaving it cancels a call not done
        (the backend never keeps a partial stream) and tells the breaker and the metrics
        how it ended."""
        instance.in_flight += 1
        try:
            yield
        finally:
            if not call.call.done():
                call.call.cancel()
            instance.in_flight -= 1
            instance.breaker.record(ticket, call.outcome)
            self._count(method.backend, instance.address, call.code)

    @asynccontextmanager
    async def stream(
        self,
        method: UpstreamMethod,
        *,
        metadata: Sequence[tuple[str, str]],
        timeout: float,
        affinity: str | None = None,
        scope: MutableMapping[str, Any] | None = None,
    ) -> AsyncIterator[StreamingCall]:
        """A client-streaming call to one instance, open while the block runs. Leaving it
        before `StreamingCall.finish` returned cancels the call, so the backend never
        keeps a partial stream. Raises NoInstanceAvailable."""
        instance, ticket = self._choose_one(method, affinity, scope)
        start = instance.stream_method(method.full_method, method.serializer, method.deserializer)
        streaming = StreamingCall(start(timeout=timeout, metadata=metadata))
        async with self._accounted(method, instance, ticket, streaming):
            yield streaming

    @asynccontextmanager
    async def server_stream(
        self,
        method: UpstreamMethod,
        request: Any,
        *,
        metadata: Sequence[tuple[str, str]],
        timeout: float,
        affinity: str | None = None,
        scope: MutableMapping[str, Any] | None = None,
    ) -> AsyncIterator[ServerStream]:
        """A server-streaming call to one instance, open while the block runs. Leaving it
        before the stream ended cancels the call. Raises NoInstanceAvailable."""
        instance, ticket = self._choose_one(method, affinity, scope)
        start = instance.server_stream_method(
            method.full_method, method.serializer, method.deserializer
        )
        streaming = ServerStream(start(request, timeout=timeout, metadata=metadata))
        async with self._accounted(method, instance, ticket, streaming):
            yield streaming

    def _may_retry(
        self,
        method: UpstreamMethod,
        exc: grpc.aio.AioRpcError,
        attempts: int,
        budget: RetryBudget,
        remaining: float,
    ) -> bool:
        if not (method.idempotent and is_retryable(exc)) or attempts >= self.attempts:
            return False
        if remaining <= 0:
            return False
        allowed = budget.try_withdraw()
        if self.metrics is not None:
            self.metrics.retry(method.backend, "retried" if allowed else "budget_exhausted")
        return allowed

    def _count(self, backend: str, address: str, code: grpc.StatusCode) -> None:
        if self.metrics is not None:
            self.metrics.upstream_call(backend, address, code.name)


class _Accounted(Protocol):
    """A streaming call and how it ended, for the breaker and the metrics."""

    @property
    def call(self) -> grpc.aio.Call: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def code(self) -> grpc.StatusCode: ...


def _ended_by(exc: grpc.aio.AioRpcError) -> tuple[Outcome, grpc.StatusCode]:
    """A transport failure counts against the instance; a backend's answer does not."""
    return (Outcome.FAILURE if is_transport_failure(exc) else Outcome.SUCCESS), exc.code()


class ServerStream:
    """A server-streaming call in progress: `read` each response until None.

    A stream cancelled by the edge (the client left) counts as abandoned; one the edge
    gave up on because the backend went quiet (`stalled`) as a failure, like a unary
    call past its deadline."""

    def __init__(self, call: grpc.aio.UnaryStreamCall[Any, Any]) -> None:
        self.call = call
        self.outcome = Outcome.ABANDONED
        self.code = C.CANCELLED

    async def read(self) -> Any | None:
        """The next response, None once the stream ended normally; raises the call's
        AioRpcError when it ended with an error."""
        try:
            response = await self.call.read()
        except grpc.aio.AioRpcError as exc:
            self.outcome, self.code = _ended_by(exc)
            raise
        if response is EOF:
            self.outcome, self.code = Outcome.SUCCESS, C.OK
            return None
        return response

    def stalled(self) -> None:
        self.outcome, self.code = Outcome.FAILURE, C.DEADLINE_EXCEEDED
        self.call.cancel()


class StreamingCall:
    """A client-streaming call in progress: `write` each request, then `finish`.

    Records how the call ended for its instance's breaker and the metrics: a refusal by
    the edge (the call is cancelled) counts as abandoned, a backend's domain error as an
    answer, a transport failure against the instance."""

    def __init__(self, call: grpc.aio.StreamUnaryCall[Any, Any]) -> None:
        self.call = call
        self.outcome = Outcome.ABANDONED
        self.code = C.CANCELLED
        # grpcio can hide the backend's status behind a synthetic INTERNAL when the
        # backend ends the call while a write is in flight (stream_status.py).
        self.status = BackendStatus()
        self.status.watch(call)

    async def write(self, request: Any) -> None:
        """Send one request; raises the call's AioRpcError when the backend ended it."""
        try:
            await self.call.write(request)
        except (asyncio.InvalidStateError, grpc.aio.AioRpcError):
            # The call ended (the backend answered or failed) while the edge was sending.
            # A write that fails that way reports "Internal error from Core" until the
            # backend's own status arrives: wait for it, it says what happened.
            await self._ended()

    async def finish(self) -> Any:
        """Half-close the stream and wait for the response (or the AioRpcError)."""
        try:
            await self.call.done_writing()
            response = await self.call
        except grpc.aio.AioRpcError as exc:
            real = self.status.resolve(exc)
            self._failed(real)
            if real is exc:
                raise
            raise real from None
        self.outcome, self.code = Outcome.SUCCESS, C.OK
        return response

    async def _ended(self) -> None:
        try:
            await self.call
        except grpc.aio.AioRpcError as exc:
            real = self.status.resolve(exc)
            self._failed(real)
            if real is exc:
                raise
            raise real from None
        raise AnsweredEarly("the backend answered before the upload ended")

    def _failed(self, exc: grpc.aio.AioRpcError) -> None:
        self.outcome, self.code = _ended_by(exc)
