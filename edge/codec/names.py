"""JSON spellings: field keys per the service's JsonNaming, and short enum value names."""

from __future__ import annotations

import re

from finplat.api.v1 import annotations_pb2
from google.protobuf import descriptor

SNAKE_CASE = annotations_pb2.JSON_NAMING_SNAKE_CASE


def lower_camel(name: str) -> str:
    """protoc's default json_name: underscores removed, the next letter upper-cased."""
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def json_key(field: descriptor.FieldDescriptor, naming: int) -> str:
    """The key REST clients use for `field`.

    snake_case services use the proto name, except where a field declares an explicit
    json_name (the spec's `AmountMinor`): an explicit name always wins. Otherwise
    (lowerCamelCase / unspecified) the json_name, which protoc derives when not set.
    """
    if naming == SNAKE_CASE:
        explicit = field.json_name != lower_camel(field.name)
        return field.json_name if explicit else field.name
    return field.json_name


def enum_prefix(enum: descriptor.EnumDescriptor) -> str:
    """The prefix stripped from value names: `BUDGET_PERIOD_` for BudgetPeriod.

    Taken from the zero value when it is `<PREFIX>UNSPECIFIED` (buf STANDARD requires it),
    else derived from the type name.
    """
    zero = enum.values_by_number.get(0)
    if zero is not None and zero.name.endswith("_UNSPECIFIED"):
        return zero.name[: -len("UNSPECIFIED")]
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", enum.name).upper() + "_"


def enum_names(enum: descriptor.EnumDescriptor) -> dict[int, str]:
    """Value number → JSON name ("monthly"); the `_UNSPECIFIED` zero value has none."""
    prefix = enum_prefix(enum)
    names: dict[int, str] = {}
    for value in enum.values:
        if value.number == 0 and value.name.endswith("_UNSPECIFIED"):
            continue
        short = value.name[len(prefix) :] if value.name.startswith(prefix) else value.name
        names.setdefault(value.number, short.lower())
    return names
