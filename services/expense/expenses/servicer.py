"""ExpenseService: proto ⇄ domain, nothing else.

Authentication and the per-key quota are enforced by the runtime's interceptors before
these methods run; the owner of every expense is the calling key.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

import grpc
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.expense.expenses import usecases
from services.expense.expenses.domain import Category, Expense, ExpenseDraft, ListFilters
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import PermissionDenied
from services.runtime.principal import current_principal
from services.runtime.protoconv import date_pb, optional_date, parse_uuid, timestamp

if TYPE_CHECKING:
    from services.expense.expenses.repository import ExpenseReads
    from services.expense.expenses.usecases import Uow


def _owner() -> uuid.UUID:
    """The calling API key's id: expenses belong to keys, not to users."""
    principal = current_principal()
    if principal.kind != "api_key":
        raise PermissionDenied("expenses are owned by API keys; call with an API key")
    return uuid.UUID(principal.subject)


def draft(message: expense_pb2.ExpenseInput) -> ExpenseDraft:
    return ExpenseDraft(
        amount=message.amount,
        description=message.description,
        category=message.category,
        date=optional_date(message, "date"),
    )


def list_filters(request: expense_pb2.ListExpensesRequest) -> ListFilters:
    return ListFilters(
        limit=request.limit if request.HasField("limit") else None,
        offset=request.offset if request.HasField("offset") else None,
        category=request.category,
        start_date=optional_date(request, "start_date"),
        end_date=optional_date(request, "end_date"),
    )


def expense_pb(expense: Expense) -> expense_pb2.Expense:
    return expense_pb2.Expense(
        id=str(expense.id),
        # Decimal's own text ("12.50"), never via float.
        amount=str(expense.amount),
        description=expense.description,
        category=expense.category,
        date=date_pb(expense.date),
        created_at=timestamp(expense.created_at),
        updated_at=timestamp(expense.updated_at),
    )


def category_pb(category: Category) -> expense_pb2.Category:
    return expense_pb2.Category(
        slug=category.slug, name=category.name, description=category.description
    )


class ExpenseServicer(expense_pb2_grpc.ExpenseServiceServicer):
    def __init__(
        self, unit_of_work: Callable[[], Uow], reads: ExpenseReads, clock: Clock = utcnow
    ) -> None:
        self._uow = unit_of_work
        self._reads = reads
        self._clock = clock

    def ListExpenses(
        self, request: expense_pb2.ListExpensesRequest, context: grpc.ServicerContext
    ) -> expense_pb2.ListExpensesResponse:
        page = usecases.list_expenses(self._reads, _owner(), list_filters(request))
        return expense_pb2.ListExpensesResponse(
            data=[expense_pb(e) for e in page.items],
            pagination=expense_pb2.Pagination(
                limit=page.limit, offset=page.offset, total=page.total, has_more=page.has_more
            ),
        )

    def CreateExpense(
        self, request: expense_pb2.CreateExpenseRequest, context: grpc.ServicerContext
    ) -> expense_pb2.CreateExpenseResponse:
        data = draft(request.expense) if request.HasField("expense") else None
        expense = usecases.create_expense(self._uow(), _owner(), data, self._clock)
        return expense_pb2.CreateExpenseResponse(expense=expense_pb(expense))

    def GetExpense(
        self, request: expense_pb2.GetExpenseRequest, context: grpc.ServicerContext
    ) -> expense_pb2.GetExpenseResponse:
        expense = usecases.get_expense(self._reads, _owner(), parse_uuid(request.id))
        return expense_pb2.GetExpenseResponse(expense=expense_pb(expense))

    def UpdateExpense(
        self, request: expense_pb2.UpdateExpenseRequest, context: grpc.ServicerContext
    ) -> expense_pb2.UpdateExpenseResponse:
        expense_id = parse_uuid(request.id)
        data = draft(request.expense) if request.HasField("expense") else None
        expense = usecases.update_expense(self._uow(), _owner(), expense_id, data, self._clock)
        return expense_pb2.UpdateExpenseResponse(expense=expense_pb(expense))

    def DeleteExpense(
        self, request: expense_pb2.DeleteExpenseRequest, context: grpc.ServicerContext
    ) -> expense_pb2.DeleteExpenseResponse:
        usecases.delete_expense(self._uow(), _owner(), parse_uuid(request.id))
        return expense_pb2.DeleteExpenseResponse()

    def ListCategories(
        self, request: expense_pb2.ListCategoriesRequest, context: grpc.ServicerContext
    ) -> expense_pb2.ListCategoriesResponse:
        return expense_pb2.ListCategoriesResponse(
            data=[category_pb(c) for c in usecases.list_categories()]
        )
