"""Spending forecasts as the analytics module computes, keeps and answers them (pure).

A forecast is of one entity's spending (all of it, a category with its subcategories, a
merchant) per calendar period. Its history is the periods from the user's first month
with data up to the last complete period before today, missing months counting zero;
the first forecast period is the current one. The statistics library chooses the method
by a backtest; this module turns its floats into money and its steps into periods.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Literal

from services.analytics.rollups.domain import MonthTotal, add_months, month_start
from services.analytics.statistics import forecasting
from services.runtime.calendar_dates import checked_date
from services.runtime.errors import FieldViolation, InvalidArgument, raise_if_any
from services.runtime.paging import check_limit

Period = Literal["monthly", "quarterly", "yearly"]
EntityKind = Literal["overall", "category", "merchant"]

PERIODS: tuple[Period, ...] = ("monthly", "quarterly", "yearly")
MONTHS: dict[Period, int] = {"monthly": 1, "quarterly": 3, "yearly": 12}
SEASON: dict[Period, int] = {"monthly": 12, "quarterly": 4, "yearly": 1}
# A year's worth of periods: GetOverallForecast's default limit.
A_YEAR: dict[Period, int] = {"monthly": 12, "quarterly": 4, "yearly": 1}
# The furthest period a request may reach (its step; 1 is the current period).
MAX_AHEAD = 100
# Forecasts are computed at least this far ahead, so later requests for more periods
# (up to it) are served from the same stored forecast.
MIN_HORIZON = 24
OVERALL_NAME = "Overall"
_CENT = Decimal("0.01")
_ZERO = Decimal("0.00")


# -- calendar periods -----------------------------------------------------------------


def period_start(day: date, period: Period) -> date:
    """The first day of the period holding `day` (quarters start in Jan, Apr, Jul, Oct)."""
    months = MONTHS[period]
    index = day.year * 12 + day.month - 1
    index -= index % months
    return date(index // 12, index % 12 + 1, 1)


def shift(start: date, period: Period, periods: int) -> date:
    """The start of the period `periods` after the one starting on `start`."""
    return add_months(start, MONTHS[period] * periods)


def period_end(start: date, period: Period) -> date:
    return shift(start, period, 1) - timedelta(days=1)


def periods_between(earlier: date, later: date, period: Period) -> int:
    """How many periods `later`'s period starts after `earlier`'s (both period starts)."""
    months = (later.year - earlier.year) * 12 + later.month - earlier.month
    return months // MONTHS[period]


# -- the history ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class History:
    """Spending per complete period, oldest first; empty when no period is complete."""

    start: date  # the first period's start (the current period's when empty)
    values: tuple[Decimal, ...]


def history_of(
    totals: Sequence[MonthTotal], first_month: date | None, today: date, period: Period
) -> History:
    """Spending per period from the first whole period on or after the user's first
    month with data (`first_month`) up to the period before today's, zero-filled.

    A quarter or year the user's data begins inside is left out: its months before the
    first one would count as zero spending that was never recorded.
    """
    current = period_start(today, period)
    if first_month is None:
        return History(current, ())
    start = period_start(first_month, period)
    if start < month_start(first_month):
        start = shift(start, period, 1)
    by_month = {t.month: t.expenses for t in totals}
    values: list[Decimal] = []
    cursor = start
    while cursor < current:
        values.append(
            sum(
                (by_month.get(add_months(cursor, m), _ZERO) for m in range(MONTHS[period])),
                _ZERO,
            )
        )
        cursor = shift(cursor, period, 1)
    return History(start if values else current, tuple(values))


# -- the computed forecast ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PointAmounts:
    """One period's expected spending and its nested intervals (never below zero)."""

    amount: Decimal
    lower80: Decimal
    upper80: Decimal
    lower95: Decimal
    upper95: Decimal


@dataclass(frozen=True, slots=True)
class Computed:
    """What is stored of a forecast (and served until the data changes)."""

    method: str
    history_length: int
    history_start: date | None
    history_end: date | None
    # The start of the period of step 1: a stored forecast whose first period is no
    # longer the current one is computed again.
    first_period: date
    points: tuple[PointAmounts, ...]  # steps 1 .. horizon
    backtest_horizon: int
    mase: float | None
    seasonal_naive_mase: float | None
    # Whether the history holds any spending (ListForecasts leaves out categories
    # without).
    has_spending: bool
    # What the entity covered when computed (scope_of): a category whose subcategories
    # changed is computed again.
    scope: str


def compute(history: History, period: Period, horizon: int, scope: str = "") -> Computed:
    """The forecast of `horizon` periods after `history`; `scope` is scope_of(...).

    Without a complete period there is nothing to fit: the forecast is zero spending
    (method "mean" of nothing, history length 0, no backtest) rather than an error — a
    new user's overall forecast is a valid, empty answer.
    """
    if not history.values:
        zero = PointAmounts(_ZERO, _ZERO, _ZERO, _ZERO, _ZERO)
        return Computed(
            method="mean",
            history_length=0,
            history_start=None,
            history_end=None,
            first_period=history.start,
            points=(zero,) * horizon,
            backtest_horizon=0,
            mase=None,
            seasonal_naive_mase=None,
            has_spending=False,
            scope=scope,
        )
    fitted = forecasting.forecast(
        [float(v) for v in history.values],
        season_length=SEASON[period],
        horizon=horizon,
        non_negative=True,
    )
    count = len(history.values)
    return Computed(
        method=fitted.method,
        history_length=count,
        history_start=history.start,
        history_end=period_end(shift(history.start, period, count - 1), period),
        first_period=shift(history.start, period, count),
        points=tuple(_amounts(p) for p in fitted.points),
        backtest_horizon=fitted.backtest.horizon,
        mase=_finite(fitted.backtest.mase),
        seasonal_naive_mase=_finite(fitted.backtest.seasonal_naive_mase),
        has_spending=any(v > 0 for v in history.values),
        scope=scope,
    )


def money(value: float) -> Decimal:
    """A float from the statistics library as money: 2 places, never negative, no -0."""
    cents = Decimal(str(round(value, 2))).quantize(_CENT)
    return cents if cents > 0 else _ZERO


def _amounts(point: forecasting.ForecastPoint) -> PointAmounts:
    mean = money(point.mean)
    # Rounding keeps the library's nesting; min/max keep it even at a rounding edge.
    lower80 = min(money(point.lower80), mean)
    upper80 = max(money(point.upper80), mean)
    return PointAmounts(
        amount=mean,
        lower80=lower80,
        upper80=upper80,
        lower95=min(money(point.lower95), lower80),
        upper95=max(money(point.upper95), upper80),
    )


def _finite(value: float | None) -> float | None:
    if value is None or value != value or value in (float("inf"), float("-inf")):
        return None
    return value


def scope_of(category_ids: Collection[uuid.UUID] | None) -> str:
    """A short fingerprint of a category forecast's categories ("" for the others)."""
    if category_ids is None:
        return ""
    joined = ",".join(sorted(str(c) for c in category_ids))
    return hashlib.sha256(joined.encode()).hexdigest()[:32]


# -- what is stored -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entity:
    kind: EntityKind
    # "" (overall), the category's id, or the merchant's key (lower-cased name).
    key: str
    name: str

    @property
    def category_id(self) -> uuid.UUID | None:
        return uuid.UUID(self.key) if self.kind == "category" else None


def overall() -> Entity:
    return Entity("overall", "", OVERALL_NAME)


@dataclass(frozen=True, slots=True)
class StoredForecast:
    entity: Entity
    currency: str
    period: Period
    horizon: int
    data_version: int
    computed: Computed
    generated_at: datetime

    def serves(self, version: int, horizon: int, first_period: date, scope: str) -> bool:
        """Whether this stored forecast still answers: computed from the current data,
        far enough ahead, from the current period on, over the same categories."""
        return (
            self.data_version == version
            and self.horizon >= horizon
            and self.computed.first_period == first_period
            and self.computed.scope == scope
        )


# -- requests -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ForecastQuery:
    period: Period
    limit: int
    start_date: date | None = None
    end_date: date | None = None


DateParts = tuple[int, int, int]


def validate_query(
    period: Period | None,
    limit: int | None,
    *,
    default_period: Period,
    default_limit: int | Literal["a_year"],
    start_date: DateParts | None = None,
    end_date: DateParts | None = None,
) -> ForecastQuery:
    problems: list[FieldViolation] = []
    check_limit(limit, problems)
    start = checked_date(start_date, "start_date", problems)
    end = checked_date(end_date, "end_date", problems)
    if start is not None and end is not None and start > end:
        problems.append(FieldViolation("start_date", "must not be after endDate"))
    raise_if_any(problems)
    chosen = period or default_period
    if limit is None:
        limit = A_YEAR[chosen] if default_limit == "a_year" else default_limit
    return ForecastQuery(chosen, limit, start, end)


@dataclass(frozen=True, slots=True)
class Steps:
    """The forecast steps a request answers with (1: the current period), inclusive;
    empty when `last` < `first`."""

    first: int
    last: int

    @property
    def horizon(self) -> int:
        """How far ahead the stored forecast must reach to serve these steps."""
        return max(self.last, self.first, 1)


def steps_of(query: ForecastQuery, today: date) -> Steps:
    """The periods starting within [start_date, end_date], at most `limit` of them from
    the first; start_date defaults to the current period. end_date (and start_date) may
    reach at most MAX_AHEAD periods ahead."""
    current = period_start(today, query.period)
    first = 1
    if query.start_date is not None:
        first = max(1, _step_starting_from(current, query.start_date, query.period))
        if first > MAX_AHEAD:
            raise _too_far("start_date")
    last = first + query.limit - 1
    if query.end_date is not None:
        # The period holding end_date starts on or before it: it is the last one in.
        through = periods_between(current, period_start(query.end_date, query.period), query.period)
        if through + 1 > MAX_AHEAD:
            raise _too_far("end_date")
        last = min(last, through + 1)
    return Steps(first, last)


def _step_starting_from(current: date, day: date, period: Period) -> int:
    """The step of the first period starting on or after `day`."""
    start = period_start(day, period)
    step = periods_between(current, start, period) + 1
    return step if start == day else step + 1


def _too_far(field: str) -> InvalidArgument:
    return InvalidArgument.for_field(field, f"must be at most {MAX_AHEAD} periods ahead")


# -- answers --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ForecastPoint:
    period_start: date
    period_end: date
    amounts: PointAmounts


@dataclass(frozen=True, slots=True)
class ForecastView:
    """A forecast as answered: the stored one, cut to the steps asked for."""

    entity: Entity
    currency: str
    period: Period
    computed: Computed
    points: tuple[ForecastPoint, ...]
    generated_at: datetime

    @property
    def spending(self) -> Decimal:
        """The forecast spending over its points (ListForecasts' order)."""
        return sum((p.amounts.amount for p in self.points), _ZERO)


def view_of(stored: StoredForecast, steps: Steps, entity: Entity | None = None) -> ForecastView:
    """`stored` cut to `steps`; `entity` replaces the stored one's (a category renamed
    since is shown by its current name)."""
    computed, period = stored.computed, stored.period
    points = tuple(
        ForecastPoint(
            period_start=(start := shift(computed.first_period, period, step - 1)),
            period_end=period_end(start, period),
            amounts=computed.points[step - 1],
        )
        for step in range(steps.first, min(steps.last, len(computed.points)) + 1)
    )
    return ForecastView(
        entity=entity or stored.entity,
        currency=stored.currency,
        period=period,
        computed=computed,
        points=points,
        generated_at=stored.generated_at,
    )


def ranked(views: Sequence[ForecastView]) -> list[ForecastView]:
    """Overall first, then the others by forecast spending, largest first."""
    overall_first = [v for v in views if v.entity.kind == "overall"]
    others = sorted(
        (v for v in views if v.entity.kind != "overall"),
        key=lambda v: (-v.spending, v.entity.name.casefold(), v.entity.key),
    )
    return overall_first + others


@dataclass(frozen=True, slots=True)
class Regenerated:
    forecasts: int
    generated_at: datetime
    duration_ms: int


MAX_MERCHANT = 200


def validate_merchant_name(raw: str) -> str:
    """The merchant name of a request: required, at most MAX_MERCHANT characters."""
    name = raw.strip()
    if not name:
        raise InvalidArgument.for_field("merchant_name", "is required")
    if len(name) > MAX_MERCHANT:
        raise InvalidArgument.for_field(
            "merchant_name", f"must be at most {MAX_MERCHANT} characters"
        )
    return name
