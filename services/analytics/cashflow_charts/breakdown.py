"""The transaction breakdown (pure): the insights' top-level categories of the current
period up to today as a pie or bar chart, largest spending first.

At most MAX_SLICES categories are drawn; when there are more, one more slice, "Other
categories", holds the rest: all spending in the period minus the categories drawn
(so the slices add up to the total). It has no entry in `categories`, which lists only
the categories drawn. Each slice is its category's own colour (a category created
without one takes the palette's colour of its place, so slices stay apart); uncategorized
spending and the "Other" slice are grey (NEUTRAL_COLOR).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal, get_args

from services.analytics.cashflow_charts.choices import choice
from services.analytics.chart_shapes import (
    NEUTRAL_COLOR,
    OUTLINE_COLOR,
    Chart,
    Dataset,
    cents,
    chart,
    palette_color,
)
from services.analytics.insights.domain import CategoryShare, DayRange, PeriodKind, TopCategories

BreakdownKind = Literal["pie", "bar"]
KINDS: Final[tuple[BreakdownKind, ...]] = get_args(BreakdownKind)
PERIODS: Final[tuple[PeriodKind, ...]] = get_args(PeriodKind)
MAX_SLICES: Final = 9
OTHER_LABEL: Final = "Other categories"
DATASET_LABEL: Final = "Spending"


def kind_of(value: str | None) -> BreakdownKind:
    return choice(value, KINDS, "pie", "chart_type")


def period_of(value: str | None) -> PeriodKind:
    return choice(value, PERIODS, "monthly", "period")


@dataclass(frozen=True, slots=True)
class Breakdown:
    chart: Chart
    period: DayRange
    currency: str
    total_expenses: Decimal
    # The categories drawn, in the labels' order ("Other categories" is not one).
    categories: tuple[CategoryShare, ...]
    # What the "Other categories" slice holds (None: no such slice).
    other: Decimal | None


def _color(category: CategoryShare, index: int) -> str:
    if category.color:
        return category.color
    return NEUTRAL_COLOR if category.category_id is None else palette_color(index)


def breakdown(top: TopCategories, kind: BreakdownKind) -> Breakdown:
    """`top`: the insights' top categories, at least MAX_SLICES + 1 of them asked for (one
    more than drawn tells whether there is a rest)."""
    drawn = tuple(top.data[:MAX_SLICES])
    labels = [c.name for c in drawn]
    values = [cents(c.amount) for c in drawn]
    colors = [_color(c, index) for index, c in enumerate(drawn)]
    other = None
    if len(top.data) > MAX_SLICES:
        other = top.total_expenses - sum((c.amount for c in drawn), Decimal(0))
        labels.append(OTHER_LABEL)
        values.append(cents(other))
        colors.append(NEUTRAL_COLOR)
    return Breakdown(
        chart=chart(
            kind,
            labels,
            Dataset(
                label=DATASET_LABEL,
                data=tuple(values),
                border_color=OUTLINE_COLOR,
                background_color=tuple(colors),
            ),
        ),
        period=top.period,
        currency=top.currency,
        total_expenses=top.total_expenses,
        categories=drawn,
        other=other,
    )
