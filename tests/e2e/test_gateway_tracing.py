"""One trace across the edge and a backend: the real expense backend (runtime server
bootstrap, SQLite) and the real edge app under uvicorn, in THIS process so both export
to the one in-memory exporter; requests go over real sockets (HTTP, then gRPC)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import uvicorn
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from edge.app import create_app
from edge.observability.access_log import ACCESS_LOGGER
from edge.settings import EdgeSettings
from services.expense.main import build
from services.expense.settings import ExpenseSettings
from services.runtime.tracing import memory_exporter
from tools import keys
from tools.stack import free_port

pytestmark = pytest.mark.e2e

TRACE_ID = "0af7651916cd43dd8448eb211c80319c"
CALLER_SPAN_ID = "b7ad6b7169203331"
EDGE_SCOPE = "finplat.edge"


@dataclass
class Traced:
    edge_url: str
    api_key: str
    backend_address: str
    spans: InMemorySpanExporter


@pytest.fixture(scope="module")
def traced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Traced]:
    database = f"sqlite:///{tmp_path_factory.mktemp('tracing') / Path('expense.db')}"
    keys.migrate_backend("expense", database)
    _, api_key = keys.issue_api_key(database, "tracing")
    backend = build(
        ExpenseSettings(
            expense_database_url=database,
            expense_grpc_port=0,
            expense_metrics_port=0,
            otel_traces_exporter="memory",
        )
    )
    running = backend.serve()

    address = f"127.0.0.1:{running.port}"
    settings = EdgeSettings(
        edge_backends={"expense": [address]},
        otel_traces_exporter="memory",
    )
    app = create_app(settings)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, loop="asyncio", log_level="warning")
    )
    thread = threading.Thread(target=server.run, name="edge-uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "edge did not start"
        time.sleep(0.02)
    exporter = memory_exporter()
    assert exporter is not None
    try:
        yield Traced(f"http://127.0.0.1:{port}", api_key, address, exporter)
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        running.stop(0)
        backend.close()


def _is_edge(span: ReadableSpan) -> bool:
    return span.instrumentation_scope is not None and span.instrumentation_scope.name == EDGE_SCOPE


def _is_rpc(span: ReadableSpan) -> bool:
    return "rpc.system" in (span.attributes or {})


def _edge_and_backend(
    spans: InMemorySpanExporter, trace_id: int | None = None
) -> tuple[ReadableSpan, ReadableSpan]:
    """The edge's server span and the backend's gRPC server span of one trace (the only
    trace when `trace_id` is None). Both end on their own side after the response
    left, so they are waited for."""
    deadline = time.monotonic() + 10
    while True:
        finished = spans.get_finished_spans()
        edge = [s for s in finished if _is_edge(s)]
        if trace_id is None and len(edge) == 1:
            trace_id = edge[0].context.trace_id
        mine = [s for s in finished if s.context.trace_id == trace_id]
        edge = [s for s in mine if _is_edge(s)]
        grpc = [
            s for s in mine if s.kind == SpanKind.SERVER and "rpc.system" in (s.attributes or {})
        ]
        if (edge and grpc) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert len(edge) == 1, [s.name for s in finished]
    assert len(grpc) == 1, [s.name for s in finished]
    return edge[0], grpc[0]


def _get(traced: Traced, headers: dict[str, str]) -> None:
    response = httpx.get(
        f"{traced.edge_url}/expense/v1/expenses",
        headers={"authorization": f"Bearer {traced.api_key}", **headers},
        timeout=30,
    )
    assert response.status_code == 200, response.text


def test_one_trace_spans_the_edge_and_the_backend(
    traced: Traced, caplog: pytest.LogCaptureFixture
) -> None:
    traced.spans.clear()
    caplog.set_level(logging.INFO, logger=ACCESS_LOGGER)
    _get(traced, {"traceparent": f"00-{TRACE_ID}-{CALLER_SPAN_ID}-01"})

    edge, backend = _edge_and_backend(traced.spans, int(TRACE_ID, 16))
    # The edge continued the caller's trace ...
    assert edge.kind == SpanKind.SERVER and edge.name == "GET /expense/v1/expenses"
    assert edge.parent is not None and edge.parent.span_id == int(CALLER_SPAN_ID, 16)
    assert edge.parent.is_remote
    assert dict(edge.attributes or {})["http.response.status_code"] == 200
    # ... and the backend's server span is the edge span's child, across the gRPC hop.
    assert backend.parent is not None and backend.parent.is_remote
    assert backend.parent.span_id == edge.context.span_id
    assert dict(backend.attributes or {})["rpc.method"] == "ListExpenses"
    # The access line names the same trace and span, and where the call went.
    (line,) = [vars(r) for r in caplog.records if r.name == ACCESS_LOGGER]
    assert (line["trace_id"], line["span_id"]) == (TRACE_ID, f"{edge.context.span_id:016x}")
    assert (line["route"], line["status"]) == ("/expense/v1/expenses", 200)
    assert (line["backend"], line["instance"]) == ("expense", traced.backend_address)


def test_a_request_without_trace_context_is_still_one_trace(traced: Traced) -> None:
    traced.spans.clear()
    _get(traced, {})
    edge, backend = _edge_and_backend(traced.spans)
    assert edge.parent is None or not edge.parent.is_remote  # started at the edge
    assert backend.parent is not None and backend.parent.span_id == edge.context.span_id
