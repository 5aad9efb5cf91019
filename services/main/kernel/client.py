"""Where a gRPC call comes from, as the security events record it (servicers only: the
one kernel module, with `proto`, that knows grpc)."""

from __future__ import annotations

from typing import Protocol

import grpc

from services.main.kernel.events import ClientInfo
from services.main.kernel.geo import GeoLocator
from services.runtime.origin import origin_of


class ClientOf(Protocol):
    """What servicers hold to describe a call's origin (`client_of(locator)` in
    production). `device`: the client's device fingerprint, when the request has one."""

    def __call__(self, context: grpc.ServicerContext, device: str = "") -> ClientInfo: ...


def no_client(context: grpc.ServicerContext, device: str = "") -> ClientInfo:
    """For servicers built without a locator (tests): an unknown origin."""
    return ClientInfo()


def client_of(locator: GeoLocator) -> ClientOf:
    """The call's origin (forwarded by the edge), located; private and unknown addresses
    are "unknown"."""

    def client(context: grpc.ServicerContext, device: str = "") -> ClientInfo:
        origin = origin_of(context)
        return ClientInfo(
            ip=origin.ip,
            user_agent=origin.user_agent,
            device=_printable(device).strip()[:256],
            location=locator.locate(origin.ip),
        )

    return client


def _printable(device: str) -> str:
    """The fingerprint without control characters: it is an opaque label stored in text
    columns (PostgreSQL refuses NUL). The edge already refuses NUL in every string; this
    covers direct gRPC callers."""
    return device if device.isprintable() else "".join(c for c in device if c.isprintable())
