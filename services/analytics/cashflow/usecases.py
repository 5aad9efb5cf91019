"""Cash-flow operations, one function per operation, each in one unit of work.

Every read first brings the user's predictions and alerts up to date
(computing.up_to_date: a few primary-key reads while nothing changed, a computation and
an evaluation of the alerts otherwise). `threshold` is the low-balance threshold
(settings: FINPLAT_ANALYTICS_LOW_BALANCE_THRESHOLD); None keeps the one the stored
computation used, else the default.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from services.analytics.cashflow import domain
from services.analytics.cashflow.computing import balance_of, up_to_date
from services.analytics.cashflow.domain import (
    Alert,
    AlertQuery,
    AlertStatus,
    Balance,
    Computation,
    Detection,
    Generated,
    PredictionQuery,
    PredictionSet,
    Snapshot,
)
from services.analytics.recurring import usecases as recurring
from services.analytics.recurring.domain import Upcoming, UpcomingWindow
from services.analytics.transactions.domain import DEFAULT_CURRENCY
from services.runtime.clock import Clock
from services.runtime.paging import Page
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


# -- predictions -----------------------------------------------------------------------------


def list_predictions(
    uow: Uow,
    user_id: uuid.UUID,
    query: PredictionQuery,
    clock: Clock,
    threshold: Decimal | None = None,
) -> PredictionSet:
    """The periods `query` asks for (422 for a start before the current period, an end
    before the start, or either more than three years ahead)."""
    window = domain.window_of(query, clock().date())
    with uow:
        computation = up_to_date(uow, user_id, clock, threshold).computation
        found = uow.repos.cashflow.predictions(user_id, window)
    return PredictionSet(
        currency=computation.currency,
        current_balance=computation.current_balance,
        generated_at=computation.generated_at,
        predictions=tuple(found),
    )


def generate_predictions(
    uow: Uow, user_id: uuid.UUID, clock: Clock, threshold: Decimal | None = None
) -> Generated:
    """Compute and store every period type's predictions now and evaluate the alerts."""
    with uow:
        generated = up_to_date(uow, user_id, clock, threshold, force=True).generated
    assert generated is not None  # forced: always computed
    return generated


def current_balance(uow: Uow, user_id: uuid.UUID) -> Balance:
    """The sum of the user's transactions in their main currency (from the roll-ups;
    the stored computation's figure while the transactions are unchanged)."""
    with uow:
        repos = uow.repos
        if repos.rollups.ensure_fresh(user_id):
            uow.commit()
        stored = repos.cashflow.computation(user_id)
        if stored is not None and stored.fingerprint.data_version == repos.rollups.version(user_id):
            return Balance(stored.currency, stored.current_balance)
        currency = repos.rollups.main_currency(user_id) or DEFAULT_CURRENCY
        return Balance(currency, balance_of(repos.rollups.monthly_totals(user_id, currency)))


# -- alerts -----------------------------------------------------------------------------------


def list_alerts(
    uow: Uow,
    user_id: uuid.UUID,
    query: AlertQuery,
    clock: Clock,
    threshold: Decimal | None = None,
) -> Page[Alert]:
    with uow:
        up_to_date(uow, user_id, clock, threshold)
        return uow.repos.cashflow.alerts.page(user_id, query)


def active_alerts(
    uow: Uow, user_id: uuid.UUID, clock: Clock, threshold: Decimal | None = None
) -> list[Alert]:
    """Every pending or acknowledged alert, up to date, most severe first, then newest."""
    with uow:
        up_to_date(uow, user_id, clock, threshold)
        stored = uow.repos.cashflow.alerts.active(user_id)
    return domain.by_severity([s.alert for s in stored])


def acknowledge_alert(uow: Uow, user_id: uuid.UUID, alert_id: uuid.UUID, clock: Clock) -> Alert:
    return _move(uow, user_id, alert_id, "acknowledged", clock)


def resolve_alert(uow: Uow, user_id: uuid.UUID, alert_id: uuid.UUID, clock: Clock) -> Alert:
    return _move(uow, user_id, alert_id, "resolved", clock)


def _move(
    uow: Uow, user_id: uuid.UUID, alert_id: uuid.UUID, target: AlertStatus, clock: Clock
) -> Alert:
    """403 another user's alert, 404 none, 409 a move not allowed; the status it already
    has answers it unchanged. The row is locked, so two moves never interleave."""
    with uow:
        store = uow.repos.cashflow.alerts
        current = store.locked(user_id, alert_id)
        if not domain.require_move(current.status, target):
            return current
        return store.move(user_id, alert_id, target, clock())


# -- snapshots --------------------------------------------------------------------------------


def latest_snapshot(
    uow: Uow, user_id: uuid.UUID, clock: Clock, threshold: Decimal | None = None
) -> Snapshot:
    """The newest snapshot; one is taken first when there is none, or the newest is
    from an earlier day or from inputs that changed since."""
    with uow:
        computation = up_to_date(uow, user_id, clock, threshold).computation
        store = uow.repos.cashflow
        newest = store.latest_snapshot(user_id)
        if newest is not None and newest.fingerprint == computation.fingerprint.text:
            return newest
        store.lock(user_id, clock())  # two requests missing at once take one snapshot
        newest = store.latest_snapshot(user_id)
        if newest is not None and newest.fingerprint == computation.fingerprint.text:
            return newest
        return _take(uow.repos, user_id, computation, clock)


def generate_snapshot(
    uow: Uow, user_id: uuid.UUID, clock: Clock, threshold: Decimal | None = None
) -> Snapshot:
    with uow:
        computation = up_to_date(uow, user_id, clock, threshold).computation
        return _take(uow.repos, user_id, computation, clock)


def _take(
    repos: AnalyticsRepositories, user_id: uuid.UUID, computation: Computation, clock: Clock
) -> Snapshot:
    now = clock()
    snapshot = Snapshot(
        id=uuid.uuid4(),
        snapshot_date=computation.fingerprint.computed_on,
        currency=computation.currency,
        current_balance=computation.current_balance,
        outlook=computation.outlook,
        active_alerts=repos.cashflow.alerts.count_active(user_id),
        generated_at=now,
        fingerprint=computation.fingerprint.text,
    )
    repos.cashflow.add_snapshot(user_id, snapshot)
    return snapshot


# -- the recurring transactions behind it ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class UpcomingPage:
    window: UpcomingWindow  # its items: the soonest `limit`
    total: int  # before the limit

    @property
    def items(self) -> list[Upcoming]:
        return self.window.items


def upcoming_recurring(
    uow: Uow, user_id: uuid.UUID, days: int, limit: int, clock: Clock
) -> UpcomingPage:
    """The recurring detector's upcoming transactions (the same as
    /api/analytics/recurring/upcoming), the soonest `limit` of them."""
    window = recurring.upcoming_transactions(uow, user_id, days, clock().date(), clock)
    return UpcomingPage(
        UpcomingWindow(window.start, window.end, window.items[:limit]), len(window.items)
    )


def detect_recurring(units: Callable[[], Uow], user_id: uuid.UUID, clock: Clock) -> Detection:
    """Detect the user's recurring series again now (recurring.detect_patterns), and
    count the active ones. The stored predictions are marked stale: they were computed
    from the series as detected before."""
    started = time.perf_counter()
    today = clock().date()
    found = recurring.detect_patterns(units(), user_id, today, clock)
    patterns = recurring.current_patterns(units(), user_id, today, clock, with_transactions=False)
    with units() as uow:
        uow.repos.cashflow.forget(user_id)
    return Detection(
        patterns=found,
        active_patterns=sum(1 for p in patterns if p.is_active(today)),
        detected_at=clock(),
        duration_ms=round((time.perf_counter() - started) * 1000),
    )
