"""The backend's real status for a client-streaming call whose write lost a race.

grpcio's asyncio client (up to at least 1.85) has a race when a backend ends a
client-streaming call before the client half-closed (an upload refused at once): a
write the client had in flight fails, and `_StreamRequestMixin._write` then records a
synthetic `INTERNAL: Internal error from Core` unconditionally. When the event loop
handles that failure after the backend's status arrived, the synthetic one overwrites
it and the caller never sees the backend's answer (grpc/grpc#36066, fix proposed in
grpc/grpc#43486). Measured here: 1 to 3 % of such early refusals.

Every status the call settles on goes through its done callbacks, synchronously, so a
callback can keep the first one that is not the synthetic error; `resolve` swaps it in
for the synthetic error when the call ended with one. Remove this once grpcio ships the
fix.
"""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc

T = TypeVar("T")

SYNTHETIC_DETAILS = "Internal error from Core"


def _settled(coro: Coroutine[Any, Any, T]) -> T:
    """The value of a call accessor once the call is done: it returns without waiting."""
    try:
        coro.send(None)
    except StopIteration as stop:
        value: T = stop.value
        return value
    coro.close()
    raise RuntimeError("the call's status is not settled")


def _is_synthetic(code: grpc.StatusCode, details: str | None) -> bool:
    return code is grpc.StatusCode.INTERNAL and details == SYNTHETIC_DETAILS


@dataclass
class BackendStatus:
    """Keeps the backend's own status of one streaming call, if it ever had one."""

    error: grpc.aio.AioRpcError | None = None

    def watch(self, call: grpc.aio.Call) -> None:
        call.add_done_callback(self._on_done)

    def _on_done(self, call: grpc.aio.Call) -> None:
        if self.error is not None:
            return
        try:
            code = _settled(call.code())
            details = _settled(call.details())
            if code is grpc.StatusCode.OK or _is_synthetic(code, details):
                return
            self.error = grpc.aio.AioRpcError(
                code,
                _settled(call.initial_metadata()),
                _settled(call.trailing_metadata()),
                details,
                None,
            )
        except RuntimeError:  # not settled after all: keep what grpcio reports
            return

    def resolve(self, exc: grpc.aio.AioRpcError) -> grpc.aio.AioRpcError:
        """The backend's status when `exc` is the synthetic error that hid it."""
        if self.error is not None and _is_synthetic(exc.code(), exc.details()):
            return self.error
        return exc
