"""The alert rules (pure): what each finds, its cause key, severity and wording, and what
an evaluation does to the stored alerts.

low_balance
    The projected end-of-day balance over the next 90 days; on the first day under the
    threshold (strictly) the cause is `low_balance:<YYYY-MM of that day>`. Amount: the
    lowest balance of the 90 days; reference: the threshold; period: that month.
    Severity high when the lowest balance is below zero, else medium when the first day
    under the threshold is within 30 days, else low.
negative_flow
    Each of the next 3 monthly predictions (the current month's remainder first) whose
    net flow is below zero by at least 1% of its expenses: `negative_flow:<YYYY-MM>`.
    Amount: the net flow; reference: 0; period: the month. Severity by expenses / income:
    no income or ≥ 1.5 high, ≥ 1.2 medium, else low.
unusual_spending
    Per top-level category (its subcategories included), the spending of this month so
    far (day 1 to today) against the same days of each of the previous 12 months in
    which the user had any transaction (at least 6 such months; a month without
    spending in the category counts 0). Robust z = 0.6745 · (x - median) / MAD; when the
    MAD is 0, z = (x - median) / (1.2533 · mean absolute deviation from the median);
    both 0: no score, no alert. Raised when z ≥ 3.5 and x - median ≥ max(10.00, 10% of
    the median): `unusual_spending:<category id>:<YYYY-MM>`. Amount x, reference the
    median, score z (2 places); period: the month so far. Severity z ≥ 7 high, ≥ 5
    medium, else low.

An evaluation raises an alert for every cause found that has none yet (one per cause,
ever: the store refuses a second); refreshes the figures and wording of active alerts
found again; and resolves ("system") active low_balance and negative_flow alerts whose
cause is no longer found or whose period has ended. An unusual_spending alert records
spending that happened: it stays until the user resolves it.
"""

from __future__ import annotations

import statistics
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Final

from services.analytics.cashflow.domain import (
    AlertType,
    Prediction,
    Severity,
    StoredAlert,
    money,
)
from services.analytics.rollups.domain import add_months, month_end, month_start

LOW_BALANCE_DAYS: Final = 90
LOW_BALANCE_SOON_DAYS: Final = 30
NEGATIVE_FLOW_MONTHS: Final = 3
NEGATIVE_FLOW_SHARE: Final = Decimal("0.01")
HIGH_RATIO: Final = Decimal("1.5")
MEDIUM_RATIO: Final = Decimal("1.2")
HISTORY_MONTHS: Final = 12
MIN_HISTORY_MONTHS: Final = 6
MAD_SCALE: Final = Decimal("0.6745")
MEAN_AD_SCALE: Final = Decimal("1.2533")
Z_ALERT: Final = Decimal("3.5")
Z_MEDIUM: Final = Decimal("5")
Z_HIGH: Final = Decimal("7")
MIN_EXCESS: Final = Decimal("10.00")
EXCESS_SHARE: Final = Decimal("0.10")
# Alerts the system resolves once their cause is gone or their period has ended.
RESOLVABLE: Final[frozenset[str]] = frozenset({"low_balance", "negative_flow"})


@dataclass(frozen=True, slots=True)
class Finding:
    """What a rule found: an alert before it is stored."""

    cause_key: str
    alert_type: AlertType
    severity: Severity
    title: str
    message: str
    period_start: date
    period_end: date
    amount: Decimal
    reference: Decimal
    category_id: uuid.UUID | None = None
    score: float | None = None


def _text(amount: Decimal) -> str:
    return format(money(amount), "f")


def _month(day: date) -> str:
    return f"{day:%Y-%m}"


# -- low_balance --------------------------------------------------------------------------


def low_balance(
    days: Sequence[tuple[date, Decimal]], threshold: Decimal, today: date, currency: str
) -> Finding | None:
    """`days`: (day, end-of-day balance) from tomorrow, LOW_BALANCE_DAYS of them."""
    ahead = days[:LOW_BALANCE_DAYS]
    first = next((day for day, balance in ahead if balance < threshold), None)
    if first is None:
        return None
    lowest_on, lowest = min(ahead, key=lambda item: item[1])
    if lowest < 0:
        severity: Severity = "high"
    elif first <= today + timedelta(days=LOW_BALANCE_SOON_DAYS):
        severity = "medium"
    else:
        severity = "low"
    limit = f"{_text(threshold)} {currency}"
    return Finding(
        cause_key=f"low_balance:{_month(first)}",
        alert_type="low_balance",
        severity=severity,
        title=f"Balance projected below {limit}",
        message=(
            f"Your balance is projected to drop below {limit} on {first.isoformat()} and "
            f"to fall to {_text(lowest)} {currency} on {lowest_on.isoformat()}."
        ),
        period_start=month_start(first),
        period_end=month_end(first),
        amount=money(lowest),
        reference=money(threshold),
    )


# -- negative_flow ------------------------------------------------------------------------


def negative_flow(monthly: Sequence[Prediction], currency: str) -> list[Finding]:
    """`monthly`: the monthly predictions from the current month on."""
    found: list[Finding] = []
    for month in monthly[:NEGATIVE_FLOW_MONTHS]:
        net, income, expenses = month.net_flow, month.expected_income, month.expected_expenses
        if net >= 0 or -net < expenses * NEGATIVE_FLOW_SHARE:
            continue
        ratio = None if income == 0 else expenses / income
        if ratio is None or ratio >= HIGH_RATIO:
            severity: Severity = "high"
        elif ratio >= MEDIUM_RATIO:
            severity = "medium"
        else:
            severity = "low"
        name = f"{month.period_start:%B %Y}"
        remainder = (
            f" (from {month.predicted_from.isoformat()})"
            if month.predicted_from != month.period_start
            else ""
        )
        found.append(
            Finding(
                cause_key=f"negative_flow:{_month(month.period_start)}",
                alert_type="negative_flow",
                severity=severity,
                title=f"Expenses projected above income in {name}",
                message=(
                    f"In {name}{remainder} your expected expenses of {_text(expenses)} "
                    f"{currency} exceed your expected income of {_text(income)} {currency} "
                    f"by {_text(-net)} {currency}."
                ),
                period_start=month.period_start,
                period_end=month.period_end,
                amount=money(net),
                reference=money(Decimal(0)),
            )
        )
    return found


# -- unusual_spending ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CategorySpending:
    """A top-level category's spending (subcategories included) on days 1..today's day
    of this month and of earlier months."""

    category_id: uuid.UUID
    name: str
    current: Decimal
    # The first of an earlier month → its spending on the same days; missing: 0.
    previous: Mapping[date, Decimal]


def history_months(today: date, data_months: Iterable[date]) -> list[date]:
    """The previous HISTORY_MONTHS months (firsts) in which the user had data."""
    months = {add_months(today, -k) for k in range(1, HISTORY_MONTHS + 1)}
    return sorted(months.intersection(data_months))


def robust_z(value: Decimal, history: Sequence[Decimal]) -> Decimal | None:
    """The robust z-score of `value` against `history` (None: no spread at all)."""
    median = Decimal(statistics.median(history))
    deviations = [abs(v - median) for v in history]
    mad = Decimal(statistics.median(deviations))
    if mad > 0:
        return MAD_SCALE * (value - median) / mad
    mean_ad = sum(deviations, Decimal(0)) / len(deviations)
    if mean_ad > 0:
        return (value - median) / (MEAN_AD_SCALE * mean_ad)
    return None


def unusual_spending(
    categories: Iterable[CategorySpending],
    today: date,
    data_months: Iterable[date],
    currency: str,
) -> list[Finding]:
    months = history_months(today, data_months)
    if len(months) < MIN_HISTORY_MONTHS:
        return []
    found: list[Finding] = []
    for category in categories:
        history = [category.previous.get(m, Decimal(0)) for m in months]
        x = category.current
        z = robust_z(x, history)
        median = Decimal(statistics.median(history))
        if z is None or z < Z_ALERT or x - median < max(MIN_EXCESS, median * EXCESS_SHARE):
            continue
        severity: Severity = "high" if z >= Z_HIGH else "medium" if z >= Z_MEDIUM else "low"
        first = month_start(today)
        found.append(
            Finding(
                cause_key=f"unusual_spending:{category.category_id}:{_month(today)}",
                alert_type="unusual_spending",
                severity=severity,
                title=f"Unusual spending on {category.name}"[:200],
                message=(
                    f"You have spent {_text(x)} {currency} on {category.name} from "
                    f"{first.isoformat()} to {today.isoformat()}, against a typical "
                    f"{_text(median)} {currency} over the same days of earlier months (the "
                    f"median of {len(months)})."
                ),
                period_start=first,
                period_end=today,
                amount=money(x),
                reference=money(median),
                category_id=category.category_id,
                score=float(round(z, 2)),
            )
        )
    return found


# -- evaluation ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AlertPlan:
    # Causes with no active alert: raised unless the store already has one for them.
    raise_: tuple[Finding, ...]
    # Active alerts found again whose figures or wording changed.
    refresh: tuple[tuple[uuid.UUID, Finding], ...]
    # Active low_balance / negative_flow alerts to resolve ("system").
    resolve: tuple[uuid.UUID, ...]


def plan_evaluation(
    active: Iterable[StoredAlert], found: Sequence[Finding], today: date
) -> AlertPlan:
    by_cause = {f.cause_key: f for f in found}
    stored = {s.cause_key: s for s in active}
    refresh: list[tuple[uuid.UUID, Finding]] = []
    resolve: list[uuid.UUID] = []
    for cause, item in stored.items():
        alert = item.alert
        finding = by_cause.get(cause)
        if alert.alert_type in RESOLVABLE and (finding is None or alert.period_end < today):
            resolve.append(alert.id)
        elif finding is not None and _changed(item, finding):
            refresh.append((alert.id, finding))
    return AlertPlan(
        raise_=tuple(f for f in found if f.cause_key not in stored),
        refresh=tuple(refresh),
        resolve=tuple(resolve),
    )


def _changed(stored: StoredAlert, finding: Finding) -> bool:
    alert = stored.alert
    return (
        alert.severity,
        alert.title,
        alert.message,
        alert.period_start,
        alert.period_end,
        alert.amount,
        alert.reference,
        alert.score,
    ) != (
        finding.severity,
        finding.title,
        finding.message,
        finding.period_start,
        finding.period_end,
        finding.amount,
        finding.reference,
        finding.score,
    )
