"""Pages of the analytics module's lists: `{data, pagination: {limit, offset, total,
hasMore}}`, at most MAX_LIMIT items a page (GAPS: every list's maximum page size is
100), and the checks every list's limit and offset share. Pure: servicers render a page
with `proto_pages.pagination_pb`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from services.runtime.errors import FieldViolation

T = TypeVar("T")

MAX_LIMIT = 100


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    items: list[T]
    total: int
    limit: int
    offset: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


def check_limit(limit: int | None, problems: list[FieldViolation]) -> None:
    """A limit that was sent must be 1..MAX_LIMIT (unsent: the list's own default)."""
    if limit is not None and not 1 <= limit <= MAX_LIMIT:
        problems.append(FieldViolation("limit", f"must be between 1 and {MAX_LIMIT}"))


def check_offset(offset: int, problems: list[FieldViolation]) -> None:
    if offset < 0:
        problems.append(FieldViolation("offset", "must be 0 or more"))
