"""From the daily flows to balances (pure): the end-of-day balance of every day from
tomorrow, the predictions of weeks, months and quarters, and a snapshot's outlook.

A period's prediction covers its days from `predicted_from` (tomorrow for the current
period, else its first day) to its end: the opening balance is the projected balance the
day before, income and expenses are its flows' sums, the closing balance their result.
Its confidence is each flow's confidence weighted by its amount (Σ |amount| ·
confidence / Σ |amount|, 0 without flows), rounded to 4 places. Its balance range is
the closing balance ± sqrt(Σ (share · half-width)²) over the discretionary months up to
its end, where half-width is half a month's 80% interval and share the part of that
month's days predicted so far (the spending of one month is taken as one uncertain
figure, months as independent).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from services.analytics.cashflow.domain import Outlook, Prediction, ProjectedBalance, money
from services.analytics.cashflow.flows import Flows, covered_share
from services.analytics.cashflow.periods import PeriodType, next_period, period_end, period_start

# How far ahead a snapshot projects, and how far the lowest balance is looked for.
SNAPSHOT_DAYS = (30, 60, 90)
OUTLOOK_DAYS = 90
_PLACES = 4


@dataclass(frozen=True, slots=True)
class _Day:
    income: Decimal
    expenses: Decimal  # positive
    recurring_income: Decimal
    recurring_expenses: Decimal
    planned: Decimal
    discretionary: Decimal
    weighted: float  # Σ |amount| · confidence
    weight: Decimal  # Σ |amount|


class Timeline:
    """The flows summed per day from tomorrow to the horizon, and the balances."""

    def __init__(self, flows: Flows, opening: Decimal) -> None:
        self.today = flows.today
        self.opening = money(opening)
        self._months = flows.months
        size = (flows.until - flows.today).days
        sums = [[Decimal(0)] * 6 for _ in range(max(size, 0))]
        weighted = [0.0] * max(size, 0)
        for flow in flows.items:
            index = (flow.day - self.today).days - 1
            if not 0 <= index < size:
                continue
            row, amount = sums[index], flow.amount
            if amount >= 0:
                row[0] += amount
            else:
                row[1] -= amount
            if flow.source == "recurring":
                row[2 if amount >= 0 else 3] += abs(amount)
            elif flow.source == "planned":
                row[4] -= amount
            else:
                row[5] -= amount
            weighted[index] += float(abs(amount)) * flow.confidence
        self._days = [
            _Day(r[0], r[1], r[2], r[3], r[4], r[5], w, r[0] + r[1])
            for r, w in zip(sums, weighted, strict=True)
        ]
        balance = self.opening
        self._balances: list[Decimal] = []
        for day in self._days:
            balance += day.income - day.expenses
            self._balances.append(balance)

    @property
    def last_day(self) -> date:
        return self.today + timedelta(days=len(self._days))

    def balance_on(self, day: date) -> Decimal:
        """The projected end-of-day balance (today's: the current balance)."""
        index = (day - self.today).days - 1
        if index < 0:
            return self.opening
        return self._balances[min(index, len(self._balances) - 1)]

    def daily(self, days: int) -> list[tuple[date, Decimal]]:
        """(day, end-of-day balance) from tomorrow, `days` of them."""
        return [
            (self.today + timedelta(days=n + 1), balance)
            for n, balance in enumerate(self._balances[:days])
        ]

    def predictions(self, period_type: PeriodType) -> list[Prediction]:
        """Every period from the one holding today to the last one that ends within the
        horizon."""
        found: list[Prediction] = []
        start = period_start(self.today, period_type)
        while period_end(start, period_type) <= self.last_day:
            found.append(self.prediction(period_type, start))
            start = next_period(start, period_type)
        return found

    def prediction(self, period_type: PeriodType, start: date) -> Prediction:
        end = period_end(start, period_type)
        tomorrow = self.today + timedelta(days=1)
        first = max(start, tomorrow)
        opening = self.balance_on(first - timedelta(days=1))
        days = self._slice(first, end)
        totals = [sum((getattr(d, f) for d in days), Decimal(0)) for f in _FIELDS]
        income, expenses, rec_in, rec_out, planned, discretionary = totals
        closing = opening + income - expenses
        lowest, lowest_on = opening, first - timedelta(days=1)
        for offset, _ in enumerate(days):
            balance = self._balances[(first - self.today).days - 1 + offset]
            if balance < lowest or offset == 0:
                lowest, lowest_on = balance, first + timedelta(days=offset)
        spread = self._spread(tomorrow, end)
        weight = sum((d.weight for d in days), Decimal(0))
        confidence = (
            round(sum(d.weighted for d in days) / float(weight), _PLACES) if weight else 0.0
        )
        return Prediction(
            period_type=period_type,
            period_start=start,
            period_end=end,
            predicted_from=first,
            opening_balance=money(opening),
            expected_income=money(income),
            expected_expenses=money(expenses),
            expected_balance=money(closing),
            lowest_balance=money(lowest),
            lowest_balance_on=lowest_on,
            balance_low=money(closing - spread),
            balance_high=money(closing + spread),
            confidence=min(1.0, confidence),
            recurring_income=money(rec_in),
            recurring_expenses=money(rec_out),
            planned_expenses=money(planned),
            discretionary_expenses=money(discretionary),
        )

    def outlook(self) -> Outlook:
        projections = tuple(
            ProjectedBalance(
                days=n,
                day=(day := self.today + timedelta(days=n)),
                balance=money(self.balance_on(day)),
                income=money(sum((d.income for d in self._days[:n]), Decimal(0))),
                expenses=money(sum((d.expenses for d in self._days[:n]), Decimal(0))),
            )
            for n in SNAPSHOT_DAYS
        )
        ahead = self.daily(OUTLOOK_DAYS)
        lowest_on, lowest = min(ahead, key=lambda item: item[1], default=(self.today, self.opening))
        return Outlook(projections, money(lowest), lowest_on)

    def _slice(self, first: date, last: date) -> Sequence[_Day]:
        begin = (first - self.today).days - 1
        end = (last - self.today).days
        return self._days[max(begin, 0) : max(end, 0)]

    def _spread(self, first: date, last: date) -> Decimal:
        variance = sum(
            ((covered_share(m.month, first, last) * m.half_width) ** 2 for m in self._months),
            Decimal(0),
        )
        return variance.sqrt()


_FIELDS = (
    "income",
    "expenses",
    "recurring_income",
    "recurring_expenses",
    "planned",
    "discretionary",
)
