"""gRPC status → HTTP status, and the four documented REST error bodies.

One table, modelled on grpc-gateway's runtime/errors.go (HTTPStatusFromCode), and one
renderer per `ErrorStyle`. Every error body carries the request id.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import grpc
import orjson
from finplat.api.v1 import annotations_pb2

from edge.codec import FieldError
from services.runtime.errors import DomainError
from services.runtime.status import ParsedStatus, grpc_code

C = grpc.StatusCode

HTTP_STATUS: dict[grpc.StatusCode, int] = {
    C.OK: 200,
    C.CANCELLED: 499,
    C.UNKNOWN: 500,
    C.INVALID_ARGUMENT: 400,
    C.DEADLINE_EXCEEDED: 504,
    C.NOT_FOUND: 404,
    C.ALREADY_EXISTS: 409,
    C.PERMISSION_DENIED: 403,
    C.UNAUTHENTICATED: 401,
    C.RESOURCE_EXHAUSTED: 429,
    # Deliberate deviation from grpc-gateway (400): our backends use FAILED_PRECONDITION
    # for domain state-machine conflicts (a move not allowed from the current state), which
    # the specs answer with 409.
    C.FAILED_PRECONDITION: 409,
    C.ABORTED: 409,
    C.OUT_OF_RANGE: 400,
    C.UNIMPLEMENTED: 501,
    C.INTERNAL: 500,
    C.UNAVAILABLE: 503,
    C.DATA_LOSS: 500,
}

# Reasons that refine a code's status: a 422 is INVALID_ARGUMENT to gRPC (which has no
# "well formed but breaks a rule"), told apart by its reason (runtime.errors.Unprocessable).
REASON_STATUS: dict[tuple[grpc.StatusCode, str], int] = {
    (C.INVALID_ARGUMENT, "UNPROCESSABLE"): 422,
    # Something that existed and is no longer served (an expired signed download URL):
    # 410 Gone; to gRPC a FAILED_PRECONDITION (its time has passed).
    (C.FAILED_PRECONDITION, "GONE"): 410,
}

# The reason when a backend attached no ErrorInfo (e.g. grpc itself failed the call).
DEFAULT_REASON: dict[grpc.StatusCode, str] = {
    C.CANCELLED: "CANCELLED",
    C.UNKNOWN: "INTERNAL_ERROR",
    C.INVALID_ARGUMENT: "BAD_REQUEST",
    C.DEADLINE_EXCEEDED: "GATEWAY_TIMEOUT",
    C.NOT_FOUND: "NOT_FOUND",
    C.ALREADY_EXISTS: "CONFLICT",
    C.PERMISSION_DENIED: "FORBIDDEN",
    C.UNAUTHENTICATED: "UNAUTHORIZED",
    C.RESOURCE_EXHAUSTED: "RATE_LIMITED",
    C.FAILED_PRECONDITION: "FAILED_PRECONDITION",
    C.ABORTED: "CONFLICT",
    C.OUT_OF_RANGE: "BAD_REQUEST",
    C.UNIMPLEMENTED: "NOT_IMPLEMENTED",
    C.INTERNAL: "INTERNAL_ERROR",
    C.UNAVAILABLE: "SERVICE_UNAVAILABLE",
    C.DATA_LOSS: "INTERNAL_ERROR",
}

# Codes whose backend message is an internal detail: REST clients get a fixed text.
_HIDDEN: dict[grpc.StatusCode, tuple[str, str]] = {
    C.UNKNOWN: ("INTERNAL_ERROR", "internal server error"),
    C.INTERNAL: ("INTERNAL_ERROR", "internal server error"),
    C.DATA_LOSS: ("INTERNAL_ERROR", "internal server error"),
    C.UNAVAILABLE: ("SERVICE_UNAVAILABLE", "the service is temporarily unavailable"),
    C.DEADLINE_EXCEEDED: ("GATEWAY_TIMEOUT", "the service did not answer in time"),
}

# The expense spec documents one code per status; the rest follow the reason.
_EXPENSE_CODES = {
    400: "VALIDATION_ERROR",
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    429: "RATE_LIMITED",
    500: "INTERNAL_ERROR",
}


@dataclass(frozen=True, slots=True)
class EdgeError:
    """An error ready to render: HTTP status, UPPER_SNAKE reason, text, JSON-path violations."""

    status: int
    reason: str
    message: str
    violations: tuple[FieldError, ...] = ()


class Refusal(Exception):
    """Raised deep in a request's handling to answer `error` (in the route's body)."""

    def __init__(self, error: EdgeError) -> None:
        super().__init__(error.message)
        self.error = error


def too_large(limit: int, what: str = "request body") -> EdgeError:
    return EdgeError(413, "PAYLOAD_TOO_LARGE", f"{what} exceeds {limit} bytes")


def from_status(parsed: ParsedStatus, translate: Callable[[str], str]) -> EdgeError:
    """A backend's error as REST sees it; violation paths translated to the client's JSON."""
    status = HTTP_STATUS.get(parsed.code, 500)
    hidden = _HIDDEN.get(parsed.code)
    if hidden is not None:
        return EdgeError(status, hidden[0], hidden[1])
    reason = parsed.reason or DEFAULT_REASON.get(parsed.code, "INTERNAL_ERROR")
    status = REASON_STATUS.get((parsed.code, reason), status)
    message = parsed.message
    violations: list[FieldError] = []
    for violation in parsed.violations:
        client = translate(violation.field)
        if client != violation.field:
            # Backends name fields by proto path in their text too ("expense.amount: …").
            message = _rename_field(message, violation.field, client)
        violations.append(FieldError(client, violation.description))
    return EdgeError(status, reason, message, tuple(violations))


def _rename_field(message: str, proto_path: str, client_path: str) -> str:
    """`proto_path` → `client_path` wherever it stands as a whole path in `message`."""
    whole = re.compile(rf"(?<![\w.]){re.escape(proto_path)}(?![\w\[])")
    return whole.sub(client_path, message)


def from_domain(error: DomainError) -> EdgeError:
    """An error the edge raised itself through the shared runtime (e.g. token checks)."""
    code = grpc_code(error.code)
    status = HTTP_STATUS.get(code, 500)
    hidden = _HIDDEN.get(code)
    if hidden is not None:
        return EdgeError(status, hidden[0], hidden[1])
    return EdgeError(REASON_STATUS.get((code, error.reason), status), error.reason, error.message)


def invalid_input(errors: Iterable[FieldError]) -> EdgeError:
    """The edge's own 400 for values it could not decode, naming each field."""
    found = tuple(errors)
    first = found[0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return EdgeError(400, "VALIDATION_ERROR", f"{first.field} {first.reason}{more}", found)


def lower_code(reason: str) -> str:
    # The gateway's documented code for server faults is "internal".
    return "internal" if reason == "INTERNAL_ERROR" else reason.lower()


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def gateway_body(error: EdgeError, request_id: str) -> dict[str, Any]:
    return {"error": lower_code(error.reason), "message": error.message, "request_id": request_id}


def analytics_body(error: EdgeError, request_id: str) -> dict[str, Any]:
    return {
        "error": error.message,
        "code": lower_code(error.reason),
        "details": {v.field: v.reason for v in error.violations},
        "timestamp": _now(),
        "request_id": request_id,
    }


def expense_body(error: EdgeError, request_id: str) -> dict[str, Any]:
    first = error.violations[0] if error.violations else None
    return {
        "error": {
            "code": _EXPENSE_CODES.get(error.status, error.reason),
            "message": error.message,
            "details": {"field": first.field, "reason": first.reason} if first else {},
            "request_id": request_id,
        }
    }


def project_finance_body(error: EdgeError, request_id: str) -> dict[str, Any]:
    return {
        "code": lower_code(error.reason),
        "message": error.message,
        "details": {v.field: v.reason for v in error.violations},
        "request_id": request_id,
    }


_STYLES: dict[int, Callable[[EdgeError, str], dict[str, Any]]] = {
    annotations_pb2.ERROR_STYLE_UNSPECIFIED: gateway_body,
    annotations_pb2.ERROR_STYLE_GATEWAY: gateway_body,
    annotations_pb2.ERROR_STYLE_ANALYTICS: analytics_body,
    annotations_pb2.ERROR_STYLE_EXPENSE: expense_body,
    annotations_pb2.ERROR_STYLE_PROJECT_FINANCE: project_finance_body,
}


def render(style: int, error: EdgeError, request_id: str) -> bytes:
    """The JSON error body of a service's ErrorStyle (unknown styles: the gateway body)."""
    return orjson.dumps(_STYLES.get(style, gateway_body)(error, request_id))
