"""The request field checks the analytics capabilities share: what each accepts and
returns, and every wording it refuses with (clients and the e2e tests match on them)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date
from decimal import Decimal

import pytest

from services.analytics import fields
from services.runtime.errors import FieldViolation, InvalidArgument

D = Decimal


def _problems(check: Callable[[list[FieldViolation]], object]) -> list[tuple[str, str]]:
    """Run `check(problems)` and give the violations as (field, description)."""
    problems: list[FieldViolation] = []
    check(problems)
    return [(p.field, p.description) for p in problems]


# -- money ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("250", "250.00"),
        (" 5.1 ", "5.10"),
        ("5.1000", "5.10"),
        ("1e2", "100.00"),
        ("0.01", "0.01"),
        ("99999999999.99", "99999999999.99"),
    ],
)
def test_money_is_a_decimal_string_of_cents(raw: str, expected: str) -> None:
    problems: list[FieldViolation] = []
    value = fields.parse_money(raw, "amount", problems)
    assert problems == []
    assert value is not None and format(value, "f") == expected


@pytest.mark.parametrize(
    ("raw", "description"),
    [
        (None, "is required"),
        ("", "is required"),
        ("  ", "is required"),
        ("NaN", "must be a decimal string such as 250.00"),
        ("1_000", "must be a decimal string such as 250.00"),
        ("1,50", "must be a decimal string such as 250.00"),
        ("0", "must be greater than 0"),
        ("-0", "must be greater than 0"),
        ("-5", "must be greater than 0"),
        ("100000000000", "must be at most 99999999999.99"),
        # Compared before quantizing: the context's limits are never reached.
        ("1e999999999", "must be at most 99999999999.99"),
        ("1.005", "must have at most 2 decimal places"),
        ("1e-999999999", "must have at most 2 decimal places"),
    ],
)
def test_money_refusals(raw: str | None, description: str) -> None:
    assert _problems(lambda p: fields.parse_money(raw, "total_amount", p)) == [
        ("total_amount", description)
    ]


def test_money_from_zero_when_not_positive() -> None:
    problems: list[FieldViolation] = []
    zero = fields.parse_money("-0.00", "amount", problems, positive=False)
    assert problems == [] and zero is not None and format(zero, "f") == "0.00"
    assert _problems(lambda p: fields.parse_money("-0.01", "amount", p, positive=False)) == [
        ("amount", "must be 0 or more")
    ]


def test_money_keeps_each_capability_s_wording() -> None:
    """Planned expenses and scenarios were published with other examples; scenarios
    word both ends of the range alike."""
    assert _problems(lambda p: fields.parse_money("x", "amount", p, example="12.50")) == [
        ("amount", "must be a decimal string such as 12.50")
    ]
    both_ends = "must be above 0 and at most 99999999999.99"
    for raw in ("0", "100000000000"):
        assert _problems(
            lambda p, raw=raw: fields.parse_money(raw, "amount", p, out_of_range=both_ends)
        ) == [("amount", both_ends)]


def test_a_money_value_already_parsed() -> None:
    """What a filter sent blank gets: a grammar error, not "is required"."""
    assert _problems(lambda p: fields.parse_decimal("", "min_saving", p, example="10.50")) == [
        ("min_saving", "must be a decimal string such as 10.50")
    ]
    problems: list[FieldViolation] = []
    assert fields.money_value(D("5.1000"), "x", problems, positive=False) == D("5.10")
    assert problems == []


def test_decimal_places() -> None:
    problems: list[FieldViolation] = []
    assert format(fields.at_most_places(D("0.03000"), 4, "growth_rate", problems), "f") == "0.0300"
    # "-0" is 0: stored and shown without a sign.
    assert format(fields.at_most_places(D("-0"), 4, "amount", problems), "f") == "0.0000"
    assert problems == []
    assert _problems(lambda p: fields.at_most_places(D("0.00001"), 4, "growth_rate", p)) == [
        ("growth_rate", "must have at most 4 decimal places")
    ]


def test_a_required_decimal() -> None:
    assert _problems(lambda p: fields.required_decimal(None, "amount", p, example="-12.50")) == [
        ("amount", "is required")
    ]
    assert _problems(lambda p: fields.required_decimal("12 50", "amount", p, example="-12.50")) == [
        ("amount", "must be a decimal string such as -12.50")
    ]
    problems: list[FieldViolation] = []
    assert fields.required_decimal(" -1e1 ", "amount", problems, example="-12.50") == D("-10")


# -- text ----------------------------------------------------------------------------------


def test_a_name_is_trimmed_and_checked() -> None:
    problems: list[FieldViolation] = []
    assert fields.name("  Rent  and bills ", problems) == "Rent  and bills"
    assert fields.name(" Rent  and\tbills ", problems, collapse_spaces=True) == "Rent and bills"
    assert fields.name("a" * 200, problems) == "a" * 200
    # Joiners between visible characters are writing, not hiding (👩‍💻).
    assert fields.name("\U0001f469\u200d\U0001f4bb", problems) is not None
    assert problems == []


@pytest.mark.parametrize(
    ("raw", "description"),
    [
        (None, "is required"),
        (" \t ", "is required"),
        ("a" * 201, "must be at most 200 characters"),
        ("Rent\x00", "must not contain control or invisible formatting characters"),
        ("Rent\u202e", "must not contain control or invisible formatting characters"),
        ("Rent\nbills", "must not contain control or invisible formatting characters"),
    ],
)
def test_name_refusals(raw: str | None, description: str) -> None:
    assert _problems(lambda p: fields.name(raw, p)) == [("name", description)]


def test_a_name_in_a_capability_s_own_words() -> None:
    assert _problems(
        lambda p: fields.name(
            "x" * 101, p, field="categories[0].category_name", limit=100, blank="must not be blank"
        )
    ) == [("categories[0].category_name", "must be at most 100 characters")]
    assert _problems(lambda p: fields.name(" ", p, field="title", blank="must not be blank")) == [
        ("title", "must not be blank")
    ]
    assert _problems(
        lambda p: fields.name(
            "x" * 201, p, field="title", too_long="must be at most {limit} characters long"
        )
    ) == [("title", "must be at most 200 characters long")]


def test_free_text() -> None:
    problems: list[FieldViolation] = []
    assert fields.free_text(None, "description", problems) is None
    # Blank is none: an update's way to remove it.
    assert fields.free_text("  ", "description", problems) is None
    assert fields.free_text(" line one\nline two\t", "description", problems) == (
        "line one\nline two"
    )
    assert fields.free_text("x" * 1000, "description", problems) == "x" * 1000
    assert problems == []
    assert _problems(lambda p: fields.free_text("x" * 1001, "description", p)) == [
        ("description", "must be at most 1000 characters")
    ]
    assert _problems(lambda p: fields.free_text("x" * 501, "note", p, limit=500)) == [
        ("note", "must be at most 500 characters")
    ]
    # PostgreSQL text cannot hold NUL.
    assert _problems(lambda p: fields.free_text("a\x00b", "description", p)) == [
        ("description", "must not contain NUL characters")
    ]
    assert _problems(
        lambda p: fields.free_text(
            "x" * 1001, "description", p, too_long="must be at most {limit} characters long"
        )
    ) == [("description", "must be at most 1000 characters long")]


# -- ids and days --------------------------------------------------------------------------


def test_an_id_named_in_a_body() -> None:
    problems: list[FieldViolation] = []
    some = uuid.uuid4()
    assert fields.uuid_field(str(some), "category_id", problems) == some
    assert fields.uuid_field(None, "category_id", problems) is None
    assert problems == []
    assert _problems(lambda p: fields.uuid_field("", "category_id", p)) == [
        ("category_id", "must be a UUID")
    ]
    assert _problems(lambda p: fields.uuid_field("12", "category_id", p, required=True)) == [
        ("category_id", "must be a UUID")
    ]
    for missing in (None, ""):
        assert _problems(
            lambda p, missing=missing: fields.uuid_field(missing, "scenario1_id", p, required=True)
        ) == [("scenario1_id", "is required")]


def test_a_plan_s_days() -> None:
    problems: list[FieldViolation] = []
    assert fields.plan_day((1900, 1, 1), "start_date", problems) == fields.FIRST_DAY
    assert fields.plan_day((2999, 12, 31), "start_date", problems) == fields.LAST_DAY
    assert fields.plan_day(None, "start_date", problems) is None
    assert problems == []
    assert _problems(lambda p: fields.plan_day(None, "due_date", p, required=True)) == [
        ("due_date", "is required")
    ]
    assert _problems(lambda p: fields.plan_day((2026, 2, 30), "due_date", p)) == [
        ("due_date", "is not a valid calendar date")
    ]
    for parts in ((1899, 12, 31), (3000, 1, 1)):
        assert _problems(lambda p, parts=parts: fields.plan_day(parts, "end_date", p)) == [
            ("end_date", "must be between 1900-01-01 and 2999-12-31")
        ]


def test_the_constants_the_capabilities_share() -> None:
    assert D("0.01") == fields.CENTS
    assert D("99999999999.99") == fields.MAX_AMOUNT
    assert (date(1900, 1, 1), date(2999, 12, 31)) == (fields.FIRST_DAY, fields.LAST_DAY)
    assert (fields.MAX_NAME, fields.MAX_DESCRIPTION) == (200, 1000)


def test_a_count_is_its_default_unsent_and_1_to_its_maximum_sent() -> None:
    problems: list[FieldViolation] = []
    assert fields.count_in(None, "days", 30, 366, problems) == 30
    assert fields.count_in(366, "days", 30, 366, problems) == 366
    assert problems == []
    fields.count_in(0, "days", 30, 366, problems)
    assert problems == [FieldViolation("days", "must be between 1 and 366")]
    assert fields.checked_count(None, "months", 12, 36) == 12
    with pytest.raises(InvalidArgument) as refused:
        fields.checked_count(37, "months", 12, 36)
    assert list(refused.value.violations) == [FieldViolation("months", "must be between 1 and 36")]
