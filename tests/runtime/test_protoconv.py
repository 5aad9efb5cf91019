"""The request conversions of services.runtime.protoconv the servicers share: enum
numbers to REST names (an out-of-range number from a gRPC caller becomes "#<number>", a
name no value has, refused by the domain), required ids, optional dates."""

from __future__ import annotations

import uuid
from datetime import date

import pytest
from finplat.analytics.v1 import goals_pb2, scenarios_pb2
from google.type import date_pb2

from services.runtime.errors import InvalidArgument
from services.runtime.protoconv import optional_date_pb, request_enum_text, required_uuid


def test_an_enum_number_becomes_its_rest_name() -> None:
    assert (
        request_enum_text(goals_pb2.GOAL_STATUS_ON_HOLD, goals_pb2.GoalStatus, "GOAL_STATUS_")
        == "on_hold"
    )
    assert (
        request_enum_text(
            scenarios_pb2.SCENARIO_FREQUENCY_BIWEEKLY,
            scenarios_pb2.ScenarioFrequency,
            "SCENARIO_FREQUENCY_",
        )
        == "biweekly"
    )


def test_unspecified_is_not_sent() -> None:
    assert request_enum_text(0, goals_pb2.GoalStatus, "GOAL_STATUS_") is None


@pytest.mark.parametrize("number", [9, -1, 2**31 - 1])
def test_a_number_the_enum_lacks_is_a_name_no_value_has(number: int) -> None:
    """A direct gRPC caller may send any number: the domain refuses the name, naming
    the field, instead of the servicer failing."""
    assert request_enum_text(number, goals_pb2.GoalPriority, "GOAL_PRIORITY_") == f"#{number}"


def test_a_required_id() -> None:
    some = uuid.uuid4()
    assert required_uuid(str(some)) == some
    with pytest.raises(InvalidArgument) as missing:
        required_uuid("")
    assert [(v.field, v.description) for v in missing.value.violations] == [("id", "is required")]
    with pytest.raises(InvalidArgument) as malformed:
        required_uuid("42", "item_id")
    assert [(v.field, v.description) for v in malformed.value.violations] == [
        ("item_id", "must be a UUID")
    ]


def test_an_optional_date() -> None:
    assert optional_date_pb(None) is None
    assert optional_date_pb(date(2026, 2, 28)) == date_pb2.Date(year=2026, month=2, day=28)
