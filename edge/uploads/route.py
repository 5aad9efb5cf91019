"""A streamed upload route, compiled once: its file part, limits and form fields.

`UploadRoute.call` serves one request: it refuses what it can before reading (a body
that is not multipart/form-data: 415; a Content-Length over the limit: 413), binds the
path and cookies, then hands the body to an `UploadStream` (edge/uploads/stream.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import grpc

from edge import errors
from edge.asgi import Receive, Scope
from edge.balancing.upstream import Upstream, UpstreamMethod
from edge.binding import RequestBinder
from edge.security.content import ContentInspector
from edge.uploads.declaration import file_part
from edge.uploads.limits import UploadLimits, body_limit
from edge.uploads.parts import PartReader, boundary_of
from edge.uploads.stream import UploadStream

NOT_MULTIPART = errors.EdgeError(
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    "the request body must be multipart/form-data (with a boundary)",
)


@dataclass(frozen=True, slots=True)
class UploadRequest:
    """What the transcoder knows of a request before its body."""

    params: dict[str, str]
    content_type: str
    content_length: int  # -1: not declared
    cookie: str
    metadata: list[tuple[str, str]]
    affinity: str | None
    scope: Scope


class UploadRoute:
    def __init__(
        self,
        binder: RequestBinder,
        naming: int,
        method: UpstreamMethod,
        limits: UploadLimits,
        timeout: float,
    ) -> None:
        self.binder = binder
        self.part = file_part(binder.codec.descriptor, naming)
        self.file_limit = limits.file_limit(self.part.rules)
        self.body_limit = body_limit(self.file_limit)
        # Form fields: every text-settable field but the part and what the edge fills.
        self.fields = binder.text_targets(self.part.filled | {self.part.field})
        self.method = method
        self.timeout = timeout

    async def call(
        self,
        upstream: Upstream,
        inspector: ContentInspector,
        receive: Receive,
        request: UploadRequest,
    ) -> tuple[Any, grpc.aio.StreamUnaryCall[Any, Any]]:
        """The backend's response and the finished call. Raises errors.Refusal,
        DecodeFailed (bad form values), NoInstanceAvailable or the call's AioRpcError."""
        boundary = boundary_of(request.content_type)
        if boundary is None:
            raise errors.Refusal(NOT_MULTIPART)
        if request.content_length > self.body_limit:
            raise errors.Refusal(errors.too_large(self.file_limit, "the file"))
        form = self.binder.bind(request.params, b"", b"", "", request.cookie, check=False)
        reader = PartReader(receive, boundary, max_body=self.body_limit)
        return await UploadStream(self, upstream, inspector, request, form).run(reader)
