"""gRPC servicer of CashFlowService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import cashflow_pb2 as pb
from finplat.analytics.v1 import common_pb2

from services.analytics.cashflow import usecases
from services.analytics.cashflow.domain import (
    Alert,
    Prediction,
    Snapshot,
    parse_alert_query,
    parse_prediction_query,
    parse_upcoming,
)
from services.analytics.proto_pages import pagination_pb
from services.analytics.recurring.servicer import upcoming_pb
from services.analytics.transactions.domain import amount_text
from services.runtime.clock import Clock
from services.runtime.principal import current_user_id
from services.runtime.protoconv import (
    date_pb,
    optional_date,
    optional_timestamp,
    request_enum_text,
    required_uuid,
    timestamp,
)

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory


def _enum(kind: str, word: str) -> str:
    """The proto enum value name of a JSON word: ("CASH_FLOW_ALERT_TYPE", "low_balance")."""
    return f"{kind}_{word.upper()}"


def prediction_pb(prediction: Prediction, currency: str) -> pb.CashFlowPrediction:
    return pb.CashFlowPrediction(
        period_type=_enum("CASH_FLOW_PERIOD_TYPE", prediction.period_type),  # type: ignore[arg-type]
        period_start=date_pb(prediction.period_start),
        period_end=date_pb(prediction.period_end),
        predicted_from=date_pb(prediction.predicted_from),
        currency=currency,
        opening_balance=amount_text(prediction.opening_balance),
        expected_income=amount_text(prediction.expected_income),
        expected_expenses=amount_text(prediction.expected_expenses),
        net_flow=amount_text(prediction.net_flow),
        expected_balance=amount_text(prediction.expected_balance),
        lowest_balance=amount_text(prediction.lowest_balance),
        balance_range=pb.BalanceRange(
            lower=amount_text(prediction.balance_low), upper=amount_text(prediction.balance_high)
        ),
        confidence=prediction.confidence,
        components=pb.CashFlowComponents(
            recurring_income=amount_text(prediction.recurring_income),
            recurring_expenses=amount_text(prediction.recurring_expenses),
            planned_expenses=amount_text(prediction.planned_expenses),
            discretionary_expenses=amount_text(prediction.discretionary_expenses),
        ),
    )


def alert_pb(alert: Alert) -> pb.CashFlowAlert:
    return pb.CashFlowAlert(
        id=str(alert.id),
        alert_type=_enum("CASH_FLOW_ALERT_TYPE", alert.alert_type),  # type: ignore[arg-type]
        severity=_enum("CASH_FLOW_ALERT_SEVERITY", alert.severity),  # type: ignore[arg-type]
        status=_enum("CASH_FLOW_ALERT_STATUS", alert.status),  # type: ignore[arg-type]
        title=alert.title,
        message=alert.message,
        period_start=date_pb(alert.period_start),
        period_end=date_pb(alert.period_end),
        amount=amount_text(alert.amount),
        reference=amount_text(alert.reference),
        currency=alert.currency,
        category_id=None if alert.category_id is None else str(alert.category_id),
        score=alert.score,
        created_at=timestamp(alert.created_at),
        updated_at=timestamp(alert.updated_at),
        acknowledged_at=optional_timestamp(alert.acknowledged_at),
        resolved_at=optional_timestamp(alert.resolved_at),
        resolved_by=alert.resolved_by,
    )


def snapshot_pb(snapshot: Snapshot) -> pb.CashFlowSnapshot:
    outlook = snapshot.outlook
    return pb.CashFlowSnapshot(
        id=str(snapshot.id),
        snapshot_date=date_pb(snapshot.snapshot_date),
        currency=snapshot.currency,
        current_balance=amount_text(snapshot.current_balance),
        projections=[
            pb.ProjectedBalance(
                days=p.days,
                date=date_pb(p.day),
                balance=amount_text(p.balance),
                income=amount_text(p.income),
                expenses=amount_text(p.expenses),
            )
            for p in outlook.projections
        ],
        lowest_balance=pb.BalancePoint(
            date=date_pb(outlook.lowest_on), balance=amount_text(outlook.lowest_balance)
        ),
        active_alerts=snapshot.active_alerts,
        generated_at=timestamp(snapshot.generated_at),
    )


class CashFlowServicer:
    def __init__(self, unit_of_work: UowFactory, clock: Clock, threshold: Decimal) -> None:
        self._uow = unit_of_work
        self._clock = clock
        self._threshold = threshold

    def ListCashFlowPredictions(
        self, request: pb.ListCashFlowPredictionsRequest, context: grpc.ServicerContext
    ) -> pb.ListCashFlowPredictionsResponse:
        query = parse_prediction_query(
            request_enum_text(request.period_type, pb.CashFlowPeriodType, "CASH_FLOW_PERIOD_TYPE_"),
            optional_date(request, "start_date"),
            optional_date(request, "end_date"),
            request.limit if request.HasField("limit") else None,
        )
        found = usecases.list_predictions(
            self._uow(), current_user_id(), query, self._clock, self._threshold
        )
        return pb.ListCashFlowPredictionsResponse(
            data=[prediction_pb(p, found.currency) for p in found.predictions],
            period_type=_enum("CASH_FLOW_PERIOD_TYPE", query.period_type),  # type: ignore[arg-type]
            currency=found.currency,
            current_balance=amount_text(found.current_balance),
            generated_at=timestamp(found.generated_at),
        )

    def GenerateCashFlowPredictions(
        self, request: pb.GenerateCashFlowPredictionsRequest, context: grpc.ServicerContext
    ) -> pb.GenerateCashFlowPredictionsResponse:
        done = usecases.generate_predictions(
            self._uow(), current_user_id(), self._clock, self._threshold
        )
        return pb.GenerateCashFlowPredictionsResponse(
            status="completed",
            predictions=done.predictions,
            alerts_raised=done.alerts_raised,
            alerts_cleared=done.alerts_cleared,
            generated_at=timestamp(done.generated_at),
            duration_ms=done.duration_ms,
        )

    def ListCashFlowAlerts(
        self, request: pb.ListCashFlowAlertsRequest, context: grpc.ServicerContext
    ) -> pb.ListCashFlowAlertsResponse:
        query = parse_alert_query(
            request_enum_text(request.status, pb.CashFlowAlertStatus, "CASH_FLOW_ALERT_STATUS_"),
            request_enum_text(
                request.severity, pb.CashFlowAlertSeverity, "CASH_FLOW_ALERT_SEVERITY_"
            ),
            request_enum_text(request.alert_type, pb.CashFlowAlertType, "CASH_FLOW_ALERT_TYPE_"),
            request.limit if request.HasField("limit") else None,
            request.offset,
        )
        page = usecases.list_alerts(
            self._uow(), current_user_id(), query, self._clock, self._threshold
        )
        return pb.ListCashFlowAlertsResponse(
            data=[alert_pb(a) for a in page.items], pagination=pagination_pb(page)
        )

    def AcknowledgeCashFlowAlert(
        self, request: pb.AcknowledgeCashFlowAlertRequest, context: grpc.ServicerContext
    ) -> pb.AcknowledgeCashFlowAlertResponse:
        alert_id = required_uuid(request.id, "id")
        moved = usecases.acknowledge_alert(self._uow(), current_user_id(), alert_id, self._clock)
        return pb.AcknowledgeCashFlowAlertResponse(alert=alert_pb(moved))

    def ResolveCashFlowAlert(
        self, request: pb.ResolveCashFlowAlertRequest, context: grpc.ServicerContext
    ) -> pb.ResolveCashFlowAlertResponse:
        alert_id = required_uuid(request.id, "id")
        moved = usecases.resolve_alert(self._uow(), current_user_id(), alert_id, self._clock)
        return pb.ResolveCashFlowAlertResponse(alert=alert_pb(moved))

    def GetLatestCashFlowSnapshot(
        self, request: pb.GetLatestCashFlowSnapshotRequest, context: grpc.ServicerContext
    ) -> pb.GetLatestCashFlowSnapshotResponse:
        snapshot = usecases.latest_snapshot(
            self._uow(), current_user_id(), self._clock, self._threshold
        )
        return pb.GetLatestCashFlowSnapshotResponse(snapshot=snapshot_pb(snapshot))

    def GenerateCashFlowSnapshot(
        self, request: pb.GenerateCashFlowSnapshotRequest, context: grpc.ServicerContext
    ) -> pb.GenerateCashFlowSnapshotResponse:
        snapshot = usecases.generate_snapshot(
            self._uow(), current_user_id(), self._clock, self._threshold
        )
        return pb.GenerateCashFlowSnapshotResponse(snapshot=snapshot_pb(snapshot))

    def ListUpcomingRecurringTransactions(
        self,
        request: pb.ListUpcomingRecurringTransactionsRequest,
        context: grpc.ServicerContext,
    ) -> pb.ListUpcomingRecurringTransactionsResponse:
        days, limit = parse_upcoming(
            request.days if request.HasField("days") else None,
            request.limit if request.HasField("limit") else None,
        )
        page = usecases.upcoming_recurring(self._uow(), current_user_id(), days, limit, self._clock)
        return pb.ListUpcomingRecurringTransactionsResponse(
            data=[upcoming_pb(item) for item in page.items],
            period=common_pb2.DateRange(
                start_date=date_pb(page.window.start), end_date=date_pb(page.window.end)
            ),
            total=page.total,
        )

    def DetectRecurringTransactions(
        self, request: pb.DetectRecurringTransactionsRequest, context: grpc.ServicerContext
    ) -> pb.DetectRecurringTransactionsResponse:
        found = usecases.detect_recurring(self._uow, current_user_id(), self._clock)
        return pb.DetectRecurringTransactionsResponse(
            status="completed",
            patterns=found.patterns,
            active_patterns=found.active_patterns,
            detected_at=timestamp(found.detected_at),
            duration_ms=found.duration_ms,
        )
