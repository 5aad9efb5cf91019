"""ObservabilityMiddleware on a real ASGI app: metrics with bounded labels, one JSON
access line per request, and a server span that continues the caller's trace and is
handed on downstream in traceparent."""

from __future__ import annotations

from typing import Any

import httpx
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from edge.observability import Observability, build_observability
from edge.observability.access_log import unverified_subject
from edge.observability.settings import ObservabilitySettings
from services.runtime.settings import RuntimeSettings
from tests.edge.observability.conftest import edge_like_app
from tests.runtime.tokens_support import USER_ID, claims, compact, sign

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_ID = "00f067aa0ba902b7"
TRACEPARENT = f"00-{TRACE_ID}-{PARENT_ID}-01"


def count(observability: Observability, **labels: str) -> float:
    value = observability.metrics.registry.get_sample_value("finplat_edge_requests_total", labels)
    return value or 0.0


def routes_counted(observability: Observability) -> set[str]:
    return {
        sample.labels["route"]
        for family in observability.metrics.requests.collect()
        for sample in family.samples
    }


async def test_requests_are_counted_under_route_templates(
    client: httpx.AsyncClient, observability: Observability
) -> None:
    for item in ("a", "b", "c"):
        assert (await client.get(f"/echo/{item}")).status_code == 200
        assert (await client.get(f"/proxied/{item}")).status_code == 201
    assert (await client.get("/nowhere/1")).status_code == 404
    assert (await client.get("/nowhere/2")).status_code == 404
    assert (await client.request("BREW", "/echo/x")).status_code == 405

    echo = {"route": "/echo/{item_id}", "method": "GET", "status": "200", "backend": "edge"}
    assert count(observability, **echo) == 3
    proxied = {"route": "/expense/v1/expenses/{id}", "status": "201", "backend": "expense"}
    assert count(observability, method="GET", **proxied) == 3
    assert count(observability, route="unmatched", method="GET", status="404", backend="edge") == 2
    # An unknown method is one label value, whatever the client sent.
    assert (
        count(observability, route="/echo/{item_id}", method="OTHER", status="405", backend="edge")
        == 1
    )
    assert routes_counted(observability) == {
        "/echo/{item_id}",
        "/expense/v1/expenses/{id}",
        "unmatched",
    }
    latency = observability.metrics.registry.get_sample_value(
        "finplat_edge_request_duration_seconds_count",
        {"route": "/echo/{item_id}", "method": "GET", "backend": "edge"},
    )
    assert latency == 3


async def test_one_json_access_line_per_request(
    client: httpx.AsyncClient, access_lines: list[dict[str, Any]], spans: InMemorySpanExporter
) -> None:
    bearer = {"authorization": f"Bearer {sign(claims())}", "x-request-id": "req-1"}
    response = await client.get("/proxied/42", headers=bearer)
    await client.get("/nowhere", headers={"x-request-id": "req-2"})

    assert [line["request_id"] for line in access_lines] == ["req-1", "req-2"]
    line = access_lines[0]
    span = spans.get_finished_spans()[0].context
    assert line["logger"] == "edge.access"
    assert line["trace_id"] == format(span.trace_id, "032x")
    assert line["span_id"] == format(span.span_id, "016x")
    assert {k: line[k] for k in ("method", "route", "path", "status", "client_ip")} == {
        "method": "GET",
        "route": "/expense/v1/expenses/{id}",
        "path": "/proxied/42",
        "status": 201,
        "client_ip": "127.0.0.1",
    }
    assert line["user"] == USER_ID
    assert line["backend"] == "expense"
    assert line["instance"] == "10.0.0.1:50054"
    assert line["bytes_out"] == len(response.content)
    assert isinstance(line["latency_ms"], float) and line["latency_ms"] >= 0
    anonymous = access_lines[1]
    assert (anonymous["route"], anonymous["status"], anonymous["user"]) == ("unmatched", 404, None)
    assert (anonymous["backend"], anonymous["instance"]) == ("edge", None)


async def test_incoming_trace_is_continued_and_handed_downstream(
    client: httpx.AsyncClient, spans: InMemorySpanExporter
) -> None:
    response = await client.get(
        "/echo/7", headers={"traceparent": TRACEPARENT, "tracestate": "vendor=abc"}
    )
    (span,) = spans.get_finished_spans()
    context = span.context
    assert format(context.trace_id, "032x") == TRACE_ID  # the caller's trace continues
    assert span.parent is not None and format(span.parent.span_id, "016x") == PARENT_ID
    assert span.kind == SpanKind.SERVER
    assert span.name == "GET /echo/{item_id}"
    # Downstream sees the edge span as the parent, and the vendor state kept.
    seen = response.json()
    assert seen["traceparent"] == f"00-{TRACE_ID}-{format(context.span_id, '016x')}-01"
    assert seen["tracestate"] == "vendor=abc"
    attributes = dict(span.attributes or {})
    assert attributes["http.request.method"] == "GET"
    assert attributes["http.route"] == "/echo/{item_id}"
    assert attributes["url.path"] == "/echo/7"
    assert attributes["http.response.status_code"] == 200
    assert attributes["client.address"] == "127.0.0.1"


async def test_a_request_without_trace_context_starts_a_trace(
    client: httpx.AsyncClient, spans: InMemorySpanExporter
) -> None:
    seen = (await client.get("/echo/1", headers={"traceparent": "garbage"})).json()
    (span,) = spans.get_finished_spans()
    assert span.parent is None
    context = span.context
    ids = f"{format(context.trace_id, '032x')}-{format(context.span_id, '016x')}"
    assert context.trace_flags.sampled
    expected = f"00-{ids}-{format(context.trace_flags, '02x')}"
    assert seen == {"traceparent": expected, "tracestate": None}


async def test_errors_are_recorded_on_the_span(
    client: httpx.AsyncClient,
    spans: InMemorySpanExporter,
    access_lines: list[dict[str, Any]],
    observability: Observability,
) -> None:
    response = await client.get("/boom")
    assert response.status_code == 500
    (span,) = spans.get_finished_spans()
    assert span.status.status_code == StatusCode.ERROR
    assert dict(span.attributes or {})["error.type"] == "RuntimeError"
    assert [e.name for e in span.events] == ["exception"]
    assert access_lines[0]["status"] == 500
    assert count(observability, route="/boom", method="GET", status="500", backend="edge") == 1

    await client.get("/nowhere")
    unmatched = spans.get_finished_spans()[-1]
    assert unmatched.name == "GET"  # no route: the method alone (semantic conventions)
    assert unmatched.status.status_code == StatusCode.UNSET


def test_unverified_subject() -> None:
    assert unverified_subject(f"Bearer {sign(claims())}".encode()) == USER_ID
    assert unverified_subject(f"bearer {compact({'alg': 'none'}, {'sub': 'x'})}".encode()) == "x"
    long_sub = compact({"alg": "none"}, {"sub": "s" * 1000})
    assert unverified_subject(f"Bearer {long_sub}".encode()) == "s" * 128
    for junk in (
        b"",
        b"Bearer",
        b"Bearer fpk_123",
        b"Basic dXNlcjpwYXNz",
        b"Bearer a.b.c",
        b"Bearer a.!!!.c",
        f"Bearer {compact({'alg': 'none'}, {'sub': 5})}".encode(),
        b"Bearer x." + b"A" * 10000 + b".y",
    ):
        assert unverified_subject(junk) is None, junk


async def test_without_an_exporter_ids_are_still_minted_and_propagated(
    spans: InMemorySpanExporter, access_lines: list[dict[str, Any]]
) -> None:
    untraced = build_observability(RuntimeSettings(), ObservabilitySettings())
    assert untraced.tracing.recording is False
    transport = httpx.ASGITransport(app=edge_like_app(untraced, None))
    async with httpx.AsyncClient(transport=transport, base_url="http://edge") as client:
        continued = (await client.get("/echo/1", headers={"traceparent": TRACEPARENT})).json()
        fresh = (await client.get("/echo/2")).json()

    assert spans.get_finished_spans() == ()  # nothing recorded, nothing exported
    first, second = access_lines
    assert first["trace_id"] == TRACE_ID
    assert continued["traceparent"] == f"00-{TRACE_ID}-{first['span_id']}-01"
    assert first["span_id"] != PARENT_ID
    assert fresh["traceparent"] == f"00-{second['trace_id']}-{second['span_id']}-01"
    status = untraced.tracing.status()
    assert status["enabled"] is False
    assert status["spans"] == {"started": 2, "ended": 2, "in_flight": 0}
    assert status["recent_trace_ids"] == [second["trace_id"], TRACE_ID]
