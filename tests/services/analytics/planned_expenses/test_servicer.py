"""PlannedExpenseService through the real runtime server (every interceptor), serving
only the planned expenses capability: the resource as gRPC clients see it, every
operation, isolation and bad input (direct gRPC callers are not checked by the edge)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import grpc
import pytest
from finplat.analytics.v1 import planned_expenses_pb2 as pb
from finplat.analytics.v1 import planned_expenses_pb2_grpc
from google.type import date_pb2

from services.analytics.planned_expenses import CAPABILITY
from services.runtime.status import ParsedStatus
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.planned_expenses.support import clock
from tests.services.analytics.serving import as_user, refusal, registered, serving

ALICE, BOB = uuid.uuid4(), uuid.uuid4()
Stub = planned_expenses_pb2_grpc.PlannedExpenseServiceStub


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[Stub]:
    with serving((CAPABILITY,), uow, clock) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


def _date(year: int, month: int, day: int) -> date_pb2.Date:
    return date_pb2.Date(year=year, month=month, day=day)


def _create(stub: Stub, user: uuid.UUID = ALICE, **fields: Any) -> pb.PlannedExpense:
    values: dict[str, Any] = {"title": "Rent", "amount": "950.00", "due_date": _date(2026, 12, 1)}
    values.update(fields)
    reply: pb.CreatePlannedExpenseResponse = stub.CreatePlannedExpense(
        pb.CreatePlannedExpenseRequest(**values), metadata=as_user(user)
    )
    return reply.expense


def _fields(status: ParsedStatus) -> dict[str, str]:
    return {v.field: v.description for v in status.violations}


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.PlannedExpenseService",)


def test_the_resource(stub: Stub) -> None:
    created = _create(
        stub,
        due_date=_date(2026, 11, 3),
        recurrence_rule="FREQ=WEEKLY;BYDAY=TU",
        notify_days_before=2,
        description="Gym",
    )
    assert uuid.UUID(created.id) and created.title == "Rent" and created.description == "Gym"
    assert (created.amount, created.is_recurring, created.recurrence_rule) == (
        "950.00", True, "FREQ=WEEKLY;BYDAY=TU"
    )  # fmt: skip
    assert created.recurrence_description
    assert (created.due_date, created.series_start, created.notify_on) == (
        _date(2026, 11, 3), _date(2026, 11, 3), _date(2026, 11, 1)
    )  # fmt: skip
    assert (created.occurrence, created.is_paid, created.is_overdue, created.days_until_due) == (
        1, False, True, -7
    )  # fmt: skip
    for unset in ("paid_date", "actual_amount", "transaction_id", "last_payment", "category_id"):
        assert not created.HasField(unset), unset
    assert created.created_at == created.updated_at
    got = stub.GetPlannedExpense(
        pb.GetPlannedExpenseRequest(id=created.id), metadata=as_user(ALICE)
    )
    assert got.expense == created


def test_every_list_and_the_statistics(stub: Stub) -> None:
    gym = _create(
        stub,
        title="Gym",
        amount="5.00",
        due_date=_date(2026, 11, 10),
        recurrence_rule="FREQ=WEEKLY",
    )
    _create(stub, title="Tax", amount="100.00", due_date=_date(2026, 10, 1))
    listed = stub.ListPlannedExpenses(
        pb.ListPlannedExpensesRequest(limit=1), metadata=as_user(ALICE)
    )
    assert [e.title for e in listed.data] == ["Tax"]
    assert (listed.pagination.total, listed.pagination.has_more) == (2, True)
    assert (
        stub.ListPlannedExpenses(
            pb.ListPlannedExpensesRequest(is_paid=True), metadata=as_user(ALICE)
        ).data
        == []
    )
    upcoming = stub.ListUpcomingPlannedExpenses(
        pb.ListUpcomingPlannedExpensesRequest(days=14), metadata=as_user(ALICE)
    )
    assert [(e.id, e.due_date.day, e.is_projected) for e in upcoming.data] == [
        (gym.id, 10, False), (gym.id, 17, True), (gym.id, 24, True)
    ]  # fmt: skip
    assert upcoming.pagination.limit == 100
    overdue = stub.ListOverduePlannedExpenses(
        pb.ListOverduePlannedExpensesRequest(), metadata=as_user(ALICE)
    )
    assert [e.title for e in overdue.data] == ["Tax"] and overdue.data[0].is_overdue
    recurring = stub.ListRecurringPlannedExpenses(
        pb.ListRecurringPlannedExpensesRequest(), metadata=as_user(ALICE)
    )
    assert [e.title for e in recurring.data] == ["Gym"]
    figures = stub.GetPlannedExpenseStatistics(
        pb.GetPlannedExpenseStatisticsRequest(), metadata=as_user(ALICE)
    ).statistics
    assert (figures.expense_count, figures.recurring_count) == (2, 1)
    assert (figures.overdue.count, figures.overdue.amount) == (1, "100.00")
    assert (figures.upcoming30_days.count, figures.upcoming30_days.amount) == (5, "25.00")
    assert figures.paid.amount == "0.00" and figures.as_of == _date(2026, 11, 10)
    assert [m.month for m in figures.planned_by_month][:2] == ["2026-11", "2026-12"]
    assert len(figures.paid_by_month) == 12 and figures.paid_by_month[-1].month == "2026-11"
    assert not figures.by_category[0].HasField("category_id")


def test_mark_paid_payments_and_delete(stub: Stub) -> None:
    gym = _create(stub, amount="5.00", due_date=_date(2026, 11, 3), recurrence_rule="FREQ=WEEKLY")
    paid = stub.MarkPlannedExpensePaid(
        pb.MarkPlannedExpensePaidRequest(
            id=gym.id, actual_amount="4.5", paid_date=_date(2026, 11, 4)
        ),
        metadata=as_user(ALICE),
    ).expense
    assert (paid.due_date, paid.occurrence, paid.is_paid) == (_date(2026, 11, 10), 2, False)
    assert not paid.HasField("paid_date") and paid.last_payment.actual_amount == "4.50"
    assert paid.last_payment.due_date == _date(2026, 11, 3)
    assert paid.last_payment.paid_date == _date(2026, 11, 4)
    payments = stub.ListPlannedExpensePayments(
        pb.ListPlannedExpensePaymentsRequest(id=gym.id), metadata=as_user(ALICE)
    )
    assert [p.occurrence for p in payments.data] == [1] and payments.pagination.total == 1
    one = _create(stub, amount="7.00")
    done = stub.MarkPlannedExpensePaid(
        pb.MarkPlannedExpensePaidRequest(id=one.id), metadata=as_user(ALICE)
    )
    assert (done.expense.is_paid, done.expense.actual_amount) == (True, "7.00")
    assert done.expense.paid_date == _date(2026, 11, 10) and not done.expense.HasField(
        "days_until_due"
    )
    again = refusal(
        lambda: stub.MarkPlannedExpensePaid(
            pb.MarkPlannedExpensePaidRequest(id=one.id), metadata=as_user(ALICE)
        )
    )
    assert (again.code, again.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "INVALID_TRANSITION")
    stub.DeletePlannedExpense(pb.DeletePlannedExpenseRequest(id=one.id), metadata=as_user(ALICE))
    gone = refusal(
        lambda: stub.GetPlannedExpense(
            pb.GetPlannedExpenseRequest(id=one.id), metadata=as_user(ALICE)
        )
    )
    assert gone.code == grpc.StatusCode.NOT_FOUND


def test_another_users_expense_is_permission_denied(stub: Stub) -> None:
    mine = _create(stub)
    calls: list[Callable[[], object]] = [
        lambda: stub.GetPlannedExpense(
            pb.GetPlannedExpenseRequest(id=mine.id), metadata=as_user(BOB)
        ),
        lambda: stub.MarkPlannedExpensePaid(
            pb.MarkPlannedExpensePaidRequest(id=mine.id), metadata=as_user(BOB)
        ),
        lambda: stub.ListPlannedExpensePayments(
            pb.ListPlannedExpensePaymentsRequest(id=mine.id), metadata=as_user(BOB)
        ),
        lambda: stub.DeletePlannedExpense(
            pb.DeletePlannedExpenseRequest(id=mine.id), metadata=as_user(BOB)
        ),
    ]
    for call in calls:
        assert refusal(call).code == grpc.StatusCode.PERMISSION_DENIED
    assert (
        stub.ListPlannedExpenses(pb.ListPlannedExpensesRequest(), metadata=as_user(BOB)).data == []
    )


def test_bad_input_from_a_direct_grpc_caller(stub: Stub) -> None:
    status = refusal(
        lambda: stub.CreatePlannedExpense(pb.CreatePlannedExpenseRequest(), metadata=as_user(ALICE))
    )
    assert (status.code, status.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "VALIDATION_ERROR")
    assert _fields(status) == {
        "title": "is required",
        "amount": "is required",
        "due_date": "is required",
    }
    status = refusal(
        lambda: _create(
            stub,
            amount="1.001",
            due_date=date_pb2.Date(year=2026, month=2, day=30),
            recurrence_rule="FREQ=FORTNIGHTLY",
            notify_days_before=-1,
            category_id="not-a-uuid",
        )
    )
    assert set(_fields(status)) == {
        "amount", "due_date", "recurrence_rule", "notify_days_before", "category_id"
    }  # fmt: skip
    status = refusal(lambda: _create(stub, is_recurring=True))
    assert (status.reason, _fields(status)) == (
        "UNPROCESSABLE",
        {"recurrence_rule": "is required when isRecurring is true"},
    )
    for request in (
        pb.GetPlannedExpenseRequest(id="nope"),
        pb.GetPlannedExpenseRequest(),
    ):
        status = refusal(partial(stub.GetPlannedExpense, request, metadata=as_user(ALICE)))
        assert list(_fields(status)) == ["id"]
    status = refusal(
        lambda: stub.ListUpcomingPlannedExpenses(
            pb.ListUpcomingPlannedExpensesRequest(days=0, limit=0, offset=-1),
            metadata=as_user(ALICE),
        )
    )
    assert set(_fields(status)) == {"days", "limit", "offset"}
    status = refusal(
        lambda: stub.ListPlannedExpenses(
            pb.ListPlannedExpensesRequest(category_id="x"), metadata=as_user(ALICE)
        )
    )
    assert list(_fields(status)) == ["category_id"]


def test_unauthenticated_calls_are_refused(stub: Stub) -> None:
    status = refusal(lambda: stub.ListPlannedExpenses(pb.ListPlannedExpensesRequest()))
    assert status.code == grpc.StatusCode.UNAUTHENTICATED
