"""Values the cash-flow chart tests build by hand: recurring patterns, alerts, monthly
predictions and saving suggestions, each with only the fields a test cares about."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from services.analytics.cashflow.domain import (
    Alert,
    AlertStatus,
    Prediction,
    PredictionSet,
    Severity,
)
from services.analytics.recurring.detector import Cadence
from services.analytics.recurring.domain import StoredPattern
from services.analytics.rollups.domain import add_months
from services.analytics.suggestions.domain import Finding, Status, Suggestion, SuggestionType

TODAY = date(2026, 11, 15)
NOW = datetime(2026, 11, 15, 9, 30, tzinfo=UTC)


def clock() -> datetime:
    return NOW


# The generated history's last day (recurring/support.history): October 2026 is then the
# current month, with data, and September the last full one.
HISTORY_NOW = datetime(2026, 10, 31, 18, tzinfo=UTC)


def history_clock() -> datetime:
    return HISTORY_NOW


def pattern(
    merchant: str,
    amount: str,
    cadence: Cadence = "monthly",
    *,
    next_in: int = 10,
    confidence: float = 0.9,
    currency: str = "EUR",
    active: bool = True,
    window_days: int = 3,
) -> StoredPattern:
    typical = Decimal(amount)
    return StoredPattern(
        id=uuid.uuid5(uuid.NAMESPACE_URL, f"{merchant}|{amount}|{cadence}|{currency}"),
        merchant_key=merchant.lower(),
        merchant_name=merchant,
        category_id=None,
        currency=currency,
        direction="debit" if typical < 0 else "credit",
        cadence=cadence,
        rrule="FREQ=MONTHLY",
        next_expected=TODAY + timedelta(days=next_in),
        window_days=window_days,
        typical_amount=typical,
        min_amount=typical,
        max_amount=typical,
        variation=0.0,
        occurrences=12,
        first_seen=TODAY - timedelta(days=365),
        last_seen=TODAY - timedelta(days=20),
        active=active,
        price_changed_on=None,
        confidence=confidence,
        gap_regularity=1.0,
        amount_stability=1.0,
        count_score=1.0,
        recency=1.0,
        transaction_ids=(),
        detected_at=NOW,
    )


def alert(
    severity: Severity,
    status: AlertStatus = "pending",
    *,
    starts: date = date(2026, 12, 1),
    created_hours_ago: int = 1,
    name: str = "",
) -> Alert:
    created = NOW - timedelta(hours=created_hours_ago)
    return Alert(
        id=uuid.uuid5(uuid.NAMESPACE_URL, f"{severity}|{status}|{starts}|{created}|{name}"),
        alert_type="low_balance",
        severity=severity,
        status=status,
        title=name or f"{severity} {status}",
        message="",
        period_start=starts,
        period_end=add_months(starts, 1) - timedelta(days=1),
        amount=Decimal("50.00"),
        reference=Decimal("100.00"),
        currency="EUR",
        category_id=None,
        score=None,
        created_at=created,
        updated_at=created,
        acknowledged_at=created if status == "acknowledged" else None,
        resolved_at=created if status == "resolved" else None,
        resolved_by="user" if status == "resolved" else None,
    )


def prediction(
    month: date,
    income: str,
    expenses: str,
    closing: str,
    *,
    lowest: str | None = None,
    lowest_on: int = 10,
    confidence: float = 0.8,
) -> Prediction:
    end = add_months(month, 1) - timedelta(days=1)
    return Prediction(
        period_type="monthly",
        period_start=month,
        period_end=end,
        predicted_from=month,
        opening_balance=Decimal(closing) - Decimal(income) + Decimal(expenses),
        expected_income=Decimal(income),
        expected_expenses=Decimal(expenses),
        expected_balance=Decimal(closing),
        lowest_balance=Decimal(lowest if lowest is not None else closing),
        lowest_balance_on=month.replace(day=lowest_on),
        balance_low=Decimal(closing),
        balance_high=Decimal(closing),
        confidence=confidence,
        recurring_income=Decimal(income),
        recurring_expenses=Decimal(expenses),
        planned_expenses=Decimal(0),
        discretionary_expenses=Decimal(0),
    )


def prediction_set(balance: str, *predictions: Prediction) -> PredictionSet:
    return PredictionSet("EUR", Decimal(balance), NOW, predictions)


def suggestion(
    title: str,
    yearly: str,
    *,
    kind: SuggestionType = "unused_subscription",
    status: Status = "new",
    currency: str = "EUR",
) -> Suggestion:
    return Suggestion(
        id=uuid.uuid5(uuid.NAMESPACE_URL, f"{title}|{yearly}|{status}|{currency}"),
        user_id=uuid.UUID(int=1),
        status=status,
        finding=Finding(
            fingerprint=f"{kind}:{title}",
            suggestion_type=kind,
            title=title,
            description=f"{title}: saves {yearly} a year.",
            potential_saving=Decimal(yearly),
            currency=currency,
            confidence=0.9,
            merchant_name=None,
            category_id=None,
        ),
        created_at=NOW,
        updated_at=NOW,
    )
