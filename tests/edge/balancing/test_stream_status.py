"""A backend's early refusal of a client-streaming call reaches the edge as the
backend's own status, never as grpcio's synthetic "Internal error from Core"
(edge/balancing/stream_status.py; grpc/grpc#36066).

The race is real and rare (1-3 % of early refusals on this machine), so the test makes
many real calls against a real asyncio server that refuses each one at once, while the
client streams into it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import grpc
from grpc import aio

from edge.balancing.upstream import AnsweredEarly, StreamingCall

CALLS = 400
CHUNK = b"x" * 65536


async def _refuse(requests: AsyncIterator[bytes], context: aio.ServicerContext[Any, Any]) -> bytes:
    await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "fileName: is not a statement")


async def _upload(streaming: StreamingCall) -> grpc.StatusCode:
    try:
        for _ in range(64):
            await streaming.write(CHUNK)
        await streaming.finish()
    except aio.AioRpcError as exc:
        return exc.code()
    except AnsweredEarly:
        return grpc.StatusCode.OK
    return grpc.StatusCode.OK


async def _codes() -> list[grpc.StatusCode]:
    server = aio.server()
    handler = grpc.stream_unary_rpc_method_handler(_refuse)
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler("test.Uploads", {"Upload": handler}),)
    )
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    codes: list[grpc.StatusCode] = []
    try:
        async with aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            upload = channel.stream_unary(
                "/test.Uploads/Upload",
                request_serializer=bytes,
                response_deserializer=bytes,
            )
            for _ in range(CALLS):
                codes.append(await _upload(StreamingCall(upload(None))))
    finally:
        await server.stop(0)
    return codes


def test_an_early_refusal_keeps_the_backend_s_status() -> None:
    codes = asyncio.run(_codes())
    assert set(codes) == {grpc.StatusCode.INVALID_ARGUMENT}, {c: codes.count(c) for c in set(codes)}
