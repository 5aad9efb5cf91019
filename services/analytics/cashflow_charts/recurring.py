"""The recurring transactions chart (pure): the active recurring series — the ones the
upcoming transactions walk (recurring/domain.py: confidence ≥ UPCOMING_CONFIDENCE and
still active today) — in the user's main currency, formatted for a list and drawn as bars
of what each comes to per month.

- Per month: weekly * 52 / 12, biweekly * 26 / 12, monthly * 1, quarterly / 3, yearly /
  12 of the series' typical amount, to the cent (half to even), signed like it.
- Order: the largest monthly amount (in magnitude) first, then by merchant name and id.
- Totals: monthlyIncome and monthlyExpenses are the sums of the listed monthly amounts,
  so they add up to what the list shows.
- Next date: the detector's next expected date, in words from today: "today",
  "tomorrow", "in 12 days", "1 day overdue", "3 days overdue" (a series stays active
  until its window after that date has passed).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Final

from services.analytics.chart_shapes import (
    EXPENSE_COLOR,
    INCOME_COLOR,
    OUTLINE_COLOR,
    Chart,
    Dataset,
    cents,
    chart,
)
from services.analytics.recurring.detector import Cadence
from services.analytics.recurring.domain import UPCOMING_CONFIDENCE, StoredPattern

CADENCE_LABELS: Final[dict[Cadence, str]] = {
    "weekly": "every week",
    "biweekly": "every 2 weeks",
    "monthly": "every month",
    "quarterly": "every 3 months",
    "yearly": "every year",
}
# Times a year a cadence happens: a monthly amount is amount * n / 12.
_PER_YEAR: Final[dict[Cadence, int]] = {
    "weekly": 52,
    "biweekly": 26,
    "monthly": 12,
    "quarterly": 4,
    "yearly": 1,
}
_MONTHS: Final = Decimal(12)
DATASET_LABEL: Final = "Per month"


def monthly_amount(amount: Decimal, cadence: Cadence) -> Decimal:
    """What a series of `amount` every `cadence` comes to per month, to the cent."""
    return cents(amount * _PER_YEAR[cadence] / _MONTHS)


def next_date_label(next_date: date, today: date) -> str:
    days = (next_date - today).days
    if days == 0:
        return "today"
    if days == 1:
        return "tomorrow"
    if days > 1:
        return f"in {days} days"
    if days == -1:
        return "1 day overdue"
    return f"{-days} days overdue"


def is_listed(pattern: StoredPattern, today: date, currency: str) -> bool:
    return (
        pattern.currency == currency
        and pattern.confidence >= UPCOMING_CONFIDENCE
        and pattern.is_active(today)
    )


@dataclass(frozen=True, slots=True)
class FormattedRecurring:
    pattern: StoredPattern
    cadence_label: str
    monthly: Decimal  # signed, to the cent
    next_date_label: str

    @property
    def is_income(self) -> bool:
        return self.pattern.direction == "credit"


@dataclass(frozen=True, slots=True)
class RecurringChart:
    chart: Chart
    currency: str
    transactions: tuple[FormattedRecurring, ...]
    monthly_income: Decimal
    monthly_expenses: Decimal  # positive


def recurring_chart(
    patterns: Iterable[StoredPattern], today: date, currency: str
) -> RecurringChart:
    listed = sorted(
        (
            FormattedRecurring(
                pattern=p,
                cadence_label=CADENCE_LABELS[p.cadence],
                monthly=monthly_amount(p.typical_amount, p.cadence),
                next_date_label=next_date_label(p.next_expected, today),
            )
            for p in patterns
            if is_listed(p, today, currency)
        ),
        key=lambda f: (-abs(f.monthly), f.pattern.merchant_name.casefold(), str(f.pattern.id)),
    )
    income = sum((f.monthly for f in listed if f.is_income), Decimal(0))
    expenses = sum((-f.monthly for f in listed if not f.is_income), Decimal(0))
    return RecurringChart(
        chart=chart(
            "bar",
            [f.pattern.merchant_name for f in listed],
            Dataset(
                label=DATASET_LABEL,
                data=tuple(abs(f.monthly) for f in listed),
                border_color=OUTLINE_COLOR,
                background_color=tuple(
                    INCOME_COLOR if f.is_income else EXPENSE_COLOR for f in listed
                ),
            ),
        ),
        currency=currency,
        transactions=tuple(listed),
        monthly_income=cents(income),
        monthly_expenses=cents(expenses),
    )
