"""When occurrences fall (pure): a new series' first date, the unpaid occurrences in a
window and the upcoming list with its projected occurrences."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest

from services.analytics.planned_expenses.domain import validate_new
from services.analytics.planned_expenses.schedule import (
    MAX_FOLLOWED,
    first_due,
    occurrences,
    upcoming,
)
from services.runtime.errors import Unprocessable
from tests.services.analytics.planned_expenses.support import TODAY, draft, expense


def test_a_one_off_is_due_when_sent() -> None:
    assert first_due(validate_new(draft(due_date=(2026, 12, 24)))) == date(2026, 12, 24)


def test_a_due_date_of_the_rule_is_the_first_occurrence() -> None:
    new = validate_new(draft(due_date=(2026, 1, 31), recurrence_rule="FREQ=MONTHLY;BYMONTHDAY=-1"))
    assert first_due(new) == date(2026, 1, 31)


def test_a_due_date_off_the_rule_moves_to_the_rules_first_date() -> None:
    new = validate_new(draft(due_date=(2026, 1, 15), recurrence_rule="FREQ=MONTHLY;BYMONTHDAY=-1"))
    assert (new.series_start, first_due(new)) == (date(2026, 1, 15), date(2026, 1, 31))


def test_a_series_with_no_date_from_the_due_date_on_is_422() -> None:
    new = validate_new(draft(due_date=(2026, 3, 1), recurrence_rule="FREQ=DAILY;UNTIL=20260201"))
    with pytest.raises(Unprocessable) as caught:
        first_due(new)
    assert [v.field for v in caught.value.violations] == ["recurrence_rule"]


def test_a_one_off_occurs_once_while_unpaid() -> None:
    one = expense(due=date(2026, 11, 20))
    assert occurrences(one, None, TODAY, date(2026, 12, 31)) == [(1, date(2026, 11, 20))]
    assert occurrences(one, None, TODAY, date(2026, 11, 19)) == []
    assert occurrences(one, None, date(2026, 11, 21), date(2026, 12, 31)) == []
    assert occurrences(dataclasses.replace(one, is_paid=True), None, TODAY, date(2027, 1, 1)) == []


def test_a_weekly_series_occurs_every_week_of_the_window_numbered() -> None:
    weekly = expense(due=date(2026, 11, 12), rule="FREQ=WEEKLY", occurrence=3)
    assert occurrences(weekly, weekly.rule(), TODAY, date(2026, 12, 3)) == [
        (3, date(2026, 11, 12)),
        (4, date(2026, 11, 19)),
        (5, date(2026, 11, 26)),
        (6, date(2026, 12, 3)),
    ]


def test_an_overdue_series_counts_its_missed_dates_before_the_window() -> None:
    weekly = expense(due=date(2026, 10, 22), rule="FREQ=WEEKLY")
    found = occurrences(weekly, weekly.rule(), TODAY, date(2026, 11, 30))
    assert found == [(4, date(2026, 11, 12)), (5, date(2026, 11, 19)), (6, date(2026, 11, 26))]


def test_a_count_series_stops_at_its_end() -> None:
    three = expense(
        due=date(2026, 11, 15),
        rule="FREQ=MONTHLY;COUNT=3",
        start=date(2026, 10, 15),
        occurrence=2,
    )
    found = occurrences(three, three.rule(), TODAY, date(2027, 12, 31))
    assert found == [(2, date(2026, 11, 15)), (3, date(2026, 12, 15))]


def test_a_series_is_followed_a_bounded_number_of_times() -> None:
    daily = expense(due=date(2020, 1, 1), rule="FREQ=DAILY")
    found = occurrences(daily, daily.rule(), date(2020, 1, 1), date(2030, 1, 1))
    assert len(found) == MAX_FOLLOWED


def test_upcoming_lists_each_occurrence_soonest_first() -> None:
    weekly = expense(due=date(2026, 11, 12), amount="5.00", rule="FREQ=WEEKLY", title="Gym")
    rent = expense(due=date(2026, 11, 14), amount="950.00", title="Rent")
    late = expense(due=date(2026, 11, 1), title="Late")  # overdue: not upcoming
    found = upcoming([rent, weekly, late], TODAY, date(2026, 11, 26))
    assert [(e.title, e.due_date, e.occurrence, e.is_projected) for e in found] == [
        ("Gym", date(2026, 11, 12), 1, False),
        ("Rent", date(2026, 11, 14), 1, False),
        ("Gym", date(2026, 11, 19), 2, True),
        ("Gym", date(2026, 11, 26), 3, True),
    ]
    assert found[0] is weekly and found[2].id == weekly.id
    assert found[2].notify_on == date(2026, 11, 16)


def test_upcoming_window_edges_are_inclusive() -> None:
    on_the_day = expense(due=TODAY)
    at_the_end = expense(due=date(2026, 12, 10))
    found = upcoming([on_the_day, at_the_end], TODAY, date(2026, 12, 10))
    assert [e.due_date for e in found] == [TODAY, date(2026, 12, 10)]
