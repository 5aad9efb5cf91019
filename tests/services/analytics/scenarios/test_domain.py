"""What a valid scenario and item are: every bad field named at once (400), the rules
across fields and against the stored scenario (422), and what an update keeps."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal

import pytest

from services.analytics.scenarios.domain import (
    ItemDraft,
    Scenario,
    ScenarioDraft,
    ScenarioItem,
    validate_item_changes,
    validate_new_item,
    validate_new_scenario,
    validate_scenario_changes,
)
from services.runtime.errors import InvalidArgument, Unprocessable

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
MARCH = datetime(2026, 3, 17, 8, 30, tzinfo=UTC)


def _scenario(items: tuple[ScenarioItem, ...] = ()) -> Scenario:
    return Scenario(
        id=uuid.uuid4(),
        user_id=uuid.uuid4(),
        name="Plan",
        description=None,
        base_month=date(2026, 3, 1),
        duration=12,
        items=items,
        created_at=NOW,
        updated_at=NOW,
    )


def _item(**changes: object) -> ScenarioItem:
    stored = ScenarioItem(
        id=uuid.uuid4(),
        scenario_id=uuid.uuid4(),
        name="Salary",
        description="net",
        amount=Decimal("3000.00"),
        item_type="income",
        frequency="monthly",
        start_date=date(2026, 3, 25),
        end_date=None,
        growth_rate=Decimal("0.0300"),
        created_at=NOW,
        updated_at=NOW,
    )
    return dataclasses.replace(stored, **changes)  # type: ignore[arg-type]


def _fields(error: pytest.ExceptionInfo[InvalidArgument]) -> dict[str, str]:
    return {v.field: v.description for v in error.value.violations}


# -- scenarios -------------------------------------------------------------------------


def test_a_new_scenario_starts_on_the_first_of_its_utc_month() -> None:
    values = validate_new_scenario(
        ScenarioDraft(name="  Move to Lisbon ", description="  ", base_month=MARCH, duration=24)
    )
    assert (values.name, values.description, values.base_month, values.duration) == (
        "Move to Lisbon", None, date(2026, 3, 1), 24
    )  # fmt: skip
    # 00:30 on April 1st in Lisbon-summer time (+01:00) is still March in UTC.
    early = datetime(2026, 4, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))
    assert validate_new_scenario(
        ScenarioDraft(name="x", base_month=early, duration=1)
    ).base_month == date(2026, 3, 1)
    with pytest.raises(InvalidArgument):
        validate_new_scenario(
            ScenarioDraft(
                name="x", base_month=datetime.min.replace(tzinfo=early.tzinfo), duration=1
            )
        )


def test_every_bad_scenario_field_is_named() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_new_scenario(ScenarioDraft(name=" ", description="x" * 1001))
    assert _fields(caught) == {
        "name": "is required",
        "description": "must be at most 1000 characters",
        "base_month": "is required",
        "duration": "is required",
    }
    with pytest.raises(InvalidArgument) as caught:
        validate_new_scenario(
            ScenarioDraft(
                name="a\u202eb",
                description="a\x00b",
                base_month=datetime(1899, 12, 31, tzinfo=UTC),
                duration=121,
            )
        )
    assert set(_fields(caught)) == {"name", "description", "base_month", "duration"}
    assert _fields(caught)["base_month"] == "must be between 1900-01 and 2999-12"
    assert _fields(caught)["duration"] == "must be between 1 and 120"
    with pytest.raises(InvalidArgument) as caught:
        validate_new_scenario(ScenarioDraft(name="n" * 201, base_month=MARCH, duration=0))
    assert set(_fields(caught)) == {"name", "duration"}


def test_an_update_changes_only_what_it_sends() -> None:
    scenario = dataclasses.replace(_scenario(), description="kept")
    same = validate_scenario_changes(scenario, ScenarioDraft())
    assert (same.name, same.description, same.base_month, same.duration) == (
        "Plan", "kept", date(2026, 3, 1), 12
    )  # fmt: skip
    changed = validate_scenario_changes(scenario, ScenarioDraft(description="", duration=6))
    assert (changed.description, changed.duration) == (None, 6)


def test_a_base_month_too_far_after_an_item_start_is_422() -> None:
    scenario = _scenario((_item(name="Pension", start_date=date(1930, 1, 1)),))
    assert validate_scenario_changes(
        scenario, ScenarioDraft(base_month=datetime(2029, 12, 5, tzinfo=UTC))
    ).base_month == date(2029, 12, 1)
    with pytest.raises(Unprocessable) as caught:
        validate_scenario_changes(
            scenario, ScenarioDraft(base_month=datetime(2030, 2, 1, tzinfo=UTC))
        )
    assert [v.field for v in caught.value.violations] == ["base_month"]
    assert "'Pension' starts 1930-01-01" in caught.value.violations[0].description


# -- items -----------------------------------------------------------------------------


def test_a_new_item_with_its_defaults() -> None:
    values = validate_new_item(
        _scenario(),
        ItemDraft(name="Rent", amount="950.5", item_type="expense", frequency="monthly"),
    )
    assert values.amount == Decimal("950.50") and str(values.amount) == "950.50"
    assert (values.start_date, values.end_date, values.growth_rate) == (
        date(2026, 3, 1), None, Decimal(0)
    )  # fmt: skip


def test_amounts_and_rates_are_exact_decimal_strings() -> None:
    scenario = _scenario()
    base = ItemDraft(name="x", item_type="income", frequency="once")
    for amount, growth in [("1.50000", "0.03000"), ("99999999999.99", "10"), ("0.01", "-0.99")]:
        values = validate_new_item(
            scenario, dataclasses.replace(base, amount=amount, growth_rate=growth)
        )
        assert values.amount == Decimal(amount) and values.growth_rate == Decimal(growth)
    assert (
        validate_new_item(
            scenario, dataclasses.replace(base, amount="1", growth_rate="-0")
        ).growth_rate.is_signed()
        is False
    )


@pytest.mark.parametrize(
    ("amount", "problem"),
    [
        ("0", "must be above 0 and at most 99999999999.99"),
        ("-5.00", "must be above 0 and at most 99999999999.99"),
        ("100000000000", "must be above 0 and at most 99999999999.99"),
        ("1e999999999", "must be above 0 and at most 99999999999.99"),
        ("1.005", "must have at most 2 decimal places"),
        ("1e-999999999", "must have at most 2 decimal places"),
        ("12,50", "must be a decimal string such as 1250.00"),
        ("NaN", "must be a decimal string such as 1250.00"),
        ("", "is required"),
    ],
)
def test_bad_amounts(amount: str, problem: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_new_item(
            _scenario(), ItemDraft(name="x", amount=amount, item_type="income", frequency="once")
        )
    assert _fields(caught) == {"amount": problem}


@pytest.mark.parametrize(
    ("growth", "problem"),
    [
        ("-1", "must be between -0.99 and 10"),
        ("10.0001", "must be between -0.99 and 10"),
        ("0.00005", "must have at most 4 decimal places"),
        ("3%", "must be a decimal string such as 0.03"),
        ("", "must be a decimal string such as 0.03"),
    ],
)
def test_bad_growth_rates(growth: str, problem: str) -> None:
    draft = ItemDraft(
        name="x", amount="1", item_type="income", frequency="once", growth_rate=growth
    )
    with pytest.raises(InvalidArgument) as caught:
        validate_new_item(_scenario(), draft)
    assert _fields(caught) == {"growth_rate": problem}


def test_every_bad_item_field_is_named() -> None:
    with pytest.raises(InvalidArgument) as caught:
        validate_new_item(_scenario(), ItemDraft(start_date=(2026, 2, 30), end_date=(2026, 13, 1)))
    assert _fields(caught) == {
        "name": "is required",
        "amount": "is required",
        "type": "is required",
        "frequency": "is required",
        "start_date": "is not a valid calendar date",
        "end_date": "is not a valid calendar date",
    }
    with pytest.raises(InvalidArgument) as caught:
        validate_new_item(
            _scenario(), ItemDraft(name="x", amount="1", item_type="#7", frequency="daily")
        )
    assert _fields(caught) == {
        "type": "must be income or expense",
        "frequency": "must be once, weekly, biweekly, monthly, quarterly or yearly",
    }


def test_dates_across_fields_are_422() -> None:
    draft = ItemDraft(name="x", amount="1", item_type="income", frequency="weekly")
    with pytest.raises(Unprocessable) as caught:
        validate_new_item(
            _scenario(), dataclasses.replace(draft, start_date=(2026, 5, 2), end_date=(2026, 5, 1))
        )
    assert [(v.field, v.description) for v in caught.value.violations] == [
        ("end_date", "must not be before startDate")
    ]
    # The default start (the scenario's first day) counts too.
    with pytest.raises(Unprocessable):
        validate_new_item(_scenario(), dataclasses.replace(draft, end_date=(2026, 2, 28)))
    # The same day is fine: a weekly item that occurs once.
    validate_new_item(
        _scenario(), dataclasses.replace(draft, start_date=(2026, 5, 1), end_date=(2026, 5, 1))
    )
    # At most 100 years before baseMonth (2026-03): 1926-03-01 is, the day before is not.
    validate_new_item(_scenario(), dataclasses.replace(draft, start_date=(1926, 3, 1)))
    with pytest.raises(Unprocessable) as caught:
        validate_new_item(_scenario(), dataclasses.replace(draft, start_date=(1926, 2, 28)))
    assert [v.field for v in caught.value.violations] == ["start_date"]


def test_a_scenario_holds_at_most_200_items() -> None:
    draft = ItemDraft(name="x", amount="1", item_type="income", frequency="once")
    validate_new_item(_scenario(tuple(_item() for _ in range(199))), draft)
    with pytest.raises(Unprocessable) as caught:
        validate_new_item(_scenario(tuple(_item() for _ in range(200))), draft)
    assert [(v.field, v.description) for v in caught.value.violations] == [
        ("items", "a scenario holds at most 200 items")
    ]


def test_an_item_update_keeps_what_it_does_not_send() -> None:
    item = _item()
    kept = validate_item_changes(_scenario(), item, ItemDraft())
    assert dataclasses.astuple(kept) == (
        "Salary", "net", Decimal("3000.00"), "income", "monthly", date(2026, 3, 25), None,
        Decimal("0.0300"),
    )  # fmt: skip
    changed = validate_item_changes(
        _scenario(),
        item,
        ItemDraft(description="", amount="3100", item_type="expense", end_date=(2027, 3, 24)),
    )
    assert (changed.description, changed.amount, changed.item_type, changed.end_date) == (
        None, Decimal("3100.00"), "expense", date(2027, 3, 24)
    )  # fmt: skip


def test_an_item_update_keeps_the_rules() -> None:
    item = _item(end_date=date(2026, 12, 31))
    # Moving the start past the stored end.
    with pytest.raises(Unprocessable) as caught:
        validate_item_changes(_scenario(), item, ItemDraft(start_date=(2027, 1, 1)))
    assert [v.field for v in caught.value.violations] == ["end_date"]
    with pytest.raises(InvalidArgument) as caught_400:
        validate_item_changes(_scenario(), item, ItemDraft(name=" ", amount="0", frequency="#0"))
    assert set(_fields(caught_400)) == {"name", "amount", "frequency"}
