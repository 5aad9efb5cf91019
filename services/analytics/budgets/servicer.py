"""gRPC servicer of BudgetService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import budgets_pb2 as pb

from services.analytics.budgets import usecases
from services.analytics.budgets.domain import (
    Allocation,
    AllocationInput,
    Budget,
    BudgetChanges,
    BudgetInput,
    validate_list_query,
)
from services.analytics.budgets.progress import CategoryProgress, Progress
from services.analytics.proto_pages import pagination_pb
from services.analytics.transactions.domain import amount_text
from services.runtime.clock import Clock
from services.runtime.principal import current_user_id
from services.runtime.protoconv import date_parts, date_pb, parse_uuid, request_enum_text, timestamp

if TYPE_CHECKING:
    from google.type import date_pb2

    from services.analytics.kernel import UowFactory

_PERIOD_PREFIX = "BUDGET_PERIOD_"


def _period(value: int) -> str | None:
    return request_enum_text(value, pb.BudgetPeriod, _PERIOD_PREFIX)


def _date(parent: object, field: str) -> tuple[int, int, int] | None:
    """A date field as parts; None when unset. A set but all-zero date is no calendar
    day: (0, 0, 0) for the domain to refuse."""
    if not parent.HasField(field):  # type: ignore[attr-defined]
        return None
    value: date_pb2.Date = getattr(parent, field)
    return date_parts(value) or (0, 0, 0)


def allocation_pb(allocation: Allocation) -> pb.BudgetAllocation:
    return pb.BudgetAllocation(
        id=str(allocation.id),
        budget_id=str(allocation.budget_id),
        category_id=str(allocation.category_id),
        category_name=allocation.category_name,
        amount=amount_text(allocation.amount),
        created_at=timestamp(allocation.created_at),
    )


def budget_pb(budget: Budget) -> pb.Budget:
    terms = budget.terms
    figures = budget.recalculation
    return pb.Budget(
        id=str(budget.id),
        name=terms.name,
        description=terms.description,
        total_amount=amount_text(terms.total_amount),
        allocated_amount=amount_text(budget.allocated),
        period=_PERIOD_PREFIX + terms.period.upper(),  # type: ignore[arg-type]
        start_date=date_pb(terms.start_date),
        end_date=date_pb(terms.end_date),
        is_active=terms.is_active,
        auto_renew=terms.auto_renew,
        notify_threshold=terms.notify_threshold,
        include_recurring=terms.include_recurring,
        categories=[allocation_pb(a) for a in budget.allocations],
        spent=None if figures is None else amount_text(figures.spent),
        percent_used=None if figures is None else amount_text(figures.percent_used),
        calculated_at=None if figures is None else timestamp(figures.calculated_at),
        renewed_from_id=None if budget.renewed_from_id is None else str(budget.renewed_from_id),
        renewed_to_id=None if budget.renewed_to_id is None else str(budget.renewed_to_id),
        created_at=timestamp(budget.created_at),
        updated_at=timestamp(budget.updated_at),
    )


def _line_pb(line: CategoryProgress) -> pb.BudgetCategoryProgress:
    return pb.BudgetCategoryProgress(
        category_id=str(line.allocation.category_id),
        category_name=line.allocation.category_name,
        allocated=amount_text(line.allocation.amount),
        spent=amount_text(line.spent),
        remaining=amount_text(line.remaining),
        percent_used=amount_text(line.percent_used),
        projected_spend=amount_text(line.projected_spend),
        is_over_threshold=line.is_over_threshold,
        is_over_budget=line.is_over_budget,
    )


def progress_pb(progress: Progress) -> pb.BudgetProgress:
    return pb.BudgetProgress(
        budget_id=str(progress.budget_id),
        currency=progress.currency,
        period_start=date_pb(progress.period_start),
        period_end=date_pb(progress.period_end),
        days_elapsed=progress.days_elapsed,
        days_total=progress.days_total,
        total_amount=amount_text(progress.total_amount),
        spent=amount_text(progress.spent),
        remaining=amount_text(progress.remaining),
        percent_used=amount_text(progress.percent_used),
        projected_spend=amount_text(progress.projected_spend),
        notify_threshold=progress.notify_threshold,
        is_over_threshold=progress.is_over_threshold,
        is_over_budget=progress.is_over_budget,
        projected_over_budget=progress.projected_over_budget,
        categories=[_line_pb(line) for line in progress.categories],
        unallocated_spent=amount_text(progress.unallocated_spent),
        include_recurring=progress.include_recurring,
        calculated_at=timestamp(progress.calculated_at),
    )


def budget_input(request: pb.CreateBudgetRequest) -> BudgetInput:
    return BudgetInput(
        name=request.name,
        description=request.description if request.HasField("description") else None,
        total_amount=request.total_amount,
        period=_period(request.period),
        start_date=_date(request, "start_date"),
        end_date=_date(request, "end_date"),
        is_active=request.is_active if request.HasField("is_active") else None,
        auto_renew=request.auto_renew if request.HasField("auto_renew") else None,
        notify_threshold=(
            request.notify_threshold if request.HasField("notify_threshold") else None
        ),
        include_recurring=(
            request.include_recurring if request.HasField("include_recurring") else None
        ),
        categories=tuple(
            AllocationInput(
                category_id=item.category_id,
                category_name=item.category_name if item.HasField("category_name") else None,
                amount=item.amount,
            )
            for item in request.categories
        ),
    )


def budget_changes(request: pb.UpdateBudgetRequest) -> BudgetChanges:
    return BudgetChanges(
        name=request.name if request.HasField("name") else None,
        description=request.description if request.HasField("description") else None,
        total_amount=request.total_amount if request.HasField("total_amount") else None,
        period=_period(request.period),
        start_date=_date(request, "start_date"),
        end_date=_date(request, "end_date"),
        is_active=request.is_active if request.HasField("is_active") else None,
        auto_renew=request.auto_renew if request.HasField("auto_renew") else None,
        notify_threshold=(
            request.notify_threshold if request.HasField("notify_threshold") else None
        ),
        include_recurring=(
            request.include_recurring if request.HasField("include_recurring") else None
        ),
    )


class BudgetServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def CreateBudget(
        self, request: pb.CreateBudgetRequest, context: grpc.ServicerContext
    ) -> pb.CreateBudgetResponse:
        budget = usecases.create_budget(
            self._uow(), current_user_id(), budget_input(request), self._clock
        )
        return pb.CreateBudgetResponse(budget=budget_pb(budget))

    def ListBudgets(
        self, request: pb.ListBudgetsRequest, context: grpc.ServicerContext
    ) -> pb.ListBudgetsResponse:
        query = validate_list_query(
            limit=request.limit if request.HasField("limit") else None,
            offset=request.offset,
            name=request.name if request.HasField("name") else None,
            period=_period(request.period),
            is_active=request.is_active if request.HasField("is_active") else None,
            start_from=_date(request, "start_date_from"),
            start_to=_date(request, "start_date_to"),
            include_inactive=(
                request.include_inactive if request.HasField("include_inactive") else None
            ),
        )
        page = usecases.list_budgets(self._uow(), current_user_id(), query, self._clock)
        return pb.ListBudgetsResponse(
            data=[budget_pb(b) for b in page.items], pagination=pagination_pb(page)
        )

    def ListActiveBudgets(
        self, request: pb.ListActiveBudgetsRequest, context: grpc.ServicerContext
    ) -> pb.ListActiveBudgetsResponse:
        found = usecases.active_budgets(self._uow(), current_user_id(), self._clock)
        return pb.ListActiveBudgetsResponse(data=[budget_pb(b) for b in found])

    def GetBudget(
        self, request: pb.GetBudgetRequest, context: grpc.ServicerContext
    ) -> pb.GetBudgetResponse:
        budget = usecases.get_budget(
            self._uow(), current_user_id(), parse_uuid(request.id, "id"), self._clock
        )
        return pb.GetBudgetResponse(budget=budget_pb(budget))

    def UpdateBudget(
        self, request: pb.UpdateBudgetRequest, context: grpc.ServicerContext
    ) -> pb.UpdateBudgetResponse:
        budget_id = parse_uuid(request.id, "id")
        budget = usecases.update_budget(
            self._uow(), current_user_id(), budget_id, budget_changes(request), self._clock
        )
        return pb.UpdateBudgetResponse(budget=budget_pb(budget))

    def DeleteBudget(
        self, request: pb.DeleteBudgetRequest, context: grpc.ServicerContext
    ) -> pb.DeleteBudgetResponse:
        usecases.delete_budget(
            self._uow(), current_user_id(), parse_uuid(request.id, "id"), self._clock
        )
        return pb.DeleteBudgetResponse()

    def GetBudgetProgress(
        self, request: pb.GetBudgetProgressRequest, context: grpc.ServicerContext
    ) -> pb.GetBudgetProgressResponse:
        progress = usecases.budget_progress(
            self._uow(), current_user_id(), parse_uuid(request.id, "id"), self._clock
        )
        return pb.GetBudgetProgressResponse(progress=progress_pb(progress))

    def UpdateBudgetProgress(
        self, request: pb.UpdateBudgetProgressRequest, context: grpc.ServicerContext
    ) -> pb.UpdateBudgetProgressResponse:
        budget_id = parse_uuid(request.id, "id")
        figures = usecases.recalculate(self._uow(), current_user_id(), budget_id, self._clock)
        return pb.UpdateBudgetProgressResponse(
            budget_id=str(budget_id),
            status="recalculated",
            spent=amount_text(figures.spent),
            percent_used=amount_text(figures.percent_used),
            calculated_at=timestamp(figures.calculated_at),
        )

    def CreateBudgetAllocation(
        self, request: pb.CreateBudgetAllocationRequest, context: grpc.ServicerContext
    ) -> pb.CreateBudgetAllocationResponse:
        budget_id = parse_uuid(request.id, "id")
        raw = AllocationInput(
            category_id=request.category_id,
            category_name=request.category_name if request.HasField("category_name") else None,
            amount=request.amount,
        )
        allocation = usecases.add_allocation(
            self._uow(), current_user_id(), budget_id, raw, self._clock
        )
        return pb.CreateBudgetAllocationResponse(allocation=allocation_pb(allocation))

    def ListBudgetAllocations(
        self, request: pb.ListBudgetAllocationsRequest, context: grpc.ServicerContext
    ) -> pb.ListBudgetAllocationsResponse:
        found = usecases.list_allocations(
            self._uow(), current_user_id(), parse_uuid(request.id, "id"), self._clock
        )
        return pb.ListBudgetAllocationsResponse(data=[allocation_pb(a) for a in found])
