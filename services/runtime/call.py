"""Per-RPC state shared by the runtime's interceptors (one `RpcCall` per call).

The interceptors are separate classes, but they cooperate on one call: auth records the
principal for the access log, quota adds response trailers. A contextvar carries that
state down the (single-threaded) chain of a sync gRPC call.

Response metadata goes out as *trailing* metadata because only trailers reach the client
on both outcomes: `abort_with_status` replaces the trailers with the rich status's
`grpc-status-details-bin`, so the scope merges ours back in on the way out.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import grpc

from services.runtime.principal import Principal


@dataclass
class RpcCall:
    full_method: str
    started: float = field(default_factory=time.perf_counter)
    principal: Principal | None = None
    trailers: list[tuple[str, str]] = field(default_factory=list)


_current: contextvars.ContextVar[RpcCall | None] = contextvars.ContextVar(
    "finplat_rpc_call", default=None
)


def current_call() -> RpcCall | None:
    return _current.get()


@contextmanager
def call_scope(full_method: str, context: grpc.ServicerContext) -> Iterator[RpcCall]:
    """Join the call's state, or own it (bind, then flush trailers and unbind) if outermost."""
    existing = _current.get()
    if existing is not None:
        yield existing
        return
    call = RpcCall(full_method)
    token = _current.set(call)
    try:
        yield call
    finally:
        _current.reset(token)
        if call.trailers:
            _merge_trailers(context, call.trailers)


def _merge_trailers(context: grpc.ServicerContext, extra: list[tuple[str, str]]) -> None:
    # Whatever is already there (the rich status after an abort, or the handler's own
    # trailers) wins; ours are added for the keys it does not set.
    present = tuple(context.trailing_metadata() or ())  # type: ignore[attr-defined]
    keys = {key for key, _ in present}
    context.set_trailing_metadata(present + tuple(kv for kv in extra if kv[0] not in keys))
