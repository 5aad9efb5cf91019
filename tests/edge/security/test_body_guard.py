"""Body size and pace limits, with misbehaving raw-socket clients against real uvicorn."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from edge.asgi import Message, Scope
from edge.observability.metrics import GatewayMetrics
from edge.security.body_guard import BodyGuardMiddleware
from edge.security.settings import SecuritySettings
from tests.edge.security.harness import (
    body_of,
    connect,
    dribble,
    read_response,
    read_until_closed,
    serve,
    status_of,
)
from tests.edge.security.harness import demo_app as make_app

MAX_BODY = 1000
METRICS = GatewayMetrics()


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    settings = SecuritySettings(edge_body_gap_seconds=1.0, edge_body_timeout_seconds=2.5)
    with serve(make_app(settings, max_body_bytes=MAX_BODY, metrics=METRICS), settings) as base:
        yield base


def post_head(length: int | None) -> bytes:
    framing = f"content-length: {length}" if length is not None else "transfer-encoding: chunked"
    return f"POST /echo HTTP/1.1\r\nhost: x\r\n{framing}\r\n\r\n".encode()


def refusal(raw: bytes) -> tuple[int, str, str]:
    body = json.loads(body_of(raw))
    return status_of(raw), body["error"], body["message"]


def test_a_body_within_limits_passes(url: str) -> None:
    with connect(url) as sock:
        sock.sendall(post_head(10) + b"0123456789")
        raw = read_response(sock)
    assert status_of(raw) == 200 and json.loads(body_of(raw)) == {"received": 10}


def test_oversized_content_length_is_refused_up_front(url: str) -> None:
    with connect(url) as sock:
        sock.sendall(post_head(MAX_BODY + 1))  # no body sent: refused on the headers alone
        raw = read_until_closed(sock)
    status, code, message = refusal(raw)
    assert (status, code) == (413, "payload_too_large") and str(MAX_BODY) in message
    assert METRICS.registry.get_sample_value(
        "finplat_edge_security_refusals_total", {"reason": "payload_too_large"}
    )


def test_oversized_chunked_stream_is_refused_while_counting(url: str) -> None:
    chunk = b"x" * 600
    frames = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(3)) + b"0\r\n\r\n"
    with connect(url) as sock:
        sock.sendall(post_head(None) + frames)
        raw = read_until_closed(sock)
    assert refusal(raw)[:2] == (413, "payload_too_large")
    assert b"connection: close" in raw.lower()


def test_a_pause_between_body_chunks_is_a_408(url: str) -> None:
    with connect(url) as sock:
        sock.sendall(post_head(100) + b"x")  # then nothing: the gap limit (1 s) expires
        raw = read_until_closed(sock)
    status, code, message = refusal(raw)
    assert (status, code) == (408, "request_timeout") and "between chunks" in message


def test_a_body_dribbled_within_the_gap_still_meets_the_total_deadline(url: str) -> None:
    with connect(url) as sock:
        sock.sendall(post_head(100))
        sent, raw = dribble(sock, b"x" * 100, interval=0.5)  # 0.5 s < gap, 50 s > total
    assert sent < 100
    status, code, message = refusal(raw)
    assert (status, code) == (408, "request_timeout") and "timed out" in message


async def test_streamed_upload_routes_have_their_own_size_and_total_time() -> None:
    """A route that limits its own body (a streamed upload) is exempt from the size limit,
    and its body may take the time the route says; the gap limit still holds."""
    received: list[int] = []

    async def app(scope: Scope, receive: Any, send: Any) -> None:
        total = 0
        while True:
            message = await receive()
            total += len(message.get("body", b""))
            if not message.get("more_body"):
                break
        received.append(total)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    guard = BodyGuardMiddleware(
        app,
        max_body_bytes=100,
        body_timeout_seconds=0.2,
        body_gap_seconds=1.0,
        streamed=lambda scope: 5.0 if scope["path"] == "/upload" else None,
    )

    async def run(path: str) -> int:
        chunks = [b"x" * 80] * 4
        sent: list[Message] = []

        async def receive() -> Message:
            await asyncio.sleep(0.1)  # 0.4 s in all: over the ordinary total of 0.2 s
            body = chunks.pop()
            return {"type": "http.request", "body": body, "more_body": bool(chunks)}

        async def send(message: Message) -> None:
            sent.append(message)

        headers = [(b"content-length", b"320")]
        await guard({"type": "http", "path": path, "headers": headers}, receive, send)
        return int(sent[0]["status"])

    assert await run("/upload") == 200 and received == [320]
    assert await run("/echo") == 413  # 320 bytes declared: refused up front
