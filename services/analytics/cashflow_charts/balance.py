"""The balance projection (pure): the monthly cash-flow predictions drawn as lines — the
projected month-end balance, expected income and expected expenses — for the next
`months` calendar months, the current one first.

- `chartType` area is Chart.js's line with the projected balance's area filled; the
  income and expense lines are never filled (three filled areas hide each other).
- lowestBalance: the lowest projected end-of-day balance over the months shown (the
  earliest day when two are equal).
- A user with nothing to project — no balance and no expected money in or out in any
  month (no transactions, no planned expenses) — gets empty labels and datasets with
  empty data: nothing to draw, rather than a flat line at zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Final, Literal, get_args

from services.analytics.cashflow.domain import Prediction, PredictionSet
from services.analytics.cashflow_charts.choices import choice
from services.analytics.chart_shapes import (
    EXPENSE_COLOR,
    INCOME_COLOR,
    PALETTE,
    Chart,
    Dataset,
    cents,
    chart,
    month_label,
    translucent,
)
from services.analytics.fields import checked_count

BalanceKind = Literal["line", "area"]
KINDS: Final[tuple[BalanceKind, ...]] = get_args(BalanceKind)
DEFAULT_MONTHS: Final = 12
MAX_MONTHS: Final = 36
BALANCE_COLOR: Final = PALETTE[0]
_CONFIDENCE_PLACES: Final = 4


def kind_of(value: str | None) -> BalanceKind:
    return choice(value, KINDS, "line", "chart_type")


def months_of(value: int | None) -> int:
    return checked_count(value, "months", DEFAULT_MONTHS, MAX_MONTHS)


@dataclass(frozen=True, slots=True)
class BalanceProjection:
    chart: Chart
    currency: str
    current_balance: Decimal
    # (day, projected end-of-day balance); None when nothing is drawn.
    lowest: tuple[date, Decimal] | None
    # Each month's, 4 places, in the labels' order.
    confidence: tuple[float, ...]


def _line(label: str, values: tuple[Decimal, ...], color: str, fill: bool) -> Dataset:
    return Dataset(
        label=label,
        data=values,
        border_color=color,
        background_color=(translucent(color),),
        fill=fill,
    )


def has_nothing(predictions: PredictionSet) -> bool:
    return predictions.current_balance == 0 and all(
        p.expected_income == 0 and p.expected_expenses == 0 for p in predictions.predictions
    )


def projection(predictions: PredictionSet, kind: BalanceKind) -> BalanceProjection:
    shown: tuple[Prediction, ...] = () if has_nothing(predictions) else predictions.predictions
    lowest = min(shown, key=lambda p: (p.lowest_balance, p.lowest_balance_on), default=None)
    return BalanceProjection(
        chart=chart(
            kind,
            [month_label(p.period_start) for p in shown],
            _line(
                "Projected balance",
                tuple(cents(p.expected_balance) for p in shown),
                BALANCE_COLOR,
                fill=kind == "area",
            ),
            _line(
                "Expected income",
                tuple(cents(p.expected_income) for p in shown),
                INCOME_COLOR,
                fill=False,
            ),
            _line(
                "Expected expenses",
                tuple(cents(p.expected_expenses) for p in shown),
                EXPENSE_COLOR,
                fill=False,
            ),
        ),
        currency=predictions.currency,
        current_balance=cents(predictions.current_balance),
        lowest=None if lowest is None else (lowest.lowest_balance_on, cents(lowest.lowest_balance)),
        confidence=tuple(round(p.confidence, _CONFIDENCE_PLACES) for p in shown),
    )
