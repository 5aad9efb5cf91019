"""A recording DocumentService on a real grpc.aio server, the real edge app in front of it,
and multipart bodies built by hand (so tests can stream, truncate or misorder them)."""

from __future__ import annotations

import asyncio
import hashlib
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import grpc
import httpx
from finplat.analytics.v1 import common_pb2, documents_pb2, documents_pb2_grpc
from google.protobuf import timestamp_pb2

from edge.app import create_app
from edge.settings import EdgeSettings
from services.runtime.errors import InvalidArgument
from services.runtime.status import to_status
from tests.edge.recorded_calls import RecordsCalls

DOCUMENT_ID = "5b0f7c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b"
BOUNDARY = "finplat-upload-boundary"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"
# File names the double answers with an INVALID_ARGUMENT: after the whole stream, or at
# its first message (while the edge is still sending).
REJECT_AFTER = "reject.csv"
REJECT_AT_ONCE = "early.csv"


@dataclass
class Upload:
    """One UploadDocument call as the backend saw it."""

    metadata: dict[str, str]
    messages: list[Any] = field(default_factory=list)
    outcome: str = ""  # "half-closed" (the client finished) or "cancelled"
    first_chunk: asyncio.Event = field(default_factory=asyncio.Event)
    ended: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def data(self) -> bytes:
        return b"".join(m.file for m in self.messages)

    def fields(self) -> Any:
        """The non-file fields, merged over every message (a field set in any counts)."""
        merged = documents_pb2.UploadDocumentRequest()
        for m in self.messages:
            merged.MergeFrom(m)
        merged.ClearField("file")
        return merged


class RecordingDocuments(documents_pb2_grpc.DocumentServiceServicer, RecordsCalls[Upload]):
    def __init__(self) -> None:
        super().__init__()
        self.uploads = self.calls

    async def UploadDocument(self, request_iterator: Any, context: Any) -> Any:
        metadata = {k: v for k, v in context.invocation_metadata()}
        upload = self.uploads[metadata["x-request-id"]] = Upload(metadata)
        try:
            async for request in request_iterator:
                upload.messages.append(request)
                if request.file:
                    upload.first_chunk.set()
                if request.file_name == REJECT_AT_ONCE:
                    await _invalid(context, "file_name", "is refused at once")
            # grpc.aio ends the request stream on the client's cancellation as on its
            # half-close, and cancels this handler just after: wait for that before
            # taking the end as the half-close.
            await asyncio.sleep(0.2)
            upload.outcome = "half-closed"
        except asyncio.CancelledError:
            upload.outcome = "cancelled"
            raise
        finally:
            upload.ended.set()
        fields = upload.fields()
        if fields.file_name == REJECT_AFTER:
            await _invalid(context, "file_name", "is not a statement")
        data = upload.data
        return documents_pb2.UploadDocumentResponse(document=document(fields, data))


async def _invalid(context: Any, field_path: str, reason: str) -> None:
    status = to_status(InvalidArgument.for_field(field_path, reason), domain="analytics")
    await context.abort(status.code, status.details, status.trailing_metadata)


def document(fields: Any, data: bytes) -> Any:
    return documents_pb2.Document(
        id=DOCUMENT_ID,
        file_name=fields.file_name,
        content_type=fields.content_type,
        size_bytes=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        data_source=fields.data_source,
        status=documents_pb2.DOCUMENT_STATUS_PENDING,
        uploaded_at=timestamp_pb2.Timestamp(seconds=1767225600),
        updated_at=timestamp_pb2.Timestamp(seconds=1767225600),
    )


PERSONAL = common_pb2.DATA_SOURCE_PERSONAL_BANKING


@asynccontextmanager
async def documents_backend() -> AsyncIterator[tuple[RecordingDocuments, int]]:
    server = grpc.aio.server()
    servicer = RecordingDocuments()
    documents_pb2_grpc.add_DocumentServiceServicer_to_server(servicer, server)  # type: ignore[no-untyped-call]
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        yield servicer, port
    finally:
        await server.stop(None)


@asynccontextmanager
async def edge_client(port: int, **settings: Any) -> AsyncIterator[httpx.AsyncClient]:
    """The real edge app (every middleware) in front of the double, through ASGI."""
    app = create_app(EdgeSettings(edge_backends={"analytics": [f"127.0.0.1:{port}"]}, **settings))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=("203.0.113.9", 5555))
        async with httpx.AsyncClient(transport=transport, base_url="http://edge", timeout=60) as c:
            yield c


def headers(**extra: str) -> dict[str, str]:
    """A fresh request id (it finds the backend's call) and a credential."""
    return {
        "authorization": "Bearer token",
        "x-request-id": str(uuid.uuid4()),
        "content-type": MULTIPART,
        **extra,
    }


def field_part(name: str, value: str) -> bytes:
    return (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
    ).encode()


def file_head(
    name: str = "file", filename: str = "statement.csv", media: str = "text/csv"
) -> bytes:
    """A file part's boundary and headers: its bytes follow, then `file_tail()`."""
    return (
        f"--{BOUNDARY}\r\n"
        f'Content-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
        f"Content-Type: {media}\r\n\r\n"
    ).encode()


def file_tail() -> bytes:
    return b"\r\n"


def closing() -> bytes:
    return f"--{BOUNDARY}--\r\n".encode()


def form(*parts: bytes) -> bytes:
    return b"".join(parts) + closing()


def file_part(data: bytes, **kwargs: str) -> bytes:
    return file_head(**kwargs) + data + file_tail()


def csv_statement(size: int) -> bytes:
    """A text statement of `size` bytes that never repeats (misordered chunks would show),
    built in C: a test blocking the event loop for long starves the edge's health checks."""
    header = b"date,amount,description\n"
    return header + os.urandom(size // 2 + 1).hex().encode()[: size - len(header)]


def analytics_error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The analytics error body `{error, code, details, timestamp}` (+ request_id)."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"error", "code", "details", "timestamp", "request_id"}, body
    assert body["code"] == code, body
    assert body["request_id"] == response.headers["x-request-id"]
    return body
