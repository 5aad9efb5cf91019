"""Converters for message types that JSON shows as a single value.

Timestamp/Duration/FieldMask use protobuf's own JSON strings; google.type.Date is a
civil "YYYY-MM-DD"; wrappers are their bare value; Struct/Value/ListValue are free-form
JSON. Each returns a message for the field codec to `CopyFrom`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from google.protobuf import (
    descriptor,
    duration_pb2,
    field_mask_pb2,
    message,
    struct_pb2,
    timestamp_pb2,
    wrappers_pb2,
)
from google.type import date_pb2

from edge.codec.jsonbody import NumberLiteral
from edge.codec.problems import Invalid
from edge.codec.scalars import OMIT, ValueCodec, is_text, scalar_codec

_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})\Z")


class TimestampCodec(ValueCodec):
    is_message = True

    def from_json(self, value: Any) -> Any:
        if not isinstance(value, str) or "T" not in value.upper():
            raise Invalid("must be an RFC 3339 date-time (e.g. 2026-01-31T09:30:00Z)")
        stamp = timestamp_pb2.Timestamp()
        try:
            stamp.FromJsonString(value.upper())
        except ValueError:
            raise Invalid("must be an RFC 3339 date-time (e.g. 2026-01-31T09:30:00Z)") from None
        return stamp

    @staticmethod
    def _encode(value: Any) -> Any:
        text: str = value.ToJsonString()  # always UTC with a trailing Z
        return text

    to_json = _encode


class DurationCodec(ValueCodec):
    is_message = True

    def from_json(self, value: Any) -> Any:
        duration = duration_pb2.Duration()
        try:
            duration.FromJsonString(value)
        except (ValueError, TypeError, AttributeError):
            raise Invalid('must be a duration in seconds (e.g. "1.5s")') from None
        return duration

    @staticmethod
    def _encode(value: Any) -> Any:
        text: str = value.ToJsonString()
        return text

    to_json = _encode


class FieldMaskCodec(ValueCodec):
    is_message = True

    def from_json(self, value: Any) -> Any:
        if not is_text(value):
            raise Invalid("must be a comma-separated list of field paths")
        mask = field_mask_pb2.FieldMask()
        mask.paths.extend(p.strip() for p in value.split(",") if p.strip())
        return mask

    @staticmethod
    def _encode(value: Any) -> Any:
        return ",".join(value.paths)

    to_json = _encode


class DateCodec(ValueCodec):
    """google.type.Date ⇄ "YYYY-MM-DD", which must be a real calendar date."""

    is_message = True

    def from_json(self, value: Any) -> Any:
        match = _DATE.match(value) if isinstance(value, str) else None
        if match is None:
            raise Invalid("must be a date (YYYY-MM-DD)")
        year, month, day = (int(g) for g in match.groups())
        try:
            dt.date(year, month, day)
        except ValueError:
            raise Invalid("is not a valid calendar date (YYYY-MM-DD)") from None
        return date_pb2.Date(year=year, month=month, day=day)

    @staticmethod
    def _encode(value: Any) -> Any:
        if not (value.year or value.month or value.day):
            return OMIT
        return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"

    to_json = _encode


class WrapperCodec(ValueCodec):
    """google.protobuf.*Value: the bare inner value (null = unset)."""

    is_message = True

    def __init__(self, message_class: type[message.Message]) -> None:
        self.message_class = message_class
        value_field: Any = message_class.DESCRIPTOR.fields_by_name["value"]
        self.inner = scalar_codec(value_field, None)
        self.exact = self.inner.exact
        inner_to_json = self.inner.to_json

        def encode(value: Any) -> Any:
            raw = value.value
            return raw if inner_to_json is None else inner_to_json(raw)

        self.to_json = encode

    def from_json(self, value: Any) -> Any:
        return self.message_class(value=self.inner.from_json(value))

    def from_text(self, text: str) -> Any:
        return self.message_class(value=self.inner.from_text(text))


def _plain(value: Any) -> Any:
    """Exact-parsed JSON → what Struct accepts (NumberLiterals become floats)."""
    if isinstance(value, NumberLiteral):
        return float(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def value_to_json(value: struct_pb2.Value) -> Any:
    kind = value.WhichOneof("kind")
    if kind == "struct_value":
        return struct_to_json(value.struct_value)
    if kind == "list_value":
        return [value_to_json(v) for v in value.list_value.values]
    if kind == "number_value":
        number = value.number_value
        # Struct numbers are doubles; print whole numbers the way they were most likely sent.
        return int(number) if number.is_integer() and abs(number) < 2**53 else number
    if kind == "string_value":
        return value.string_value
    if kind == "bool_value":
        return value.bool_value
    return None


def struct_to_json(value: struct_pb2.Struct) -> dict[str, Any]:
    return {k: value_to_json(v) for k, v in value.fields.items()}


class StructCodec(ValueCodec):
    is_message = True

    def from_json(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise Invalid("must be an object")
        struct = struct_pb2.Struct()
        struct.update(_plain(value))
        return struct

    to_json = staticmethod(struct_to_json)


class AnyValueCodec(ValueCodec):
    """google.protobuf.Value: any JSON value."""

    is_message = True

    def from_json(self, value: Any) -> Any:
        holder = struct_pb2.Struct()
        holder.update({"v": _plain(value)})
        return holder.fields["v"]

    to_json = staticmethod(value_to_json)


class ListValueCodec(ValueCodec):
    is_message = True

    def from_json(self, value: Any) -> Any:
        if not isinstance(value, list):
            raise Invalid("must be an array")
        listed = struct_pb2.ListValue()
        listed.extend(_plain(value))
        return listed

    @staticmethod
    def _encode(value: Any) -> Any:
        return [value_to_json(v) for v in value.values]

    to_json = _encode


_WRAPPERS = (
    wrappers_pb2.DoubleValue,
    wrappers_pb2.FloatValue,
    wrappers_pb2.Int64Value,
    wrappers_pb2.UInt64Value,
    wrappers_pb2.Int32Value,
    wrappers_pb2.UInt32Value,
    wrappers_pb2.BoolValue,
    wrappers_pb2.StringValue,
    wrappers_pb2.BytesValue,
)

_FACTORIES: dict[str, Callable[[], ValueCodec]] = {
    "google.protobuf.Timestamp": TimestampCodec,
    "google.protobuf.Duration": DurationCodec,
    "google.protobuf.FieldMask": FieldMaskCodec,
    "google.protobuf.Struct": StructCodec,
    "google.protobuf.Value": AnyValueCodec,
    "google.protobuf.ListValue": ListValueCodec,
    "google.type.Date": DateCodec,
}
for _cls in _WRAPPERS:
    _FACTORIES[_cls.DESCRIPTOR.full_name] = lambda _c=_cls: WrapperCodec(_c)  # type: ignore[misc]


def well_known_codec(message_type: descriptor.Descriptor) -> ValueCodec | None:
    """The single-value codec of a well-known message type, or None for ordinary messages."""
    factory = _FACTORIES.get(message_type.full_name)
    return factory() if factory is not None else None
