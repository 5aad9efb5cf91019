"""The two digests (pure): the active cash-flow alerts, most urgent first, and what the
user could do, most valuable first.

Alerts digest:
- Active: pending or acknowledged (GAPS: resolved is final; dismissed is not active).
- Order: severity (high, medium, low), then pending before acknowledged (not yet seen
  first), then the soonest period, then the newest, then by id; at most MAX_ALERTS.
- Chart: a doughnut of every active alert per severity, labels always high, medium,
  low in that order and their fixed colours (zeros included: the legend never moves).

Recommendations digest:
- The health indicator's recommendations and the open saving suggestions (new or
  viewed) in the main currency, in recommendations.ranked's order; at most
  MAX_RECOMMENDATIONS.
- Chart: bars of the potential monthly saving of those naming one, in the same order.
- totalPotentialSavings: the sum of the amounts drawn. The savings-rate recommendation's
  amount is a target that cutting costs counts towards, so the total is what the listed
  actions would put aside together, not a guarantee of independent savings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from services.analytics.cashflow.domain import ACTIVE, SEVERITY_RANK, Alert
from services.analytics.cashflow_charts.recommendations import (
    Recommendation,
    from_suggestion,
    ranked,
)
from services.analytics.chart_shapes import (
    INCOME_COLOR,
    OUTLINE_COLOR,
    PALETTE,
    Chart,
    Dataset,
    cents,
    chart,
)
from services.analytics.suggestions.domain import Suggestion

MAX_ALERTS: Final = 20
MAX_RECOMMENDATIONS: Final = 20
# The doughnut's labels: most severe first (cashflow.domain.SEVERITY_RANK).
SEVERITIES: Final = tuple(sorted(SEVERITY_RANK, key=SEVERITY_RANK.__getitem__))
SEVERITY_COLORS: Final = {"high": PALETTE[3], "medium": PALETTE[1], "low": PALETTE[5]}


@dataclass(frozen=True, slots=True)
class AlertsDigest:
    chart: Chart
    alerts: tuple[Alert, ...]
    total_active: int
    pending: int


def _urgency(alert: Alert) -> tuple[int, int, int, float, str]:
    return (
        SEVERITY_RANK[alert.severity],
        0 if alert.status == "pending" else 1,
        alert.period_start.toordinal(),
        -alert.created_at.timestamp(),
        str(alert.id),
    )


def alerts_digest(alerts: Iterable[Alert]) -> AlertsDigest:
    active = sorted((a for a in alerts if a.status in ACTIVE), key=_urgency)
    counts = {severity: 0 for severity in SEVERITIES}
    for alert in active:
        counts[alert.severity] += 1
    return AlertsDigest(
        chart=chart(
            "doughnut",
            SEVERITIES,
            Dataset(
                label="Active alerts",
                data=tuple(Decimal(counts[s]) for s in SEVERITIES),
                border_color=OUTLINE_COLOR,
                background_color=tuple(SEVERITY_COLORS[s] for s in SEVERITIES),
            ),
        ),
        alerts=tuple(active[:MAX_ALERTS]),
        total_active=len(active),
        pending=sum(1 for a in active if a.status == "pending"),
    )


@dataclass(frozen=True, slots=True)
class RecommendationsDigest:
    chart: Chart
    recommendations: tuple[Recommendation, ...]
    total_potential_savings: Decimal
    currency: str


def recommendations_digest(
    health: Iterable[Recommendation],
    suggestions: Sequence[Suggestion],
    currency: str,
    monthly_spending: Decimal | None,
) -> RecommendationsDigest:
    """`suggestions`: the user's open ones, any currency (only `currency`'s are listed);
    `monthly_spending`: what their priority is weighed against (recommendations.py)."""
    listed = ranked(
        [
            *health,
            *(
                from_suggestion(s, monthly_spending)
                for s in suggestions
                if s.is_open and s.finding.currency == currency
            ),
        ]
    )[:MAX_RECOMMENDATIONS]
    priced = [(r, r.potential_savings) for r in listed if r.potential_savings is not None]
    return RecommendationsDigest(
        chart=chart(
            "bar",
            [r.title for r, _ in priced],
            Dataset(
                label="Potential monthly saving",
                data=tuple(saving for _, saving in priced),
                border_color=INCOME_COLOR,
                background_color=(INCOME_COLOR,),
            ),
        ),
        recommendations=tuple(listed),
        total_potential_savings=cents(sum((saving for _, saving in priced), Decimal(0))),
        currency=currency,
    )
