"""Transaction operations on real databases (SQLite and PostgreSQL): manual entries and
their categorization, corrections, learning rules from them, and isolation between users."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from services.analytics.categories.domain import NewCategory
from services.analytics.categories.usecases import create_category
from services.analytics.transactions import usecases
from services.analytics.transactions.domain import ManualDraft, Transaction
from services.runtime.errors import (
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
)
from tests.services.analytics.categories.support import ALICE, BOB, NOW, clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.transactions.support import a_document

TESCO = ManualDraft(
    booked_at=datetime(2026, 2, 2, tzinfo=UTC),
    description="CARD PAYMENT TO TESCO STORES 3412 ON 02 JAN",
    amount="-23.40",
)


def category(uow: UowFactory, name: str, user: uuid.UUID = ALICE) -> uuid.UUID:
    return create_category(uow(), user, NewCategory(name=name), clock).id


def create(uow: UowFactory, user: uuid.UUID = ALICE, **changes: object) -> Transaction:
    draft = replace(TESCO, **changes)  # type: ignore[arg-type]
    return usecases.create_transaction(uow(), user, draft, clock)


def test_a_manual_transaction_with_its_category(uow: UowFactory) -> None:
    groceries = category(uow, "Groceries")
    made = create(uow, category_id=groceries, transaction_type="debit", currency="GBP")
    assert (made.category_id, made.categorization_method, made.categorization_confidence) == (
        groceries, "manual", 1.0
    )  # fmt: skip
    assert made.amount == Decimal("-23.40") and made.currency == "GBP"
    assert made.merchant_name == "Tesco Stores"  # read from the description
    assert (made.document_id, made.row_number, made.bank_reference) == (None, 0, None)
    assert made.booked_at == TESCO.booked_at and made.created_at == NOW
    assert usecases.get_transaction(uow(), ALICE, made.id) == made


def test_without_a_category_and_nothing_learned_it_stays_uncategorized(uow: UowFactory) -> None:
    made = create(uow, merchant_name="My corner shop")
    assert (made.category_id, made.categorization_method, made.categorization_confidence) == (
        None, "none", 0.0
    )  # fmt: skip
    assert (made.merchant_name, made.currency) == ("My corner shop", "EUR")
    # The same entry twice is two transactions: manual entries are never duplicates.
    assert create(uow, merchant_name="My corner shop").id != made.id


def test_a_known_merchant_name_is_reused(uow: UowFactory) -> None:
    create(uow, merchant_name="Tesco Stores Ltd")
    other_branch = create(uow, description="CARD PAYMENT TO TESCO STORES 998 ON 05 JAN")
    assert other_branch.merchant_name == "Tesco Stores Ltd"


def test_references_in_the_body_must_be_the_callers(uow: UowFactory) -> None:
    bobs_category = category(uow, "Bob's", BOB)
    with pytest.raises(PermissionDenied):
        create(uow, category_id=bobs_category)
    with pytest.raises(InvalidArgument) as caught:
        create(uow, category_id=uuid.uuid4())
    assert [v.field for v in caught.value.violations] == ["category_id"]

    mine = a_document(uow, ALICE)
    assert create(uow, document_id=mine).document_id == mine
    with pytest.raises(PermissionDenied):
        create(uow, document_id=a_document(uow, BOB))
    with pytest.raises(InvalidArgument) as caught:
        create(uow, document_id=uuid.uuid4())
    assert [v.field for v in caught.value.violations] == ["document_id"]


def test_the_type_must_agree_with_the_sign(uow: UowFactory) -> None:
    with pytest.raises(InvalidArgument) as caught:
        create(uow, transaction_type="credit")
    assert [v.field for v in caught.value.violations] == ["transaction_type"]
    assert create(uow, amount="23.40", transaction_type="credit").amount == Decimal("23.4")


def test_a_correction_teaches_the_same_users_next_transaction_only(uow: UowFactory) -> None:
    groceries = category(uow, "Groceries")
    first = create(uow)
    corrected = usecases.update_transaction_category(uow(), ALICE, first.id, groceries, True, clock)
    assert (corrected.category_id, corrected.categorization_method) == (groceries, "manual")
    assert corrected.categorization_confidence == 1.0

    later = create(uow, description="CARD PAYMENT TO TESCO STORES 77 ON 09 FEB")
    assert (later.category_id, later.categorization_method, later.categorization_confidence) == (
        groceries, "rule", 1.0
    )  # fmt: skip
    category(uow, "Groceries", BOB)
    theirs = create(uow, BOB)
    assert theirs.category_id is None and theirs.categorization_method == "none"


def test_a_correction_without_learning_teaches_no_rule(uow: UowFactory) -> None:
    groceries = category(uow, "Groceries")
    usecases.update_transaction_category(uow(), ALICE, create(uow).id, groceries, False, clock)
    assert create(uow).categorization_method == "none"


def test_clearing_a_category(uow: UowFactory) -> None:
    made = create(uow, category_id=category(uow, "Groceries"))
    cleared = usecases.update_transaction_category(uow(), ALICE, made.id, None, True, clock)
    assert (cleared.category_id, cleared.categorization_method) == (None, "none")
    assert cleared.categorization_confidence == 0.0
    with uow() as unit:
        assert unit.repos.transactions.rules_of(ALICE) == []


def test_learning_from_a_transaction(uow: UowFactory) -> None:
    groceries = category(uow, "Groceries")
    uncategorized = create(uow)
    with pytest.raises(FailedPrecondition) as refused:
        usecases.learn_from_transaction(uow(), ALICE, uncategorized.id, clock)
    assert refused.value.reason == "UNCATEGORIZED"

    made = create(uow, category_id=groceries)
    learned = usecases.learn_from_transaction(uow(), ALICE, made.id, clock)
    assert (learned.pattern, learned.category_id, learned.hits) == ("tesco stores", groceries, 1)
    assert "Groceries" in learned.message
    assert usecases.learn_from_transaction(uow(), ALICE, made.id, clock).hits == 2
    assert create(uow).categorization_method == "rule"


def test_a_new_correction_replaces_the_rule(uow: UowFactory) -> None:
    groceries, household = category(uow, "Groceries"), category(uow, "Household")
    made = create(uow, category_id=groceries)
    usecases.learn_from_transaction(uow(), ALICE, made.id, clock)
    usecases.learn_from_transaction(uow(), ALICE, made.id, clock)
    usecases.update_transaction_category(uow(), ALICE, made.id, household, True, clock)
    with uow() as unit:
        [rule] = unit.repos.transactions.rules_of(ALICE)
    assert (rule.pattern, rule.category_id, rule.hits) == ("tesco stores", household, 1)
    assert create(uow).category_id == household


def test_the_classifier_categorizes_once_the_user_has_history(uow: UowFactory) -> None:
    groceries, fuel = category(uow, "Groceries"), category(uow, "Fuel")
    for store in range(6):
        create(uow, description=f"KARTENZAHLUNG REWE MARKT {store}{store}1 BERLIN",
               category_id=groceries)  # fmt: skip
        create(uow, description=f"SHELL TANKSTELLE {store}{store}7 HAMBURG", category_id=fuel)
    guessed = create(uow, description="KARTENZAHLUNG REWE MARKT 9876 KOELN")
    assert (guessed.category_id, guessed.categorization_method) == (groceries, "classifier")
    assert 0.55 <= guessed.categorization_confidence < 1.0


def test_another_users_transaction_is_403_and_a_missing_one_404(uow: UowFactory) -> None:
    mine = create(uow, category_id=category(uow, "Groceries"))
    bobs = category(uow, "Groceries", BOB)
    for attempt in (
        lambda: usecases.get_transaction(uow(), BOB, mine.id),
        lambda: usecases.update_transaction_category(uow(), BOB, mine.id, None, False, clock),
        lambda: usecases.update_transaction_category(uow(), BOB, mine.id, bobs, True, clock),
        lambda: usecases.learn_from_transaction(uow(), BOB, mine.id, clock),
    ):
        with pytest.raises(PermissionDenied):
            attempt()
    missing = uuid.uuid4()
    for attempt in (
        lambda: usecases.get_transaction(uow(), ALICE, missing),
        lambda: usecases.update_transaction_category(uow(), ALICE, missing, None, False, clock),
        lambda: usecases.learn_from_transaction(uow(), ALICE, missing, clock),
    ):
        with pytest.raises(NotFound):
            attempt()
    # Alice cannot file her transaction under Bob's category either.
    with pytest.raises(PermissionDenied):
        usecases.update_transaction_category(uow(), ALICE, mine.id, bobs, False, clock)
    with pytest.raises(InvalidArgument) as caught:
        usecases.update_transaction_category(uow(), ALICE, mine.id, uuid.uuid4(), False, clock)
    assert [v.field for v in caught.value.violations] == ["category_id"]
    assert usecases.get_transaction(uow(), ALICE, mine.id) == mine
