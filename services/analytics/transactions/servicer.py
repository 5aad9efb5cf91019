"""gRPC servicer of TransactionService: proto ⇄ use cases, nothing else.

`transaction_pb` is also how DocumentService lists a document's transactions.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import common_pb2, transactions_pb2

from services.analytics.transactions import usecases
from services.analytics.transactions.domain import (
    ManualDraft,
    Method,
    Transaction,
    TransactionType,
    amount_text,
    kind_of,
)
from services.runtime.clock import Clock
from services.runtime.errors import InvalidArgument
from services.runtime.principal import current_user_id
from services.runtime.protoconv import parse_uuid, timestamp

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory

_METHOD_PB: dict[Method, common_pb2.CategorizationMethod] = {
    "manual": common_pb2.CATEGORIZATION_METHOD_MANUAL,
    "rule": common_pb2.CATEGORIZATION_METHOD_RULE,
    "classifier": common_pb2.CATEGORIZATION_METHOD_CLASSIFIER,
    "none": common_pb2.CATEGORIZATION_METHOD_NONE,
}
_TYPE_PB: dict[TransactionType, common_pb2.TransactionType] = {
    "debit": common_pb2.TRANSACTION_TYPE_DEBIT,
    "credit": common_pb2.TRANSACTION_TYPE_CREDIT,
}
_TYPE_OF_PB: dict[int, TransactionType] = {value: name for name, value in _TYPE_PB.items()}


def transaction_pb(t: Transaction) -> transactions_pb2.Transaction:
    return transactions_pb2.Transaction(
        id=str(t.id),
        document_id=None if t.document_id is None else str(t.document_id),
        transaction_date=timestamp(t.booked_at),
        description=t.description,
        amount=amount_text(t.amount),
        currency=t.currency,
        transaction_type=_TYPE_PB[kind_of(t.amount)],
        category_id=None if t.category_id is None else str(t.category_id),
        merchant_name=t.merchant_name,
        categorization_method=_METHOD_PB[t.categorization_method],
        categorization_confidence=round(t.categorization_confidence, 4),
        bank_reference=t.bank_reference,
        created_at=timestamp(t.created_at),
    )


def _transaction_type(value: int) -> TransactionType | None:
    if value == common_pb2.TRANSACTION_TYPE_UNSPECIFIED:
        return None
    kind = _TYPE_OF_PB.get(value)
    if kind is None:  # an enum number this build does not know (direct gRPC callers)
        raise InvalidArgument.for_field("transaction_type", "must be debit or credit")
    return kind


def _booked_at(request: transactions_pb2.CreateTransactionRequest) -> datetime | None:
    if not request.HasField("transaction_date"):
        return None
    try:
        return request.transaction_date.ToDatetime(tzinfo=UTC)
    except (ValueError, OverflowError):  # seconds outside 0001-01-01 … 9999-12-31
        raise InvalidArgument.for_field("transaction_date", "is not a valid date-time") from None


def manual_draft(request: transactions_pb2.CreateTransactionRequest) -> ManualDraft:
    return ManualDraft(
        booked_at=_booked_at(request),
        description=request.description,
        amount=request.amount,
        transaction_type=_transaction_type(request.transaction_type),
        currency=request.currency if request.HasField("currency") else None,
        merchant_name=request.merchant_name if request.HasField("merchant_name") else None,
        document_id=(
            parse_uuid(request.document_id, "document_id")
            if request.HasField("document_id")
            else None
        ),
        category_id=(
            parse_uuid(request.category_id, "category_id")
            if request.HasField("category_id")
            else None
        ),
    )


class TransactionServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def CreateTransaction(
        self, request: transactions_pb2.CreateTransactionRequest, context: grpc.ServicerContext
    ) -> transactions_pb2.CreateTransactionResponse:
        user_id = current_user_id()
        created = usecases.create_transaction(
            self._uow(), user_id, manual_draft(request), self._clock
        )
        return transactions_pb2.CreateTransactionResponse(transaction=transaction_pb(created))

    def GetTransaction(
        self, request: transactions_pb2.GetTransactionRequest, context: grpc.ServicerContext
    ) -> transactions_pb2.GetTransactionResponse:
        user_id = current_user_id()
        found = usecases.get_transaction(self._uow(), user_id, parse_uuid(request.id, "id"))
        return transactions_pb2.GetTransactionResponse(transaction=transaction_pb(found))

    def UpdateTransactionCategory(
        self,
        request: transactions_pb2.UpdateTransactionCategoryRequest,
        context: grpc.ServicerContext,
    ) -> transactions_pb2.UpdateTransactionCategoryResponse:
        user_id = current_user_id()
        transaction_id = parse_uuid(request.id, "id")
        category_id = (
            parse_uuid(request.category_id, "category_id")
            if request.HasField("category_id")
            else None
        )
        updated = usecases.update_transaction_category(
            self._uow(),
            user_id,
            transaction_id,
            category_id,
            request.learn_from_correction,
            self._clock,
        )
        return transactions_pb2.UpdateTransactionCategoryResponse(
            transaction=transaction_pb(updated)
        )

    def LearnFromTransaction(
        self,
        request: transactions_pb2.LearnFromTransactionRequest,
        context: grpc.ServicerContext,
    ) -> transactions_pb2.LearnFromTransactionResponse:
        user_id = current_user_id()
        learned = usecases.learn_from_transaction(
            self._uow(), user_id, parse_uuid(request.id, "id"), self._clock
        )
        return transactions_pb2.LearnFromTransactionResponse(
            learned=True,
            pattern=learned.pattern,
            category_id=str(learned.category_id),
            hits=learned.hits,
            message=learned.message,
        )
