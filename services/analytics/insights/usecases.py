"""Insight operations, one function per operation.

Every read first brings the caller's roll-ups up to date (`ensure_fresh`: only the days
written since the last read are recomputed) and commits that at once, so the state
row's lock is not held for the rest of the read. Amounts are in the requested currency,
else the one most of the user's transactions are in, else EUR (a user without
transactions gets zeros, not an error).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from services.analytics.insights import domain, trends
from services.analytics.insights.domain import (
    Comparison,
    DateParts,
    DayRange,
    PeriodKind,
    Summary,
    TopCategories,
    TopMerchants,
)
from services.analytics.insights.trends import EntityKind, Trend, TrendKind
from services.analytics.recurring.usecases import detect_patterns
from services.analytics.rollups.domain import total_of
from services.analytics.rollups.tree import CategoryTree
from services.runtime.clock import Clock
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def _today(clock: Clock) -> date:
    return clock().astimezone(UTC).date()


def _fresh(uow: Uow, user_id: uuid.UUID, currency: str | None) -> str:
    """Bring the roll-ups up to date; the currency the answer is in."""
    rollups = uow.repos.rollups
    if rollups.ensure_fresh(user_id):
        uow.commit()
    return currency or rollups.main_currency(user_id) or domain.DEFAULT_CURRENCY


def _tree(uow: Uow, user_id: uuid.UUID) -> CategoryTree:
    return CategoryTree(uow.repos.categories.all_of(user_id))


@dataclass(frozen=True, slots=True)
class SummaryQuery:
    period: PeriodKind = "monthly"
    start_date: DateParts | None = None
    end_date: DateParts | None = None
    currency: str | None = None


def get_summary(uow: Uow, user_id: uuid.UUID, query: SummaryQuery, clock: Clock) -> Summary:
    current, previous = domain.summary_ranges(
        query.period, query.start_date, query.end_date, _today(clock)
    )
    currency = domain.currency_of(query.currency)
    with uow:
        currency = _fresh(uow, user_id, currency)
        rollups = uow.repos.rollups
        now = rollups.category_totals(user_id, currency, current.first, current.last)
        then = rollups.category_totals(user_id, currency, previous.first, previous.last)
        return domain.summary(current, previous, currency, now, then, _tree(uow, user_id))


def compare_summaries(
    uow: Uow,
    user_id: uuid.UUID,
    current_period: str,
    previous_period: str | None,
    currency: str | None,
) -> Comparison:
    periods = domain.compared_periods(current_period, previous_period)
    wanted = domain.currency_of(currency)
    with uow:
        chosen = _fresh(uow, user_id, wanted)
        rollups = uow.repos.rollups
        now, then = (
            rollups.category_totals(user_id, chosen, p.days.first, p.days.last) for p in periods
        )
        return domain.comparison(chosen, periods, now, then, _tree(uow, user_id))


def top_categories(
    uow: Uow,
    user_id: uuid.UUID,
    period: PeriodKind,
    limit: int | None,
    currency: str | None,
    clock: Clock,
) -> TopCategories:
    count = domain.limit_of(limit)
    wanted = domain.currency_of(currency)
    days = domain.current_period(period, _today(clock))
    with uow:
        chosen = _fresh(uow, user_id, wanted)
        totals = uow.repos.rollups.category_totals(user_id, chosen, days.first, days.last)
        tree = _tree(uow, user_id)
    groups = domain.by_top_level(totals, tree)
    return TopCategories(
        period=days,
        currency=chosen,
        total_expenses=total_of(groups.values()).expenses,
        data=domain.top_categories(groups, tree, count),
    )


def top_merchants(
    uow: Uow,
    user_id: uuid.UUID,
    period: PeriodKind,
    limit: int | None,
    currency: str | None,
    clock: Clock,
) -> TopMerchants:
    count = domain.limit_of(limit)
    wanted = domain.currency_of(currency)
    days = domain.current_period(period, _today(clock))
    with uow:
        chosen = _fresh(uow, user_id, wanted)
        rollups = uow.repos.rollups
        spent = total_of(rollups.category_totals(user_id, chosen, days.first, days.last)).expenses
        merchants = rollups.merchant_totals(user_id, chosen, days.first, days.last)
    return TopMerchants(
        period=days,
        currency=chosen,
        total_expenses=spent,
        data=domain.top_merchants(merchants, spent, count),
    )


# -- trends ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrendsQuery:
    kind: TrendKind | None = None
    entity_type: EntityKind | None = None
    start_date: DateParts | None = None
    end_date: DateParts | None = None
    min_significance: float | None = None
    limit: int | None = None
    currency: str | None = None


@dataclass(frozen=True, slots=True)
class FoundTrends:
    data: list[Trend]
    # The days analysed: the whole buckets tested (the window when there are none).
    period: DayRange


def list_trends(
    uow: Uow,
    user_id: uuid.UUID,
    query: TrendsQuery,
    clock: Clock,
    memo: trends.TrendMemo | None = None,
) -> FoundTrends:
    today = _today(clock)
    window = trends.trend_window(query.start_date, query.end_date, today)
    wanted = trends.trend_query(query.kind, query.entity_type, query.min_significance, query.limit)
    currency = domain.currency_of(query.currency)
    with uow:
        return _found(uow, user_id, currency, window, today, wanted, memo)


def significant_trends(
    uow: Uow,
    user_id: uuid.UUID,
    limit: int | None,
    clock: Clock,
    memo: trends.TrendMemo | None = None,
) -> FoundTrends:
    today = _today(clock)
    window = trends.trend_window(None, None, today)
    wanted = trends.TrendQuery(
        min_significance=trends.SIGNIFICANT,
        limit=domain.limit_of(limit, trends.DEFAULT_SIGNIFICANT_LIMIT),
    )
    with uow:
        return _found(uow, user_id, None, window, today, wanted, memo)


def _found(
    uow: Uow,
    user_id: uuid.UUID,
    currency: str | None,
    window: DayRange,
    today: date,
    wanted: trends.TrendQuery,
    memo: trends.TrendMemo | None,
) -> FoundTrends:
    """The findings the query keeps, over the whole buckets of the window from the
    user's first spending on (trends.since_history_began); remembered in `memo`."""
    chosen = _fresh(uow, user_id, currency)
    buckets = trends.buckets_in(window, today)
    if buckets.span is None:
        return FoundTrends([], window)
    tree = _tree(uow, user_id)
    version = uow.repos.rollups.version(user_id)
    key = (user_id, chosen, version, buckets.kind, buckets.starts, tree.signature())
    found = None if memo is None else memo.get(key)
    if found is None:
        found = _every_trend(uow, user_id, chosen, buckets, tree)
        if memo is not None:
            memo.put(key, found)
    every, tested = found
    return FoundTrends(trends.chosen(every, wanted), tested or window)


def _every_trend(
    uow: Uow, user_id: uuid.UUID, currency: str, buckets: trends.Buckets, tree: CategoryTree
) -> tuple[list[Trend], DayRange | None]:
    """Every finding in every series, and the days the series covered."""
    span = buckets.span
    assert span is not None
    rollups = uow.repos.rollups
    rows = rollups.category_buckets(user_id, currency, buckets.kind, span.first, span.last)
    series = trends.category_series(rows, buckets, tree)
    by_merchant = rollups.merchant_buckets(
        user_id,
        currency,
        buckets.kind,
        span.first,
        span.last,
        min_buckets=trends.MIN_MERCHANT_BUCKETS,
        top=trends.MAX_MERCHANTS,
    )
    series.extend(trends.merchant_series(by_merchant, buckets))
    series, tested = trends.since_history_began(series, buckets)
    return [t for s in series for t in trends.trends_of(s, tested, currency)], tested.span


# -- refresh -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Refreshed:
    refreshed_at: datetime
    transactions: int
    recurring_patterns: int
    duration_ms: int


def refresh_analytics(
    unit_of_work: Callable[[], Uow], user_id: uuid.UUID, clock: Clock
) -> Refreshed:
    """Rebuild the caller's roll-ups from scratch (bumping their version, so forecasts
    and suggestions are recomputed when next read) and detect recurring patterns again.
    Two transactions: the rebuild's lock on the state row is released before the
    detection, which reads a whole history."""
    started = time.perf_counter()
    with unit_of_work() as uow:
        transactions = uow.repos.rollups.rebuild(user_id)
    patterns = detect_patterns(unit_of_work(), user_id, _today(clock), clock)
    return Refreshed(
        refreshed_at=clock(),
        transactions=transactions,
        recurring_patterns=patterns,
        duration_ms=round((time.perf_counter() - started) * 1000),
    )
