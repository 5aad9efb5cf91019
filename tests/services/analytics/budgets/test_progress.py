"""Progress arithmetic (pure), exact to the cent: spending per allocation with its
subcategories and refunds, the budget's totals, percentages, the linear projection,
the threshold and over-budget flags, unallocated spending, and periods not started or
ended."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from services.analytics.budgets.progress import (
    Outflows,
    days_elapsed,
    percent,
    progress_of,
    projection,
    reached,
)
from tests.services.analytics.budgets.support import NOW, Tree, allocation, budget, terms

D = Decimal


def _outflows(t: Tree) -> Outflows:
    return {
        t.groceries.id: D("250.40"),
        t.restaurants.id: D("60.35"),
        t.food.id: D("10.00"),
        t.fuel.id: D("120.00"),
        t.transport.id: D("-5.00"),  # a refund
        t.income.id: D("-3000.00"),  # the salary
        None: D("42.10"),  # uncategorized
    }


def test_progress_halfway_through_march() -> None:
    t = Tree()
    food = allocation(t.food.id, "400.00", "Food & drink")
    transport = allocation(t.transport.id, "200.00")
    progress = progress_of(
        budget(terms(), food, transport), _outflows(t), t.tree, "EUR", date(2026, 3, 16), NOW
    )
    assert (progress.days_elapsed, progress.days_total) == (16, 31)
    assert (progress.period_start, progress.period_end) == (date(2026, 3, 1), date(2026, 3, 31))
    first, second = progress.categories
    # Food: 250.40 + 60.35 + 10.00 = 320.75 of 400 → 80.19 %, over the 80 % threshold;
    # projected 320.75 / 16 * 31 = 621.453125.
    assert (first.spent, first.remaining, first.percent_used) == (
        D("320.75"),
        D("79.25"),
        D("80.19"),
    )
    assert first.projected_spend == D("621.45")
    assert (first.is_over_threshold, first.is_over_budget) == (True, False)
    assert first.allocation.category_name == "Food & drink"
    # Transport: 120.00 - 5.00 refunded = 115.00 of 200 → 57.50 %; 222.8125 projected.
    assert (second.spent, second.percent_used, second.projected_spend) == (
        D("115.00"),
        D("57.50"),
        D("222.81"),
    )
    assert second.is_over_threshold is False
    # The budget: 435.75 of 1000 → 43.575 % rounds half up to 43.58; 844.265625.
    assert (progress.spent, progress.remaining, progress.percent_used) == (
        D("435.75"),
        D("564.25"),
        D("43.58"),
    )
    assert progress.projected_spend == D("844.27")
    assert (progress.is_over_threshold, progress.is_over_budget) == (False, False)
    assert progress.projected_over_budget is False
    # Outside the allocations: the salary nets Income below 0 (→ 0), 42.10 uncategorized.
    assert progress.unallocated_spent == D("42.10")
    assert progress.currency == "EUR"


def test_without_allocations_the_budget_covers_every_category() -> None:
    t = Tree()
    progress = progress_of(budget(terms()), _outflows(t), t.tree, "EUR", date(2026, 3, 16), NOW)
    # Food 320.75 + Transport 115.00 + uncategorized 42.10; Income nets below 0.
    assert progress.spent == D("477.85")
    assert progress.unallocated_spent == D("477.85")
    assert progress.categories == ()


def test_refunds_above_spending_count_as_nothing_spent() -> None:
    t = Tree()
    outflows: Outflows = {t.groceries.id: D("20.00"), t.restaurants.id: D("-50.00")}
    progress = progress_of(
        budget(terms(), allocation(t.food.id, "100.00")),
        outflows,
        t.tree,
        "EUR",
        date(2026, 3, 16),
        NOW,
    )
    assert progress.categories[0].spent == D("0")
    assert progress.categories[0].remaining == D("100.00")


def test_over_budget_and_projected_over_budget() -> None:
    t = Tree()
    outflows: Outflows = {t.fuel.id: D("150.00")}
    progress = progress_of(
        budget(terms(total_amount=D("200.00")), allocation(t.fuel.id, "100.00")),
        outflows,
        t.tree,
        "EUR",
        date(2026, 3, 10),
        NOW,
    )
    line = progress.categories[0]
    assert (line.is_over_budget, line.remaining, line.percent_used) == (
        True,
        D("-50.00"),
        D("150.00"),
    )
    # 150.00 in 10 of 31 days → 465.00 by the end.
    assert progress.projected_spend == D("465.00")
    assert (progress.is_over_budget, progress.projected_over_budget) == (False, True)
    assert progress.is_over_threshold is False  # 75 % of 200


def test_a_period_not_started_and_one_ended() -> None:
    t = Tree()
    later = progress_of(
        budget(terms(start_date=date(2026, 4, 1), end_date=date(2026, 4, 30))),
        {},
        t.tree,
        "EUR",
        date(2026, 3, 16),
        NOW,
    )
    assert (later.days_elapsed, later.days_total, later.spent) == (0, 30, D(0))
    assert later.projected_spend == D("0.00")
    ended = progress_of(
        budget(terms(), allocation(t.fuel.id, "100.00")),
        {t.fuel.id: D("33.333")},
        t.tree,
        "EUR",
        date(2026, 5, 1),
        NOW,
    )
    assert (ended.days_elapsed, ended.projected_spend) == (31, D("33.33"))


def test_the_arithmetic_helpers() -> None:
    assert days_elapsed(date(2026, 3, 1), date(2026, 3, 31), date(2026, 3, 1)) == 1
    assert days_elapsed(date(2026, 3, 1), date(2026, 3, 31), date(2026, 2, 28)) == 0
    assert days_elapsed(date(2026, 3, 1), date(2026, 3, 31), date(2027, 1, 1)) == 31
    assert percent(D("1"), D("3")) == D("33.33")
    assert percent(D("2"), D("3")) == D("66.67")
    assert percent(D("0.005"), D("1")) == D("0.50")
    assert projection(D("10.00"), 3, 7) == D("23.33")  # 23.333…
    assert projection(D("10.00"), 6, 7) == D("11.67")  # 11.666…
    assert projection(D("0.01"), 2, 3) == D("0.02")  # 0.015 rounds half up
    # The threshold is the decimal the user wrote, not its binary double.
    assert reached(D("33.30"), D("100.00"), 33.3) is True
    assert reached(D("33.29"), D("100.00"), 33.3) is False
    assert reached(D("80.00"), D("100.00"), 80.0) is True
