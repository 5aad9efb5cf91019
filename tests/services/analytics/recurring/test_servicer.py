"""RecurringService through the real runtime server (every interceptor), on the
generated history: defaults, filters, pages, upcoming transactions, isolation and bad
input answered INVALID_ARGUMENT naming the field."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import date, timedelta

import grpc
import pytest
from finplat.analytics.v1 import common_pb2, recurring_pb2, recurring_pb2_grpc

from services.analytics import recurring
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.recurring.support import NOW, history, load
from tests.services.analytics.serving import as_user, refusal, serving

ALICE = uuid.UUID("00000000-0000-4000-8000-00000000a11c")
BOB = uuid.UUID("00000000-0000-4000-8000-000000000b0b")
TODAY = NOW.date()


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[recurring_pb2_grpc.RecurringServiceStub]:
    load(uow, ALICE, history().transactions)
    with serving((recurring.CAPABILITY,), uow, lambda: NOW) as channel:
        yield recurring_pb2_grpc.RecurringServiceStub(channel)  # type: ignore[no-untyped-call]


def _day(d: object) -> date:
    return date(d.year, d.month, d.day)  # type: ignore[attr-defined]


def test_the_list_holds_the_confident_patterns_most_confident_first(
    stub: recurring_pb2_grpc.RecurringServiceStub,
) -> None:
    reply = stub.ListRecurringPatterns(
        recurring_pb2.ListRecurringPatternsRequest(), metadata=as_user(ALICE)
    )
    patterns = list(reply.data)
    assert (reply.pagination.limit, reply.pagination.offset) == (20, 0)
    assert reply.pagination.total == len(patterns) == 16  # the planted series
    assert not reply.pagination.has_more
    confidences = [p.confidence for p in patterns]
    assert confidences == sorted(confidences, reverse=True)
    assert min(confidences) >= 0.8
    by_name = {p.merchant_name: p for p in patterns}
    cleaner = by_name["Sparkle Cleaning"]
    assert cleaner.cadence == recurring_pb2.CADENCE_WEEKLY
    assert cleaner.rrule.startswith("FREQ=WEEKLY;INTERVAL=1;BYDAY=")
    assert cleaner.transaction_type == common_pb2.TRANSACTION_TYPE_DEBIT
    assert cleaner.amount.typical == "-40.00"
    assert cleaner.status == recurring_pb2.RECURRING_STATUS_ACTIVE
    assert cleaner.HasField("category_id")
    assert by_name["Disney Plus"].status == recurring_pb2.RECURRING_STATUS_STOPPED
    salary = by_name["Acme Corp"]
    assert salary.transaction_type == common_pb2.TRANSACTION_TYPE_CREDIT
    assert salary.HasField("price_changed_on")
    assert not by_name["Vesteda"].HasField("price_changed_on")
    assert 0 <= salary.factors.gap_regularity <= 1 and 0 <= salary.factors.recency <= 1


def test_confidence_and_pages_filter_the_list(
    stub: recurring_pb2_grpc.RecurringServiceStub,
) -> None:
    everything = stub.ListRecurringPatterns(
        recurring_pb2.ListRecurringPatternsRequest(confidence=0.0, limit=100),
        metadata=as_user(ALICE),
    )
    assert everything.pagination.total > 16  # the noise's unsure patterns too
    page = stub.ListRecurringPatterns(
        recurring_pb2.ListRecurringPatternsRequest(confidence=0.0, limit=5, offset=5),
        metadata=as_user(ALICE),
    )
    assert [p.id for p in page.data] == [p.id for p in everything.data[5:10]]
    assert (page.pagination.total, page.pagination.has_more) == (everything.pagination.total, True)


def test_upcoming_lists_the_next_month_soonest_first(
    stub: recurring_pb2_grpc.RecurringServiceStub,
) -> None:
    reply = stub.ListUpcomingTransactions(
        recurring_pb2.ListUpcomingTransactionsRequest(), metadata=as_user(ALICE)
    )
    assert _day(reply.period.start_date) == TODAY + timedelta(days=1)
    assert _day(reply.period.end_date) == TODAY + timedelta(days=30)
    expected = [_day(u.expected_date) for u in reply.data]
    assert expected == sorted(expected)
    assert all(TODAY < d <= TODAY + timedelta(days=30) for d in expected)
    names = [u.merchant_name for u in reply.data]
    assert names.count("Sparkle Cleaning") >= 4  # weekly: every week of the window
    assert "Disney Plus" not in names  # stopped
    netflix = next(u for u in reply.data if u.merchant_name == "Netflix")
    assert netflix.expected_amount == "-11.99"
    assert _day(netflix.window_start) <= _day(netflix.expected_date) <= _day(netflix.window_end)
    longer = stub.ListUpcomingTransactions(
        recurring_pb2.ListUpcomingTransactionsRequest(days=366), metadata=as_user(ALICE)
    )
    assert {"TransIP", "Centraal Beheer"} <= {u.merchant_name for u in longer.data}  # yearly


def test_another_user_sees_none_of_them(stub: recurring_pb2_grpc.RecurringServiceStub) -> None:
    reply = stub.ListRecurringPatterns(
        recurring_pb2.ListRecurringPatternsRequest(confidence=0.0), metadata=as_user(BOB)
    )
    assert list(reply.data) == [] and reply.pagination.total == 0
    upcoming = stub.ListUpcomingTransactions(
        recurring_pb2.ListUpcomingTransactionsRequest(days=366), metadata=as_user(BOB)
    )
    assert list(upcoming.data) == []


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (recurring_pb2.ListRecurringPatternsRequest(confidence=1.5), "confidence"),
        (recurring_pb2.ListRecurringPatternsRequest(limit=0), "limit"),
        (recurring_pb2.ListRecurringPatternsRequest(limit=101), "limit"),
        (recurring_pb2.ListRecurringPatternsRequest(offset=-1), "offset"),
        (recurring_pb2.ListUpcomingTransactionsRequest(days=0), "days"),
        (recurring_pb2.ListUpcomingTransactionsRequest(days=367), "days"),
    ],
)
def test_bad_input_is_invalid_argument_naming_the_field(
    stub: recurring_pb2_grpc.RecurringServiceStub, request_: object, field: str
) -> None:
    method = (
        stub.ListRecurringPatterns
        if isinstance(request_, recurring_pb2.ListRecurringPatternsRequest)
        else stub.ListUpcomingTransactions
    )
    status = refusal(lambda: method(request_, metadata=as_user(ALICE)))
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in status.violations] == [field]


def test_the_list_needs_a_user(stub: recurring_pb2_grpc.RecurringServiceStub) -> None:
    status = refusal(
        lambda: stub.ListRecurringPatterns(recurring_pb2.ListRecurringPatternsRequest())
    )
    assert status.code == grpc.StatusCode.UNAUTHENTICATED
