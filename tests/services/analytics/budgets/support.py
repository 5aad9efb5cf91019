"""What the budgets' tests share: a fixed clock, a small category tree, and transactions
stored as writers store them (with the roll-ups' invalidation)."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from decimal import Decimal

from services.analytics.budgets.domain import Allocation, Budget, BudgetInput, Terms
from services.analytics.categories.domain import Category
from services.analytics.rollups.tree import CategoryTree

NOW = datetime(2026, 3, 16, 9, 30, tzinfo=UTC)
TODAY = NOW.date()


def clock() -> datetime:
    return NOW


def category(name: str, parent: Category | None = None) -> Category:
    return Category(
        id=uuid.uuid4(),
        user_id=uuid.UUID(int=0),
        name=name,
        parent_id=None if parent is None else parent.id,
        color="#9E9E9E",
        icon_name=None,
        is_default=False,
        default_key=None,
        created_at=NOW,
        updated_at=NOW,
    )


class Tree:
    """Food > Groceries, Restaurants; Transport > Fuel; Income."""

    def __init__(self) -> None:
        self.food = category("Food")
        self.groceries = category("Groceries", self.food)
        self.restaurants = category("Restaurants", self.food)
        self.transport = category("Transport")
        self.fuel = category("Fuel", self.transport)
        self.income = category("Income")
        self.tree = CategoryTree(
            [self.food, self.groceries, self.restaurants, self.transport, self.fuel, self.income]
        )


def budget_input(**fields: object) -> BudgetInput:
    values: dict[str, object] = {
        "name": "Household",
        "description": None,
        "total_amount": "1000.00",
        "period": "monthly",
        "start_date": (2026, 3, 1),
        "end_date": None,
    }
    values.update(fields)
    return BudgetInput(**values)  # type: ignore[arg-type]


def terms(**fields: object) -> Terms:
    values: dict[str, object] = {
        "name": "Household",
        "description": None,
        "total_amount": Decimal("1000.00"),
        "period": "monthly",
        "start_date": date(2026, 3, 1),
        "end_date": date(2026, 3, 31),
        "anchor_day": 1,
        "is_active": True,
        "auto_renew": False,
        "notify_threshold": 80.0,
        "include_recurring": True,
    }
    values.update(fields)
    return Terms(**values)  # type: ignore[arg-type]


def allocation(category_id: uuid.UUID, amount: str, name: str = "") -> Allocation:
    return Allocation(
        id=uuid.uuid4(),
        budget_id=uuid.UUID(int=1),
        category_id=category_id,
        category_name=name or "stored",
        name_given=bool(name),
        amount=Decimal(amount),
        created_at=NOW,
    )


def budget(budget_terms: Terms, *allocations: Allocation) -> Budget:
    return Budget(
        id=uuid.UUID(int=1),
        user_id=uuid.UUID(int=0),
        terms=budget_terms,
        allocations=allocations,
        recalculation=None,
        renewed_from_id=None,
        renewed_to_id=None,
        created_at=NOW,
        updated_at=NOW,
    )
