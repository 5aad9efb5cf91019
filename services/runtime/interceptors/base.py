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


def is_stream_unary(handler: Handler | None) -> bool:
    """A client-streaming RPC with one response (uploads): its behaviour has the unary
    shape, (request iterator, context) → response."""
    return (
        handler is not None
        and handler.request_streaming
        and not handler.response_streaming
        and handler.stream_unary is not None
    )


class UnaryInterceptor(Interceptor):
    """Wraps handlers that answer once — unary-unary and stream-unary (uploads) — with
    `wrap`; the wrapped behaviour sees the request, or the request iterator, untouched.
    Server-streaming handlers pass through."""

    def intercept_service(
        self, continuation: Continuation, handler_call_details: grpc.HandlerCallDetails
    ) -> Handler | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return handler
        if is_unary(handler):
            assert handler.unary_unary is not None  # is_unary checked it
            return wrap_unary(handler, self.wrap(handler_call_details.method, handler.unary_unary))
        if is_stream_unary(handler):
            assert handler.stream_unary is not None
            return grpc.stream_unary_rpc_method_handler(
                self.wrap(handler_call_details.method, handler.stream_unary),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler

    def wrap(self, method: str, inner: UnaryBehavior) -> UnaryBehavior:
        raise NotImplementedError


def metadata_value(context: grpc.ServicerContext, key: str) -> str | None:
    value = next((v for k, v in context.invocation_metadata() or () if k == key), None)
    if isinstance(value, bytes):
        return value.decode("latin-1")
    return value
