"""One JSON access-log line per unary RPC, rejected ones included.

It wraps auth (see `build_interceptors`) so that calls refused by auth or quota are
logged too; the code it logs is the RPC's final one, read back from the context after
the inner interceptors mapped any exception.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import grpc
from opentelemetry import trace

from services.runtime.call import call_scope
from services.runtime.interceptors.base import UnaryBehavior, UnaryInterceptor, metadata_value

ACCESS_LOGGER = "finplat.access"
REQUEST_ID = "x-request-id"

_log = logging.getLogger(ACCESS_LOGGER)


class AccessLogInterceptor(UnaryInterceptor):
    def wrap(self, method: str, inner: UnaryBehavior) -> UnaryBehavior:

        def behavior(request: Any, context: grpc.ServicerContext) -> Any:
            with call_scope(method, context) as call:
                if not _log.isEnabledFor(logging.INFO):
                    # Nothing would be written: skip gathering the line's fields.
                    return inner(request, context)
                failed = False
                try:
                    return inner(request, context)
                except BaseException:
                    failed = True
                    raise
                finally:
                    code = context.code()  # type: ignore[attr-defined]
                    if code is None:
                        code = grpc.StatusCode.UNKNOWN if failed else grpc.StatusCode.OK
                    span = trace.get_current_span().get_span_context()
                    _log.info(
                        "rpc",
                        extra={
                            "method": method,
                            "code": code.name,
                            "duration_ms": round((time.perf_counter() - call.started) * 1000, 3),
                            "principal": call.principal.subject if call.principal else None,
                            "request_id": metadata_value(context, REQUEST_ID),
                            "trace_id": (format(span.trace_id, "032x") if span.is_valid else None),
                            "peer": context.peer(),
                        },
                    )

        return behavior
