"""The one conversion from an exception to the RPC's final rich status.

Used by the error-mapping interceptor *and* by auth/quota, which run outside it, so a
rejection looks the same to the caller whichever stage produced it.
"""

from __future__ import annotations

import logging
from typing import NoReturn

import grpc
from opentelemetry import trace

from services.runtime import errors, status

_log = logging.getLogger("finplat.runtime.errors")

# OpenTelemetry semantic conventions: on a *server* span only these codes are errors;
# the others are the caller's fault and leave the span status unset.
_SERVER_ERROR_CODES = frozenset(
    {
        grpc.StatusCode.UNKNOWN,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.UNIMPLEMENTED,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.DATA_LOSS,
    }
)


def abort_with_error(
    context: grpc.ServicerContext, error: errors.DomainError, *, backend: str
) -> NoReturn:
    """End the RPC with the rich status of a domain error (raises, like `context.abort`)."""
    _mark_span(status.grpc_code(error.code), error.message)
    context.abort_with_status(status.to_status(error, domain=backend))
    raise AssertionError("abort_with_status returned")  # pragma: no cover


def abort_internal(context: grpc.ServicerContext, method: str, exc: BaseException) -> NoReturn:
    """End the RPC as INTERNAL: the traceback goes to the log, never to the caller."""
    _log.error("unhandled exception in %s", method, exc_info=exc)
    _mark_span(grpc.StatusCode.INTERNAL, type(exc).__name__)
    context.abort_with_status(status.internal_status())
    raise AssertionError("abort_with_status returned")  # pragma: no cover


def already_aborted(context: grpc.ServicerContext) -> bool:
    """True when the handler ended the RPC itself (`context.abort` raises a bare Exception)."""
    code = context.code()  # type: ignore[attr-defined]
    return code is not None and code != grpc.StatusCode.OK


def _mark_span(code: grpc.StatusCode, description: str) -> None:
    # The OTel interceptor only sees `abort()`, not `abort_with_status()`, so record the
    # status code on the server span here.
    span = trace.get_current_span()
    if not span.is_recording():
        return
    span.set_attribute("rpc.grpc.status_code", code.value[0])
    if code in _SERVER_ERROR_CODES:
        span.set_status(trace.Status(trace.StatusCode.ERROR, description))
