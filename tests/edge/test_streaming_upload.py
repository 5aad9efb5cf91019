"""POST /api/documents end to end through the real edge app: a multipart body streamed
into the client-streaming UploadDocument of a recording grpc.aio backend."""

from __future__ import annotations

import asyncio
import base64
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from finplat.analytics.v1 import documents_pb2

from edge.app import create_app
from edge.asgi import Message
from edge.settings import EdgeSettings
from tests.edge.security.harness import serve
from tests.edge.uploads_support import (
    DOCUMENT_ID,
    PERSONAL,
    REJECT_AFTER,
    REJECT_AT_ONCE,
    RecordingDocuments,
    analytics_error,
    closing,
    csv_statement,
    documents_backend,
    edge_client,
    field_part,
    file_head,
    file_part,
    file_tail,
    form,
    headers,
)

CHUNK = 256 * 1024
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


@pytest.fixture(scope="module")
async def backend() -> AsyncIterator[tuple[RecordingDocuments, int]]:
    async with documents_backend() as started:
        yield started


@pytest.fixture(scope="module")
def servicer(backend: tuple[RecordingDocuments, int]) -> RecordingDocuments:
    return backend[0]


@pytest.fixture
async def client(backend: tuple[RecordingDocuments, int]) -> AsyncIterator[httpx.AsyncClient]:
    async with edge_client(backend[1]) as c:
        yield c


async def test_a_multi_megabyte_file_arrives_byte_exact_in_chunk_messages(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    data = csv_statement(5 * 1024 * 1024 + 123)
    sent = headers()
    body = form(field_part("dataSource", "personal_banking"), file_part(data))
    response = await client.post("/api/documents", content=body, headers=sent)

    assert response.status_code == 201, response.text
    assert response.headers["location"] == f"/api/documents/{DOCUMENT_ID}"
    assert response.headers["cache-control"] == "no-store"
    assert "x-ratelimit-limit" in response.headers
    document = response.json()
    assert document["id"] == DOCUMENT_ID and document["status"] == "pending"
    assert document["fileName"] == "statement.csv" and document["contentType"] == "text/csv"
    assert document["dataSource"] == "personal_banking"
    assert document["sizeBytes"] == len(data)

    upload = await servicer.ended(sent["x-request-id"])
    assert upload.outcome == "half-closed"
    assert upload.data == data
    assert len(upload.messages) >= len(data) // CHUNK
    assert all(len(m.file) <= CHUNK for m in upload.messages)
    first = upload.messages[0]
    assert first.data_source == PERSONAL and first.file
    assert (first.file_name, first.content_type) == ("statement.csv", "text/csv")
    assert not any(m.file_name or m.data_source for m in upload.messages[1:])
    # The unary routes' metadata: credential, request id, client address; no spoofing.
    assert upload.metadata["authorization"] == "Bearer token"
    assert upload.metadata["x-forwarded-for"] == "203.0.113.9"


async def test_the_backend_receives_chunks_before_the_client_has_finished(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    data = csv_statement(2 * 1024 * 1024)
    half = len(data) // 2

    async def body() -> AsyncIterator[bytes]:
        yield field_part("dataSource", "credit_card") + file_head()
        yield data[:half]
        # Nothing more is sent until the backend holds part of the file.
        upload = await servicer.started(sent["x-request-id"])
        await asyncio.wait_for(upload.first_chunk.wait(), 10)
        assert upload.outcome == ""  # still open: the stream is not half-closed
        yield data[half:]
        yield file_tail() + closing()

    response = await client.post("/api/documents", content=body(), headers=sent)
    assert response.status_code == 201, response.text
    upload = await servicer.ended(sent["x-request-id"])
    assert upload.outcome == "half-closed" and upload.data == data
    assert response.json()["dataSource"] == "credit_card"


async def test_a_form_field_after_the_file_still_reaches_the_backend(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    data = csv_statement(600_000)
    body = form(file_part(data), field_part("dataSource", "investment"))
    response = await client.post("/api/documents", content=body, headers=sent)
    assert response.status_code == 201, response.text
    assert response.json()["dataSource"] == "investment"
    upload = await servicer.ended(sent["x-request-id"])
    assert upload.messages[0].data_source == 0  # not known when the call opened
    late = upload.messages[-2]  # the form field, then the message marking the end
    assert late.data_source != 0 and not late.file
    assert upload.data == data


async def test_a_whole_clean_upload_ends_with_the_complete_message(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    # The backend stores an upload only after it (a cancelled stream can end like a
    # finished one for its iterator): sent once the file is whole and scanned clean.
    sent = headers()
    body = form(field_part("dataSource", "investment"), file_part(csv_statement(300_000)))
    response = await client.post("/api/documents", content=body, headers=sent)
    assert response.status_code == 201, response.text
    upload = await servicer.ended(sent["x-request-id"])
    *chunks, last = upload.messages
    assert last == documents_pb2.UploadDocumentRequest(complete=True)
    assert not any(m.complete for m in chunks)


async def test_a_missing_file_is_400_naming_file(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    body = form(field_part("dataSource", "personal_banking"), field_part("note", "ignored"))
    response = await client.post("/api/documents", content=body, headers=sent)
    error = analytics_error(response, 400, "validation_error")
    assert error["details"] == {"file": "is required"}
    assert sent["x-request-id"] not in servicer.uploads


async def test_an_empty_file_counts_as_missing(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    body = form(field_part("dataSource", "personal_banking"), file_part(b""))
    response = await client.post("/api/documents", content=body, headers=sent)
    assert analytics_error(response, 400, "validation_error")["details"] == {"file": "is required"}
    assert sent["x-request-id"] not in servicer.uploads


async def test_a_missing_data_source_is_400_and_the_opened_call_cancelled(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    response = await client.post(
        "/api/documents", content=form(file_part(csv_statement(50_000))), headers=sent
    )
    error = analytics_error(response, 400, "validation_error")
    assert error["details"] == {"dataSource": "is required"}
    assert "dataSource" in error["error"]
    upload = await servicer.ended(sent["x-request-id"])
    assert upload.outcome == "cancelled"


async def test_an_unknown_data_source_is_400_before_the_backend(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    body = form(field_part("dataSource", "savings"), file_part(csv_statement(1000)))
    response = await client.post("/api/documents", content=body, headers=sent)
    error = analytics_error(response, 400, "validation_error")
    assert error["details"] == {
        "dataSource": "must be one of: personal_banking, business_banking, credit_card, investment"
    }
    assert sent["x-request-id"] not in servicer.uploads


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("application/json", b'{"dataSource": "personal_banking", "file": "x"}'),
        ("multipart/form-data", form(field_part("dataSource", "personal_banking"))),
        ("text/csv", b"date,amount\n"),
    ],
    ids=["json", "no-boundary", "csv"],
)
async def test_a_body_that_is_not_multipart_is_415(
    client: httpx.AsyncClient, servicer: RecordingDocuments, content_type: str, body: bytes
) -> None:
    sent = headers(**{"content-type": content_type})
    response = await client.post("/api/documents", content=body, headers=sent)
    error = analytics_error(response, 415, "unsupported_media_type")
    assert "multipart/form-data" in error["error"]
    assert sent["x-request-id"] not in servicer.uploads


@pytest.mark.parametrize(
    "body",
    [
        b"this is not multipart at all",
        field_part("dataSource", "personal_banking") + file_head() + b"date,amount\n",  # cut
        b"--finplat-upload-boundary\r\nContent-Type: text/plain\r\n\r\nno name\r\n" + closing(),
        b"",
    ],
    ids=["garbage", "truncated", "no-disposition", "empty"],
)
async def test_a_malformed_multipart_body_is_400(
    client: httpx.AsyncClient, servicer: RecordingDocuments, body: bytes
) -> None:
    sent = headers()
    response = await client.post("/api/documents", content=body, headers=sent)
    analytics_error(response, 400, "bad_request")
    if sent["x-request-id"] in servicer.uploads:  # the truncated file had opened the call
        assert (await servicer.ended(sent["x-request-id"])).outcome == "cancelled"


@pytest.mark.parametrize("declared", ["text/csv", "application/octet-stream", "image/png"], ids=str)
async def test_png_bytes_are_415_and_never_reach_the_backend(
    client: httpx.AsyncClient, servicer: RecordingDocuments, declared: str
) -> None:
    sent = headers()
    body = form(
        field_part("dataSource", "personal_banking"),
        file_part(PNG + bytes(20_000), filename="statement.csv", media=declared),
    )
    response = await client.post("/api/documents", content=body, headers=sent)
    analytics_error(response, 415, "unsupported_media_type")
    assert sent["x-request-id"] not in servicer.uploads


async def test_a_file_declared_with_a_type_not_accepted_is_415(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    body = form(
        field_part("dataSource", "personal_banking"),
        file_part(b"%PDF-1.4\n" + bytes(100), filename="s.pdf", media="application/pdf"),
    )
    response = await client.post("/api/documents", content=body, headers=sent)
    error = analytics_error(response, 415, "unsupported_media_type")
    assert "application/pdf" in error["error"]
    assert sent["x-request-id"] not in servicer.uploads


async def test_the_backend_s_invalid_argument_is_400_in_the_analytics_shape(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    for filename, reason in ((REJECT_AFTER, "is not a statement"), (REJECT_AT_ONCE, None)):
        sent = headers()
        body = form(
            field_part("dataSource", "personal_banking"),
            file_part(csv_statement(2 * 1024 * 1024), filename=filename),
        )
        response = await client.post("/api/documents", content=body, headers=sent)
        error = analytics_error(response, 400, "validation_error")
        assert error["details"] == {"fileName": reason or "is refused at once"}, filename
        assert error["error"].startswith("fileName: ")


async def test_no_credential_is_401_before_the_body_is_read(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    del sent["authorization"]
    body = form(field_part("dataSource", "personal_banking"), file_part(b"a,b\n"))
    response = await client.post("/api/documents", content=body, headers=sent)
    analytics_error(response, 401, "unauthorized")
    assert response.headers["www-authenticate"] == "Bearer"
    assert sent["x-request-id"] not in servicer.uploads


async def test_a_client_gone_mid_upload_cancels_the_call(
    backend: tuple[RecordingDocuments, int],
) -> None:
    servicer = backend[0]
    sent = headers()
    data = csv_statement(1024 * 1024)
    async with edge_client(backend[1]) as client:
        app: Any = client._transport.app  # type: ignore[attr-defined]
        script: list[Message] = [
            {"type": "http.request", "body": file_head() + data, "more_body": True},
        ]

        async def receive() -> Message:
            if script:
                return script.pop(0)
            upload = await servicer.started(sent["x-request-id"])
            await asyncio.wait_for(upload.first_chunk.wait(), 10)
            return {"type": "http.disconnect"}

        replies: list[Message] = []

        async def send(message: Message) -> None:
            replies.append(message)

        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/api/documents",
            "raw_path": b"/api/documents",
            "query_string": b"",
            "root_path": "",
            "headers": [(k.encode(), v.encode()) for k, v in sent.items()],
            "client": ("203.0.113.9", 5555),
            "server": ("edge", 80),
        }
        await app(scope, receive, send)
    upload = await servicer.ended(sent["x-request-id"])
    assert upload.outcome == "cancelled"
    assert replies[0]["status"] == 499


async def test_the_upload_limit_setting_refuses_a_larger_file_with_413(
    backend: tuple[RecordingDocuments, int],
) -> None:
    servicer = backend[0]
    data = csv_statement(600_000)
    async with edge_client(backend[1], edge_upload_limits={"documents": 300_000}) as client:
        # Declared too large: refused before a byte is read.
        sent = headers()
        declared = form(field_part("dataSource", "personal_banking"), file_part(data))
        response = await client.post("/api/documents", content=declared, headers=sent)
        assert "300000" in analytics_error(response, 413, "payload_too_large")["error"]
        assert sent["x-request-id"] not in servicer.uploads

        # Streamed without a length: refused once the file passes the limit.
        sent = headers()

        async def body() -> AsyncIterator[bytes]:
            yield field_part("dataSource", "personal_banking") + file_head()
            for start in range(0, len(data), 64 * 1024):
                yield data[start : start + 64 * 1024]
            yield file_tail() + closing()

        response = await client.post("/api/documents", content=body(), headers=sent)
        analytics_error(response, 413, "payload_too_large")
        upload = await servicer.ended(sent["x-request-id"])
        assert upload.outcome == "cancelled"
        assert 0 < len(upload.data) <= 300_000

        # Within the limit: accepted.
        sent = headers()
        small = form(field_part("dataSource", "personal_banking"), file_part(data[:250_000]))
        response = await client.post("/api/documents", content=small, headers=sent)
        assert response.status_code == 201, response.text


async def test_the_general_body_limit_does_not_apply_to_uploads(
    backend: tuple[RecordingDocuments, int],
) -> None:
    data = csv_statement(3 * 1024 * 1024)
    async with edge_client(backend[1], edge_max_body_bytes=1024 * 1024) as client:
        body = form(field_part("dataSource", "business_banking"), file_part(data))
        response = await client.post("/api/documents", content=body, headers=headers())
        assert response.status_code == 201, response.text
        assert response.json()["sizeBytes"] == len(data)
        # Other routes keep it.
        response = await client.post(
            "/api/documents/x/process", content=b"{" + bytes(2 * 1024 * 1024) + b"}",
            headers={"authorization": "Bearer t", "content-type": "application/json"},
        )  # fmt: skip
        assert response.status_code == 413


async def test_the_api_document_describes_the_multipart_body(client: httpx.AsyncClient) -> None:
    document = (await client.get("/openapi/api.json")).json()
    operation = document["paths"]["/api/documents"]["post"]
    media = operation["requestBody"]["content"]["multipart/form-data"]
    schema = media["schema"]
    assert schema["required"] == ["dataSource", "file"]
    assert schema["properties"]["file"] == {
        "type": "string",
        "format": "binary",
        "maxLength": 104857600,
        "minLength": 1,
    }
    assert set(schema["properties"]) == {"dataSource", "file"}  # the edge fills the rest
    ref = schema["properties"]["dataSource"]["$ref"].removeprefix("#/components/schemas/")
    assert document["components"]["schemas"][ref]["enum"] == [
        "personal_banking", "business_banking", "credit_card", "investment",
    ]  # fmt: skip
    assert "text/csv" in media["encoding"]["file"]["contentType"]
    assert {"201", "400", "413", "415", "422"} <= set(operation["responses"])
    assert "Location" in operation["responses"]["201"]["headers"]


async def test_over_real_uvicorn_uploads_stream_and_refusals_come_mid_body(
    backend: tuple[RecordingDocuments, int],
) -> None:
    """The server hands the body over in small pieces; a refusal is answered while the
    client is still sending, and the client reads it."""
    servicer, port = backend
    settings = EdgeSettings(edge_backends={"analytics": [f"127.0.0.1:{port}"]})
    data = csv_statement(4 * 1024 * 1024)
    with serve(create_app(settings), settings) as url:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            sent = headers()
            body = form(field_part("dataSource", "personal_banking"), file_part(data))
            response = await http.post("/api/documents", content=body, headers=sent)
            assert response.status_code == 201, response.text
            upload = await servicer.ended(sent["x-request-id"])
            assert upload.outcome == "half-closed" and upload.data == data

            sent = headers()
            body = form(field_part("dataSource", "personal_banking"), file_part(PNG + data))
            response = await http.post("/api/documents", content=body, headers=sent)
            analytics_error(response, 415, "unsupported_media_type")
            assert sent["x-request-id"] not in servicer.uploads


async def test_the_file_name_loses_its_directories_and_control_characters(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    sent = headers()
    body = form(
        field_part("dataSource", "personal_banking"),
        file_part(b"date,amount\n", filename="C:\\Users\\me\\state\x00ment\x1b.csv"),
    )
    response = await client.post("/api/documents", content=body, headers=sent)
    assert response.status_code == 201, response.text
    assert response.json()["fileName"] == "statement.csv"
    assert (await servicer.ended(sent["x-request-id"])).messages[0].file_name == "statement.csv"


async def test_streams_are_counted_and_released_like_unary_calls(
    client: httpx.AsyncClient, servicer: RecordingDocuments
) -> None:
    app: Any = client._transport.app  # type: ignore[attr-defined]
    registry = app.state.metrics.registry
    instances = app.state.upstream.pools.get("analytics").instances

    def calls(code: str) -> float:
        labels = {"backend": "analytics", "instance": next(iter(instances)), "code": code}
        return registry.get_sample_value("finplat_edge_upstream_calls_total", labels) or 0.0

    body = form(field_part("dataSource", "personal_banking"), file_part(csv_statement(10_000)))
    await client.post("/api/documents", content=body, headers=headers())
    refused = form(file_part(csv_statement(10_000)))  # no dataSource: cancelled at the end
    await client.post("/api/documents", content=refused, headers=headers())
    assert (calls("OK"), calls("CANCELLED")) == (1, 1)
    instance = next(iter(instances.values()))
    assert instance.in_flight == 0 and instance.breaker.state.value == "closed"
