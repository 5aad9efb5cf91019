"""The constraints the protos declare on request fields, checked once a request is decoded.

Declared once, in the protos: `google.api.field_behavior = REQUIRED` and the constraint
members of `finplat.api.v1.FieldRules` (range, decimal places, length, pattern, format,
allowed values). `check_constraints` enforces them after the binder has filled the
request message, so a REST request breaking one is answered 400 VALIDATION_ERROR naming
the field, in the owning service's error body, before any backend call. edge/openapi
states the very same compiled `FieldConstraints` as JSON Schema keywords, so the document
and the behaviour cannot drift. Backends keep their own validation (zero trust); the
reasons here are worded as theirs.

Presence: a field with presence (a message, a proto3 `optional`) is checked when set; a
plain scalar at its default ("" or 0) counts as not sent. REQUIRED means set and, for a
string, an enum or a repeated field, not empty.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from email_validator import EmailNotValidError, validate_email
from finplat.api.v1 import annotations_pb2
from google.api import field_behavior_pb2
from google.protobuf import descriptor, message

from edge.codec.messages import field_rules
from edge.codec.patterns import python_regex, visible_text_regex
from edge.codec.problems import DecodeFailed, FieldError

FD = descriptor.FieldDescriptor
REQUIRED = "is required"
_INTEGERS = frozenset(
    {
        FD.TYPE_INT32,
        FD.TYPE_SINT32,
        FD.TYPE_SFIXED32,
        FD.TYPE_INT64,
        FD.TYPE_SINT64,
        FD.TYPE_SFIXED64,
        FD.TYPE_UINT32,
        FD.TYPE_FIXED32,
        FD.TYPE_UINT64,
        FD.TYPE_FIXED64,
    }
)
_FLOATS = frozenset({FD.TYPE_DOUBLE, FD.TYPE_FLOAT})
# google.protobuf.*Value: constraints apply to the wrapped value.
_WRAPPERS = frozenset(
    f"google.protobuf.{name}Value"
    for name in ("Double", "Float", "Int64", "UInt64", "Int32", "UInt32", "Bool", "String", "Bytes")
)
HIDDEN = "must not contain control or invisible formatting characters"


def is_required(field: FD) -> bool:
    options: Any = field.GetOptions()
    extension: Any = field_behavior_pb2.field_behavior
    return field_behavior_pb2.REQUIRED in options.Extensions[extension]


def _decimal(text: str, what: str) -> Decimal | None:
    if not text:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise TypeError(f"{what}: {text!r} is not a decimal") from None
    if not value.is_finite():
        raise TypeError(f"{what}: {text!r} is not a finite decimal")
    return value


def decimal_places(value: Decimal) -> int:
    """Digits after the point by value, not spelling ("12.50" has 1); exact for any size."""
    _sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # finite
    zeros = 0
    for digit in reversed(digits):
        if digit:
            break
        zeros += 1
    if zeros == len(digits):
        return 0  # the value is zero
    return max(0, -(exponent + zeros))


def _bound(value: Decimal) -> str:
    return format(value, "f")


@dataclass(frozen=True, slots=True, eq=False)
class FieldConstraints:
    """What one field's value must satisfy, compiled from its options.

    `value_kind`: "string", "number" (integer and float fields, read as numbers) or
    "decimal" (a string field holding a decimal, rendered as a JSON number or string)."""

    field: FD
    value_kind: str
    required: bool = False
    minimum: Decimal | None = None
    maximum: Decimal | None = None
    exclusive_minimum: Decimal | None = None
    exclusive_maximum: Decimal | None = None
    decimal_places: int = 0
    min_length: int = 0
    max_length: int = 0
    pattern: str = ""
    pattern_reason: str = ""
    email: bool = False
    allowed: tuple[str, ...] = ()
    visible_text: bool = False
    regex: re.Pattern[str] | None = None

    @property
    def has_value_rules(self) -> bool:
        return bool(
            self.minimum is not None
            or self.maximum is not None
            or self.exclusive_minimum is not None
            or self.exclusive_maximum is not None
            or self.decimal_places
            or self.min_length
            or self.max_length
            or self.regex is not None
            or self.email
            or self.allowed
            or self.visible_text
        )

    @property
    def skips_default(self) -> bool:
        """Whether the default value ("" or 0) means "not sent" and is never checked."""
        return not self.field.has_presence and not self.field.is_repeated

    def problem(self, value: Any) -> str | None:
        """What is wrong with one value (an element, for a repeated field); None if fine."""
        if self.value_kind == "string":
            return self._text_problem(value)
        if self.value_kind in ("number", "decimal"):
            return self._number_problem(value)
        return None

    def _text_problem(self, text: str) -> str | None:
        if self.allowed and text not in self.allowed:
            return "must be one of: " + ", ".join(self.allowed)
        length = len(text)
        low, high = self.min_length, self.max_length
        if (low and length < low) or (high and length > high):
            if low and high:
                return f"must be {low} to {high} characters long"
            if low:
                return f"must be at least {low} characters long"
            return f"must be at most {high} characters long"
        if self.regex is not None and self.regex.search(text) is None:
            return self.pattern_reason or "has an invalid format"
        if self.visible_text and visible_text_regex().search(text) is None:
            return HIDDEN
        if self.email:
            try:
                validate_email(text, check_deliverability=False)
            except EmailNotValidError as error:
                return str(error)
        return None

    def _number_problem(self, raw: Any) -> str | None:
        try:
            number = Decimal(raw) if isinstance(raw, str | int) else Decimal(repr(raw))
        except InvalidOperation:
            return "must be a number"
        if not number.is_finite():
            return "must be a finite number"
        low, high = self.minimum, self.maximum
        if low is not None and high is not None and not low <= number <= high:
            return f"must be between {_bound(low)} and {_bound(high)}"
        if self.exclusive_minimum is not None and number <= self.exclusive_minimum:
            return f"must be greater than {_bound(self.exclusive_minimum)}"
        if low is not None and number < low:
            return f"must be at least {_bound(low)}"
        if self.exclusive_maximum is not None and number >= self.exclusive_maximum:
            return f"must be less than {_bound(self.exclusive_maximum)}"
        if high is not None and number > high:
            return f"must be at most {_bound(high)}"
        if self.decimal_places and decimal_places(number) > self.decimal_places:
            return f"must have at most {self.decimal_places} decimal places"
        return None


def _value_field(field: FD) -> FD:
    """The field whose type the value has (a wrapper's `value`)."""
    if field.message_type is not None and field.message_type.full_name in _WRAPPERS:
        inner: FD = field.message_type.fields_by_name["value"]
        return inner
    return field


def _value_kind(field: FD, rules: annotations_pb2.FieldRules | None) -> str:
    value_field = _value_field(field)
    if value_field.type == FD.TYPE_STRING:
        decimal = rules is not None and (rules.decimal_number or rules.decimal_string)
        return "decimal" if decimal else "string"
    if value_field.type in _INTEGERS or value_field.type in _FLOATS:
        return "number"
    return "other"


def field_constraints(field: FD) -> FieldConstraints | None:
    """The compiled constraints of `field`; None when it declares none. Declarations that
    do not fit the field's type raise TypeError (at start-up, not per request)."""
    required = is_required(field)
    rules = field_rules(field)
    kind = _value_kind(field, rules)
    name = field.full_name
    if rules is None:
        return _checked(FieldConstraints(field, kind, required=True)) if required else None
    regex = None
    if rules.pattern:
        try:
            regex = python_regex(rules.pattern)
        except (ValueError, re.error) as exc:
            raise TypeError(f"{name}: {exc}") from None
    constraints = FieldConstraints(
        field,
        kind,
        required=required,
        minimum=_decimal(rules.minimum, f"{name} minimum"),
        maximum=_decimal(rules.maximum, f"{name} maximum"),
        exclusive_minimum=_decimal(rules.exclusive_minimum, f"{name} exclusive_minimum"),
        exclusive_maximum=_decimal(rules.exclusive_maximum, f"{name} exclusive_maximum"),
        decimal_places=rules.decimal_places,
        min_length=rules.min_length,
        max_length=rules.max_length,
        pattern=rules.pattern,
        pattern_reason=rules.pattern_reason,
        email=rules.format == annotations_pb2.STRING_FORMAT_EMAIL,
        allowed=tuple(rules.allowed_values),
        visible_text=rules.visible_text,
        regex=regex,
    )
    if not constraints.required and not constraints.has_value_rules:
        return None
    return _checked(constraints)


def _checked(c: FieldConstraints) -> FieldConstraints:
    name = c.field.full_name
    numeric = (c.minimum, c.maximum, c.exclusive_minimum, c.exclusive_maximum)
    if any(v is not None for v in numeric) and c.value_kind not in ("number", "decimal"):
        raise TypeError(f"{name}: a range needs an integer, float or decimal field")
    if c.decimal_places and c.value_kind != "decimal":
        raise TypeError(f"{name}: decimal_places needs a decimal field")
    text = c.min_length or c.max_length or c.regex is not None or c.email or c.allowed
    text = text or c.visible_text
    if text and c.value_kind != "string":
        raise TypeError(f"{name}: length, pattern, format and values need a string field")
    if c.field.message_type is not None and c.field.message_type.GetOptions().map_entry:
        raise TypeError(f"{name}: constraints on map fields are not supported")
    emptiable = c.field.type in (FD.TYPE_STRING, FD.TYPE_BYTES, FD.TYPE_ENUM)
    if c.required and not (c.field.is_repeated or c.field.has_presence or emptiable):
        raise TypeError(
            f"{name}: REQUIRED cannot be checked on a number or bool without presence "
            "(0 and false look unset): make the field `optional`"
        )
    return c


class MessageConstraints:
    """Every declared constraint of one message type and of the messages inside it."""

    __slots__ = ("fields", "nested")

    def __init__(self) -> None:
        self.fields: list[FieldConstraints] = []
        # Message fields whose type declares constraints somewhere inside.
        self.nested: list[tuple[FD, MessageConstraints]] = []

    @property
    def empty(self) -> bool:
        return not self.fields and not self.nested

    def collect(self, msg: Any, prefix: str, out: list[FieldError]) -> None:
        """Append every violation in `msg`; paths are proto paths ("expense.amount")."""
        for c in self.fields:
            _check_field(c, msg, prefix, out)
        for field, inner in self.nested:
            name = field.name
            path = f"{prefix}{name}"
            if field.is_repeated:
                for index, item in enumerate(getattr(msg, name)):
                    inner.collect(item, f"{path}[{index}].", out)
            elif msg.HasField(name):
                inner.collect(getattr(msg, name), f"{path}.", out)


def _check_field(c: FieldConstraints, msg: Any, prefix: str, out: list[FieldError]) -> None:
    field = c.field
    name = field.name
    path = f"{prefix}{name}"
    if field.is_repeated:
        values = getattr(msg, name)
        if c.required and not values:
            out.append(FieldError(path, REQUIRED))
        if c.has_value_rules:
            for index, value in enumerate(values):
                problem = c.problem(value)
                if problem is not None:
                    out.append(FieldError(f"{path}[{index}]", problem))
        return
    if field.has_presence:
        if not msg.HasField(name):
            if c.required:
                out.append(FieldError(path, REQUIRED))
            return
        value = getattr(msg, name)
        if field.message_type is not None:
            if field.message_type.full_name not in _WRAPPERS:
                return  # a message: presence is all there is to check here
            value = value.value
    else:
        value = getattr(msg, name)
        if not value:  # "", b"", 0: not sent
            if c.required:
                out.append(FieldError(path, REQUIRED))
            return
    if c.has_value_rules:
        problem = c.problem(value)
        if problem is not None:
            out.append(FieldError(path, problem))


_COMPILED: dict[str, MessageConstraints] = {}
_COMPILING: set[str] = set()


def message_constraints(message_type: descriptor.Descriptor) -> MessageConstraints:
    """The (cached) constraints of a message type. Registered before compiling, so
    recursive types terminate (a type still compiling is kept as nested: its
    constraints are not known yet)."""
    compiled = _COMPILED.get(message_type.full_name)
    if compiled is not None:
        return compiled
    compiled = _COMPILED[message_type.full_name] = MessageConstraints()
    _COMPILING.add(message_type.full_name)
    try:
        _compile(message_type, compiled)
    finally:
        _COMPILING.discard(message_type.full_name)
    return compiled


def _compile(message_type: descriptor.Descriptor, compiled: MessageConstraints) -> None:
    for field in message_type.fields:
        constraints = field_constraints(field)
        if constraints is not None:
            compiled.fields.append(constraints)
        inner_type = field.message_type
        if (
            inner_type is None
            or inner_type.GetOptions().map_entry
            or inner_type.full_name in _WRAPPERS
            or inner_type.full_name.startswith(("google.protobuf.", "google.type."))
        ):
            continue
        inner = message_constraints(inner_type)
        if not inner.empty or inner_type.full_name in _COMPILING:
            compiled.nested.append((field, inner))


def check_constraints(msg: message.Message, translate: Callable[[str], str]) -> None:
    """Raise DecodeFailed listing every declared constraint `msg` breaks, each named by
    `translate(proto path)` (the request binder's client-side JSON path)."""
    message_type: Any = msg.DESCRIPTOR
    compiled = message_constraints(message_type)
    if compiled.empty:
        return
    found: list[FieldError] = []
    compiled.collect(msg, "", found)
    if found:
        raise DecodeFailed([FieldError(translate(e.field), e.reason) for e in found])
