"""The expense domain: categories, expenses, and validation of what callers send.

Pure: no gRPC, no SQLAlchemy. Input arrives as plain values (`ExpenseDraft`,
`ListFilters`) so the rules are testable without protobuf; every problem becomes one
`FieldViolation` named by its proto field path, and all of them are reported at once.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Generic, TypeVar

from services.runtime.calendar_dates import BAD_DATE, DateParts, checked_date, to_date
from services.runtime.errors import FieldViolation, InvalidArgument, raise_if_any

T = TypeVar("T")


@dataclass(frozen=True)
class Category:
    slug: str
    name: str
    description: str


# Display order is the order here (docs/GAPS: the ten slugs are part of the contract).
CATEGORIES: tuple[Category, ...] = (
    Category("food", "Food", "Groceries, restaurants, cafés and take-away."),
    Category("transport", "Transport", "Public transport, fuel, parking, taxis and car costs."),
    Category("housing", "Housing", "Rent, mortgage payments, repairs and home insurance."),
    Category("utilities", "Utilities", "Electricity, water, heating, internet and phone."),
    Category("entertainment", "Entertainment", "Cinema, concerts, games, streaming and hobbies."),
    Category("health", "Health", "Doctors, pharmacy, dental care and health insurance."),
    Category("shopping", "Shopping", "Clothes, electronics, household goods and gifts."),
    Category("travel", "Travel", "Flights, hotels, holiday rentals and trips."),
    Category("education", "Education", "Tuition, courses, books and training."),
    Category("other", "Other", "Anything that fits no other category."),
)
CATEGORY_SLUGS: tuple[str, ...] = tuple(c.slug for c in CATEGORIES)

MAX_AMOUNT = Decimal(10) ** 12  # exclusive; far below NUMERIC(18, 2)'s limit
AMOUNT_PLACES = 2
MAX_DESCRIPTION = 500
MIN_LIMIT, DEFAULT_LIMIT, MAX_LIMIT = 1, 50, 100
MAX_OFFSET = 1_000_000  # deeper pages are a scan, not a use case

# Reports one problem of the field being checked.
Report = Callable[[str], None]

REQUIRED = "is required"
ONE_OF_CATEGORIES = f"must be one of: {', '.join(CATEGORY_SLUGS)}"


@dataclass(frozen=True)
class ExpenseDraft:
    """An expense as a caller sent it, unvalidated. Empty string / None = not sent."""

    amount: str = ""
    description: str = ""
    category: str = ""
    date: DateParts | None = None


@dataclass(frozen=True)
class ExpenseInput:
    """The validated writable fields of an expense."""

    amount: Decimal
    description: str
    category: str
    date: date


@dataclass(frozen=True)
class Expense:
    id: uuid.UUID
    amount: Decimal
    description: str
    category: str
    date: date
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class ListFilters:
    """ListExpenses' query as sent; None = not sent."""

    limit: int | None = None
    offset: int | None = None
    category: str = ""
    start_date: DateParts | None = None
    end_date: DateParts | None = None


@dataclass(frozen=True)
class ListQuery:
    limit: int
    offset: int
    category: str | None
    start_date: date | None
    end_date: date | None


@dataclass(frozen=True)
class Page(Generic[T]):
    items: Sequence[T]
    limit: int
    offset: int
    total: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


def validate_expense(draft: ExpenseDraft | None, *, path: str = "expense") -> ExpenseInput:
    """The expense in `draft`, or InvalidArgument listing every bad field."""
    if draft is None:
        raise InvalidArgument.for_field(path, REQUIRED)
    violations: list[FieldViolation] = []

    def bad(field: str, description: str) -> None:
        violations.append(FieldViolation(f"{path}.{field}", description))

    amount = _parse_amount(draft.amount, lambda d: bad("amount", d))
    description = _check_description(draft.description, lambda d: bad("description", d))
    category = draft.category
    if not category:
        bad("category", REQUIRED)
    elif category not in CATEGORY_SLUGS:
        bad("category", ONE_OF_CATEGORIES)
    day = None
    if draft.date is None:
        bad("date", REQUIRED)
    else:
        day = to_date(draft.date)
        if day is None:
            bad("date", BAD_DATE)
    raise_if_any(violations)
    assert amount is not None and description is not None and day is not None
    return ExpenseInput(amount=amount, description=description, category=category, date=day)


def validate_list_filters(filters: ListFilters) -> ListQuery:
    violations: list[FieldViolation] = []
    limit = DEFAULT_LIMIT if filters.limit is None else filters.limit
    if not MIN_LIMIT <= limit <= MAX_LIMIT:
        violations.append(FieldViolation("limit", f"must be between {MIN_LIMIT} and {MAX_LIMIT}"))
    offset = 0 if filters.offset is None else filters.offset
    if not 0 <= offset <= MAX_OFFSET:
        violations.append(FieldViolation("offset", f"must be between 0 and {MAX_OFFSET}"))
    category = filters.category or None
    if category is not None and category not in CATEGORY_SLUGS:
        violations.append(FieldViolation("category", ONE_OF_CATEGORIES))
    start = checked_date(filters.start_date, "start_date", violations)
    end = checked_date(filters.end_date, "end_date", violations)
    if start is not None and end is not None and start > end:
        violations.append(FieldViolation("start_date", "must be on or before end_date"))
    raise_if_any(violations)
    return ListQuery(limit=limit, offset=offset, category=category, start_date=start, end_date=end)


def _parse_amount(raw: str, bad: Report) -> Decimal | None:
    text = raw.strip()
    if not text:
        bad(REQUIRED)
        return None
    try:
        amount = Decimal(text)
    except InvalidOperation:
        bad("must be a decimal number")
        return None
    if not amount.is_finite():
        bad("must be a decimal number")
        return None
    if amount <= 0:
        bad("must be greater than 0")
        return None
    if amount >= MAX_AMOUNT:
        bad(f"must be less than {MAX_AMOUNT:f}")
        return None
    # By value, not by spelling: "12.50" and "12.500" are the same amount.
    cents = amount.quantize(Decimal(1).scaleb(-AMOUNT_PLACES))
    if cents != amount:
        bad(f"must have at most {AMOUNT_PLACES} decimal places")
        return None
    return cents


def _check_description(raw: str, bad: Report) -> str | None:
    text = raw.strip()
    if not text:
        bad(REQUIRED)
        return None
    if len(text) > MAX_DESCRIPTION:
        bad(f"must be at most {MAX_DESCRIPTION} characters")
        return None
    if "\x00" in text:
        # PostgreSQL text cannot hold NUL; refuse it here rather than fail with a 500.
        bad("must not contain NUL characters")
        return None
    return text
