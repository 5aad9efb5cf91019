"""POST /api/v1/accounting/reports/export end to end through the real edge app: a
server-streamed google.api.HttpBody from a scripted ReportService on a real grpc.aio
server, relayed as a chunked response (edge/downloads/). The script is chosen by the
request's `source_module`; streaming, disconnects and aborts are checked over real
uvicorn, where the client sees what the wire carries."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc
import httpx
import pytest
from finplat.accounting.v1 import reports_pb2, reports_pb2_grpc
from finplat.identity.v1 import sessions_pb2, sessions_pb2_grpc
from google.api import httpbody_pb2

from edge.app import create_app
from edge.settings import EdgeSettings
from services.runtime.errors import InvalidArgument
from services.runtime.status import to_status
from tests.edge.recorded_calls import RecordsCalls
from tests.edge.security.harness import serve
from tests.runtime.tokens_support import AUDIENCE, ISSUER, JwksServer, claims, sign

PATH = "/api/v1/accounting/reports/export"
CHUNK = 256 * 1024
FILENAME = "gl_detail_2026-01-01.csv"


@dataclass
class Export:
    """One StreamReportExport call as the backend saw it."""

    request: Any
    metadata: dict[str, str]
    sent: int = 0  # messages yielded
    outcome: str = ""  # "finished", "cancelled" or "aborted"
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    go_on: asyncio.Event = field(default_factory=asyncio.Event)


def chunk(data: bytes, first: bool = False, filename: str = FILENAME) -> Any:
    body = httpbody_pb2.HttpBody(data=data, content_type="text/csv; charset=utf-8" if first else "")
    return reports_pb2.StreamReportExportResponse(chunk=body, filename=filename if first else "")


def block(index: int) -> bytes:
    """CHUNK bytes that differ per index (misordered or lost chunks would show)."""
    return (f"{index:08d}," * (CHUNK // 9 + 1)).encode()[:CHUNK]


class ScriptedReports(reports_pb2_grpc.ReportServiceServicer, RecordsCalls[Export]):
    def __init__(self) -> None:
        super().__init__()
        self.exports = self.calls

    async def StreamReportExport(self, request: Any, context: Any) -> AsyncIterator[Any]:
        metadata = {k: v for k, v in context.invocation_metadata()}
        export = self.exports[metadata["x-request-id"]] = Export(request, metadata)
        script = request.export.source_module
        try:
            async for message in self._script(script, request, context, export):
                yield message
                export.sent += 1
            export.outcome = "finished"
        except asyncio.CancelledError:
            export.outcome = "cancelled"
            raise
        finally:
            if not export.outcome:
                export.outcome = "aborted"
            export.ended.set()

    async def _script(
        self, script: str, request: Any, context: Any, export: Export
    ) -> AsyncIterator[Any]:
        if script == "refuse":
            status = to_status(InvalidArgument.for_field("currency", "is not used"), domain="main")
            await context.abort(status.code, status.details, status.trailing_metadata)
        count = {"large": 40, "break": 2, "endless": 10**6, "stall": 10**6, "held": 3}.get(
            script, 3
        )
        for index in range(count):
            if script == "break" and index == 1:
                await context.abort(grpc.StatusCode.INTERNAL, "the disk is on fire")
            if script == "stall" and index == 1:
                await asyncio.sleep(60)
            if script == "held" and index == 1:
                await export.go_on.wait()  # the test lets it go once it read chunk 0
            if script == "endless":
                await asyncio.sleep(0.02)
            yield chunk(block(index), first=index == 0)


class ActiveSessions(sessions_pb2_grpc.SessionServiceServicer):
    """Main's session check, as the edge's token verifier calls it: every session lives."""

    async def CheckSession(self, request: Any, context: Any) -> Any:
        return sessions_pb2.CheckSessionResponse()


@pytest.fixture(scope="module")
def jwks() -> Iterator[JwksServer]:
    server = JwksServer("k1")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
async def backend() -> AsyncIterator[tuple[ScriptedReports, int]]:
    server = grpc.aio.server()
    servicer = ScriptedReports()
    reports_pb2_grpc.add_ReportServiceServicer_to_server(servicer, server)  # type: ignore[no-untyped-call]
    sessions_pb2_grpc.add_SessionServiceServicer_to_server(ActiveSessions(), server)  # type: ignore[no-untyped-call]
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        yield servicer, port
    finally:
        await server.stop(None)


Settings = Callable[..., EdgeSettings]


@pytest.fixture(scope="module")
def settings(backend: tuple[ScriptedReports, int], jwks: JwksServer) -> Settings:
    """The edge in front of the double, verifying tokens against the test JWKS."""

    def make(**extra: Any) -> EdgeSettings:
        values: dict[str, Any] = {
            "edge_backends": {"main": [f"127.0.0.1:{backend[1]}"]},
            "jwks_url": jwks.url,
            "jwt_issuer": ISSUER,
            "jwt_audience": AUDIENCE,
        }
        return EdgeSettings(**{**values, **extra})

    return make


@pytest.fixture
async def client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(settings())
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=("203.0.113.9", 5555))
        async with httpx.AsyncClient(transport=transport, base_url="http://edge", timeout=60) as c:
            yield c


TOKEN = sign(claims(scope="accounting:reports:export", tenant_role="owner"))


def headers() -> dict[str, str]:
    return {"authorization": f"Bearer {TOKEN}", "x-request-id": str(uuid.uuid4())}


def body(script: str, **extra: Any) -> dict[str, Any]:
    return {"report_type": "gl_detail", "source_module": script, **extra}


async def test_every_chunk_arrives_in_order_with_the_first_one_s_type_and_name(
    client: httpx.AsyncClient, backend: tuple[ScriptedReports, int]
) -> None:
    sent = headers()
    response = await client.post(PATH, json=body("large"), headers=sent)
    assert response.status_code == 200, response.text
    assert response.content == b"".join(block(i) for i in range(40))
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"] == (
        f"attachment; filename=\"{FILENAME}\"; filename*=UTF-8''{FILENAME}"
    )
    assert "content-length" not in response.headers
    assert response.headers["cache-control"] == "no-store"
    export = await backend[0].ended(sent["x-request-id"])
    # The REST body is the stream request's `export` field.
    assert export.request.export.report_type == "gl_detail" and export.outcome == "finished"
    assert export.metadata["authorization"] == f"Bearer {TOKEN}"


async def test_an_error_before_the_first_chunk_is_the_usual_error_body(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post(PATH, json=body("refuse"), headers=headers())
    assert response.status_code == 400, response.text
    error = response.json()
    assert error["error"] == "validation_error" and "currency" in error["message"]
    assert "content-disposition" not in response.headers


async def test_the_edge_s_own_checks_name_the_client_s_fields(client: httpx.AsyncClient) -> None:
    response = await client.post(PATH, json={"report_type": "ledger"}, headers=headers())
    assert response.status_code == 400, response.text
    assert "report_type" in response.json()["message"]
    assert "export." not in response.json()["message"]


async def test_no_instance_is_503_before_any_byte(settings: Settings) -> None:
    app = create_app(settings(edge_backends={}))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://edge") as c:
            response = await c.post(PATH, json=body("ok"), headers=headers())
    assert response.status_code == 503
    assert response.json()["error"] == "service_unavailable"


async def test_bytes_reach_the_client_before_the_backend_has_finished(
    backend: tuple[ScriptedReports, int], settings: Settings
) -> None:
    servicer = backend[0]
    config = settings()
    with serve(create_app(config), config) as url:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            sent = headers()
            async with http.stream("POST", PATH, json=body("held"), headers=sent) as response:
                assert response.status_code == 200
                assert response.headers["transfer-encoding"] == "chunked"
                pieces = response.aiter_bytes()
                received = b""
                while len(received) < CHUNK:
                    received += await anext(pieces)
                export = await servicer.started(sent["x-request-id"])
                assert export.sent == 1 and not export.ended.is_set()
                export.go_on.set()
                async for piece in pieces:
                    received += piece
            assert received == b"".join(block(i) for i in range(3))


async def test_a_client_leaving_cancels_the_backend_s_stream(
    backend: tuple[ScriptedReports, int], settings: Settings
) -> None:
    servicer = backend[0]
    config = settings()
    app = create_app(config)
    with serve(app, config) as url:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            sent = headers()
            async with http.stream("POST", PATH, json=body("endless"), headers=sent) as response:
                assert response.status_code == 200
                async for _ in response.aiter_bytes():
                    break  # read a little, then hang up
        export = await servicer.ended(sent["x-request-id"])
        assert export.outcome == "cancelled"
        instance = next(iter(app.state.upstream.pools.get("main").instances.values()))
        for _ in range(100):  # the edge releases the call just after the backend saw it
            if instance.in_flight == 0:
                break
            await asyncio.sleep(0.02)
        assert instance.in_flight == 0
        assert instance.breaker.state.value == "closed"


async def test_an_error_after_the_first_chunk_truncates_the_chunked_body(
    backend: tuple[ScriptedReports, int], settings: Settings
) -> None:
    servicer = backend[0]
    config = settings()
    with serve(create_app(config), config) as url:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            sent = headers()
            received = b""
            with pytest.raises(httpx.RemoteProtocolError):
                async with http.stream("POST", PATH, json=body("break"), headers=sent) as response:
                    assert response.status_code == 200
                    async for piece in response.aiter_bytes():
                        received += piece
            assert received == block(0)
            assert (await servicer.ended(sent["x-request-id"])).outcome == "aborted"


async def test_a_backend_silent_past_the_idle_timeout_is_cancelled_and_the_body_cut(
    backend: tuple[ScriptedReports, int], settings: Settings
) -> None:
    servicer = backend[0]
    config = settings(edge_stream_idle_timeout_seconds=0.5)
    app = create_app(config)
    with serve(app, config) as url:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            sent = headers()
            with pytest.raises(httpx.RemoteProtocolError):
                async with http.stream("POST", PATH, json=body("stall"), headers=sent) as response:
                    assert response.status_code == 200
                    async for _ in response.aiter_bytes():
                        pass
            assert (await servicer.ended(sent["x-request-id"])).outcome == "cancelled"
    registry = app.state.metrics.registry
    address = next(iter(app.state.upstream.pools.get("main").instances))
    labels = {"backend": "main", "instance": address, "code": "DEADLINE_EXCEEDED"}
    assert registry.get_sample_value("finplat_edge_upstream_calls_total", labels) == 1


async def test_streams_are_counted_and_released_like_unary_calls(
    client: httpx.AsyncClient,
) -> None:
    app: Any = client._transport.app  # type: ignore[attr-defined]
    registry = app.state.metrics.registry
    instances = app.state.upstream.pools.get("main").instances

    def calls(code: str) -> float:
        labels = {"backend": "main", "instance": next(iter(instances)), "code": code}
        return registry.get_sample_value("finplat_edge_upstream_calls_total", labels) or 0.0

    await client.post(PATH, json=body("ok"), headers=headers())
    await client.post(PATH, json=body("refuse"), headers=headers())
    assert (calls("OK"), calls("INVALID_ARGUMENT")) == (1, 1)
    instance = next(iter(instances.values()))
    assert instance.in_flight == 0 and instance.breaker.state.value == "closed"
    labels = {"route": PATH, "method": "POST", "status": "200", "backend": "main"}
    assert registry.get_sample_value("finplat_edge_requests_total", labels) == 1


async def test_the_api_document_describes_a_streamed_file(client: httpx.AsyncClient) -> None:
    document = (await client.get("/openapi/api.json")).json()
    operation = document["paths"][PATH]["post"]
    success = operation["responses"]["200"]
    assert set(success["content"]) == {"text/csv", "application/json"}
    assert success["content"]["text/csv"]["schema"]["format"] == "binary"
    assert "Content-Disposition" in success["headers"]
    assert "streamed" in success["description"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert ref.endswith("finplat.accounting.v1.ExportReportRequest")


def test_the_first_byte_has_the_unary_deadline_then_only_the_gaps_count(
    settings: Settings,
) -> None:
    config = settings(
        edge_call_timeout_seconds=5, edge_stream_idle_timeout_seconds=7, edge_stream_max_seconds=900
    )
    routes = create_app(config).state.transcoder.routes
    (route,) = [r for r in routes if r.download is not None]
    assert route.spec.template == PATH
    # StreamReportExport declares timeout_seconds 60: its first chunk may take that long.
    timeouts = route.download.timeouts
    assert (timeouts.first_byte, timeouts.idle, timeouts.total) == (60, 7, 900)
