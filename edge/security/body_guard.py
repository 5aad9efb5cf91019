"""Request-body limits for every route (pure ASGI middleware): size and pace.

413 `payload_too_large` up front from Content-Length, or as soon as the streamed chunks
(chunked encoding, or a lying Content-Length) pass `edge_max_body_bytes`. 408
`request_timeout` when a client dribbles its body: a pause between chunks longer than
`edge_body_gap_seconds`, or the whole body taking longer than `edge_body_timeout_seconds`
(slow-POST attacks hold a worker per connection for as long as they like otherwise).

A streamed upload route (edge/uploads/) limits its own body's size, by the file part's
declared limit, and its body may take as long as its call's deadline: for those requests
(`streamed(scope)` returns that time) only the pace between chunks is enforced here.

The refusal is sent from inside the wrapped `receive`, before the inner app can answer,
and `receive` then raises `BodyRefused`: whatever the app does with that (propagate it,
or turn it into its own error), its response is dropped and the connection closed, so
a partial body is never processed.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from typing import Any

from edge import errors
from edge.asgi import Message, Receive, Scope, Send
from edge.observability.metrics import GatewayMetrics
from edge.security.replies import count, send_error


class BodyRefused(Exception):
    """Raised from `receive` after the guard answered; the request is over."""

    def __init__(self, error: errors.EdgeError) -> None:
        super().__init__(error.message)
        self.error = error


def too_slow(what: str) -> errors.EdgeError:
    return errors.EdgeError(408, "REQUEST_TIMEOUT", f"request body {what}")


def declared_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else None
    return None


class BodyGuardMiddleware:
    def __init__(
        self,
        app: Any,
        *,
        max_body_bytes: int,
        body_timeout_seconds: float,
        body_gap_seconds: float,
        metrics: GatewayMetrics | None = None,
        streamed: Callable[[Scope], float | None] | None = None,
    ) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.body_timeout = body_timeout_seconds
        self.body_gap = body_gap_seconds
        self.metrics = metrics
        self.streamed = streamed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit: float = self.max_body_bytes
        body_timeout = self.body_timeout
        upload_time = self.streamed(scope) if self.streamed is not None else None
        if upload_time is not None:
            limit, body_timeout = math.inf, upload_time
        length = declared_length(scope)
        if length is not None and length > limit:
            await self._refuse(send, scope, errors.too_large(self.max_body_bytes))
            return

        answered = False  # the guard sent (or, mid-response, gave up on) the refusal
        started = False  # the app began its response: too late for ours
        received = 0
        deadline = 0.0  # set by the first receive: time spent before it is not the client's
        complete = False

        async def guarded_receive() -> Message:
            nonlocal answered, received, deadline, complete
            if answered:
                raise BodyRefused(too_slow("refused"))
            if complete:
                return await receive()  # only http.disconnect remains
            now = time.monotonic()
            if not deadline:
                deadline = now + body_timeout
            wait = min(self.body_gap, deadline - now)
            try:
                message = await asyncio.wait_for(receive(), timeout=max(wait, 0.0))
            except TimeoutError:
                what = "timed out" if wait < self.body_gap else "paused too long between chunks"
                limits = f"{body_timeout:g}s in all, {self.body_gap:g}s between chunks"
                raise await refused(too_slow(f"{what} ({limits})")) from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise await refused(errors.too_large(self.max_body_bytes))
                complete = not message.get("more_body", False)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if not answered:  # after our refusal the app's answer has nowhere to go
                started = True
                await send(message)

        async def refused(error: errors.EdgeError) -> BodyRefused:
            nonlocal answered
            answered = True
            if not started:
                await self._refuse(send, scope, error)
            return BodyRefused(error)

        try:
            await self.app(scope, guarded_receive, guarded_send)
        except BodyRefused:
            if not answered:
                raise

    async def _refuse(self, send: Send, scope: Scope, error: errors.EdgeError) -> None:
        count(self.metrics, error)
        # Close: the rest of the body is still on the wire and will not be read.
        await send_error(send, scope, error, close=True)
