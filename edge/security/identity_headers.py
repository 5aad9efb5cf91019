"""Header-spoofing prevention: identity headers sent by a client are removed on entry.

Identity is established only from the verified credential (JWT or API key). A header such
as `X-User-Id` or `X-Auth-Roles` arriving from the Internet is an attempt to be someone
else, so it is dropped from the scope before any route (management included) or any
code that might forward or log it sees it. The transcoder forwards an allow-list of
headers anyway; this covers everything else the edge runs.
"""

from __future__ import annotations

from typing import Any

from edge.asgi import Receive, Scope, Send

IDENTITY_HEADERS = frozenset(
    {b"x-user-id", b"x-tenant-id", b"x-forwarded-user", b"x-roles", b"x-scopes"}
)
IDENTITY_PREFIXES = (b"x-principal-", b"x-auth-")

Headers = list[tuple[bytes, bytes]]


def is_identity_header(name: bytes) -> bool:
    lowered = name.lower()
    return lowered in IDENTITY_HEADERS or lowered.startswith(IDENTITY_PREFIXES)


def strip_identity_headers(headers: Headers) -> Headers:
    """`headers` without identity headers (the same list when there are none)."""
    if not any(is_identity_header(name) for name, _ in headers):
        return headers
    return [(name, value) for name, value in headers if not is_identity_header(name)]


class StripIdentityHeadersMiddleware:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            scope["headers"] = strip_identity_headers(scope["headers"])
        await self.app(scope, receive, send)
