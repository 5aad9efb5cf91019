"""A goal's contributions month by month (pure): the last `months` calendar months,
the current one included, oldest first; the contributions of each month (bars) and the
running total of all the goal's contributions at each month's end (a line: the
contributions before the window count too).

Only contributions are drawn: an amount set by a progress update is no contribution,
so the running total can differ from the goal's current amount.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from itertools import accumulate
from typing import Final

from services.analytics.chart_shapes import Chart, Dataset, chart, palette_color
from services.analytics.fields import checked_count
from services.analytics.goal_charts.months import MAX_MONTHS, month_labels
from services.analytics.goals.analysis import month_index
from services.analytics.goals.domain import ZERO, Goal, money

DEFAULT_MONTHS: Final = 12
CONTRIBUTIONS_COLOR: Final = palette_color(0)
RUNNING_TOTAL_COLOR: Final = palette_color(1)


def checked_months(months: int | None) -> int:
    """`months` as sent (1-MAX_MONTHS; InvalidArgument naming it otherwise), DEFAULT_MONTHS
    when not sent."""
    return checked_count(months, "months", DEFAULT_MONTHS, MAX_MONTHS)


@dataclass(frozen=True, slots=True)
class ContributionTimeline:
    goal: Goal
    chart: Chart
    # Contributed over the months shown.
    total: Decimal
    # total / months, to the cent.
    monthly_average: Decimal


def contribution_timeline(
    goal: Goal, contributions: Iterable[tuple[date, Decimal]], months: int, today: date
) -> ContributionTimeline:
    first = month_index(today) - months + 1
    per_month: dict[int, Decimal] = defaultdict(lambda: ZERO)
    before = ZERO
    for day, amount in contributions:
        index = month_index(day)
        if index < first:
            before += amount
        else:
            per_month[index] += amount
    bars = tuple(per_month[first + i] for i in range(months))
    running = tuple(accumulate(bars, initial=before))[1:]
    contributed = sum(bars, ZERO)
    timeline = chart(
        "bar",
        month_labels(first, months),
        Dataset(
            "Contributions",
            bars,
            border_color=CONTRIBUTIONS_COLOR,
            background_color=(CONTRIBUTIONS_COLOR,),
        ),
        Dataset(
            "Running total",
            running,
            type="line",
            border_color=RUNNING_TOTAL_COLOR,
            background_color=(RUNNING_TOTAL_COLOR,),
        ),
    )
    return ContributionTimeline(goal, timeline, contributed, money(contributed / months))
