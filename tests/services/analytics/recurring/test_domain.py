"""The pure side of recurring patterns: keys, ids, pages, and the dates patterns expect."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

import pytest

from services.analytics.recurring import domain
from services.analytics.recurring.domain import Series
from services.runtime.errors import InvalidArgument
from tests.services.analytics.recurring.support import a_pattern

USER = uuid.UUID("00000000-0000-4000-8000-00000000a11c")
TODAY = date(2026, 11, 1)


# -- expected dates -----------------------------------------------------------------------


def test_a_weekly_pattern_expects_every_seventh_day() -> None:
    cleaner = a_pattern(
        cadence="weekly", rrule="FREQ=WEEKLY;INTERVAL=1;BYDAY=WE", next_expected=date(2026, 11, 4)
    )
    assert list(domain.expected_dates(cleaner, date(2026, 11, 30))) == [
        date(2026, 11, 4),
        date(2026, 11, 11),
        date(2026, 11, 18),
        date(2026, 11, 25),
    ]


def test_month_end_patterns_keep_their_day_of_the_month() -> None:
    # The 31st: clamped in short months, back to the 31st after them (never drifting).
    rent = a_pattern(rrule="FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31", next_expected=date(2027, 1, 31))
    assert list(domain.expected_dates(rent, date(2027, 4, 30))) == [
        date(2027, 1, 31),
        date(2027, 2, 28),
        date(2027, 3, 31),
        date(2027, 4, 30),
    ]
    # The last day of the month, as the detector writes it past the 28th.
    fee = a_pattern(rrule="FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1", next_expected=date(2026, 11, 30))
    assert list(domain.expected_dates(fee, date(2027, 2, 28))) == [
        date(2026, 11, 30),
        date(2026, 12, 31),
        date(2027, 1, 31),
        date(2027, 2, 28),
    ]


def test_quarterly_and_yearly_patterns_step_by_their_months() -> None:
    water = a_pattern(
        cadence="quarterly",
        rrule="FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=21",
        next_expected=date(2026, 11, 23),  # moved off a weekend by the detector
    )
    assert list(domain.expected_dates(water, date(2027, 6, 1))) == [
        date(2026, 11, 23),
        date(2027, 2, 21),
        date(2027, 5, 21),
    ]
    domain_name = a_pattern(
        cadence="yearly", rrule="FREQ=YEARLY;BYMONTH=10;BYMONTHDAY=11",
        next_expected=date(2027, 10, 11),
    )  # fmt: skip
    assert list(domain.expected_dates(domain_name, date(2028, 10, 11))) == [
        date(2027, 10, 11),
        date(2028, 10, 11),
    ]


def test_an_occurrence_moved_into_the_month_before_is_expected_once() -> None:
    # Rent due on the 1st, paid on Friday 30 October because the 1st is a Sunday.
    rent = a_pattern(rrule="FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1", next_expected=date(2026, 10, 30))
    assert list(domain.expected_dates(rent, date(2027, 1, 1))) == [
        date(2026, 10, 30),
        date(2026, 12, 1),
        date(2027, 1, 1),
    ]
    # And the other way: the 31st moved to Monday the 2nd of the next month.
    fee = a_pattern(rrule="FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31", next_expected=date(2026, 11, 2))
    assert list(domain.expected_dates(fee, date(2027, 1, 31))) == [
        date(2026, 11, 2),
        date(2026, 11, 30),
        date(2026, 12, 31),
        date(2027, 1, 31),
    ]


def test_upcoming_is_every_occurrence_in_the_window_soonest_first() -> None:
    cleaner = a_pattern(
        merchant_name="Sparkle Cleaning",
        cadence="weekly",
        rrule="FREQ=WEEKLY;INTERVAL=1;BYDAY=WE",
        next_expected=date(2026, 11, 4),
        window_days=1,
    )
    netflix = a_pattern()
    unsure = a_pattern(merchant_name="Unsure", confidence=0.79)
    stopped = a_pattern(merchant_name="Stopped", active=False)
    window = domain.upcoming([netflix, cleaner, unsure, stopped], TODAY, 14)
    assert (window.start, window.end) == (date(2026, 11, 2), date(2026, 11, 15))
    assert [(u.pattern.merchant_name, u.expected) for u in window.items] == [
        ("Sparkle Cleaning", date(2026, 11, 4)),
        ("Netflix", date(2026, 11, 8)),
        ("Sparkle Cleaning", date(2026, 11, 11)),
    ]
    first = window.items[0]
    assert (first.window_start, first.window_end) == (date(2026, 11, 3), date(2026, 11, 5))


def test_an_overdue_occurrence_is_not_upcoming_but_the_next_one_is() -> None:
    # Expected yesterday, still within its window: the pattern is active, yet only the
    # following occurrence lies ahead.
    late = a_pattern(
        rrule="FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1",
        next_expected=date(2026, 10, 31),
        window_days=3,
    )
    assert late.is_active(TODAY)
    items = domain.upcoming([late], TODAY, 31).items
    assert [u.expected for u in items] == [date(2026, 11, 30)]


def test_a_pattern_stops_once_its_window_has_passed() -> None:
    pattern = a_pattern(next_expected=date(2026, 10, 20), window_days=3)
    assert pattern.is_active(date(2026, 10, 23))
    assert not pattern.is_active(date(2026, 10, 24))


# -- keys and ids -------------------------------------------------------------------------


def test_rows_without_a_merchant_are_keyed_by_their_normalized_description() -> None:
    rows: list[domain.LeanTransaction] = [
        (date(2026, 1, 22), "a", Decimal("-94.10"), "EUR", None, None,
         "SEPA DIRECT DEBIT VATTENFALL KLANTENSERVICE MREF+M123456 01/2026", None),
        (date(2026, 2, 23), "b", Decimal("-97.30"), "EUR", None, None,
         "SEPA DIRECT DEBIT VATTENFALL KLANTENSERVICE MREF+M123456 02/2026", None),
        (date(2026, 3, 23), "c", Decimal("-90.00"), "EUR", "Vattenfall Klantenservice",
         "vattenfall klantenservice", None, None),
        (date(2026, 3, 9), "d", Decimal("-3.00"), "EUR", None, None, "   ", None),
    ]  # fmt: skip
    occurrences = list(domain.occurrences_of(rows))
    assert [o.transaction_id for o in occurrences] == [0, 1, 2]  # the blank one is left out
    assert {Series.of_key(o.key) for o in occurrences} == {
        Series("EUR", "vattenfall klantenservice")
    }


def test_pattern_ids_are_stable_and_tell_amount_levels_apart() -> None:
    spotify = Series("EUR", "spotify")
    solo = domain.pattern_id_of(USER, spotify, "debit", Decimal("-10.99"))
    assert solo == domain.pattern_id_of(USER, spotify, "debit", Decimal("-11.20"))
    assert solo != domain.pattern_id_of(USER, spotify, "debit", Decimal("-17.99"))
    assert solo != domain.pattern_id_of(USER, spotify, "credit", Decimal("10.99"))
    assert solo != domain.pattern_id_of(uuid.uuid4(), spotify, "debit", Decimal("-10.99"))
    assert solo != domain.pattern_id_of(USER, Series("USD", "spotify"), "debit", Decimal("-10.99"))


# -- pages --------------------------------------------------------------------------------


def test_a_page_is_the_confident_patterns_most_confident_first() -> None:
    patterns = [a_pattern(confidence=c) for c in (0.81, 0.99, 0.5, 0.9, 0.8)]
    page = domain.page_of(patterns, domain.validate_pattern_query(None, 2, 1))
    assert [p.confidence for p in page.items] == [0.9, 0.81]
    assert (page.total, page.limit, page.offset, page.has_more) == (4, 2, 1, True)
    everything = domain.page_of(patterns, domain.validate_pattern_query(0.0, None, 0))
    assert (everything.total, everything.limit, everything.has_more) == (5, 20, False)


@pytest.mark.parametrize(
    ("confidence", "limit", "offset", "field"),
    [
        (1.5, None, 0, "confidence"),
        (-0.1, None, 0, "confidence"),
        (float("nan"), None, 0, "confidence"),
        (None, 0, 0, "limit"),
        (None, 101, 0, "limit"),
        (None, None, -1, "offset"),
    ],
)
def test_bad_page_requests_name_the_field(
    confidence: float | None, limit: int | None, offset: int, field: str
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_pattern_query(confidence, limit, offset)
    assert [v.field for v in caught.value.violations] == [field]


@pytest.mark.parametrize("days", [0, -1, 367])
def test_days_outside_1_to_366_are_refused(days: int) -> None:
    with pytest.raises(InvalidArgument) as caught:
        domain.validate_days(days)
    assert [v.field for v in caught.value.violations] == ["days"]


def test_days_default_to_30() -> None:
    assert domain.validate_days(None) == 30
    assert domain.validate_days(366) == 366
