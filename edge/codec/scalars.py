"""Converters for scalar fields: JSON value ⇄ protobuf value, and text (path/query) → value.

Each converter raises `Invalid(reason)`; the message codec adds the field path. `to_json`
is None when the protobuf value already is its JSON form (str, int, bool), which keeps the
encoder's inner loop free of calls.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any, Final

import orjson
from google.api import field_info_pb2
from google.protobuf import descriptor

from edge.codec.jsonbody import NumberLiteral
from edge.codec.names import enum_names
from edge.codec.problems import Invalid
from edge.options import option
from services.runtime.decimal_text import DECIMAL_TEXT

OMIT: Final = object()  # returned by to_json: leave the key out (or print null when nullable)

FD = descriptor.FieldDescriptor
_INT_TEXT = re.compile(r"-?\d+\Z")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")
# Exactly JSON's number grammar: what may go into an orjson.Fragment unchecked.
_JSON_NUMBER = re.compile(r"-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?\Z")


class ValueCodec:
    """JSON/text ⇄ protobuf for one field type. Subclasses override what differs."""

    # True when from_json needs numbers kept as written (see jsonbody.loads).
    exact: bool = False
    # True when from_json/from_text return a message for CopyFrom rather than a scalar.
    is_message: bool = False
    to_json: Callable[[Any], Any] | None = None

    def from_json(self, value: Any) -> Any:
        raise NotImplementedError

    def from_text(self, text: str) -> Any:
        return self.from_json(text)


def is_text(value: Any) -> bool:
    """A JSON string (a number kept as written is a `str` too, but not text)."""
    return isinstance(value, str) and not isinstance(value, NumberLiteral)


# No finplat text may hold NUL: PostgreSQL text columns refuse it (a 500 deep in a
# backend), and no legitimate name, description or identifier contains one.
NUL_FREE_PATTERN = "^[^\\u0000]*$"


class StringCodec(ValueCodec):
    def from_json(self, value: Any) -> Any:
        if not is_text(value):
            raise Invalid("must be a string")
        if "\x00" in value:
            raise Invalid("must not contain NUL characters")
        return value


class UuidCodec(ValueCodec):
    """String fields with (google.api.field_info).format = UUID4, in path, query or body."""

    def from_json(self, value: Any) -> Any:
        if not is_text(value) or _UUID.match(value) is None:
            raise Invalid("must be a UUID")
        return value.lower()


class DecimalNumberCodec(ValueCodec):
    """A decimal string field shown as a JSON number; never routed through float."""

    exact = True

    def from_json(self, value: Any) -> Any:
        if isinstance(value, NumberLiteral):
            return str(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        if isinstance(value, float):  # only when a caller parsed without `exact`
            if not math.isfinite(value):
                raise Invalid("must be a number")
            return repr(value)
        raise Invalid("must be a number")

    def from_text(self, text: str) -> Any:
        return _decimal_text(text, "must be a number")

    @staticmethod
    def _encode(value: Any) -> Any:
        if not value:
            return OMIT
        text = str(value)
        if _JSON_NUMBER.match(text) is None:
            try:
                text = format(Decimal(text), "f")
            except InvalidOperation:
                return OMIT  # a backend bug; better absent than invalid JSON
            if _JSON_NUMBER.match(text) is None:
                return OMIT
        return orjson.Fragment(text)

    to_json = _encode


class DecimalStringCodec(ValueCodec):
    """A decimal shown as a JSON string; numbers are accepted on input, as written."""

    exact = True

    def from_json(self, value: Any) -> Any:
        if isinstance(value, bool):
            raise Invalid("must be a decimal string")
        if isinstance(value, int | NumberLiteral):
            return str(value)
        if isinstance(value, str):
            return _decimal_text(value, "must be a decimal string")
        raise Invalid("must be a decimal string")


def _decimal_text(text: str, reason: str) -> str:
    text = text.strip()
    if DECIMAL_TEXT.match(text) is None:
        raise Invalid(reason)
    return text


class BoolCodec(ValueCodec):
    def from_json(self, value: Any) -> Any:
        if not isinstance(value, bool):
            raise Invalid("must be a boolean")
        return value

    def from_text(self, text: str) -> Any:
        if text == "true":
            return True
        if text == "false":
            return False
        raise Invalid("must be a boolean (true or false)")


class IntCodec(ValueCodec):
    """Integers of any width; JSON numbers (int64 included) or numeric strings.

    Anything not already an int is compared as a Decimal before it becomes one, so a
    5,000-digit number is "out of range", never a failed int(str) conversion."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high
        self.range = f"must be between {low} and {high}"

    def from_json(self, value: Any) -> Any:
        if isinstance(value, bool):
            raise Invalid("must be an integer")
        if isinstance(value, int):
            number: int | Decimal = value
        elif isinstance(value, float | NumberLiteral):
            number = _integral(str(value))
        elif isinstance(value, str) and _INT_TEXT.match(value.strip()):
            number = Decimal(value.strip())
        else:
            raise Invalid("must be an integer")
        if not self.low <= number <= self.high:
            raise Invalid(self.range)
        return int(number)


def _integral(text: str) -> Decimal:
    try:
        number = Decimal(text)
    except InvalidOperation:
        raise Invalid("must be an integer") from None
    if not number.is_finite() or number != number.to_integral_value():
        raise Invalid("must be an integer")
    return number


class FloatCodec(ValueCodec):
    def from_json(self, value: Any) -> Any:
        if isinstance(value, bool):
            raise Invalid("must be a number")
        if isinstance(value, int | float):
            number = float(value)
        elif isinstance(value, NumberLiteral):
            number = float(value)
            if not math.isfinite(number):  # 1e400: more than a double holds
                raise Invalid("is out of range")
        elif isinstance(value, str):
            # A numeric string; proto3 JSON spells the special values "NaN", "Infinity".
            try:
                number = float(value)
            except ValueError:
                raise Invalid("must be a number") from None
        else:
            raise Invalid("must be a number")
        return number

    @staticmethod
    def _encode(value: Any) -> Any:
        # JSON has no NaN/Infinity; proto3 JSON prints them as strings.
        if math.isfinite(value):
            return value
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")

    to_json = _encode


class BytesCodec(ValueCodec):
    def from_json(self, value: Any) -> Any:
        if not is_text(value):
            raise Invalid("must be a base64 string")
        try:
            padded = value + "=" * (-len(value) % 4)
            if "-" in value or "_" in value:
                return base64.urlsafe_b64decode(padded)
            return base64.b64decode(padded, validate=True)
        except (binascii.Error, ValueError):
            raise Invalid("must be a base64 string") from None

    @staticmethod
    def _encode(value: Any) -> Any:
        return base64.b64encode(value).decode("ascii")

    to_json = _encode


class EnumCodec(ValueCodec):
    """`BUDGET_PERIOD_MONTHLY` ⇄ "monthly"; the zero `_UNSPECIFIED` value is "absent"."""

    def __init__(self, enum: descriptor.EnumDescriptor) -> None:
        self.names = enum_names(enum)
        self.numbers = {name: number for number, name in self.names.items()}
        # The full proto name is accepted too (protojson compatibility).
        for value in enum.values:
            if value.number in self.names:
                self.numbers.setdefault(value.name, value.number)
        self.allowed = "must be one of: " + ", ".join(self.names.values())
        names = self.names

        def encode(value: Any) -> Any:
            return names.get(value, OMIT if value == 0 else value)

        self.to_json = encode

    def from_json(self, value: Any) -> Any:
        number = self.numbers.get(value) if is_text(value) else None
        if number is None:
            raise Invalid(self.allowed)
        return number


_INT_RANGES = {
    FD.TYPE_INT32: (-(2**31), 2**31 - 1),
    FD.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FD.TYPE_SFIXED32: (-(2**31), 2**31 - 1),
    FD.TYPE_INT64: (-(2**63), 2**63 - 1),
    FD.TYPE_SINT64: (-(2**63), 2**63 - 1),
    FD.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    FD.TYPE_UINT32: (0, 2**32 - 1),
    FD.TYPE_FIXED32: (0, 2**32 - 1),
    FD.TYPE_UINT64: (0, 2**64 - 1),
    FD.TYPE_FIXED64: (0, 2**64 - 1),
}


def scalar_codec(field: FD, rules: Any) -> ValueCodec:
    """The converter of a non-message field; `rules` is its FieldRules (or None)."""
    kind = field.type
    if kind == FD.TYPE_STRING:
        if rules is not None and rules.decimal_number:
            return DecimalNumberCodec()
        if rules is not None and rules.decimal_string:
            return DecimalStringCodec()
        if _is_uuid(field):
            return UuidCodec()
        return StringCodec()
    if kind == FD.TYPE_BOOL:
        return BoolCodec()
    if kind in _INT_RANGES:
        low, high = _INT_RANGES[kind]
        return IntCodec(low, high)
    if kind in (FD.TYPE_DOUBLE, FD.TYPE_FLOAT):
        return FloatCodec()
    if kind == FD.TYPE_BYTES:
        return BytesCodec()
    if kind == FD.TYPE_ENUM and field.enum_type is not None:
        return EnumCodec(field.enum_type)
    raise TypeError(f"no scalar codec for {field.full_name} (type {kind})")


def _is_uuid(field: FD) -> bool:
    info = option(field.GetOptions(), field_info_pb2.field_info)
    return info is not None and bool(info.format == field_info_pb2.FieldInfo.UUID4)
