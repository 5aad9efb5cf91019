"""The projection on hand-computed expectations: each frequency's dates (month ends, leap
days, endDate and horizon cuts), growth compounded on anniversaries and rounded half up
per occurrence, and the summaries, exact to the cent."""

from __future__ import annotations

from datetime import date

import pytest

from services.analytics.scenarios.domain import Frequency
from services.analytics.scenarios.projection import (
    MonthFigures,
    full_years,
    money_text,
    occurrence_amounts,
    occurrences,
    project,
    summarize,
)
from tests.services.analytics.scenarios.support import item

D = date


def _dates(frequency: Frequency, start: date, first: date, last: date, **kw: object) -> list[date]:
    return list(occurrences(item("1.00", frequency, start, **kw), first, last))  # type: ignore[arg-type]


def _by_month(frequency: Frequency, start: date, months: int, **kw: object) -> list[int]:
    """How many occurrences fall in each month of a scenario starting 2026-01."""
    projection = project(D(2026, 1, 1), months, [item("1.00", frequency, start, **kw)])  # type: ignore[arg-type]
    return [m.income // 100 for m in projection.months]


# -- occurrences -----------------------------------------------------------------------


def test_weekly_has_four_or_five_a_month() -> None:
    assert _dates("weekly", D(2026, 1, 1), D(2026, 1, 1), D(2026, 2, 28)) == [
        D(2026, 1, 1), D(2026, 1, 8), D(2026, 1, 15), D(2026, 1, 22), D(2026, 1, 29),
        D(2026, 2, 5), D(2026, 2, 12), D(2026, 2, 19), D(2026, 2, 26),
    ]  # fmt: skip
    assert _by_month("weekly", D(2026, 1, 1), 3) == [5, 4, 4]


def test_biweekly_every_fourteen_days() -> None:
    assert _dates("biweekly", D(2026, 1, 1), D(2026, 1, 1), D(2026, 3, 31)) == [
        D(2026, 1, 1), D(2026, 1, 15), D(2026, 1, 29), D(2026, 2, 12), D(2026, 2, 26),
        D(2026, 3, 12), D(2026, 3, 26),
    ]  # fmt: skip
    # 27 in 2026: three in January, July (2, 16, 30) and December (3, 17, 31).
    assert _by_month("biweekly", D(2026, 1, 1), 12) == [3, 2, 2, 2, 2, 2, 3, 2, 2, 2, 2, 3]


def test_monthly_clamps_to_the_month_end_and_comes_back() -> None:
    assert _dates("monthly", D(2026, 1, 31), D(2026, 1, 1), D(2026, 5, 31)) == [
        D(2026, 1, 31), D(2026, 2, 28), D(2026, 3, 31), D(2026, 4, 30), D(2026, 5, 31),
    ]  # fmt: skip
    # A leap year's February has its 29th.
    assert _dates("monthly", D(2024, 1, 30), D(2024, 1, 1), D(2024, 3, 31)) == [
        D(2024, 1, 30), D(2024, 2, 29), D(2024, 3, 30),
    ]  # fmt: skip


def test_quarterly_every_three_months_on_the_start_day() -> None:
    assert _dates("quarterly", D(2025, 11, 30), D(2025, 11, 1), D(2026, 12, 31)) == [
        D(2025, 11, 30), D(2026, 2, 28), D(2026, 5, 30), D(2026, 8, 30), D(2026, 11, 30),
    ]  # fmt: skip


def test_yearly_from_a_leap_day() -> None:
    assert _dates("yearly", D(2024, 2, 29), D(2024, 1, 1), D(2028, 12, 31)) == [
        D(2024, 2, 29), D(2025, 2, 28), D(2026, 2, 28), D(2027, 2, 28), D(2028, 2, 29),
    ]  # fmt: skip


def test_once_only_on_its_start_inside_the_horizon() -> None:
    assert _dates("once", D(2026, 2, 10), D(2026, 1, 1), D(2026, 3, 31)) == [D(2026, 2, 10)]
    assert _dates("once", D(2025, 12, 31), D(2026, 1, 1), D(2026, 3, 31)) == []
    assert _dates("once", D(2026, 4, 1), D(2026, 1, 1), D(2026, 3, 31)) == []
    assert _by_month("once", D(2026, 2, 10), 3) == [0, 1, 0]


def test_end_date_is_the_last_day_possible() -> None:
    end = D(2026, 1, 22)
    assert _dates("weekly", D(2026, 1, 1), D(2026, 1, 1), D(2026, 12, 31), end=end) == [
        D(2026, 1, 1), D(2026, 1, 8), D(2026, 1, 15), D(2026, 1, 22),
    ]  # fmt: skip
    assert _by_month("monthly", D(2026, 1, 15), 6, end=D(2026, 3, 14)) == [1, 1, 0, 0, 0, 0]
    assert _by_month("monthly", D(2026, 1, 15), 6, end=D(2026, 3, 15)) == [1, 1, 1, 0, 0, 0]


def test_the_horizon_cuts_both_ends() -> None:
    # Started a week before the scenario: the first counted one is a week later.
    assert _dates("weekly", D(2025, 12, 25), D(2026, 1, 1), D(2026, 1, 31))[0] == D(2026, 1, 1)
    # Started decades earlier, on a Thursday: still every Thursday, none before baseMonth.
    assert _dates("weekly", D(2000, 1, 6), D(2026, 1, 1), D(2026, 1, 31)) == [
        D(2026, 1, 1), D(2026, 1, 8), D(2026, 1, 15), D(2026, 1, 22), D(2026, 1, 29),
    ]  # fmt: skip
    # A monthly item on the 31st that started before: counted from its own start day.
    assert _dates("monthly", D(2025, 10, 31), D(2026, 2, 1), D(2026, 3, 31)) == [
        D(2026, 2, 28), D(2026, 3, 31),
    ]  # fmt: skip
    # Nothing after the last month; an item starting after it never occurs.
    assert _by_month("monthly", D(2026, 1, 1), 2) == [1, 1]
    assert _by_month("yearly", D(2026, 3, 1), 2) == [0, 0]


# -- growth ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "day", "years"),
    [
        (D(2026, 1, 15), D(2026, 12, 31), 0),
        (D(2026, 1, 15), D(2027, 1, 14), 0),
        (D(2026, 1, 15), D(2027, 1, 15), 1),
        (D(2024, 2, 29), D(2025, 2, 27), 0),
        (D(2024, 2, 29), D(2025, 2, 28), 1),
        (D(2024, 2, 29), D(2028, 2, 28), 3),
        (D(2024, 2, 29), D(2028, 2, 29), 4),
    ],
)
def test_full_years_count_anniversaries(start: date, day: date, years: int) -> None:
    assert full_years(start, day) == years


def _amounts(
    amount: str, growth: str, frequency: Frequency, start: date, last: date
) -> list[tuple[date, str]]:
    found = occurrence_amounts(item(amount, frequency, start, growth=growth), start, last)
    return [(day, money_text(cents)) for day, cents in found]


def test_growth_steps_on_each_anniversary() -> None:
    projection = project(
        D(2026, 1, 1), 48, [item("1000.00", "monthly", D(2026, 1, 15), growth="0.03")]
    )
    incomes = [money_text(m.income) for m in projection.months]
    # 1000 * 1.03^k: 1030.00, 1060.90, 1092.727 → 1092.73.
    assert incomes == ["1000.00"] * 12 + ["1030.00"] * 12 + ["1060.90"] * 12 + ["1092.73"] * 12
    assert money_text(projection.summary.total_income) == "50203.56"


def test_growth_takes_effect_on_the_anniversary_not_before() -> None:
    weekly = _amounts("100.00", "0.10", "weekly", D(2026, 1, 7), D(2027, 1, 20))
    assert weekly[-3:] == [
        (D(2027, 1, 6), "100.00"),  # 52 weeks: one day short of a full year
        (D(2027, 1, 13), "110.00"),
        (D(2027, 1, 20), "110.00"),
    ]


def test_each_occurrence_is_rounded_once_from_the_amount() -> None:
    # 1234.56 * 1.03 = 1271.5968 → 1271.60; * 1.03^2 = 1309.744704 → 1309.74 (rounding
    # the rounded 1271.60 again would give 1309.75).
    assert _amounts("1234.56", "0.03", "yearly", D(2026, 1, 1), D(2028, 12, 31)) == [
        (D(2026, 1, 1), "1234.56"), (D(2027, 1, 1), "1271.60"), (D(2028, 1, 1), "1309.74"),
    ]  # fmt: skip


def test_halves_round_up() -> None:
    # 0.50 * 1.01 = 0.505 → 0.51 (half to even would give 0.50).
    assert _amounts("0.50", "0.01", "yearly", D(2026, 3, 1), D(2027, 12, 31)) == [
        (D(2026, 3, 1), "0.50"), (D(2027, 3, 1), "0.51"),
    ]  # fmt: skip


def test_negative_growth_and_a_leap_day_anniversary() -> None:
    assert _amounts("1000.00", "-0.5", "yearly", D(2026, 1, 1), D(2028, 12, 31)) == [
        (D(2026, 1, 1), "1000.00"), (D(2027, 1, 1), "500.00"), (D(2028, 1, 1), "250.00"),
    ]  # fmt: skip
    assert _amounts("100.00", "0.1", "yearly", D(2024, 2, 29), D(2028, 12, 31)) == [
        (D(2024, 2, 29), "100.00"), (D(2025, 2, 28), "110.00"), (D(2026, 2, 28), "121.00"),
        (D(2027, 2, 28), "133.10"), (D(2028, 2, 29), "146.41"),
    ]  # fmt: skip


def test_extreme_growth_stays_exact() -> None:
    # The largest amount growing 1000 % a year for a century: 9999999999999 cents * 11^k,
    # every digit of it (a 28-digit Decimal context would have rounded).
    projection = project(
        D(2026, 1, 1), 120, [item("99999999999.99", "yearly", D(1926, 1, 1), growth="10")]
    )
    january = projection.months[0]
    assert money_text(january.income) == money_text(9999999999999 * 11**100)
    expected = sum(9999999999999 * 11**k for k in range(100, 110))
    assert projection.summary.total_income == expected
    assert len(money_text(expected)) > 110


# -- months and summary ----------------------------------------------------------------


def test_months_and_summary() -> None:
    projection = project(
        D(2026, 1, 1),
        4,
        [
            item("1000.00", "monthly", D(2026, 1, 1), name="salary"),
            item("2500.00", "once", D(2026, 2, 10), kind="expense", name="car"),
            item("300.00", "monthly", D(2026, 3, 5), kind="expense", name="loan"),
        ],
    )
    rows = [
        (m.month, money_text(m.income), money_text(m.expenses), money_text(m.net),
         money_text(m.balance))
        for m in projection.months
    ]  # fmt: skip
    assert rows == [
        (D(2026, 1, 1), "1000.00", "0.00", "1000.00", "1000.00"),
        (D(2026, 2, 1), "1000.00", "2500.00", "-1500.00", "-500.00"),
        (D(2026, 3, 1), "1000.00", "300.00", "700.00", "200.00"),
        (D(2026, 4, 1), "1000.00", "300.00", "700.00", "900.00"),
    ]
    summary = projection.summary
    assert [
        money_text(summary.total_income), money_text(summary.total_expenses),
        money_text(summary.total_net), money_text(summary.ending_balance),
        money_text(summary.average_monthly_net), money_text(summary.lowest_balance),
    ] == ["4000.00", "3100.00", "900.00", "900.00", "225.00", "-500.00"]  # fmt: skip
    assert summary.lowest_balance_month == D(2026, 2, 1)
    assert (summary.months_negative, summary.months_below_zero) == (1, 1)


def test_cents_add_up_exactly() -> None:
    # 0.10 + 0.20 is 0.30 here, every month (it is not in binary floating point).
    projection = project(D(2026, 1, 1), 12, [item("0.10", "monthly"), item("0.20", "monthly")])
    assert {money_text(m.income) for m in projection.months} == {"0.30"}
    assert money_text(projection.summary.total_income) == "3.60"


def test_summary_of_a_scenario_without_items() -> None:
    summary = project(D(2026, 1, 1), 3, []).summary
    assert money_text(summary.ending_balance) == "0.00"
    assert summary.lowest_balance_month == D(2026, 1, 1)  # the first of equal lows
    assert (summary.months_negative, summary.months_below_zero) == (0, 0)


def test_months_negative_and_below_zero_differ() -> None:
    # Net negative in February only; the balance stays below zero into March.
    summary = summarize(
        [
            MonthFigures(D(2026, 1, 1), 0, 0, 0),
            MonthFigures(D(2026, 2, 1), 0, 100, -100),
            MonthFigures(D(2026, 3, 1), 0, 0, -100),
            MonthFigures(D(2026, 4, 1), 150, 0, 50),
        ]
    )
    assert (summary.months_negative, summary.months_below_zero) == (1, 2)
    # The first of the equal lowest balances.
    assert (summary.lowest_balance, summary.lowest_balance_month) == (-100, D(2026, 2, 1))


@pytest.mark.parametrize(
    ("net", "months", "average"),
    [(100000, 3, "333.33"), (200, 3, "0.67"), (-5, 2, "-0.03"), (5, 2, "0.03"), (-4, 3, "-0.01")],
)
def test_the_average_rounds_half_away_from_zero(net: int, months: int, average: str) -> None:
    figures = [MonthFigures(D(2026, 1, 1), net, 0, net)] + [
        MonthFigures(D(2026, 1 + i, 1), 0, 0, net) for i in range(1, months)
    ]
    assert money_text(summarize(figures).average_monthly_net) == average


@pytest.mark.parametrize(
    ("cents", "text"),
    [(0, "0.00"), (5, "0.05"), (-5, "-0.05"), (123456, "1234.56"), (-100, "-1.00")],
)
def test_money_text(cents: int, text: str) -> None:
    assert money_text(cents) == text
