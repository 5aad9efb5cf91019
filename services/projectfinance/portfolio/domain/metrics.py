"""The tenant's portfolio from its records' standings, main's projects and the
resource utilisation. Pure and exact; docs/project-finance-portfolio.md has every rule.

- Records of projects archived in main are left out of everything. A record whose
  project main no longer has is counted, with status `unknown`.
- Counts by main's status (active, on_hold, completed; planned and unknown only in the
  total) and by health bucket (healthy + at_risk + critical = total_projects).
- Averages: the plain mean over the records (CPI and SPI 4 places, the score 2); 0
  without records.
- portfolio_roi = (Σ recognized revenue - Σ actual cost) / Σ actual cost * 100, 2
  places: 0 when nothing was spent, and when the records use several currencies (no
  exchange rates: amounts in different currencies are never added).
- Totals (budget, actual cost, revenue) when every record uses one currency, else None;
  the budget per currency always.
- Performers: by health score, ties by CPI, then by project id (a stable order): the
  first TOP best first, the last TOP worst first.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

from services.projectfinance.kernel.money import Money
from services.projectfinance.kernel.project_directory import ProjectInfo
from services.projectfinance.portfolio.domain.standing import Standing
from services.projectfinance.portfolio.domain.utilization import Utilization
from services.projectfinance.records.domain.figures import AT_RISK, CRITICAL, HEALTHY

ZERO: Final = Decimal(0)
HUNDRED: Final = Decimal(100)
INDEX_PLACES: Final = Decimal("0.0001")
PLACES: Final = Decimal("0.01")
TOP: Final = 5
ARCHIVED: Final = "archived"
ACTIVE: Final = "active"
ON_HOLD: Final = "on_hold"
COMPLETED: Final = "completed"
UNKNOWN: Final = "unknown"


@dataclass(frozen=True)
class Performer:
    standing: Standing
    # Main's project; None when main no longer has it.
    project: ProjectInfo | None

    @property
    def status(self) -> str:
        return UNKNOWN if self.project is None else self.project.status


@dataclass(frozen=True)
class Totals:
    total_budget: Money
    total_actual_cost: Money
    total_revenue: Money


@dataclass(frozen=True)
class Portfolio:
    total_projects: int
    active_projects: int
    on_hold_projects: int
    completed_projects: int
    healthy_projects: int
    at_risk_projects: int
    critical_projects: int
    average_cpi: Decimal
    average_spi: Decimal
    average_health_score: Decimal
    portfolio_roi: Decimal
    top_performers: tuple[Performer, ...]
    bottom_performers: tuple[Performer, ...]
    budget_distribution: dict[str, Money]
    # None when the records use several currencies.
    totals: Totals | None
    utilization: Utilization


def _mean(values: Sequence[Decimal], places: Decimal) -> Decimal:
    if not values:
        return ZERO
    return (sum(values, ZERO) / len(values)).quantize(places, rounding=ROUND_HALF_EVEN)


def _sum(values: Iterable[Decimal]) -> Decimal:
    return sum(values, ZERO)


def return_on_investment(standings: Sequence[Standing]) -> Decimal:
    """(Σ recognized revenue - Σ actual cost) / Σ actual cost * 100 over records in one
    currency; 0 when nothing was spent or the currencies differ."""
    if len({s.currency for s in standings}) != 1:
        return ZERO
    cost = _sum(s.actual_cost for s in standings)
    if cost == 0:
        return ZERO
    gain = _sum(s.recognized_revenue for s in standings) - cost
    return (gain * HUNDRED / cost).quantize(PLACES, rounding=ROUND_HALF_EVEN)


def budget_distribution(standings: Iterable[Standing]) -> dict[str, Money]:
    """Σ total budget per currency, by currency code (sorted)."""
    budgets: dict[str, Decimal] = {}
    for s in standings:
        budgets[s.currency] = budgets.get(s.currency, ZERO) + s.total_budget
    return {code: Money(budgets[code], code) for code in sorted(budgets)}


def totals(standings: Sequence[Standing]) -> Totals | None:
    """The sums when every record uses one currency; None when they differ (or there is
    no record: no currency to state them in)."""
    currencies = {s.currency for s in standings}
    if len(currencies) != 1:
        return None
    [code] = currencies
    return Totals(
        total_budget=Money(_sum(s.total_budget for s in standings), code),
        total_actual_cost=Money(_sum(s.actual_cost for s in standings), code),
        total_revenue=Money(_sum(s.total_revenue for s in standings), code),
    )


def ranked(standings: Iterable[Standing]) -> list[Standing]:
    """Best first: by health score, ties by CPI, then by project id (stable answers)."""
    by_project = sorted(standings, key=lambda s: s.project_id)
    return sorted(by_project, key=lambda s: (s.health_score, s.cpi), reverse=True)


def portfolio(
    standings: Iterable[Standing],
    projects: Mapping[uuid.UUID, ProjectInfo],
    utilization: Utilization,
) -> Portfolio:
    """The metrics of the records' standings; `projects` are main's, by id."""
    counted = [s for s in standings if _status(projects, s) != ARCHIVED]
    statuses = [_status(projects, s) for s in counted]
    buckets = [s.bucket for s in counted]
    order = ranked(counted)

    def performers(chosen: Iterable[Standing]) -> tuple[Performer, ...]:
        return tuple(Performer(s, projects.get(s.project_id)) for s in chosen)

    return Portfolio(
        total_projects=len(counted),
        active_projects=statuses.count(ACTIVE),
        on_hold_projects=statuses.count(ON_HOLD),
        completed_projects=statuses.count(COMPLETED),
        healthy_projects=buckets.count(HEALTHY),
        at_risk_projects=buckets.count(AT_RISK),
        critical_projects=buckets.count(CRITICAL),
        average_cpi=_mean([s.cpi for s in counted], INDEX_PLACES),
        average_spi=_mean([s.spi for s in counted], INDEX_PLACES),
        average_health_score=_mean([s.health_score for s in counted], PLACES),
        portfolio_roi=return_on_investment(counted),
        top_performers=performers(order[:TOP]),
        bottom_performers=performers(reversed(order[-TOP:])),
        budget_distribution=budget_distribution(counted),
        totals=totals(counted),
        utilization=utilization,
    )


def _status(projects: Mapping[uuid.UUID, ProjectInfo], standing: Standing) -> str:
    project = projects.get(standing.project_id)
    return UNKNOWN if project is None else project.status
