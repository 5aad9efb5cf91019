"""Pages of the main backend's lists: at most MAX_LIMIT items (the API's bound)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from services.runtime.errors import FieldViolation, raise_if_any

T = TypeVar("T")

MAX_LIMIT: Final = 100


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    total: int
    limit: int
    offset: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


def checked_page(limit: int | None, offset: int, default: int) -> tuple[int, int]:
    """(limit, offset): a limit not sent is `default`; 400 naming a bad one."""
    problems: list[FieldViolation] = []
    if limit is not None and not 1 <= limit <= MAX_LIMIT:
        problems.append(FieldViolation("limit", f"must be between 1 and {MAX_LIMIT}"))
    if offset < 0:
        problems.append(FieldViolation("offset", "must be 0 or more"))
    raise_if_any(problems)
    return (default if limit is None else limit), offset
