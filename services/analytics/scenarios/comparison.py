"""Two scenarios' projections side by side (pure): month by month over the union of their
horizons, and the differences of their summaries. Every difference is scenario 2 minus
scenario 1, in cents (exact)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal

from services.analytics.scenarios.projection import Cents, MonthFigures, Projection, Summary

Better = Literal["scenario1", "scenario2", "equal"]


@dataclass(frozen=True, slots=True)
class MonthPair:
    month: date
    # None where the month is outside that scenario's horizon.
    first: MonthFigures | None
    second: MonthFigures | None

    @property
    def net_difference(self) -> Cents | None:
        if self.first is None or self.second is None:
            return None
        return self.second.net - self.first.net

    @property
    def balance_difference(self) -> Cents | None:
        if self.first is None or self.second is None:
            return None
        return self.second.balance - self.first.balance


@dataclass(frozen=True, slots=True)
class SummaryDifference:
    total_income: Cents
    total_expenses: Cents
    total_net: Cents
    ending_balance: Cents
    average_monthly_net: Cents
    lowest_balance: Cents
    months_negative: int
    months_below_zero: int


@dataclass(frozen=True, slots=True)
class Comparison:
    months: tuple[MonthPair, ...]
    first: Summary
    second: Summary
    difference: SummaryDifference
    # The one ending with the higher balance.
    better: Better


def compare(first: Projection, second: Projection) -> Comparison:
    by_month_1 = {m.month: m for m in first.months}
    by_month_2 = {m.month: m for m in second.months}
    months = tuple(
        MonthPair(month, by_month_1.get(month), by_month_2.get(month))
        for month in sorted(by_month_1.keys() | by_month_2.keys())
    )
    one, two = first.summary, second.summary
    difference = SummaryDifference(
        total_income=two.total_income - one.total_income,
        total_expenses=two.total_expenses - one.total_expenses,
        total_net=two.total_net - one.total_net,
        ending_balance=two.ending_balance - one.ending_balance,
        average_monthly_net=two.average_monthly_net - one.average_monthly_net,
        lowest_balance=two.lowest_balance - one.lowest_balance,
        months_negative=two.months_negative - one.months_negative,
        months_below_zero=two.months_below_zero - one.months_below_zero,
    )
    return Comparison(months, one, two, difference, _better(difference.ending_balance))


def _better(ending_difference: Cents) -> Better:
    if ending_difference > 0:
        return "scenario2"
    if ending_difference < 0:
        return "scenario1"
    return "equal"
