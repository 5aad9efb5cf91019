"""Two projections side by side: the union of their horizons, per-month differences
where both have the month, the summaries' differences and the better one."""

from __future__ import annotations

from datetime import date

from services.analytics.scenarios.comparison import compare
from services.analytics.scenarios.projection import money_text, project
from tests.services.analytics.scenarios.support import item

D = date


def test_different_horizons() -> None:
    # Scenario 1: January-March 2026, 100.00 a month in. Scenario 2: February-April,
    # 150.00 a month in and a 400.00 expense in March.
    first = project(D(2026, 1, 1), 3, [item("100.00", "monthly", D(2026, 1, 1))])
    second = project(
        D(2026, 2, 1),
        3,
        [
            item("150.00", "monthly", D(2026, 2, 1)),
            item("400.00", "once", D(2026, 3, 15), kind="expense"),
        ],
    )
    comparison = compare(first, second)
    rows = [
        (
            pair.month,
            None if pair.first is None else money_text(pair.first.balance),
            None if pair.second is None else money_text(pair.second.balance),
            None if pair.net_difference is None else money_text(pair.net_difference),
            None if pair.balance_difference is None else money_text(pair.balance_difference),
        )
        for pair in comparison.months
    ]
    assert rows == [
        (D(2026, 1, 1), "100.00", None, None, None),
        (D(2026, 2, 1), "200.00", "150.00", "50.00", "-50.00"),
        (D(2026, 3, 1), "300.00", "-100.00", "-350.00", "-400.00"),
        (D(2026, 4, 1), None, "50.00", None, None),
    ]
    difference = comparison.difference
    assert [
        money_text(difference.total_income), money_text(difference.total_expenses),
        money_text(difference.total_net), money_text(difference.ending_balance),
        money_text(difference.average_monthly_net), money_text(difference.lowest_balance),
    ] == ["150.00", "400.00", "-250.00", "-250.00", "-83.33", "-200.00"]  # fmt: skip
    assert (difference.months_negative, difference.months_below_zero) == (1, 1)
    assert comparison.better == "scenario1"
    assert comparison.first == first.summary and comparison.second == second.summary


def test_disjoint_horizons_leave_out_the_months_between() -> None:
    first = project(D(2026, 1, 1), 1, [])
    second = project(D(2026, 6, 1), 2, [item("1.00", "once", D(2026, 7, 1))])
    comparison = compare(first, second)
    assert [p.month for p in comparison.months] == [D(2026, 1, 1), D(2026, 6, 1), D(2026, 7, 1)]
    assert all(p.net_difference is None for p in comparison.months)
    assert comparison.better == "scenario2"


def test_equal_endings() -> None:
    one = project(D(2026, 1, 1), 2, [item("10.00", "monthly")])
    other = project(D(2026, 1, 1), 2, [item("20.00", "once")])
    assert compare(one, other).better == "equal"
