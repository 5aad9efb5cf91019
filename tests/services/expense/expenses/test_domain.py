from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from services.expense.expenses.domain import (
    CATEGORIES,
    CATEGORY_SLUGS,
    ExpenseDraft,
    ListFilters,
    Page,
    validate_expense,
    validate_list_filters,
)
from services.runtime.errors import FieldViolation, InvalidArgument

GOOD = ExpenseDraft(amount="12.50", description=" Lunch ", category="food", date=(2026, 2, 28))
ONE_OF = (
    "must be one of: food, transport, housing, utilities, entertainment, health, shopping, "
    "travel, education, other"
)


def violations_of(draft: ExpenseDraft | None) -> list[FieldViolation]:
    with pytest.raises(InvalidArgument) as caught:
        validate_expense(draft)
    assert caught.value.reason == "VALIDATION_ERROR"
    return list(caught.value.violations)


def with_(**changes: object) -> ExpenseDraft:
    return ExpenseDraft(**{**GOOD.__dict__, **changes})  # type: ignore[arg-type]


def test_the_ten_categories_of_the_contract() -> None:
    assert CATEGORY_SLUGS == (
        "food", "transport", "housing", "utilities", "entertainment",
        "health", "shopping", "travel", "education", "other",
    )  # fmt: skip
    assert all(c.name and c.description for c in CATEGORIES)


def test_a_valid_expense_is_normalised() -> None:
    data = validate_expense(GOOD)
    assert data.amount == Decimal("12.50") and str(data.amount) == "12.50"
    assert data.description == "Lunch"
    assert data.category == "food"
    assert data.date == date(2026, 2, 28)


@pytest.mark.parametrize(
    ("amount", "expected"),
    [
        ("", "is required"),
        ("  ", "is required"),
        ("0", "must be greater than 0"),
        ("0.00", "must be greater than 0"),
        ("-5", "must be greater than 0"),
        ("1.234", "must have at most 2 decimal places"),
        ("0.001", "must have at most 2 decimal places"),
        ("abc", "must be a decimal number"),
        ("NaN", "must be a decimal number"),
        ("Infinity", "must be a decimal number"),
        ("1000000000000", "must be less than 1000000000000"),
        ("1e30", "must be less than 1000000000000"),
    ],
)
def test_amount_rules(amount: str, expected: str) -> None:
    assert violations_of(with_(amount=amount)) == [FieldViolation("expense.amount", expected)]


@pytest.mark.parametrize(
    ("amount", "stored"),
    [("0.01", "0.01"), ("1.230", "1.23"), ("1e2", "100"), ("999999999999.99", "999999999999.99")],
)
def test_amounts_accepted_by_value(amount: str, stored: str) -> None:
    assert validate_expense(with_(amount=amount)).amount == Decimal(stored)


@pytest.mark.parametrize(
    ("description", "expected"),
    [
        ("", "is required"),
        ("   ", "is required"),
        ("x" * 501, "must be at most 500 characters"),
        ("a\x00b", "must not contain NUL characters"),
    ],
)
def test_description_rules(description: str, expected: str) -> None:
    assert violations_of(with_(description=description)) == [
        FieldViolation("expense.description", expected)
    ]


def test_description_limits_count_after_trimming() -> None:
    assert validate_expense(with_(description="  " + "x" * 500 + "  ")).description == "x" * 500
    assert validate_expense(with_(description="x")).description == "x"


@pytest.mark.parametrize(
    ("category", "expected"), [("", "is required"), ("groceries", ONE_OF), ("Food", ONE_OF)]
)
def test_category_rules(category: str, expected: str) -> None:
    assert violations_of(with_(category=category)) == [FieldViolation("expense.category", expected)]


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        (None, "is required"),
        ((2026, 2, 30), "is not a valid calendar date"),
        ((2026, 13, 1), "is not a valid calendar date"),
        ((2025, 2, 29), "is not a valid calendar date"),
        ((2026, 1, 0), "is not a valid calendar date"),
        ((0, 1, 1), "is not a valid calendar date"),
    ],
)
def test_date_rules(parts: tuple[int, int, int] | None, expected: str) -> None:
    assert violations_of(with_(date=parts)) == [FieldViolation("expense.date", expected)]


def test_leap_day_is_a_date() -> None:
    assert validate_expense(with_(date=(2028, 2, 29))).date == date(2028, 2, 29)


def test_every_violation_is_reported_at_once() -> None:
    violations = violations_of(ExpenseDraft())
    assert violations == [
        FieldViolation("expense.amount", "is required"),
        FieldViolation("expense.description", "is required"),
        FieldViolation("expense.category", "is required"),
        FieldViolation("expense.date", "is required"),
    ]
    mixed = violations_of(
        ExpenseDraft(amount="-1", description="ok", category="x", date=(1, 2, 30))
    )
    assert [v.field for v in mixed] == ["expense.amount", "expense.category", "expense.date"]


def test_a_missing_body_is_one_violation() -> None:
    assert violations_of(None) == [FieldViolation("expense", "is required")]


def test_list_defaults() -> None:
    query = validate_list_filters(ListFilters())
    assert (query.limit, query.offset, query.category) == (50, 0, None)
    assert query.start_date is None and query.end_date is None


@pytest.mark.parametrize(
    ("filters", "field", "description"),
    [
        (ListFilters(limit=0), "limit", "must be between 1 and 100"),
        (ListFilters(limit=101), "limit", "must be between 1 and 100"),
        (ListFilters(limit=-3), "limit", "must be between 1 and 100"),
        (ListFilters(offset=-1), "offset", "must be between 0 and 1000000"),
        (ListFilters(offset=1_000_001), "offset", "must be between 0 and 1000000"),
        (ListFilters(category="nope"), "category", ONE_OF),
        (ListFilters(start_date=(2026, 2, 30)), "start_date", "is not a valid calendar date"),
        (ListFilters(end_date=(2026, 4, 31)), "end_date", "is not a valid calendar date"),
        (
            ListFilters(start_date=(2026, 3, 2), end_date=(2026, 3, 1)),
            "start_date",
            "must be on or before end_date",
        ),
    ],
)
def test_list_filter_rules(filters: ListFilters, field: str, description: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_list_filters(filters)
    assert caught.value.violations == (FieldViolation(field, description),)


def test_list_filter_bounds_are_inclusive() -> None:
    query = validate_list_filters(
        ListFilters(
            limit=100,
            offset=1_000_000,
            category="travel",
            start_date=(2026, 3, 1),
            end_date=(2026, 3, 1),
        )
    )
    assert (query.limit, query.offset, query.category) == (100, 1_000_000, "travel")
    assert query.start_date == query.end_date == date(2026, 3, 1)
    assert validate_list_filters(ListFilters(limit=1)).limit == 1


def test_list_filter_violations_are_reported_together() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_list_filters(ListFilters(limit=0, offset=-1, category="x"))
    assert [v.field for v in caught.value.violations] == ["limit", "offset", "category"]


def test_page_has_more() -> None:
    assert Page(items=[1, 2], limit=2, offset=0, total=3).has_more
    assert not Page(items=[3], limit=2, offset=2, total=3).has_more
    assert not Page(items=[], limit=2, offset=10, total=3).has_more


def test_the_protos_declare_exactly_the_domains_categories() -> None:
    # The slugs are written twice on purpose (the contract and the rule); this keeps the
    # edge's check and the OpenAPI enum from drifting away from the backend's.
    from finplat.expense.v1 import expense_pb2
    from google.protobuf.descriptor import FieldDescriptor

    from edge.codec import field_rules
    from services.expense.expenses.domain import CATEGORY_SLUGS

    def category(message: Any) -> FieldDescriptor:
        field: FieldDescriptor = message.DESCRIPTOR.fields_by_name["category"]
        return field

    body = field_rules(category(expense_pb2.ExpenseInput))
    query = field_rules(category(expense_pb2.ListExpensesRequest))
    assert body is not None and tuple(body.allowed_values) == CATEGORY_SLUGS
    assert query is not None and tuple(query.allowed_values) == CATEGORY_SLUGS
