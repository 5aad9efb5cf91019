"""The OpenTelemetry layer: the instrumentation while spans are exported, the same trace
context for less while none is (interceptors/tracing.py)."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from opentelemetry import trace

from services.runtime import tracing
from tests.runtime.harness import FakeExpenses, Servers, bearer, channel

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_SPAN = "00f067aa0ba902b7"
TRACEPARENT = f"00-{TRACE_ID}-{PARENT_SPAN}-01"


class SeeingExpenses(FakeExpenses):
    """Records, per call, the servicer context's type and the current span's context."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[type, trace.SpanContext, bool]] = []

    def GetExpense(self, request: Any, context: Any) -> Any:
        span = trace.get_current_span()
        self.seen.append((type(context), span.get_span_context(), span.is_recording()))
        return super().GetExpense(request, context)


@pytest.fixture
def exporters(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The process's set of installed exporter kinds, emptied for this test (another test
    of this process may have installed the in-memory one)."""
    installed: set[str] = set()
    monkeypatch.setattr(tracing, "_exporters", installed)
    return installed


def _start(servers: Servers) -> tuple[SeeingExpenses, expense_pb2_grpc.ExpenseServiceStub]:
    seeing = SeeingExpenses()
    servers.expenses = seeing
    return seeing, expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))


def test_without_exporter_the_callers_trace_continues_without_the_instrumentation(
    servers: Servers, exporters: set[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="finplat.access")
    seeing, stub = _start(servers)
    stub.GetExpense(
        expense_pb2.GetExpenseRequest(id="e1"),
        metadata=bearer("key-alice", traceparent=TRACEPARENT),
    )
    context_type, span, recording = seeing.seen[-1]
    # The handler runs in the caller's trace, in a new (server) span that records nothing.
    assert format(span.trace_id, "032x") == TRACE_ID
    assert span.is_valid and format(span.span_id, "016x") != PARENT_SPAN
    assert not recording and not span.trace_flags.sampled
    # ... and sees the server's own context, not the instrumentation's wrapper.
    assert context_type.__module__.startswith("grpc.")
    access = [r for r in caplog.records if r.name == "finplat.access"][-1]
    assert access.trace_id == TRACE_ID


def test_without_exporter_or_traceparent_each_call_gets_its_own_trace_id(
    servers: Servers, exporters: set[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="finplat.access")
    seeing, stub = _start(servers)
    for _ in range(2):
        stub.GetExpense(expense_pb2.GetExpenseRequest(id="e1"), metadata=bearer("key-alice"))
    first, second = (span for _, span, _ in seeing.seen)
    assert first.is_valid and second.is_valid and first.trace_id != second.trace_id
    logged = [r.trace_id for r in caplog.records if r.name == "finplat.access"][-2:]
    assert logged == [format(first.trace_id, "032x"), format(second.trace_id, "032x")]


def test_an_exporter_installed_later_gets_the_instrumentations_spans(
    servers: Servers, exporters: set[str]
) -> None:
    seeing, stub = _start(servers)
    request = expense_pb2.GetExpenseRequest(id="e1")
    stub.GetExpense(request, metadata=bearer("key-alice", traceparent=TRACEPARENT))
    exporters.add("memory")  # as configure_tracing does when a server asks for one
    stub.GetExpense(request, metadata=bearer("key-alice", traceparent=TRACEPARENT))
    (lean_type, _, lean_recording), (full_type, full_span, full_recording) = seeing.seen
    assert not lean_recording and full_recording
    assert format(full_span.trace_id, "032x") == TRACE_ID
    assert lean_type is not full_type  # the instrumentation wraps the servicer context
