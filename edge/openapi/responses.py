"""Shared response pieces: the four error bodies (edge/errors.py renders them), the
headers every response carries, and the error responses an operation may answer.
"""

from __future__ import annotations

from typing import Any

from finplat.api.v1 import annotations_pb2

Schema = dict[str, Any]
_STRING = {"type": "string"}
_DETAILS = {
    "type": "object",
    "additionalProperties": _STRING,
    "description": "Invalid fields: JSON path → what is wrong.",
}
_REQUEST_ID = {
    "type": "string",
    "description": "The request's id (also the X-Request-ID header); find it in logs and traces.",
}

# Error body schemas by ErrorStyle, as edge/errors.py renders them.
ERROR_SCHEMAS: dict[str, Schema] = {
    "GatewayError": {
        "type": "object",
        "description": "The gateway error body.",
        "properties": {
            "error": {
                "type": "string",
                "description": "Machine code: unauthorized, forbidden, not_found, bad_request, "
                "validation_error, rate_limited, payload_too_large, unsupported_media_type, "
                "malware_detected, ip_blocked, service_unavailable, internal, ...",
            },
            "message": {**_STRING, "description": "Human-readable text."},
            "request_id": _REQUEST_ID,
        },
        "required": ["error", "message", "request_id"],
    },
    "AnalyticsError": {
        "type": "object",
        "description": "The analytics module's error body.",
        "properties": {
            "error": {**_STRING, "description": "Human-readable text."},
            "code": {**_STRING, "description": "Machine code, e.g. validation_error."},
            "details": _DETAILS,
            "timestamp": {"type": "string", "format": "date-time"},
            "request_id": _REQUEST_ID,
        },
        "required": ["error", "code", "details", "timestamp", "request_id"],
    },
    "ExpenseError": {
        "type": "object",
        "description": "The expense service's error body.",
        "properties": {
            "error": {
                "type": "object",
                "properties": {
                    "code": {
                        **_STRING,
                        "description": "VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, "
                        "RATE_LIMITED, INTERNAL_ERROR, ...",
                    },
                    "message": _STRING,
                    "details": {
                        "type": "object",
                        "description": "The first invalid field; empty for other errors.",
                        "properties": {"field": _STRING, "reason": _STRING},
                    },
                    "request_id": _REQUEST_ID,
                },
                "required": ["code", "message", "details", "request_id"],
            }
        },
        "required": ["error"],
    },
    "ProjectFinanceError": {
        "type": "object",
        "description": "The project finance service's error body.",
        "properties": {
            "code": {**_STRING, "description": "Machine code, e.g. validation_error."},
            "message": _STRING,
            "details": _DETAILS,
            "request_id": _REQUEST_ID,
        },
        "required": ["code", "message", "details", "request_id"],
    },
}

_BY_STYLE: dict[int, str] = {
    annotations_pb2.ERROR_STYLE_UNSPECIFIED: "GatewayError",
    annotations_pb2.ERROR_STYLE_GATEWAY: "GatewayError",
    annotations_pb2.ERROR_STYLE_ANALYTICS: "AnalyticsError",
    annotations_pb2.ERROR_STYLE_EXPENSE: "ExpenseError",
    annotations_pb2.ERROR_STYLE_PROJECT_FINANCE: "ProjectFinanceError",
}

HEADERS: dict[str, Schema] = {
    "X-Request-ID": {
        "description": "The request's id: the client's X-Request-ID when valid, else a new UUID.",
        "schema": _STRING,
    },
    "X-RateLimit-Limit": {
        "description": "Requests allowed in the current window.",
        "schema": {"type": "integer"},
    },
    "X-RateLimit-Remaining": {
        "description": "Requests left in the current window.",
        "schema": {"type": "integer"},
    },
    "X-RateLimit-Reset": {
        "description": "Unix time (seconds) at which the window resets.",
        "schema": {"type": "integer"},
    },
    "Retry-After": {
        "description": "Seconds to wait before retrying.",
        "schema": {"type": "integer"},
    },
    "WWW-Authenticate": {
        "description": 'The challenge: `Bearer`, or `Bearer error="invalid_token"`.',
        "schema": _STRING,
    },
}
# On every response, success or error.
COMMON_HEADERS = ("X-Request-ID", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")
# Extra headers of some error statuses.
_STATUS_HEADERS = {401: ("WWW-Authenticate",), 429: ("Retry-After",), 503: ("Retry-After",)}

REASONS = {
    400: "The request is invalid (malformed JSON, a wrong type, a value breaking the "
    "declared constraints); names the field.",
    401: "The credential is missing, invalid or expired.",
    403: "The credential does not grant this operation, or the gateway blocks the "
    "client's address.",
    404: "No such resource (or not the caller's).",
    408: "The request body did not arrive in time.",
    409: "The resource's current state does not allow this (e.g. it exists already).",
    410: "Gone: what the request names existed and has expired (e.g. a download link "
    "past its expiry).",
    413: "The request body is too large.",
    415: "The body's media type is not accepted (JSON bodies: application/json).",
    422: "The request is well formed but breaks a rule across fields or against stored "
    "data (names the field), or an upload was refused: malware detected.",
    429: "Too many requests: wait Retry-After seconds.",
    500: "An internal error; the request id finds it in the logs.",
    503: "The service is temporarily unavailable.",
    504: "The service did not answer in time.",
}
# Statuses the gateway's own middleware (address blocking, body guard, rate limiter) may
# answer before any service is chosen, in the gateway body.
GATEWAY_REFUSALS = frozenset({403, 408, 413, 429})


def header_refs(*names: str) -> Schema:
    return {name: {"$ref": f"#/components/headers/{name}"} for name in names}


def error_schema_name(style: int) -> str:
    return _BY_STYLE.get(style, "GatewayError")


def error_response_name(style: int, status: int) -> str:
    return f"{error_schema_name(style)}.{status}"


def error_response(style: int, status: int) -> Schema:
    """The component response for `status` in the body shape of `style`."""
    headers = (*COMMON_HEADERS, *_STATUS_HEADERS.get(status, ()))
    name = error_schema_name(style)
    schema_ref: Schema = {"$ref": f"#/components/schemas/{name}"}
    if status in GATEWAY_REFUSALS and name != "GatewayError":
        # The gateway's middleware answers in the gateway body; the service (and the
        # transcoder on its behalf) in the service's body.
        schema_ref = {"anyOf": [schema_ref, {"$ref": "#/components/schemas/GatewayError"}]}
    return {
        "description": REASONS[status],
        "headers": header_refs(*headers),
        "content": {"application/json": {"schema": schema_ref}},
    }
