"""gRPC servicer of PlannedExpenseService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

import uuid
from datetime import date
from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import planned_expenses_pb2 as pb

from services.analytics.planned_expenses import usecases
from services.analytics.planned_expenses.domain import (
    DEFAULT_LIMIT,
    DEFAULT_VIEW_LIMIT,
    ExpenseDraft,
    ListQuery,
    Payment,
    PaymentDraft,
    PlannedExpense,
    page_query,
    upcoming_query,
)
from services.analytics.planned_expenses.totals import MonthTotals, Statistics, Tally
from services.analytics.proto_pages import pagination_pb
from services.analytics.recurrence.rules import describe
from services.analytics.transactions.domain import amount_text
from services.runtime.clock import Clock
from services.runtime.paging import Page
from services.runtime.principal import current_user_id
from services.runtime.protoconv import (
    date_pb,
    optional_date,
    parse_uuid,
    required_uuid,
    timestamp,
)

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory


def payment_pb(payment: Payment) -> pb.PlannedExpensePayment:
    return pb.PlannedExpensePayment(
        due_date=date_pb(payment.due_date),
        paid_date=date_pb(payment.paid_date),
        actual_amount=amount_text(payment.actual_amount),
        transaction_id=_text(payment.transaction_id),
        occurrence=payment.occurrence,
        created_at=timestamp(payment.created_at),
    )


def expense_pb(expense: PlannedExpense, today: date) -> pb.PlannedExpense:
    rule = expense.rule()
    current = expense.current_payment
    last = expense.last_payment
    return pb.PlannedExpense(
        id=str(expense.id),
        title=expense.title,
        description=expense.description,
        amount=amount_text(expense.amount),
        due_date=date_pb(expense.due_date),
        category_id=_text(expense.category_id),
        is_recurring=rule is not None,
        recurrence_rule=None if rule is None else rule.text,
        recurrence_description=None if rule is None else describe(rule),
        series_start=date_pb(expense.series_start),
        occurrence=expense.occurrence,
        notify_days_before=expense.notify_days_before,
        notify_on=date_pb(expense.notify_on),
        is_paid=expense.is_paid,
        paid_date=None if current is None else date_pb(current.paid_date),
        actual_amount=None if current is None else amount_text(current.actual_amount),
        transaction_id=None if current is None else _text(current.transaction_id),
        is_overdue=expense.is_overdue(today),
        days_until_due=expense.days_until_due(today),
        last_payment=None if last is None else payment_pb(last),
        is_projected=expense.is_projected,
        created_at=timestamp(expense.created_at),
        updated_at=timestamp(expense.updated_at),
    )


def new_expense(request: pb.CreatePlannedExpenseRequest) -> ExpenseDraft:
    return ExpenseDraft(
        title=request.title,
        amount=request.amount,
        due_date=optional_date(request, "due_date"),
        description=request.description if request.HasField("description") else None,
        category_id=request.category_id if request.HasField("category_id") else None,
        is_recurring=request.is_recurring if request.HasField("is_recurring") else None,
        recurrence_rule=request.recurrence_rule if request.HasField("recurrence_rule") else None,
        notify_days_before=(
            request.notify_days_before if request.HasField("notify_days_before") else None
        ),
    )


def payment_draft(request: pb.MarkPlannedExpensePaidRequest) -> PaymentDraft:
    return PaymentDraft(
        paid_date=optional_date(request, "paid_date"),
        actual_amount=request.actual_amount if request.HasField("actual_amount") else None,
        transaction_id=request.transaction_id if request.HasField("transaction_id") else None,
        due_date=optional_date(request, "due_date"),
    )


def tally_pb(tally: Tally) -> pb.PlannedExpenseTally:
    return pb.PlannedExpenseTally(count=tally.count, amount=amount_text(tally.amount))


def _months_pb(months: list[MonthTotals]) -> list[pb.PlannedExpenseMonthTotals]:
    return [
        pb.PlannedExpenseMonthTotals(month=m.month.strftime("%Y-%m"), total=tally_pb(m.total))
        for m in months
    ]


def statistics_pb(figures: Statistics) -> pb.PlannedExpenseStatistics:
    return pb.PlannedExpenseStatistics(
        as_of=date_pb(figures.as_of),
        expense_count=figures.expense_count,
        recurring_count=figures.recurring_count,
        paid=tally_pb(figures.paid),
        unpaid=tally_pb(figures.unpaid),
        overdue=tally_pb(figures.overdue),
        upcoming30_days=tally_pb(figures.upcoming),
        by_category=[
            pb.PlannedExpenseCategoryTotals(
                category_id=_text(c.category_id),
                expense_count=c.expense_count,
                unpaid=tally_pb(c.unpaid),
                paid=tally_pb(c.paid),
            )
            for c in figures.by_category
        ],
        planned_by_month=_months_pb(figures.planned_by_month),
        paid_by_month=_months_pb(figures.paid_by_month),
    )


def _text(value: uuid.UUID | None) -> str | None:
    return None if value is None else str(value)


def _optional_uuid(sent: bool, value: str, field: str) -> uuid.UUID | None:
    return parse_uuid(value, field) if sent else None


class PlannedExpenseServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def _today(self) -> date:
        return self._clock().date()

    def _data(self, page: Page[PlannedExpense], today: date) -> list[pb.PlannedExpense]:
        return [expense_pb(e, today) for e in page.items]

    def CreatePlannedExpense(
        self, request: pb.CreatePlannedExpenseRequest, context: grpc.ServicerContext
    ) -> pb.CreatePlannedExpenseResponse:
        expense = usecases.create_expense(
            self._uow(), current_user_id(), new_expense(request), self._clock
        )
        return pb.CreatePlannedExpenseResponse(expense=expense_pb(expense, self._today()))

    def ListPlannedExpenses(
        self, request: pb.ListPlannedExpensesRequest, context: grpc.ServicerContext
    ) -> pb.ListPlannedExpensesResponse:
        query = ListQuery(
            page=page_query(
                request.limit if request.HasField("limit") else None, request.offset, DEFAULT_LIMIT
            ),
            is_paid=request.is_paid if request.HasField("is_paid") else None,
            category_id=_optional_uuid(
                request.HasField("category_id"), request.category_id, "category_id"
            ),
        )
        page = usecases.list_expenses(self._uow(), current_user_id(), query)
        return pb.ListPlannedExpensesResponse(
            data=self._data(page, self._today()), pagination=pagination_pb(page)
        )

    def ListUpcomingPlannedExpenses(
        self, request: pb.ListUpcomingPlannedExpensesRequest, context: grpc.ServicerContext
    ) -> pb.ListUpcomingPlannedExpensesResponse:
        query = upcoming_query(
            request.days if request.HasField("days") else None,
            _optional_uuid(request.HasField("category_id"), request.category_id, "category_id"),
            request.limit if request.HasField("limit") else None,
            request.offset,
        )
        today = self._today()
        page = usecases.list_upcoming(self._uow(), current_user_id(), query, today)
        return pb.ListUpcomingPlannedExpensesResponse(
            data=self._data(page, today), pagination=pagination_pb(page)
        )

    def ListOverduePlannedExpenses(
        self, request: pb.ListOverduePlannedExpensesRequest, context: grpc.ServicerContext
    ) -> pb.ListOverduePlannedExpensesResponse:
        query = page_query(
            request.limit if request.HasField("limit") else None, request.offset, DEFAULT_VIEW_LIMIT
        )
        today = self._today()
        page = usecases.list_overdue(self._uow(), current_user_id(), query, today)
        return pb.ListOverduePlannedExpensesResponse(
            data=self._data(page, today), pagination=pagination_pb(page)
        )

    def ListRecurringPlannedExpenses(
        self, request: pb.ListRecurringPlannedExpensesRequest, context: grpc.ServicerContext
    ) -> pb.ListRecurringPlannedExpensesResponse:
        query = page_query(
            request.limit if request.HasField("limit") else None, request.offset, DEFAULT_VIEW_LIMIT
        )
        page = usecases.list_recurring(self._uow(), current_user_id(), query)
        return pb.ListRecurringPlannedExpensesResponse(
            data=self._data(page, self._today()), pagination=pagination_pb(page)
        )

    def GetPlannedExpenseStatistics(
        self, request: pb.GetPlannedExpenseStatisticsRequest, context: grpc.ServicerContext
    ) -> pb.GetPlannedExpenseStatisticsResponse:
        figures = usecases.statistics(self._uow(), current_user_id(), self._today())
        return pb.GetPlannedExpenseStatisticsResponse(statistics=statistics_pb(figures))

    def GetPlannedExpense(
        self, request: pb.GetPlannedExpenseRequest, context: grpc.ServicerContext
    ) -> pb.GetPlannedExpenseResponse:
        expense = usecases.get_expense(self._uow(), current_user_id(), required_uuid(request.id))
        return pb.GetPlannedExpenseResponse(expense=expense_pb(expense, self._today()))

    def MarkPlannedExpensePaid(
        self, request: pb.MarkPlannedExpensePaidRequest, context: grpc.ServicerContext
    ) -> pb.MarkPlannedExpensePaidResponse:
        expense_id = required_uuid(request.id)
        expense = usecases.mark_paid(
            self._uow(), current_user_id(), expense_id, payment_draft(request), self._clock
        )
        return pb.MarkPlannedExpensePaidResponse(expense=expense_pb(expense, self._today()))

    def ListPlannedExpensePayments(
        self, request: pb.ListPlannedExpensePaymentsRequest, context: grpc.ServicerContext
    ) -> pb.ListPlannedExpensePaymentsResponse:
        expense_id = required_uuid(request.id)
        query = page_query(
            request.limit if request.HasField("limit") else None, request.offset, DEFAULT_LIMIT
        )
        page = usecases.list_payments(self._uow(), current_user_id(), expense_id, query)
        return pb.ListPlannedExpensePaymentsResponse(
            data=[payment_pb(p) for p in page.items], pagination=pagination_pb(page)
        )

    def DeletePlannedExpense(
        self, request: pb.DeletePlannedExpenseRequest, context: grpc.ServicerContext
    ) -> pb.DeletePlannedExpenseResponse:
        usecases.delete_expense(self._uow(), current_user_id(), required_uuid(request.id))
        return pb.DeletePlannedExpenseResponse()
