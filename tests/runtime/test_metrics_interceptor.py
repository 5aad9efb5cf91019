"""The Prometheus layer: py-grpc-prometheus' series, counted per call, labelled per method."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import grpc
import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc
from prometheus_client import REGISTRY
from prometheus_client.metrics import MetricWrapperBase

from tests.runtime.harness import EXPENSE, Servers, bearer, channel


def _sample(name: str, method: str, **labels: str) -> float:
    value = REGISTRY.get_sample_value(
        name, {"grpc_type": "UNARY", "grpc_service": EXPENSE, "grpc_method": method, **labels}
    )
    return value or 0.0


def _handled(method: str, code: str) -> float:
    return _sample("grpc_server_handled_total", method, grpc_code=code)


def _call(
    stub: expense_pb2_grpc.ExpenseServiceStub, method: str, request: Any, **kwargs: Any
) -> None:
    with contextlib.suppress(grpc.RpcError):
        getattr(stub, method)(request, **kwargs)


@pytest.mark.parametrize(
    ("method", "request_", "metadata", "code"),
    [
        ("GetExpense", expense_pb2.GetExpenseRequest(id="e1"), bearer("key-alice"), "OK"),
        # A domain error, mapped to its status by the inner layers.
        ("GetExpense", expense_pb2.GetExpenseRequest(id="missing"), bearer("key-a"), "NOT_FOUND"),
        # Refused by auth before the handler.
        ("GetExpense", expense_pb2.GetExpenseRequest(id="e1"), [], "UNAUTHENTICATED"),
        # An unexpected exception: INTERNAL.
        ("UpdateExpense", expense_pb2.UpdateExpenseRequest(), bearer("key-alice"), "INTERNAL"),
        # The handler's own context.abort().
        ("ListExpenses", expense_pb2.ListExpensesRequest(), bearer("key-a"), "FAILED_PRECONDITION"),
    ],
)
def test_every_outcome_is_counted_as_py_grpc_prometheus_counts_it(
    servers: Servers, method: str, request_: Any, metadata: Any, code: str
) -> None:
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    started = _sample("grpc_server_started_total", method)
    handled = _handled(method, code)
    timed = _sample("grpc_server_handling_seconds_count", method)
    _call(stub, method, request_, metadata=metadata)
    _call(stub, method, request_, metadata=metadata)
    assert _sample("grpc_server_started_total", method) == started + 2
    assert _handled(method, code) == handled + 2
    assert _sample("grpc_server_handling_seconds_count", method) == timed + 2


def test_series_are_looked_up_once_per_method_not_per_call(
    servers: Servers, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    request = expense_pb2.GetExpenseRequest(id="e1")
    stub.GetExpense(request, metadata=bearer("key-alice"))  # composes the method
    lookups = 0
    real: Callable[..., Any] = MetricWrapperBase.labels

    def counting(self: MetricWrapperBase, *args: Any, **kwargs: Any) -> Any:
        nonlocal lookups
        lookups += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(MetricWrapperBase, "labels", counting)
    for _ in range(5):
        stub.GetExpense(request, metadata=bearer("key-alice"))
    assert lookups == 0
