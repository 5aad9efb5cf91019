"""A streamed download: a server-streaming gRPC call relayed as a chunked HTTP response.

`DownloadRoute.open` makes the call and waits for its first message within the route's
unary deadline (the query's work): until then nothing is sent, so a refusal, a backend
error or a first-byte timeout is answered by the transcoder as for a unary call, in the
service's error body. `relay` then sends the status and headers (the content type, and
the file name, from the first message), writes each message's bytes as it arrives
(one message in memory at a time: HTTP/1.1 chunked, no Content-Length) and ends the
body when the stream ends normally.

Once the first bytes went out the status cannot change: an error from the backend, or
the backend silent for longer than the idle timeout, aborts the response (`Aborted`
reaches the server, which closes the connection without the last chunk, so the client
sees a truncated body, never a complete-looking file). A client that leaves cancels the
call (Upstream.server_stream).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import AsyncExitStack, suppress
from dataclasses import dataclass
from typing import Any

import grpc

from edge.asgi import Receive, Send
from edge.balancing.upstream import ServerStream, Upstream, UpstreamMethod
from edge.rendering import ResponseRenderer

log = logging.getLogger("edge.downloads")


class Aborted(Exception):
    """A streamed download failed after its response started: the connection is closed
    without the body's end (the server logs it)."""


class FirstByteTimeout(Exception):
    """The backend sent nothing within the first-byte deadline: answered 504."""


@dataclass(frozen=True, slots=True)
class StreamTimeouts:
    """first_byte: the route's unary deadline; idle: the longest gap between two
    messages after that; total: the gRPC deadline (a backstop, not a limit on length)."""

    first_byte: float
    idle: float
    total: float


@dataclass(slots=True)
class OpenedDownload:
    stream: ServerStream
    first: Any | None  # None: the stream ended without a message (an empty file)


class DownloadRoute:
    def __init__(
        self, renderer: ResponseRenderer, method: UpstreamMethod, timeouts: StreamTimeouts
    ) -> None:
        self.renderer = renderer
        self.method = method
        self.timeouts = timeouts
        self.empty = method.deserializer(b"")  # headers of a file without a message

    async def open(
        self,
        stack: AsyncExitStack,
        upstream: Upstream,
        request: Any,
        *,
        metadata: list[tuple[str, str]],
        affinity: str | None,
        scope: Any,
    ) -> tuple[OpenedDownload, grpc.aio.Call]:
        """The call, open until `stack` closes, with its first message. Raises
        NoInstanceAvailable, the call's AioRpcError or FirstByteTimeout."""
        stream = await stack.enter_async_context(
            upstream.server_stream(
                self.method,
                request,
                metadata=metadata,
                timeout=self.timeouts.total,
                affinity=affinity,
                scope=scope,
            )
        )
        try:
            async with asyncio.timeout(self.timeouts.first_byte):
                first = await stream.read()
        except TimeoutError:
            stream.stalled()
            raise FirstByteTimeout from None
        return OpenedDownload(stream, first), stream.call

    async def relay(
        self,
        opened: OpenedDownload,
        headers: list[tuple[bytes, bytes]],
        params: Mapping[str, str],
        send: Send,
        receive: Receive,
        request_id: str,
    ) -> None:
        """Send the response: headers from the first message, then every message's
        bytes. Returns when the stream ended or the client left; raises Aborted."""
        status, head = self.renderer.head(opened.first or self.empty, params)
        await send({"type": "http.response.start", "status": status, "headers": head + headers})
        pump = asyncio.ensure_future(self._pump(opened, send, request_id))
        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            await asyncio.wait({pump, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (pump, gone):
                if not task.done():
                    task.cancel()
                    with suppress(asyncio.CancelledError):
                        await task
        if pump.done() and not pump.cancelled():
            pump.result()  # raises Aborted
            return
        log.info(
            "client left %s mid-download: call cancelled",
            self.method.full_method,
            extra={"request_id": request_id},
        )

    async def _pump(self, opened: OpenedDownload, send: Send, request_id: str) -> None:
        try:
            async for data in self._chunks(opened):
                if data:
                    await send({"type": "http.response.body", "body": data, "more_body": True})
        except grpc.aio.AioRpcError as exc:
            log.warning(
                "download %s failed after its response started (%s: %s): response aborted",
                self.method.full_method,
                exc.code().name,
                exc.details(),
                extra={"request_id": request_id},
            )
            raise Aborted(f"{self.method.full_method}: {exc.code().name}") from None
        except TimeoutError:
            opened.stream.stalled()
            log.warning(
                "download %s sent nothing for %.0f s: response aborted",
                self.method.full_method,
                self.timeouts.idle,
                extra={"request_id": request_id},
            )
            raise Aborted(f"{self.method.full_method}: idle timeout") from None
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _chunks(self, opened: OpenedDownload) -> AsyncIterator[bytes]:
        if opened.first is None:
            return
        yield self.renderer.chunk(opened.first)
        while True:
            async with asyncio.timeout(self.timeouts.idle):
                message = await opened.stream.read()
            if message is None:
                return
            yield self.renderer.chunk(message)


async def _disconnected(receive: Receive) -> None:
    """Returns once the client is gone (the request body was read already)."""
    while (await receive())["type"] != "http.disconnect":
        pass
