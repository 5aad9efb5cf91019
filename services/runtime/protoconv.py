"""Proto ⇄ Python conversions every backend's servicers need (ids, timestamps, dates)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from google.protobuf import timestamp_pb2
from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper
from google.protobuf.message import Message
from google.type import date_pb2

from services.runtime.errors import InvalidArgument

# google.type.Date as plain numbers: (year, month, day), validated by the domain.
DateParts = tuple[int, int, int]


def parse_uuid(value: str, field: str = "id") -> uuid.UUID:
    """A UUID id from a request. The edge validates the format too; direct gRPC callers
    don't go through the edge."""
    try:
        return uuid.UUID(value)
    except ValueError:
        raise InvalidArgument.for_field(field, "must be a UUID") from None


def required_uuid(value: str, field: str = "id") -> uuid.UUID:
    """`parse_uuid` of an id a request must carry: an empty one "is required" rather
    than malformed."""
    if not value:
        raise InvalidArgument.for_field(field, "is required")
    return parse_uuid(value, field)


def timestamp(moment: datetime) -> timestamp_pb2.Timestamp:
    stamp = timestamp_pb2.Timestamp()
    stamp.FromDatetime(moment)  # aware datetimes are converted to UTC
    return stamp


def optional_timestamp(moment: datetime | None) -> timestamp_pb2.Timestamp | None:
    return None if moment is None else timestamp(moment)


def optional_moment(request: Message, field: str) -> datetime | None:
    """The Timestamp field `field` of `request` as an aware UTC datetime; None when not
    sent."""
    stamp: timestamp_pb2.Timestamp | None = sent(request, field)
    return None if stamp is None else stamp.ToDatetime(tzinfo=UTC)


def date_pb(day: date) -> date_pb2.Date:
    return date_pb2.Date(year=day.year, month=day.month, day=day.day)


def optional_date_pb(day: date | None) -> date_pb2.Date | None:
    return None if day is None else date_pb(day)


def date_parts(message: date_pb2.Date) -> DateParts | None:
    """(year, month, day), or None for an unset date; a partial date is left for the
    domain's calendar validation to refuse (a day of 0 is no calendar day)."""
    if message.year == message.month == message.day == 0:
        return None
    return (message.year, message.month, message.day)


def optional_date(parent: Message, field: str) -> DateParts | None:
    """The date field `field` of `parent` as parts, None when unset."""
    message: date_pb2.Date = getattr(parent, field)
    return date_parts(message) if parent.HasField(field) else None


def enum_text(value: int, names: Callable[[int], str], prefix: str) -> str | None:
    """An enum value as the REST name the edge shows: DATA_SOURCE_CREDIT_CARD →
    "credit_card" (`names` is the enum's `Name`); the _UNSPECIFIED zero → None."""
    return None if value == 0 else names(value).removeprefix(prefix).lower()


def request_enum_text(value: int, enum: EnumTypeWrapper, prefix: str) -> str | None:
    """`enum_text` of an enum field of a request. A number the enum does not have (from
    a direct gRPC caller: the edge refuses unknown names) becomes "#<number>", a name no
    value has, so that the domain refuses it naming the field like any other bad value."""
    if value not in enum.values():
        return f"#{value}"
    return enum_text(value, enum.Name, prefix)


def sent(request: Message, field: str) -> Any:
    """The value of an optional (presence-tracking) field, None when not sent."""
    return getattr(request, field) if request.HasField(field) else None
