"""Proto ⇄ Python conversions every backend's servicers need (ids, timestamps, dates)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date, datetime

from google.protobuf import timestamp_pb2
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


def timestamp(moment: datetime) -> timestamp_pb2.Timestamp:
    stamp = timestamp_pb2.Timestamp()
    stamp.FromDatetime(moment)  # aware datetimes are converted to UTC
    return stamp


def optional_timestamp(moment: datetime | None) -> timestamp_pb2.Timestamp | None:
    return None if moment is None else timestamp(moment)


def date_pb(day: date) -> date_pb2.Date:
    return date_pb2.Date(year=day.year, month=day.month, day=day.day)


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
