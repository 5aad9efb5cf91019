"""Security response headers on every HTTP response (pure ASGI middleware).

Browsers are the clients these protect: HSTS pins HTTPS, nosniff stops a JSON error from
being run as script, DENY/frame-ancestors stop click-jacking, the CSP forbids everything
an API response never needs (the docs UI gets its own CSP per path prefix). A header the
inner app set itself is left alone: the app knows better for that response.

Proxied API responses, success and error alike, also get `Cache-Control: no-store` and
`Pragma: no-cache` (for HTTP/1.0 caches): they carry tokens, secrets and personal data,
which no browser or shared cache may keep. An RPC serving public data declares its own
Cache-Control (`HttpRules.cache_control`, e.g. the JWKS); then neither is added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from edge.asgi import Message, Receive, Scope, Send
from edge.dispatch import is_edge_path
from edge.security.settings import SecuritySettings

Headers = list[tuple[bytes, bytes]]

# Powerful browser features an API origin never uses: all denied.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "encrypted-media",
        "fullscreen",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "picture-in-picture",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
)


NO_STORE: Headers = [(b"cache-control", b"no-store"), (b"pragma", b"no-cache")]


def security_headers(hsts: str, csp: str) -> Headers:
    """The full set for one CSP, in the order they are sent."""
    return [
        (b"strict-transport-security", hsts.encode("latin-1")),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"content-security-policy", csp.encode("latin-1")),
        (b"referrer-policy", b"no-referrer"),
        (b"permissions-policy", PERMISSIONS_POLICY.encode("latin-1")),
        (b"cross-origin-opener-policy", b"same-origin"),
        (b"cross-origin-resource-policy", b"same-origin"),
    ]


class CspByPath:
    """The header set of a path: the longest configured prefix wins, else the default."""

    def __init__(self, hsts: str, default_csp: str, by_prefix: Mapping[str, str]) -> None:
        self.default = security_headers(hsts, default_csp)
        # Longest first, so "/docs/assets/" can override "/docs/".
        self._prefixed = sorted(
            ((prefix, security_headers(hsts, csp)) for prefix, csp in by_prefix.items()),
            key=lambda item: len(item[0]),
            reverse=True,
        )

    def for_path(self, path: str) -> Headers:
        for prefix, headers in self._prefixed:
            if path.startswith(prefix):
                return headers
        return self.default


class SecurityHeadersMiddleware:
    def __init__(self, app: Any, settings: SecuritySettings) -> None:
        self.app = app
        self.headers = CspByPath(
            settings.edge_hsts, settings.edge_csp_default, settings.edge_csp_by_path
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        ours = self.headers.for_path(path)
        proxied = not is_edge_path(path)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                theirs: Headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in theirs}
                theirs.extend(h for h in ours if h[0] not in present)
                if proxied and b"cache-control" not in present:
                    theirs.extend(h for h in NO_STORE if h[0] not in present)
                message["headers"] = theirs
            await send(message)

        await self.app(scope, receive, send_with_headers)
