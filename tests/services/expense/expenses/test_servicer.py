"""The servicers' proto ⇄ domain mapping, called directly with a bound principal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import grpc
import pytest
from finplat.expense.v1 import expense_pb2 as pb
from google.type import date_pb2

from services.expense.expenses.repository import ExpenseReads
from services.expense.expenses.servicer import ExpenseServicer
from services.runtime.errors import InvalidArgument, NotFound, PermissionDenied, Unauthenticated
from services.runtime.principal import Principal, bind_principal, reset_principal
from tests.services.expense.conftest import UowFactory

CONTEXT = cast(grpc.ServicerContext, None)  # the servicers never touch the context


@pytest.fixture
def as_key(key_ids: tuple[str, str]) -> Iterator[str]:
    token = bind_principal(Principal(subject=key_ids[0], kind="api_key"))
    yield key_ids[0]
    reset_principal(token)


def body(**overrides: Any) -> pb.ExpenseInput:
    fields: dict[str, Any] = {
        "amount": "12.5",
        "description": "Lunch",
        "category": "food",
        "date": date_pb2.Date(year=2026, month=3, day=1),
    }
    fields.update(overrides)
    return pb.ExpenseInput(**{k: v for k, v in fields.items() if v is not None})


def test_expense_crud_through_protos(uow: UowFactory, reads: ExpenseReads, as_key: str) -> None:
    servicer = ExpenseServicer(uow, reads)
    created = servicer.CreateExpense(pb.CreateExpenseRequest(expense=body()), CONTEXT).expense
    assert created.amount == "12.50"
    assert (created.date.year, created.date.month, created.date.day) == (2026, 3, 1)
    assert created.created_at.seconds > 0 and created.created_at == created.updated_at

    got = servicer.GetExpense(pb.GetExpenseRequest(id=created.id), CONTEXT).expense
    assert got == created

    updated = servicer.UpdateExpense(
        pb.UpdateExpenseRequest(id=created.id, expense=body(amount="7", category="other")),
        CONTEXT,
    ).expense
    assert (updated.amount, updated.category) == ("7.00", "other")

    listed = servicer.ListExpenses(pb.ListExpensesRequest(), CONTEXT)
    assert [e.id for e in listed.data] == [created.id]
    assert listed.pagination == pb.Pagination(limit=50, offset=0, total=1, has_more=False)

    assert servicer.DeleteExpense(pb.DeleteExpenseRequest(id=created.id), CONTEXT) == (
        pb.DeleteExpenseResponse()
    )
    with pytest.raises(NotFound):
        servicer.GetExpense(pb.GetExpenseRequest(id=created.id), CONTEXT)


def test_missing_fields_are_reported_with_proto_paths(
    uow: UowFactory, reads: ExpenseReads, as_key: str
) -> None:
    servicer = ExpenseServicer(uow, reads)
    with pytest.raises(InvalidArgument) as caught:
        servicer.CreateExpense(pb.CreateExpenseRequest(expense=pb.ExpenseInput()), CONTEXT)
    assert [v.field for v in caught.value.violations] == [
        "expense.amount", "expense.description", "expense.category", "expense.date"
    ]  # fmt: skip
    with pytest.raises(InvalidArgument) as caught:
        servicer.CreateExpense(pb.CreateExpenseRequest(), CONTEXT)
    assert [v.field for v in caught.value.violations] == ["expense"]
    with pytest.raises(InvalidArgument) as caught:
        servicer.CreateExpense(
            pb.CreateExpenseRequest(expense=body(date=date_pb2.Date(year=2026, month=2, day=30))),
            CONTEXT,
        )
    assert [(v.field, v.description) for v in caught.value.violations] == [
        ("expense.date", "is not a valid calendar date")
    ]


def test_list_request_mapping(uow: UowFactory, reads: ExpenseReads, as_key: str) -> None:
    servicer = ExpenseServicer(uow, reads)
    for day in (1, 2, 3):
        servicer.CreateExpense(
            pb.CreateExpenseRequest(expense=body(date=date_pb2.Date(year=2026, month=3, day=day))),
            CONTEXT,
        )
    page = servicer.ListExpenses(
        pb.ListExpensesRequest(
            limit=1, offset=0, start_date=date_pb2.Date(year=2026, month=3, day=2)
        ),
        CONTEXT,
    )
    assert [e.date.day for e in page.data] == [3]
    assert page.pagination == pb.Pagination(limit=1, offset=0, total=2, has_more=True)
    with pytest.raises(InvalidArgument) as caught:
        servicer.ListExpenses(pb.ListExpensesRequest(limit=0), CONTEXT)
    assert caught.value.violations[0].field == "limit"
    # An explicit offset of 0 and an absent one are the same; limit 0 is not "absent".
    assert servicer.ListExpenses(pb.ListExpensesRequest(offset=0), CONTEXT).pagination.limit == 50


def test_bad_ids_and_foreign_principals(
    uow: UowFactory, reads: ExpenseReads, key_ids: tuple[str, str]
) -> None:
    servicer = ExpenseServicer(uow, reads)
    token = bind_principal(Principal(subject=key_ids[0], kind="api_key"))
    try:
        with pytest.raises(InvalidArgument) as caught:
            servicer.GetExpense(pb.GetExpenseRequest(id="not-a-uuid"), CONTEXT)
        assert caught.value.violations[0].field == "id"
    finally:
        reset_principal(token)
    token = bind_principal(Principal(subject="user-1", kind="user"))
    try:
        with pytest.raises(PermissionDenied):
            servicer.ListExpenses(pb.ListExpensesRequest(), CONTEXT)
    finally:
        reset_principal(token)
    with pytest.raises(Unauthenticated):
        servicer.ListExpenses(pb.ListExpensesRequest(), CONTEXT)


def test_categories(uow: UowFactory, reads: ExpenseReads) -> None:
    data = ExpenseServicer(uow, reads).ListCategories(pb.ListCategoriesRequest(), CONTEXT).data
    assert len(data) == 10
    assert data[0] == pb.Category(slug="food", name="Food", description=data[0].description)
