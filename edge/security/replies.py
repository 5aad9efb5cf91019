"""Refusals the security controls send themselves, always in the gateway error body.

Middlewares answer through ASGI `send`; the connection guard, which runs before any ASGI
app exists, writes raw HTTP/1.1 bytes. Both render with `edge.errors.render`.
"""

from __future__ import annotations

import http
import uuid
from collections.abc import Iterable

from finplat.api.v1 import annotations_pb2

from edge import errors
from edge.asgi import REQUEST_ID_SCOPE_KEY, Scope, Send
from edge.observability.metrics import GatewayMetrics

GATEWAY = annotations_pb2.ERROR_STYLE_GATEWAY
Headers = list[tuple[bytes, bytes]]


def request_id_of(scope: Scope) -> str:
    return str(scope.get(REQUEST_ID_SCOPE_KEY) or uuid.uuid4())


def count(metrics: GatewayMetrics | None, error: errors.EdgeError) -> None:
    if metrics is not None:
        metrics.refused(errors.lower_code(error.reason))


async def send_error(
    send: Send,
    scope: Scope,
    error: errors.EdgeError,
    headers: Iterable[tuple[bytes, bytes]] = (),
    *,
    close: bool = False,
) -> None:
    """Answer `error`; `close` asks the server to drop the connection after it (the
    rest of the request cannot be trusted or is not worth reading)."""
    body = errors.render(GATEWAY, error, request_id_of(scope))
    out: Headers = [
        *headers,
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if close:
        out.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": error.status, "headers": out})
    await send({"type": "http.response.body", "body": body})


def raw_response(error: errors.EdgeError, headers: Iterable[tuple[bytes, bytes]] = ()) -> bytes:
    """A complete `Connection: close` HTTP/1.1 response, for the protocol layer."""
    request_id = str(uuid.uuid4())
    body = errors.render(GATEWAY, error, request_id)
    phrase = http.HTTPStatus(error.status).phrase.encode()
    lines = [b"HTTP/1.1 %d %s" % (error.status, phrase)]
    all_headers: Headers = [
        *headers,
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        (b"x-request-id", request_id.encode()),
    ]
    lines.extend(name + b": " + value for name, value in all_headers)
    return b"\r\n".join(lines) + b"\r\n\r\n" + body
