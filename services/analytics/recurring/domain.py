"""Recurring patterns as the analytics module keeps and answers them (pure).

Detection itself is `detector` (gaps, amounts, confidence); this module turns a user's
transactions into the detector's occurrences, its patterns into stored ones with ids that
survive re-detection, and stored patterns into the pages and predictions the API serves.
"""

from __future__ import annotations

import calendar
import re
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import cast

from services.analytics.fields import count_in
from services.analytics.learning.rules import rule_pattern
from services.analytics.recurring.detector import Cadence, Occurrence, Pattern
from services.analytics.transactions.domain import TransactionType, kind_of
from services.runtime.errors import FieldViolation, raise_if_any
from services.runtime.paging import Page, check_limit, check_offset

Direction = TransactionType  # debit (money out) | credit

DEFAULT_CONFIDENCE = 0.8
DEFAULT_LIMIT = 20
DEFAULT_DAYS = 30
MAX_DAYS = 366
# Only patterns this sure predict transactions (the list's default threshold).
UPCOMING_CONFIDENCE = 0.8
MAX_NAME = 200

# Ids are uuid5 in this namespace of (user, currency, merchant key, direction, amount
# level): the same pattern keeps its id when it is detected again.
_ID_NAMESPACE = uuid.UUID("6b1e8a52-3c2f-5b8e-9d4a-1f0e7c3b2a91")
_BY_MONTH_DAY = re.compile(r"(?:^|;)BYMONTHDAY=(-?\d+)(?:;|$)")
_MONTHS: dict[str, int] = {"monthly": 1, "quarterly": 3, "yearly": 12}
_DAYS: dict[str, int] = {"weekly": 7, "biweekly": 14}


# What detection reads of a transaction, as the database driver's plain tuple: a user
# may hold 100k transactions, and no row object is as cheap to build and to read.
#   (booked_on: the UTC day, id: the UUID as text, amount: signed,
#    currency, merchant_name,
#    merchant_key: lower(merchant_name) as the roll-ups compute it (None without one),
#    description: only for rows without a merchant name (None otherwise),
#    category_id: the UUID as text, or None)
LeanTransaction = tuple[date, str, Decimal, str, str | None, str | None, str | None, str | None]


@dataclass(frozen=True, slots=True)
class StoredPattern:
    """A detected pattern as stored (recurring_patterns), what the API and the saving
    suggestions read."""

    id: uuid.UUID
    merchant_key: str
    merchant_name: str
    category_id: uuid.UUID | None
    currency: str
    direction: Direction
    cadence: Cadence
    rrule: str
    next_expected: date
    window_days: int
    # Signed amounts: the median since the last price change, the smallest, the largest.
    typical_amount: Decimal
    min_amount: Decimal
    max_amount: Decimal
    variation: float
    occurrences: int
    first_seen: date
    last_seen: date
    # As detected; `is_active(today)` also ends it once its window has passed.
    active: bool
    price_changed_on: date | None
    confidence: float
    gap_regularity: float
    amount_stability: float
    count_score: float
    recency: float
    transaction_ids: tuple[uuid.UUID, ...]
    detected_at: datetime

    def is_active(self, today: date) -> bool:
        """Still expected: detected active, and today is not past the next one's window
        (the stored detection may be days old when nothing changed since)."""
        return self.active and today <= self.next_expected + timedelta(days=self.window_days)


# -- from transactions to occurrences ---------------------------------------------------


# Joins a detector key's parts; in neither a currency code nor a name.
_SEP = "\x1f"


@dataclass(frozen=True, slots=True)
class Series:
    """What one detector key stands for: a merchant in a currency (the detector keeps
    money out and money in apart itself)."""

    currency: str
    merchant_key: str

    @property
    def key(self) -> str:
        return f"{self.currency}{_SEP}{self.merchant_key}"

    @classmethod
    def of_key(cls, key: str) -> Series:
        currency, merchant_key = key.split(_SEP, 1)
        return cls(currency, merchant_key)


def occurrences_of(rows: Sequence[LeanTransaction]) -> Iterator[Occurrence]:
    """One occurrence per transaction, keyed by currency and merchant (its merchant key,
    else its normalized description); blank ones are left out. Each one's
    transaction_id is the index of its row in `rows`.

    A generator: each occurrence lives only until the detector has read it, so a large
    history's garbage collections have that many fewer objects to walk.
    """
    keys: dict[tuple[str, str], str] = {}
    described: dict[str, str] = {}
    for index, (booked_on, _, amount, currency, _, merchant_key, description, _) in enumerate(rows):
        merchant = merchant_key or description_key(description or "", described)
        if not merchant:
            continue
        key = keys.get((currency, merchant))
        if key is None:
            key = keys[currency, merchant] = Series(currency, merchant).key
        # Positional: this runs once per transaction.
        yield Occurrence(booked_on, amount, key, index)


def description_key(description: str, described: dict[str, str]) -> str:
    """The key of a transaction without a merchant name: its description as the learned
    rules normalize it (learning.rules.rule_pattern), cached in `described`; "" for a
    blank one."""
    key = described.get(description)
    if key is None:
        try:
            key = rule_pattern(description, None)[:MAX_NAME]
        except ValueError:  # a blank description: nothing to group it by
            key = ""
        described[description] = key
    return key


def stored_patterns(
    user_id: uuid.UUID, found: Iterable[Pattern], rows: Sequence[LeanTransaction], now: datetime
) -> list[StoredPattern]:
    """The detector's patterns as stored, each with its stable id. Two patterns that
    would share an id (one merchant, two series at one amount level) are told apart by
    their order of first appearance, so neither is lost."""
    taken: set[uuid.UUID] = set()
    out: list[StoredPattern] = []
    ordered = sorted(found, key=lambda p: (p.key, p.first_seen, str(p.median_amount)))
    for pattern in ordered:
        series = Series.of_key(pattern.key)
        direction = kind_of(pattern.median_amount)
        # Oldest first, by (day, id): the same order however the rows were read.
        mine = sorted(rows[cast(int, i)] for i in pattern.transaction_ids)
        _, _, _, _, latest_name, _, _, latest_category = mine[-1]
        pattern_id = _unique(
            pattern_id_of(user_id, series, direction, pattern.median_amount), taken
        )
        out.append(
            StoredPattern(
                id=pattern_id,
                merchant_key=series.merchant_key,
                merchant_name=(latest_name or series.merchant_key).strip()[:MAX_NAME],
                category_id=None if latest_category is None else uuid.UUID(latest_category),
                currency=series.currency,
                direction=direction,
                cadence=pattern.cadence,
                rrule=pattern.rrule,
                next_expected=pattern.next_expected,
                window_days=pattern.window_days,
                typical_amount=pattern.median_amount,
                min_amount=pattern.min_amount,
                max_amount=pattern.max_amount,
                variation=float(pattern.amount_variation),
                occurrences=pattern.occurrences,
                first_seen=pattern.first_seen,
                last_seen=pattern.last_seen,
                active=pattern.active,
                price_changed_on=pattern.price_changed_on,
                confidence=float(pattern.confidence),
                gap_regularity=float(pattern.gap_regularity),
                amount_stability=float(pattern.amount_stability),
                count_score=float(pattern.count_score),
                recency=float(pattern.recency),
                transaction_ids=tuple(uuid.UUID(r[1]) for r in mine),
                detected_at=now,
            )
        )
    return out


def pattern_id_of(
    user_id: uuid.UUID, series: Series, direction: Direction, typical: Decimal
) -> uuid.UUID:
    """The id of a user's pattern: the same merchant, direction and amount level (the
    typical amount to two significant digits: 15.99 and 16.20 are one level) give the
    same id in every detection."""
    level = f"{abs(float(typical)):.2g}"
    name = f"{user_id}|{series.currency}|{series.merchant_key}|{direction}|{level}"
    return uuid.uuid5(_ID_NAMESPACE, name)


def _unique(candidate: uuid.UUID, taken: set[uuid.UUID]) -> uuid.UUID:
    pattern_id, n = candidate, 1
    while pattern_id in taken:
        n += 1
        pattern_id = uuid.uuid5(candidate, str(n))
    taken.add(pattern_id)
    return pattern_id


# -- listing ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PatternQuery:
    confidence: float
    limit: int
    offset: int


def validate_pattern_query(
    confidence: float | None, limit: int | None, offset: int
) -> PatternQuery:
    problems: list[FieldViolation] = []
    # `not a <= x <= b` also refuses NaN.
    if confidence is not None and not 0.0 <= confidence <= 1.0:
        problems.append(FieldViolation("confidence", "must be between 0 and 1"))
    check_limit(limit, problems)
    check_offset(offset, problems)
    raise_if_any(problems)
    return PatternQuery(
        DEFAULT_CONFIDENCE if confidence is None else confidence,
        DEFAULT_LIMIT if limit is None else limit,
        offset,
    )


def page_of(patterns: Iterable[StoredPattern], query: PatternQuery) -> Page[StoredPattern]:
    """The patterns at least as confident as asked, most confident first (ties: the
    latest seen, then by id, so pages never overlap)."""
    matching = sorted(
        (p for p in patterns if p.confidence >= query.confidence),
        key=lambda p: (-p.confidence, -p.last_seen.toordinal(), str(p.id)),
    )
    chosen = matching[query.offset : query.offset + query.limit]
    return Page(chosen, len(matching), query.limit, query.offset)


# -- upcoming -----------------------------------------------------------------------------


def validate_days(days: int | None) -> int:
    problems: list[FieldViolation] = []
    checked = count_in(days, "days", DEFAULT_DAYS, MAX_DAYS, problems)
    raise_if_any(problems)
    return checked


@dataclass(frozen=True, slots=True)
class Upcoming:
    pattern: StoredPattern
    expected: date
    window_start: date
    window_end: date


@dataclass(frozen=True, slots=True)
class UpcomingWindow:
    start: date  # tomorrow
    end: date  # today + days
    items: list[Upcoming]


def upcoming(patterns: Iterable[StoredPattern], today: date, days: int) -> UpcomingWindow:
    """Every occurrence the active, confident patterns expect in (today, today + days],
    soonest first (several per pattern when its cadence is shorter than the window)."""
    end = today + timedelta(days=days)
    items = [
        Upcoming(p, expected, expected - timedelta(days=p.window_days),
                 expected + timedelta(days=p.window_days))
        for p in patterns
        if p.confidence >= UPCOMING_CONFIDENCE and p.is_active(today)
        for expected in expected_dates(p, end)
        if expected > today
    ]  # fmt: skip
    items.sort(key=lambda u: (u.expected, -u.pattern.confidence, u.pattern.merchant_name))
    return UpcomingWindow(today + timedelta(days=1), end, items)


def expected_dates(pattern: StoredPattern, until: date) -> Iterator[date]:
    """The pattern's expected days from its next one up to `until`: its cadence walked
    from next_expected, calendar cadences on the rrule's day of the month (counted from
    the anchor each time, so 31 January → 28 February → 31 March, never drifting).

    The detector's next date may be moved off a weekend across a month boundary (the 1st
    paid on the Friday before, 31 October): the later dates count from the month the
    occurrence belongs to (the rule's day nearest the anchor), so that one occurrence is
    never expected twice (31 October and 1 November)."""
    anchor = pattern.next_expected
    step_days = _DAYS.get(pattern.cadence)
    month_day = _month_day(pattern.rrule, anchor)
    nominal = min(
        (_months_after(anchor, k, month_day) for k in (-1, 0, 1)),
        key=lambda day: abs((day - anchor).days),
    )
    n = 0
    while True:
        if step_days is not None:
            day = anchor + timedelta(days=step_days * n)
        else:
            day = _months_after(nominal, _MONTHS[pattern.cadence] * n, month_day)
            if n == 0:
                day = anchor  # the detector's own next date, weekend shifts included
        if day > until:
            return
        yield day
        n += 1


def _month_day(rrule: str, anchor: date) -> int:
    found = _BY_MONTH_DAY.search(rrule)
    return int(found.group(1)) if found else anchor.day


def _months_after(anchor: date, months: int, month_day: int) -> date:
    index = anchor.year * 12 + anchor.month - 1 + months
    year, month = index // 12, index % 12 + 1
    last = calendar.monthrange(year, month)[1]
    day = min(month_day, last) if month_day > 0 else max(1, last + 1 + month_day)
    return date(year, month, day)
