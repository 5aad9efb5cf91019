"""The financial health indicator (pure): the months measured, the four indicators
(indicators.py) over them, a weighted overall score, a grade and the recommendations for
the weak ones, with a radar chart of the scores. docs/cashflow-charts.md states it all
with examples.

Measured over full calendar months only (the current one is half-spent), from the user's
first month with transactions on (months before it are no history, not zeros; a month
after it without transactions is a real zero; that first month counts whole, as the
forecasts count it), in the main currency: the spending stability over the last 12 full
months, the other three over the last 6 of them.

Overall: the weighted mean of the four scores, rounded half up; grade excellent from 80,
good from 60, fair from 40, poor below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Final, Literal

from services.analytics.cashflow_charts.indicators import (
    MIN_SHORT_MONTHS,
    Indicator,
    MonthFigures,
    Sums,
    debt_ratio,
    emergency_fund,
    savings_rate,
    spending_stability,
)
from services.analytics.cashflow_charts.recommendations import Recommendation, ranked
from services.analytics.chart_shapes import (
    Chart,
    Dataset,
    chart,
    palette_color,
    translucent,
)
from services.analytics.rollups.domain import MonthTotal, add_months, month_start

Grade = Literal["excellent", "good", "fair", "poor"]

SHORT_MONTHS: Final = 6
LONG_MONTHS: Final = 12
_GRADES: Final[tuple[tuple[int, Grade], ...]] = (
    (80, "excellent"),
    (60, "good"),
    (40, "fair"),
)


# -- the history measured ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class History:
    currency: str
    balance: Decimal
    # The measured months of the last LONG_MONTHS, oldest first.
    months: tuple[MonthFigures, ...]

    @property
    def recent(self) -> tuple[MonthFigures, ...]:
        """The measured months of the last SHORT_MONTHS."""
        if not self.months:
            return ()
        since = add_months(self.months[-1].month, 1 - SHORT_MONTHS)
        return tuple(m for m in self.months if m.month >= since)


def history(
    today: date,
    currency: str,
    balance: Decimal,
    monthly: Sequence[MonthTotal],
    debt: Sequence[MonthTotal],
) -> History:
    """The months measured: the last LONG_MONTHS full months before today's, from the
    first month of `monthly` on (every month with transactions, ascending: the first is
    where the user's history begins). `debt`: the debt categories' monthly totals."""
    this_month = month_start(today)
    if not monthly:
        return History(currency, balance, ())
    first = max(monthly[0].month, add_months(this_month, -LONG_MONTHS))
    by_month = {t.month: t for t in monthly}
    debt_by_month = {t.month: t.expenses for t in debt}
    months: list[MonthFigures] = []
    cursor = first
    while cursor < this_month:
        found = by_month.get(cursor)
        months.append(
            MonthFigures(
                cursor,
                Decimal(0) if found is None else found.income,
                Decimal(0) if found is None else found.expenses,
                debt_by_month.get(cursor, Decimal(0)),
            )
        )
        cursor = add_months(cursor, 1)
    return History(currency, balance, tuple(months))


# -- the report ----------------------------------------------------------------------------


def grade_of(score: int) -> Grade:
    for floor, grade in _GRADES:
        if score >= floor:
            return grade
    return "poor"


@dataclass(frozen=True, slots=True)
class HealthReport:
    currency: str
    # The first and last day measured (None: no full month of history yet).
    period: tuple[date, date] | None
    indicators: tuple[Indicator, ...]
    overall: int
    grade: Grade
    recommendations: tuple[Recommendation, ...]
    # Average monthly spending over the recent months (None: not measured): what a saving
    # suggestion's priority is weighed against.
    monthly_spending: Decimal | None
    chart: Chart


def overall_of(indicators: Sequence[Indicator]) -> int:
    """The weighted mean of the scores, rounded half up."""
    total = sum((i.weight * i.score for i in indicators), Decimal(0))
    return int(total.to_integral_value(rounding=ROUND_HALF_UP))


def radar(indicators: Sequence[Indicator]) -> Chart:
    color = palette_color(0)
    return chart(
        "radar",
        [i.label for i in indicators],
        Dataset(
            label="Score",
            data=tuple(Decimal(i.score) for i in indicators),
            border_color=color,
            background_color=(translucent(color),),
            fill=True,
        ),
    )


def report(measured: History) -> HealthReport:
    currency = measured.currency
    recent = Sums.of(measured.recent)
    indicators = (
        savings_rate(recent, currency),
        emergency_fund(recent, measured.balance, currency),
        spending_stability(measured.months, currency),
        debt_ratio(recent, currency),
    )
    overall = overall_of(indicators)
    months = measured.months
    period = None
    if months:
        period = (months[0].month, add_months(months[-1].month, 1) - timedelta(days=1))
    return HealthReport(
        currency=currency,
        period=period,
        indicators=indicators,
        overall=overall,
        grade=grade_of(overall),
        recommendations=tuple(
            ranked(i.recommendation for i in indicators if i.recommendation is not None)
        ),
        monthly_spending=(
            recent.average(recent.expenses) if recent.months >= MIN_SHORT_MONTHS else None
        ),
        chart=radar(indicators),
    )
