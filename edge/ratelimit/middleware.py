"""The rate-limit step of the request path, as a pure ASGI middleware.

It decides before the inner app runs (a refused request costs no routing, token check
or backend call) and puts the rate-limit headers on every HTTP response that passes
through it: proxied calls, errors, 404s and the management endpoints alike.

The exception is a service's per-caller quota (the expense service's per-API-key hourly
quota): that is what its client is subject to, and two sets of X-RateLimit-* headers
(or a RateLimit field contradicting them) would leave the client to guess which one
applies. So under such a service, for a request with a credential:
- when the backend answered, its relayed quota headers are kept (and remembered);
- when the edge answered before the backend (400, 404, 405, 413, 415…), the quota's
  headers are sent as they stand (quotas.py): the request was not counted;
- a 401 carries ours: the credential was refused, so no quota of its applies.
The edge's own 429 always carries ours: its limit is the one that refused.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from finplat.api.v1 import annotations_pb2

from edge import errors
from edge.asgi import REQUEST_ID_SCOPE_KEY, Message, Receive, Scope, Send
from edge.ratelimit.limiter import RateLimiter, Verdict
from edge.ratelimit.quotas import QuotaHeaders

GATEWAY = annotations_pb2.ERROR_STYLE_GATEWAY
_BACKEND_MARK = b"x-ratelimit-limit"


class RateLimitMiddleware:
    def __init__(
        self,
        app: Any,
        limiter: RateLimiter,
        on_refused: Callable[[Scope], Awaitable[None]] | None = None,
        quotas: QuotaHeaders | None = None,
    ) -> None:
        self.app = app
        self.limiter = limiter
        # Told about every refusal before it is sent (the auto-blocker counts 429s).
        self.on_refused = on_refused
        self.quotas = quotas

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

        caller = self.quotas.caller(scope) if self.quotas is not None else None

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                if any(name.lower() == _BACKEND_MARK for name, _ in headers):
                    if caller is not None:
                        caller.observe(headers)
                elif caller is not None and message["status"] != 401:
                    message["headers"] = [*headers, *caller.headers()]
                else:
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
