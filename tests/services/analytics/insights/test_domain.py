"""Insight rules without a database: periods and what they are compared with, how
amounts, changes and shares are written, and the request values refused."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from services.analytics.insights import domain, trends
from services.analytics.insights.domain import Change, DayRange
from services.analytics.rollups.domain import Totals
from services.runtime.errors import InvalidArgument


def field_of(caught: pytest.ExceptionInfo[InvalidArgument]) -> list[str]:
    return [v.field for v in caught.value.violations]


# -- amounts, changes, rates ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        ("1234.5", "1234.50"),
        ("0.005", "0.005"),  # exact: a total is the sum of what the transactions show
        ("-2.675", "-2.675"),
        ("-0.0000", "0.00"),  # never -0.00
        ("99999999999.9999", "99999999999.9999"),
        ("1E+3", "1000.00"),  # never exponent notation
    ],
)
def test_money_is_exact_with_at_least_two_places(amount: str, text: str) -> None:
    assert domain.money(Decimal(amount)) == text


@pytest.mark.parametrize(
    ("previous", "current", "percent"),
    [
        ("100", "112.5", "12.50"),
        ("100", "50", "-50.00"),
        ("0", "0", "0.00"),  # both zero: no change
        ("0", "5", None),  # no base to compare with
        ("-50", "-25", "50.00"),  # relative to the magnitude: a smaller loss is up
        ("-50", "-100", "-100.00"),
        ("3", "4", "33.33"),
        ("3", "5", "66.67"),
        ("0.0001", "1000000", "999999999900.00"),
    ],
)
def test_percent_change(previous: str, current: str, percent: str | None) -> None:
    change = Change(Decimal(previous), Decimal(current))
    assert change.difference == Decimal(current) - Decimal(previous)
    assert change.percent == (None if percent is None else Decimal(percent))


def test_savings_rate() -> None:
    assert domain.savings_rate(Totals(Decimal("2000"), Decimal("1500"), 1, 1)) == Decimal("25.00")
    assert domain.savings_rate(Totals(Decimal("300"), Decimal("1000"), 1, 1)) == Decimal("-233.33")
    assert domain.savings_rate(Totals(Decimal(0), Decimal("10"), 0, 1)) is None


def test_shares_of_nothing_are_zero() -> None:
    assert domain.percent_of(Decimal(0), Decimal(0)) == Decimal("0.00")
    assert domain.percent_of(Decimal(1), Decimal(3)) == Decimal("33.33")


# -- summary periods ------------------------------------------------------------------------


def ranges(kind: domain.PeriodKind, today: date) -> tuple[tuple[date, date], tuple[date, date]]:
    now, then = domain.summary_ranges(kind, None, None, today)
    return (now.first, now.last), (then.first, then.last)


@pytest.mark.parametrize(
    ("kind", "today", "current", "previous"),
    [
        # Month to date against the previous month's same days, clamped to its length.
        ("monthly", date(2026, 3, 15), (date(2026, 3, 1), date(2026, 3, 15)),
         (date(2026, 2, 1), date(2026, 2, 15))),
        ("monthly", date(2026, 3, 31), (date(2026, 3, 1), date(2026, 3, 31)),
         (date(2026, 2, 1), date(2026, 2, 28))),
        ("monthly", date(2026, 1, 1), (date(2026, 1, 1), date(2026, 1, 1)),
         (date(2025, 12, 1), date(2025, 12, 1))),
        # ISO weeks start on Monday: 2026-03-02 is one.
        ("weekly", date(2026, 3, 2), (date(2026, 3, 2), date(2026, 3, 2)),
         (date(2026, 2, 23), date(2026, 2, 23))),
        ("weekly", date(2026, 3, 8), (date(2026, 3, 2), date(2026, 3, 8)),
         (date(2026, 2, 23), date(2026, 3, 1))),
        ("weekly", date(2026, 1, 1), (date(2025, 12, 29), date(2026, 1, 1)),
         (date(2025, 12, 22), date(2025, 12, 25))),
        ("quarterly", date(2026, 1, 1), (date(2026, 1, 1), date(2026, 1, 1)),
         (date(2025, 10, 1), date(2025, 10, 1))),
        ("quarterly", date(2026, 6, 30), (date(2026, 4, 1), date(2026, 6, 30)),
         (date(2026, 1, 1), date(2026, 3, 31))),  # 91 days, Q1 has 90
        ("yearly", date(2026, 1, 1), (date(2026, 1, 1), date(2026, 1, 1)),
         (date(2025, 1, 1), date(2025, 1, 1))),
        ("yearly", date(2024, 12, 31), (date(2024, 1, 1), date(2024, 12, 31)),
         (date(2023, 1, 1), date(2023, 12, 31))),  # leap year: clamped
    ],
)  # fmt: skip
def test_calendar_periods_and_their_previous_days(
    kind: domain.PeriodKind,
    today: date,
    current: tuple[date, date],
    previous: tuple[date, date],
) -> None:
    assert ranges(kind, today) == (current, previous)


def test_explicit_dates_are_compared_with_as_many_days_just_before() -> None:
    now, then = domain.summary_ranges("yearly", (2026, 2, 1), (2026, 2, 28), date(2030, 1, 1))
    assert (now, then) == (
        DayRange(date(2026, 2, 1), date(2026, 2, 28)),
        DayRange(date(2026, 1, 4), date(2026, 1, 31)),
    )
    assert now.days == then.days == 28


@pytest.mark.parametrize(
    ("start", "end", "field"),
    [
        ((2026, 1, 1), None, "end_date"),
        (None, (2026, 1, 1), "start_date"),
        ((2026, 1, 2), (2026, 1, 1), "end_date"),
        ((2026, 2, 30), (2026, 3, 1), "start_date"),
        ((2016, 1, 1), (2026, 1, 2), "end_date"),  # more than 10 years
    ],
)
def test_bad_dates_name_the_field(
    start: domain.DateParts | None, end: domain.DateParts | None, field: str
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.summary_ranges("monthly", start, end, date(2026, 3, 1))
    assert field_of(caught) == [field]


def test_ten_years_exactly_is_allowed() -> None:
    now, _ = domain.summary_ranges("monthly", (2016, 2, 29), (2026, 2, 28), date(2026, 3, 1))
    assert now.days == 3653


# -- periods to compare ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("current", "label", "first", "last", "before"),
    [
        ("2026-03", "2026-03", date(2026, 3, 1), date(2026, 3, 31), "2026-02"),
        ("2026-01", "2026-01", date(2026, 1, 1), date(2026, 1, 31), "2025-12"),
        ("2024-02", "2024-02", date(2024, 2, 1), date(2024, 2, 29), "2024-01"),
        ("2026-Q1", "2026-Q1", date(2026, 1, 1), date(2026, 3, 31), "2025-Q4"),
        ("2026-Q4", "2026-Q4", date(2026, 10, 1), date(2026, 12, 31), "2026-Q3"),
        ("2026", "2026", date(2026, 1, 1), date(2026, 12, 31), "2025"),
    ],
)
def test_compared_periods_default_to_the_one_before(
    current: str, label: str, first: date, last: date, before: str
) -> None:
    now, then = domain.compared_periods(current, None)
    assert (now.label, now.days) == (label, DayRange(first, last))
    assert then.label == before


@pytest.mark.parametrize(
    ("current", "previous", "field"),
    [
        ("2026-13", None, "current_period"),
        ("2026-00", None, "current_period"),
        ("2026-Q5", None, "current_period"),
        ("26-01", None, "current_period"),
        ("0000", None, "current_period"),
        ("0001", None, "current_period"),  # nothing before it
        ("", None, "current_period"),
        ("2026-03", "2025", "previous_period"),
        ("2026-Q1", "2025-12", "previous_period"),
        ("2026-03", "2025-13", "previous_period"),
    ],
)
def test_bad_periods_name_the_field(current: str, previous: str | None, field: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.compared_periods(current, previous)
    assert field_of(caught) == [field]


def test_any_earlier_or_later_period_of_the_same_kind_can_be_compared() -> None:
    now, then = domain.compared_periods("2026-Q1", "2027-Q3")
    assert (now.label, then.label) == ("2026-Q1", "2027-Q3")


# -- request values ------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [0, 101, -1])
def test_limits_are_1_to_100(limit: int) -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.limit_of(limit)
    assert field_of(caught) == ["limit"]
    assert domain.limit_of(None) == 10 and domain.limit_of(100) == 100


@pytest.mark.parametrize("currency", ["eur", "EURO", "", "€"])
def test_currencies_are_iso_codes(currency: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.currency_of(currency)
    assert field_of(caught) == ["currency"]


@pytest.mark.parametrize("significance", [-1.0, 1.5, float("nan"), float("inf")])
def test_min_significance_is_0_to_1(significance: float) -> None:
    with pytest.raises(InvalidArgument) as caught:
        trends.trend_query(None, None, significance, None)
    assert field_of(caught) == ["min_significance"]
    assert trends.trend_query(None, None, None, None) == trends.TrendQuery(None, None, 0.5, 20)


# -- trend windows and buckets -----------------------------------------------------------------


def test_the_default_window_is_24_whole_months_without_the_current_one() -> None:
    window = trends.trend_window(None, None, date(2026, 3, 10))
    assert window == DayRange(date(2024, 3, 1), date(2026, 3, 10))
    buckets = trends.buckets_in(window, date(2026, 3, 10))
    assert buckets.kind == "month" and len(buckets.starts) == 24
    assert buckets.span == DayRange(date(2024, 3, 1), date(2026, 2, 28))
    assert buckets.label(0) == "March 2024"


def test_a_month_is_over_only_after_its_last_day() -> None:
    on_last_day = trends.buckets_in(
        DayRange(date(2025, 1, 1), date(2026, 2, 28)), date(2026, 2, 28)
    )
    assert on_last_day.starts[-1] == date(2026, 1, 1)
    after = trends.buckets_in(DayRange(date(2025, 1, 1), date(2026, 2, 28)), date(2026, 3, 1))
    assert after.starts[-1] == date(2026, 2, 1)


def test_short_windows_are_bucketed_by_whole_iso_weeks() -> None:
    # Wednesday 2026-01-07 to Wednesday 2026-03-04: whole weeks from Monday 01-12 to
    # Sunday 03-01.
    window = trends.trend_window((2026, 1, 7), (2026, 3, 4), date(2026, 6, 1))
    buckets = trends.buckets_in(window, date(2026, 6, 1))
    assert buckets.kind == "week"
    assert buckets.span == DayRange(date(2026, 1, 12), date(2026, 3, 1))
    assert len(buckets.starts) == 7
    assert buckets.label(0) == "the week of 2026-01-12"


def test_six_months_is_long_enough_for_months() -> None:
    six = DayRange(date(2026, 1, 1), date(2026, 6, 30))
    assert trends.buckets_in(six, date(2027, 1, 1)).kind == "month"
    short = DayRange(date(2026, 1, 1), date(2026, 6, 29))
    assert trends.buckets_in(short, date(2027, 1, 1)).kind == "week"


def test_trend_windows_are_checked() -> None:
    with pytest.raises(InvalidArgument) as caught:
        trends.trend_window((2026, 3, 1), (2026, 2, 1), date(2026, 6, 1))
    assert field_of(caught) == ["end_date"]
    with pytest.raises(InvalidArgument) as caught:
        trends.trend_window((2026, 2, 31), None, date(2026, 6, 1))
    assert field_of(caught) == ["start_date"]
