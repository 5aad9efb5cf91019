"""gRPC servicer of ProjectFinanceService: proto ⇄ use cases, nothing else. Every call
works on the caller's tenant (`kernel.servicing.TenantServicer`); a create asks main for
the project with the caller's own token."""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Final

import grpc
from finplat.projectfinance.v1 import money_pb2
from finplat.projectfinance.v1 import records_pb2 as pb

from services.projectfinance.kernel.calling import bearer_token
from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.proto import money_pb
from services.projectfinance.kernel.servicing import TenantServicer
from services.projectfinance.records import usecases
from services.projectfinance.records.domain.records import RecordDraft
from services.projectfinance.records.usecases import RecordFigures
from services.runtime.paging import Page
from services.runtime.protoconv import required_uuid, sent, timestamp

Context = grpc.ServicerContext


# -- responses ---------------------------------------------------------------------------


def project_finance_pb(shown: RecordFigures) -> pb.ProjectFinance:
    record, figures = shown.record, shown.figures
    currency = record.currency

    def money(amount: Decimal) -> money_pb2.MoneyB:
        return money_pb(Money(amount, currency))

    def index(value: Decimal) -> money_pb2.Index:
        return money_pb2.Index(value=format(value, "f"))

    return pb.ProjectFinance(
        id=str(record.id),
        tenant_id=str(record.tenant_id),
        project_id=str(record.project_id),
        parent_id=None if record.parent_id is None else str(record.parent_id),
        revenue_model=record.revenue_model,
        total_budget=money(record.total_budget.amount),
        committed_budget=money(figures.committed_budget),
        allocated_budget=money(figures.allocated_budget),
        actual_cost=money(figures.actual_cost),
        estimate_at_completion=money(figures.estimate_at_completion),
        estimate_to_complete=money(figures.estimate_to_complete),
        budget_variance=money(figures.budget_variance),
        budget_variance_percent=index(figures.budget_variance_percent),
        cost_performance_index=index(figures.cost_performance_index),
        schedule_performance_index=index(figures.schedule_performance_index),
        total_revenue=money(figures.total_revenue),
        recognized_revenue=money(figures.recognized_revenue),
        financial_health_score=money_pb2.Score(score=format(figures.financial_health_score, "f")),
        health_status=figures.health_status,
        risk_level=figures.risk_level,
        created_at=timestamp(record.created_at),
        updated_at=timestamp(record.updated_at),
    )


INT32_MAX: Final = 2**31 - 1


def pagination_pb(page: Page[RecordFigures]) -> pb.ProjectFinancePagination:
    """Spec 3's page position: page numbers from 1 at `per_page` records a page. `page`
    is an int32: the one offset whose page number would not fit (2^31 - 1 at limit 1)
    says the last representable page, far past any real list's end anyway."""
    return pb.ProjectFinancePagination(
        has_next=page.offset + page.limit < page.total,
        has_prev=page.offset > 0,
        page=min(page.offset // page.limit + 1, INT32_MAX),
        pages=math.ceil(page.total / page.limit),
        per_page=page.limit,
        total=page.total,
    )


# -- requests ----------------------------------------------------------------------------


def record_draft(request: pb.CreateProjectFinanceRequest) -> RecordDraft:
    return RecordDraft(
        project_id=request.project_id,
        revenue_model=request.revenue_model,
        budget_amount=request.total_budget.amount,
        budget_currency=request.total_budget.currency,
        budget_sent=request.HasField("total_budget"),
        parent_id=sent(request, "parent_id"),
    )


class ProjectFinanceServicer(TenantServicer):
    def ListProjectFinances(
        self, request: pb.ListProjectFinancesRequest, context: Context
    ) -> pb.ListProjectFinancesResponse:
        page = usecases.list_records(
            *self._scope(), limit=sent(request, "limit"), offset=request.offset, clock=self._clock
        )
        return pb.ListProjectFinancesResponse(
            data=[project_finance_pb(shown) for shown in page.items],
            pagination=pagination_pb(page),
        )

    def CreateProjectFinance(
        self, request: pb.CreateProjectFinanceRequest, context: Context
    ) -> pb.CreateProjectFinanceResponse:
        shown = usecases.create_record(
            *self._change(context),
            record_draft(request),
            projects=self._kernel.projects,
            token=bearer_token(context),
            clock=self._clock,
        )
        return pb.CreateProjectFinanceResponse(project_finance=project_finance_pb(shown))

    def GetProjectFinance(
        self, request: pb.GetProjectFinanceRequest, context: Context
    ) -> pb.GetProjectFinanceResponse:
        shown = usecases.get_record(*self._scope(), required_uuid(request.id), clock=self._clock)
        return pb.GetProjectFinanceResponse(project_finance=project_finance_pb(shown))

    def DeleteProjectFinance(
        self, request: pb.DeleteProjectFinanceRequest, context: Context
    ) -> pb.DeleteProjectFinanceResponse:
        usecases.delete_record(*self._change(context), required_uuid(request.id), clock=self._clock)
        return pb.DeleteProjectFinanceResponse()
