"""RecurrenceService through the real runtime server (every interceptor), serving only
the recurrence capability: the three operations and their bad input, as gRPC clients
(which the edge does not check) see them."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from finplat.analytics.v1 import recurrence_pb2 as pb
from finplat.analytics.v1 import recurrence_pb2_grpc
from google.type import date_pb2

from services.analytics.kernel import AnalyticsUnitOfWork
from services.analytics.recurrence import CAPABILITY
from services.runtime.errors import FieldViolation
from tests.services.analytics.serving import as_user, refusal, serving

Stub = recurrence_pb2_grpc.RecurrenceServiceStub
AS_USER = as_user("alice")


def _no_storage() -> AnalyticsUnitOfWork:
    raise AssertionError("recurrence rules are not stored: no unit of work is opened")


@pytest.fixture(scope="module")
def stub() -> Iterator[Stub]:
    with serving((CAPABILITY,), _no_storage) as channel:
        yield Stub(channel)  # type: ignore[no-untyped-call]


def _day(year: int, month: int, day: int) -> date_pb2.Date:
    return date_pb2.Date(year=year, month=month, day=day)


# --- ValidateRule -----------------------------------------------------------------------


def test_a_valid_rule_comes_back_canonical_and_described(stub: Stub) -> None:
    found = stub.ValidateRule(
        pb.ValidateRuleRequest(rule="rrule:count=6;bymonthday=15;interval=2;freq=monthly"),
        metadata=AS_USER,
    )
    assert found.valid
    assert found.rule == "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;COUNT=6"
    assert found.description == "Every 2 months on the 15th, 6 times"
    assert list(found.errors) == []


def test_an_invalid_rule_is_an_answer_with_one_entry_per_wrong_part(stub: Stub) -> None:
    found = stub.ValidateRule(
        pb.ValidateRuleRequest(rule="FREQ=DAILY;BYMONTHDAY=32;COUNT=2;UNTIL=20261231"),
        metadata=AS_USER,
    )
    assert not found.valid
    assert not found.HasField("rule") and not found.HasField("description")
    assert [(e.part, e.message) for e in found.errors] == [
        ("BYMONTHDAY", "BYMONTHDAY=32: a day of the month must be 1 to 31 or -31 to -1"),
        ("UNTIL", "COUNT and UNTIL cannot both be given (RFC 5545 §3.3.10)"),
    ]


@pytest.mark.parametrize(
    ("rule", "why"),
    [("", "is required"), ("  RRULE:  ", "is required"),
     ("FREQ=DAILY;" + ";" * 490, "must be at most 500 characters long")],
)  # fmt: skip
def test_validate_without_a_rule_is_400_naming_rule(stub: Stub, rule: str, why: str) -> None:
    error = refusal(lambda: stub.ValidateRule(pb.ValidateRuleRequest(rule=rule), metadata=AS_USER))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert error.reason == "VALIDATION_ERROR"
    assert error.violations == (FieldViolation("rule", why),)


def test_the_service_needs_a_caller(stub: Stub) -> None:
    error = refusal(lambda: stub.ValidateRule(pb.ValidateRuleRequest(rule="FREQ=DAILY")))
    assert error.code is grpc.StatusCode.UNAUTHENTICATED


# --- DescribeRule -----------------------------------------------------------------------


def test_describe_gives_the_canonical_rule_and_its_english(stub: Stub) -> None:
    found = stub.DescribeRule(
        pb.DescribeRuleRequest(rule="FREQ=MONTHLY;BYDAY=-1FR"), metadata=AS_USER
    )
    assert (found.rule, found.description) == (
        "FREQ=MONTHLY;BYDAY=-1FR",
        "Monthly on the last Friday",
    )


def test_describing_an_invalid_rule_is_400_naming_rule_with_every_wrong_part(stub: Stub) -> None:
    error = refusal(
        lambda: stub.DescribeRule(
            pb.DescribeRuleRequest(rule="FREQ=HOURLY;INTERVAL=0"), metadata=AS_USER
        )
    )
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert error.violations == (
        FieldViolation(
            "rule",
            "FREQ=HOURLY: planned dates are days; FREQ must be DAILY, WEEKLY, MONTHLY or "
            "YEARLY; INTERVAL=0: must be a positive integer",
        ),
    )


# --- GenerateInstances ------------------------------------------------------------------


def _instances(stub: Stub, **fields: object) -> pb.GenerateInstancesResponse:
    request = pb.GenerateInstancesRequest(**fields)  # type: ignore[arg-type]
    found: pb.GenerateInstancesResponse = stub.GenerateInstances(request, metadata=AS_USER)
    return found


def test_instances_list_the_series_dates(stub: Stub) -> None:
    found = _instances(stub, rule="FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", start_date=_day(2026, 1, 1))
    assert [(d.year, d.month, d.day) for d in found.dates] == [
        (2026, 1, 30),
        (2026, 2, 27),
        (2026, 3, 27),
    ]
    assert (found.count, found.truncated) == (3, False)


def test_instances_stop_at_end_date_inclusive(stub: Stub) -> None:
    found = _instances(
        stub, rule="FREQ=WEEKLY", start_date=_day(2026, 1, 1), end_date=_day(2026, 1, 15)
    )
    assert [d.day for d in found.dates] == [1, 8, 15]
    assert not found.truncated


def test_max_count_and_the_cap_truncate(stub: Stub) -> None:
    capped = _instances(stub, rule="FREQ=DAILY", start_date=_day(2026, 1, 1))
    assert (capped.count, capped.truncated) == (1000, True)
    limited = _instances(stub, rule="FREQ=DAILY", start_date=_day(2026, 1, 1), max_count=2)
    assert (limited.count, limited.truncated) == (2, True)
    exact = _instances(stub, rule="FREQ=DAILY;COUNT=2", start_date=_day(2026, 1, 1), max_count=2)
    assert (exact.count, exact.truncated) == (2, False)


@pytest.mark.parametrize(
    ("fields", "violations"),
    [
        ({"start_date": _day(2026, 1, 1)}, [("rule", "is required")]),
        ({"rule": "FREQ=DAILY"}, [("start_date", "is required")]),
        ({"rule": "FREQ=DAILY", "start_date": _day(2026, 2, 30)},
         [("start_date", "is not a valid calendar date")]),
        ({"rule": "FREQ=DAILY", "start_date": _day(2026, 1, 1), "end_date": _day(2026, 13, 1)},
         [("end_date", "is not a valid calendar date")]),
        ({"rule": "FREQ=DAILY", "start_date": _day(2026, 1, 1), "max_count": 0},
         [("max_count", "must be at least 1")]),
        ({"rule": "FREQ=DAILY", "start_date": _day(2026, 1, 1), "max_count": -5},
         [("max_count", "must be at least 1")]),
        ({"rule": "FREQ=DAILY", "start_date": _day(2026, 1, 1), "max_count": 1001},
         [("max_count", "must be at most 1000")]),
        ({"rule": "FREQ=DAILY;BYMONTH=13", "max_count": 0},
         [("rule", "BYMONTH=13: a month must be 1 to 12"), ("start_date", "is required"),
          ("max_count", "must be at least 1")]),
    ],
)  # fmt: skip
def test_bad_fields_are_400_naming_each_of_them(
    stub: Stub, fields: dict[str, object], violations: list[tuple[str, str]]
) -> None:
    error = refusal(lambda: _instances(stub, **fields))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert error.reason == "VALIDATION_ERROR"
    assert [(v.field, v.description) for v in error.violations] == violations


def test_an_end_before_the_start_is_unprocessable_naming_end_date(stub: Stub) -> None:
    error = refusal(
        lambda: _instances(
            stub, rule="FREQ=DAILY", start_date=_day(2026, 1, 2), end_date=_day(2026, 1, 1)
        )
    )
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert error.reason == "UNPROCESSABLE"
    assert error.violations == (FieldViolation("end_date", "must be on or after startDate"),)
