"""The pure rules of cash flow: the calendar of periods, the checks of every request,
the window of periods a request answers, and every alert status move."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import pytest

from services.analytics.cashflow import domain, periods
from services.analytics.cashflow.domain import (
    Alert,
    PredictionQuery,
    Window,
    parse_alert_query,
    parse_prediction_query,
    parse_upcoming,
    require_move,
    window_of,
)
from services.runtime.errors import FailedPrecondition, InvalidArgument, Unprocessable

TODAY = date(2026, 11, 18)  # a Wednesday in Q4


def _fields(error: InvalidArgument | Unprocessable) -> list[str]:
    return [v.field for v in error.violations]


# -- the calendar -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "start", "end"),
    [
        ("weekly", date(2026, 11, 16), date(2026, 11, 22)),
        ("monthly", date(2026, 11, 1), date(2026, 11, 30)),
        ("quarterly", date(2026, 10, 1), date(2026, 12, 31)),
    ],
)
def test_the_period_holding_a_day(kind: periods.PeriodType, start: date, end: date) -> None:
    assert periods.period_start(TODAY, kind) == start
    assert periods.period_end(start, kind) == end


def test_iso_weeks_cross_years_and_quarters_start_each_third_month() -> None:
    assert periods.period_start(date(2027, 1, 1), "weekly") == date(2026, 12, 28)
    assert [periods.period_start(date(2026, m, 5), "quarterly").month for m in range(1, 13)] == [
        1, 1, 1, 4, 4, 4, 7, 7, 7, 10, 10, 10,
    ]  # fmt: skip
    assert periods.period_starts(date(2026, 11, 18), date(2027, 2, 1), "monthly") == [
        date(2026, 11, 1), date(2026, 12, 1), date(2027, 1, 1), date(2027, 2, 1),
    ]  # fmt: skip


def test_three_years_ahead_and_the_horizon() -> None:
    assert periods.latest_day(TODAY) == date(2029, 11, 18)
    assert periods.latest_day(date(2028, 2, 29)) == date(2031, 2, 28)
    # The quarter holding 2029-11-18 ends last (its week ends on the 18th itself).
    assert periods.horizon_end(TODAY) == date(2029, 12, 31)
    # On 2026-12-30, three years ahead is a Sunday 2029-12-30; its week ends in 2029 and its
    # quarter too; the week of 2029-12-31 would not be asked for.
    assert periods.horizon_end(date(2026, 12, 30)) == date(2029, 12, 31)


def test_money_is_cents_and_never_negative_zero() -> None:
    assert str(domain.money(Decimal("-0.004"))) == "0.00"
    assert str(domain.money(Decimal("2.345"))) == "2.34"  # half to even
    assert str(domain.money(Decimal("2.355"))) == "2.36"


# -- prediction requests ----------------------------------------------------------------------


def test_a_prediction_query_defaults_to_twelve_months_from_today() -> None:
    assert parse_prediction_query(None, None, None, None) == PredictionQuery(
        "monthly", None, None, 12
    )
    query = parse_prediction_query("weekly", (2026, 12, 1), (2027, 1, 1), 5)
    assert query == PredictionQuery("weekly", date(2026, 12, 1), date(2027, 1, 1), 5)


def test_every_malformed_prediction_field_is_named_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        parse_prediction_query("#7", (2026, 2, 30), (2026, 13, 1), 0)
    assert _fields(caught.value) == ["period_type", "limit", "start_date", "end_date"]
    for limit in (0, 101):
        with pytest.raises(InvalidArgument) as caught:
            parse_prediction_query(None, None, None, limit)
        assert _fields(caught.value) == ["limit"]


def test_the_window_starts_at_the_period_holding_the_start() -> None:
    assert window_of(PredictionQuery(), TODAY) == Window("monthly", date(2026, 11, 1), 12)
    # A day earlier in the current period is the current period.
    early = PredictionQuery("monthly", start=date(2026, 11, 1), limit=3)
    assert window_of(early, TODAY) == Window("monthly", date(2026, 11, 1), 3)
    later = PredictionQuery("quarterly", start=date(2027, 5, 17), limit=2)
    assert window_of(later, TODAY) == Window("quarterly", date(2027, 4, 1), 2)


def test_an_end_date_ends_the_window_and_the_limit_still_caps_it() -> None:
    query = PredictionQuery("monthly", end=date(2027, 2, 3))
    assert window_of(query, TODAY) == Window("monthly", date(2026, 11, 1), 4)
    capped = PredictionQuery("weekly", start=date(2026, 11, 18), end=date(2027, 11, 18), limit=10)
    assert window_of(capped, TODAY) == Window("weekly", date(2026, 11, 16), 10)
    same = PredictionQuery("weekly", start=TODAY, end=TODAY)
    assert window_of(same, TODAY).count == 1


def test_without_an_end_the_window_stops_three_years_ahead() -> None:
    months = window_of(PredictionQuery("monthly", limit=100), TODAY)
    assert months.count == 37  # 2026-11 .. 2029-11
    quarters = window_of(PredictionQuery("quarterly", start=date(2029, 6, 1), limit=12), TODAY)
    assert (quarters.first, quarters.count) == (date(2029, 4, 1), 3)


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        (PredictionQuery(start=date(2026, 10, 31)), "start_date", "before the current period"),
        (PredictionQuery("weekly", start=date(2026, 11, 15)), "start_date", "current period"),
        (PredictionQuery(start=date(2029, 11, 19)), "start_date", "3 years ahead"),
        (PredictionQuery(start=date(2027, 1, 5), end=date(2027, 1, 4)), "end_date", "startDate"),
        (PredictionQuery(end=date(2026, 11, 17)), "end_date", "before startDate"),
        (PredictionQuery(end=date(2029, 11, 19)), "end_date", "3 years ahead"),
    ],
)
def test_dates_breaking_a_rule_are_422_naming_the_field(
    query: PredictionQuery, field: str, words: str
) -> None:
    with pytest.raises(Unprocessable) as caught:
        window_of(query, TODAY)
    assert _fields(caught.value) == [field]
    assert words in caught.value.violations[0].description


def test_a_query_built_in_code_is_checked_too() -> None:
    with pytest.raises(InvalidArgument) as caught:
        window_of(PredictionQuery(limit=0), TODAY)
    assert _fields(caught.value) == ["limit"]


# -- alerts -----------------------------------------------------------------------------------

_ALLOWED = {("pending", "acknowledged"), ("pending", "resolved"), ("acknowledged", "resolved")}


@pytest.mark.parametrize(
    ("current", "target"), list(itertools.product(sorted(domain.STATUSES), repeat=2))
)
def test_every_status_move(current: Any, target: Any) -> None:
    if current == target:
        assert require_move(current, target) is False
    elif (current, target) in _ALLOWED:
        assert require_move(current, target) is True
    else:
        with pytest.raises(FailedPrecondition) as caught:
            require_move(current, target)
        assert caught.value.reason == "INVALID_TRANSITION"


def test_an_alert_list_defaults_to_the_active_ones() -> None:
    query = parse_alert_query(None, "high", None, None, 0)
    assert (query.statuses, query.severity, query.limit, query.offset) == (
        ("pending", "acknowledged"), "high", 50, 0,
    )  # fmt: skip
    assert parse_alert_query("resolved", None, "low_balance", 10, 5).statuses == ("resolved",)


def test_every_bad_alert_filter_is_named_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        parse_alert_query("#9", "#4", "#0", 101, -1)
    assert _fields(caught.value) == ["status", "severity", "alert_type", "limit", "offset"]


def _alert(severity: str, minute: int) -> Alert:
    moment = datetime(2026, 11, 1, 12, minute, tzinfo=UTC)
    return Alert(
        id=uuid.uuid4(), alert_type="negative_flow", severity=severity,  # type: ignore[arg-type]
        status="pending", title="t", message="m", period_start=TODAY, period_end=TODAY,
        amount=Decimal(0), reference=Decimal(0), currency="EUR", category_id=None, score=None,
        created_at=moment, updated_at=moment, acknowledged_at=None, resolved_at=None,
        resolved_by=None,
    )  # fmt: skip


def test_alerts_are_ordered_most_severe_then_newest() -> None:
    low, high_old, high_new, medium = (
        _alert("low", 9),
        _alert("high", 1),
        _alert("high", 5),
        _alert("medium", 7),
    )
    assert domain.by_severity([low, high_old, medium, high_new]) == [
        high_new,
        high_old,
        medium,
        low,
    ]


def test_upcoming_days_and_limit() -> None:
    assert parse_upcoming(None, None) == (30, 20)
    assert parse_upcoming(366, 100) == (366, 100)
    with pytest.raises(InvalidArgument) as caught:
        parse_upcoming(0, 0)
    assert _fields(caught.value) == ["days", "limit"]
    with pytest.raises(InvalidArgument) as caught:
        parse_upcoming(367, 101)
    assert _fields(caught.value) == ["days", "limit"]
