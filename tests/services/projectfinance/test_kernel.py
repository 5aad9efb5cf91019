"""What the project-finance capabilities share from the kernel and the runtime: the
checks of names, descriptions, sequences and percents (one wording for all), a notes
field of several lines, MoneyB printed at its currency's places, an amount under a
record in the record's currency, and a request's optional Timestamp."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from finplat.projectfinance.v1 import milestones_pb2
from google.protobuf import timestamp_pb2

from services.projectfinance.kernel.fields import (
    checked_description,
    checked_name,
    checked_percent,
    checked_sequence,
)
from services.projectfinance.kernel.money import Money, parse_record_money, stored_money
from services.projectfinance.kernel.proto import money_pb
from services.runtime.errors import FieldViolation
from services.runtime.protoconv import optional_moment
from services.runtime.text_fields import checked_multiline


def _problems(check: object, *args: object) -> tuple[object, list[str]]:
    problems: list[FieldViolation] = []
    value = check(*args, problems)  # type: ignore[operator]
    return value, [f"{p.field}: {p.description}" for p in problems]


@pytest.mark.parametrize(
    ("text", "value", "why"),
    [
        (" Design ", "Design", []),
        ("  ", "", ["name: is required"]),
        ("x" * 201, "x" * 201, ["name: must be at most 200 characters"]),
        ("a\u202eb", "a\u202eb", ["name: must not contain control characters"]),
    ],
)
def test_a_name_is_trimmed_required_bounded_and_visible(
    text: str, value: str, why: list[str]
) -> None:
    assert _problems(checked_name, text, "name") == (value, why)


def test_a_description_may_hold_lines_up_to_2000_characters() -> None:
    assert _problems(checked_description, " a\nb ", "description") == ("a\nb", [])
    assert _problems(checked_description, "x" * 2001, "description")[1] == [
        "description: must be at most 2000 characters"
    ]


@pytest.mark.parametrize(
    ("sent", "why"),
    [
        (1, []),
        (10_000, []),
        (None, ["sequence: is required"]),
        (0, ["sequence: 0 must be between 1 and 10000"]),
        (10_001, ["sequence: 10001 must be between 1 and 10000"]),
    ],
)
def test_a_sequence_is_sent_and_from_1_to_10000(sent: int | None, why: list[str]) -> None:
    assert _problems(checked_sequence, sent, "sequence")[1] == why


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "is required"),
        ("abc", "'abc' is not a decimal number"),
        ("100.01", "100.01 must be between 0 and 100"),
        ("1.005", "1.005 has more than 2 decimal places"),
    ],
)
def test_a_bad_percent_names_its_field(text: str, why: str) -> None:
    assert _problems(checked_percent, text, "completion_percent")[1] == [
        f"completion_percent: {why}"
    ]


def test_a_percent_keeps_its_value() -> None:
    assert _problems(checked_percent, "12.50", "percent") == (Decimal("12.50"), [])


def test_required_text_of_several_lines_is_trimmed_per_line() -> None:
    problems: list[FieldViolation] = []
    assert checked_multiline(" ok \n fine ", "notes", 2000, problems, required=True) == "ok\nfine"
    checked_multiline(" \n ", "notes", 2000, problems, required=True)
    checked_multiline("a\x00b", "description", 2000, problems, required=True)
    assert [(p.field, p.description) for p in problems] == [
        ("notes", "is required"),
        ("description", "must not contain control characters"),
    ]


def test_an_amount_under_a_record_is_in_the_records_currency() -> None:
    problems: list[FieldViolation] = []
    assert parse_record_money("12.50", "EUR", "amount", "EUR", problems) == Money(
        Decimal("12.50"), "EUR"
    )
    parse_record_money("5", "USD", "amount", "EUR", problems, positive=True)
    assert [p.field for p in problems] == ["amount.currency"]


def test_money_is_printed_and_read_back_at_its_currencys_places() -> None:
    assert stored_money(Decimal("10000.0000"), "EUR") == Money(Decimal("10000.00"), "EUR")
    assert str(stored_money(Decimal("300.0000"), "JPY").amount) == "300"
    printed = money_pb(Money(Decimal("1500"), "EUR"))
    assert (printed.amount, printed.currency) == ("1500.00", "EUR")
    assert money_pb(Money(Decimal("1.25"), "KWD")).amount == "1.250"


def test_an_optional_timestamp_is_an_aware_utc_moment_or_none() -> None:
    due = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)
    stamp = timestamp_pb2.Timestamp()
    stamp.FromDatetime(due)
    sent = milestones_pb2.UpdateMilestoneRequest(due_date=stamp)
    assert optional_moment(sent, "due_date") == due
    assert optional_moment(milestones_pb2.UpdateMilestoneRequest(), "due_date") is None
