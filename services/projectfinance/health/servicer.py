"""gRPC servicer of ProjectHealthService: proto ⇄ use case, nothing else."""

from __future__ import annotations

from decimal import Decimal

import grpc
from finplat.projectfinance.v1 import health_pb2 as pb
from finplat.projectfinance.v1 import money_pb2
from google.protobuf import struct_pb2

from services.projectfinance.health import usecases
from services.projectfinance.kernel.money import Money, to_minor
from services.projectfinance.kernel.servicing import TenantServicer
from services.runtime.protoconv import optional_moment, optional_timestamp, required_uuid, timestamp


def _number(value: Decimal) -> str:
    return format(value, "f")


def _optional_number(value: Decimal | None) -> str | None:
    return None if value is None else _number(value)


def project_health_pb(shown: usecases.ProjectHealth) -> pb.ProjectHealth:
    health, currency = shown.health, shown.currency

    def money(amount: Decimal) -> money_pb2.MoneyA:
        return money_pb2.MoneyA(amount_minor=to_minor(Money(amount, currency)), currency=currency)

    budget, cash, scores = health.budget, health.cash_flow, health.scores
    performance, risk, schedule = health.performance, health.risk, health.schedule
    factors = struct_pb2.Struct()
    factors.update(risk.risk_factors)
    return pb.ProjectHealth(
        calculated_at=timestamp(shown.calculated_at),
        project_id=str(shown.project_id),
        tenant_id=str(shown.tenant_id),
        budget_metrics=pb.BudgetMetrics(
            actual_cost=money(budget.actual_cost),
            allocated_budget=money(budget.allocated_budget),
            budget_variance=money(budget.budget_variance),
            committed_budget=money(budget.committed_budget),
            estimate_at_completion=money(budget.estimate_at_completion),
            estimate_to_complete=money(budget.estimate_to_complete),
            remaining_budget=money(budget.remaining_budget),
            total_budget=money(budget.total_budget),
            budget_utilization=_number(budget.budget_utilization),
            budget_variance_pct=_number(budget.budget_variance_pct),
        ),
        cash_flow_metrics=pb.CashFlowMetrics(
            burn_rate=None if cash.burn_rate is None else money(cash.burn_rate),
            net_cash_flow=money(cash.net_cash_flow),
            recognized_revenue=money(cash.recognized_revenue),
            total_revenue=money(cash.total_revenue),
            unrecognized_revenue=money(cash.unrecognized_revenue),
            cash_flow_margin=_optional_number(cash.cash_flow_margin),
            revenue_recognition_pct=_number(cash.revenue_recognition_pct),
            runway_months=_optional_number(cash.runway_months),
        ),
        health_score=pb.HealthScore(
            budget_variance_score=_number(scores.budget_variance_score),
            cash_flow_score=_number(scores.cash_flow_score),
            composite_score=_number(scores.composite_score),
            cpi_score=_number(scores.cpi_score),
            risk_score=_number(scores.risk_score),
            spi_score=_number(scores.spi_score),
        ),
        performance_indicators=pb.PerformanceIndicators(
            cpi=_number(performance.cpi),
            spi=_number(performance.spi),
            to_complete_performance=_optional_number(performance.to_complete_performance),
            earned_value=money(performance.earned_value),
            planned_value=money(performance.planned_value),
        ),
        risk_metrics=pb.RiskMetrics(
            critical_issues=risk.critical_issues,
            mitigation_actions=risk.mitigation_actions,
            open_issues=risk.open_issues,
            risk_factors=factors,
            risk_level=risk.risk_level,
            risk_score=_number(risk.risk_score),
        ),
        schedule_metrics=pb.ScheduleMetrics(
            actual_duration_days=schedule.actual_duration_days,
            planned_duration_days=schedule.planned_duration_days,
            schedule_variance_days=schedule.schedule_variance_days,
            actual_end_date=optional_timestamp(schedule.actual_end_date),
            actual_start_date=optional_timestamp(schedule.actual_start_date),
            planned_end_date=optional_timestamp(schedule.planned_end_date),
            planned_start_date=optional_timestamp(schedule.planned_start_date),
            completion_percent=_number(schedule.completion_percent),
            on_time_delivery_probability=_number(schedule.on_time_delivery_probability),
            schedule_variance_pct=_number(schedule.schedule_variance_pct),
        ),
    )


class ProjectHealthServicer(TenantServicer):
    def GetProjectHealth(
        self, request: pb.GetProjectHealthRequest, context: grpc.ServicerContext
    ) -> pb.GetProjectHealthResponse:
        project_id = required_uuid(request.project_id, "project_id")
        uow, tenant_id = self._scope()
        shown = usecases.project_health(
            uow,
            tenant_id,
            project_id,
            as_of=optional_moment(request, "as_of"),
            clock=self._clock,
        )
        return pb.GetProjectHealthResponse(health=project_health_pb(shown))
