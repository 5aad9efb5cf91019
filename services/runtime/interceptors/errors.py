"""Maps what a handler raises to the RPC's rich status (innermost runtime interceptor).

DomainError → its code with ErrorInfo/BadRequest/RetryInfo details; anything else →
INTERNAL with a generic message (the traceback is logged, not sent).
"""

from __future__ import annotations

from typing import Any

import grpc

from services.runtime import errors
from services.runtime.abort import abort_internal, abort_with_error, already_aborted
from services.runtime.interceptors.base import UnaryBehavior, UnaryInterceptor
from services.runtime.policy import policy_for


class ErrorMappingInterceptor(UnaryInterceptor):
    def wrap(self, method: str, inner: UnaryBehavior) -> UnaryBehavior:
        backend = policy_for(method).backend

        def behavior(request: Any, context: grpc.ServicerContext) -> Any:
            try:
                return inner(request, context)
            except errors.DomainError as err:
                abort_with_error(context, err, backend=backend)
            except Exception as exc:
                if already_aborted(context):
                    raise  # the handler ended the RPC itself with context.abort()
                abort_internal(context, method, exc)

        return behavior
