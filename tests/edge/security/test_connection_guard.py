"""Slowloris and connection limits in the guarded uvicorn protocol, over real sockets."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

from edge.security.settings import SecuritySettings
from tests.edge.security.harness import (
    body_of,
    connect,
    demo_app,
    dribble,
    read_response,
    read_until_closed,
    serve,
    status_of,
)

GET = b"GET /ok HTTP/1.1\r\nhost: x\r\nuser-agent: slow\r\n\r\n"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    settings = SecuritySettings(edge_header_timeout_seconds=2.0, edge_max_connections_per_ip=3)
    with serve(demo_app(settings), settings) as base:
        yield base


def test_headers_sent_a_byte_a_second_are_cut_with_408(url: str) -> None:
    with connect(url) as sock:
        sent, raw = dribble(sock, GET, interval=1.0)
    # Cut before the headers were complete, and the connection closed (read_until_closed
    # returned): the slow client holds nothing.
    assert sent < len(GET)
    assert status_of(raw) == 408
    body = json.loads(body_of(raw))
    assert body["error"] == "request_timeout" and body["request_id"]
    assert b"x-content-type-options: nosniff" in raw.lower()


def test_a_silent_connection_is_closed_too(url: str) -> None:
    with connect(url) as sock:
        assert status_of(read_until_closed(sock)) == 408


def test_a_kept_alive_connection_gets_the_deadline_per_request(url: str) -> None:
    with connect(url) as sock:
        sock.sendall(GET)
        assert status_of(read_response(sock)) == 200
        sent, raw = dribble(sock, GET, interval=1.0)
    assert sent < len(GET) and status_of(raw) == 408


def test_connections_over_the_per_ip_limit_are_answered_503(url: str) -> None:
    held = [connect(url) for _ in range(3)]
    try:
        for sock in held:  # each answered once: all three are counted by the server
            sock.sendall(GET)
            assert status_of(read_response(sock)) == 200
        with connect(url) as extra:
            extra.sendall(GET)
            raw = read_until_closed(extra)
        assert status_of(raw) == 503
        assert json.loads(body_of(raw))["error"] == "service_unavailable"
        assert b"retry-after: 1" in raw.lower()
    finally:
        for sock in held:
            sock.close()
    # The held connections are gone: a new one is served again (closing is asynchronous
    # on the server side, so allow it a few attempts).
    for _ in range(50):
        with connect(url) as sock:
            sock.sendall(GET)
            if status_of(read_response(sock)) == 200:
                return
        time.sleep(0.05)
    pytest.fail("connection slots were not released")
