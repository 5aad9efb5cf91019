"""The pure side of forecasts: calendar periods, the history series, money from floats,
which periods a request answers with, and when a stored forecast still serves."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from services.analytics.forecasts import domain
from services.analytics.forecasts.domain import Entity, ForecastQuery, StoredForecast
from services.analytics.rollups.domain import MonthTotal
from services.runtime.errors import InvalidArgument

TODAY = date(2026, 11, 15)


def _month(year: int, month: int, expenses: str) -> MonthTotal:
    return MonthTotal(month=date(year, month, 1), expenses=Decimal(expenses))


# -- periods ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("period", "start", "end"),
    [
        ("monthly", date(2026, 11, 1), date(2026, 11, 30)),
        ("quarterly", date(2026, 10, 1), date(2026, 12, 31)),
        ("yearly", date(2026, 1, 1), date(2026, 12, 31)),
    ],
)
def test_periods_are_calendar_months_quarters_and_years(
    period: domain.Period, start: date, end: date
) -> None:
    assert domain.period_start(TODAY, period) == start
    assert domain.period_end(start, period) == end


def test_periods_step_across_years() -> None:
    assert domain.shift(date(2026, 10, 1), "quarterly", 2) == date(2027, 4, 1)
    assert domain.periods_between(date(2026, 10, 1), date(2027, 4, 1), "quarterly") == 2
    assert domain.shift(date(2026, 11, 1), "monthly", -11) == date(2025, 12, 1)


# -- the history --------------------------------------------------------------------------


def test_the_history_is_zero_filled_up_to_the_last_complete_month() -> None:
    totals = [_month(2026, 6, "10"), _month(2026, 8, "30"), _month(2026, 11, "99")]
    history = domain.history_of(totals, date(2026, 6, 1), TODAY, "monthly")
    assert history.start == date(2026, 6, 1)
    # June .. October; November is the current month, not history.
    assert history.values == tuple(Decimal(v) for v in ("10", "0", "30", "0", "0"))


def test_quarters_and_years_start_with_the_first_whole_one() -> None:
    totals = [_month(2025, m, "1") for m in range(2, 13)] + [
        _month(2026, m, "2") for m in range(1, 11)
    ]
    quarters = domain.history_of(totals, date(2025, 2, 1), TODAY, "quarterly")
    # Q1 2025 began before the data did: the first quarter is Q2 2025, the last Q3 2026.
    assert quarters.start == date(2025, 4, 1)
    assert quarters.values == tuple(Decimal(v) for v in ("3", "3", "3", "6", "6", "6"))
    years = domain.history_of(totals, date(2025, 2, 1), TODAY, "yearly")
    assert years.values == ()  # 2025 is not whole, 2026 is the current year
    assert years.start == date(2026, 1, 1)


def test_no_data_is_an_empty_history_starting_now() -> None:
    history = domain.history_of([], None, TODAY, "monthly")
    assert (history.start, history.values) == (date(2026, 11, 1), ())


def test_an_empty_history_forecasts_zero_spending() -> None:
    computed = domain.compute(domain.History(date(2026, 11, 1), ()), "monthly", 3)
    assert (computed.method, computed.history_length, computed.backtest_horizon) == ("mean", 0, 0)
    assert computed.mase is None and computed.history_start is None
    assert computed.first_period == date(2026, 11, 1)
    assert [p.amount for p in computed.points] == [Decimal("0.00")] * 3
    assert not computed.has_spending


def test_a_steady_history_forecasts_itself_with_nested_intervals() -> None:
    history = domain.History(date(2025, 11, 1), (Decimal("150.00"),) * 12)
    computed = domain.compute(history, "monthly", 24, scope="abc")
    assert computed.history_length == 12
    assert (computed.history_start, computed.history_end) == (date(2025, 11, 1), date(2026, 10, 31))
    assert computed.first_period == date(2026, 11, 1)
    assert len(computed.points) == 24 and computed.scope == "abc" and computed.has_spending
    for point in computed.points:
        assert point.amount == Decimal("150.00")
        assert Decimal(0) <= point.lower95 <= point.lower80 <= point.amount
        assert point.amount <= point.upper80 <= point.upper95


@pytest.mark.parametrize(
    ("value", "text"),
    [(12.345, "12.35"), (0.004, "0.00"), (-0.0, "0.00"), (-3.2, "0.00"), (1e-9, "0.00"),
     (1234567.891, "1234567.89")],
)  # fmt: skip
def test_money_from_floats_has_two_places_and_is_never_negative(value: float, text: str) -> None:
    assert str(domain.money(value)) == text


# -- requests -----------------------------------------------------------------------------


def _query(**changes: object) -> ForecastQuery:
    return replace(ForecastQuery("monthly", 12), **changes)  # type: ignore[arg-type]


def test_steps_default_to_the_limit_from_the_current_period() -> None:
    assert domain.steps_of(_query(), TODAY) == domain.Steps(1, 12)


def test_start_and_end_dates_pick_the_periods_starting_within() -> None:
    # 2027-01-01 .. 2027-03-31: January, February, March (steps 3 to 5).
    steps = domain.steps_of(_query(start_date=date(2027, 1, 1), end_date=date(2027, 3, 31)), TODAY)
    assert steps == domain.Steps(3, 5)
    # A start inside a month leaves that month out: it started before.
    assert domain.steps_of(_query(start_date=date(2026, 11, 2), limit=2), TODAY) == domain.Steps(
        2, 3
    )
    # A start in the past is the current period.
    assert domain.steps_of(_query(start_date=date(2020, 1, 1), limit=1), TODAY).first == 1
    # An end before the current period leaves nothing.
    empty = domain.steps_of(_query(end_date=date(2026, 10, 31)), TODAY)
    assert empty.last < empty.first


def test_the_end_date_reaches_at_most_100_periods_ahead() -> None:
    assert domain.steps_of(_query(end_date=date(2035, 2, 28)), TODAY).last == 12  # step 100
    with pytest.raises(InvalidArgument) as caught:
        domain.steps_of(_query(end_date=date(2035, 3, 1)), TODAY)  # step 101
    assert [v.field for v in caught.value.violations] == ["end_date"]
    with pytest.raises(InvalidArgument) as caught:
        domain.steps_of(_query(start_date=date(2040, 1, 1)), TODAY)
    assert [v.field for v in caught.value.violations] == ["start_date"]


@pytest.mark.parametrize(
    ("limit", "start", "end", "field"),
    [
        (0, None, None, "limit"),
        (101, None, None, "limit"),
        (None, (2026, 13, 1), None, "start_date"),
        (None, None, (2026, 2, 30), "end_date"),
        (None, (2027, 2, 1), (2027, 1, 1), "start_date"),
    ],
)
def test_bad_requests_name_the_field(
    limit: int | None,
    start: domain.DateParts | None,
    end: domain.DateParts | None,
    field: str,
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_query(
            None, limit, default_period="monthly", default_limit=12, start_date=start, end_date=end
        )
    assert [v.field for v in caught.value.violations] == [field]


def test_default_limits_follow_the_period() -> None:
    def limit(period: domain.Period | None) -> int:
        return domain.validate_query(
            period, None, default_period="yearly", default_limit="a_year"
        ).limit

    assert (limit(None), limit("monthly"), limit("quarterly")) == (1, 12, 4)


def test_merchant_names_are_required_and_bounded() -> None:
    assert domain.validate_merchant_name(" Netflix ") == "Netflix"
    for bad in ("", "   ", "x" * 201):
        with pytest.raises(InvalidArgument) as caught:
            domain.validate_merchant_name(bad)
        assert [v.field for v in caught.value.violations] == ["merchant_name"]


# -- what is stored -----------------------------------------------------------------------


def test_a_stored_forecast_serves_until_data_horizon_period_or_scope_change() -> None:
    computed = domain.compute(domain.History(date(2025, 11, 1), (Decimal(1),) * 12), "monthly", 24)
    stored = StoredForecast(
        domain.overall(), "EUR", "monthly", 24, 7, computed, datetime(2026, 11, 1, tzinfo=UTC)
    )
    november = date(2026, 11, 1)
    assert stored.serves(7, 24, november, "")
    assert not stored.serves(8, 24, november, "")  # the transactions changed
    assert not stored.serves(7, 25, november, "")  # asked further ahead
    assert not stored.serves(7, 24, date(2026, 12, 1), "")  # a month has passed
    assert not stored.serves(7, 24, november, "other")  # the category's tree changed


def test_scopes_fingerprint_a_set_of_categories() -> None:
    a, b = uuid.uuid4(), uuid.uuid4()
    assert domain.scope_of([a, b]) == domain.scope_of({b, a})
    assert domain.scope_of([a]) != domain.scope_of([a, b])
    assert domain.scope_of(None) == ""


def test_lists_put_overall_first_then_the_largest_spending() -> None:
    computed = domain.compute(domain.History(date(2025, 11, 1), (Decimal(5),) * 12), "monthly", 24)

    def view(kind: domain.EntityKind, name: str, amount: str) -> domain.ForecastView:
        amounts = replace(computed.points[0], amount=Decimal(amount))
        point = domain.ForecastPoint(date(2026, 11, 1), date(2026, 11, 30), amounts)
        entity = Entity(kind, "" if kind == "overall" else str(uuid.uuid4()), name)
        return domain.ForecastView(
            entity, "EUR", "monthly", computed, (point,), datetime(2026, 11, 1, tzinfo=UTC)
        )

    ranked = domain.ranked(
        [view("category", "Food", "10"), view("overall", "Overall", "1"),
         view("category", "Housing", "30"), view("category", "Anything", "10")]
    )  # fmt: skip
    assert [v.entity.name for v in ranked] == ["Overall", "Housing", "Anything", "Food"]
