"""gRPC servicers of the expense backend: proto ⇄ domain, nothing else.

Authentication, the admin-role check and the per-key quota are enforced by the runtime's
interceptors before these methods run; the owner of every expense is the calling key.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import grpc
from finplat.expense.v1 import expense_pb2, expense_pb2_grpc

from services.expense import convert, usecases
from services.expense.repository import ExpenseReads
from services.expense.usecases import Clock, ExpenseUnitOfWork
from services.runtime.errors import PermissionDenied
from services.runtime.principal import current_principal

UnitOfWorkFactory = Callable[[], ExpenseUnitOfWork]


def _owner() -> uuid.UUID:
    """The calling API key's id: expenses belong to keys, not to users."""
    principal = current_principal()
    if principal.kind != "api_key":
        raise PermissionDenied("expenses are owned by API keys; call with an API key")
    return uuid.UUID(principal.subject)


class ExpenseServicer(expense_pb2_grpc.ExpenseServiceServicer):
    def __init__(
        self, unit_of_work: UnitOfWorkFactory, reads: ExpenseReads, clock: Clock = usecases.utcnow
    ) -> None:
        self._uow = unit_of_work
        self._reads = reads
        self._clock = clock

    def ListExpenses(
        self, request: expense_pb2.ListExpensesRequest, context: grpc.ServicerContext
    ) -> expense_pb2.ListExpensesResponse:
        page = usecases.list_expenses(self._reads, _owner(), convert.list_filters(request))
        return expense_pb2.ListExpensesResponse(
            data=[convert.expense_pb(e) for e in page.items],
            pagination=expense_pb2.Pagination(
                limit=page.limit, offset=page.offset, total=page.total, has_more=page.has_more
            ),
        )

    def CreateExpense(
        self, request: expense_pb2.CreateExpenseRequest, context: grpc.ServicerContext
    ) -> expense_pb2.CreateExpenseResponse:
        draft = convert.draft(request.expense) if request.HasField("expense") else None
        expense = usecases.create_expense(self._uow(), _owner(), draft, self._clock)
        return expense_pb2.CreateExpenseResponse(expense=convert.expense_pb(expense))

    def GetExpense(
        self, request: expense_pb2.GetExpenseRequest, context: grpc.ServicerContext
    ) -> expense_pb2.GetExpenseResponse:
        expense = usecases.get_expense(self._reads, _owner(), convert.parse_id(request.id))
        return expense_pb2.GetExpenseResponse(expense=convert.expense_pb(expense))

    def UpdateExpense(
        self, request: expense_pb2.UpdateExpenseRequest, context: grpc.ServicerContext
    ) -> expense_pb2.UpdateExpenseResponse:
        expense_id = convert.parse_id(request.id)
        draft = convert.draft(request.expense) if request.HasField("expense") else None
        expense = usecases.update_expense(self._uow(), _owner(), expense_id, draft, self._clock)
        return expense_pb2.UpdateExpenseResponse(expense=convert.expense_pb(expense))

    def DeleteExpense(
        self, request: expense_pb2.DeleteExpenseRequest, context: grpc.ServicerContext
    ) -> expense_pb2.DeleteExpenseResponse:
        usecases.delete_expense(self._uow(), _owner(), convert.parse_id(request.id))
        return expense_pb2.DeleteExpenseResponse()

    def ListCategories(
        self, request: expense_pb2.ListCategoriesRequest, context: grpc.ServicerContext
    ) -> expense_pb2.ListCategoriesResponse:
        return expense_pb2.ListCategoriesResponse(
            data=[convert.category_pb(c) for c in usecases.list_categories()]
        )


class ApiKeyAdminServicer(expense_pb2_grpc.ApiKeyAdminServiceServicer):
    def __init__(self, unit_of_work: UnitOfWorkFactory, clock: Clock = usecases.utcnow) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def CreateApiKey(
        self, request: expense_pb2.CreateApiKeyRequest, context: grpc.ServicerContext
    ) -> expense_pb2.CreateApiKeyResponse:
        issued = usecases.create_api_key(self._uow(), request.name, request.roles, self._clock)
        return expense_pb2.CreateApiKeyResponse(
            api_key=convert.api_key_pb(issued.key), secret=issued.secret
        )

    def ListApiKeys(
        self, request: expense_pb2.ListApiKeysRequest, context: grpc.ServicerContext
    ) -> expense_pb2.ListApiKeysResponse:
        keys = usecases.list_api_keys(self._uow(), include_revoked=request.include_revoked)
        return expense_pb2.ListApiKeysResponse(api_keys=[convert.api_key_pb(k) for k in keys])

    def RevokeApiKey(
        self, request: expense_pb2.RevokeApiKeyRequest, context: grpc.ServicerContext
    ) -> expense_pb2.RevokeApiKeyResponse:
        key = usecases.revoke_api_key(self._uow(), convert.parse_id(request.id), self._clock)
        return expense_pb2.RevokeApiKeyResponse(api_key=convert.api_key_pb(key))
