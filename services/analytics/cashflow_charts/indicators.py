"""The four indicators of financial health (pure): each measured from full months of
the user's totals, scored 0-100 on its scale, with a status, an explanation and, unless
it is good, a recommendation with the figures. health.py chooses the months and
combines the scores; docs/cashflow-charts.md states the same with examples.

- savings_rate: (income - expenses) / income * 100 over the recent months (of the sums,
  not a mean of monthly rates);
- emergency_fund: the current balance / the recent months' average monthly expenses;
- spending_stability: the coefficient of variation of the year's monthly expenses
  (sample standard deviation / mean * 100; lower is steadier);
- debt_ratio: debt payments (debts.py) / income * 100 over the recent months.

Each needs history to mean anything: the recent-months figures need 3 measured months
and the stability 6 (a spread of fewer points says little); a ratio needs something to
divide by (income, spending). Otherwise the value is null, the score 0 and a
recommendation says what is missing.

Scores are straight lines between anchors (scales.py), rounded down, so a score reaches
80 exactly when the guideline is met:

- savings_rate: <=0 % -> 0, 10 % -> 50, 20 % -> 80, >=30 % -> 100. The 20 % is the 50/30/20
  budget's saving share (E. Warren, A. Warren Tyagi, "All Your Worth", 2005).
- emergency_fund: <=0 -> 0, 1 month -> 50, 3 -> 80, >=6 -> 100: the usual advice of 3-6
  months of expenses set aside.
- spending_stability: 0 % -> 100, 15 % -> 80, 30 % -> 50, >=60 % -> 0. No standard exists:
  months within about 15 % of the average are what a budget with a small buffer
  absorbs; at 60 % the average says little about the next month.
- debt_ratio: 0 % -> 100, 36 % -> 80, 43 % -> 50, >=60 % -> 0: the 28/36 rule's 36 % of
  income for all debt payments, and 43 %, the US qualified-mortgage ceiling (CFPB).
  The rule divides by gross income; transactions show take-home pay, so this ratio is
  the stricter one.

Status: good from 80, fair from 50, poor below; a poor indicator's recommendation is
high priority, a fair one's medium, an unmeasured one's low. Weights (adding up to 1):
savings rate 0.30, emergency fund 0.25, debt ratio 0.25, spending stability 0.20 -
saving and a buffer first, then debt, then regularity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final, Literal

from services.analytics.cashflow_charts.recommendations import Priority, Recommendation
from services.analytics.cashflow_charts.scales import Scale
from services.analytics.chart_shapes import cents

IndicatorKey = Literal["savings_rate", "emergency_fund", "spending_stability", "debt_ratio"]
Status = Literal["good", "fair", "poor"]
Unit = Literal["percent", "months"]

MIN_SHORT_MONTHS: Final = 3
MIN_LONG_MONTHS: Final = 6

SAVINGS_TARGET: Final = Decimal(20)  # percent
EMERGENCY_TARGET: Final = Decimal(3)  # months
DEBT_LIMIT: Final = Decimal(36)  # percent

SAVINGS_RATE: Final = Scale.of((0, 0), (10, 50), (20, 80), (30, 100))
EMERGENCY_FUND: Final = Scale.of((0, 0), (1, 50), (3, 80), (6, 100))
SPENDING_STABILITY: Final = Scale.of((0, 100), (15, 80), (30, 50), (60, 0))
DEBT_RATIO: Final = Scale.of((0, 100), (36, 80), (43, 50), (60, 0))

WEIGHTS: Final[dict[IndicatorKey, Decimal]] = {
    "savings_rate": Decimal("0.30"),
    "emergency_fund": Decimal("0.25"),
    "spending_stability": Decimal("0.20"),
    "debt_ratio": Decimal("0.25"),
}
LABELS: Final[dict[IndicatorKey, str]] = {
    "savings_rate": "Savings rate",
    "emergency_fund": "Emergency fund",
    "spending_stability": "Spending stability",
    "debt_ratio": "Debt ratio",
}
GOOD: Final = 80
FAIR: Final = 50
_HUNDRED: Final = Decimal(100)
_PLACES: Final = Decimal("0.01")
_PRIORITY: Final[dict[Status, Priority]] = {"poor": "high", "fair": "medium", "good": "low"}


@dataclass(frozen=True, slots=True)
class MonthFigures:
    """One full month measured (zeros for a month without transactions)."""

    month: date  # its first day
    income: Decimal
    expenses: Decimal
    debt: Decimal  # expenses in the debt categories


@dataclass(frozen=True, slots=True)
class Indicator:
    key: IndicatorKey
    value: Decimal | None  # 2 places; None when the history cannot tell
    unit: Unit
    score: int
    status: Status
    explanation: str
    recommendation: Recommendation | None

    @property
    def label(self) -> str:
        return LABELS[self.key]

    @property
    def weight(self) -> Decimal:
        return WEIGHTS[self.key]


def status_of(score: int) -> Status:
    if score >= GOOD:
        return "good"
    if score >= FAIR:
        return "fair"
    return "poor"


def _places(value: Decimal) -> Decimal:
    return value.quantize(_PLACES, rounding=ROUND_HALF_EVEN) + 0


def _money(amount: Decimal, currency: str) -> str:
    return f"{format(cents(amount), 'f')} {currency}"


def _percent(value: Decimal) -> str:
    return f"{format(value, 'f')}%"


def _unmeasured(key: IndicatorKey, unit: Unit, why: str, todo: str) -> Indicator:
    label = LABELS[key]
    return Indicator(
        key=key,
        value=None,
        unit=unit,
        score=0,
        status="poor",
        explanation=f"Not measured: {why}.",
        recommendation=Recommendation(
            source="health",
            kind=key,
            title=f"Measure your {label.lower()}",
            message=f"{label} cannot be measured yet: {why}. {todo}",
            priority="low",
            potential_savings=None,
        ),
    )


def _too_short(key: IndicatorKey, unit: Unit, needed: int, months: int) -> Indicator:
    return _unmeasured(
        key,
        unit,
        f"it needs at least {needed} full months of transactions, and there "
        + ("is 1" if months == 1 else f"are {months}"),
        "Import older statements, or check again after a few more months.",
    )


def _measured(
    key: IndicatorKey,
    value: Decimal,
    unit: Unit,
    scale: Scale,
    explanation: str,
    advice: tuple[str, str, Decimal | None] | None,
) -> Indicator:
    """An indicator with its value; `advice` (title, message, potential monthly saving)
    becomes its recommendation unless it is good."""
    score = scale.score(value)
    status = status_of(score)
    recommendation = None
    if status != "good" and advice is not None:
        title, message, saving = advice
        recommendation = Recommendation(
            source="health",
            kind=key,
            title=title,
            message=message,
            priority=_PRIORITY[status],
            potential_savings=saving,
        )
    return Indicator(key, value, unit, score, status, explanation, recommendation)


@dataclass(frozen=True, slots=True)
class Sums:
    """Months' totals added up."""

    months: int
    income: Decimal
    expenses: Decimal
    debt: Decimal

    @classmethod
    def of(cls, months: Sequence[MonthFigures]) -> Sums:
        return cls(
            len(months),
            sum((m.income for m in months), Decimal(0)),
            sum((m.expenses for m in months), Decimal(0)),
            sum((m.debt for m in months), Decimal(0)),
        )

    def average(self, total: Decimal) -> Decimal:
        return total / self.months


def _against_income(key: IndicatorKey, sums: Sums) -> Indicator | None:
    """What a ratio to income answers when there is none to divide by: too short a
    history, or no income recorded in it (None: measurable)."""
    if sums.months < MIN_SHORT_MONTHS:
        return _too_short(key, "percent", MIN_SHORT_MONTHS, sums.months)
    if sums.income <= 0:
        return _unmeasured(
            key,
            "percent",
            f"no income was recorded in the last {sums.months} months",
            "Import the account your income is paid into.",
        )
    return None


def savings_rate(sums: Sums, currency: str) -> Indicator:
    key: IndicatorKey = "savings_rate"
    unmeasured = _against_income(key, sums)
    if unmeasured is not None:
        return unmeasured
    rate = _places((sums.income - sums.expenses) * _HUNDRED / sums.income)
    average_income = sums.average(sums.income)
    average_net = sums.average(sums.income - sums.expenses)
    more = average_income * SAVINGS_TARGET / _HUNDRED - average_net
    if rate >= 0:
        measured = (
            f"You kept {_percent(rate)} of your income over the last {sums.months} months"
            f" ({_money(average_net, currency)} of {_money(average_income, currency)} a month)"
        )
    else:
        measured = (
            f"You spent {_percent(-rate)} more than your income over the last {sums.months}"
            f" months ({_money(-average_net, currency)} a month more than"
            f" {_money(average_income, currency)})"
        )
    return _measured(
        key,
        rate,
        "percent",
        SAVINGS_RATE,
        f"{measured}; the usual guideline is to keep {_percent(SAVINGS_TARGET)}.",
        (
            "Raise your savings rate",
            f"Save {_money(more, currency)} more a month to reach a"
            f" {_percent(SAVINGS_TARGET)} savings rate (now {_percent(rate)}).",
            cents(more),
        ),
    )


def emergency_fund(sums: Sums, balance: Decimal, currency: str) -> Indicator:
    key: IndicatorKey = "emergency_fund"
    if sums.months < MIN_SHORT_MONTHS:
        return _too_short(key, "months", MIN_SHORT_MONTHS, sums.months)
    if sums.expenses <= 0:
        return _unmeasured(
            key,
            "months",
            f"no spending was recorded in the last {sums.months} months",
            "Import the account you pay your expenses from.",
        )
    spending = sums.average(sums.expenses)
    months = _places(balance / spending)
    target = spending * EMERGENCY_TARGET
    covers = f"covers {format(months, 'f')} months of" if balance > 0 else "is no buffer against"
    return _measured(
        key,
        months,
        "months",
        EMERGENCY_FUND,
        f"Your balance of {_money(balance, currency)} {covers} your average spending"
        f" ({_money(spending, currency)} a month); 3-6 months of it is the usual advice.",
        (
            "Build your emergency fund",
            f"Set aside {_money(target - balance, currency)} more to cover"
            f" {EMERGENCY_TARGET} months of spending ({_money(target, currency)});"
            " 6 months is safer.",
            None,
        ),
    )


def _sample_deviation(values: Sequence[Decimal], mean: Decimal) -> Decimal:
    variance = sum(((v - mean) ** 2 for v in values), Decimal(0)) / (len(values) - 1)
    return variance.sqrt()


def spending_stability(months: Sequence[MonthFigures], currency: str) -> Indicator:
    key: IndicatorKey = "spending_stability"
    if len(months) < MIN_LONG_MONTHS:
        return _too_short(key, "percent", MIN_LONG_MONTHS, len(months))
    spent = [m.expenses for m in months]
    mean = sum(spent, Decimal(0)) / len(spent)
    if mean <= 0:
        return _unmeasured(
            key,
            "percent",
            f"no spending was recorded in the last {len(months)} months",
            "Import the account you pay your expenses from.",
        )
    variation = _places(_sample_deviation(spent, mean) * _HUNDRED / mean)
    low, high = min(spent), max(spent)
    return _measured(
        key,
        variation,
        "percent",
        SPENDING_STABILITY,
        f"Your monthly spending varied by {_percent(variation)} around its average of"
        f" {_money(mean, currency)} over the last {len(months)} months (coefficient of"
        " variation; 15% or less is steady).",
        (
            "Even out your spending",
            f"Your spending ranged from {_money(low, currency)} to {_money(high, currency)}"
            f" a month. Spread large or irregular costs over the year: budget"
            f" {_money(mean, currency)} a month and keep what the cheaper months leave for"
            " the expensive ones.",
            None,
        ),
    )


def debt_ratio(sums: Sums, currency: str) -> Indicator:
    key: IndicatorKey = "debt_ratio"
    unmeasured = _against_income(key, sums)
    if unmeasured is not None:
        return unmeasured
    ratio = _places(sums.debt * _HUNDRED / sums.income)
    excess = sums.average(sums.debt) - sums.average(sums.income) * DEBT_LIMIT / _HUNDRED
    return _measured(
        key,
        ratio,
        "percent",
        DEBT_RATIO,
        f"Debt payments took {_percent(ratio)} of your income over the last {sums.months}"
        f" months ({_money(sums.average(sums.debt), currency)} a month); the usual limit is"
        f" {_percent(DEBT_LIMIT)}.",
        (
            "Lower your debt payments",
            f"Reduce debt payments by {_money(excess, currency)} a month to bring them under"
            f" {_percent(DEBT_LIMIT)} of your income (now {_percent(ratio)}).",
            None,
        ),
    )
