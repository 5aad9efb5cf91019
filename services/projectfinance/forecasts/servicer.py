"""gRPC servicer of ProjectForecastService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from decimal import Decimal

import grpc
from finplat.projectfinance.v1 import forecasts_pb2 as pb
from finplat.projectfinance.v1 import money_pb2

from services.projectfinance.forecasts import usecases
from services.projectfinance.forecasts.domain.forecast import Forecast
from services.projectfinance.kernel.money import Money, to_minor
from services.projectfinance.kernel.servicing import TenantServicer
from services.runtime.protoconv import optional_moment, required_uuid, timestamp

Context = grpc.ServicerContext


def forecast_pb(forecast: Forecast) -> pb.ProjectForecast:
    projection = forecast.projection
    currency = projection.currency

    def money(amount: Decimal) -> money_pb2.MoneyA:
        return money_pb2.MoneyA(amount_minor=to_minor(Money(amount, currency)), currency=currency)

    return pb.ProjectForecast(
        forecast_id=str(forecast.id),
        project_id=str(forecast.project_id),
        tenant_id=str(forecast.tenant_id),
        period=projection.period,
        generated_at=timestamp(forecast.generated_at),
        forecast_end_date=timestamp(projection.forecast_end_date),
        budget_risk_probability=format(projection.budget_risk_probability, "f"),
        completion_probability=format(projection.completion_probability, "f"),
        confidence_level=format(projection.confidence_level, "f"),
        projected_cpi=format(projection.projected_cpi, "f"),
        projected_spi=format(projection.projected_spi, "f"),
        assumptions=projection.assumptions,
        monthly_projections=[
            pb.MonthlyProjection(
                month=timestamp(month.month),
                projected_cost=money(month.projected_cost),
                projected_revenue=money(month.projected_revenue),
                projected_profit=money(month.projected_profit),
                cumulative_cost=money(month.cumulative_cost),
                cumulative_revenue=money(month.cumulative_revenue),
            )
            for month in projection.months
        ],
        projected_cost=money(projection.projected_cost),
        projected_revenue=money(projection.projected_revenue),
        projected_profit=money(projection.projected_profit),
    )


class ProjectForecastServicer(TenantServicer):
    def CreateProjectForecast(
        self, request: pb.CreateProjectForecastRequest, context: Context
    ) -> pb.CreateProjectForecastResponse:
        project_id = required_uuid(request.project_id, "project_id")
        uow, tenant_id, actor = self._change(context)
        forecast = usecases.create_forecast(
            uow,
            tenant_id,
            actor.user_id,
            project_id,
            request.period,
            as_of=optional_moment(request, "as_of"),
            clock=self._clock,
        )
        return pb.CreateProjectForecastResponse(forecast=forecast_pb(forecast))

    def GetProjectForecast(
        self, request: pb.GetProjectForecastRequest, context: Context
    ) -> pb.GetProjectForecastResponse:
        project_id = required_uuid(request.project_id, "project_id")
        forecast_id = required_uuid(request.forecast_id, "forecast_id")
        uow, tenant_id = self._scope()
        forecast = usecases.get_forecast(uow, tenant_id, project_id, forecast_id)
        return pb.GetProjectForecastResponse(forecast=forecast_pb(forecast))
