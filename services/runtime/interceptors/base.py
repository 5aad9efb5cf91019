"""Typing glue and the one helper every runtime interceptor uses to wrap a handler."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import grpc

if TYPE_CHECKING:
    # grpc-stubs makes these generic; the runtime classes are not subscriptable.
    Interceptor = grpc.ServerInterceptor[Any, Any]
    Handler = grpc.RpcMethodHandler[Any, Any]
else:
    Interceptor = grpc.ServerInterceptor
    Handler = grpc.RpcMethodHandler

Continuation = Callable[[grpc.HandlerCallDetails], "Handler | None"]
UnaryBehavior = Callable[[Any, grpc.ServicerContext], Any]


def is_unary(handler: Handler | None) -> bool:
    return (
        handler is not None
        and not handler.request_streaming
        and not handler.response_streaming
        and handler.unary_unary is not None
    )


def wrap_unary(handler: Handler, behavior: UnaryBehavior) -> Handler:
    """A unary-unary handler like `handler` whose behaviour is `behavior`."""
    return grpc.unary_unary_rpc_method_handler(
        behavior,
        request_deserializer=handler.request_deserializer,
        response_serializer=handler.response_serializer,
    )


def metadata_value(context: grpc.ServicerContext, key: str) -> str | None:
    value = next((v for k, v in context.invocation_metadata() or () if k == key), None)
    if isinstance(value, bytes):
        return value.decode("latin-1")
    return value
