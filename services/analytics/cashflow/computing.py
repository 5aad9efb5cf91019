"""Bringing a user's stored predictions and alerts up to date (what every cash-flow read
does first), and the computation itself.

Predictions are derived data: computed for every period type at once, from the current
period to three years ahead, stored, and served while their inputs are unchanged
(domain.Fingerprint: the transactions' version, the recurring series' version, the
planned expenses, today, the low-balance threshold). Checking costs a few primary-key
reads; a computation reads the roll-ups (never the transactions table), the recurring
series, the planned expenses and the per-day sums of the recurring transactions, and
evaluates the alerts in the same unit of work.
"""

from __future__ import annotations

import dataclasses
import time
import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from services.analytics.budgets.usecases import current_recurring_days
from services.analytics.cashflow import alerts, flows
from services.analytics.cashflow.domain import (
    DEFAULT_LOW_BALANCE_THRESHOLD,
    Computation,
    Fingerprint,
    Generated,
    Prediction,
    money,
)
from services.analytics.cashflow.periods import PERIOD_TYPES, horizon_end
from services.analytics.cashflow.projection import Timeline
from services.analytics.recurring.domain import UPCOMING_CONFIDENCE
from services.analytics.recurring.usecases import patterns_in
from services.analytics.rollups.domain import MonthTotal, add_months, month_end, month_start
from services.analytics.rollups.tree import CategoryTree
from services.analytics.transactions.domain import DEFAULT_CURRENCY
from services.runtime.clock import Clock
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


@dataclass(frozen=True, slots=True)
class Current:
    """The user's computation, up to date; `generated` tells what a computation done
    now did (None: served from the store)."""

    computation: Computation
    generated: Generated | None = None


def up_to_date(
    uow: Uow,
    user_id: uuid.UUID,
    clock: Clock,
    threshold: Decimal | None,
    *,
    force: bool = False,
) -> Current:
    """The stored computation while its inputs are unchanged (and not `force`d), else a
    new one. `threshold` None: the one the stored computation used (else the default)."""
    repos = uow.repos
    today = clock().date()
    if repos.rollups.ensure_fresh(user_id):
        uow.commit()  # release the user's roll-up state row early; the session goes on
    stored = repos.cashflow.computation(user_id)
    chosen = _threshold(threshold, stored)
    if (
        not force
        and stored is not None
        and stored.fingerprint == fingerprint(repos, user_id, today, chosen)
    ):
        return Current(stored)
    # One computation at a time per user: a request that waited here finds the one the
    # other just stored. The roll-up state row first (the module's lock order: detecting
    # the patterns again writes it, and other requests hold it before reaching the cash
    # flow's), then the cash flow's own.
    repos.rollups.lock_state(user_id)
    locked = repos.cashflow.lock(user_id, clock())
    if (
        not force
        and locked is not None
        and locked.fingerprint == fingerprint(repos, user_id, today, chosen)
    ):
        return Current(locked)
    return compute(repos, user_id, clock, chosen)


def fingerprint(
    repos: AnalyticsRepositories, user_id: uuid.UUID, today: date, threshold: Decimal
) -> Fingerprint:
    rollups = repos.rollups
    return Fingerprint(
        data_version=rollups.version(user_id),
        recurring_version=rollups.recurring_version(user_id),
        planned=repos.cashflow.planned_fingerprint(user_id),
        computed_on=today,
        threshold=money(threshold),
    )


def _threshold(asked: Decimal | None, stored: Computation | None) -> Decimal:
    if asked is not None:
        return money(asked)
    if stored is not None:
        return stored.fingerprint.threshold
    return DEFAULT_LOW_BALANCE_THRESHOLD


def balance_of(monthly: Sequence[MonthTotal]) -> Decimal:
    """The sum of the transactions the monthly totals cover."""
    return money(sum((t.income - t.expenses for t in monthly), Decimal(0)))


def compute(
    repos: AnalyticsRepositories, user_id: uuid.UUID, clock: Clock, threshold: Decimal
) -> Current:
    """Compute and store every period type's predictions, then evaluate the alerts
    (call with the state row locked)."""
    started = time.perf_counter()
    now = clock()
    today = now.date()
    # The version first: a transaction written while this runs moves it past the one
    # recorded, and the next read computes again.
    version = repos.rollups.version(user_id)
    repos.rollups.ensure_fresh(user_id)
    # The series' transactions are read only when the recurring days must be rebuilt.
    patterns = patterns_in(
        repos, user_id, today, clock, with_transactions=False, min_confidence=UPCOMING_CONFIDENCE
    )
    # The rest after detection, which may have moved the recurring version.
    inputs = dataclasses.replace(
        fingerprint(repos, user_id, today, threshold), data_version=version
    )
    currency = repos.rollups.main_currency(user_id) or DEFAULT_CURRENCY
    monthly = repos.rollups.monthly_totals(user_id, currency)
    balance = balance_of(monthly)
    until = horizon_end(today)
    history = flows.discretionary_history(
        monthly, _recurring_expenses(repos, user_id, currency, monthly, today, clock)
    )
    expected = flows.flows(
        today=today,
        until=until,
        patterns=patterns,
        currency=currency,
        expenses=repos.planned_expenses.unpaid_due_by(user_id, until, None),
        months=flows.discretionary_months(
            history, monthly[0].month if monthly else None, today, until
        ),
    )
    timeline = Timeline(expected, balance)
    by_type = {t: timeline.predictions(t) for t in PERIOD_TYPES}
    computation = Computation(inputs, currency, balance, timeline.outlook(), now)
    stored = repos.cashflow.save(
        user_id, computation, [p for t in PERIOD_TYPES for p in by_type[t]]
    )
    raised, cleared = _evaluate(
        repos,
        user_id,
        timeline,
        by_type["monthly"],
        monthly,
        computation,
        now,
        # Nothing recorded, nothing planned: no balance to warn about (not a balance of 0).
        known=bool(monthly or expected.items),
    )
    generated = Generated(
        predictions=stored,
        alerts_raised=raised,
        alerts_cleared=cleared,
        generated_at=now,
        duration_ms=round((time.perf_counter() - started) * 1000),
    )
    return Current(computation, generated)


def _recurring_expenses(
    repos: AnalyticsRepositories,
    user_id: uuid.UUID,
    currency: str,
    monthly: Sequence[MonthTotal],
    today: date,
    clock: Clock,
) -> dict[date, Decimal]:
    """The recurring series' expenses per complete month of the history the
    discretionary forecast reads, from the per-day sums the budgets keep
    (budgets.usecases.current_recurring_days: one rule for what is recurring). The sums
    are per day and category: a category's net outflow is its recurring expenses."""
    days = current_recurring_days(repos, user_id, today, clock)
    current = month_start(today)
    oldest = add_months(current, -flows.HISTORY_MONTHS)
    found: dict[date, Decimal] = {}
    for total in monthly:
        if oldest <= total.month < current and total.expenses:
            sums = days.totals(user_id, currency, total.month, month_end(total.month))
            found[total.month] = sum((-net for _, net in sums if net < 0), Decimal(0))
    return found


def _evaluate(
    repos: AnalyticsRepositories,
    user_id: uuid.UUID,
    timeline: Timeline,
    monthly_predictions: Sequence[Prediction],
    monthly: Sequence[MonthTotal],
    computation: Computation,
    now: datetime,
    *,
    known: bool,
) -> tuple[int, int]:
    """Run the three rules and apply what they found; (raised, cleared). Without
    `known` data the low-balance rule does not run."""
    today, currency = now.date(), computation.currency
    found: list[alerts.Finding] = []
    low = alerts.low_balance(
        timeline.daily(alerts.LOW_BALANCE_DAYS),
        computation.fingerprint.threshold,
        today,
        currency,
    )
    if low is not None and known:
        found.append(low)
    found.extend(alerts.negative_flow(monthly_predictions, currency))
    data_months = [t.month for t in monthly if t.count]
    found.extend(
        alerts.unusual_spending(
            _category_spending(repos, user_id, currency, today, data_months),
            today,
            data_months,
            currency,
        )
    )
    plan = alerts.plan_evaluation(repos.cashflow.alerts.active(user_id), found, today)
    store = repos.cashflow.alerts
    raised = store.raise_new(user_id, plan.raise_, currency, now)
    store.refresh(user_id, plan.refresh, now)
    cleared = store.resolve_by_system(user_id, plan.resolve, now)
    return raised, cleared


def _category_spending(
    repos: AnalyticsRepositories,
    user_id: uuid.UUID,
    currency: str,
    today: date,
    data_months: Sequence[date],
) -> list[alerts.CategorySpending]:
    """Each top-level category's spending on days 1..today of this month and of the
    history's months (one roll-up read per month, every category at once)."""
    months = alerts.history_months(today, data_months)
    if len(months) < alerts.MIN_HISTORY_MONTHS:
        return []
    tree = CategoryTree(repos.categories.all_of(user_id))

    def spent(first: date, last: date) -> dict[uuid.UUID, Decimal]:
        sums: dict[uuid.UUID, Decimal] = defaultdict(Decimal)
        for total in repos.rollups.category_totals(user_id, currency, first, last):
            root = tree.top_level(total.category_id)
            if root is not None and total.expenses:
                sums[root] += total.expenses
        return sums

    current = spent(month_start(today), today)
    if not current:
        return []
    previous: dict[uuid.UUID, dict[date, Decimal]] = defaultdict(dict)
    for month in months:
        same_days = min(month + timedelta(days=today.day - 1), month_end(month))
        for root, amount in spent(month, same_days).items():
            previous[root][month] = amount
    return [
        alerts.CategorySpending(root, tree.name(root), amount, previous[root])
        for root, amount in current.items()
    ]
