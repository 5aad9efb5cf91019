"""Cash flow as rules and values (pure): what a prediction, an alert, a snapshot and a
balance are, the checks of the requests, and how an alert's status may move.

Periods are ISO weeks, calendar months and calendar quarters (periods.py). "Today" is
the clock's UTC date; the current period is the one holding today, predicted from
tomorrow. Predictions reach at most three years ahead (`periods.latest_day`).

Alert statuses (GAPS): pending → acknowledged → resolved, pending → resolved; resolved
and dismissed are final (no operation sets dismissed). Asking for the status an alert
already has is no move: it is answered unchanged. Any other move is 409
`invalid_transition`.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Final, Literal, get_args

from services.analytics.cashflow.periods import (
    PERIOD_TYPES,
    YEARS_AHEAD,
    latest_day,
    period_start,
    period_starts,
)
from services.analytics.cashflow.periods import PeriodType as PeriodType  # the API's name
from services.analytics.fields import CENTS, count_in
from services.analytics.recurring.domain import DEFAULT_DAYS, MAX_DAYS
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import (
    FailedPrecondition,
    FieldViolation,
    Unprocessable,
    raise_if_any,
)
from services.runtime.paging import check_limit, check_offset

AlertType = Literal["low_balance", "negative_flow", "unusual_spending"]
Severity = Literal["low", "medium", "high"]
AlertStatus = Literal["pending", "acknowledged", "resolved", "dismissed"]
ResolvedBy = Literal["user", "system"]

ALERT_TYPES: Final[frozenset[str]] = frozenset(get_args(AlertType))
SEVERITIES: Final[frozenset[str]] = frozenset(get_args(Severity))
STATUSES: Final[frozenset[str]] = frozenset(get_args(AlertStatus))
# What "the alerts" means without a status filter.
ACTIVE: Final[tuple[AlertStatus, ...]] = ("pending", "acknowledged")
# Most severe first.
SEVERITY_RANK: Final[dict[str, int]] = {"high": 0, "medium": 1, "low": 2}
_MOVES: Final[dict[str, frozenset[str]]] = {
    "pending": frozenset({"acknowledged", "resolved"}),
    "acknowledged": frozenset({"resolved"}),
    "resolved": frozenset(),
    "dismissed": frozenset(),
}

DEFAULT_PERIODS: Final = 12
DEFAULT_ALERTS: Final = 50
DEFAULT_LOW_BALANCE_THRESHOLD: Final = Decimal("100.00")
ZERO: Final = Decimal("0.00")


def money(amount: Decimal) -> Decimal:
    """An amount as answered: cents (half to even), never "-0.00"."""
    return amount.quantize(CENTS) + 0


# -- predictions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PredictionQuery:
    period_type: PeriodType = "monthly"
    start: date | None = None  # a day in the first period (None: today)
    end: date | None = None  # a day in the last period (None: `limit` periods)
    limit: int = DEFAULT_PERIODS


@dataclass(frozen=True)
class Prediction:
    period_type: PeriodType
    period_start: date
    period_end: date
    predicted_from: date
    opening_balance: Decimal
    expected_income: Decimal
    expected_expenses: Decimal  # positive
    expected_balance: Decimal  # closing
    lowest_balance: Decimal
    lowest_balance_on: date
    balance_low: Decimal  # 80% range of expected_balance
    balance_high: Decimal
    confidence: float  # 0-1
    recurring_income: Decimal
    recurring_expenses: Decimal
    planned_expenses: Decimal
    discretionary_expenses: Decimal

    @property
    def net_flow(self) -> Decimal:
        return self.expected_income - self.expected_expenses


@dataclass(frozen=True)
class PredictionSet:
    currency: str
    current_balance: Decimal
    generated_at: datetime
    predictions: tuple[Prediction, ...]


@dataclass(frozen=True, slots=True)
class Window:
    """The periods a request answers: `count` periods from the one starting `first`."""

    period_type: PeriodType
    first: date
    count: int


def parse_prediction_query(
    period_type: str | None, start: DateParts | None, end: DateParts | None, limit: int | None
) -> PredictionQuery:
    """The fields of ListCashFlowPredictions, each well formed (400 naming every bad one);
    the rules against today are `window_of`'s."""
    problems: list[FieldViolation] = []
    if period_type is not None and period_type not in PERIOD_TYPES:
        problems.append(FieldViolation("period_type", "is not a cash flow period type"))
    check_limit(limit, problems)
    start_day = checked_date(start, "start_date", problems)
    end_day = checked_date(end, "end_date", problems)
    raise_if_any(problems)
    return PredictionQuery(
        period_type=period_type or "monthly",  # type: ignore[arg-type]
        start=start_day,
        end=end_day,
        limit=DEFAULT_PERIODS if limit is None else limit,
    )


def window_of(query: PredictionQuery, today: date) -> Window:
    """The periods from the one holding `start` (default today): to the one holding
    `end` when given, at most `limit` of them either way, and never past the period
    holding `latest_day`. A start before the current period, an end before the start,
    or either more than three years ahead is 422 naming the field."""
    problems: list[FieldViolation] = []
    check_limit(query.limit, problems)
    if query.period_type not in PERIOD_TYPES:
        problems.append(FieldViolation("period_type", "is not a cash flow period type"))
    raise_if_any(problems)
    kind = query.period_type
    current = period_start(today, kind)
    latest = latest_day(today)
    start = today if query.start is None else query.start
    if start < current:
        raise Unprocessable.for_field("start_date", "must not be before the current period")
    if start > latest:
        raise Unprocessable.for_field("start_date", f"must be at most {YEARS_AHEAD} years ahead")
    last = period_start(latest, kind)
    if query.end is not None:
        if query.end < start:
            raise Unprocessable.for_field("end_date", "must not be before startDate")
        if query.end > latest:
            raise Unprocessable.for_field("end_date", f"must be at most {YEARS_AHEAD} years ahead")
        last = period_start(query.end, kind)
    first = period_start(start, kind)
    count = min(query.limit, len(period_starts(first, last, kind)))
    return Window(kind, first, count)


# -- alerts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Alert:
    """The proto's CashFlowAlert, snake_case; enums as their JSON words."""

    id: uuid.UUID
    alert_type: AlertType
    severity: Severity
    status: AlertStatus
    title: str
    message: str
    period_start: date
    period_end: date
    amount: Decimal
    reference: Decimal
    currency: str
    category_id: uuid.UUID | None
    score: float | None
    created_at: datetime
    updated_at: datetime
    acknowledged_at: datetime | None
    resolved_at: datetime | None
    resolved_by: ResolvedBy | None

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE


@dataclass(frozen=True, slots=True)
class StoredAlert:
    """An alert with the cause it was raised for (one alert per cause, ever)."""

    alert: Alert
    cause_key: str


def require_move(current: AlertStatus, target: AlertStatus) -> bool:
    """Whether `current` → `target` changes anything (False: already there);
    FailedPrecondition (409 invalid_transition) when the move is not allowed."""
    if target == current:
        return False
    if target not in _MOVES[current]:
        raise FailedPrecondition(
            f"a {current} alert cannot become {target}", reason="INVALID_TRANSITION"
        )
    return True


@dataclass(frozen=True, slots=True)
class AlertQuery:
    # None: the active ones (pending and acknowledged), whatever the other filters.
    status: AlertStatus | None
    severity: Severity | None
    alert_type: AlertType | None
    limit: int
    offset: int

    @property
    def statuses(self) -> tuple[AlertStatus, ...]:
        return ACTIVE if self.status is None else (self.status,)


def parse_alert_query(
    status: str | None,
    severity: str | None,
    alert_type: str | None,
    limit: int | None,
    offset: int,
) -> AlertQuery:
    problems: list[FieldViolation] = []
    if status is not None and status not in STATUSES:
        problems.append(FieldViolation("status", "is not a cash flow alert status"))
    if severity is not None and severity not in SEVERITIES:
        problems.append(FieldViolation("severity", "is not a cash flow alert severity"))
    if alert_type is not None and alert_type not in ALERT_TYPES:
        problems.append(FieldViolation("alert_type", "is not a cash flow alert type"))
    check_limit(limit, problems)
    check_offset(offset, problems)
    raise_if_any(problems)
    return AlertQuery(
        status=status,  # type: ignore[arg-type]
        severity=severity,  # type: ignore[arg-type]
        alert_type=alert_type,  # type: ignore[arg-type]
        limit=DEFAULT_ALERTS if limit is None else limit,
        offset=offset,
    )


def by_severity(alerts: list[Alert]) -> list[Alert]:
    """Most severe first, then newest, then by id (the lists' order)."""
    newest_first = sorted(alerts, key=lambda a: (a.created_at, a.id.hex), reverse=True)
    return sorted(newest_first, key=lambda a: SEVERITY_RANK[a.severity])


# -- upcoming recurring transactions ---------------------------------------------------------

DEFAULT_UPCOMING: Final = 20


def parse_upcoming(days: int | None, limit: int | None) -> tuple[int, int]:
    """(days, limit) of ListUpcomingRecurringTransactions: days 1-366 (default 30),
    limit 1-100 (default 20)."""
    problems: list[FieldViolation] = []
    checked_days = count_in(days, "days", DEFAULT_DAYS, MAX_DAYS, problems)
    check_limit(limit, problems)
    raise_if_any(problems)
    return checked_days, (DEFAULT_UPCOMING if limit is None else limit)


# -- balances and snapshots --------------------------------------------------------------------


@dataclass(frozen=True)
class Balance:
    currency: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class ProjectedBalance:
    days: int
    day: date
    balance: Decimal
    income: Decimal  # from tomorrow to `day`
    expenses: Decimal  # positive


@dataclass(frozen=True, slots=True)
class Outlook:
    """What a snapshot reports of a computation: the balance 30, 60 and 90 days ahead
    and the lowest one in those 90 days."""

    projections: tuple[ProjectedBalance, ...]
    lowest_balance: Decimal
    lowest_on: date


@dataclass(frozen=True, slots=True)
class Snapshot:
    id: uuid.UUID
    snapshot_date: date
    currency: str
    current_balance: Decimal
    outlook: Outlook
    active_alerts: int
    generated_at: datetime
    # The computation it was taken from (Fingerprint.text).
    fingerprint: str


# -- what a computation depends on ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """The inputs of a computation: stored predictions and alerts serve while every one
    is unchanged."""

    data_version: int  # the roll-ups' version: the transactions
    recurring_version: int  # the version the recurring series were detected at
    planned: str  # the planned expenses (count and last change)
    computed_on: date  # today: the periods and the rules' windows move with it
    threshold: Decimal  # the low-balance threshold

    @property
    def text(self) -> str:
        return (
            f"{self.data_version}:{self.recurring_version}:{self.planned}:"
            f"{self.computed_on.isoformat()}:{money(self.threshold)}"
        )


@dataclass(frozen=True, slots=True)
class Computation:
    """What the last computation of a user stored besides the periods."""

    fingerprint: Fingerprint
    currency: str
    current_balance: Decimal
    outlook: Outlook
    generated_at: datetime


@dataclass(frozen=True, slots=True)
class Generated:
    predictions: int
    alerts_raised: int
    alerts_cleared: int
    generated_at: datetime
    duration_ms: int


@dataclass(frozen=True, slots=True)
class Detection:
    patterns: int
    active_patterns: int
    detected_at: datetime
    duration_ms: int
