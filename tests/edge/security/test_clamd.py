"""Malware scanning through a real clamd loaded with the project's own test signature."""

from __future__ import annotations

import os
from collections.abc import Iterator

import httpx
import pytest

from edge.security.clamd import ClamdClient, ClamdUnavailable, parse_reply
from edge.security.content import ContentInspector
from edge.security.settings import SecuritySettings
from tests.edge.security.harness import demo_app, serve
from tests.support.clamd import SIGNATURE_NAME, ClamdServer, clamd_server, eicar  # noqa: F401

CLEAN = b"date,amount\n2024-01-02,12.50\n"


@pytest.fixture(scope="module")
def upload_url(clamd_server: ClamdServer) -> Iterator[str]:  # noqa: F811
    config = SecuritySettings(edge_clamd_address=clamd_server.tcp_address)
    inspector = ContentInspector.from_settings(config)
    with serve(demo_app(config, max_body_bytes=1 << 20, inspector=inspector), config) as url:
        yield url


def test_an_eicar_upload_is_422_naming_the_signature(upload_url: str) -> None:
    response = httpx.post(
        f"{upload_url}/upload", content=eicar(), headers={"content-type": "text/plain"}
    )
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "malware_detected" and SIGNATURE_NAME in body["message"]
    assert body["request_id"] == response.headers["x-request-id"]


def test_a_clean_upload_passes(upload_url: str) -> None:
    response = httpx.post(
        f"{upload_url}/upload", content=CLEAN, headers={"content-type": "text/csv"}
    )
    assert response.status_code == 200 and response.json() == {"stored": True}


def test_a_mismatched_upload_is_refused_before_scanning(upload_url: str) -> None:
    response = httpx.post(
        f"{upload_url}/upload", content=b"%PDF-1.4\n", headers={"content-type": "image/png"}
    )
    assert response.status_code == 415 and response.json()["error"] == "unsupported_media_type"


async def test_the_unix_socket_and_multi_chunk_streams(clamd_server: ClamdServer) -> None:  # noqa: F811
    client = ClamdClient(clamd_server.unix_address, timeout_seconds=10, chunk_bytes=7)
    assert await client.ping()
    found = (await client.scan(eicar())).signature
    assert found is not None and found.startswith(SIGNATURE_NAME)  # clamd adds .UNOFFICIAL
    large = os.urandom(300_000)
    tcp = ClamdClient(clamd_server.tcp_address, timeout_seconds=10, chunk_bytes=4096)
    assert not (await tcp.scan(large)).infected


async def test_a_session_scans_what_it_is_fed_piece_by_piece(
    clamd_server: ClamdServer,  # noqa: F811
) -> None:
    client = ClamdClient(clamd_server.tcp_address, timeout_seconds=10, chunk_bytes=16)
    session = await client.session()
    try:
        data = eicar()
        for start in range(0, len(data), 10):  # pieces that straddle clamd's chunks
            await session.feed(data[start : start + 10])
        found = (await session.finish()).signature
    finally:
        session.close()
    assert found is not None and found.startswith(SIGNATURE_NAME)
    clean = await client.session()
    try:
        await clean.feed(CLEAN)
        await clean.feed(b"")
        assert not (await clean.finish()).infected
    finally:
        clean.close()


def test_replies_are_parsed() -> None:
    assert parse_reply(b"stream: OK\0").signature is None
    assert parse_reply(b"stream: Win.Test.EICAR_HDB-1 FOUND\0").signature == "Win.Test.EICAR_HDB-1"
    with pytest.raises(ClamdUnavailable, match="size limit"):
        parse_reply(b"INSTREAM size limit exceeded. ERROR\0")
    with pytest.raises(ClamdUnavailable):
        parse_reply(b"garbage")


async def test_clamd_down_fails_closed_by_default_and_open_when_configured(
    clamd_server: ClamdServer,  # noqa: F811
) -> None:
    closed = ContentInspector.from_settings(
        SecuritySettings(edge_clamd_address=clamd_server.tcp_address, edge_clamd_timeout_seconds=2)
    )
    opened = ContentInspector.from_settings(
        SecuritySettings(
            edge_clamd_address=clamd_server.unix_address,
            edge_clamd_timeout_seconds=2,
            edge_clamd_fail_open=True,
        )
    )
    clamd_server.stop()
    try:
        error = await closed.inspect_body("text/plain", eicar(), None)
        assert error is not None
        assert (error.status, error.reason) == (503, "SERVICE_UNAVAILABLE")
        assert await opened.inspect_body("text/plain", CLEAN, None) is None
    finally:
        clamd_server.start()
    assert await closed.inspect_body("text/plain", CLEAN, None) is None


async def test_uploads_over_the_scan_limit_are_413(clamd_server: ClamdServer) -> None:  # noqa: F811
    inspector = ContentInspector(
        ClamdClient(clamd_server.tcp_address, timeout_seconds=5), scan_max_bytes=10
    )
    error = await inspector.inspect_body("text/plain", CLEAN, None)
    assert error is not None and error.status == 413
