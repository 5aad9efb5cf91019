"""Period arithmetic: where weekly, monthly, quarterly, yearly and custom periods end,
month ends and leap years included, and the renewals an ended budget catches up on."""

from __future__ import annotations

import itertools
from datetime import date

import pytest

from services.analytics.budgets.periods import Period, following, period_end, renewals


@pytest.mark.parametrize(
    ("period", "start", "end"),
    [
        ("weekly", date(2026, 3, 2), date(2026, 3, 8)),
        ("weekly", date(2026, 12, 28), date(2027, 1, 3)),
        ("monthly", date(2026, 3, 1), date(2026, 3, 31)),
        ("monthly", date(2026, 3, 15), date(2026, 4, 14)),
        ("monthly", date(2026, 12, 10), date(2027, 1, 9)),
        # Month ends: one month after 31 January is the last day of February.
        ("monthly", date(2026, 1, 31), date(2026, 2, 27)),
        ("monthly", date(2028, 1, 31), date(2028, 2, 28)),
        ("monthly", date(2026, 1, 30), date(2026, 2, 27)),
        ("monthly", date(2028, 1, 29), date(2028, 2, 28)),
        ("monthly", date(2026, 2, 1), date(2026, 2, 28)),
        ("monthly", date(2028, 2, 1), date(2028, 2, 29)),
        ("quarterly", date(2026, 1, 1), date(2026, 3, 31)),
        ("quarterly", date(2026, 11, 30), date(2027, 2, 27)),
        ("yearly", date(2026, 1, 1), date(2026, 12, 31)),
        # Leap years: a year from 29 February ends on 27 February (28 February + 1 year).
        ("yearly", date(2028, 2, 29), date(2029, 2, 27)),
        ("yearly", date(2027, 3, 1), date(2028, 2, 29)),
    ],
)
def test_a_period_ends_one_period_later_minus_a_day(period: Period, start: date, end: date) -> None:
    assert period_end(period, start, start.day) == end


def test_a_custom_period_ends_after_its_length() -> None:
    assert period_end("custom", date(2026, 5, 10), 10, length_days=10) == date(2026, 5, 19)


def test_monthly_renewals_keep_the_anchor_day_through_short_months() -> None:
    start, end = date(2026, 1, 31), date(2026, 2, 27)
    chain = [(start, end)]
    for _ in range(4):
        chain.append(following("monthly", *chain[-1], anchor_day=31))
    assert chain == [
        (date(2026, 1, 31), date(2026, 2, 27)),
        (date(2026, 2, 28), date(2026, 3, 30)),
        (date(2026, 3, 31), date(2026, 4, 29)),
        (date(2026, 4, 30), date(2026, 5, 30)),
        (date(2026, 5, 31), date(2026, 6, 29)),
    ]


def test_a_yearly_chain_from_a_leap_day_comes_back_to_it() -> None:
    period = (date(2028, 2, 29), date(2029, 2, 27))
    starts = [period[0]]
    for _ in range(4):
        period = following("yearly", *period, anchor_day=29)
        starts.append(period[0])
    assert starts == [
        date(2028, 2, 29),
        date(2029, 2, 28),
        date(2030, 2, 28),
        date(2031, 2, 28),
        date(2032, 2, 29),
    ]


def test_a_custom_period_renews_with_the_same_length() -> None:
    assert following("custom", date(2026, 1, 1), date(2026, 1, 10), 1) == (
        date(2026, 1, 11),
        date(2026, 1, 20),
    )


def test_renewals_run_up_to_the_period_holding_today() -> None:
    found = renewals("weekly", date(2026, 3, 2), date(2026, 3, 8), 2, date(2026, 3, 24), 60)
    assert found == [
        (date(2026, 3, 9), date(2026, 3, 15)),
        (date(2026, 3, 16), date(2026, 3, 22)),
        (date(2026, 3, 23), date(2026, 3, 29)),
    ]
    # The day after the end is the first day of the next period.
    assert renewals("weekly", date(2026, 3, 2), date(2026, 3, 8), 2, date(2026, 3, 9), 60) == [
        (date(2026, 3, 9), date(2026, 3, 15))
    ]
    assert renewals("weekly", date(2026, 3, 2), date(2026, 3, 8), 2, date(2026, 3, 8), 60) == []


def test_a_long_gap_is_caught_up_from_its_recent_periods_only() -> None:
    found = renewals("weekly", date(2000, 1, 3), date(2000, 1, 9), 3, date(2026, 3, 24), 5)
    assert len(found) == 5
    assert found[-1][0] <= date(2026, 3, 24) <= found[-1][1]
    assert all((b[0] - a[0]).days == 7 for a, b in itertools.pairwise(found))
