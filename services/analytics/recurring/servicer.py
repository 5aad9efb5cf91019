"""gRPC servicer of RecurringService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import common_pb2, recurring_pb2

from services.analytics.proto_pages import pagination_pb
from services.analytics.recurring import usecases
from services.analytics.recurring.domain import (
    Direction,
    StoredPattern,
    Upcoming,
    validate_days,
    validate_pattern_query,
)
from services.analytics.transactions.domain import amount_text
from services.runtime.clock import Clock
from services.runtime.principal import current_user_id
from services.runtime.protoconv import date_pb

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory

_CADENCE_PB = {
    "weekly": recurring_pb2.CADENCE_WEEKLY,
    "biweekly": recurring_pb2.CADENCE_BIWEEKLY,
    "monthly": recurring_pb2.CADENCE_MONTHLY,
    "quarterly": recurring_pb2.CADENCE_QUARTERLY,
    "yearly": recurring_pb2.CADENCE_YEARLY,
}
_TYPE_PB: dict[Direction, common_pb2.TransactionType] = {
    "debit": common_pb2.TRANSACTION_TYPE_DEBIT,
    "credit": common_pb2.TRANSACTION_TYPE_CREDIT,
}
# Confidences and their factors are measurements, not money: 4 places are plenty.
_PLACES = 4


def pattern_pb(pattern: StoredPattern, active: bool) -> recurring_pb2.RecurringPattern:
    return recurring_pb2.RecurringPattern(
        id=str(pattern.id),
        merchant_name=pattern.merchant_name,
        category_id=None if pattern.category_id is None else str(pattern.category_id),
        transaction_type=_TYPE_PB[pattern.direction],
        cadence=_CADENCE_PB[pattern.cadence],
        rrule=pattern.rrule,
        next_expected_date=date_pb(pattern.next_expected),
        window_days=pattern.window_days,
        amount=recurring_pb2.RecurringAmount(
            typical=amount_text(pattern.typical_amount),
            minimum=amount_text(pattern.min_amount),
            maximum=amount_text(pattern.max_amount),
            variation=round(pattern.variation, _PLACES),
        ),
        currency=pattern.currency,
        occurrences=pattern.occurrences,
        first_seen=date_pb(pattern.first_seen),
        last_seen=date_pb(pattern.last_seen),
        status=(
            recurring_pb2.RECURRING_STATUS_ACTIVE
            if active
            else recurring_pb2.RECURRING_STATUS_STOPPED
        ),
        price_changed_on=(
            None if pattern.price_changed_on is None else date_pb(pattern.price_changed_on)
        ),
        confidence=round(pattern.confidence, _PLACES),
        factors=recurring_pb2.ConfidenceFactors(
            gap_regularity=round(pattern.gap_regularity, _PLACES),
            amount_stability=round(pattern.amount_stability, _PLACES),
            count=round(pattern.count_score, _PLACES),
            recency=round(pattern.recency, _PLACES),
        ),
    )


def upcoming_pb(item: Upcoming) -> recurring_pb2.UpcomingTransaction:
    pattern = item.pattern
    return recurring_pb2.UpcomingTransaction(
        pattern_id=str(pattern.id),
        merchant_name=pattern.merchant_name,
        category_id=None if pattern.category_id is None else str(pattern.category_id),
        expected_date=date_pb(item.expected),
        window_start=date_pb(item.window_start),
        window_end=date_pb(item.window_end),
        expected_amount=amount_text(pattern.typical_amount),
        currency=pattern.currency,
        transaction_type=_TYPE_PB[pattern.direction],
        cadence=_CADENCE_PB[pattern.cadence],
        confidence=round(pattern.confidence, _PLACES),
    )


class RecurringServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock) -> None:
        self._uow = unit_of_work
        self._clock = clock

    def ListRecurringPatterns(
        self, request: recurring_pb2.ListRecurringPatternsRequest, context: grpc.ServicerContext
    ) -> recurring_pb2.ListRecurringPatternsResponse:
        query = validate_pattern_query(
            request.confidence if request.HasField("confidence") else None,
            request.limit if request.HasField("limit") else None,
            request.offset,
        )
        today = self._clock().date()
        page = usecases.list_patterns(self._uow(), current_user_id(), query, today, self._clock)
        return recurring_pb2.ListRecurringPatternsResponse(
            data=[pattern_pb(p, p.is_active(today)) for p in page.items],
            pagination=pagination_pb(page),
        )

    def ListUpcomingTransactions(
        self,
        request: recurring_pb2.ListUpcomingTransactionsRequest,
        context: grpc.ServicerContext,
    ) -> recurring_pb2.ListUpcomingTransactionsResponse:
        days = validate_days(request.days if request.HasField("days") else None)
        today = self._clock().date()
        window = usecases.upcoming_transactions(
            self._uow(), current_user_id(), days, today, self._clock
        )
        return recurring_pb2.ListUpcomingTransactionsResponse(
            data=[upcoming_pb(item) for item in window.items],
            period=common_pb2.DateRange(
                start_date=date_pb(window.start), end_date=date_pb(window.end)
            ),
        )
