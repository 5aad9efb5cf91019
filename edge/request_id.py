"""Request ids: accept a sane incoming X-Request-ID, else mint a UUID; echo it on every response.

A pure ASGI middleware (no BaseHTTPMiddleware task/stream overhead). The id is put in the
scope for the transcoder (error bodies, x-request-id metadata) and appended to the
response headers of every HTTP response, management endpoints included.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from edge.asgi import REQUEST_ID_SCOPE_KEY, Message, Receive, Scope, Send

# Ids end up in logs, metadata and headers: short token characters only.
_SANE = re.compile(rb"[A-Za-z0-9][A-Za-z0-9._:\-]{0,127}\Z")


def request_id_of(headers: list[tuple[bytes, bytes]]) -> str:
    for name, value in headers:
        if name == b"x-request-id":
            if _SANE.match(value):
                return value.decode("ascii")
            break
    return str(uuid.uuid4())


class RequestIdMiddleware:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = request_id_of(scope["headers"])
        scope[REQUEST_ID_SCOPE_KEY] = request_id
        header = (b"x-request-id", request_id.encode("ascii"))

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), header]
            await send(message)

        await self.app(scope, receive, send_with_id)
