"""The words a chart request chooses from (pure): chartType, period. The edge refuses
unknown words; a direct gRPC caller's unknown enum number arrives as "#<number>"
(protoconv.request_enum_text) and is refused here, naming the field, in the edge's
words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from services.runtime.errors import InvalidArgument

W = TypeVar("W", bound=str)


def choice(value: str | None, allowed: Sequence[W], default: W, field: str) -> W:
    """`value` when it is one of `allowed`, `default` when not given."""
    if value is None:
        return default
    for word in allowed:
        if value == word:
            return word
    raise InvalidArgument.for_field(field, "must be one of: " + ", ".join(allowed))
