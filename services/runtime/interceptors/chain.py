"""The runtime's interceptors as one grpc interceptor, composed once per method.

grpcio's sync server runs every interceptor's `intercept_service` on every call, on its
polling thread, before a worker gets the call: each layer builds its closures and a new
RpcMethodHandler per call, serially, for work that depends on the method only (its
policy, its metric labels, its span name). Every layer of the runtime decides per
*method* in `intercept_service`, never per call (the call's metadata, peer and status
are read by the behaviours it returns, from the servicer context), so the composed
handler is built on a method's first call and reused for as long as the server hands
out the same handler object for that method.
"""

from __future__ import annotations

import collections
from collections.abc import Sequence

import grpc

from services.runtime.interceptors.base import Continuation, Handler, Interceptor


class _MethodDetails(
    collections.namedtuple("_MethodDetails", ("method", "invocation_metadata")),
    grpc.HandlerCallDetails,
):
    """What a layer may read while composing: the method. No call's metadata is kept."""


class MethodChain(Interceptor):
    """`layers` (outermost first) applied once per method, then reused."""

    def __init__(self, layers: Sequence[Interceptor]) -> None:
        self.layers = tuple(layers)
        # method → (the servicer's handler, the composed one). Only methods the server
        # has a handler for are kept, so its size is bounded by the registered methods.
        self._composed: dict[str, tuple[Handler, Handler | None]] = {}

    def intercept_service(
        self, continuation: Continuation, handler_call_details: grpc.HandlerCallDetails
    ) -> Handler | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        method = handler_call_details.method
        cached = self._composed.get(method)
        if cached is not None and cached[0] is handler:
            return cached[1]
        composed = self._compose(method, handler)
        # A plain dict store: atomic, and two threads composing the same method at once
        # build equivalent handlers.
        self._composed[method] = (handler, composed)
        return composed

    def _compose(self, method: str, handler: Handler) -> Handler | None:
        details = _MethodDetails(method, ())
        composed: Handler | None = handler
        for layer in reversed(self.layers):
            composed = layer.intercept_service(_returning(composed), details)
        return composed


def _returning(handler: Handler | None) -> Continuation:
    return lambda _details: handler
