"""Manual transactions as rules and values: amounts as exact decimals, the type agreeing
with the sign, every bad field reported at once, and amounts rendered for the API."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from services.analytics.transactions import domain
from services.analytics.transactions.domain import Learned, ManualDraft
from services.runtime.errors import FieldViolation, InvalidArgument

WHEN = datetime(2026, 2, 3, tzinfo=UTC)


def draft(**changes: object) -> ManualDraft:
    fields: dict[str, object] = {"booked_at": WHEN, "description": "Lunch", "amount": "-12.5"}
    fields.update(changes)
    return ManualDraft(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("-12.5", "-12.5000"),
        ("12", "12.0000"),
        ("+0.0001", "0.0001"),
        ("1.50000", "1.5000"),  # places are counted by value, not spelling
        ("-0", "0.0000"),
        ("1e3", "1000.0000"),  # the edge's grammar, exponents included
        (" 7.25 ", "7.2500"),
        ("-99999999999.9999", "-99999999999.9999"),
    ],
)
def test_amounts_are_exact_decimals(raw: str, value: str) -> None:
    problems: list[FieldViolation] = []
    amount = domain.parse_amount(raw, problems)
    assert problems == []
    assert isinstance(amount, Decimal) and str(amount) == value


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "is required"),
        ("1.2.3", "must be a decimal string such as -12.50"),
        ("NaN", "must be a decimal string such as -12.50"),
        ("Infinity", "must be a decimal string such as -12.50"),
        ("1_000", "must be a decimal string such as -12.50"),
        ("12,50", "must be a decimal string such as -12.50"),
        ("0.00001", "must have at most 4 decimal places"),
        ("100000000000", "must be between -100000000000 and 100000000000"),
        ("-1e11", "must be between -100000000000 and 100000000000"),
        ("1e999999999", "must be between -100000000000 and 100000000000"),
        ("1e-999999999", "must have at most 4 decimal places"),
    ],
)
def test_bad_amounts(raw: str, reason: str) -> None:
    problems: list[FieldViolation] = []
    assert domain.parse_amount(raw, problems) is None
    assert problems == [FieldViolation("amount", reason)]


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        ("-12.5000", "-12.50"),
        ("3.1250", "3.125"),
        ("0.0001", "0.0001"),
        ("1000000.0000", "1000000.00"),
        ("-99999999999.9999", "-99999999999.9999"),
        ("0.0000", "0.00"),
        ("-0.0000", "0.00"),
        ("1E+3", "1000.00"),
    ],
)
def test_amount_text_is_plain_with_at_least_two_places(amount: str, text: str) -> None:
    assert domain.amount_text(Decimal(amount)) == text


def test_the_type_must_agree_with_the_sign() -> None:
    assert domain.validate_manual(draft(transaction_type="debit")).amount == Decimal("-12.5")
    assert domain.validate_manual(draft(amount="3", transaction_type="credit")).amount == 3
    for amount in ("0", "-0.00"):  # zero is either
        for kind in ("debit", "credit"):
            domain.validate_manual(draft(amount=amount, transaction_type=kind))
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_manual(draft(transaction_type="credit"))
    assert caught.value.violations == (
        FieldViolation("transaction_type", "a credit needs a positive amount (or 0)"),
    )
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_manual(draft(amount="5", transaction_type="debit"))
    assert [v.field for v in caught.value.violations] == ["transaction_type"]
    assert domain.kind_of(Decimal("-1")) == "debit"
    assert domain.kind_of(Decimal("0")) == domain.kind_of(Decimal("1")) == "credit"


def test_an_entry_is_trimmed_and_defaulted() -> None:
    entry = domain.validate_manual(
        draft(description="  Lunch at Joe's ", merchant_name="  ", category_id=None)
    )
    assert (entry.description, entry.currency, entry.merchant_name) == (
        "Lunch at Joe's", "EUR", None
    )  # fmt: skip
    named = domain.validate_manual(draft(merchant_name=" Joe's ", currency="GBP"))
    assert (named.merchant_name, named.currency) == ("Joe's", "GBP")


def test_every_bad_field_is_reported_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_manual(
            ManualDraft(
                booked_at=None,
                description=" ",
                amount="ten",
                currency="eur",
                merchant_name="m" * 201,
            )
        )
    assert [v.field for v in caught.value.violations] == [
        "transaction_date", "description", "amount", "currency", "merchant_name"
    ]  # fmt: skip
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_manual(draft(description="x" * 501))
    assert caught.value.violations == (
        FieldViolation("description", "must be at most 500 characters"),
    )
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_manual(draft(description="nul\x00"))
    assert [v.field for v in caught.value.violations] == ["description"]


def test_manual_entries_never_collide_as_duplicates() -> None:
    one, two = uuid.uuid4(), uuid.uuid4()
    assert domain.manual_dedupe_key(one) != domain.manual_dedupe_key(two)
    assert len(domain.manual_dedupe_key(one)) <= 64  # transactions.dedupe_key's width


def test_the_learning_message() -> None:
    category = uuid.uuid4()
    assert Learned("tesco stores", category, 1, "Groceries").message == (
        "Transactions matching 'tesco stores' will be categorized as 'Groceries' (learned once)."
    )
    assert "(learned 3 times)" in Learned("tesco stores", category, 3, "Groceries").message
