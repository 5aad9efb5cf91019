"""gRPC servicer of PortfolioService: proto ⇄ use case, nothing else."""

from __future__ import annotations

from decimal import Decimal

import grpc
from finplat.projectfinance.v1 import money_pb2
from finplat.projectfinance.v1 import portfolio_pb2 as pb

from services.projectfinance.kernel.calling import bearer_token
from services.projectfinance.kernel.money import Money, to_minor
from services.projectfinance.kernel.servicing import TenantServicer
from services.projectfinance.portfolio import usecases
from services.projectfinance.portfolio.domain.metrics import Performer
from services.projectfinance.portfolio.domain.utilization import Utilization
from services.runtime.protoconv import optional_moment, timestamp


def _number(value: Decimal) -> str:
    return format(value, "f")


def _money(money: Money) -> money_pb2.MoneyA:
    """MoneyA of an exact sum: rounded half to even to the currency's minor unit."""
    return money_pb2.MoneyA(amount_minor=to_minor(money), currency=money.currency)


def _performer(performer: Performer) -> pb.Performer:
    standing = performer.standing
    return pb.Performer(
        budget_used_pct=_number(standing.budget_used_pct),
        cpi=_number(standing.cpi),
        health_score=_number(standing.health_score),
        spi=_number(standing.spi),
        project_id=str(standing.project_id),
        project_name=None if performer.project is None else performer.project.name,
        status=performer.status,
    )


def _utilization(shown: Utilization) -> pb.ResourceUtilization:
    return pb.ResourceUtilization(
        active_team_members=shown.active_team_members,
        overallocated_members=shown.overallocated_members,
        total_team_members=shown.total_team_members,
        underutilized_members=shown.underutilized_members,
        average_allocation=_number(shown.average_allocation),
        utilization_rate=_number(shown.utilization_rate),
    )


def portfolio_metrics_pb(shown: usecases.PortfolioMetrics) -> pb.PortfolioMetrics:
    p, totals = shown.portfolio, shown.portfolio.totals
    return pb.PortfolioMetrics(
        active_projects=p.active_projects,
        at_risk_projects=p.at_risk_projects,
        completed_projects=p.completed_projects,
        critical_projects=p.critical_projects,
        healthy_projects=p.healthy_projects,
        on_hold_projects=p.on_hold_projects,
        total_projects=p.total_projects,
        average_cpi=_number(p.average_cpi),
        average_health_score=_number(p.average_health_score),
        average_spi=_number(p.average_spi),
        portfolio_roi=_number(p.portfolio_roi),
        calculated_at=timestamp(shown.calculated_at),
        tenant_id=str(shown.tenant_id),
        top_performers=[_performer(x) for x in p.top_performers],
        bottom_performers=[_performer(x) for x in p.bottom_performers],
        budget_distribution={code: _money(m) for code, m in p.budget_distribution.items()},
        resource_utilization=_utilization(p.utilization),
        total_actual_cost=None if totals is None else _money(totals.total_actual_cost),
        total_budget=None if totals is None else _money(totals.total_budget),
        total_revenue=None if totals is None else _money(totals.total_revenue),
    )


class PortfolioServicer(TenantServicer):
    def GetPortfolioMetrics(
        self, request: pb.GetPortfolioMetricsRequest, context: grpc.ServicerContext
    ) -> pb.GetPortfolioMetricsResponse:
        uow, tenant_id = self._scope()
        shown = usecases.portfolio_metrics(
            uow,
            tenant_id,
            directory=self._kernel.projects,
            token=bearer_token(context),
            as_of=optional_moment(request, "as_of"),
            clock=self._clock,
        )
        return pb.GetPortfolioMetricsResponse(metrics=portfolio_metrics_pb(shown))
