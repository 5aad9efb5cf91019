"""The rate-limit step of the request path, as a pure ASGI middleware.

It decides before the inner app runs (a refused request costs no routing, token check
or backend call) and puts the rate-limit headers on every HTTP response that passes
through it: proxied calls, errors, 404s and the management endpoints alike.

One exception: when the response already carries x-ratelimit-* (the expense service
counts its own per-API-key quota and the transcoder relays it), the backend's headers
are kept and ours are not added. That quota is stricter and is what the client is
actually subject to on that call; two sets of X-RateLimit-* headers (or a RateLimit
field contradicting them) would leave the client to guess which one applies.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from finplat.api.v1 import annotations_pb2

from edge import errors
from edge.asgi import REQUEST_ID_SCOPE_KEY, Message, Receive, Scope, Send
from edge.ratelimit.limiter import RateLimiter, Verdict

GATEWAY = annotations_pb2.ERROR_STYLE_GATEWAY
_BACKEND_MARK = b"x-ratelimit-limit"


class RateLimitMiddleware:
    def __init__(
        self,
        app: Any,
        limiter: RateLimiter,
        on_refused: Callable[[Scope], Awaitable[None]] | None = None,
    ) -> None:
        self.app = app
        self.limiter = limiter
        # Told about every refusal before it is sent (the auto-blocker counts 429s).
        self.on_refused = on_refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        verdict = await self.limiter.check(scope)
        ours = verdict.headers()
        if not verdict.allowed:
            if self.on_refused is not None:
                await self.on_refused(scope)
            await _refuse(scope, send, verdict, ours)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                if not any(name.lower() == _BACKEND_MARK for name, _ in headers):
                    message["headers"] = [*headers, *ours]
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _refuse(
    scope: Scope, send: Send, verdict: Verdict, headers: list[tuple[bytes, bytes]]
) -> None:
    d = verdict.decision
    error = errors.EdgeError(
        429,
        "RATE_LIMITED",
        f"rate limit of {d.limit} requests per {verdict.window}s exceeded; "
        f"retry in {d.retry_after}s",
    )
    body = errors.render(GATEWAY, error, str(scope.get(REQUEST_ID_SCOPE_KEY, "")))
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
