"""OpenAPI 3.1 of the proxied API, generated from the protos, and the documentation
endpoints (/openapi/api.json, /docs, Swagger UI)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import finplat

from edge.descriptors import RouteSpec
from edge.openapi.comments import Comments
from edge.openapi.docs import docs_router
from edge.openapi.document import build_api_document
from edge.openapi.settings import OpenApiSettings
from edge.uploads.limits import UploadLimits

# Where tools/codegen.py writes the descriptor set with source info (see comments.py).
DEFAULT_DESCRIPTOR_SET = Path(next(iter(finplat.__path__))) / "descriptor_set.binpb"


def api_document(
    routes: Sequence[RouteSpec],
    descriptor_set: Path | None = None,
    upload_limits: UploadLimits | None = None,
) -> dict[str, Any]:
    """The API document of `routes`, with the proto comments of `descriptor_set` (default:
    DEFAULT_DESCRIPTOR_SET when present) and the upload limits in force."""
    path = descriptor_set or DEFAULT_DESCRIPTOR_SET
    comments = Comments.load(path) if descriptor_set or path.is_file() else Comments()
    return build_api_document(routes, comments, upload_limits)


__all__ = [
    "DEFAULT_DESCRIPTOR_SET",
    "Comments",
    "OpenApiSettings",
    "api_document",
    "build_api_document",
    "docs_router",
]
