"""The auto-match: which ledger line each statement line is, scored, one to one.

A statement line and a ledger line of the statement's account *can* match when
- their amounts are equal, signs included: money in on the bank (a positive line) is a
  debit of the cash account, money out a credit (a ledger line's signed amount is its
  debit minus its credit);
- the entry is dated at most `window_days` from the bank's booking day.

Such a pair scores 0.5 + 0.3 * date closeness + 0.2 * text similarity, in [0.5, 1]:
date closeness is 1 - days apart / (window + 1) (1 on the same day); text similarity is
the share of the shorter text's words found in the other (the statement line's text,
reference and payee against the ledger line's description, the entry's memo, number
and source event; words are runs of two or more letters or of digits, numbers
compared without leading zeros).

Pairs are taken greedily, best score first (then fewer days apart, then file order):
each line on either side is matched at most once, so a better pair is never displaced
by a worse one. Candidates come from an index of the ledger lines by amount, each
amount's lines sorted by date and bisected for a line's window, so the work grows with
the lines and the candidates in their windows, not with the product of the two sides.
"""

from __future__ import annotations

import re
import uuid
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Final

from services.runtime.errors import FieldViolation, raise_if_any

DEFAULT_WINDOW_DAYS: Final = 3
MAX_WINDOW_DAYS: Final = 31
DEFAULT_MIN_SCORE: Final = 0.5
BASE_SCORE: Final = 0.5
DATE_WEIGHT: Final = 0.3
TEXT_WEIGHT: Final = 0.2
_WORD: Final = re.compile(r"[0-9]+|[a-z]{2,}")


@dataclass(frozen=True, slots=True)
class BankLine:
    """An unmatched statement line, as the auto-match sees it."""

    id: uuid.UUID
    booked_on: date
    amount: Decimal
    text: str


@dataclass(frozen=True, slots=True)
class BookLine:
    """An unmatched posted ledger line of the account."""

    id: uuid.UUID
    entry_id: uuid.UUID
    entry_date: date
    amount: Decimal  # debit - credit, in the account's currency
    text: str


@dataclass(frozen=True, slots=True)
class Pairing:
    statement_line_id: uuid.UUID
    ledger_line_id: uuid.UUID
    entry_id: uuid.UUID
    score: float


@dataclass(frozen=True)
class Settings:
    window_days: int = DEFAULT_WINDOW_DAYS
    min_score: float = DEFAULT_MIN_SCORE


def settings(window_days: int | None, min_score: float | None) -> Settings:
    """The request's settings, defaults filled in; 400 naming a value out of range."""
    problems: list[FieldViolation] = []
    window = DEFAULT_WINDOW_DAYS if window_days is None else window_days
    if not 0 <= window <= MAX_WINDOW_DAYS:
        problems.append(FieldViolation("window_days", f"must be between 0 and {MAX_WINDOW_DAYS}"))
    least = DEFAULT_MIN_SCORE if min_score is None else min_score
    if not 0 <= least <= 1:  # NaN fails too
        problems.append(FieldViolation("min_score", "must be between 0 and 1"))
    raise_if_any(problems)
    return Settings(window, least)


def joined_text(*parts: str | None) -> str:
    """The text a line is compared by: its non-empty parts, space-separated."""
    return " ".join(part for part in parts if part)


def words(text: str) -> frozenset[str]:
    """The words similarity compares: runs of letters (two or more) or of digits, case
    folded, numbers without leading zeros ("INV-2026-000123" → inv, 2026, 123)."""
    return frozenset(
        (word.lstrip("0") or "0") if word[0] <= "9" else word
        for word in _WORD.findall(text.casefold())
    )


def similarity(left: frozenset[str], right: frozenset[str]) -> float:
    """Share of the smaller set's words found in the other (0 when either is empty)."""
    if not left or not right:
        return 0.0
    return len(left & right) / min(len(left), len(right))


def score(days_apart: int, window_days: int, text_similarity: float) -> float:
    closeness = 1 - days_apart / (window_days + 1)
    return round(BASE_SCORE + DATE_WEIGHT * closeness + TEXT_WEIGHT * text_similarity, 4)


@dataclass(frozen=True, slots=True)
class _Bucket:
    """The ledger lines of one amount, by date (bisected for a line's window)."""

    days: list[int]
    lines: list[BookLine]

    def within(self, day: int, window: int) -> list[BookLine]:
        return self.lines[
            bisect_left(self.days, day - window) : bisect_right(self.days, day + window)
        ]


def _by_amount(books: Iterable[BookLine]) -> dict[Decimal, _Bucket]:
    grouped: dict[Decimal, list[BookLine]] = defaultdict(list)
    for line in books:
        grouped[line.amount].append(line)  # Decimal hashes by value: 12.3 == 12.3000
    index = {}
    for amount, lines in grouped.items():
        lines.sort(key=lambda line: (line.entry_date, line.id.int))
        index[amount] = _Bucket([line.entry_date.toordinal() for line in lines], lines)
    return index


def auto_match(
    bank: Sequence[BankLine], books: Iterable[BookLine], chosen: Settings
) -> list[Pairing]:
    """The one-to-one pairs of `bank` (in file order) and `books`, best first."""
    index = _by_amount(books)
    book_words: dict[uuid.UUID, frozenset[str]] = {}
    candidates: list[tuple[float, int, int, BookLine, uuid.UUID]] = []
    for order, line in enumerate(bank):
        bucket = index.get(line.amount)
        if bucket is None:
            continue
        mine: frozenset[str] | None = None
        for book in bucket.within(line.booked_on.toordinal(), chosen.window_days):
            days = abs((book.entry_date - line.booked_on).days)
            if mine is None:
                mine = words(line.text)
            theirs = book_words.get(book.id)
            if theirs is None:
                theirs = book_words[book.id] = words(book.text)
            value = score(days, chosen.window_days, similarity(mine, theirs))
            if value >= chosen.min_score:
                candidates.append((-value, days, order, book, line.id))
    candidates.sort(key=lambda c: (c[0], c[1], c[2], c[3].id.int))
    taken_bank: set[uuid.UUID] = set()
    taken_books: set[uuid.UUID] = set()
    pairs: list[Pairing] = []
    for negative, _, _, book, line_id in candidates:
        if line_id in taken_bank or book.id in taken_books:
            continue
        taken_bank.add(line_id)
        taken_books.add(book.id)
        pairs.append(Pairing(line_id, book.id, book.entry_id, -negative))
    return pairs
