"""Cash-flow chart operations, one function per operation.

Every figure comes from the use case that owns it — cash-flow predictions, alerts and
balance, the insights' top categories, the recurring patterns, the saving suggestions,
the roll-ups' monthly totals — and is only shaped here (the pure modules beside this
one). Those use cases each open their own unit of work, so these take a factory of
them and call it once per use. `threshold` is the low-balance threshold the cash-flow
capability is configured with: predictions and alerts a read finds out of date are
computed with it, exactly as that capability computes them.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, date
from decimal import Decimal
from typing import TYPE_CHECKING

from services.analytics.cashflow import usecases as cashflow
from services.analytics.cashflow.domain import PredictionQuery
from services.analytics.cashflow_charts import balance, breakdown, debts, digests, health
from services.analytics.cashflow_charts import recurring as recurring_chart
from services.analytics.cashflow_charts.balance import BalanceKind, BalanceProjection
from services.analytics.cashflow_charts.breakdown import Breakdown, BreakdownKind
from services.analytics.cashflow_charts.digests import AlertsDigest, RecommendationsDigest
from services.analytics.cashflow_charts.health import HealthReport
from services.analytics.cashflow_charts.recurring import RecurringChart
from services.analytics.insights import usecases as insights
from services.analytics.insights.domain import PeriodKind
from services.analytics.recurring.domain import UPCOMING_CONFIDENCE
from services.analytics.recurring.usecases import patterns_in
from services.analytics.rollups.domain import add_months, month_start
from services.analytics.suggestions import usecases as suggestions
from services.analytics.transactions.domain import DEFAULT_CURRENCY
from services.runtime.clock import Clock
from services.runtime.paging import MAX_LIMIT
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]

UowFactory = Callable[[], "Uow"]


def _today(clock: Clock) -> date:
    return clock().astimezone(UTC).date()


def balance_projection(
    unit_of_work: UowFactory,
    user_id: uuid.UUID,
    months: int,
    kind: BalanceKind,
    clock: Clock,
    threshold: Decimal | None = None,
) -> BalanceProjection:
    query = PredictionQuery(period_type="monthly", limit=months)
    return balance.projection(
        cashflow.list_predictions(unit_of_work(), user_id, query, clock, threshold), kind
    )


def transaction_breakdown(
    unit_of_work: UowFactory,
    user_id: uuid.UUID,
    period: PeriodKind,
    kind: BreakdownKind,
    clock: Clock,
) -> Breakdown:
    # One more than drawn: whether there is a rest for the "Other categories" slice.
    top = insights.top_categories(
        unit_of_work(), user_id, period, breakdown.MAX_SLICES + 1, None, clock
    )
    return breakdown.breakdown(top, kind)


def health_indicator(unit_of_work: UowFactory, user_id: uuid.UUID, clock: Clock) -> HealthReport:
    today = _today(clock)
    current = cashflow.current_balance(unit_of_work(), user_id)
    with unit_of_work() as uow:
        rollups = uow.repos.rollups
        if rollups.ensure_fresh(user_id):
            uow.commit()  # release the state row's lock before reading on
        currency = rollups.main_currency(user_id) or DEFAULT_CURRENCY
        last_month = add_months(month_start(today), -1)
        # Every month with transactions: the first tells where the history begins.
        monthly = rollups.monthly_totals(user_id, currency, last_month=last_month)
        debt_ids = debts.debt_category_ids(uow.repos.categories.all_of(user_id))
        debt = (
            rollups.monthly_totals(
                user_id,
                currency,
                category_ids=debt_ids,
                first_month=add_months(last_month, 1 - health.SHORT_MONTHS),
                last_month=last_month,
            )
            if debt_ids and monthly
            else []
        )
    # The balance is the main currency's too (cashflow.usecases.current_balance).
    amount = current.amount if current.currency == currency else Decimal(0)
    return health.report(health.history(today, currency, amount, monthly, debt))


def alerts_digest(
    unit_of_work: UowFactory, user_id: uuid.UUID, clock: Clock, threshold: Decimal | None = None
) -> AlertsDigest:
    return digests.alerts_digest(cashflow.active_alerts(unit_of_work(), user_id, clock, threshold))


def recommendations_digest(
    unit_of_work: UowFactory, user_id: uuid.UUID, clock: Clock
) -> RecommendationsDigest:
    report = health_indicator(unit_of_work, user_id, clock)
    # The open ones, largest saving first: every one that could be listed.
    open_suggestions = suggestions.top_suggestions(
        unit_of_work(), user_id, MAX_LIMIT, _today(clock), clock
    )
    return digests.recommendations_digest(
        report.recommendations, open_suggestions, report.currency, report.monthly_spending
    )


def recurring_transactions(
    unit_of_work: UowFactory, user_id: uuid.UUID, clock: Clock
) -> RecurringChart:
    today = _today(clock)
    with unit_of_work() as uow:
        currency = uow.repos.rollups.main_currency(user_id) or DEFAULT_CURRENCY
        patterns = patterns_in(
            uow.repos,
            user_id,
            today,
            clock,
            with_transactions=False,
            min_confidence=UPCOMING_CONFIDENCE,
        )
    return recurring_chart.recurring_chart(patterns, today, currency)
