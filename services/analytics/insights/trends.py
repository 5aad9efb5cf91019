"""Trends in a user's spending (pure): the series tested, the tests, the sentences.

A series is one entity's spending per bucket — all spending, a category's at any level
(its subcategories included: "Food" and "Restaurants" both), or a merchant's — over the
whole buckets of the window: calendar months when the window spans six months or more,
ISO weeks otherwise. A bucket
counts only if it lies entirely inside the window and is over (it ended before today):
the current month, half spent, would otherwise always look like a dip.

Each series gets the Mann-Kendall test (increasing or decreasing, Sen's slope) and the
robust z-score of each bucket against the buckets just before it (spikes and dips),
both from services.analytics.statistics.trends; every finding carries its significance
(1 - p) in 0-1, so findings of any kind rank on one scale.
"""

from __future__ import annotations

import math
import threading
import uuid
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Literal

from services.analytics.insights.domain import (
    DateParts,
    DayRange,
    cents,
    checked_range,
    day_of,
    limit_of,
    money,
)
from services.analytics.rollups.domain import Totals, add_months, month_end, month_start, week_start
from services.analytics.rollups.tree import CategoryTree
from services.analytics.statistics.trends import excursions, mann_kendall
from services.runtime.errors import InvalidArgument

BucketKind = Literal["week", "month"]
TrendKind = Literal["increasing", "decreasing", "spike", "dip"]
EntityKind = Literal["category", "merchant", "overall"]
Method = Literal["mann_kendall", "robust_z"]

# Buckets before a bucket that form its baseline in the spike/dip test.
EXCURSION_WINDOW_MONTHS = 12
EXCURSION_WINDOW_WEEKS = 8
# The default window: the 24 whole months before the current one.
DEFAULT_WINDOW_MONTHS = 24
# Windows at least this many months long are bucketed by month, shorter ones by week.
MONTHLY_FROM_MONTHS = 6
# Merchants tested: those with spending in at least this many buckets (fewer cannot
# make a Mann-Kendall verdict), the biggest spenders among them.
MIN_MERCHANT_BUCKETS = 6
MAX_MERCHANTS = 50
# Spikes and dips are looked for only in series with spending in at least this share of
# their buckets: against a usual of nothing (the median of mostly empty buckets) every
# purchase would be a "spike". Sparse series are still tested for a direction.
MIN_SPENDING_SHARE_FOR_EXCURSIONS = 0.5

DEFAULT_MIN_SIGNIFICANCE = 0.5
DEFAULT_TREND_LIMIT = 20
SIGNIFICANT = 0.8
DEFAULT_SIGNIFICANT_LIMIT = 5

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")  # fmt: skip


# -- the window and its buckets ---------------------------------------------------------


def trend_window(start: DateParts | None, end: DateParts | None, today: date) -> DayRange:
    """startDate..endDate; endDate defaults to today, startDate to the first day of
    the month 24 months before endDate's month."""
    last = day_of(end, "end_date") or today
    first = day_of(start, "start_date") or add_months(month_start(last), -DEFAULT_WINDOW_MONTHS)
    return checked_range(first, last)


@dataclass(frozen=True, slots=True)
class Buckets:
    kind: BucketKind
    # The first day of each bucket, ascending.
    starts: tuple[date, ...]

    def days_of(self, index: int) -> DayRange:
        first = self.starts[index]
        last = first + timedelta(days=6) if self.kind == "week" else month_end(first)
        return DayRange(first, last)

    @property
    def span(self) -> DayRange | None:
        if not self.starts:
            return None
        return DayRange(self.starts[0], self.days_of(len(self.starts) - 1).last)

    def label(self, index: int) -> str:
        first = self.starts[index]
        if self.kind == "week":
            return f"the week of {first.isoformat()}"
        return f"{_MONTHS[first.month - 1]} {first.year}"


def _months_long(window: DayRange) -> bool:
    months_later = add_months(month_start(window.first), MONTHLY_FROM_MONTHS)
    end = months_later.replace(day=min(window.first.day, month_end(months_later).day))
    return window.last >= end - timedelta(days=1)


def buckets_in(window: DayRange, today: date) -> Buckets:
    """The whole buckets inside `window` that ended before `today`."""
    kind: BucketKind = "month" if _months_long(window) else "week"
    if kind == "month":
        start = month_start(window.first)
        start = start if start == window.first else add_months(start, 1)
    else:
        start = week_start(window.first)
        start = start if start == window.first else start + timedelta(days=7)
    starts: list[date] = []
    while True:
        bucket = Buckets(kind, (start,)).days_of(0)
        if bucket.last > window.last or bucket.last >= today:
            break
        starts.append(start)
        start = add_months(start, 1) if kind == "month" else start + timedelta(days=7)
    return Buckets(kind, tuple(starts))


# -- series ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Series:
    entity_type: EntityKind
    entity_id: uuid.UUID | None
    name: str
    # Spending per bucket, aligned with Buckets.starts.
    values: tuple[Decimal, ...]


def category_series(
    rows: Iterable[tuple[uuid.UUID | None, date, Totals]], buckets: Buckets, tree: CategoryTree
) -> list[Series]:
    """All spending, and each category's with its subcategories', from (transaction
    category, bucket, totals) rows. A trend planted in a subcategory (restaurants) is
    diluted in its parent (food, mostly groceries): both levels are tested. Uncategorized
    spending is in the overall series only: a category trend is about a category the
    user can look at."""
    position = {start: i for i, start in enumerate(buckets.starts)}
    overall = [Decimal(0)] * len(position)
    by_category: dict[uuid.UUID, list[Decimal]] = {}
    for category_id, bucket, totals in rows:
        index = position.get(bucket)
        if index is None or totals.expenses == 0:
            continue
        overall[index] += totals.expenses
        for category in tree.lineage(category_id):
            by_category.setdefault(category, [Decimal(0)] * len(position))[index] += totals.expenses
    found = [Series("overall", None, "Overall", tuple(overall))]
    found.extend(
        Series("category", category, tree.name(category), tuple(values))
        for category, values in sorted(
            by_category.items(), key=lambda kv: tree.name(kv[0]).casefold()
        )
    )
    return found


def merchant_series(
    rows: Iterable[tuple[str, str, date, Decimal]], buckets: Buckets
) -> list[Series]:
    """Each merchant's spending from (merchant_key, name, bucket, expenses) rows ordered
    by key then bucket; the name shown is the alphabetically last spelling, as in every
    roll-up (RollupRepository.merchant_name)."""
    position = {start: i for i, start in enumerate(buckets.starts)}
    values: dict[str, list[Decimal]] = {}
    names: dict[str, str] = {}
    for key, name, bucket, expenses in rows:
        index = position.get(bucket)
        if index is None:
            continue
        values.setdefault(key, [Decimal(0)] * len(position))[index] += expenses
        names[key] = max(names.get(key, name), name)
    return [Series("merchant", None, names[key], tuple(v)) for key, v in sorted(values.items())]


def since_history_began(series: list[Series], buckets: Buckets) -> tuple[list[Series], Buckets]:
    """The series and buckets from the first bucket with any spending on: before the
    user's history begins an empty bucket is no data, not a month without spending (a
    new user's first month would otherwise be a spike)."""
    first = min(
        (next((i for i, v in enumerate(s.values) if v > 0), len(buckets.starts)) for s in series),
        default=0,
    )
    if first == 0:
        return series, buckets
    trimmed = [Series(s.entity_type, s.entity_id, s.name, s.values[first:]) for s in series]
    return trimmed, Buckets(buckets.kind, buckets.starts[first:])


# -- findings --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trend:
    kind: TrendKind
    entity_type: EntityKind
    entity_id: uuid.UUID | None
    entity_name: str
    significance: float
    method: Method
    bucket: BucketKind
    period: DayRange
    points: int
    # Direction: Sen's slope per bucket. Spike or dip: value - baseline.
    change: Decimal
    # Direction: the last bucket's spending. Spike or dip: the bucket's.
    value: Decimal
    # Direction: the first bucket's spending. Spike or dip: the median before it.
    baseline: Decimal
    # Kendall's tau, or the robust z-score.
    statistic: float
    description: str
    currency: str


def _decimal(value: float) -> Decimal:
    """A float statistic as money: through its shortest repr, rounded to cents."""
    return cents(Decimal(repr(value))) if math.isfinite(value) else Decimal(0)


def _subject(series: Series) -> str:
    if series.entity_type == "overall":
        return "Overall spending"
    if series.entity_type == "category":
        return f"{series.name} spending"
    return f"Spending at {series.name}"


def trends_of(series: Series, buckets: Buckets, currency: str) -> list[Trend]:
    """What the tests find in one series (nothing for a series without spending)."""
    span = buckets.span
    if span is None or not any(series.values):
        return []
    floats = [float(v) for v in series.values]
    spending = sum(1 for v in series.values if v > 0)
    regular = spending >= MIN_SPENDING_SHARE_FOR_EXCURSIONS * len(floats)
    found = _excursions(series, buckets, currency, floats) if regular else []
    direction = _direction(series, buckets, span, currency, floats)
    return found if direction is None else [direction, *found]


def _direction(
    series: Series, buckets: Buckets, span: DayRange, currency: str, floats: list[float]
) -> Trend | None:
    test = mann_kendall(floats)
    if test is None or test.direction is None:
        return None
    slope = _decimal(test.slope)
    subject, unit = _subject(series), buckets.kind
    if slope:
        verb = "rose" if test.direction == "increasing" else "fell"
        description = f"{subject} {verb} by about {money(abs(slope))} {currency} a {unit}"
    else:  # most buckets equal (often zero): the median slope says nothing
        verb = "rise" if test.direction == "increasing" else "fall"
        description = f"{subject} tended to {verb} over the last {test.n} {unit}s"
    return Trend(
        kind=test.direction,
        entity_type=series.entity_type,
        entity_id=series.entity_id,
        entity_name=series.name,
        significance=round(test.significance, 4),
        method="mann_kendall",
        bucket=unit,
        period=span,
        points=test.n,
        change=slope,
        value=series.values[-1],
        baseline=series.values[0],
        statistic=round(test.tau, 4),
        description=description,
        currency=currency,
    )


def _excursions(
    series: Series, buckets: Buckets, currency: str, floats: list[float]
) -> list[Trend]:
    found = []
    # A monthly baseline of a full year: with six months, a yearly season's turning
    # points (heating in winter) read as spikes and dips.
    window = EXCURSION_WINDOW_MONTHS if buckets.kind == "month" else EXCURSION_WINDOW_WEEKS
    for excursion in excursions(floats, window=window):
        value = series.values[excursion.index]
        baseline = _decimal(excursion.baseline)
        side = "above" if excursion.kind == "spike" else "below"
        found.append(
            Trend(
                kind=excursion.kind,
                entity_type=series.entity_type,
                entity_id=series.entity_id,
                entity_name=series.name,
                significance=round(excursion.significance, 4),
                method="robust_z",
                bucket=buckets.kind,
                period=buckets.days_of(excursion.index),
                points=len(floats),
                change=cents(value - baseline),
                value=value,
                baseline=baseline,
                statistic=round(excursion.robust_z, 4),
                description=(
                    f"{_subject(series)} in {buckets.label(excursion.index)} was "
                    f"{money(value)} {currency}, well {side} its usual {money(baseline)}"
                ),
                currency=currency,
            )
        )
    return found


# -- which findings to answer ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrendQuery:
    kind: TrendKind | None = None
    entity_type: EntityKind | None = None
    min_significance: float = DEFAULT_MIN_SIGNIFICANCE
    limit: int = DEFAULT_TREND_LIMIT


def trend_query(
    kind: TrendKind | None,
    entity_type: EntityKind | None,
    min_significance: float | None,
    limit: int | None,
) -> TrendQuery:
    if min_significance is None:
        min_significance = DEFAULT_MIN_SIGNIFICANCE
    elif not 0 <= min_significance <= 1:  # NaN fails this too
        raise InvalidArgument.for_field("min_significance", "must be between 0 and 1")
    return TrendQuery(kind, entity_type, min_significance, limit_of(limit, DEFAULT_TREND_LIMIT))


def chosen(trends: Iterable[Trend], query: TrendQuery) -> list[Trend]:
    """The trends the query asks for, most significant first (then the strongest
    statistic, then by entity and period, so equal answers always come in one order)."""
    kept = [
        t
        for t in trends
        if (query.kind is None or t.kind == query.kind)
        and (query.entity_type is None or t.entity_type == query.entity_type)
        and t.significance >= query.min_significance
    ]
    kept.sort(
        key=lambda t: (
            -t.significance,
            -abs(t.statistic),
            t.entity_type,
            t.entity_name.casefold(),
            t.period.first,
            t.kind,
        )
    )
    return kept[: query.limit]


# -- remembering findings ----------------------------------------------------------------------


class TrendMemo:
    """Findings already computed, by everything they depend on: the user, the currency,
    the version of the user's transactions (which every write bumps), the buckets tested
    (which move with today) and the categories' names and tree. Testing every series
    takes far longer than reading the roll-ups (about 1 ms per series, up to 60 series);
    answers from here are as current as a recomputation would be.

    Per process, bounded (least recently used out), shared by the server's threads.
    """

    def __init__(self, size: int = 512) -> None:
        self._size = size
        self._found: OrderedDict[Hashable, tuple[list[Trend], DayRange | None]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> tuple[list[Trend], DayRange | None] | None:
        with self._lock:
            found = self._found.get(key)
            if found is not None:
                self._found.move_to_end(key)
            return found

    def put(self, key: Hashable, found: tuple[list[Trend], DayRange | None]) -> None:
        with self._lock:
            self._found[key] = found
            self._found.move_to_end(key)
            while len(self._found) > self._size:
                self._found.popitem(last=False)
