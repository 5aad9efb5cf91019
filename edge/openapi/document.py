"""The OpenAPI 3.1 document of the whole proxied API, built once at start-up from the
route descriptors the transcoder serves. Output is deterministic: paths, methods, tags
and components are sorted, so the same protos always give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from edge.descriptors import RouteSpec
from edge.openapi.comments import Comments
from edge.openapi.operations import build_operation
from edge.openapi.responses import ERROR_SCHEMAS, HEADERS, error_response, error_response_name
from edge.openapi.schemas import Schemas
from edge.uploads.limits import UploadLimits

OPENAPI_VERSION = "3.1.0"
TITLE = "finplat API"
API_VERSION = "1"
_METHOD_ORDER = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

SECURITY_SCHEMES = {
    "bearerJwt": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "An access token from POST /api/auth/login (RS256 JWT, 15 minutes). "
        "Where an operation lists roles or scopes, the token must carry them.",
    },
    "apiKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "An expense API key issued by an operator (`finplat apikey create`), "
        "sent as `Authorization: Bearer <key>`.",
    },
}

DESCRIPTION = (
    "The REST face of finplat's gRPC services, generated from their protobuf contracts "
    "(the same descriptors the gateway transcodes with). Every response carries "
    "X-Request-ID and the X-RateLimit-* headers; every error carries request_id in the "
    "owning service's error body."
)


def build_api_document(
    routes: Sequence[RouteSpec],
    comments: Comments | None = None,
    upload_limits: UploadLimits | None = None,
) -> dict[str, Any]:
    """`upload_limits`: the run-time upload limits stated as `maxLength` of file parts
    (None: the protos' declared limits)."""
    comments = comments or Comments()
    schemas = Schemas(comments)
    paths: dict[str, dict[str, Any]] = {}
    tags: dict[str, str] = {}
    errors: set[tuple[int, int]] = set()
    bindings: dict[str, int] = {}
    for spec in routes:
        service = spec.method.containing_service
        count = bindings[spec.full_method] = bindings.get(spec.full_method, 0) + 1
        # Additional bindings of one RPC need their own (unique) operationId.
        operation_id = f"{service.name}_{spec.method.name}" + (f"_{count}" if count > 1 else "")
        operation = build_operation(spec, schemas, comments, operation_id, upload_limits)
        paths.setdefault(operation.path, {})[operation.method] = operation.body
        errors |= operation.error_responses
        tags.setdefault(service.name, comments(service.full_name))

    responses = {error_response_name(s, code): error_response(s, code) for s, code in errors}
    return {
        "openapi": OPENAPI_VERSION,
        "info": {"title": TITLE, "version": API_VERSION, "description": DESCRIPTION},
        "servers": [{"url": "/"}],
        "tags": [_tag(name, tags[name]) for name in sorted(tags)],
        "paths": {
            path: {m: paths[path][m] for m in _METHOD_ORDER if m in paths[path]}
            for path in sorted(paths)
        },
        "components": {
            "schemas": dict(sorted({**schemas.components(), **ERROR_SCHEMAS}.items())),
            "responses": {name: responses[name] for name in sorted(responses)},
            "headers": HEADERS,
            "securitySchemes": SECURITY_SCHEMES,
        },
    }


def _tag(name: str, description: str) -> dict[str, str]:
    return {"name": name, "description": description} if description else {"name": name}
