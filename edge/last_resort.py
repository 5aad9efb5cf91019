"""The last resort: an exception on a request's way through the edge still ends in an
error response in the owning service's body, with the request id and the usual headers.

Expected failures are answered where they happen (bad input 400, no instance 503, a
backend's error mapped by edge/errors.py). This is for the unexpected: a bug, a library
raising what it never should. Without it Starlette's server-error middleware would send
a bare `Internal Server Error` in plain text, without request id or headers.

`LastResortMiddleware` sits just inside the rate limiter (edge/app.py), so its 500 passes
back out through every layer that adds headers: rate limit, security, request id, and
observability, which records the 500 like any other. A failure in those outer layers
themselves is answered by the same `internal_error` from Starlette's server-error
middleware (`install_last_resort`), with the request id but without the headers the
failed layers would have added. Once a response has started nothing more can be said:
the exception goes on to the server, which closes the connection.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from opentelemetry import trace

from edge import errors
from edge.asgi import REQUEST_ID_SCOPE_KEY, Message, Receive, Scope, Send
from edge.owners import GATEWAY, Owners

log = logging.getLogger("edge.last_resort")

INTERNAL = errors.EdgeError(500, "INTERNAL_ERROR", "internal server error")


def internal_error(scope: Scope, exc: BaseException, owners: Owners | None) -> tuple[str, bytes]:
    """Log `exc` (with the request id, on the request's span too) and render the 500 body
    of the service owning the path: (request id, body)."""
    request_id = str(scope.get(REQUEST_ID_SCOPE_KEY) or uuid.uuid4())
    method, path = scope.get("method", ""), scope.get("path", "")
    log.error(
        "unexpected error on %s %s", method, path, exc_info=exc, extra={"request_id": request_id}
    )
    trace.get_current_span().record_exception(exc)
    owner = owners.of(path) if owners is not None else GATEWAY
    return request_id, errors.render(owner.style, INTERNAL, request_id)


class LastResortMiddleware:
    def __init__(self, app: Any, owners: Owners | None = None) -> None:
        self.app = app
        self.owners = owners

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            await send(message)
            if message["type"] == "http.response.start":
                started = True  # only once it went out: a layer refusing it leaves room

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:
            if started:
                raise
            _, body = internal_error(scope, exc, self.owners)
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ]
            await send({"type": "http.response.start", "status": 500, "headers": headers})
            await send({"type": "http.response.body", "body": body})


def install_last_resort(app: FastAPI, owners: Owners | None) -> None:
    """The same answer for a failure outside the middleware: Starlette's server-error
    middleware calls this handler (then re-raises, so the server logs the error too)."""

    async def on_unexpected(request: Request, exc: Exception) -> Response:
        request_id, body = internal_error(request.scope, exc, owners)
        return Response(
            body,
            status_code=500,
            media_type="application/json",
            # The request-id layer is outside this handler's reach: say it here.
            headers={"x-request-id": request_id},
        )

    app.add_exception_handler(Exception, on_unexpected)
