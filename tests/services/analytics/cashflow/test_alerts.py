"""The alert rules (pure) at their boundaries — exactly the threshold, exactly 1% of the
expenses, z exactly 3.5, MAD 0 — their severities, cause keys and wording, and what an
evaluation does to the stored alerts."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from services.analytics.cashflow import alerts
from services.analytics.cashflow.alerts import CategorySpending, Finding
from services.analytics.cashflow.domain import Alert, Prediction, StoredAlert
from services.analytics.rollups.domain import add_months

TODAY = date(2026, 11, 17)
THRESHOLD = Decimal("100.00")
GROCERIES = uuid.UUID("00000000-0000-4000-8000-0000000000aa")


def _days(*balances: str, first: date = TODAY + timedelta(days=1)) -> list[tuple[date, Decimal]]:
    return [(first + timedelta(days=n), Decimal(b)) for n, b in enumerate(balances)]


# -- low_balance ----------------------------------------------------------------------------


def test_exactly_the_threshold_is_not_under_it() -> None:
    assert alerts.low_balance(_days("500.00", "100.00", "100.00"), THRESHOLD, TODAY, "EUR") is None


def test_a_cent_under_the_threshold_raises_low_balance() -> None:
    found = alerts.low_balance(_days("500.00", "99.99", "250.00"), THRESHOLD, TODAY, "EUR")
    assert found == Finding(
        cause_key="low_balance:2026-11",
        alert_type="low_balance",
        severity="medium",
        title="Balance projected below 100.00 EUR",
        message=(
            "Your balance is projected to drop below 100.00 EUR on 2026-11-19 and to fall to "
            "99.99 EUR on 2026-11-19."
        ),
        period_start=date(2026, 11, 1),
        period_end=date(2026, 11, 30),
        amount=Decimal("99.99"),
        reference=Decimal("100.00"),
    )


def test_the_cause_is_the_month_the_balance_first_falls_under() -> None:
    days = _days(*(["900.00"] * 20), "50.00", "-234.50", "20.00")  # 2026-12-08 .. 12-10
    found = alerts.low_balance(days, THRESHOLD, TODAY, "EUR")
    assert found is not None
    assert (found.cause_key, found.amount, found.severity) == (
        "low_balance:2026-12",
        Decimal("-234.50"),
        "high",
    )
    assert found.message.endswith("to fall to -234.50 EUR on 2026-12-09.")
    assert (found.period_start, found.period_end) == (date(2026, 12, 1), date(2026, 12, 31))


@pytest.mark.parametrize(
    ("first_under", "lowest", "severity"),
    [(30, "50.00", "medium"), (31, "50.00", "low"), (80, "-0.01", "high"), (1, "0.00", "medium")],
)
def test_low_balance_severity(first_under: int, lowest: str, severity: str) -> None:
    balances = ["500.00"] * 90
    balances[first_under - 1] = lowest
    found = alerts.low_balance(_days(*balances), THRESHOLD, TODAY, "EUR")
    assert found is not None and found.severity == severity


def test_only_the_next_90_days_count() -> None:
    balances = ["500.00"] * 90 + ["-1000.00"]
    assert alerts.low_balance(_days(*balances), THRESHOLD, TODAY, "EUR") is None


# -- negative_flow --------------------------------------------------------------------------


def _month(start: date, income: str, expenses: str, *, since: date | None = None) -> Prediction:
    zero = Decimal(0)
    end = add_months(start, 1) - timedelta(days=1)
    return Prediction(
        period_type="monthly", period_start=start, period_end=end,
        predicted_from=since or start, opening_balance=zero, expected_income=Decimal(income),
        expected_expenses=Decimal(expenses), expected_balance=zero, lowest_balance=zero,
        lowest_balance_on=start, balance_low=zero, balance_high=zero, confidence=1.0,
        recurring_income=zero, recurring_expenses=zero, planned_expenses=zero,
        discretionary_expenses=zero,
    )  # fmt: skip


def test_a_month_spending_more_than_it_earns_raises_negative_flow() -> None:
    found = alerts.negative_flow(
        [_month(date(2026, 11, 1), "1000.00", "1100.00", since=TODAY + timedelta(days=1))], "EUR"
    )
    assert found == [
        Finding(
            cause_key="negative_flow:2026-11",
            alert_type="negative_flow",
            severity="low",
            title="Expenses projected above income in November 2026",
            message=(
                "In November 2026 (from 2026-11-18) your expected expenses of 1100.00 EUR "
                "exceed your expected income of 1000.00 EUR by 100.00 EUR."
            ),
            period_start=date(2026, 11, 1),
            period_end=date(2026, 11, 30),
            amount=Decimal("-100.00"),
            reference=Decimal("0.00"),
        )
    ]


def test_a_shortfall_under_one_percent_of_the_expenses_is_noise() -> None:
    months = [
        _month(date(2026, 11, 1), "1000.00", "1000.00"),  # balanced
        _month(date(2026, 12, 1), "990.01", "1000.00"),  # 9.99 short: under 1%
        _month(date(2027, 1, 1), "990.00", "1000.00"),  # exactly 1%
    ]
    assert [f.cause_key for f in alerts.negative_flow(months, "EUR")] == ["negative_flow:2027-01"]


@pytest.mark.parametrize(
    ("income", "expenses", "severity"),
    [
        ("0.00", "10.00", "high"),
        ("100.00", "150.00", "high"),
        ("100.00", "149.99", "medium"),
        ("100.00", "120.00", "medium"),
        ("100.00", "119.99", "low"),
    ],
)
def test_negative_flow_severity(income: str, expenses: str, severity: str) -> None:
    [found] = alerts.negative_flow([_month(date(2026, 12, 1), income, expenses)], "EUR")
    assert found.severity == severity


def test_only_the_next_three_months_are_looked_at() -> None:
    months = [_month(add_months(date(2026, 11, 1), n), "0.00", "10.00") for n in range(5)]
    assert [f.cause_key[-7:] for f in alerts.negative_flow(months, "EUR")] == [
        "2026-11", "2026-12", "2027-01",
    ]  # fmt: skip


# -- unusual_spending -----------------------------------------------------------------------

MONTHS = [add_months(TODAY, -k) for k in range(1, 13)]


def _spending(current: str, *history: str) -> CategorySpending:
    return CategorySpending(
        GROCERIES,
        "Groceries",
        Decimal(current),
        dict(zip(MONTHS, map(Decimal, history), strict=False)),
    )


def _unusual(current: str, *history: str) -> list[Finding]:
    """The rule over `history`: the spending of the months before this one, each a
    month with data."""
    return alerts.unusual_spending(
        [_spending(current, *history)], TODAY, MONTHS[: len(history)], "EUR"
    )


# Median 100, MAD 13.49: z = 0.6745 · (x - 100) / 13.49 = (x - 100) / 20.
SPREAD = ("86.51", "86.51", "100.00", "100.00", "113.49", "113.49")


def test_z_exactly_three_and_a_half_raises_unusual_spending() -> None:
    [found] = _unusual("170.00", *SPREAD)
    assert found == Finding(
        cause_key=f"unusual_spending:{GROCERIES}:2026-11",
        alert_type="unusual_spending",
        severity="low",
        title="Unusual spending on Groceries",
        message=(
            "You have spent 170.00 EUR on Groceries from 2026-11-01 to 2026-11-17, against a "
            "typical 100.00 EUR over the same days of earlier months (the median of 6)."
        ),
        period_start=date(2026, 11, 1),
        period_end=TODAY,
        amount=Decimal("170.00"),
        reference=Decimal("100.00"),
        category_id=GROCERIES,
        score=3.5,
    )


def test_just_under_three_and_a_half_raises_nothing() -> None:
    assert _unusual("169.99", *SPREAD) == []


@pytest.mark.parametrize(
    ("current", "severity", "score"),
    [
        ("199.99", "low", 5.0),
        ("200.00", "medium", 5.0),
        ("239.99", "medium", 7.0),
        ("240.00", "high", 7.0),
    ],
)
def test_unusual_spending_severity(current: str, severity: str, score: float) -> None:
    [found] = _unusual(current, *SPREAD)
    assert (found.severity, found.score) == (severity, score)


def test_a_zero_mad_falls_back_to_the_mean_absolute_deviation() -> None:
    # Median 100, MAD 0, mean absolute deviation 40/6: z = (x - 100) / (1.2533 · 6.667).
    history = ("100.00", "100.00", "100.00", "100.00", "100.00", "140.00")
    [found] = _unusual("130.00", *history)
    assert found.score == 3.59
    z = alerts.robust_z(Decimal("129"), [Decimal(h) for h in history])
    assert z is not None and z < Decimal("3.5")


def test_no_spread_at_all_gives_no_score() -> None:
    flat = ("100.00",) * 8
    assert alerts.robust_z(Decimal(500), [Decimal(h) for h in flat]) is None
    assert _unusual("500.00", *flat) == []


def test_the_excess_must_also_be_worth_mentioning() -> None:
    # Median 20, MAD 1: z is huge, but 10.00 more is the least worth an alert.
    small = ("19.00", "19.00", "20.00", "20.00", "21.00", "21.00")
    assert _unusual("29.99", *small) == []
    assert len(_unusual("30.00", *small)) == 1
    # Median 1000, MAD 10: 10% of the median (100.00) is the least.
    large = ("990.00", "990.00", "1000.00", "1000.00", "1010.00", "1010.00")
    assert _unusual("1099.99", *large) == []
    assert len(_unusual("1100.00", *large)) == 1


def test_six_months_with_data_are_needed_and_empty_ones_count_zero() -> None:
    history = ("10.00", "12.00", "11.00", "9.00", "10.00")
    assert alerts.unusual_spending([_spending("500.00", *history)], TODAY, MONTHS[:5], "EUR") == []
    # A sixth month with data but nothing spent in the category counts 0.
    [found] = alerts.unusual_spending([_spending("500.00", *history)], TODAY, MONTHS[:6], "EUR")
    assert found.reference == Decimal("10.00")
    # Months with data more than 12 months back do not count.
    older = [add_months(TODAY, -k) for k in range(13, 20)]
    assert alerts.unusual_spending([_spending("500.00")], TODAY, older, "EUR") == []


# -- evaluation -----------------------------------------------------------------------------

NOW = datetime(2026, 11, 17, 12, tzinfo=UTC)


def _stored(finding: Finding, status: str = "pending") -> StoredAlert:
    alert = Alert(
        id=uuid.uuid4(), alert_type=finding.alert_type, severity=finding.severity,
        status=status, title=finding.title, message=finding.message,  # type: ignore[arg-type]
        period_start=finding.period_start, period_end=finding.period_end, amount=finding.amount,
        reference=finding.reference, currency="EUR", category_id=finding.category_id,
        score=finding.score, created_at=NOW, updated_at=NOW, acknowledged_at=None,
        resolved_at=None, resolved_by=None,
    )  # fmt: skip
    return StoredAlert(alert, finding.cause_key)


def _finding(cause: str, kind: str = "low_balance", end: date = date(2026, 12, 31)) -> Finding:
    return Finding(
        cause_key=cause, alert_type=kind, severity="low", title="t", message="m",  # type: ignore[arg-type]
        period_start=date(2026, 12, 1), period_end=end, amount=Decimal(1), reference=Decimal(0),
    )  # fmt: skip


def test_an_evaluation_raises_refreshes_and_resolves() -> None:
    kept = _finding("low_balance:2026-12")
    moved = _finding("negative_flow:2026-12", "negative_flow")
    gone = _finding("negative_flow:2027-01", "negative_flow")
    ended = _finding("negative_flow:2026-10", "negative_flow", end=date(2026, 10, 31))
    unusual = _finding("unusual_spending:x:2026-10", "unusual_spending", end=date(2026, 10, 17))
    stored = [
        _stored(kept),
        _stored(moved, "acknowledged"),
        _stored(gone),
        _stored(ended),
        _stored(unusual),
    ]
    new = _finding("low_balance:2027-01")
    changed = dataclasses.replace(moved, amount=Decimal("-50.00"), severity="high")
    plan = alerts.plan_evaluation(stored, [kept, changed, new, ended], TODAY)
    assert plan.raise_ == (new,)
    assert plan.refresh == ((stored[1].alert.id, changed),)
    # Gone, or its period has ended; unusual spending stays until the user resolves it.
    assert set(plan.resolve) == {stored[2].alert.id, stored[3].alert.id}
