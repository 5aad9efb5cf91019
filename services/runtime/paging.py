"""Pages of every backend's lists: `{data, pagination: {limit, offset, total,
has_more/hasMore}}`, at most MAX_LIMIT items a page (GAPS: every list's maximum page
size is 100), and the checks every list's limit and offset share. Pure: servicers render
a page into their own proto's Pagination."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from services.runtime.errors import FieldViolation, raise_if_any

T = TypeVar("T")
U = TypeVar("U")

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

    def with_items(self, items: list[U]) -> Page[U]:
        """The same page holding `items` instead (its rows made values, its values
        shown): the total, limit and offset stay."""
        return Page(items, self.total, self.limit, self.offset)


def check_limit(limit: int | None, problems: list[FieldViolation]) -> None:
    """A limit that was sent must be 1..MAX_LIMIT (unsent: the list's own default)."""
    if limit is not None and not 1 <= limit <= MAX_LIMIT:
        problems.append(FieldViolation("limit", f"must be between 1 and {MAX_LIMIT}"))


def check_offset(offset: int, problems: list[FieldViolation]) -> None:
    if offset < 0:
        problems.append(FieldViolation("offset", "must be 0 or more"))


def checked_page(limit: int | None, offset: int, default: int) -> tuple[int, int]:
    """(limit, offset) of a list filtered by nothing else: InvalidArgument naming a bad
    limit or offset; a limit not sent is the list's `default`."""
    problems: list[FieldViolation] = []
    check_limit(limit, problems)
    check_offset(offset, problems)
    raise_if_any(problems)
    return (default if limit is None else limit), offset
