"""Maps what a handler raises to the RPC's rich status (innermost runtime interceptor).

DomainError → its code with ErrorInfo/BadRequest/RetryInfo details; anything else →
INTERNAL with a generic message (the traceback is logged, not sent).
"""

from __future__ import annotations

from typing import Any

import grpc

from services.runtime import errors
from services.runtime.abort import abort_internal, abort_with_error, already_aborted
from services.runtime.interceptors.base import (
    Continuation,
    Handler,
    Interceptor,
    is_unary,
    wrap_unary,
)
from services.runtime.policy import policy_for


class ErrorMappingInterceptor(Interceptor):
    def intercept_service(
        self, continuation: Continuation, handler_call_details: grpc.HandlerCallDetails
    ) -> Handler | None:
        handler = continuation(handler_call_details)
        if handler is None or not is_unary(handler):
            return handler
        method = handler_call_details.method
        backend = policy_for(method).backend
        inner = handler.unary_unary
        assert inner is not None

        def behavior(request: Any, context: grpc.ServicerContext) -> Any:
            try:
                return inner(request, context)
            except errors.DomainError as err:
                abort_with_error(context, err, backend=backend)
            except Exception as exc:
                if already_aborted(context):
                    raise  # the handler ended the RPC itself with context.abort()
                abort_internal(context, method, exc)

        return wrap_unary(handler, behavior)
