"""A budget's rules (pure): the fields of a create and an update, the period's dates,
the allocation rules (the caller's categories, no repeats, no overlaps, not above the
total) and the list's filters — each refusal naming the field, 400 or 422."""

from __future__ import annotations

import math
import uuid
from datetime import date
from decimal import Decimal

import pytest

from services.analytics.budgets.domain import (
    AllocationInput,
    BudgetChanges,
    NewAllocation,
    apply_changes,
    check_allocations,
    validate_allocation,
    validate_list_query,
    validate_new,
)
from services.runtime.errors import DomainError, InvalidArgument, Unprocessable
from tests.services.analytics.budgets.support import Tree, allocation, budget_input, terms


def _fields(error: DomainError) -> dict[str, str]:
    return {v.field: v.description for v in error.violations}


def _invalid(call: object, *args: object, **kwargs: object) -> dict[str, str]:
    with pytest.raises(InvalidArgument) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    return _fields(caught.value)


def _unprocessable(call: object, *args: object, **kwargs: object) -> dict[str, str]:
    with pytest.raises(Unprocessable) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    return _fields(caught.value)


# -- create ------------------------------------------------------------------------------


def test_a_minimal_budget_gets_its_defaults_and_derived_end() -> None:
    made, allocations = validate_new(budget_input(name="  Household  ", total_amount="1000.5"))
    assert made.name == "Household"
    assert made.total_amount == Decimal("1000.50")
    assert made.end_date == date(2026, 3, 31)
    assert (made.is_active, made.auto_renew, made.include_recurring) == (True, False, True)
    assert made.notify_threshold == 80.0
    assert made.anchor_day == 1
    assert allocations == []


def test_every_malformed_field_is_named_at_once() -> None:
    problems = _invalid(
        validate_new,
        budget_input(
            name=" ",
            total_amount="-5",
            period=None,
            start_date=None,
            end_date=(2026, 2, 30),
            notify_threshold=0.5,
            description="x" * 1001,
            categories=(AllocationInput("nope", "\u202eevil", "1.001"),),
        ),
    )
    assert set(problems) == {
        "name",
        "total_amount",
        "period",
        "start_date",
        "end_date",
        "notify_threshold",
        "description",
        "categories[0].category_id",
        "categories[0].category_name",
        "categories[0].amount",
    }


@pytest.mark.parametrize(
    ("amount", "reason"),
    [
        ("", "is required"),
        ("0", "must be greater than 0"),
        ("-0.01", "must be greater than 0"),
        ("100000000000", "must be at most 99999999999.99"),
        ("1e999999999", "must be at most 99999999999.99"),
        ("12.345", "must have at most 2 decimal places"),
        ("NaN", "must be a decimal string such as 250.00"),
        ("1,000", "must be a decimal string such as 250.00"),
    ],
)
def test_total_amount_must_be_a_positive_amount_of_cents(amount: str, reason: str) -> None:
    assert _invalid(validate_new, budget_input(total_amount=amount)) == {"total_amount": reason}


def test_unknown_period_and_nan_threshold_are_refused() -> None:
    assert set(_invalid(validate_new, budget_input(period="#9"))) == {"period"}
    assert set(_invalid(validate_new, budget_input(notify_threshold=math.nan))) == {
        "notify_threshold"
    }


def test_dates_outside_the_supported_range_are_refused() -> None:
    assert set(_invalid(validate_new, budget_input(start_date=(1899, 12, 31)))) == {"start_date"}


def test_an_end_date_sent_for_a_calendar_period_must_be_the_derived_one() -> None:
    made, _ = validate_new(budget_input(end_date=(2026, 3, 31)))
    assert made.end_date == date(2026, 3, 31)
    problems = _unprocessable(validate_new, budget_input(end_date=(2026, 4, 1)))
    assert "2026-03-31" in problems["end_date"]


def test_custom_periods_need_a_valid_end() -> None:
    assert _unprocessable(validate_new, budget_input(period="custom")) == {
        "end_date": "is required for a custom period"
    }
    assert _unprocessable(validate_new, budget_input(period="custom", end_date=(2026, 2, 28))) == {
        "end_date": "must be on or after startDate"
    }
    assert _unprocessable(validate_new, budget_input(period="custom", end_date=(2031, 3, 1))) == {
        "end_date": "must be at most 5 years after startDate"
    }
    made, _ = validate_new(budget_input(period="custom", end_date=(2031, 2, 28)))
    assert made.end_date == date(2031, 2, 28)
    single, _ = validate_new(budget_input(period="custom", end_date=(2026, 3, 1)))
    assert single.end_date == single.start_date


# -- allocations -------------------------------------------------------------------------


def test_allocations_within_the_total_pass() -> None:
    t = Tree()
    new = [
        NewAllocation(t.groceries.id, None, Decimal("400.00")),
        NewAllocation(t.fuel.id, None, Decimal("600.00")),
    ]
    check_allocations(
        new, (), t.tree, Decimal("1000.00"), field_of=lambda i: f"c[{i}]", sum_field="categories"
    )


def test_every_allocation_rule_names_its_field() -> None:
    t = Tree()
    stranger = Tree().food.id
    new = [
        NewAllocation(t.food.id, None, Decimal("100.00")),
        NewAllocation(t.food.id, None, Decimal("100.00")),  # twice
        NewAllocation(t.groceries.id, None, Decimal("100.00")),  # under Food
        NewAllocation(stranger, None, Decimal("100.00")),  # not the caller's
        NewAllocation(t.transport.id, None, Decimal("800.00")),
    ]
    problems = _unprocessable(
        check_allocations,
        new,
        (),
        t.tree,
        Decimal("1000.00"),
        field_of=lambda i: f"categories[{i}].category_id",
        sum_field="categories",
    )
    assert problems["categories[1].category_id"] == "is already allocated in this budget"
    assert "overlaps the allocation of 'Food'" in problems["categories[2].category_id"]
    assert problems["categories[3].category_id"] == "is not one of your categories"
    assert problems["categories"] == (
        "the allocations add up to 1200.00, more than the budget's totalAmount 1000.00"
    )
    assert "categories[0].category_id" not in problems


def test_a_parent_added_after_its_child_overlaps_too() -> None:
    t = Tree()
    problems = _unprocessable(
        check_allocations,
        [NewAllocation(t.food.id, None, Decimal("1.00"))],
        [allocation(t.restaurants.id, "10.00")],
        t.tree,
        Decimal("1000.00"),
        field_of=lambda _: "category_id",
        sum_field="amount",
    )
    assert "overlaps the allocation of 'Restaurants'" in problems["category_id"]


def test_an_added_allocation_may_fill_the_total_exactly_but_not_more() -> None:
    t = Tree()
    existing = [allocation(t.food.id, "600.00")]
    check_allocations(
        [NewAllocation(t.transport.id, None, Decimal("400.00"))],
        existing,
        t.tree,
        Decimal("1000.00"),
        field_of=lambda _: "category_id",
        sum_field="amount",
    )
    problems = _unprocessable(
        check_allocations,
        [NewAllocation(t.transport.id, None, Decimal("400.01"))],
        existing,
        t.tree,
        Decimal("1000.00"),
        field_of=lambda _: "category_id",
        sum_field="amount",
    )
    assert set(problems) == {"amount"}


def test_a_budget_holds_at_most_a_hundred_allocations() -> None:
    many = tuple(AllocationInput(str(uuid.uuid4()), None, "1") for _ in range(101))
    assert _invalid(validate_new, budget_input(categories=many)) == {
        "categories": "must hold at most 100 allocations"
    }
    t = Tree()
    existing = [allocation(uuid.uuid4(), "1.00") for _ in range(100)]
    problems = _unprocessable(
        check_allocations,
        [NewAllocation(t.food.id, None, Decimal("1.00"))],
        existing,
        t.tree,
        Decimal("1000.00"),
        field_of=lambda _: "category_id",
        sum_field="amount",
    )
    assert problems == {"category_id": "a budget has at most 100 allocations"}


def test_an_added_allocation_names_its_fields_at_the_top() -> None:
    assert set(_invalid(validate_allocation, AllocationInput("", None, "0"))) == {
        "category_id",
        "amount",
    }


# -- update ------------------------------------------------------------------------------


def test_fields_not_sent_keep_their_values() -> None:
    before = terms(description="groceries and fuel", notify_threshold=90.0, auto_renew=True)
    after = apply_changes(before, BudgetChanges(name="Home"), Decimal(0))
    assert after == terms(
        name="Home", description="groceries and fuel", notify_threshold=90.0, auto_renew=True
    )


def test_an_empty_description_removes_it() -> None:
    after = apply_changes(terms(description="x"), BudgetChanges(description=""), Decimal(0))
    assert after.description is None


def test_a_new_start_moves_the_derived_end_and_the_anchor() -> None:
    after = apply_changes(terms(), BudgetChanges(start_date=(2026, 1, 31)), Decimal(0))
    assert (after.start_date, after.end_date, after.anchor_day) == (
        date(2026, 1, 31),
        date(2026, 2, 27),
        31,
    )
    quarterly = apply_changes(terms(), BudgetChanges(period="quarterly"), Decimal(0))
    assert quarterly.end_date == date(2026, 5, 31)


def test_a_custom_period_keeps_its_end_unless_one_is_sent() -> None:
    custom = terms(period="custom", end_date=date(2026, 6, 30))
    assert apply_changes(custom, BudgetChanges(name="x"), Decimal(0)).end_date == date(2026, 6, 30)
    assert _unprocessable(
        apply_changes, custom, BudgetChanges(start_date=(2026, 7, 1)), Decimal(0)
    ) == {"end_date": "must be on or after startDate"}
    became = apply_changes(terms(), BudgetChanges(period="custom"), Decimal(0))
    assert (became.period, became.end_date) == ("custom", date(2026, 3, 31))


def test_the_total_cannot_drop_below_the_allocations() -> None:
    problems = _unprocessable(
        apply_changes, terms(), BudgetChanges(total_amount="499.99"), Decimal("500.00")
    )
    assert set(problems) == {"total_amount"}
    assert "500.00" in problems["total_amount"]
    after = apply_changes(terms(), BudgetChanges(total_amount="500"), Decimal("500.00"))
    assert after.total_amount == Decimal("500.00")


def test_an_update_names_every_malformed_field() -> None:
    problems = _invalid(
        apply_changes,
        terms(),
        BudgetChanges(name="", total_amount="0", period="#7", notify_threshold=101.0),
        Decimal(0),
    )
    assert set(problems) == {"name", "total_amount", "period", "notify_threshold"}


# -- lists -------------------------------------------------------------------------------


def _query(**fields: object) -> object:
    values: dict[str, object] = {
        "limit": None,
        "offset": 0,
        "name": None,
        "period": None,
        "is_active": None,
        "start_from": None,
        "start_to": None,
        "include_inactive": None,
    }
    values.update(fields)
    return validate_list_query(**values)  # type: ignore[arg-type]


def test_the_default_list_is_active_budgets_twenty_at_a_time() -> None:
    query = _query()
    assert (query.limit, query.offset, query.is_active) == (20, 0, True)  # type: ignore[attr-defined]
    assert _query(include_inactive=True).is_active is None  # type: ignore[attr-defined]
    assert _query(is_active=False).is_active is False  # type: ignore[attr-defined]
    assert _query(name="  FooD ").name == "food"  # type: ignore[attr-defined]


def test_list_filters_are_checked() -> None:
    assert set(_invalid(_query, limit=0, offset=-1, period="#8", start_from=(2026, 2, 30))) == {
        "limit",
        "offset",
        "period",
        "start_date_from",
    }
    assert set(_invalid(_query, limit=101)) == {"limit"}
    assert set(_invalid(_query, start_from=(2026, 3, 2), start_to=(2026, 3, 1))) == {
        "start_date_to"
    }
