"""Scenarios and their items as values and rules (pure): what a valid scenario and item
are, and the rules across fields and against the stored scenario (docs/scenarios.md).

Field problems are 400s naming every bad field at once (`raise_if_any`); rules across
fields or against stored data are 422s (`Unprocessable`). Field names are proto paths:
the edge renames them to the JSON names.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Final, Literal, get_args

from services.analytics import fields
from services.analytics.fields import FIRST_DAY, LAST_DAY, MAX_AMOUNT
from services.runtime.calendar_dates import DateParts, checked_date
from services.runtime.errors import FieldViolation, Unprocessable, raise_if_any

ItemType = Literal["income", "expense"]
Frequency = Literal["once", "weekly", "biweekly", "monthly", "quarterly", "yearly"]
ITEM_TYPES: Final[frozenset[str]] = frozenset(get_args(ItemType))
FREQUENCIES: Final[frozenset[str]] = frozenset(get_args(Frequency))

MIN_DURATION, MAX_DURATION = 1, 120
# A scenario is a plan: the months of a plan's days hold every plausible one and keep
# the horizon (and 100 years before it) far from the calendar's ends.
FIRST_YEAR, LAST_YEAR = FIRST_DAY.year, LAST_DAY.year
MAX_ITEMS = 200
MIN_GROWTH: Final = Decimal("-0.99")
MAX_GROWTH: Final = Decimal("10")
GROWTH_PLACES = 4
# How long before baseMonth an item may start: its growth compounds from its start, so
# this bounds the exponent (at most 110 yearly steps) and keeps every figure exact and
# of a printable size.
MAX_YEARS_BEFORE = 100
DEFAULT_LIMIT = 20
# How scenarios word an amount outside its range (both ends alike).
AMOUNT_RANGE = f"must be above 0 and at most {MAX_AMOUNT}"


@dataclass(frozen=True, slots=True)
class ScenarioItem:
    id: uuid.UUID
    scenario_id: uuid.UUID
    name: str
    description: str | None
    # Each occurrence before growth: positive, 2 places.
    amount: Decimal
    item_type: ItemType
    frequency: Frequency
    start_date: date
    end_date: date | None
    # Yearly, as a fraction ("0.03" = +3 %), 4 places at most.
    growth_rate: Decimal
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class Scenario:
    id: uuid.UUID
    user_id: uuid.UUID
    name: str
    description: str | None
    # The first day of the first month.
    base_month: date
    # Months, 1..MAX_DURATION.
    duration: int
    # In the order they were added.
    items: tuple[ScenarioItem, ...]
    created_at: datetime
    updated_at: datetime

    @property
    def item_count(self) -> int:
        return len(self.items)


# -- what requests carry (None: not sent) ----------------------------------------------


@dataclass(frozen=True, slots=True)
class ScenarioDraft:
    """A scenario body as sent: a create needs name, base_month and duration; an update
    changes only what it sends."""

    name: str | None = None
    description: str | None = None
    # Any moment of the month, aware.
    base_month: datetime | None = None
    duration: int | None = None


@dataclass(frozen=True, slots=True)
class ScenarioValues:
    """A valid scenario's own fields."""

    name: str
    description: str | None
    base_month: date
    duration: int


@dataclass(frozen=True, slots=True)
class ItemDraft:
    """An item body as sent. Enums arrive as their REST names; an unknown number from a
    gRPC caller arrives as a name no value has ("#9")."""

    name: str | None = None
    description: str | None = None
    amount: str | None = None
    item_type: str | None = None
    frequency: str | None = None
    start_date: DateParts | None = None
    end_date: DateParts | None = None
    growth_rate: str | None = None


@dataclass(frozen=True, slots=True)
class ItemValues:
    """A valid item's own fields."""

    name: str
    description: str | None
    amount: Decimal
    item_type: ItemType
    frequency: Frequency
    start_date: date
    end_date: date | None
    growth_rate: Decimal


# -- scenarios -------------------------------------------------------------------------


def validate_new_scenario(draft: ScenarioDraft) -> ScenarioValues:
    problems: list[FieldViolation] = []
    name = fields.name(draft.name, problems)
    description = fields.free_text(draft.description, "description", problems)
    base_month = _base_month(draft.base_month, problems)
    duration = _duration(draft.duration, problems)
    raise_if_any(problems)
    assert name is not None and base_month is not None and duration is not None
    return ScenarioValues(name, description, base_month, duration)


def validate_scenario_changes(scenario: Scenario, draft: ScenarioDraft) -> ScenarioValues:
    """The scenario with the fields sent changed. A new baseMonth must keep every item's
    start within MAX_YEARS_BEFORE of it (422 naming base_month)."""
    problems: list[FieldViolation] = []
    name = scenario.name if draft.name is None else fields.name(draft.name, problems)
    description = (
        scenario.description
        if draft.description is None
        else fields.free_text(draft.description, "description", problems)
    )
    base_month = (
        scenario.base_month if draft.base_month is None else _base_month(draft.base_month, problems)
    )
    duration = scenario.duration if draft.duration is None else _duration(draft.duration, problems)
    raise_if_any(problems)
    assert name is not None and base_month is not None and duration is not None
    earliest = earliest_start(base_month)
    late = next((i for i in scenario.items if i.start_date < earliest), None)
    if late is not None:
        raise Unprocessable.for_field(
            "base_month",
            f"must be at most {MAX_YEARS_BEFORE} years after the startDate of every item "
            f"(item {late.name!r} starts {late.start_date.isoformat()})",
        )
    return ScenarioValues(name, description, base_month, duration)


def month_of(moment: datetime) -> date:
    """The first day of `moment`'s UTC month (an aware datetime)."""
    utc = moment.astimezone(UTC)
    return date(utc.year, utc.month, 1)


def earliest_start(base_month: date) -> date:
    """The earliest startDate an item of a scenario starting `base_month` may have."""
    return base_month.replace(year=base_month.year - MAX_YEARS_BEFORE)


def _base_month(moment: datetime | None, problems: list[FieldViolation]) -> date | None:
    if moment is None:
        problems.append(FieldViolation("base_month", "is required"))
        return None
    try:
        month = month_of(moment)
    except OverflowError:  # an offset pushing year 1 or 9999 off the calendar
        month = None
    if month is None or not FIRST_YEAR <= month.year <= LAST_YEAR:
        problems.append(
            FieldViolation("base_month", f"must be between {FIRST_YEAR}-01 and {LAST_YEAR}-12")
        )
        return None
    return month


def _duration(months: int | None, problems: list[FieldViolation]) -> int | None:
    if months is None:
        problems.append(FieldViolation("duration", "is required"))
    elif not MIN_DURATION <= months <= MAX_DURATION:
        problems.append(
            FieldViolation("duration", f"must be between {MIN_DURATION} and {MAX_DURATION}")
        )
    else:
        return months
    return None


# -- items -----------------------------------------------------------------------------


def validate_new_item(scenario: Scenario, draft: ItemDraft) -> ItemValues:
    """A new item of `scenario`: name, amount, type and frequency are required;
    startDate defaults to the scenario's first day, growthRate to 0."""
    problems: list[FieldViolation] = []
    name = fields.name(draft.name, problems)
    description = fields.free_text(draft.description, "description", problems)
    amount = _amount(draft.amount, problems)
    item_type = _choice(draft.item_type, "type", ITEM_TYPES, "income or expense", problems)
    frequency = _choice(draft.frequency, "frequency", FREQUENCIES, _FREQUENCY_NAMES, problems)
    start = checked_date(draft.start_date, "start_date", problems)
    end = checked_date(draft.end_date, "end_date", problems)
    growth = Decimal(0) if draft.growth_rate is None else _growth(draft.growth_rate, problems)
    raise_if_any(problems)
    assert name is not None and amount is not None and growth is not None
    if scenario.item_count >= MAX_ITEMS:
        raise Unprocessable.for_field("items", f"a scenario holds at most {MAX_ITEMS} items")
    values = ItemValues(
        name=name,
        description=description,
        amount=amount,
        item_type=item_type,  # type: ignore[arg-type]
        frequency=frequency,  # type: ignore[arg-type]
        start_date=scenario.base_month if start is None else start,
        end_date=end,
        growth_rate=growth,
    )
    _check_dates(scenario, values)
    return values


def validate_item_changes(scenario: Scenario, item: ScenarioItem, draft: ItemDraft) -> ItemValues:
    """`item` with the fields sent changed; the result must keep the rules."""
    problems: list[FieldViolation] = []
    name = item.name if draft.name is None else fields.name(draft.name, problems)
    description = (
        item.description
        if draft.description is None
        else fields.free_text(draft.description, "description", problems)
    )
    amount = item.amount if draft.amount is None else _amount(draft.amount, problems)
    item_type = (
        item.item_type
        if draft.item_type is None
        else _choice(draft.item_type, "type", ITEM_TYPES, "income or expense", problems)
    )
    frequency = (
        item.frequency
        if draft.frequency is None
        else _choice(draft.frequency, "frequency", FREQUENCIES, _FREQUENCY_NAMES, problems)
    )
    start = checked_date(draft.start_date, "start_date", problems)
    end = checked_date(draft.end_date, "end_date", problems)
    growth = item.growth_rate if draft.growth_rate is None else _growth(draft.growth_rate, problems)
    raise_if_any(problems)
    assert name is not None and amount is not None and growth is not None
    values = ItemValues(
        name=name,
        description=description,
        amount=amount,
        item_type=item_type,  # type: ignore[arg-type]
        frequency=frequency,  # type: ignore[arg-type]
        start_date=item.start_date if start is None else start,
        end_date=item.end_date if end is None else end,
        growth_rate=growth,
    )
    _check_dates(scenario, values)
    return values


def _check_dates(scenario: Scenario, values: ItemValues) -> None:
    if values.end_date is not None and values.end_date < values.start_date:
        raise Unprocessable.for_field("end_date", "must not be before startDate")
    if values.start_date < earliest_start(scenario.base_month):
        raise Unprocessable.for_field(
            "start_date",
            f"must be at most {MAX_YEARS_BEFORE} years before the scenario's baseMonth",
        )


_FREQUENCY_NAMES = "once, weekly, biweekly, monthly, quarterly or yearly"


def _choice(
    value: str | None,
    field: str,
    allowed: frozenset[str],
    names: str,
    problems: list[FieldViolation],
) -> str | None:
    if value is None:
        problems.append(FieldViolation(field, "is required"))
    elif value not in allowed:
        problems.append(FieldViolation(field, f"must be {names}"))
    else:
        return value
    return None


# -- numbers ---------------------------------------------------------------------------


def _amount(raw: str | None, problems: list[FieldViolation]) -> Decimal | None:
    return fields.parse_money(raw, "amount", problems, example="1250.00", out_of_range=AMOUNT_RANGE)


def _growth(raw: str, problems: list[FieldViolation]) -> Decimal | None:
    value = fields.parse_decimal(raw, "growth_rate", problems, example="0.03")
    if value is None:
        return None
    if not MIN_GROWTH <= value <= MAX_GROWTH:
        problems.append(
            FieldViolation("growth_rate", f"must be between {MIN_GROWTH} and {MAX_GROWTH}")
        )
        return None
    return fields.at_most_places(value, GROWTH_PLACES, "growth_rate", problems)
