"""Forecasts' storage, scoped by tenant through db.scoping: a forecast and its months
are written together and read back together."""

from __future__ import annotations

import uuid

from db.scoping import select_owned
from db.tenant_repository import TenantRepository
from services.projectfinance.forecasts.domain.forecast import (
    Forecast,
    MonthProjection,
    Projection,
)
from services.projectfinance.forecasts.tables import ForecastMonthRow, ForecastRow


def _month(row: ForecastMonthRow) -> MonthProjection:
    return MonthProjection(
        month=row.month,
        projected_cost=row.projected_cost,
        projected_revenue=row.projected_revenue,
        cumulative_cost=row.cumulative_cost,
        cumulative_revenue=row.cumulative_revenue,
    )


def _forecast(row: ForecastRow, months: list[ForecastMonthRow]) -> Forecast:
    return Forecast(
        id=row.id,
        tenant_id=row.tenant_id,
        record_id=row.record_id,
        project_id=row.project_id,
        generated_at=row.generated_at,
        created_by=row.created_by,
        projection=Projection(
            period=row.period,
            start=row.start,
            forecast_end_date=row.forecast_end_date,
            currency=row.currency,
            budget_risk_probability=row.budget_risk_probability,
            completion_probability=row.completion_probability,
            confidence_level=row.confidence_level,
            projected_cpi=row.projected_cpi,
            projected_spi=row.projected_spi,
            assumptions=tuple(row.assumptions),
            months=tuple(_month(month) for month in months),
        ),
    )


class ForecastRepository(TenantRepository):
    def add(self, forecast: Forecast) -> None:
        projection = forecast.projection
        self._session.add(
            ForecastRow(
                id=forecast.id,
                tenant_id=forecast.tenant_id,
                record_id=forecast.record_id,
                project_id=forecast.project_id,
                period=projection.period,
                currency=projection.currency,
                start=projection.start,
                forecast_end_date=projection.forecast_end_date,
                budget_risk_probability=projection.budget_risk_probability,
                completion_probability=projection.completion_probability,
                confidence_level=projection.confidence_level,
                projected_cpi=projection.projected_cpi,
                projected_spi=projection.projected_spi,
                assumptions=list(projection.assumptions),
                generated_at=forecast.generated_at,
                created_by=forecast.created_by,
            )
        )
        # The parent first: the months' foreign key names it.
        self._session.flush()
        self._session.add_all(
            ForecastMonthRow(
                forecast_id=forecast.id,
                position=position,
                tenant_id=forecast.tenant_id,
                month=month.month,
                projected_cost=month.projected_cost,
                projected_revenue=month.projected_revenue,
                cumulative_cost=month.cumulative_cost,
                cumulative_revenue=month.cumulative_revenue,
            )
            for position, month in enumerate(projection.months)
        )
        self._session.flush()

    def get(
        self, tenant_id: uuid.UUID, project_id: uuid.UUID, forecast_id: uuid.UUID
    ) -> Forecast | None:
        """The tenant's forecast of main's project `project_id`; None when it has none
        by that id for that project."""
        row = self._session.scalar(
            select_owned(
                ForecastRow,
                tenant_id,
                ForecastRow.id == forecast_id,
                ForecastRow.project_id == project_id,
            )
        )
        if row is None:
            return None
        months = self._session.scalars(
            select_owned(
                ForecastMonthRow, tenant_id, ForecastMonthRow.forecast_id == forecast_id
            ).order_by(ForecastMonthRow.position)
        ).all()
        return _forecast(row, list(months))
