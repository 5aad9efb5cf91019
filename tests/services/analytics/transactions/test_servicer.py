"""TransactionService's proto ⇄ use case mapping (the caller bound as the auth
interceptor binds one), and `transaction_pb`, which DocumentService shares."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from finplat.analytics.v1 import common_pb2
from finplat.analytics.v1 import transactions_pb2 as pb
from google.protobuf.timestamp_pb2 import Timestamp

from services.analytics.categories.domain import NewCategory
from services.analytics.categories.usecases import create_category
from services.analytics.transactions import CAPABILITY
from services.analytics.transactions.domain import Transaction
from services.analytics.transactions.servicer import TransactionServicer, transaction_pb
from services.runtime.errors import (
    FailedPrecondition,
    InvalidArgument,
    PermissionDenied,
    Unauthenticated,
)
from tests.services.analytics.categories.support import ALICE, BOB, CONTEXT, NOW, calling_as, clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.serving import registered

WHEN = Timestamp(seconds=int(datetime(2026, 2, 2, 9, 30, tzinfo=UTC).timestamp()))
ONE = Transaction(
    id=uuid.uuid4(),
    user_id=ALICE,
    document_id=None,
    row_number=0,
    booked_at=datetime(2026, 2, 2, tzinfo=UTC),
    amount=Decimal("-12.5000"),
    currency="EUR",
    description="Lunch",
    merchant_name=None,
    category_id=None,
    categorization_method="classifier",
    categorization_confidence=0.876543,
    bank_reference=None,
    created_at=NOW,
)


def test_the_capability_registers_every_rpc(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.TransactionService",)


def test_transaction_pb_renders_exact_amounts_and_nulls() -> None:
    message = transaction_pb(ONE)
    assert (message.amount, message.transaction_type) == (
        "-12.50",
        common_pb2.TRANSACTION_TYPE_DEBIT,
    )
    assert message.categorization_method == common_pb2.CATEGORIZATION_METHOD_CLASSIFIER
    assert message.categorization_confidence == 0.8765
    for field in ("document_id", "category_id", "merchant_name", "bank_reference"):
        assert not message.HasField(field)
    document, category = uuid.uuid4(), uuid.uuid4()
    full = transaction_pb(
        replace(
            ONE,
            amount=Decimal("1234567.1250"),
            document_id=document,
            category_id=category,
            merchant_name="Joe's",
            bank_reference="FITID-1",
            categorization_method="none",
        )
    )
    assert (full.amount, full.transaction_type) == (
        "1234567.125",
        common_pb2.TRANSACTION_TYPE_CREDIT,
    )
    assert (full.document_id, full.category_id) == (str(document), str(category))
    assert (full.merchant_name, full.bank_reference) == ("Joe's", "FITID-1")
    assert full.categorization_method == common_pb2.CATEGORIZATION_METHOD_NONE
    assert full.transaction_date.ToDatetime(tzinfo=UTC) == ONE.booked_at


def test_create_correct_and_learn_through_protos(uow: UowFactory) -> None:
    servicer = TransactionServicer(uow, clock)
    groceries = create_category(uow(), ALICE, NewCategory(name="Groceries"), clock)
    with calling_as(ALICE):
        created = servicer.CreateTransaction(
            pb.CreateTransactionRequest(
                transaction_date=WHEN,
                description="CARD PAYMENT TO TESCO STORES 3412 ON 02 JAN",
                amount="-23.4",
                transaction_type=common_pb2.TRANSACTION_TYPE_DEBIT,
            ),
            CONTEXT,
        ).transaction
        assert (created.amount, created.currency, created.merchant_name) == (
            "-23.40", "EUR", "Tesco Stores"
        )  # fmt: skip
        assert created.categorization_method == common_pb2.CATEGORIZATION_METHOD_NONE
        assert created.transaction_date == WHEN and not created.HasField("category_id")
        assert servicer.GetTransaction(pb.GetTransactionRequest(id=created.id), CONTEXT) == (
            pb.GetTransactionResponse(transaction=created)
        )

        with pytest.raises(FailedPrecondition):
            servicer.LearnFromTransaction(pb.LearnFromTransactionRequest(id=created.id), CONTEXT)
        corrected = servicer.UpdateTransactionCategory(
            pb.UpdateTransactionCategoryRequest(id=created.id, category_id=str(groceries.id)),
            CONTEXT,
        ).transaction
        assert corrected.category_id == str(groceries.id)
        assert corrected.categorization_method == common_pb2.CATEGORIZATION_METHOD_MANUAL
        learned = servicer.LearnFromTransaction(
            pb.LearnFromTransactionRequest(id=created.id), CONTEXT
        )
        assert (learned.learned, learned.pattern, learned.category_id, learned.hits) == (
            True, "tesco stores", str(groceries.id), 1
        )  # fmt: skip
        assert learned.message

        cleared = servicer.UpdateTransactionCategory(
            pb.UpdateTransactionCategoryRequest(id=created.id), CONTEXT
        ).transaction
        assert not cleared.HasField("category_id")
        assert cleared.categorization_method == common_pb2.CATEGORIZATION_METHOD_NONE
    with calling_as(BOB), pytest.raises(PermissionDenied):
        servicer.GetTransaction(pb.GetTransactionRequest(id=created.id), CONTEXT)


def test_bad_input_names_its_field(uow: UowFactory) -> None:
    servicer = TransactionServicer(uow, clock)
    good = pb.CreateTransactionRequest(transaction_date=WHEN, description="x", amount="-1")

    def create_fails_on(**changes: object) -> list[str]:
        request = pb.CreateTransactionRequest()
        request.CopyFrom(good)
        for name, value in changes.items():
            if isinstance(value, Timestamp):
                getattr(request, name).CopyFrom(value)
            else:
                setattr(request, name, value)
        with pytest.raises(InvalidArgument) as caught:
            servicer.CreateTransaction(request, CONTEXT)
        return [v.field for v in caught.value.violations]

    with calling_as(ALICE):
        assert create_fails_on(category_id="zzz") == ["category_id"]
        assert create_fails_on(document_id="12") == ["document_id"]
        assert create_fails_on(transaction_type=7) == ["transaction_type"]
        assert create_fails_on(transaction_date=Timestamp(seconds=-(10**12))) == [
            "transaction_date"
        ]
        assert create_fails_on(amount="1.2.3") == ["amount"]
        assert create_fails_on(amount="5", transaction_type=common_pb2.TRANSACTION_TYPE_DEBIT) == [
            "transaction_type"
        ]
        with pytest.raises(InvalidArgument) as caught:
            servicer.CreateTransaction(pb.CreateTransactionRequest(), CONTEXT)
        assert [v.field for v in caught.value.violations] == [
            "transaction_date", "description", "amount"
        ]  # fmt: skip
        for call in (
            lambda: servicer.GetTransaction(pb.GetTransactionRequest(id="zzz"), CONTEXT),
            lambda: servicer.LearnFromTransaction(pb.LearnFromTransactionRequest(id=""), CONTEXT),
            lambda: servicer.UpdateTransactionCategory(
                pb.UpdateTransactionCategoryRequest(id="nope"), CONTEXT
            ),
        ):
            with pytest.raises(InvalidArgument) as caught:
                call()
            assert [v.field for v in caught.value.violations] == ["id"]
        with pytest.raises(InvalidArgument) as caught:
            servicer.UpdateTransactionCategory(
                pb.UpdateTransactionCategoryRequest(id=str(uuid.uuid4()), category_id="x"),
                CONTEXT,
            )
        assert [v.field for v in caught.value.violations] == ["category_id"]


def test_a_caller_is_required(uow: UowFactory) -> None:
    with pytest.raises(Unauthenticated):
        TransactionServicer(uow, clock).GetTransaction(
            pb.GetTransactionRequest(id=str(uuid.uuid4())), CONTEXT
        )
