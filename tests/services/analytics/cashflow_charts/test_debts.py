"""Which categories hold debt payments (pure)."""

from __future__ import annotations

import uuid

import pytest

from services.analytics.cashflow_charts.debts import debt_category_ids, is_debt_name
from services.analytics.categories.domain import Category
from tests.services.analytics.cashflow_charts.support import NOW


def category(name: str, parent: Category | None = None, key: str | None = None) -> Category:
    return Category(
        id=uuid.uuid5(uuid.NAMESPACE_URL, name),
        user_id=uuid.UUID(int=1),
        name=name,
        parent_id=None if parent is None else parent.id,
        color="#9E9E9E",
        icon_name=None,
        is_default=key is not None,
        default_key=key,
        created_at=NOW,
        updated_at=NOW,
    )


@pytest.mark.parametrize(
    ("name", "debt"),
    [
        ("Car loan", True),
        ("LOANS", True),
        ("Credit card", True),
        ("Student debts", True),
        ("Mortgage", True),
        ("Debt", True),
        ("Loanword", False),  # a word, not a part of one
        ("Creditor notes", False),
        ("Groceries", False),
    ],
)
def test_debt_words(name: str, debt: bool) -> None:
    assert is_debt_name(name) is debt


def test_the_mortgage_default_the_debt_names_and_what_is_under_them() -> None:
    income = category("Income", key="income")
    tax_credit = category("Tax credit", income)
    housing = category("Housing", key="housing")
    home = category("Home payments", housing, key="mortgage")  # a renamed default
    loans = category("Loans")
    car = category("Car", loans)
    food = category("Food", key="food")
    found = debt_category_ids([income, tax_credit, housing, home, loans, car, food])
    assert found == {home.id, loans.id, car.id}
