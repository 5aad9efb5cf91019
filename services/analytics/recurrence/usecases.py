"""RecurrenceService's three operations on plain values (no grpc, no storage: rules
are not stored, so there is no unit of work)."""

from __future__ import annotations

from dataclasses import dataclass

from services.analytics.recurrence.describe import describe
from services.analytics.recurrence.expansion import Expansion, expand
from services.analytics.recurrence.model import MAX_INSTANCES, RecurrenceRule, RuleProblem
from services.analytics.recurrence.parsing import check_rule, checked_rule, parse_rule, text_problem
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import FieldViolation, InvalidArgument, Unprocessable, raise_if_any


@dataclass(frozen=True, slots=True)
class Validation:
    """A valid rule and its description, or the problems of an invalid one."""

    rule: RecurrenceRule | None
    description: str | None
    problems: tuple[RuleProblem, ...]


@dataclass(frozen=True, slots=True)
class Description:
    rule: RecurrenceRule
    description: str


def validate_rule(text: str) -> Validation:
    """An invalid rule is an answer here, not an error; a missing one is 400."""
    problem = text_problem(text)
    if problem is not None:
        raise InvalidArgument.for_field("rule", problem)
    rule, problems = check_rule(text)
    if rule is None:
        return Validation(None, None, problems)
    return Validation(rule, describe(rule), ())


def describe_rule(text: str) -> Description:
    rule = parse_rule(text, "rule")
    return Description(rule, describe(rule))


def generate_instances(
    text: str, start: DateParts | None, end: DateParts | None, max_count: int | None
) -> Expansion:
    """The series' dates from `start`; every bad field at once (400), then an end
    before the start (422)."""
    problems: list[FieldViolation] = []
    rule, violation = checked_rule(text, "rule")
    if violation is not None:
        problems.append(violation)
    first = checked_date(start, "start_date", problems)
    if start is None:
        problems.append(FieldViolation("start_date", "is required"))
    last = checked_date(end, "end_date", problems)
    if max_count is not None and max_count < 1:
        problems.append(FieldViolation("max_count", "must be at least 1"))
    if max_count is not None and max_count > MAX_INSTANCES:
        problems.append(FieldViolation("max_count", f"must be at most {MAX_INSTANCES}"))
    raise_if_any(problems)
    assert rule is not None and first is not None
    if last is not None and last < first:
        raise Unprocessable.for_field("end_date", "must be on or after startDate")
    return expand(rule, first, last, max_count or MAX_INSTANCES)
