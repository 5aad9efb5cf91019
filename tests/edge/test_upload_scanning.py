"""Streamed uploads scanned by a real clamd as they flow (the project's test signature)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.edge.uploads_support import (
    RecordingDocuments,
    analytics_error,
    csv_statement,
    documents_backend,
    edge_client,
    field_part,
    file_part,
    form,
    headers,
)
from tests.support.clamd import SIGNATURE_NAME, ClamdServer, clamd_server, eicar  # noqa: F401
from tools.stack import free_port


@pytest.fixture(scope="module")
async def backend() -> AsyncIterator[tuple[RecordingDocuments, int]]:
    async with documents_backend() as started:
        yield started


@pytest.fixture
async def client(
    backend: tuple[RecordingDocuments, int],
    clamd_server: ClamdServer,  # noqa: F811
) -> AsyncIterator[httpx.AsyncClient]:
    # A scan limit far below the uploads: streamed uploads are bounded by their route.
    settings = {"edge_clamd_address": clamd_server.tcp_address, "edge_scan_max_bytes": 1024}
    async with edge_client(backend[1], **settings) as c:
        yield c


def statement(data: bytes, filename: str = "statement.csv", media: str = "text/csv") -> bytes:
    return form(
        field_part("dataSource", "personal_banking"),
        file_part(data, filename=filename, media=media),
    )


async def test_eicar_is_422_and_the_backend_call_cancelled(
    client: httpx.AsyncClient, backend: tuple[RecordingDocuments, int]
) -> None:
    sent = headers()
    body = statement(eicar(), filename="eicar.txt", media="text/plain")
    response = await client.post("/api/documents", content=body, headers=sent)
    error = analytics_error(response, 422, "malware_detected")
    assert SIGNATURE_NAME in error["error"]
    upload = await backend[0].ended(sent["x-request-id"])
    assert upload.data == eicar()  # it flowed to the backend while being scanned ...
    assert upload.outcome == "cancelled"  # ... and was never completed


async def test_a_clean_upload_larger_than_the_scan_limit_passes(
    client: httpx.AsyncClient, backend: tuple[RecordingDocuments, int]
) -> None:
    sent = headers()
    data = csv_statement(30 * 1024 * 1024)  # beyond clamd's default StreamMaxLength (25 MiB)
    response = await client.post("/api/documents", content=statement(data), headers=sent)
    assert response.status_code == 201, response.text
    upload = await backend[0].ended(sent["x-request-id"])
    assert upload.outcome == "half-closed" and len(upload.data) == len(data)


@pytest.mark.parametrize("fail_open", [False, True], ids=["fail-closed", "fail-open"])
async def test_clamd_unreachable_follows_the_fail_policy(
    backend: tuple[RecordingDocuments, int], fail_open: bool
) -> None:
    settings = {
        "edge_clamd_address": f"tcp://127.0.0.1:{free_port()}",  # nothing listens there
        "edge_clamd_timeout_seconds": 2,
        "edge_clamd_fail_open": fail_open,
    }
    sent = headers()
    async with edge_client(backend[1], **settings) as client:
        body = statement(csv_statement(100_000))
        response = await client.post("/api/documents", content=body, headers=sent)
    if fail_open:
        assert response.status_code == 201, response.text
        assert (await backend[0].ended(sent["x-request-id"])).outcome == "half-closed"
    else:
        analytics_error(response, 503, "service_unavailable")
        assert sent["x-request-id"] not in backend[0].uploads
