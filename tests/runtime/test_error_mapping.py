"""Error mapping: domain errors keep their details, anything else is a bare INTERNAL."""

from __future__ import annotations

import logging

import grpc
import pytest
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.runtime.errors import FieldViolation
from services.runtime.status import parse_status
from tests.runtime.harness import Servers, bearer, channel


def _call_failing(servers: Servers, method: str, request: object) -> grpc.Call:
    stub = expense_pb2_grpc.ExpenseServiceStub(channel(servers.start()))
    with pytest.raises(grpc.RpcError) as caught:
        getattr(stub, method)(request, metadata=bearer("key-alice"))
    assert isinstance(caught.value, grpc.Call)
    return caught.value


def test_domain_error_with_field_violations_arrives_intact(servers: Servers) -> None:
    call = _call_failing(servers, "CreateExpense", expense_pb2.CreateExpenseRequest())
    status = parse_status(call.code(), call.details() or "", call.trailing_metadata())
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    assert status.reason == "VALIDATION_ERROR"
    assert status.message == "invalid expense"
    assert status.violations == (
        FieldViolation("expense.amount", "must be greater than zero"),
        FieldViolation("expense.date", "is required"),
    )


def test_not_found(servers: Servers) -> None:
    call = _call_failing(servers, "GetExpense", expense_pb2.GetExpenseRequest(id="missing"))
    assert call.code() == grpc.StatusCode.NOT_FOUND
    status = parse_status(call.code(), call.details() or "", call.trailing_metadata())
    assert status.reason == "NOT_FOUND"


def test_unexpected_exception_is_internal_without_leaking(
    servers: Servers, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="finplat.runtime.errors")
    call = _call_failing(servers, "UpdateExpense", expense_pb2.UpdateExpenseRequest(id="e1"))
    status = parse_status(call.code(), call.details() or "", call.trailing_metadata())
    assert status.code == grpc.StatusCode.INTERNAL
    assert status.reason == "INTERNAL_ERROR"
    assert status.message == "internal error"
    assert "hunter2" not in (call.details() or "")
    logged = [r for r in caplog.records if r.name == "finplat.runtime.errors"]
    assert logged and logged[0].exc_info is not None  # traceback kept server-side
    assert "hunter2" in str(logged[0].exc_info[1])


def test_handler_abort_is_left_alone(servers: Servers) -> None:
    call = _call_failing(servers, "ListExpenses", expense_pb2.ListExpensesRequest())
    assert call.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert call.details() == "handler aborted itself"
