"""Analytics capabilities through the real runtime server (every interceptor), as the
servicer tests call them: a channel to a server of only the capabilities under test, the
services a capability registers, a caller's credentials and a refused call's status."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import grpc
import pytest

from services.analytics.kernel import AnalyticsKernel, UowFactory
from services.runtime.capability import Capability, register
from services.runtime.clock import Clock, utcnow
from services.runtime.server import RunningServer, serve
from services.runtime.status import ParsedStatus, parse_status
from tests.runtime.harness import KeyAuthenticator, TestSettings, bearer

Capabilities = Sequence[Capability[AnalyticsKernel]]


def _kernel(unit_of_work: UowFactory, clock: Clock) -> AnalyticsKernel:
    return AnalyticsKernel(unit_of_work=unit_of_work, database_ok=lambda: True, clock=clock)


@contextmanager
def serving(
    capabilities: Capabilities, unit_of_work: UowFactory, clock: Clock = utcnow
) -> Iterator[grpc.Channel]:
    """A channel to the real runtime server serving only `capabilities`, its clock
    `clock`; callers authenticate with `as_user`."""
    kernel = _kernel(unit_of_work, clock)
    running: RunningServer = serve(
        name="analytics",
        settings=TestSettings(),
        port=0,
        metrics_port=None,
        register=lambda server: register(server, capabilities, kernel),
        authenticators=(KeyAuthenticator(),),
    )
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            yield channel
    finally:
        running.stop(0)


def registered(
    capabilities: Capabilities, unit_of_work: UowFactory, clock: Clock = utcnow
) -> tuple[str, ...]:
    """The full names of the services `capabilities` add to a server."""
    server = grpc.server(ThreadPoolExecutor(max_workers=1))
    return register(server, capabilities, _kernel(unit_of_work, clock))


def as_user(user: uuid.UUID | str) -> list[tuple[str, str]]:
    """Call metadata that `KeyAuthenticator` signs `user` in with."""
    return bearer(f"jwt-{user}")


def refusal(call: Callable[[], object]) -> ParsedStatus:
    """The status of a call that must fail, with its details decoded."""
    with pytest.raises(grpc.RpcError) as caught:
        call()
    error = caught.value
    assert isinstance(error, grpc.Call)
    return parse_status(error.code(), error.details() or "", error.trailing_metadata())
