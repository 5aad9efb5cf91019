"""When a planned expense's occurrences fall (pure): the first due date of a new
series, and the unpaid occurrences inside a window of days (upcoming lists and the
statistics).

A series' dates are the recurrence module's (`rules.instances`, anchored at the
expense's `series_start`). The occurrences still to pay are the current one (`due_date`)
and, for a recurring expense, every later date of its series: each becomes the current
one once the ones before it are paid.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import date
from typing import Final

from services.analytics.planned_expenses.domain import NewExpense, PlannedExpense
from services.analytics.recurrence.rules import RecurrenceRule, instances, next_after
from services.runtime.errors import Unprocessable

# Most occurrences of one series followed from its current one: bounds the work on a
# daily series left unpaid for years (a window of a year holds at most 366 dates).
MAX_FOLLOWED: Final = 1500


def first_due(new: NewExpense) -> date:
    """The first occurrence: the due date sent, or for a recurring expense its series'
    first date (the due date itself, or the rule's first date after it when the due date
    is none of its dates). A series with no date from the due date on is 422."""
    if new.rule is None:
        return new.series_start
    first = instances(new.rule, new.series_start, None, 1)
    if not first:
        raise Unprocessable.for_field("recurrence_rule", "has no date on or after dueDate")
    return first[0]


def occurrences(
    expense: PlannedExpense, rule: RecurrenceRule | None, first: date, last: date
) -> list[tuple[int, date]]:
    """(occurrence number, date) of the expense's unpaid occurrences from `first` to
    `last` inclusive, in order: the current one, then its series' later dates (each
    found by `next_after` on the series anchored at `series_start`, which the
    recurrence module makes cheap whatever the series' age). At most MAX_FOLLOWED
    occurrences are followed from the current one."""
    found: list[tuple[int, date]] = []
    number, due = expense.occurrence, expense.due_date
    if expense.is_paid:
        return found
    for _ in range(MAX_FOLLOWED):
        if due > last:
            break
        if due >= first:
            found.append((number, due))
        following = None if rule is None else next_after(rule, expense.series_start, due)
        if following is None:
            break
        number, due = number + 1, following
    return found


def as_of(expense: PlannedExpense, occurrence: int, due: date) -> PlannedExpense:
    """The expense as it will be at one of its occurrences: itself for the current one,
    a projected copy for a later one."""
    if due == expense.due_date:
        return expense
    return dataclasses.replace(expense, due_date=due, occurrence=occurrence, is_projected=True)


def upcoming(expenses: Iterable[PlannedExpense], first: date, last: date) -> list[PlannedExpense]:
    """Every unpaid occurrence from `first` to `last`, soonest first (then by creation):
    one item per occurrence, a recurring series' later ones projected."""
    found = [
        as_of(expense, number, due)
        for expense in expenses
        for number, due in occurrences(expense, expense.rule(), first, last)
    ]
    return sorted(found, key=lambda e: (e.due_date, e.created_at, e.id.hex))
