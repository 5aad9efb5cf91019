"""CashFlowService through the real runtime server (every interceptor), serving only the
cash-flow capability: all nine RPCs as gRPC clients see them, and every refusal — enum
numbers the enums do not have, malformed ids, 403/404/409 — with its status and field."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import date

import grpc
import pytest
from finplat.analytics.v1 import cashflow_pb2 as pb
from finplat.analytics.v1 import cashflow_pb2_grpc
from google.type import date_pb2

from services.analytics.cashflow import CAPABILITY
from services.analytics.planned_expenses import usecases as planned
from services.analytics.planned_expenses.domain import ExpenseDraft
from tests.services.analytics.cashflow.support import ALICE, BOB, NOW, clock, ticking
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.rollups.support import Tx, store
from tests.services.analytics.serving import as_user, refusal, registered, serving

Stub = cashflow_pb2_grpc.CashFlowServiceStub


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[Stub]:
    with serving((CAPABILITY,), uow, clock) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


@pytest.fixture
def alice(uow: UowFactory) -> uuid.UUID:
    """Alice: 250.00 in the bank and a 400.00 bill due on 2026-11-20."""
    store(uow, ALICE, Tx(date(2026, 10, 1), "250.00"))
    draft = ExpenseDraft(title="Tax", amount="400.00", due_date=(2026, 11, 20))
    planned.create_expense(uow(), ALICE, draft, clock)
    return ALICE


def _day(value: date) -> date_pb2.Date:
    return date_pb2.Date(year=value.year, month=value.month, day=value.day)


def test_the_capability_registers_its_service(uow: UowFactory) -> None:
    assert registered((CAPABILITY,), uow, clock) == ("finplat.analytics.v1.CashFlowService",)
    assert len(pb.DESCRIPTOR.services_by_name["CashFlowService"].methods) == 9


def test_predictions_and_their_generation(stub: Stub, alice: uuid.UUID) -> None:
    request = pb.ListCashFlowPredictionsRequest(
        period_type=pb.CASH_FLOW_PERIOD_TYPE_MONTHLY, limit=2
    )
    reply = stub.ListCashFlowPredictions(request, metadata=as_user(alice))
    assert (reply.period_type, reply.currency, reply.current_balance) == (
        pb.CASH_FLOW_PERIOD_TYPE_MONTHLY, "EUR", "250.00",
    )  # fmt: skip
    assert reply.generated_at.ToDatetime().replace(tzinfo=NOW.tzinfo) == NOW
    november = reply.data[0]
    assert (november.predicted_from.day, november.opening_balance, november.expected_expenses) == (
        2, "250.00", "400.00",
    )  # fmt: skip
    assert (november.net_flow, november.expected_balance, november.lowest_balance) == (
        "-400.00", "-150.00", "-150.00",
    )  # fmt: skip
    assert (november.balance_range.lower, november.balance_range.upper) == ("-150.00", "-150.00")
    assert (november.components.planned_expenses, november.confidence) == ("400.00", 1.0)
    assert november.components.recurring_income == "0.00"
    weeks = stub.ListCashFlowPredictions(
        pb.ListCashFlowPredictionsRequest(
            period_type=pb.CASH_FLOW_PERIOD_TYPE_WEEKLY,
            start_date=_day(date(2026, 11, 10)),
            end_date=_day(date(2026, 12, 1)),
        ),
        metadata=as_user(alice),
    )
    assert [w.period_start.day for w in weeks.data] == [9, 16, 23, 30]
    done = stub.GenerateCashFlowPredictions(
        pb.GenerateCashFlowPredictionsRequest(), metadata=as_user(alice)
    )
    assert (done.status, done.alerts_raised, done.alerts_cleared) == ("completed", 0, 0)
    assert done.predictions > 200 and done.duration_ms >= 0


def test_alerts_listed_acknowledged_and_resolved(stub: Stub, alice: uuid.UUID) -> None:
    listed = stub.ListCashFlowAlerts(pb.ListCashFlowAlertsRequest(), metadata=as_user(alice))
    assert listed.pagination.total == 2 and listed.pagination.limit == 50
    kinds = {a.alert_type: a for a in listed.data}
    low = kinds[pb.CASH_FLOW_ALERT_TYPE_LOW_BALANCE]
    assert (low.severity, low.status, low.currency, low.amount, low.reference) == (
        pb.CASH_FLOW_ALERT_SEVERITY_HIGH,
        pb.CASH_FLOW_ALERT_STATUS_PENDING,
        "EUR",
        "-150.00",
        "100.00",
    )
    assert not low.HasField("category_id") and not low.HasField("score")
    assert not low.HasField("acknowledged_at") and not low.HasField("resolved_by")
    assert low.title == "Balance projected below 100.00 EUR"
    seen = stub.AcknowledgeCashFlowAlert(
        pb.AcknowledgeCashFlowAlertRequest(id=low.id), metadata=as_user(alice)
    ).alert
    assert seen.status == pb.CASH_FLOW_ALERT_STATUS_ACKNOWLEDGED and seen.HasField(
        "acknowledged_at"
    )
    done = stub.ResolveCashFlowAlert(
        pb.ResolveCashFlowAlertRequest(id=low.id), metadata=as_user(alice)
    ).alert
    assert (done.status, done.resolved_by) == (pb.CASH_FLOW_ALERT_STATUS_RESOLVED, "user")
    resolved = stub.ListCashFlowAlerts(
        pb.ListCashFlowAlertsRequest(status=pb.CASH_FLOW_ALERT_STATUS_RESOLVED),
        metadata=as_user(alice),
    )
    assert [a.id for a in resolved.data] == [low.id]
    flows = stub.ListCashFlowAlerts(
        pb.ListCashFlowAlertsRequest(alert_type=pb.CASH_FLOW_ALERT_TYPE_NEGATIVE_FLOW, limit=1),
        metadata=as_user(alice),
    )
    assert [a.alert_type for a in flows.data] == [pb.CASH_FLOW_ALERT_TYPE_NEGATIVE_FLOW]
    again = refusal(
        lambda: stub.AcknowledgeCashFlowAlert(
            pb.AcknowledgeCashFlowAlertRequest(id=low.id), metadata=as_user(alice)
        )
    )
    assert (again.code, again.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "INVALID_TRANSITION")
    other = refusal(
        lambda: stub.ResolveCashFlowAlert(
            pb.ResolveCashFlowAlertRequest(id=low.id), metadata=as_user(BOB)
        )
    )
    assert other.code == grpc.StatusCode.PERMISSION_DENIED
    missing = refusal(
        lambda: stub.ResolveCashFlowAlert(
            pb.ResolveCashFlowAlertRequest(id=str(uuid.uuid4())), metadata=as_user(alice)
        )
    )
    assert missing.code == grpc.StatusCode.NOT_FOUND


def test_snapshots(uow: UowFactory, alice: uuid.UUID) -> None:
    with serving((CAPABILITY,), uow, ticking()) as channel:
        _snapshots(Stub(channel), alice)  # type: ignore[no-untyped-call]


def _snapshots(stub: Stub, alice: uuid.UUID) -> None:
    latest = stub.GetLatestCashFlowSnapshot(
        pb.GetLatestCashFlowSnapshotRequest(), metadata=as_user(alice)
    ).snapshot
    assert (latest.current_balance, latest.active_alerts, latest.currency) == ("250.00", 2, "EUR")
    assert [(p.days, p.balance, p.expenses) for p in latest.projections] == [
        (30, "-150.00", "400.00"), (60, "-150.00", "400.00"), (90, "-150.00", "400.00"),
    ]  # fmt: skip
    assert (latest.lowest_balance.balance, latest.lowest_balance.date.day) == ("-150.00", 20)
    taken = stub.GenerateCashFlowSnapshot(
        pb.GenerateCashFlowSnapshotRequest(), metadata=as_user(alice)
    )
    assert taken.snapshot.id != latest.id
    newest = stub.GetLatestCashFlowSnapshot(
        pb.GetLatestCashFlowSnapshotRequest(), metadata=as_user(alice)
    )
    assert newest.snapshot.id == taken.snapshot.id


def test_the_recurring_operations(stub: Stub, alice: uuid.UUID) -> None:
    upcoming = stub.ListUpcomingRecurringTransactions(
        pb.ListUpcomingRecurringTransactionsRequest(days=10), metadata=as_user(alice)
    )
    assert (upcoming.total, list(upcoming.data)) == (0, [])
    assert (upcoming.period.start_date.day, upcoming.period.end_date.day) == (2, 11)
    detected = stub.DetectRecurringTransactions(
        pb.DetectRecurringTransactionsRequest(), metadata=as_user(alice)
    )
    assert (detected.status, detected.patterns, detected.active_patterns) == ("completed", 0, 0)


_BAD_DATE = date_pb2.Date(year=2026, month=2, day=30)


@pytest.mark.parametrize(
    ("method", "request_", "fields"),
    [
        (
            "ListCashFlowPredictions",
            pb.ListCashFlowPredictionsRequest(period_type=9, limit=0),  # type: ignore[arg-type]
            ["period_type", "limit"],
        ),
        (
            "ListCashFlowPredictions",
            pb.ListCashFlowPredictionsRequest(start_date=_BAD_DATE),
            ["start_date"],
        ),
        (
            "ListCashFlowAlerts",
            pb.ListCashFlowAlertsRequest(
                status=7,  # type: ignore[arg-type]
                severity=8,  # type: ignore[arg-type]
                alert_type=9,  # type: ignore[arg-type]
                limit=101,
                offset=-1,
            ),
            ["status", "severity", "alert_type", "limit", "offset"],
        ),
        ("AcknowledgeCashFlowAlert", pb.AcknowledgeCashFlowAlertRequest(id="nope"), ["id"]),
        ("ResolveCashFlowAlert", pb.ResolveCashFlowAlertRequest(), ["id"]),
        (
            "ListUpcomingRecurringTransactions",
            pb.ListUpcomingRecurringTransactionsRequest(days=367, limit=0),
            ["days", "limit"],
        ),
    ],
)
def test_malformed_fields_are_invalid_arguments_naming_them(
    stub: Stub, method: str, request_: object, fields: list[str]
) -> None:
    refused = refusal(lambda: getattr(stub, method)(request_, metadata=as_user(ALICE)))
    assert refused.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in refused.violations] == fields


def test_dates_breaking_a_rule_are_unprocessable(stub: Stub) -> None:
    refused = refusal(
        lambda: stub.ListCashFlowPredictions(
            pb.ListCashFlowPredictionsRequest(
                start_date=_day(date(2027, 1, 5)), end_date=_day(date(2027, 1, 4))
            ),
            metadata=as_user(ALICE),
        )
    )
    assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "UNPROCESSABLE")
    assert [v.field for v in refused.violations] == ["end_date"]
