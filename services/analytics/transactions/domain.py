"""Transactions as the analytics module reasons about them (pure)."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Literal

from services.analytics import fields
from services.runtime.errors import FailedPrecondition, FieldViolation, raise_if_any

Method = Literal["manual", "rule", "classifier", "none"]


@dataclass(frozen=True, slots=True)
class Transaction:
    id: uuid.UUID
    user_id: uuid.UUID
    document_id: uuid.UUID | None
    row_number: int
    booked_at: datetime
    # Signed: negative for money out.
    amount: Decimal
    currency: str
    description: str
    merchant_name: str | None
    category_id: uuid.UUID | None
    categorization_method: Method
    categorization_confidence: float
    bank_reference: str | None
    created_at: datetime


# -- manual entries ----------------------------------------------------------------------

TransactionType = Literal["debit", "credit"]

MAX_DESCRIPTION = 500
MAX_MERCHANT = 200
AMOUNT_PLACES = 4
# Exclusive bound on |amount|: what NUMERIC(18, 4) holds, and what SQLite's doubles
# round-trip exactly (db.types.Amount).
AMOUNT_LIMIT = Decimal(10) ** 11
DEFAULT_CURRENCY = "EUR"
_CURRENCY = re.compile(r"[A-Z]{3}\Z")


@dataclass(frozen=True, slots=True)
class ManualDraft:
    """A manual transaction as the caller sent it; None = not sent."""

    booked_at: datetime | None
    description: str
    amount: str
    transaction_type: TransactionType | None = None
    currency: str | None = None
    merchant_name: str | None = None
    document_id: uuid.UUID | None = None
    category_id: uuid.UUID | None = None


@dataclass(frozen=True, slots=True)
class ManualEntry:
    """A validated manual transaction, before its merchant and category are settled."""

    booked_at: datetime
    description: str
    amount: Decimal
    currency: str
    merchant_name: str | None
    document_id: uuid.UUID | None
    category_id: uuid.UUID | None


def validate_manual(draft: ManualDraft) -> ManualEntry:
    """The entry in `draft`, or InvalidArgument naming every bad field at once."""
    problems: list[FieldViolation] = []
    if draft.booked_at is None:
        problems.append(FieldViolation("transaction_date", "is required"))
    description = fields.free_text(
        draft.description, "description", problems, limit=MAX_DESCRIPTION
    )
    if description is None and not any(p.field == "description" for p in problems):
        problems.append(FieldViolation("description", "is required"))
    amount = parse_amount(draft.amount, problems)
    if (
        amount is not None
        and draft.transaction_type is not None
        and not agrees(draft.transaction_type, amount)
    ):
        sign = "negative" if draft.transaction_type == "debit" else "positive"
        problems.append(
            FieldViolation(
                "transaction_type", f"a {draft.transaction_type} needs a {sign} amount (or 0)"
            )
        )
    currency = DEFAULT_CURRENCY if draft.currency is None else draft.currency.strip()
    if _CURRENCY.match(currency) is None:
        problems.append(FieldViolation("currency", "must be an ISO 4217 code such as EUR"))
    merchant = (
        None
        if draft.merchant_name is None
        else fields.free_text(draft.merchant_name, "merchant_name", problems, limit=MAX_MERCHANT)
    )
    raise_if_any(problems)
    assert draft.booked_at is not None and description is not None and amount is not None
    return ManualEntry(
        booked_at=draft.booked_at,
        description=description,
        amount=amount,
        currency=currency,
        # A blank merchant name is none: the normalizer then reads one from the description.
        merchant_name=merchant,
        document_id=draft.document_id,
        category_id=draft.category_id,
    )


def parse_amount(raw: str, problems: list[FieldViolation]) -> Decimal | None:
    """A signed decimal string with at most AMOUNT_PLACES places (by value: "1.50000" is
    fine, "-0" is 0) and |amount| < AMOUNT_LIMIT. Never through float."""
    amount = fields.required_decimal(raw, "amount", problems, example="-12.50")
    if amount is None:
        return None
    # copy_abs, not abs(): no context arithmetic, so "1e999999999" cannot overflow.
    if amount.copy_abs() >= AMOUNT_LIMIT:
        problems.append(
            FieldViolation("amount", f"must be between -{AMOUNT_LIMIT:f} and {AMOUNT_LIMIT:f}")
        )
        return None
    return fields.at_most_places(amount, AMOUNT_PLACES, "amount", problems)


def kind_of(amount: Decimal) -> TransactionType:
    """Money out is negative; zero counts as a credit (nothing left the account)."""
    return "debit" if amount < 0 else "credit"


def agrees(kind: TransactionType, amount: Decimal) -> bool:
    return amount == 0 or kind_of(amount) == kind


def amount_text(amount: Decimal) -> str:
    """The amount as plain decimal text with at least two places: "-12.50", "3.125",
    "1000000.00" — never exponent notation, never "-0.00"."""
    if amount == 0:
        return "0.00"
    exponent = amount.normalize().as_tuple().exponent
    assert isinstance(exponent, int)  # finite
    return format(amount.quantize(min(fields.CENTS, Decimal(1).scaleb(exponent))), "f")


def manual_dedupe_key(transaction_id: uuid.UUID) -> str:
    """Manual entries are never duplicates of anything: the fingerprint is their own id."""
    return f"manual:{transaction_id}"


# -- learning from corrections ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Learned:
    """A rule taught by a transaction's category."""

    pattern: str
    category_id: uuid.UUID
    hits: int
    category_name: str

    @property
    def message(self) -> str:
        times = "once" if self.hits == 1 else f"{self.hits} times"
        return (
            f"Transactions matching {self.pattern!r} will be categorized as "
            f"{self.category_name!r} (learned {times})."
        )


def require_categorized(transaction: Transaction) -> uuid.UUID:
    if transaction.category_id is None:
        raise FailedPrecondition(
            "the transaction is uncategorized: set its category before learning from it",
            reason="UNCATEGORIZED",
        )
    return transaction.category_id


class NothingToLearn(FailedPrecondition):
    """The transaction's description is blank: no rule pattern can be made from it."""

    reason = "NOTHING_TO_LEARN"

    def __init__(self) -> None:
        super().__init__("the transaction's description is blank: there is nothing to learn")
