"""IP allow/deny lists and automatic blocking (pure ASGI middleware).

Refused clients get 403 `ip_blocked` (with Retry-After while an automatic block lasts).
The middleware learns about auth failures and rate-limit refusals only from the statuses
passing through `send` (401, 429), so neither the limiter nor the auth code knows it
exists. Allow-listed clients are never blocked automatically.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from edge import errors
from edge.asgi import Message, Receive, Scope, Send
from edge.observability.metrics import GatewayMetrics
from edge.security.blocklist import AutoBlocker, Kind
from edge.security.networks import IpRules
from edge.security.replies import count, send_error
from edge.security.settings import SecuritySettings

_OBSERVED: dict[int, Kind] = {401: "auth", 429: "rate"}
NOT_ALLOWED = errors.EdgeError(403, "IP_BLOCKED", "requests from this address are not allowed")


def client_ip(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


class IpFilterMiddleware:
    def __init__(
        self,
        app: Any,
        settings: SecuritySettings,
        blocker: AutoBlocker | None = None,
        metrics: GatewayMetrics | None = None,
    ) -> None:
        self.app = app
        self.rules = IpRules(settings.edge_ip_allow, settings.edge_ip_deny)
        self.blocker = blocker
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        ip = client_ip(scope)
        if self.rules.denied(ip):
            count(self.metrics, NOT_ALLOWED)
            await send_error(send, scope, NOT_ALLOWED)
            return
        blocker = self.blocker
        if blocker is None or self.rules.allow_listed(ip):
            await self.app(scope, receive, send)
            return
        blocked_for = await blocker.blocked_for(ip)
        if blocked_for > 0:
            error = errors.EdgeError(
                403,
                "IP_BLOCKED",
                f"this address is blocked for {blocked_for}s after repeated refused requests",
            )
            count(self.metrics, error)
            await send_error(send, scope, error, [(b"retry-after", str(blocked_for).encode())])
            return

        async def observing_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                kind = _OBSERVED.get(int(message["status"]))
                if kind is not None:
                    # Counted before the refusal leaves: the client's next request already
                    # sees the block. Only refused responses wait for this.
                    await blocker.record(ip, kind)
            await send(message)

        await self.app(scope, receive, observing_send)


def rate_limit_recorder(
    settings: SecuritySettings, blocker: AutoBlocker | None
) -> Callable[[Scope], Awaitable[None]] | None:
    """What the rate limiter calls when it refuses a request.

    The limiter sits outside the IP filter (so the filter's own refusals carry the
    rate-limit headers too), which means the filter never sees the limiter's 429s; the
    limiter reports them here instead, with the same allow-list exemption."""
    if blocker is None:
        return None
    rules = IpRules(settings.edge_ip_allow, settings.edge_ip_deny)

    async def record(scope: Scope) -> None:
        ip = client_ip(scope)
        if ip and not rules.allow_listed(ip):
            await blocker.record(ip, "rate")

    return record
