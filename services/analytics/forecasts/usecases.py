"""Forecast operations, one function per operation, each in one unit of work.

A forecast is computed from the roll-ups' monthly totals, stored, and served from the
store while the user's transactions are unchanged (`data_version`), it reaches far
enough ahead and its first period is still the current one; otherwise it is computed
again and the stored one replaced. Amounts are in the user's main currency.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Collection
from datetime import date
from typing import TYPE_CHECKING

from services.analytics.forecasts import domain
from services.analytics.forecasts.domain import (
    Entity,
    ForecastQuery,
    ForecastView,
    Period,
    Regenerated,
    StoredForecast,
)
from services.analytics.rollups.domain import MonthTotal
from services.analytics.rollups.tree import CategoryTree
from services.analytics.transactions.domain import DEFAULT_CURRENCY
from services.runtime.clock import Clock
from services.runtime.errors import NotFound
from services.runtime.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from services.analytics.repositories import AnalyticsRepositories

    Uow = UnitOfWork[AnalyticsRepositories]


def list_forecasts(
    uow: Uow, user_id: uuid.UUID, query: ForecastQuery, clock: Clock
) -> list[ForecastView]:
    """The overall forecast, then one per top-level category with spending in its
    history, by forecast spending over the periods asked for."""
    with uow:
        forecasts = _Forecasts(uow, user_id, clock)
        steps = domain.steps_of(query, forecasts.today)
        overall = forecasts.of(domain.overall(), query.period, steps.horizon)
        views = [domain.view_of(overall, steps)]
        tree = CategoryTree(uow.repos.categories.all_of(user_id))
        for root in tree.roots():
            entity = Entity("category", str(root), tree.name(root))
            stored = forecasts.of(entity, query.period, steps.horizon, tree.descendants(root))
            if stored.computed.has_spending:
                views.append(domain.view_of(stored, steps, entity))
        return domain.ranked(views)


def overall_forecast(
    uow: Uow, user_id: uuid.UUID, query: ForecastQuery, clock: Clock
) -> ForecastView:
    with uow:
        forecasts = _Forecasts(uow, user_id, clock)
        steps = domain.steps_of(query, forecasts.today)
        return domain.view_of(forecasts.of(domain.overall(), query.period, steps.horizon), steps)


def category_forecast(
    uow: Uow, user_id: uuid.UUID, category_id: uuid.UUID, query: ForecastQuery, clock: Clock
) -> ForecastView:
    """The forecast of one of the caller's categories with its subcategories (another
    user's category: 403; none: 404)."""
    with uow:
        category = uow.repos.categories.require_mine(user_id, category_id)
        forecasts = _Forecasts(uow, user_id, clock)
        steps = domain.steps_of(query, forecasts.today)
        tree = CategoryTree(uow.repos.categories.all_of(user_id))
        entity = Entity("category", str(category.id), category.name)
        stored = forecasts.of(entity, query.period, steps.horizon, tree.descendants(category.id))
        return domain.view_of(stored, steps, entity)


def merchant_forecast(
    uow: Uow, user_id: uuid.UUID, merchant_name: str, query: ForecastQuery, clock: Clock
) -> ForecastView:
    """The forecast of the caller's spending at a merchant, named in any case (a
    merchant the caller never paid in their main currency: 404)."""
    name = domain.validate_merchant_name(merchant_name)
    with uow:
        forecasts = _Forecasts(uow, user_id, clock)
        steps = domain.steps_of(query, forecasts.today)
        rollups = uow.repos.rollups
        key = rollups.merchant_key_for(name)
        shown = rollups.merchant_name(user_id, forecasts.currency, key)
        if shown is None:
            raise NotFound("merchant not found")
        entity = Entity("merchant", key, shown)
        return domain.view_of(forecasts.of(entity, query.period, steps.horizon), steps, entity)


def regenerate_forecasts(uow: Uow, user_id: uuid.UUID, clock: Clock) -> Regenerated:
    """Forget the user's stored forecasts and compute the overall one and one per
    top-level category with spending, for every period."""
    started = time.perf_counter()
    with uow:
        uow.repos.forecasts.delete_all(user_id)
        forecasts = _Forecasts(uow, user_id, clock)
        tree = CategoryTree(uow.repos.categories.all_of(user_id))
        computed = 0
        for period in domain.PERIODS:
            forecasts.of(domain.overall(), period, domain.MIN_HORIZON)
            computed += 1
            for root in tree.roots():
                entity = Entity("category", str(root), tree.name(root))
                stored = forecasts.of(entity, period, domain.MIN_HORIZON, tree.descendants(root))
                if stored.computed.has_spending:
                    computed += 1
    return Regenerated(
        forecasts=computed,
        generated_at=forecasts.now,
        duration_ms=round((time.perf_counter() - started) * 1000),
    )


class _Forecasts:
    """The forecasts of one user in one unit of work: fresh roll-ups, the data version
    and main currency read once, and the overall monthly totals (whose first month
    starts every entity's history) read at most once."""

    def __init__(self, uow: Uow, user_id: uuid.UUID, clock: Clock) -> None:
        self._repos = repos = uow.repos
        self._user_id = user_id
        self.now = clock()
        self.today = self.now.date()
        if repos.rollups.ensure_fresh(user_id):
            uow.commit()  # release the user's state row early; the session goes on
        self.version = repos.rollups.version(user_id)
        self.currency = repos.rollups.main_currency(user_id) or DEFAULT_CURRENCY
        self._overall: list[MonthTotal] | None = None

    def of(
        self,
        entity: Entity,
        period: Period,
        horizon: int,
        category_ids: Collection[uuid.UUID] | None = None,
    ) -> StoredForecast:
        """The entity's forecast reaching `horizon` periods ahead: the stored one while
        it serves, else computed (at least MIN_HORIZON ahead) and stored."""
        scope = domain.scope_of(category_ids)
        first_period = domain.period_start(self.today, period)
        stored = self._repos.forecasts.find(self._user_id, self.currency, entity, period)
        if stored is not None and stored.serves(self.version, horizon, first_period, scope):
            return stored
        history = domain.history_of(
            self._totals(entity, category_ids), self._first_month(), self.today, period
        )
        ahead = max(horizon, domain.MIN_HORIZON)
        return self._repos.forecasts.save(
            self._user_id,
            StoredForecast(
                entity=entity,
                currency=self.currency,
                period=period,
                horizon=ahead,
                data_version=self.version,
                computed=domain.compute(history, period, ahead, scope),
                generated_at=self.now,
            ),
        )

    def _totals(
        self, entity: Entity, category_ids: Collection[uuid.UUID] | None
    ) -> list[MonthTotal]:
        rollups = self._repos.rollups
        if entity.kind == "merchant":
            return rollups.monthly_totals(self._user_id, self.currency, merchant_key=entity.key)
        if entity.kind == "category":
            return rollups.monthly_totals(self._user_id, self.currency, category_ids=category_ids)
        return self._overall_totals()

    def _overall_totals(self) -> list[MonthTotal]:
        if self._overall is None:
            self._overall = self._repos.rollups.monthly_totals(self._user_id, self.currency)
        return self._overall

    def _first_month(self) -> date | None:
        totals = self._overall_totals()
        return totals[0].month if totals else None
